// The approval queue: record a gated call, read its outcome, approve (execute exactly once) or reject it.
import { randomUUID } from "node:crypto";
import type { ToolResult } from "../types.js";
import { claimRequest } from "./claim.js";
import { ensureQueue, isRequestId, readJson, recordIds, requestFiles, writeJsonAtomic } from "./store.js";

/** pending → approved → executing → done | failed, or pending → rejected. */
export type ApprovalState = "pending" | "approved" | "executing" | "done" | "failed" | "rejected";

/** One queued request as stored in `approvals/<id>.json` (arguments redacted; the real ones are in `<id>.args.json`, mode 0600). */
export interface ApprovalRecord {
  readonly id: string;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
  readonly state: ApprovalState;
  readonly updatedAt: string;
  readonly reason?: string;
  readonly result?: ToolResult;
}

/** What approving or rejecting did. */
export type Decision =
  | { readonly outcome: "decided"; readonly record: ApprovalRecord }
  | { readonly outcome: "already-decided"; readonly record: ApprovalRecord }
  | { readonly outcome: "unknown" };

const RECOVERABLE: ReadonlySet<ApprovalState> = new Set(["pending", "approved"]);

/** Records a gated call; nothing is executed. The real arguments go to a separate owner-only file. */
export async function createApproval(stateDir: string, init: { tool: string; arguments: Record<string, unknown>; redacted: Record<string, unknown> }): Promise<ApprovalRecord> {
  await ensureQueue(stateDir);
  const id = randomUUID();
  const now = new Date().toISOString();
  const files = requestFiles(stateDir, id);
  await writeJsonAtomic(files.args, init.arguments);
  const record: ApprovalRecord = { id, tool: init.tool, arguments: init.redacted, createdAt: now, state: "pending", updatedAt: now };
  await writeJsonAtomic(files.record, record);
  return record;
}

/** One request by id; undefined for an unknown or malformed id. */
export async function showApproval(stateDir: string, id: string): Promise<ApprovalRecord | undefined> {
  if (!isRequestId(id)) return undefined;
  return readJson<ApprovalRecord>(requestFiles(stateDir, id).record);
}

/** Every request, oldest first. */
export async function listApprovals(stateDir: string): Promise<ApprovalRecord[]> {
  const records = await Promise.all((await recordIds(stateDir)).map((id) => showApproval(stateDir, id)));
  return records.filter((r): r is ApprovalRecord => r !== undefined).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function update(stateDir: string, record: ApprovalRecord, change: Partial<ApprovalRecord>): Promise<ApprovalRecord> {
  const next = { ...record, ...change, updatedAt: new Date().toISOString() };
  await writeJsonAtomic(requestFiles(stateDir, record.id).record, next);
  return next;
}

async function decide(stateDir: string, id: string, intent: "approve" | "reject"): Promise<{ record: ApprovalRecord; won: boolean } | undefined> {
  const record = await showApproval(stateDir, id);
  if (record === undefined) return undefined;
  const claim = await claimRequest(stateDir, id, intent, RECOVERABLE.has(record.state));
  const current = (await showApproval(stateDir, id)) ?? record;
  return { record: current, won: claim !== undefined && RECOVERABLE.has(current.state) };
}

/** Whether a result is an error envelope. */
const isError = (result: ToolResult): boolean => Object.hasOwn(result, "error");

/**
 * Approves a request and runs `execute` with its real arguments — exactly once, whatever the number of
 * concurrent approvers, in this process or others: only the winner of the claim executes; the others get
 * `already-decided` with the request as it stands. The stored result is what `request_id` later returns.
 */
export async function approveRequest(stateDir: string, id: string, execute: (tool: string, args: Record<string, unknown>) => Promise<ToolResult>): Promise<Decision> {
  const decided = await decide(stateDir, id, "approve");
  if (decided === undefined) return { outcome: "unknown" };
  if (!decided.won) return { outcome: "already-decided", record: decided.record };
  const approved = await update(stateDir, decided.record, { state: "approved" });
  const args = (await readJson<Record<string, unknown>>(requestFiles(stateDir, id).args)) ?? {};
  const executing = await update(stateDir, approved, { state: "executing" });
  const result = await execute(executing.tool, args).catch((error: unknown): ToolResult => ({
    error: { code: "UPSTREAM_ERROR", message: `the approved call failed: ${error instanceof Error ? error.message : String(error)}`, suggestion: "Report the failure to the user.", retryable: false },
  }));
  return { outcome: "decided", record: await update(stateDir, executing, { state: isError(result) ? "failed" : "done", result }) };
}

/** Rejects a pending request; nothing is ever sent for it. */
export async function rejectRequest(stateDir: string, id: string, reason?: string): Promise<Decision> {
  const decided = await decide(stateDir, id, "reject");
  if (decided === undefined) return { outcome: "unknown" };
  if (!decided.won) return { outcome: "already-decided", record: decided.record };
  const record = await update(stateDir, decided.record, { state: "rejected", ...(reason === undefined ? {} : { reason }) });
  return { outcome: "decided", record };
}
