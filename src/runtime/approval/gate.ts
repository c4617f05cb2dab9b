// A high-risk call's approval gate by mode (queue / auto / elicit / callback), and the outcome a `request_id` looks up.
import { queuedElsewhere } from "./origin.js";
import { randomUUID } from "node:crypto";
import type { AuditLog } from "../audit.js";
import { errorEnvelope } from "../errors.js";
import { fromStored } from "../media.js";
import type {
  ApprovalMode,
  ApprovalRequest,
  ErrorEnvelope,
  PendingApproval,
  RunContext,
  ToolResult,
} from "../types.js";
import type { StateStore } from "../state/types.js";
import { activeTraceContext, recordDecision, recordPending } from "../telemetry/index.js";
import type { ApprovalRecord } from "./queue.js";
import type { ResolvedReads } from "./target-reads.js";

/** One gated call. */
export interface GateCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly redacted: Record<string, unknown>;
  /** What the target reads resolved before queueing (redacted): recorded with the request and shown to the operator. */
  readonly resolved?: ResolvedReads;
  /** The preview lines `approvals show` prints, for the human asked through elicitation. */
  readonly preview?: readonly string[];
  readonly mode: ApprovalMode;
  readonly store: StateStore;
  readonly audit: AuditLog;
  readonly ctx?: RunContext;
  /** Runs the call without the gate. */
  readonly execute: () => Promise<ToolResult>;
  /** Told of each request queued for a human (the webhook); must not block. */
  readonly onPending?: (record: ApprovalRecord) => void;
  /** What the call reaches and sends (`callOrigin`), kept with a queued request. */
  readonly origin?: string;
}

/** What the model sees while a request waits for a human. */
export function pendingMessage(tool: string, id: string): PendingApproval {
  return {
    status: "pending_approval",
    request_id: id,
    message:
      `This call needs a human's approval; nothing that changes anything was sent yet. ` +
      `Tell the user an operator must approve ` +
      `request ${id} (node dist/approvals.js approve ${id}). Then call ${tool} with request_id "${id}" to get the ` +
      `result — do not repeat the call with new arguments.`,
  };
}

/** APPROVAL_REJECTED, with the operator's reason as a field (and in the message) when one was given. */
export function rejected(tool: string, reason?: string): ErrorEnvelope {
  const envelope = errorEnvelope({
    code: "APPROVAL_REJECTED",
    message: `A human rejected this ${tool} call${reason ? `: ${reason}` : "."}`,
    retryable: false,
  });
  return reason ? { error: { ...envelope.error, reason } } : envelope;
}

/** CONFLICT at approval: a target read answers differently than when the request was queued; nothing was changed. */
export function targetChanged(tool: string, changes: readonly string[]): ErrorEnvelope {
  return errorEnvelope({
    code: "CONFLICT",
    message:
      `Nothing was changed: what this ${tool} request acts on changed after it was queued and approved for ` +
      `another target (${changes.join("; ")}).`,
    suggestion:
      `Tell the user the target changed. If they still want it, call ${tool} again: a new request, with the ` +
      `current target, for an operator to approve.`,
    retryable: false,
  });
}

/** A target read that fails at approval: its own error, as CONFLICT when the target it found is gone or ambiguous. */
export function targetLost(tool: string, error: ErrorEnvelope["error"]): ErrorEnvelope["error"] {
  if (error.code !== "NOT_FOUND" && error.code !== "INVALID_ARGUMENT") return error;
  return {
    ...error,
    code: "CONFLICT",
    message:
      `Nothing was changed: the target this ${tool} request was queued for is no longer found as it was: ` +
      error.message,
    suggestion: `Tell the user the target changed; ${error.suggestion}`,
  };
}

const outcomeOf = (result: ToolResult): { outcome: string; status?: number } => {
  if (!Object.hasOwn(result, "error")) return { outcome: "ok" };
  const error = (result as ErrorEnvelope).error;
  return { outcome: error.code, ...(error.status === undefined ? {} : { status: error.status }) };
};

async function executeDecided(call: GateCall, request: ApprovalRequest, by: string): Promise<ToolResult> {
  recordDecision(call.tool, "approved", by);
  await call.audit.append({
    event: "approved",
    tool: call.tool,
    request_id: request.id,
    arguments: call.redacted,
    outcome: "approved",
    by,
  });
  const result = await call.execute();
  await call.audit.append({
    event: "executed",
    tool: call.tool,
    request_id: request.id,
    arguments: call.redacted,
    ...outcomeOf(result),
    by,
  });
  return result;
}

