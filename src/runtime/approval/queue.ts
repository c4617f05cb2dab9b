// The approval queue on a state store: record a gated call, read its outcome, approve (runs once), reject, or resolve.
import { errorEnvelope } from "../errors.js";
import { toStored } from "../media.js";
import { storeOf } from "../state/index.js";
import type { ApprovalRecord, Lease, StateStore } from "../state/types.js";
import { recordDecision } from "../telemetry/index.js";
import type { ToolResult } from "../types.js";

export type { ApprovalRecord, ApprovalState } from "../state/types.js";

/**
 * What approving, rejecting or resolving did. `busy`: another live process holds the request (deciding or executing
 * it).
 */
export type Decision =
  | { readonly outcome: "decided"; readonly record: ApprovalRecord }
  | { readonly outcome: "already-decided"; readonly record: ApprovalRecord }
  | { readonly outcome: "busy"; readonly record: ApprovalRecord }
  /** Queued by a call of another origin (another package of the same name): nothing was done (`queuedElsewhere`). */
  | { readonly outcome: "elsewhere"; readonly record: ApprovalRecord }
  | { readonly outcome: "unknown" };

/** Hooks of {@link approveRequest}, for the audit log. */
export interface ApproveHooks {
  /** Who approves; default `operator`. */
  readonly by?: string;
  /** After pending → approved (not when a request left `approved` by a dead approver is picked up). */
  readonly onApproved?: (record: ApprovalRecord) => Promise<void>;
  /** After the execution's outcome is stored. */
  readonly onExecuted?: (record: ApprovalRecord, result: ToolResult) => Promise<void>;
}

/** Records a gated call; nothing is executed. */
export async function createApproval(
  target: StateStore | string,
  init: { tool: string; arguments: Record<string, unknown>; redacted: Record<string, unknown> },
): Promise<ApprovalRecord> {
  return storeOf(target).create(init);
}

/** One request by id; undefined for an unknown or malformed id. */
export async function showApproval(target: StateStore | string, id: string): Promise<ApprovalRecord | undefined> {
  return storeOf(target).get(id);
}

/** Every request, oldest first. */
export async function listApprovals(target: StateStore | string): Promise<ApprovalRecord[]> {
  return storeOf(target).list();
}

const isError = (result: ToolResult): boolean => Object.hasOwn(result, "error");

/** Why the lease was not had: gone, finished, or someone else is on it. */
async function notHeld(store: StateStore, id: string, before: ApprovalRecord): Promise<Decision> {
  const record = (await store.get(id)) ?? before;
  const open =
    record.state === "pending" ||
    record.state === "approved" ||
    (record.state === "executing" && record.interrupted !== true);
  return { outcome: open ? "busy" : "already-decided", record };
}

/** Runs `work` holding the lease on `id`; the lease is given up whatever happens. */
async function withLease(
  store: StateStore,
  id: string,
  intent: "approve" | "reject" | "resolve",
  work: (lease: Lease) => Promise<Decision>,
): Promise<Decision> {
  const before = await store.get(id);
  if (before === undefined) return { outcome: "unknown" };
  const lease = await store.acquire(id, intent);
  if (lease === undefined) return notHeld(store, id, before);
  let decision: Decision;
  try {
    decision = await work(lease);
  } finally {
    await lease.release();
  }
  // Read again once the lease is given up: while held, our own lease hides whether the request's executor is gone,
  // and by then another process may have taken the lease (an `executing` request that is not interrupted).
  if (decision.outcome !== "already-decided") return decision;
  return notHeld(store, id, decision.record);
}

async function current(store: StateStore, lease: Lease): Promise<Decision> {
  return { outcome: "already-decided", record: (await store.get(lease.record.id)) ?? lease.record };
}

/**
 * Approves a request and runs `execute` with its real arguments — exactly once, whatever the number of concurrent
 * approvers in this process, other processes or other replicas: pending → approved, then approved → executing is a
 * compare-and-set only one claimer wins; the others get `already-decided` or `busy`. A request that stays
 * `executing` (its executor died) is never run again: `resolveRequest` records its outcome. The stored result is
 * what `request_id` later returns.
 */
