// A failed step (HTTP status, transport error, missing output) → the error the model sees, naming the step.
import type { ErrorCode, ErrorEnvelope, StepSpec } from "../types.js";
import type { TransportError } from "../transport.js";

/** The error body of an envelope. */
export type ErrorBody = ErrorEnvelope["error"];

const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  408: "TIMEOUT",
  409: "CONFLICT",
  410: "NOT_FOUND",
  412: "CONFLICT",
  422: "INVALID_ARGUMENT",
  429: "RATE_LIMITED",
};

/** HTTP status → error code (DESIGN.md §Errors); unlisted 4xx are INVALID_ARGUMENT, the rest UPSTREAM_ERROR. */
export function codeForStatus(status: number): ErrorCode {
  const known = STATUS_CODES[status];
  if (known !== undefined) return known;
  return status >= 400 && status < 500 ? "INVALID_ARGUMENT" : "UPSTREAM_ERROR";
}

const RETRYABLE: ReadonlySet<ErrorCode> = new Set(["RATE_LIMITED", "UPSTREAM_ERROR", "TIMEOUT", "UNREACHABLE"]);

const SUGGESTIONS: Readonly<Record<ErrorCode, string>> = {
  INVALID_ARGUMENT: "Check the arguments against the input descriptions and call again with corrected values.",
  NOT_FOUND: "Check the identifier; use a search or list tool to find a valid value.",
  UNAUTHORIZED: "The API rejected the credentials; tell the user the operator must configure them. Do not retry.",
  FORBIDDEN: "The credentials lack permission for this action; tell the user. Do not retry.",
  CONFLICT: "The resource's current state conflicts with the request; fetch its current state before trying again.",
  RATE_LIMITED: "Wait retry_after_seconds (or a few seconds) before calling again.",
  UPSTREAM_ERROR: "The API failed; retry once later, then report the failure to the user.",
  TIMEOUT: "The API did not answer in time; retry once, with narrower arguments if possible.",
  UNREACHABLE: "The API could not be reached; check the connection or base URL, then retry once.",
  APPROVAL_REJECTED: "A human rejected this call; do not retry it. Tell the user, with the reason given.",
};

/** The repair hint for a step failure: the step's hint for this status, else for this code, else a generic one. */
export function suggestionFor(step: StepSpec, code: ErrorCode, status?: number): string {
  const byStatus = status === undefined ? undefined : step.errorHints[String(status)];
  return byStatus ?? step.errorHints[code] ?? SUGGESTIONS[code];
}

/** The generic suggestion for an error code. */
export function defaultSuggestion(code: ErrorCode): string {
  return SUGGESTIONS[code];
}

function describeStatus(step: StepSpec, status: number): string | undefined {
  const d = step.responseDescriptions;
  return d[String(status)] ?? d[`${String(status)[0]}XX`] ?? d.default;
}

function upstreamSummary(body: unknown): string | undefined {
  if (typeof body === "string") return body.trim().slice(0, 200) || undefined;
  if (body === null || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  const candidate = [record.message, record.error_description, record.detail, record.title, record.error].find((v) => typeof v === "string");
  return typeof candidate === "string" ? candidate.slice(0, 200) : undefined;
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const label = (step: StepSpec): string => `step "${step.id}" (${step.method.toUpperCase()} ${step.path})`;

/** A response that failed the step: by status, or by unmet success criteria on a 2xx. */
export function responseFailure(step: StepSpec, response: { status: number; headers: Headers; body: unknown }): ErrorBody {
  const { status } = response;
  const ok = status >= 200 && status < 300;
  const code = ok ? "UPSTREAM_ERROR" : codeForStatus(status);
  const why = ok ? "the response did not meet the step's success criteria" : (describeStatus(step, status) ?? `HTTP ${status}`);
  const summary = upstreamSummary(response.body);
  const retryAfter = code === "RATE_LIMITED" ? retryAfterSeconds(response.headers) : undefined;
  return {
    code,
    message: `${label(step)} failed with ${status}: ${why}${summary === undefined ? "" : ` — ${summary}`}`,
    suggestion: suggestionFor(step, code, status),
    step: step.id,
    status,
    retryable: RETRYABLE.has(code),
    ...(retryAfter === undefined ? {} : { retry_after_seconds: retryAfter }),
  };
}

/** A transport error (network, timeout, …) attributed to the step; the step's hint for that code wins. */
export function transportFailure(step: StepSpec, error: TransportError): ErrorBody {
  return { ...error, message: `${label(step)}: ${error.message}`, suggestion: step.errorHints[error.code] ?? error.suggestion, step: step.id };
}

/** A declared output that resolved to nothing (missing or an empty list): the goal cannot go on. */
export function missingOutput(step: StepSpec, output: string): ErrorBody {
  return {
    code: "NOT_FOUND",
    message: `${label(step)} found nothing: its output "${output}" (${step.outputs[output]}) is missing or empty in the response`,
    suggestion: step.errorHints.NOT_FOUND ?? SUGGESTIONS.NOT_FOUND,
    step: step.id,
    retryable: false,
  };
}

/** A required parameter whose value is missing: nothing is sent. */
export function missingParameter(step: StepSpec, name: string): ErrorBody {
  return {
    code: "INVALID_ARGUMENT",
    message: `${label(step)} needs the ${name} parameter, but no value was given for it`,
    suggestion: step.errorHints.INVALID_ARGUMENT ?? `Pass the input that supplies "${name}".`,
    step: step.id,
    retryable: false,
  };
}

/** Adds which steps already ran and whether any changed state, so the model never repeats a committed action blindly. */
export function withProgress(error: ErrorBody, completed: readonly string[], committed: readonly string[]): ErrorBody {
  if (completed.length === 0) return error;
  if (committed.length === 0) return { ...error, completed_steps: completed, side_effects_committed: false };
  const names = committed.map((id) => `"${id}"`).join(", ");
  const warning = `Step${committed.length === 1 ? "" : "s"} ${names} already ran and changed state: do not repeat this call blindly — check the current state first, then continue only with what is missing.`;
  return { ...error, completed_steps: completed, side_effects_committed: true, retryable: false, suggestion: `${error.suggestion} ${warning}` };
}