async function enqueue(call: GateCall): Promise<ToolResult> {
  const traceContext = activeTraceContext();
  const record = await call.store.create({
    tool: call.tool,
    arguments: call.arguments,
    redacted: call.redacted,
    ...(call.resolved === undefined ? {} : { resolved: call.resolved }),
    ...(traceContext === undefined ? {} : { traceContext }),
    ...(call.origin === undefined ? {} : { origin: call.origin }),
  });
  await call.audit.append({
    event: "approval_requested",
    tool: call.tool,
    request_id: record.id,
    arguments: call.redacted,
    outcome: "pending",
  });
  recordPending(call.tool);
  call.onPending?.(record);
  return pendingMessage(call.tool, record.id);
}

async function decided(call: GateCall, request: ApprovalRequest, answer: boolean, by: string): Promise<ToolResult> {
  if (answer) return executeDecided(call, request, by);
  recordDecision(call.tool, "rejected", by);
  await call.audit.append({
    event: "rejected",
    tool: call.tool,
    request_id: request.id,
    arguments: call.redacted,
    outcome: "rejected",
    by,
  });
  return rejected(call.tool);
}

/**
 * Passes a gated call through the approval mode: `queue` records it and answers pending_approval (nothing
 * sent); `auto` runs it; a callback decides; `elicit` asks the human through the client and falls back to
 * the queue when the client cannot ask.
 */
export async function gate(call: GateCall): Promise<ToolResult> {
  const request: ApprovalRequest = {
    id: randomUUID(),
    tool: call.tool,
    arguments: call.redacted,
    createdAt: new Date().toISOString(),
  };
  const mode = call.mode;
  if (mode === "auto") return executeDecided(call, request, "auto");
  if (typeof mode === "function") return decided(call, request, await mode(request), "callback");
  if (mode === "queue" || call.ctx?.elicitApproval === undefined) return enqueue(call);
  const question =
    call.preview === undefined
      ? `Allow ${call.tool} with ${JSON.stringify(call.redacted)}?`
      : `Allow ${call.tool}?\n${call.preview.join("\n")}`;
  const answer = await call.ctx.elicitApproval(request, question);
  return answer === undefined ? enqueue(call) : decided(call, request, answer, "elicitation");
}

function unknownRequest(tool: string): ErrorEnvelope {
  return errorEnvelope({
    code: "INVALID_ARGUMENT",
    field: "request_id",
    message: `No ${tool} approval request has that request_id.`,
    suggestion:
      `Pass only the request_id of an answer of ${tool} with "status": "pending_approval", exactly as given. A ` +
      `result without that status is already the call's outcome (a request_id in it is the API's own): there is ` +
      `nothing to fetch for it, and calling ${tool} without request_id makes a new request.`,
  });
}

/**
 * An execution whose process died before it recorded the outcome: nobody knows whether it took effect, and it is never
 * re-run.
 */
function interruptedError(record: ApprovalRecord): ErrorEnvelope {
  return errorEnvelope({
    code: "UPSTREAM_ERROR",
    message:
      `Request ${record.id} was approved, but the process running it stopped before recording the ` +
      `outcome; it may or may not have taken effect, and it will not be re-run.`,
    suggestion:
      `Do not repeat the call. Tell the user an operator must check the result and record it (node ` +
      `dist/approvals.js resolve ${record.id} --done|--failed); then call ${record.tool} with request_id ` +
      `"${record.id}" again.`,
    retryable: false,
  });
}

const BY_STATE: Readonly<Record<ApprovalRecord["state"], (record: ApprovalRecord) => ToolResult>> = {
  pending: (r) => pendingMessage(r.tool, r.id),
  approved: (r) => ({
    ...pendingMessage(r.tool, r.id),
    message: `Request ${r.id} was approved and is running; call again with request_id "${r.id}" shortly.`,
  }),
  executing: (r) =>
    r.interrupted === true
      ? interruptedError(r)
      : {
          ...pendingMessage(r.tool, r.id),
          message: `Request ${r.id} was approved and is running; call again with request_id "${r.id}" shortly.`,
        },
  done: (r) => fromStored(r.result ?? {}),
  failed: (r) => r.result ?? errorEnvelope({ code: "UPSTREAM_ERROR", message: "The approved call failed." }),
  rejected: (r) => rejected(r.tool, r.reason),
};

/**
 * The stored outcome of a request of `tool`; never executes anything. Another tool's, one queued by a call of another
 * origin (another package of the same name: `queuedElsewhere`) or an unknown id is INVALID_ARGUMENT.
 */
export async function requestOutcome(
  store: StateStore,
  tool: string,
  id: string,
  origin?: string,
): Promise<ToolResult> {
  const record = await store.get(id);
  if (record === undefined || record.tool !== tool) return unknownRequest(tool);
  if (origin !== undefined && queuedElsewhere(record, origin)) return unknownRequest(tool);
  return BY_STATE[record.state](record);
}
