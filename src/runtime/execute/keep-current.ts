// A PUT request that keeps the current state → the GET of the same URL, then the body with what it lacks filled in
// (or, when the PUT creates and nothing is there yet, the body as given).
import { resolvePointer } from "../expressions/index.js";
import { pointerTokens } from "../expressions/pointer.js";
import type { CallTransport, OperationRequest } from "../transport.js";
import type { KeepCurrentSpec, StepSpec } from "../types.js";
import { errorDetail } from "../errors.js";
import { label, transportFailure, type ErrorBody } from "./failure.js";

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
 * What is not there yet is created by the PUT as given, when the body holds every property the schema requires;
 * otherwise the step stops before anything is sent, naming the properties a create needs.
 */
function createRequest(
  request: OperationRequest,
  required: readonly string[],
): { ok: true; request: OperationRequest } | { ok: false; error: ErrorBody } {
  const value = request.body?.value;
  const given = value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
  const missing = required.filter((name) => !Object.hasOwn(given, name));
  if (missing.length === 0) return { ok: true, request };
  const names = missing.map((name) => `\`${name}\``).join(", ");
  return {
    ok: false,
    error: errorDetail({
      code: "INVALID_ARGUMENT",
      message:
        `${label(request.step)}: ${request.step.operationId} would create this, as it does not exist yet (the read ` +
        `before the change answered 404), and creating needs ${names}.`,
      suggestion:
        `If the user meant to create it, call again with ${names}; if they meant an existing one, check its ` +
        "identifier with them.",
      step: request.step.id,
    }),
  };
}

/**
 * Reads the resource a PUT replaces and returns the request with the current values of the properties the model left
 * out; a failed read stops the step before anything is changed, except a 404 of a PUT that creates what is missing
 * (see {@link createRequest}).
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
  if (!outcome.ok && outcome.error.status === 404 && keep.createsWhenAbsent !== undefined)
    return createRequest(request, keep.createsWhenAbsent.required);
  if (!outcome.ok) return { ok: false, error: transportFailure(step, outcome.error) };
  const resource = resolvePointer(outcome.body, pointerTokens(keep.pointer));
  const value = mergeCurrent(request.body.value, resource, keep.properties);
  return { ok: true, request: { ...request, body: { ...request.body, value } } };
}
