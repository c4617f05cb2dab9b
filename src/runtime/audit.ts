// High-risk calls, approval requests, decisions, executions → the state store's audit log (audit.jsonl or a table).
import { mkdir, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Redactor } from "./redact.js";
import { withFileLock } from "./state/file-lock.js";
import type { AuditEntry, AuditRecord, StateStore } from "./state/types.js";

/** Appends audit records; never throws (an unwritable log must not break a call). */
export interface AuditLog {
  /** Where the log lives: the file, or the database table. */
  readonly path: string;
  append(record: AuditEntry): Promise<void>;
}

/** The audit file under a state dir. */
export const auditPath = (stateDir: string): string => join(stateDir, "audit.jsonl");

/**
 * `now`, or the last time this process stamped in `stateDir` when the clock went back: a log never goes back in time.
 */
function stamper(): (stateDir: string) => string {
  const last = new Map<string, string>();
  return (stateDir) => {
    const now = new Date().toISOString();
    const previous = last.get(stateDir);
    const ts = previous !== undefined && previous > now ? previous : now;
    last.set(stateDir, ts);
    return ts;
  };
}

const stamp = stamper();
const queues = new Map<string, Promise<unknown>>();

async function writeLine(stateDir: string, entry: AuditEntry): Promise<AuditRecord> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  return withFileLock(`${auditPath(stateDir)}.lock`, async () => {
    const handle = await open(auditPath(stateDir), "a", 0o600);
    try {
      const record: AuditRecord = { ts: stamp(stateDir), ...entry };
      await handle.write(`${JSON.stringify(record)}\n`);
      return record;
    } finally {
      await handle.close();
    }
  });
}

/**
 * Appends one JSON line with a single O_APPEND write, its time taken once this writer holds the log's lock file
 * (appends of one process also queue), so concurrent writers (the server and the operator command) never interleave
 * inside a line and the file's order and its timestamps agree.
 */
export function appendAuditLine(stateDir: string, entry: AuditEntry): Promise<AuditRecord> {
  const written = (queues.get(stateDir) ?? Promise.resolve()).then(() => writeLine(stateDir, entry));
  const tail = written.catch(() => undefined);
  queues.set(stateDir, tail);
  void tail.then(() => queues.get(stateDir) === tail && queues.delete(stateDir));
  return written;
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
  const append =
    typeof target === "string"
      ? (entry: AuditEntry) => appendAuditLine(target, entry)
      : (entry: AuditEntry) => target.appendAudit(entry);
  const replica = typeof target === "string" ? undefined : target.replica;
  return {
    path:
      typeof target === "string"
        ? auditPath(target)
        : target.kind === "file"
          ? auditPath(target.location)
          : `${target.location} (table aci.audit)`,
    async append(record) {
      try {
        await append(redact({ ...record, ...(replica === undefined ? {} : { replica }) }));
      } catch {
        // An unwritable log must not turn a completed call into a failure.
      }
    },
  };
}
