// A thrown fetch / stream / sleep failure + the signal that fired + the sends so far → TIMEOUT, UNREACHABLE, refusal.
import { errorDetail, type ErrorDetail } from "../errors.js";
import type { StepSpec } from "../types.js";
import type { NoAnswer } from "./retry.js";

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
  /** The request carried the runtime's idempotency key (the same on each of its sends, a new one on a new call). */
  readonly keyed: boolean;
  /** Times the request was sent (0: it never left, e.g. a token request failed first). */
  readonly sends: number;
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

/** What the model is told when a write may have been carried out: not to repeat it blindly, and how to find out. */
function unknownOutcome(keyed: boolean): string {
  const repeat = keyed
    ? "calling this tool again sends a new request with a new idempotency key, which the API would carry out as a " +
      "second action"
    : "calling this tool again sends a new request, which the API would carry out as a second action";
  return (
    'The API may have carried out this action (side_effects_committed: "unknown"), and ' +
    `${repeat}. Check with a read tool whether it happened before anything else; if no tool can tell, tell the user ` +
    "the outcome is unknown."
  );
}

/** ` It was sent n times with the same idempotency key.` after the runtime's own resends of a keyed call. */
function resent(input: ThrownInput): string {
  return input.keyed && input.sends > 1 ? ` It was sent ${input.sends} times with the same idempotency key.` : "";
}

function timeoutError(input: ThrownInput, cancelled: boolean): ErrorDetail {
  const { step, deadline } = input;
  const safe = input.idempotent || input.sends === 0;
  const unknown = safe ? "." : `; the request may have reached the API, so the outcome is unknown.${resent(input)}`;
  const message = cancelled
    ? `${step.operationId} was cancelled by the caller before the API answered${unknown}`
    : `${step.operationId} got no complete answer within ${deadline.timeoutMs} ms${unknown}`;
  const suggestion = cancelled
    ? `The call was cancelled.${safe ? "" : ` ${unknownOutcome(input.keyed)}`}`
    : safe
      ? "The API is slow right now. Retry once, or narrow the request."
      : `The API is slow right now. ${unknownOutcome(input.keyed)}`;
  return errorDetail({
    code: "TIMEOUT",
    message,
    suggestion,
    retryable: safe && !cancelled,
    ...(safe ? {} : { side_effects_committed: "unknown" as const }),
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

/**
 * What fetch says when it refuses to build a request: a header name or value it cannot carry (`Headers.append: "" is
 * an invalid header name.`), a body on a GET, a URL it cannot parse, characters a header cannot hold. Nothing was sent,
 * and sending the same again fails the same way; network failures come as `fetch failed` with a cause instead.
 */
const REFUSED = new RegExp(
  "^(Headers\\.(append|set): |Request with GET/HEAD method cannot have body|Failed to parse URL from |" +
    "Cannot convert argument to a ByteString|Request cannot be constructed from a URL that includes credentials)",
);

/** Whether fetch refused to build the request (`REFUSED`): the tool's or its configuration's fault, not the network. */
export function refusedByClient(thrown: unknown): boolean {
  return thrown instanceof TypeError && REFUSED.test(thrown.message);
}

function neverSent(thrown: unknown): boolean {
  const code = causeCode(thrown);
  return (typeof code === "string" && NOT_SENT_CODES.has(code)) || refusedByClient(thrown);
}

/** How a send that threw ended: the deadline or the caller, a request that never left, or a dropped connection. */
export function noAnswer(thrown: unknown, deadline: Deadline): NoAnswer {
  if (deadline.timeout.aborted || deadline.caller?.aborted) return "timeout";
  return neverSent(thrown) ? "not_sent" : "dropped";
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

/** A request fetch would not build: said as the tool's fault, not the API's, and not worth calling again. */
function refusedRequest(input: ThrownInput): ErrorDetail {
  const reason = (input.thrown as Error).message.replace(/\.+$/, "");
  return errorDetail({
    code: "UPSTREAM_ERROR",
    message: `${input.step.operationId}: the HTTP client refused to build the request (${reason}); nothing was sent.`,
    suggestion:
      "Do not retry: the request this tool builds cannot be sent as it stands. Tell the user the tool or its " +
      "configuration needs fixing.",
    retryable: false,
  });
}

/**
 * Timeouts win over everything (an abort surfaces as many error types); a request fetch refused to build is the tool's
 * fault; any other throw is a connection failure.
 */
export function thrownError(input: ThrownInput): ErrorDetail {
  if (input.deadline.timeout.aborted) return timeoutError(input, false);
  if (input.deadline.caller?.aborted) return timeoutError(input, true);
  if (refusedByClient(input.thrown)) return refusedRequest(input);
  if (causeCode(input.thrown) === "ENOTFOUND") return unknownHost(input);
  const safe = input.idempotent || input.sends === 0 || neverSent(input.thrown);
  return errorDetail({
    code: "UNREACHABLE",
    message: safe
      ? `${input.step.operationId} could not reach ${input.origin}: ${causeOf(input.thrown)}.`
      : `${input.step.operationId}: the connection to ${input.origin} failed (${causeOf(input.thrown)}) before an ` +
        `answer came; the request may have reached the API, so the outcome is unknown.${resent(input)}`,
    suggestion: safe
      ? `Retry in a moment; if it keeps failing, tell the user the API is unreachable (the operator can check ` +
        `${input.baseUrlVariable}).`
      : `${unknownOutcome(input.keyed)} If the API stays unreachable, tell the user (the operator can check ` +
        `${input.baseUrlVariable}).`,
    retryable: safe,
    ...(safe ? {} : { side_effects_committed: "unknown" as const }),
  });
}
