// An operator's approve, reject or resolve on the state store, with its audit records (for the command and console).
import { traceToolCall } from "../telemetry/index.js";
import { EXECUTE_APPROVED, TOOL_SPEC, type BoundTool, type Runtime } from "../tool.js";
import { queuingSpec } from "./origin.js";
import type { ToolResult } from "../types.js";
import {
  approveRequest,
  rejectRequest,
  resolveRequest,
  type ApprovalRecord,
  type Decision,
  type Resolution,
} from "./queue.js";

/**
 * `elsewhere` when `id` was queued by a call of another origin than this package's tool of its name (another package
 * of the same name): neither approved nor resolved here, since this package's tool would send, or its operator would
 * check, another call. Rejecting it is allowed (it only stops a request, which its own package is told).
 */
async function queuedElsewhereIn(
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  id: string,
): Promise<Decision | undefined> {
  const queued = await runtime.state.get(id);
  const spec = queued === undefined ? undefined : tools[queued.tool]?.[TOOL_SPEC];
  if (queued === undefined || spec === undefined) return undefined;
  return queuingSpec(queued, spec, runtime.toolset) === undefined
    ? { outcome: "elsewhere", record: queued }
    : undefined;
}

function outcomeOf(result: ToolResult): { outcome: string; status?: number } {
  if (!Object.hasOwn(result, "error")) return { outcome: "ok" };
  const error = (result as { error: { code: string; status?: number } }).error;
  return { outcome: error.code, ...(error.status === undefined ? {} : { status: error.status }) };
}

/**
 * Approves `id` and runs it exactly once (across processes and replicas) through its bound tool's ungated path, in an
 * `execute_tool` span linked to the one that queued it; audited as `by`. A request queued by a call of another origin
 * (another package of the same name, or a version of this one whose tool sends another call) is left as it is.
 */
export async function approveAudited(
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  id: string,
  by: string,
): Promise<Decision> {
  const elsewhere = await queuedElsewhereIn(tools, runtime, id);
  if (elsewhere !== undefined) return elsewhere;
  const execute = async (tool: string, args: Record<string, unknown>, record: ApprovalRecord): Promise<ToolResult> => {
    const bound = tools[tool];
    if (bound === undefined)
      return {
        error: {
          code: "UPSTREAM_ERROR",
          message: `this package has no tool ${tool}`,
          suggestion: "Reject the request.",
          retryable: false,
        },
      };
    const approved = {
      requestId: record.id,
      by,
      ...(record.traceContext === undefined ? {} : { queuedIn: record.traceContext }),
    };
    return traceToolCall({ tool, risk: bound.risk, approved }, () =>
      bound[EXECUTE_APPROVED](args, undefined, {
        id: record.id,
        ...(record.resolved === undefined ? {} : { resolved: record.resolved }),
      }),
    );
  };
  return approveRequest(runtime.state, id, execute, {
    by,
    onApproved: (record) =>
      runtime.audit.append({
        event: "approved",
        tool: record.tool,
        request_id: id,
        arguments: record.arguments,
        outcome: "approved",
        by,
      }),
    onExecuted: (record, result) =>
      runtime.audit.append({
        event: "executed",
        tool: record.tool,
        request_id: id,
        arguments: record.arguments,
        ...outcomeOf(result),
        by,
      }),
  });
}

/** Rejects `id` (nothing is ever sent for it); audited as `by`, with the reason. */
export async function rejectAudited(
  runtime: Runtime,
  id: string,
  reason: string | undefined,
  by: string,
): Promise<Decision> {
  const decision = await rejectRequest(runtime.state, id, reason, by);
  if (decision.outcome === "decided") {
    const record = decision.record;
    await runtime.audit.append({
      event: "rejected",
      tool: record.tool,
      request_id: id,
      arguments: record.arguments,
      outcome: "rejected",
      by,
      ...(reason === undefined ? {} : { reason }),
    });
  }
  return decision;
}

/**
 * Records what an operator found upstream for an interrupted execution of `id` (never re-runs it); audited as `by`. A
 * request queued by a call of another origin is left as it is (its operator checks another API).
 */
export async function resolveAudited(
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  id: string,
  outcome: Resolution,
  reason: string | undefined,
  by: string,
): Promise<Decision> {
  const elsewhere = await queuedElsewhereIn(tools, runtime, id);
  if (elsewhere !== undefined) return elsewhere;
  const decision = await resolveRequest(runtime.state, id, outcome, reason, by);
  if (decision.outcome === "decided") {
    const record = decision.record;
    await runtime.audit.append({
      event: "resolved",
      tool: record.tool,
      request_id: id,
      arguments: record.arguments,
      outcome: record.state,
      by,
      ...(reason === undefined ? {} : { reason }),
    });
  }
  return decision;
}