export async function approveRequest(
  target: StateStore | string,
  id: string,
  execute: (tool: string, args: Record<string, unknown>, record: ApprovalRecord) => Promise<ToolResult>,
  hooks: ApproveHooks = {},
): Promise<Decision> {
  const store = storeOf(target);
  return withLease(store, id, "approve", async (lease) => {
    const approved =
      lease.record.state === "approved"
        ? lease.record
        : await lease.transition(["pending"], { state: "approved", decidedBy: hooks.by ?? "operator" });
    if (approved === undefined) return current(store, lease);
    if (lease.record.state === "pending") {
      recordDecision(approved.tool, "approved", hooks.by ?? "operator");
      await hooks.onApproved?.(approved);
    }
    const executing = await lease.transition(["approved"], { state: "executing" });
    if (executing === undefined) return current(store, lease);
    const args = await lease.arguments();
    const result = await execute(executing.tool, args, executing).catch(
      (error: unknown): ToolResult =>
        errorEnvelope({
          code: "UPSTREAM_ERROR",
          message: `the approved call failed: ${error instanceof Error ? error.message : String(error)}`,
          suggestion: "Report the failure to the user.",
          retryable: false,
        }),
    );
    const finished =
      (await lease.transition(["executing"], {
        state: isError(result) ? "failed" : "done",
        result: toStored(result),
      })) ??
      (await store.get(id)) ??
      executing;
    await hooks.onExecuted?.(finished, result);
    return { outcome: "decided", record: finished };
  });
}

/** Rejects a pending request (or one a dead approver left `approved`); nothing is ever sent for it. */
export async function rejectRequest(
  target: StateStore | string,
  id: string,
  reason?: string,
  by = "operator",
): Promise<Decision> {
  const store = storeOf(target);
  return withLease(store, id, "reject", async (lease) => {
    const record = await lease.transition(["pending", "approved"], {
      state: "rejected",
      decidedBy: by,
      ...(reason === undefined ? {} : { reason }),
    });
    if (record === undefined) return current(store, lease);
    recordDecision(record.tool, "rejected", by);
    return { outcome: "decided", record };
  });
}

/** What an operator found out about an interrupted execution. */
export type Resolution = "done" | "failed";

function resolutionResult(outcome: Resolution, reason: string | undefined): ToolResult {
  const why = reason === undefined ? "" : `: ${reason}`;
  if (outcome === "failed") {
    return errorEnvelope({
      code: "UPSTREAM_ERROR",
      message: `The approved call was interrupted before its outcome was recorded; an operator marked it failed${why}.`,
      suggestion: "Tell the user it did not take effect; a new attempt needs a new call and a new approval.",
      retryable: false,
    });
  }
  return {
    status: "done",
    message:
      `The approved call was interrupted before its outcome was recorded; an operator confirmed it took ` +
      `effect${why}. Its response was not kept.`,
  };
}

/**
 * Records the outcome of an interrupted execution (`executing`, its executor gone) as an operator found it upstream.
 * Never executes anything; an execution still running is `busy`.
 */
export async function resolveRequest(
  target: StateStore | string,
  id: string,
  outcome: Resolution,
  reason?: string,
  by = "operator",
): Promise<Decision> {
  const store = storeOf(target);
  return withLease(store, id, "resolve", async (lease) => {
    if (lease.record.state !== "executing") return current(store, lease);
    const change = {
      state: outcome,
      result: resolutionResult(outcome, reason),
      resolvedBy: by,
      ...(reason === undefined ? {} : { reason }),
    } as const;
    const record = await lease.transition(["executing"], change);
    if (record === undefined) return current(store, lease);
    recordDecision(record.tool, `resolved_${outcome}`, by);
    return { outcome: "decided", record };
  });
}
