// PostgreSQL store specifics: versioned migrations under concurrent starts, a newer schema refused, readable connection
// errors without the password, toolsets isolated in one database, and the database itself refusing a second execution.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresStore, MIGRATIONS, redactUrl, type StateStore } from "../../src/runtime/state/index.js";
import { createTestDatabase, PG_SKIP, type TestDatabase } from "../support/pg.js";

const NEW = { tool: "t", arguments: { a: 1 }, redacted: { a: 1 } };

describe.skipIf(PG_SKIP)("postgres state store", () => {
  let db: TestDatabase;
  const opened: StateStore[] = [];
  const store = (toolset = "shop", url = db.url) => {
    const s = createPostgresStore({ url, toolset });
    opened.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await createTestDatabase("pgstore");
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await db?.drop();
  }, 60_000);

  it("five replicas starting at once migrate the schema once, to the latest version", async () => {
    await Promise.all(Array.from({ length: 5 }, () => store().ready()));
    const versions = await db.query("SELECT version, name FROM aci.migrations ORDER BY version");
    expect(versions.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    const tables = await db.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'aci' ORDER BY table_name",
    );
    expect(tables.map((r) => r.table_name)).toEqual(["approvals", "audit", "migrations", "sessions"]);
    await store().ready();
    expect(await db.query("SELECT count(*)::int AS n FROM aci.migrations")).toEqual([{ n: MIGRATIONS.length }]);
  });

  it("keeps toolsets apart in one database", async () => {
    const shop = store("shop");
    const other = store("other");
    const record = await shop.create(NEW);
    expect(await other.get(record.id)).toBeUndefined();
    expect((await other.list()).map((r) => r.id)).not.toContain(record.id);
    expect(await other.acquire(record.id, "approve")).toBeUndefined();
  });

  it("a pooled connection reused for many leases keeps one error listener (no listener leak in a long-running server)", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const shop = createPostgresStore({ url: db.url, toolset: "shop", poolSize: 2 });
      opened.push(shop);
      const record = await shop.create(NEW);
      for (let i = 0; i < 30; i++) await (await shop.acquire(record.id, "reject"))?.release();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w.includes("MaxListenersExceeded"))).toEqual([]);
  });

  it("the table refuses a second execution even past the store (attempt is at most 1) and unknown states", async () => {
    const shop = store();
    const record = await shop.create(NEW);
    await db.query("UPDATE aci.approvals SET state = 'executing', attempt = attempt + 1 WHERE id = $1", [record.id]);
    await expect(db.query("UPDATE aci.approvals SET attempt = attempt + 1 WHERE id = $1", [record.id])).rejects.toThrow(
      /check constraint/,
    );
    await expect(db.query("UPDATE aci.approvals SET state = 'retrying' WHERE id = $1", [record.id])).rejects.toThrow(
      /check constraint/,
    );
  });

  it("a database whose schema is newer than the package is refused at start", async () => {
    const newer = await createTestDatabase("newer");
    try {
      const first = createPostgresStore({ url: newer.url, toolset: "shop" });
      await first.ready();
      await first.close();
      await newer.query("INSERT INTO aci.migrations (version, name) VALUES (99, 'from the future')");
      const late = createPostgresStore({ url: newer.url, toolset: "shop" });
      await expect(late.ready()).rejects.toThrow(/version 99, newer than this package knows/);
      await late.close();
    } finally {
      await newer.drop();
    }
  });

  it("an unreachable database is a readable error without the password", async () => {
    const url = "postgres://aci:hunter2-secret@127.0.0.1:9/nowhere";
    const unreachable = createPostgresStore({ url, toolset: "shop" });
    const error = await unreachable.ready().then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toContain("postgres://aci:***@127.0.0.1:9/nowhere");
    expect(error?.message).not.toContain("hunter2");
    expect(redactUrl(url)).toBe("postgres://aci:***@127.0.0.1:9/nowhere");
  });
});
