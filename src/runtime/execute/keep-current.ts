// A PUT request that keeps the current state → the GET of the same URL, then the body with what it lacks filled in.
import { resolvePointer } from "../expressions/index.js";
import { pointerTokens } from "../expressions/pointer.js";
import type { CallTransport, OperationRequest } from "../transport.js";
import type { KeepCurrentSpec, StepSpec } from "../types.js";
import { transportFailure, type ErrorBody } from "./failure.js";

/** The read's step: the same path and path parameters, GET, no body. */
function readStep(step: StepSpec, keep: KeepCurrentSpec): StepSpec {
  const { body: _body, ...rest } = step;
  return {
    ...rest,
    operationId: keep.operationId,
    method: "get",
    readOnly: true,
    params: step.params.filter((p) => p.in === "path"),
  };
}

/** The body with each kept property it lacks set to the resource's current value (absent or null: left out). */
export function mergeCurrent(body: unknown, resource: unknown, properties: readonly string[]): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  if (resource === null || typeof resource !== "object" || Array.isArray(resource)) return body;
  const merged: Record<string, unknown> = {};
  const current = resource as Record<string, unknown>;
  for (const name of properties) {
    const value = Object.hasOwn(current, name) ? current[name] : undefined;
    if (value !== undefined && value !== null)
      Object.defineProperty(merged, name, { value, enumerable: true, writable: true, configurable: true });
  }
  for (const [name, value] of Object.entries(body as Record<string, unknown>))
    Object.defineProperty(merged, name, { value, enumerable: true, writable: true, configurable: true });
  return merged;
}

/**
 * Reads the resource a PUT replaces and returns the request with the current values of the properties the model left
 * out; a failed read stops the step before anything is changed.
 */
export async function withCurrentState(
  request: OperationRequest,
  env: { readonly transport: CallTransport; readonly signal?: AbortSignal },
): Promise<{ ok: true; request: OperationRequest } | { ok: false; error: ErrorBody }> {
  const keep = request.body?.spec.keepCurrent;
  if (request.body === undefined || keep === undefined) return { ok: true, request };
  const step = readStep(request.step, keep);
  const params = request.params.filter((p) => p.spec.in === "path");
  const outcome = await env.transport.call({ step, params }, env.signal);
  if (!outcome.ok) return { ok: false, error: transportFailure(step, outcome.error) };
  const resource = resolvePointer(outcome.body, pointerTokens(keep.pointer));
  const value = mergeCurrent(request.body.value, resource, keep.properties);
  return { ok: true, request: { ...request, body: { ...request.body, value } } };
}
