// File state store (one host): a JSON record per request, real arguments apart (0600), claim-file leases, audit.jsonl.
import { randomUUID } from "node:crypto";
import { mkdir, readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { appendAuditLine, readAuditLines } from "../audit.js";
import { claimRequest, processAlive } from "../approval/claim.js";
import { ensureQueue, isRequestId, readJson, recordIds, requestFiles, writeJsonAtomic } from "../approval/store.js";
import type {
  ApprovalRecord,
  ApprovalState,
  AuditEntry,
  ConsoleSession,
  Change,
  Lease,
  LeaseIntent,
  NewApproval,
  StateStore,
} from "./types.js";

const RECOVERABLE: ReadonlySet<ApprovalState> = new Set(["pending", "approved"]);

const SESSION_HASH = /^[0-9a-f]{64}$/;
const sessionsDir = (stateDir: string): string => join(stateDir, "sessions");
const sessionFile = (stateDir: string, idHash: string): string => join(sessionsDir(stateDir), `${idHash}.json`);

/** Removes the files of expired sessions (they already open nothing), so signed-out browsers leave no trail. */
async function sweepSessions(stateDir: string, now: number): Promise<void> {
  const names = await readdir(sessionsDir(stateDir)).catch(() => [] as string[]);
  for (const name of names) {
    const session = await readJson<ConsoleSession>(join(sessionsDir(stateDir), name));
    if (session !== undefined && Date.parse(session.expiresAt) <= now)
      await rm(join(sessionsDir(stateDir), name), { force: true });
  }
}

/** `host:pid` of this process. */
export const replicaName = (): string => `${hostname()}:${process.pid}`;

/**
 * An `executing` record whose claimant ran on this host and is gone; another host's claimant cannot be checked from
 * here.
 */
function interrupted(record: ApprovalRecord): boolean {
  if (record.state !== "executing" || record.claimedBy === undefined) return false;
  const at = record.claimedBy.lastIndexOf(":");
  const pid = Number(record.claimedBy.slice(at + 1));
  return record.claimedBy.slice(0, at) === hostname() && Number.isInteger(pid) && !processAlive(pid);
}

const withLiveness = (record: ApprovalRecord | undefined): ApprovalRecord | undefined => {
  if (record === undefined) return undefined;
  const { interrupted: _, ...stored } = record;
  return interrupted(stored) ? { ...stored, interrupted: true } : stored;
};

/** Whether an `intent` may take over the claim of a dead holder of `record`. */
function recoverable(record: ApprovalRecord, intent: LeaseIntent): boolean {
  return intent === "resolve" ? record.interrupted === true : RECOVERABLE.has(record.state);
}

/** The file store of `stateDir` (the default; `PREFIX_STATE_DIR`). */
export function createFileStore(stateDir: string): StateStore {
  const replica = replicaName();
  const read = async (id: string) =>
    isRequestId(id) ? withLiveness(await readJson<ApprovalRecord>(requestFiles(stateDir, id).record)) : undefined;

  async function write(record: ApprovalRecord, change: Change): Promise<ApprovalRecord> {
    const now = new Date().toISOString();
    const claim =
      change.state === "executing" ? { claimedBy: replica, claimedAt: now, attempt: (record.attempt ?? 0) + 1 } : {};
    const { interrupted: _, ...stored } = record;
    const next: ApprovalRecord = { ...stored, ...change, ...claim, updatedAt: now };
    await writeJsonAtomic(requestFiles(stateDir, record.id).record, next);
    return next;
  }

  function lease(held: ApprovalRecord): Lease {
    return {
      record: held,
      async transition(from, change) {
        const current = await read(held.id);
        return current !== undefined && from.includes(current.state) ? write(current, change) : undefined;
      },
      async arguments() {
        return (await readJson<Record<string, unknown>>(requestFiles(stateDir, held.id).args)) ?? {};
      },
      async release() {
        // Claim files are generations that stay: a later taker needs the dead holder's to go past it.
      },
    };
  }

  return {
    kind: "file",
    location: stateDir,
    replica,
    ready: () => ensureQueue(stateDir),
    async create(init: NewApproval) {
      await ensureQueue(stateDir);
      const id = randomUUID();
      const now = new Date().toISOString();
      const files = requestFiles(stateDir, id);
      await writeJsonAtomic(files.args, init.arguments);
      const record: ApprovalRecord = {
        id,
        tool: init.tool,
        arguments: init.redacted,
        ...(init.resolved === undefined ? {} : { resolved: init.resolved }),
        createdAt: now,
        state: "pending",
        updatedAt: now,
        ...(init.traceContext === undefined ? {} : { traceContext: init.traceContext }),
        ...(init.origin === undefined ? {} : { origin: init.origin }),
      };
      await writeJsonAtomic(files.record, record);
      return record;
    },
    get: read,
    async list() {
      const records = await Promise.all((await recordIds(stateDir)).map(read));
      return records
        .filter((r): r is ApprovalRecord => r !== undefined)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    async acquire(id, intent) {
      const before = await read(id);
      if (before === undefined) return undefined;
      const claim = await claimRequest(stateDir, id, intent, recoverable(before, intent));
      const current = await read(id);
      return claim === undefined || current === undefined ? undefined : lease(current);
    },
    appendAudit: (entry: AuditEntry) => appendAuditLine(stateDir, entry),
    readAudit: () => readAuditLines(stateDir),
    async createSession(session: ConsoleSession) {
      if (!SESSION_HASH.test(session.idHash)) throw new Error("a console session id hash is 64 hex digits");
      await mkdir(sessionsDir(stateDir), { recursive: true, mode: 0o700 });
      await writeJsonAtomic(sessionFile(stateDir, session.idHash), session);
      await sweepSessions(stateDir, Date.now());
    },
    async getSession(idHash: string, now: number) {
      if (!SESSION_HASH.test(idHash)) return undefined;
      const session = await readJson<ConsoleSession>(sessionFile(stateDir, idHash));
      if (session === undefined || Date.parse(session.expiresAt) > now) return session;
      await rm(sessionFile(stateDir, idHash), { force: true });
      return undefined;
    },
    async deleteSession(idHash: string) {
      if (SESSION_HASH.test(idHash)) await rm(sessionFile(stateDir, idHash), { force: true });
    },
    async close() {},
  };
}
