// A thrown fetch / stream / sleep failure + which signal fired → TIMEOUT, UNREACHABLE or UPSTREAM_ERROR.
import { errorDetail, type ErrorDetail } from "../errors.js";
import type { StepSpec } from "../types.js";

/** The signals of one call: its own timeout and the caller's cancellation, combined. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly timeout: AbortSignal;
  readonly caller?: AbortSignal;
  readonly timeoutMs: number;
  remainingMs(): number;
}

/** What classification needs. */
export interface ThrownInput {
  readonly thrown: unknown;
  readonly deadline: Deadline;
  readonly step: Pick<StepSpec, "operationId">;
  /** Idempotent calls may simply be repeated; for others the action may already have happened. */
  readonly idempotent: boolean;
  readonly origin: string;
  readonly baseUrlVariable: string;
}

function causeOf(thrown: unknown): string {
  const error = thrown as { message?: unknown; cause?: { code?: unknown; message?: unknown } } | undefined;
  const cause = error?.cause;
  const text = [cause?.code, cause?.message, error?.message].find(
    (part) => typeof part === "string" && part !== "" && part !== "fetch failed",
  );
  return typeof text === "string" ? text : "network error";
}

function unsureWhetherApplied(idempotent: boolean): string {
  return idempotent
    ? ""
    : " The request was sent and no answer came, so the action may or may not have been applied " +
        '(side_effects_committed: "unknown"): look for it with a read tool before calling again.';
}

function timeoutError(input: ThrownInput, cancelled: boolean): ErrorDetail {
  const { step, deadline, idempotent } = input;
  const message = cancelled
    ? `${step.operationId} was cancelled by the caller before the API answered.`
    : `${step.operationId} got no complete answer within ${deadline.timeoutMs} ms.`;
  const suggestion = cancelled
    ? `The call was cancelled.${unsureWhetherApplied(idempotent)}`
    : idempotent
      ? "The API is slow right now. Retry once, or narrow the request."
      : `The API is slow right now.${unsureWhetherApplied(false)}`;
  return errorDetail({
    code: "TIMEOUT",
    message,
    suggestion,
    retryable: idempotent && !cancelled,
    ...(idempotent ? {} : { side_effects_committed: "unknown" as const }),
  });
}

/** Failures that happen before a byte of the request leaves: calling again cannot repeat an action. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

const causeCode = (thrown: unknown): unknown => (thrown as { cause?: { code?: unknown } } | undefined)?.cause?.code;

function neverSent(thrown: unknown): boolean {
  const code = causeCode(thrown);
  return typeof code === "string" && NOT_SENT_CODES.has(code);
}

/** The base URL's host does not exist (DNS NXDOMAIN): a setup mistake that calling again cannot fix. */
function unknownHost(input: ThrownInput): ErrorDetail {
  return errorDetail({
    code: "UNREACHABLE",
    message: `${input.step.operationId} could not reach ${input.origin}: no such host (ENOTFOUND).`,
    suggestion:
      `Do not retry: the API's host name does not resolve. Tell the user the operator must check ` +
      `${input.baseUrlVariable}.`,
    retryable: false,
  });
}

/** Timeouts win over everything (an abort surfaces as many error types); any other throw is a connection failure. */
export function thrownError(input: ThrownInput): ErrorDetail {
  if (input.deadline.timeout.aborted) return timeoutError(input, false);
  if (input.deadline.caller?.aborted) return timeoutError(input, true);
  if (causeCode(input.thrown) === "ENOTFOUND") return unknownHost(input);
  const safe = input.idempotent || neverSent(input.thrown);
  return errorDetail({
    code: "UNREACHABLE",
    message: `${input.step.operationId} could not reach ${input.origin}: ${causeOf(input.thrown)}.`,
    suggestion: safe
      ? `Retry in a moment; if it keeps failing, tell the user the API is unreachable (the operator can check ` +
        `${input.baseUrlVariable}).`
      : `The connection failed while the request was under way.${unsureWhetherApplied(false)} If the API stays ` +
        `unreachable, tell the user (the operator can check ${input.baseUrlVariable}).`,
    retryable: safe,
    ...(safe ? {} : { side_effects_committed: "unknown" as const }),
  });
}
