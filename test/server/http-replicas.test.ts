// Two replicas of a compiled generated package serving MCP over HTTP against one PostgreSQL, a real upstream on
// loopback counting calls: concurrent approvals from both replicas → one upstream call; an executor SIGKILLed
// mid-call → interrupted via `approvals.js show`, never re-run; one ordered audit record per event.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ROOT, runNode, stopChild, type ProcessResult } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";
import { MIGRATIONS } from "../../src/runtime/state/index.js";
import { createTestDatabase, PG_SKIP, type TestDatabase } from "../support/pg.js";

const PETSTORE = {
  spec: join(ROOT, "examples/specs/petstore.oas31.yaml"),
  goals: join(ROOT, "examples/goals/petstore.goals.yaml"),
};
const PKG = packageDir(PETSTORE);
const TOKEN = "replica-test-token-5f1c";
const API_KEY = "upstream-api-key-93ad";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The API behind the replicas: counts DELETE /store/order/:id calls; in `hang` mode it never answers them. */
class Upstream {
  readonly calls: string[] = [];
  mode: "ok" | "hang" = "ok";
  private readonly hanging: ServerResponse[] = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      if (req.method !== "DELETE") return void res.writeHead(404).end();
      this.calls.push(`${req.method} ${req.url} ${req.headers.api_key === API_KEY ? "key" : "no-key"}`);
      if (this.mode === "hang") return void this.hanging.push(res);
      res.writeHead(204).end();
    });
    await new Promise<void>((done) => this.server?.listen(0, "127.0.0.1", done));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server === undefined ? done() : this.server.close(() => done())));
  }
}

/** A replica: `node dist/server.js --http 0`, its URL read from its log (within 30 s). */
interface Replica {
  readonly child: ChildProcess;
  readonly url: string;
  readonly client: Client;
  log(): string;
}

function startReplica(env: Record<string, string>): Promise<Omit<Replica, "client">> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(PKG, "dist/server.js"), "--http", "0"], {
      env,
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    const timer = setTimeout(() => (child.kill("SIGKILL"), fail(new Error(`replica did not start:\n${log}`))), 30_000);
    child.stderr?.on("data", (d: Buffer) => {
      log += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(log)?.[1];
      if (url !== undefined) clearTimeout(timer), done({ child, url, log: () => log });
    });
    child.on("exit", (code) => (clearTimeout(timer), fail(new Error(`replica exited (${code}):\n${log}`))));
  });
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "replica-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
    { timeout: 20_000 },
  );
  return client;
}

const payload = (result: CallToolResult): Record<string, unknown> =>
  JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;

