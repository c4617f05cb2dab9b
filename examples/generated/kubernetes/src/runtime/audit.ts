// High-risk calls, approval requests, decisions and executions → the state store's audit log (`<stateDir>/audit.jsonl` or a PostgreSQL table).
import { mkdir, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Redactor } from "./redact.js";
import type { StateStore } from "./state/types.js";

/** What happened. */
export type AuditEvent = "call" | "approval_requested" | "approved" | "rejected" | "executed" | "resolved";

/** One line of the audit log. */
export interface AuditRecord {
  readonly ts: string;
  readonly event: AuditEvent;
  readonly tool: string;
  readonly request_id?: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** `ok`, an error code, `pending`, `approved`, `rejected`, … */
  readonly outcome: string;
  /** HTTP status of a failed call, when there was one. */
  readonly status?: number;
  readonly reason?: string;
  /** Who decided: `operator`, `auto`, `elicitation` or `callback`. */
  readonly by?: string;
  /** The replica (`host:pid`) that wrote the record. */
  readonly replica?: string;
}

/** Appends audit records; never throws (an unwritable log must not break a call). */
export interface AuditLog {
  /** Where the log lives: the file, or the database table. */
  readonly path: string;
  append(record: Omit<AuditRecord, "ts">): Promise<void>;
}

/** The audit file under a state dir. */
export const auditPath = (stateDir: string): string => join(stateDir, "audit.jsonl");

/**
 * Appends one JSON line with a single O_APPEND write, so concurrent writers (the server and the operator command)
 * never interleave inside a line.
 */
export async function appendAuditLine(stateDir: string, record: AuditRecord): Promise<void> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const handle = await open(auditPath(stateDir), "a", 0o600);
  try {
    await handle.write(`${JSON.stringify(record)}\n`);
  } finally {
    await handle.close();
  }
}

/** Every record of an audit file, oldest first; a torn or foreign line is skipped. */
export async function readAuditLines(stateDir: string): Promise<AuditRecord[]> {
  const text = await readFile(auditPath(stateDir), "utf8").catch(() => "");
  return text.split("\n").flatMap((line) => {
    try {
      return line.trim() === "" ? [] : [JSON.parse(line) as AuditRecord];
    } catch {
      return [];
    }
  });
}

/**
 * An audit log writing one redacted record per append to the state store (a state dir path means the file store's
 * `audit.jsonl`). Failures are swallowed: the call itself has already happened.
 */
export function createAuditLog(target: string | StateStore, redact: Redactor): AuditLog {
  const append = typeof target === "string" ? (record: AuditRecord) => appendAuditLine(target, record) : (record: AuditRecord) => target.appendAudit(record);
  const replica = typeof target === "string" ? undefined : target.replica;
  return {
    path: typeof target === "string" ? auditPath(target) : target.kind === "file" ? auditPath(target.location) : `${target.location} (table aci.audit)`,
    async append(record) {
      try {
        await append(redact({ ts: new Date().toISOString(), ...record, ...(replica === undefined ? {} : { replica }) }));
      } catch {
        // An unwritable log must not turn a completed call into a failure.
      }
    },
  };
}
