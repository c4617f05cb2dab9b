// High-risk calls, approval requests, decisions and executions → append-only JSON lines in `<stateDir>/audit.jsonl`.
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";
import type { Redactor } from "./redact.js";

/** What happened. */
export type AuditEvent = "call" | "approval_requested" | "approved" | "rejected" | "executed";

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
}

/** Appends audit records; never throws (an unwritable log must not break a call). */
export interface AuditLog {
  readonly path: string;
  append(record: Omit<AuditRecord, "ts">): Promise<void>;
}

/** The audit file under a state dir. */
export const auditPath = (stateDir: string): string => join(stateDir, "audit.jsonl");

/**
 * An audit log writing one redacted JSON line per record with a single O_APPEND write, so concurrent
 * writers (the server and the operator command) never interleave inside a line.
 */
export function createAuditLog(stateDir: string, redact: Redactor): AuditLog {
  const path = auditPath(stateDir);
  let ready: Promise<unknown> | undefined;
  return {
    path,
    async append(record) {
      try {
        ready ??= mkdir(stateDir, { recursive: true, mode: 0o700 });
        await ready;
        const line = `${JSON.stringify(redact({ ts: new Date().toISOString(), ...record }))}\n`;
        const handle = await open(path, "a", 0o600);
        try {
          await handle.write(line);
        } finally {
          await handle.close();
        }
      } catch {
        ready = undefined;
      }
    },
  };
}
