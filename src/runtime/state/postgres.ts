// PostgreSQL state store (many replicas): versioned schema, compare-and-set transitions, advisory-lock leases, audit.
import { randomUUID } from "node:crypto";
import type { Pool, PoolClient, QueryResultRow } from "pg";
import { isRequestId } from "../approval/store.js";
import { replicaName } from "./file.js";
import type {
  ApprovalRecord,
  ApprovalState,
  AuditEntry,
  AuditRecord,
  Change,
  ConsoleSession,
  Lease,
  NewApproval,
  StateStore,
} from "./types.js";

/** Options of {@link createPostgresStore}. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (`PREFIX_STATE_URL`). */
  readonly url: string;
  /** The toolset whose requests these are; several toolsets may share one database. */
  readonly toolset: string;
  /** Schema holding the tables; default `aci`. */
  readonly schema?: string;
  /** Connections per process; default 10. */
  readonly poolSize?: number;
}

/** Loaded only when a state URL is set (a non-literal specifier also keeps bundlers from splitting it out). */
const PG_MODULE = "pg";

/** First key of every advisory lock this store takes ("aci1"); the second is `hashtext(request id)`. */
const LOCK_NAMESPACE = 0x61636931;
/** First key of the transaction lock that serialises a toolset's audit appends; the second is `hashtext(toolset)`. */
const AUDIT_LOCK_NAMESPACE = 0x61636932;
/** Second key of the lock that serialises migrations. */
const MIGRATION_LOCK = 0;

/** Schema migrations, applied in order, each once, in one transaction under an advisory lock. Append only. */
export const MIGRATIONS: readonly {
  readonly version: number;
  readonly name: string;
  readonly sql: (schema: string) => string;
}[] = [
  {
    version: 1,
    name: "approvals and audit",
    sql: (s) => `
      CREATE TABLE ${s}.approvals (
        id uuid PRIMARY KEY,
        toolset text NOT NULL,
        tool text NOT NULL,
        args jsonb NOT NULL,
        display_args jsonb NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'approved', 'executing', 'done', 'failed', 'rejected')),
        result jsonb,
        reason text,
        decided_by text,
        claimed_by text,
        claimed_at timestamptz,
        attempt integer NOT NULL DEFAULT 0 CHECK (attempt IN (0, 1)),
        resolved_by text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      COMMENT ON COLUMN ${s}.approvals.args
        IS 'The real arguments of the gated call: a secret. display_args holds them redacted.';
      CREATE INDEX approvals_toolset_created ON ${s}.approvals (toolset, created_at);
      CREATE TABLE ${s}.audit (
        id bigserial PRIMARY KEY,
        ts timestamptz NOT NULL DEFAULT clock_timestamp(),
        toolset text NOT NULL,
        event text NOT NULL,
        tool text NOT NULL,
        request_id uuid,
        record jsonb NOT NULL
      );
      CREATE INDEX audit_toolset_id ON ${s}.audit (toolset, id);
      CREATE INDEX audit_request ON ${s}.audit (request_id) WHERE request_id IS NOT NULL;`,
  },
  {
    version: 2,
    name: "approval trace context",
    sql: (s) => `ALTER TABLE ${s}.approvals ADD COLUMN trace_context jsonb;`,
  },
  {
    version: 3,
    name: "resolved targets and console sessions",
    sql: (s) => `
      ALTER TABLE ${s}.approvals ADD COLUMN resolved jsonb;
      CREATE TABLE ${s}.sessions (
        id_hash text PRIMARY KEY,
        toolset text NOT NULL,
        operator text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      COMMENT ON COLUMN ${s}.sessions.id_hash
        IS 'SHA-256 of the console session cookie: the cookie itself is never stored.';
      CREATE INDEX sessions_expiry ON ${s}.sessions (expires_at);`,
  },
  {
    version: 4,
    name: "approval origin",
    sql: (s) => `ALTER TABLE ${s}.approvals ADD COLUMN origin text;`,
  },
];

/**
 * One audit insert: under a transaction lock per toolset, the time is read after the lock is held and the id drawn
 * after that, so ids (the log's order) and times agree across replicas; the record's `ts` is that same time.
 */
const APPEND_AUDIT = (s: string): string => `
  WITH locked AS (SELECT pg_advisory_xact_lock($1, hashtext($2))),
    stamped AS (SELECT clock_timestamp() AS ts FROM locked)
  INSERT INTO ${s}.audit (ts, toolset, event, tool, request_id, record)
  SELECT stamped.ts, $2, $3, $4, $5,
    $6::jsonb || jsonb_build_object('ts', to_char(stamped.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM stamped
  RETURNING record`;

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://…";
  }
}

