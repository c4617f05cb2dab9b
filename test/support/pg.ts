// PostgreSQL for tests: ACI_TEST_PG_URL (set by .ci/run through .ci/postgres.sh), one fresh database per suite.
// Without the URL the suites skip locally, but under CI they run and fail, so CI can never skip them silently.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** The admin URL of the test server, if any. */
export const PG_URL = process.env.ACI_TEST_PG_URL?.trim() || undefined;

/** Skip only on a developer machine without PostgreSQL; under CI a missing server is a failure. */
export const PG_SKIP = PG_URL === undefined && !process.env.CI;

/** The admin URL, or a failure explaining how to get one. */
export function requirePgUrl(): string {
  if (PG_URL === undefined)
    throw new Error(
      "ACI_TEST_PG_URL is not set, and CI is: start PostgreSQL with `.ci/postgres.sh start` and export its URL",
    );
  return PG_URL;
}

/** A fresh, empty database on the test server, and how to drop it. */
export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  /** Runs SQL as the admin in this database. */
  query(sql: string, params?: unknown[]): Promise<pg.QueryResultRow[]>;
  drop(): Promise<void>;
}

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const admin = requirePgUrl();
  const name = `aci_test_${label.replace(/[^a-z0-9]/g, "_")}_${randomBytes(4).toString("hex")}`;
  const server = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 10_000 });
  await server.connect();
  try {
    await server.query(`CREATE DATABASE ${name}`);
  } finally {
    await server.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2, connectionTimeoutMillis: 10_000 });
  pool.on("error", () => undefined);
  return {
    url: url.toString(),
    name,
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