async function eventually(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

describe.skipIf(PG_SKIP)("two replicas over HTTP, one PostgreSQL", () => {
  let db: TestDatabase;
  const upstream = new Upstream();
  const replicas: Replica[] = [];
  const strays: ChildProcess[] = [];
  let env: Record<string, string>;
  let stateDir: string;

  /** The operator command as run on a replica (`kubectl exec …`): the replicas' own environment, so the same database. */
  const approvals = (args: string[]): Promise<ProcessResult> =>
    runNode([join(PKG, "dist/approvals.js"), ...args], env, 30_000);

  beforeAll(async () => {
    const built = builtPackage(PETSTORE);
    db = await createTestDatabase("replicas");
    await upstream.start();
    await built;
    stateDir = mkdtempSync(join(tmpdir(), "aci-replicas-"));
    env = {
      PATH: process.env.PATH ?? "",
      PETSTORE_BASE_URL: upstream.url,
      PETSTORE_API_KEY: API_KEY,
      PETSTORE_STATE_URL: db.url,
      PETSTORE_STATE_DIR: stateDir,
      PETSTORE_SERVER_TOKEN: TOKEN,
    };
    for (const started of await Promise.all([startReplica(env), startReplica(env)]))
      replicas.push({ ...started, client: await connect(started.url) });
  }, 180_000);

  afterAll(async () => {
    for (const child of strays) child.kill("SIGKILL");
    await Promise.all(
      replicas.map(async (r) => (await r.client.close().catch(() => undefined), await stopChild(r.child))),
    );
    await upstream.stop();
    await db?.drop();
    if (stateDir !== undefined) rmSync(stateDir, { recursive: true, force: true });
  }, 60_000);

  it("both replicas are distinct processes on loopback that migrated one schema", async () => {
    const [a, b] = replicas;
    expect(a?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(a?.child.pid).not.toBe(b?.child.pid);
    expect(a?.url).not.toBe(b?.url);
    expect(a?.log()).toContain("state: postgres");
    expect(await db.query("SELECT version FROM aci.migrations ORDER BY version")).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version })),
    );
    expect((await a!.client.listTools()).tools.map((t) => t.name)).toContain("cancel_order");
  });

  it("a request recorded on one replica, approved many times at once from both, calls the API exactly once", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const pending = payload(
      (await a.client.callTool({ name: "cancel_order", arguments: { order_id: 1001 } })) as CallToolResult,
    );
    expect(pending).toMatchObject({ status: "pending_approval" });
    const id = String(pending.request_id);
    expect(
      payload((await b.client.callTool({ name: "cancel_order", arguments: { request_id: id } })) as CallToolResult),
    ).toMatchObject({ status: "pending_approval", request_id: id });
    expect((await approvals(["list"])).stdout).toMatch(new RegExp(`${id}\\s+pending\\s+cancel_order`));
    expect(upstream.calls).toEqual([]);

    const results = await Promise.all(Array.from({ length: 8 }, () => approvals(["approve", id])));
    expect(upstream.calls).toEqual(["DELETE /store/order/1001 key"]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 3, 3, 3, 3, 3, 3, 3]);

    const outcome = (await b.client.callTool({
      name: "cancel_order",
      arguments: { request_id: id },
    })) as CallToolResult;
    expect(outcome.isError).toBeFalsy();
    expect(payload(outcome)).not.toHaveProperty("status", "pending_approval");
    const audit = (await approvals(["audit"])).stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { event: string; request_id?: string; replica?: string });
    expect(audit.filter((r) => r.request_id === id).map((r) => r.event)).toEqual([
      "approval_requested",
      "approved",
      "executed",
    ]);
    const rows = await db.query("SELECT id, event FROM aci.audit WHERE request_id = $1 ORDER BY id", [id]);
    expect(rows.map((r) => r.event)).toEqual(["approval_requested", "approved", "executed"]);
    expect(JSON.stringify(audit)).not.toContain(API_KEY);
    expect(JSON.stringify(await db.query("SELECT display_args, result FROM aci.approvals"))).not.toContain(API_KEY);
  }, 120_000);

  it("an executor killed mid-call leaves the request interrupted — shown by approvals.js, never re-run — until an operator resolves it", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const pending = payload(
      (await b.client.callTool({ name: "cancel_order", arguments: { order_id: 2002 } })) as CallToolResult,
    );
    const id = String(pending.request_id);
    upstream.mode = "hang";
    const before = upstream.calls.length;
    const executor = spawn(process.execPath, [join(PKG, "dist/approvals.js"), "approve", id], {
      env,
      cwd: ROOT,
      stdio: "ignore",
    });
    strays.push(executor);
    await eventually(() => upstream.calls.length > before, 20_000, "the approved call reaching the API");
    const running = await approvals(["show", id]);
    expect(running.stdout).toContain('"state": "executing"');
    expect(running.stdout).toContain(`executing on`);
    expect((await approvals(["resolve", id, "--failed"])).code).toBe(3);

    const exited = new Promise((done) => executor.once("exit", done));
    executor.kill("SIGKILL");
    await exited;
    upstream.mode = "ok";
    let shown: ProcessResult | undefined;
    await eventually(
      async () => (shown = await approvals(["show", id])).stdout.includes("interrupted:"),
      15_000,
      "the request showing as interrupted",
    );
    expect(shown?.stdout).toContain(`:${executor.pid} started executing it at`);
    expect((await approvals(["list"])).stdout).toMatch(new RegExp(`${id}\\s+interrupted\\s+cancel_order`));

    const again = await Promise.all([approvals(["approve", id]), approvals(["approve", id])]);
    expect(again.map((r) => r.code)).toEqual([3, 3]);
    // Whichever approver takes the lease first finds the request interrupted; the other may find that lease held.
    expect(again.some((r) => r.stderr.includes("interrupted"))).toBe(true);
    for (const r of again) expect(r.stderr).toMatch(/interrupted|being decided or executed by another process/);
    const lookup = payload(
      (await a.client.callTool({ name: "cancel_order", arguments: { request_id: id } })) as CallToolResult,
    );
    expect(lookup).toMatchObject({ error: { code: "UPSTREAM_ERROR", retryable: false } });
    expect(String((lookup.error as { message: string }).message)).toContain("will not be re-run");
    await sleep(300);
    expect(upstream.calls.filter((c) => c.includes("/2002"))).toHaveLength(1);

    const resolved = await approvals(["resolve", id, "--failed", "--reason", "order 2002 still open upstream"]);
    expect(resolved.code).toBe(0);
    expect(
      payload((await b.client.callTool({ name: "cancel_order", arguments: { request_id: id } })) as CallToolResult),
    ).toMatchObject({ error: { message: expect.stringContaining("order 2002 still open upstream") } });
    const events = (await db.query("SELECT event, record FROM aci.audit WHERE request_id = $1 ORDER BY id", [id])).map(
      (r) => [r.event, r.record.outcome],
    );
    expect(events).toEqual([
      ["approval_requested", "pending"],
      ["approved", "approved"],
      ["resolved", "failed"],
    ]);
    expect(upstream.calls.filter((c) => c.includes("/2002"))).toHaveLength(1);
  }, 120_000);

  it("a replica killed outright leaves the others serving the same state", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const pending = payload(
      (await a.client.callTool({ name: "cancel_order", arguments: { order_id: 3003 } })) as CallToolResult,
    );
    a.child.kill("SIGKILL");
    await eventually(() => a.child.exitCode !== null || a.child.signalCode !== null, 10_000, "replica a exiting");
    expect(
      payload(
        (await b.client.callTool({
          name: "cancel_order",
          arguments: { request_id: String(pending.request_id) },
        })) as CallToolResult,
      ),
    ).toMatchObject({ status: "pending_approval" });
    expect((await approvals(["reject", String(pending.request_id), "--reason", "test"])).code).toBe(0);
    expect(upstream.calls.filter((c) => c.includes("/3003"))).toEqual([]);
  }, 60_000);
});