const iso = (value: unknown): string | undefined =>
  value instanceof Date ? value.toISOString() : typeof value === "string" ? value : undefined;

function rowToRecord(row: QueryResultRow): ApprovalRecord {
  const optional = (key: string, value: unknown) => (value === null || value === undefined ? {} : { [key]: value });
  return {
    id: row.id,
    tool: row.tool,
    arguments: row.display_args,
    ...optional("resolved", row.resolved),
    createdAt: iso(row.created_at) ?? "",
    state: row.state,
    updatedAt: iso(row.updated_at) ?? "",
    ...optional("reason", row.reason),
    ...optional("result", row.result),
    ...optional("decidedBy", row.decided_by),
    ...optional("claimedBy", row.claimed_by),
    ...optional("claimedAt", iso(row.claimed_at)),
    ...(row.attempt > 0 ? { attempt: row.attempt } : {}),
    ...optional("resolvedBy", row.resolved_by),
    ...optional("traceContext", row.trace_context),
    ...optional("origin", row.origin),
    ...(row.interrupted === true ? { interrupted: true } : {}),
  };
}

/**
 * The PostgreSQL store (`PREFIX_STATE_URL`). Correctness: every transition is one `UPDATE … WHERE state = ANY(from)`,
 * so of concurrent claimers exactly one moves `approved` to `executing` (the others re-check the committed row and
 * match nothing). Liveness: a lease is a session advisory lock held on its own connection; PostgreSQL drops it when
 * the holder's connection ends, so an `executing` row whose lock nobody holds reads as interrupted — and stays
 * `executing` until an operator resolves it. Nothing ever re-runs it.
 */
export function createPostgresStore(options: PostgresStoreOptions): StateStore {
  const schema = options.schema ?? "aci";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`state store schema must be a lower-case SQL identifier, got \`${schema}\``);
  const location = redactUrl(options.url);
  const replica = replicaName();
  const columns = `a.*, (a.state = 'executing' AND NOT EXISTS (
      SELECT 1 FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid::bigint = ${LOCK_NAMESPACE}
        AND l.objid::bigint = (hashtext(a.id::text)::bigint & 4294967295))) AS interrupted`;
  let opened: Promise<Pool> | undefined;

  async function open(): Promise<Pool> {
    const { default: pg } = (await import(PG_MODULE)) as typeof import("pg");
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      allowExitOnIdle: true,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: `aci:${options.toolset}`,
      // A replica that vanishes without closing its connection loses its leases within about a minute.
      options: "-c tcp_keepalives_idle=30 -c tcp_keepalives_interval=10 -c tcp_keepalives_count=3",
    });
    pool.on("error", () => undefined);
    // A checked-out client's connection error must not crash the process; one listener per client, however often it is
    // reused.
    pool.on("connect", (client) => void client.on("error", () => undefined));
    try {
      await migrate(pool, schema);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new Error(`state store ${location}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return pool;
  }

  const pool = (): Promise<Pool> => {
    opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };

  async function query(sql: string, params: readonly unknown[] = []): Promise<QueryResultRow[]> {
    return (await (await pool()).query(sql, params as unknown[])).rows;
  }

  async function get(id: string): Promise<ApprovalRecord | undefined> {
    if (!isRequestId(id)) return undefined;
    const [row] = await query(`SELECT ${columns} FROM ${schema}.approvals a WHERE a.id = $1 AND a.toolset = $2`, [
      id,
      options.toolset,
    ]);
    return row === undefined ? undefined : rowToRecord(row);
  }

  async function transition(
    id: string,
    from: readonly ApprovalState[],
    change: Change,
  ): Promise<ApprovalRecord | undefined> {
    const executing = change.state === "executing";
    const [row] = await query(
      `UPDATE ${schema}.approvals SET
         state = $3,
         reason = COALESCE($4, reason),
         result = COALESCE($5::jsonb, result),
         decided_by = COALESCE($6, decided_by),
         resolved_by = COALESCE($7, resolved_by),
         claimed_by = CASE WHEN $8 THEN $9 ELSE claimed_by END,
         claimed_at = CASE WHEN $8 THEN clock_timestamp() ELSE claimed_at END,
         attempt = attempt + CASE WHEN $8 THEN 1 ELSE 0 END,
         updated_at = clock_timestamp()
       WHERE id = $1 AND toolset = $2 AND state = ANY($10::text[])
       RETURNING *`,
      [
        id,
        options.toolset,
        change.state,
        change.reason ?? null,
        change.result === undefined ? null : JSON.stringify(change.result),
        change.decidedBy ?? null,
        change.resolvedBy ?? null,
        executing,
        replica,
        [...from],
      ],
    );
    return row === undefined ? undefined : rowToRecord(row);
  }

  /** A session advisory lock on its own connection, taken without waiting; undefined when another session holds it. */
  async function lock(id: string): Promise<PoolClient | undefined> {
    const client = await (await pool()).connect();
    try {
      const { rows } = await client.query("SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked", [
        LOCK_NAMESPACE,
        id,
      ]);
      if (rows[0]?.locked === true) return client;
      client.release();
      return undefined;
    } catch (error) {
      client.release(true);
      throw error;
    }
  }

  return {
    kind: "postgres",
    location,
    replica,
    ready: async () => void (await pool()),
    async create(init: NewApproval) {
      const [row] = await query(
        `INSERT INTO ${schema}.approvals (id, toolset, tool, args, display_args, state, trace_context, resolved, origin)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 'pending', $6::jsonb, $7::jsonb, $8) RETURNING *`,
        [
          randomUUID(),
          options.toolset,
          init.tool,
          JSON.stringify(init.arguments),
          JSON.stringify(init.redacted),
          init.traceContext === undefined ? null : JSON.stringify(init.traceContext),
          init.resolved === undefined ? null : JSON.stringify(init.resolved),
          init.origin ?? null,
        ],
      );
      return rowToRecord(row as QueryResultRow);
    },
    get,
    async list() {
      return (
        await query(`SELECT ${columns} FROM ${schema}.approvals a WHERE a.toolset = $1 ORDER BY a.created_at, a.id`, [
          options.toolset,
        ])
      ).map(rowToRecord);
    },
    async acquire(id) {
      if ((await get(id)) === undefined) return undefined;
      const client = await lock(id);
      if (client === undefined) return undefined;
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        try {
          await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [LOCK_NAMESPACE, id]);
          client.release();
        } catch {
          client.release(true);
        }
      };
      const record = await get(id).catch(async (error: unknown) => (await release(), Promise.reject(error)));
      if (record === undefined) return (await release(), undefined);
      const lease: Lease = {
        record,
        transition: (from, change) => transition(id, from, change),
        async arguments() {
          const [row] = await query(`SELECT args FROM ${schema}.approvals WHERE id = $1 AND toolset = $2`, [
            id,
            options.toolset,
          ]);
          return (row?.args as Record<string, unknown> | undefined) ?? {};
        },
        release,
      };
      return lease;
    },
    async appendAudit(entry: AuditEntry) {
      const [row] = await query(APPEND_AUDIT(schema), [
        AUDIT_LOCK_NAMESPACE,
        options.toolset,
        entry.event,
        entry.tool,
        entry.request_id !== undefined && isRequestId(entry.request_id) ? entry.request_id : null,
        JSON.stringify(entry),
      ]);
      return row?.record as AuditRecord;
    },
    async readAudit() {
      return (await query(`SELECT record FROM ${schema}.audit WHERE toolset = $1 ORDER BY id`, [options.toolset])).map(
        (row) => row.record as AuditRecord,
      );
    },
    async createSession(session: ConsoleSession) {
      await query(
        `INSERT INTO ${schema}.sessions (id_hash, toolset, operator, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id_hash) DO NOTHING`,
        [session.idHash, options.toolset, session.operator, session.expiresAt],
      );
    },
    async getSession(idHash: string, now: number) {
      await query(`DELETE FROM ${schema}.sessions WHERE expires_at <= $1`, [new Date(now).toISOString()]);
      const [row] = await query(
        `SELECT operator, expires_at FROM ${schema}.sessions WHERE id_hash = $1 AND toolset = $2`,
        [idHash, options.toolset],
      );
      if (row === undefined) return undefined;
      return { idHash, operator: String(row.operator), expiresAt: iso(row.expires_at) ?? "" };
    },
    async deleteSession(idHash: string) {
      await query(`DELETE FROM ${schema}.sessions WHERE id_hash = $1 AND toolset = $2`, [idHash, options.toolset]);
    },
    async close() {
      const current = opened;
      opened = undefined;
      if (current !== undefined) await (await current.catch(() => undefined))?.end();
    },
  };
}

/** Creates the schema and applies every migration newer than the database's version, one replica at a time. */
async function migrate(pool: Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1, $2)", [LOCK_NAMESPACE, MIGRATION_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.migrations (version integer PRIMARY KEY, name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
    );
    const { rows } = await client.query(`SELECT COALESCE(max(version), 0) AS version FROM ${schema}.migrations`);
    const current = Number(rows[0]?.version ?? 0);
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    if (current > latest)
      throw new Error(
        `the database schema is at version ${current}, newer than this package knows (${latest}); upgrade the package`,
      );
    for (const migration of MIGRATIONS.filter((m) => m.version > current)) {
      await client.query(migration.sql(schema));
      await client.query(`INSERT INTO ${schema}.migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
