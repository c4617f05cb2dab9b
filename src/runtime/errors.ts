// HTTP statuses, network failures and upstream error bodies → the error envelope the model sees.
import { apiErrorAdvice, classifyApiError, codeWord, credentialWordCode } from "./api-error.js";
import { namedFieldSuggestion, resumeTokenInputs, tokenToSendBack, type TokenToSendBack } from "./named-field.js";
import { STATUS_CODES } from "node:http";
import { isRecord, type ErrorCode, type ErrorEnvelope, type StepSpec } from "./types.js";
import type { Redactor } from "./redact.js";
import { repeatsSafely } from "./http/repeats.js";
import { denoise } from "./returns/denoise.js";
import { fitValue, noCuts } from "./returns/fit.js";
import { sized } from "./returns/size.js";

/** The `error` object of an envelope. */
export type ErrorDetail = ErrorEnvelope["error"];

/** What a caller knows about a failure; `suggestion` and `retryable` default per code. */
export interface ErrorInit {
  readonly code: ErrorCode;
  readonly message: string;
  readonly suggestion?: string;
  readonly status?: number;
  readonly retryable?: boolean;
  readonly field?: string;
  readonly retry_after_seconds?: number;
  readonly step?: string;
  readonly completed_steps?: readonly string[];
  readonly side_effects_committed?: boolean | "unknown";
  readonly poll?: ErrorDetail["poll"];
  /** The API's own error code word (`not_in_channel`, `missing_scope`), when it gave one. */
  readonly api_error?: string;
}

/** Upstream error summaries are cut to this many characters. */
export const ERROR_SUMMARY_CAP = 300;

const STATUS_CODE_TABLE: Readonly<Record<number, ErrorCode>> = {
  300: "INVALID_ARGUMENT",
  400: "INVALID_ARGUMENT",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "INVALID_ARGUMENT",
  429: "RATE_LIMITED",
};

/**
 * 300 (several matches: choose one), 400/422 → INVALID_ARGUMENT, 401, 403, 404, 409, 429; 5xx and anything else →
 * UPSTREAM_ERROR.
 */
export function statusToCode(status: number): ErrorCode {
  return STATUS_CODE_TABLE[status] ?? "UPSTREAM_ERROR";
}

/** Generic repair hints, used when neither the goals file nor the caller has a better one. */
export const DEFAULT_SUGGESTIONS: Readonly<Record<ErrorCode, string>> = {
  INVALID_ARGUMENT:
    "Check the arguments against the tool's input descriptions (required fields, formats, allowed values), fix " +
    "the one the API names, and call again.",
  NOT_FOUND: "Check the identifier you passed; if unsure, look it up with a list or search tool instead of guessing.",
  UNAUTHORIZED:
    "The API rejected the configured credentials. Do not retry; tell the user that the operator must configure " +
    "valid credentials.",
  FORBIDDEN:
    "The credentials lack permission for this operation. Do not retry; ask the user to grant access or choose " +
    "another action.",
  CONFLICT:
    "The resource's current state conflicts with the request (it may already exist or have changed). Fetch its " +
    "current state and decide; do not repeat the call unchanged.",
  RATE_LIMITED:
    "The API is rate limiting. Wait before calling again (retry_after_seconds says how long when the API said).",
  UPSTREAM_ERROR: "The API failed on its side. Retry once later; if it keeps failing, tell the user.",
  TIMEOUT: "The API did not answer in time. Retry once; if it times out again, narrow the request or try later.",
  UNREACHABLE:
    "The API could not be reached. Retry later; if it persists, tell the user the API or its configured base " +
    "URL is unreachable.",
  APPROVAL_REJECTED: "A human rejected this request. Do not retry it; ask the user how to proceed.",
  IN_PROGRESS:
    "The API is still working on it. Do not start it again: check again in a while with the ids in `poll` " +
    "(and the tool it names), then tell the user the outcome.",
};

/**
 * Advice for a code when calling again unchanged cannot help (the defaults of RATE_LIMITED, TIMEOUT, UNREACHABLE and
 * UPSTREAM_ERROR say to retry): the suggestion always agrees with `retryable`.
 */
export const FINAL_SUGGESTIONS: Readonly<Partial<Record<ErrorCode, string>>> = {
  RATE_LIMITED: "The API is rate limiting and this call must not be repeated unchanged; tell the user to try later.",
  UPSTREAM_ERROR:
    "The API refused the request in a way the tool cannot fix by changing arguments; tell the user instead of " +
    "retrying.",
  TIMEOUT: "The API did not answer in time; do not repeat the call unchanged. Tell the user, or narrow the request.",
  UNREACHABLE:
    "The API could not be reached; do not retry. Tell the user the API or its configured base URL is unreachable.",
};

/** The generic suggestion for a code that agrees with whether the call may be repeated unchanged. */
export function defaultSuggestion(code: ErrorCode, retryable: boolean): string {
  return retryable ? DEFAULT_SUGGESTIONS[code] : (FINAL_SUGGESTIONS[code] ?? DEFAULT_SUGGESTIONS[code]);
}

const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set(["RATE_LIMITED", "TIMEOUT", "UNREACHABLE", "IN_PROGRESS"]);

/** Whether calling again unchanged may succeed: rate limits, timeouts, unreachable APIs and 5xx statuses. */
export function isRetryable(code: ErrorCode, status?: number): boolean {
  if (code === "UPSTREAM_ERROR") return status === undefined || status >= 500;
  return RETRYABLE_CODES.has(code);
}

/** A complete error object with defaults filled in and absent fields left out. */
export function errorDetail(init: ErrorInit): ErrorDetail {
  const retryable = init.retryable ?? isRetryable(init.code, init.status);
  const detail: Record<string, unknown> = {
    code: init.code,
    message: init.message,
    suggestion: init.suggestion ?? defaultSuggestion(init.code, retryable),
    retryable,
  };
  const optional = [
    "step",
    "status",
    "field",
    "retry_after_seconds",
    "completed_steps",
    "side_effects_committed",
    "poll",
    "api_error",
  ] as const;
  for (const key of optional) if (init[key] !== undefined) detail[key] = init[key];
  return detail as unknown as ErrorDetail;
}

/** `{ error: … }` as a tool returns it. */
export function errorEnvelope(init: ErrorInit): ErrorEnvelope {
  return { error: errorDetail(init) };
}

/** The response a status answers by: exact code, then its range (`4XX`), then `default`. */
function responseKey(step: Pick<StepSpec, "responseDescriptions">, status: number): string | undefined {
  const table = step.responseDescriptions;
  return [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, "default"].find((k) =>
    Object.hasOwn(table, k),
  );
}

/** The spec's description of a status: exact code, then its range (`4XX`), then `default`. */
export function responseDescription(step: Pick<StepSpec, "responseDescriptions">, status: number): string | undefined {
  const key = responseKey(step, status);
  return key === undefined ? undefined : step.responseDescriptions[key];
}

/**
 * The spec's description of a failed status, unless the response it falls to is the success's own (Walmart's lone
 * `default`, "successful operation"): a 404 is never called a "successful operation".
 */
export function failureDescription(
  step: Pick<StepSpec, "responseDescriptions"> & Partial<Pick<StepSpec, "successStatus">>,
  status: number,
): string | undefined {
  const key = responseKey(step, status);
  return key === undefined || key === step.successStatus ? undefined : step.responseDescriptions[key];
}

/**
 * The hint for a failure: goals-file hint by status, then by code, else `fallback`, else the generic one that agrees
 * with `retryable` (default: the code's own).
 */
export function suggestionFor(
  step: Pick<StepSpec, "errorHints"> | undefined,
  code: ErrorCode,
  status?: number,
  fallback?: string,
  retryable = isRetryable(code, status),
): string {
  const hints = step?.errorHints ?? {};
  return (
    (status !== undefined ? hints[String(status)] : undefined) ??
    hints[code] ??
    fallback ??
    defaultSuggestion(code, retryable)
  );
}

type Shape = (body: Record<string, unknown>) => string | undefined;

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/**
 * The members of an error object under lower-case names (`Message` → `message`, as Postmark and ASP.NET answer); a
 * member spelt in lower case wins over another spelling of it.
 */
function lowerKeys(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const lower = key.toLowerCase();
    if (key === lower || !Object.hasOwn(out, lower)) out[lower] = value;
  }
  return out;
}

/** A list of message texts (Mux's `{error: {messages: ["…"], type}}`), joined; undefined when it holds none. */
function textList(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map(text).filter(Boolean).slice(0, 5).join("; ") || undefined;
}

/** Longest structured detail quoted beside a message, in characters of its JSON. */
const DETAIL_CAP = 300;

/**
 * A `detail` given as an object or a list (Apideck's `{"missing": [{"owner_id": "required"}]}` beside "Invalid
 * Params"), as compact JSON: it names what the message only classifies. Undefined when it holds no value or is not
 * structured. A
 * `details` list (Google's typed `@type` records) is not quoted so.
 */
function structuredDetail(detail: unknown): string | undefined {
  if (detail === null || typeof detail !== "object") return undefined;
  const json = JSON.stringify(detail);
  // Member names, brackets and nulls only (Anchore's `{"error_codes": []}`): it says nothing.
  const said = json.replace(MEMBER_NAME, "").replace(/null|[[\]{},\s]/g, "");
  return said === "" ? undefined : capText(json, DETAIL_CAP);
}

/**
 * The detail an error body gives beside its message, under its own name: `detail`, or DRACOON's `debugInfo`
 * (`{code: 400, message: "Bad request", debugInfo: "Node name is invalid", errorCode: -40001}`).
 */
const detailOf = (record: Readonly<Record<string, unknown>>): unknown => record["detail"] ?? record["debuginfo"];

/**
 * A message with the detail written beside it (Bitbucket's `{error: {message: "Bad request", detail: "…"}}`, apideck's
 * `{message: "Invalid Params", detail: "Missing property foobar"}` or `detail: {missing: [{foobar: "required"}]}`),
 * which names what the message only classifies; a text that holds the other is said alone. Undefined without a
 * message.
 */
function withDetail(message: string | undefined, detail: unknown, details?: unknown): string | undefined {
  const more = text(detail ?? details) ?? structuredDetail(detail);
  if (message === undefined || more === undefined) return message;
  const [m, d] = [message.toLowerCase(), more.toLowerCase()];
  if (m.includes(d)) return message;
  return d.includes(m) ? more : `${message}: ${more}`;
}

/**
 * An error item's text, after the field it names: `message` (else `detail`, `title`, `msg`, `description`,
 * `messages`, Velo's `errorMessage`), and `field`, `path`, `param`, a JSON:API `source` ({@link sourceOf}), or, in an
 * item without a `message`, a `location` beside the `locationType` that says it is one (Velo's `{errorMessage,
 * location: "payoutId", locationType: …}`; Google's items repeat their body's `message`, so their location is not
 * added).
 */
function messageOf(item: unknown): string | undefined {
  if (typeof item === "string") return text(item);
  if (item === null || typeof item !== "object") return undefined;
  const record = lowerKeys(item as Record<string, unknown>);
  const message =
    withDetail(text(record.message) ?? textList(record.message), detailOf(record), record.details) ??
    text(record.detail) ??
    text(record.title) ??
    text(record.msg) ??
    text(record.description) ??
    textList(record.messages) ??
    text(record.errormessage);
  const where =
    text(record.field) ??
    text(record.path) ??
    text(record.param) ??
    sourceOf(record.source) ??
    (text(record.locationtype) === undefined || record.message !== undefined ? undefined : text(record.location));
  return message && where ? `${where}: ${message}` : message;
}

/**
 * The request member a JSON:API error's `source` names: its `pointer` into the body, else the query `parameter`
 * (Amadeus' `{status: 400, code: 477, title: "INVALID FORMAT", source: {parameter: "departureDate"}}`), else the
 * `header`.
 */
function sourceOf(source: unknown): string | undefined {
  if (source === null || typeof source !== "object") return undefined;
  const record = source as Record<string, unknown>;
  return text(record.pointer) ?? text(record.parameter) ?? text(record.header);
}

const joinFirst = (...parts: (string | undefined)[]): string | undefined =>
  parts.filter(Boolean).join(": ") || undefined;

/**
 * The list an object wraps as its only member (`{errors: {error: […]}}`, an XML document's `<errors><error>` as
 * JSON).
 */
function wrappedList(value: unknown): unknown[] | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const members = Object.values(value);
  return members.length === 1 && Array.isArray(members[0]) ? members[0] : undefined;
}

const listMessages = (list: readonly unknown[] | undefined): string | undefined =>
  list === undefined ? undefined : list.map(messageOf).filter(Boolean).slice(0, 5).join("; ") || undefined;

const BODY_SHAPES: readonly Shape[] = [
  (b) => (text(b.title) && text(b.detail) ? `${text(b.title)}: ${text(b.detail)}` : undefined),
  (b) => withDetail(text(b.message) ?? textList(b.message), detailOf(b), b.details),
  (b) => (typeof b.error === "string" ? joinFirst(text(b.error), text(b.error_description)) : undefined),
  (b) => messageOf(b.error),
  (b) => listMessages(Array.isArray(b.errors) ? b.errors : wrappedList(b.errors)),
  (b) => (Array.isArray(b.reasons) ? listMessages(b.reasons) : undefined),
  (b) =>
    text(b.detail) ??
    (Array.isArray(b.detail) ? b.detail.map(messageOf).filter(Boolean).slice(0, 5).join("; ") : messageOf(b.detail)),
  (b) =>
    text(b.title) ??
    text(b.msg) ??
    text(b.description) ??
    text(b.error_description) ??
    text(b.fault) ??
    text(b.errormessage) ??
    text(b.error_message),
  // Apigee's `{"fault": {"faultstring": "Invalid ApiKey", "detail": {"errorcode": "oauth.v2.InvalidApiKey"}}}`.
  (b) => (isRecord(b.fault) ? text(lowerKeys(b.fault).faultstring) : undefined),
];

/**
 * An item error's text: its message, else the field it names and its code word (GitHub's `{field, code}`), else the
 * one field it maps to its words (Lyft's `{"cancel_confirmation": "a valid cancel_confirmation_token is required"}`).
 */
const itemText = (item: unknown): string | undefined => {
  const said = messageOf(item);
  if (said !== undefined || !isRecord(item)) return said;
  const record = lowerKeys(item);
  const [field, code] = [text(record.field), text(record.code)];
  if (field && code) return `${field}: ${code}`;
  const members = Object.entries(item);
  const [name, words] = members[0] ?? [];
  return members.length === 1 && name !== undefined && text(words) ? `${name}: ${text(words)}` : undefined;
};

/**
 * The item errors a body lists beside its message, at its top (`errors`, or Lyft's `error_detail`) or in an object of
 * its own: GitHub's `{message: "Validation Failed", errors: [{field, code}]}`, Codat's `{error: "Validation failed",
 * validation: {errors: […]}}`, Lyft's `{error, error_description, error_detail: [{<field>: <words>}]}`.
 */
function itemErrors(record: Readonly<Record<string, unknown>>): string[] {
  const nested = Object.values(record)
    .filter(isRecord)
    .map((member) => lowerKeys(member).errors);
  return [record.errors, record.error_detail, record.error_details, ...nested]
    .filter(Array.isArray)
    .flatMap((list) => list.map(itemText))
    .filter((t): t is string => t !== undefined);
}

/** Whether `text` holds `part` as whole words, case aside. */
const saysWhole = (text: string, part: string): boolean =>
  new RegExp(`(?:^|\\W)${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|\\W)`, "i").test(text);

/** The summary with the item errors it does not already say (the first 5), which name what it only classifies. */
function withItemErrors(summary: string, record: Readonly<Record<string, unknown>>): string {
  const more = itemErrors(record)
    .filter((t) => !saysWhole(summary, t))
    .slice(0, 5);
  return more.length === 0 ? summary : `${summary.replace(/[.:;]+$/, "")}: ${more.join("; ")}`;
}

function textBodySummary(body: string): string | undefined {
  const plain = /<\/?[a-z][\s\S]*>/i.test(body)
    ? body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " ")
    : body;
  return text(plain.replace(/\s+/g, " "));
}

/**
 * The error a body carries one level down, in a member object holding an `error` or `errors` (Qualtrics'
 * `{meta: {httpStatus, error: {errorMessage, errorCode}}}`) or an `error_message` (Instagram's `{meta: {error_type:
 * "APINotFoundError", code: 400, error_message: "this user does not exist"}}`), read as a body's own; undefined when
 * none says anything.
 */
function metaError(record: Readonly<Record<string, unknown>>): string | undefined {
  for (const member of Object.values(record)) {
    if (!isRecord(member)) continue;
    const inner = lowerKeys(member);
    const said = text(inner.error_message) ?? text(inner.errormessage);
    if (inner.error === undefined && inner.errors === undefined && said === undefined) continue;
    for (const shape of BODY_SHAPES.slice(2, 5)) {
      const found = shape(inner);
      if (found) return found;
    }
    if (said !== undefined) return said;
  }
  return undefined;
}

function rawSummary(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return textBodySummary(body);
  if (typeof body !== "object") return String(body);
  if (!Array.isArray(body)) {
    const record = lowerKeys(body as Record<string, unknown>);
    for (const shape of BODY_SHAPES) {
      const found = shape(record);
      if (found) return withItemErrors(found, record);
    }
    const items = itemErrors(record).slice(0, 5);
    if (items.length > 0) return items.join("; ");
    const inner = metaError(record);
    if (inner) return inner;
  }
  const json = JSON.stringify(body);
  return json === "{}" || json === "[]" ? undefined : json;
}

/** Cuts text to `cap` characters, marking the cut. */
export function capText(value: string, cap: number): string {
  return value.length <= cap ? value : `${value.slice(0, cap - 1)}…`;
}

/**
 * A one-line summary of an upstream error body — `{message}`, `{error}`, `{error:{message}}`, `{errors:[…]}` (or
 * Walmart's `{errors:{error:[…]}}`, Zuora's `{reasons:[{code, message}]}`), FastAPI's `{detail}` as text, a list or an
 * object with its own message (ElevenLabs' `{detail: {status, message}}`), RFC 7807 `{title, detail}`, text or HTML —
 * scrubbed of secrets first, then capped, so a cut never leaves half a secret.
 */
export function summarizeErrorBody(body: unknown, redact?: Redactor, cap = ERROR_SUMMARY_CAP): string | undefined {
  const summary = rawSummary(body);
  if (summary === undefined) return undefined;
  return capText(redact ? redact(summary) : summary, cap);
}

/** What an HTTP failure needs to become an error object. */
export interface HttpFailure {
  readonly step: Pick<StepSpec, "operationId" | "responseDescriptions" | "errorHints"> &
    Partial<
      Pick<
        StepSpec,
        | "params"
        | "body"
        | "successStatus"
        | "unsent"
        | "method"
        | "readOnly"
        | "repeats"
        | "idempotent"
        | "idempotencyKey"
      >
    >;
  readonly status: number;
  readonly body?: unknown;
  /** The seconds its `Retry-After` header asks to wait. */
  readonly retryAfterSeconds?: number;
  /** The seconds until a rate-limit reset header's time (`X-RateLimit-Reset`): a wait only when rate limited. */
  readonly resetSeconds?: number;
  readonly redact?: Redactor;
  /** Used when the goals file has no hint for this status or code (e.g. the credential variable for a 401). */
  readonly suggestion?: string;
  /** The API's own error code word, read from an error document that names it (AWS's XML `<Code>`). */
  readonly apiError?: string;
}

/**
 * The status in words with its documented description; a refusal the answer says is for the account's plan leaves
 * out a description that says nothing of a plan (Spotify documents its 403 as "Bad OAuth request (wrong consumer key,
 * …)", answered `PREMIUM_REQUIRED`).
 */
function statusPhrase(step: HttpFailure["step"], status: number, plan = false, word?: string): string {
  const documented = failureDescription(step, status);
  const description =
    (plan && documented !== undefined && !SAYS_PLAN.test(documented)) || namesOtherError(documented, word)
      ? undefined
      : documented;
  const reason = STATUS_CODES[status] ?? "Unknown status";
  return description && description.toLowerCase() !== reason.toLowerCase()
    ? `${status} ${reason} (${description})`
    : `${status} ${reason}`;
}

/** The code word a status's description opens with (Stack Exchange's "bad_parameter – 400 An invalid …"). */
const OPENING_WORD = /^\s*([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/;

/**
 * Whether the status's documented description names another error than the answer's code word: Stack Exchange
 * documents 400 as `bad_parameter` and answers a throttled call 400 `throttle_violation`; that description would say
 * the arguments were wrong.
 */
export function namesOtherError(description: string | undefined, word: string | undefined): boolean {
  const opening = description === undefined ? undefined : OPENING_WORD.exec(description)?.[1];
  return opening !== undefined && word !== undefined && codeWord(word) !== opening;
}

function rateLimitSuggestion(seconds: number | undefined): string | undefined {
  return seconds === undefined ? undefined : `Wait ${seconds} second${seconds === 1 ? "" : "s"}, then call again.`;
}

/**
 * Whether a 503 answered a step the runtime does not resend (see `repeatsSafely`): a write that is neither idempotent
 * nor keyed, a GET whose words act. A step whose effect nobody classified (no method) is not.
 */
function unavailableWrite(step: HttpFailure["step"], status: number): boolean {
  return status === 503 && unsafeToRepeat(step);
}

/** A step the runtime would not resend: a write without its key whose words do not make a repeat safe. */
function unsafeToRepeat(step: HttpFailure["step"]): boolean {
  if (step.method === undefined || step.idempotencyKey !== undefined) return false;
  const { method, readOnly, repeats, idempotent } = step;
  return !repeatsSafely({ method, readOnly, repeats: repeats === true, idempotent: idempotent === true });
}

/**
 * What to say of a 500, 502 or 504 to a step the runtime would not resend (`unsafeToRepeat`): none of them says the
 * action was not carried out (RFC 9110 §15.6: a 500 is a fault met while handling the request, a 502 an invalid answer
 * from the server behind a gateway, a 504 none in time), so its outcome is unknown; undefined for any other answer.
 */
function unknownOutcomeWrite(step: HttpFailure["step"], status: number): string | undefined {
  if (!unsafeToRepeat(step)) return undefined;
  if (status === 504) return GATEWAY_TIMEOUT_WRITE;
  if (status === 502) return BAD_GATEWAY_WRITE;
  return status === 500 ? SERVER_FAULT_WRITE : undefined;
}

/** What a write with an unknown outcome must do next: look before repeating, or tell the user. */
const LOOK_FIRST =
  '(side_effects_committed: "unknown"), and calling this tool again could carry it out a second time. Check with a ' +
  "read tool whether it happened before anything else; if no tool can tell, tell the user the outcome is unknown.";

/** Said of a 504 to a write sent once: the outcome is unknown, so look before repeating. */
export const GATEWAY_TIMEOUT_WRITE =
  "A gateway in front of the API gave up waiting for its answer, so the API may have carried this action out " +
  LOOK_FIRST;

/** Said of a 502 to a write sent once: the gateway got no valid answer, but the API behind it may have acted. */
export const BAD_GATEWAY_WRITE =
  "A gateway in front of the API got no valid answer from it, so the API may have carried this action out " +
  LOOK_FIRST;

/** Said of a 500 to a write sent once: the API failed while handling it, perhaps after doing part or all of it. */
export const SERVER_FAULT_WRITE =
  "The API failed on its side while handling this action and did not say whether it carried it out, in full or " +
  `in part ${LOOK_FIRST}`;

/** The suggestions that make an error's outcome unknown (`side_effects_committed: "unknown"`, not retryable). */
const UNKNOWN_OUTCOMES: ReadonlySet<string> = new Set([GATEWAY_TIMEOUT_WRITE, BAD_GATEWAY_WRITE, SERVER_FAULT_WRITE]);

/** Said of a 503 to a write sent once (`unavailableWrite`): what it most likely means, and to look before repeating. */
export const UNAVAILABLE_WRITE =
  "The API said it was unavailable, which usually means it did not carry this action out; it was sent once and not " +
  "repeated, since a repeat could carry it out twice. If a read tool can show whether it happened, check that first; " +
  "then call again once. If it keeps failing, tell the user.";

/** Said of a failure other than a rate limit whose answer asks for a wait (a cooldown's 409): the same call, later. */
const waitSuggestion = (seconds: number): string =>
  `The API asks to wait ${seconds} second${seconds === 1 ? "" : "s"} before this call can go through: ` +
  "wait that long, then repeat the same call.";

/**
 * The seconds a failed answer asks to wait: its `Retry-After` header, else (a rate limit only) a reset header, else a
 * wait its JSON body names (any failure: SpaceTraders' 409 on cooldown), else (a rate limit only) one its message
 * says in words. A failure other than a rate limit counts only a wait of more than 0 seconds (Bungie answers
 * `ThrottleSeconds: 0` on every call).
 */
function waitAsked(failure: HttpFailure, code: ErrorCode, summary: string | undefined): number | undefined {
  if (code === "RATE_LIMITED")
    return (
      failure.retryAfterSeconds ?? failure.resetSeconds ?? retryAfterInBody(failure.body) ?? retryAfterInText(summary)
    );
  const seconds = failure.retryAfterSeconds ?? retryAfterInBody(failure.body);
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}

/** The codes an API's code word may give a 400 (AWS answers `Throttling`, `NoSuchEntity`, `EntityAlreadyExists`). */
const WORDED_400 = new Set<ErrorCode>(["RATE_LIMITED", "NOT_FOUND", "CONFLICT"]);

/**
 * A 4xx (not 401, 429) whose code word says the credential is missing or refused: UNAUTHORIZED or FORBIDDEN as the
 * word says (`credentialWordCode`). A 400 whose API code word says the call was throttled, named a missing record,
 * or conflicts: that code; a 403 or a
 * 5xx whose word says a rate limit or quota was reached (Google answers `rateLimitExceeded`, `dailyLimitExceeded` with
 * 403, Stack Exchange documents `throttle_violation` as 502): a rate limit, not a refusal of the credentials nor a
 * failure of the API's own.
 */
function apiErrorCode(status: number, word: string | undefined): ErrorCode | undefined {
  if (word === undefined) return undefined;
  if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
    const credential = credentialWordCode(word);
    if (credential !== undefined) return credential;
  }
  if (status !== 400 && status !== 403 && status < 500) return undefined;
  const { code } = classifyApiError(word);
  if (status !== 400) return code === "RATE_LIMITED" ? code : undefined;
  return WORDED_400.has(code) ? code : undefined;
}

/** Words saying the limit reached is a day's or longer: "Daily Limit Exceeded", "limit 'Queries per day'". */
const SAYS_LONG_LIMIT = /\bdaily\b|\bper[\s_-]?(?:day|month)\b|\bmonthly\b|\bfor (?:the|to)day\b/i;

/**
 * Whether a rate limit's word or message says a quota of a day or longer is used up (Google's `dailyLimitExceeded`,
 * "Quota exceeded for quota metric 'Queries' and limit 'Queries per day'"): waiting a minute does not end it.
 */
export function longLimitSaid(code: ErrorCode, word: string | undefined, summary: string | undefined): boolean {
  if (code !== "RATE_LIMITED") return false;
  if (word !== undefined && classifyApiError(word).code === "RATE_LIMITED" && !classifyApiError(word).retryable)
    return true;
  return SAYS_LONG_LIMIT.test(`${word === undefined ? "" : codeWord(word).replace(/_/g, " ")} ${summary ?? ""}`);
}

/** Said of a rate limit whose quota is a day's or longer (`longLimitSaid`) when the API gave no wait. */
export const LONG_LIMIT =
  "The API says a quota of a day or longer is used up (the message names it): calling again before it resets will " +
  "fail the same way. Do not retry now; tell the user the limit was reached and that the call can be made again " +
  "once the quota resets.";

/** An RFC 7807 problem's title that names its type in a few words ("Member Exists"), not a sentence. */
const PROBLEM_TITLE = /^[A-Za-z]+(?: [A-Za-z]+){0,3}$/;

/**
 * The code a 400 problem document's title names (`{"title": "Member Exists", "detail": "… is already a list member."}`
 * → CONFLICT), as a code word would: Mailchimp answers every refusal 400 under one problem `type` and tells them apart
 * by title. Only a title of up to four words beside a `detail` or `type`, and only the codes a 400's word may give.
 */
export function problemTitleCode(status: number, body: unknown): ErrorCode | undefined {
  if (!isRecord(body) || typeof body.title !== "string" || !PROBLEM_TITLE.test(body.title.trim())) return undefined;
  if (typeof body.detail !== "string" && typeof body.type !== "string") return undefined;
  return apiErrorCode(status, body.title);
}

/** A one-sentence message that only says a record is missing: "This bounce was not found.", "User does not exist". */
const RECORD_NOT_FOUND = new RegExp(
  "^(?:(?:the|this|that|requested|specified)\\s+)?([a-z][\\w '-]{0,40}?)\\s+" +
    "(?:(?:(?:was|were|is|are)\\s+)?not\\s+found|(?:could|can)(?:\\s+not|not|n't)\\s+be\\s+found|" +
    "(?:does|do)(?:\\s+not|n't)\\s+exist)\\s*[.!]?$",
  "i",
);
/** Subjects that are parts of the request, not records: a missing field is a wrong argument, a missing route a bug. */
const REQUEST_PART = new RegExp(
  "\\b(?:field|parameter|param|property|argument|attribute|key|header|column|variable|value|" +
    "route|endpoint|path|url|method|format|version)s?\\b",
  "i",
);

/**
 * NOT_FOUND for a 400 or 422 without a code word whose whole message says a record does not exist (Postmark answers
 * every error 422: `{"ErrorCode": 701, "Message": "This bounce was not found."}`); undefined otherwise, so the status
 * decides (a field, parameter or route "not found" stays the status's code).
 */
export function notFoundSaid(status: number, summary: string | undefined): ErrorCode | undefined {
  if ((status !== 400 && status !== 422) || summary === undefined) return undefined;
  const subject = RECORD_NOT_FOUND.exec(summary.trim())?.[1];
  return subject === undefined || REQUEST_PART.test(subject) ? undefined : "NOT_FOUND";
}

/**
 * A member that names a wait in seconds, its name lower-cased without `_`/`-`: `retry_after` (Telegram, Discord),
 * `retryAfterSeconds` (Kubernetes), GoDaddy's `retryAfterSec`, Bungie's `ThrottleSeconds`, `wait_seconds`.
 */
const WAIT_NAME =
  /^(?:retryafter(?:seconds|secs?)?|retryinseconds|retrydelay|(?:wait|throttle|cooldown)(?:seconds|secs?))$/;
/** A holder named for a wait (`cooldown`, `throttle`, `retry`, `wait`) and its member that counts its seconds. */
const WAIT_HOLDER = /cooldown|throttl|retry|wait/;
const HELD_WAIT_NAME = /^(?:remaining)?(?:seconds|secs?)$|^secondsremaining$/;
/** How deep an object may hold the wait: SpaceTraders' `error.data.cooldown` is three down. */
const WAIT_DEPTH = 3;

/** Seconds as a number, as digits, or as a protobuf Duration's JSON (`"37s"`, `"1.5s"`: Google's `retryDelay`). */
const waitSeconds = (value: unknown): number | undefined => {
  const digits = typeof value === "string" ? /^(\d+(?:\.\d+)?)s?$/.exec(value.trim())?.[1] : undefined;
  const seconds = digits !== undefined ? Number(digits) : value;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
};

/** States a record is already in that leave nothing for the call to do: "already cancelled", "already merged". */
const DONE_STATES =
  "cancell?ed|closed|paid|completed?|processed|shipped|fulfilled|accepted|declined|rejected|approved|published|" +
  "sent|submitted|finali[sz]ed|voided|refunded|captured|confirmed|archived|deleted|settled|resolved|locked|" +
  "started|finished|ended|activated|deactivated|enabled|disabled|redeemed|expired|merged|released|signed|" +
  "issued|verified|stopped|suspended|terminated|revoked|booked|voted|uploaded|unsubscribed|subscribed|linked|" +
  "assigned|checked\\s+(?:in|out)";

/**
 * Words saying the record's state does not allow the call: it has expired, is already done, no longer open, closed,
 * or in a state that does not allow it. A task "already running" or "in progress" is not one (it may end).
 */
const STATE_SAID = new RegExp(
  [
    String.raw`\b(?:has|have|had|is|are|was|were)\s+(?:already\s+)?expired\b`,
    String.raw`^(?:\w+\s+)?expired[.!]?$`,
    String.raw`\balready\s+(?:been\s+)?(?:marked\s+(?:as\s+)?)?(?:${DONE_STATES})\b`,
    String.raw`\b(?:is|are|was|were|has\s+been|have\s+been)\s+(?:${DONE_STATES})\s+already\b`,
    String.raw`\bno\s+longer\s+(?:available|active|valid|open|pending|editable|possible|allowed|accepting)\b`,
    String.raw`\b(?:is|are|was|were)\s+(?:closed|locked|finali[sz]ed|archived|inactive|suspended|frozen|voided)\b`,
    String.raw`\b(?:state|status)\s+(?:does\s+not|doesn't|do\s+not|don't)\s+(?:allow|permit)\b`,
    String.raw`\bnot\s+allowed\s+(?:in|for|with|from)\s+(?:(?:the|its|this|that)\s+)?(?:current\s+)?(?:state|status)\b`,
    String.raw`\bin\s+(?:an?\s+)?(?:invalid|wrong|incorrect|unexpected)\s+(?:state|status)\b`,
    String.raw`\b(?:in|for|with)\s+(?:its|the|their|this|that)\s+current\s+(?:state|status)\b`,
    String.raw`\bnot\s+in\s+a\s+(?:state|status)\b`,
  ].join("|"),
  "i",
);

/** An expired credential, code, link, date or card: a value the call passed or the tool holds, not a record's state. */
const EXPIRED_VALUE = new RegExp(
  String.raw`\b(?:token|key|code|session|password|signature|certificate|credentials?|otp|nonce|jwt|cookie|grant|` +
    String.raw`secret|request|link|url|timestamp|date|time|card)s?\s+(?:has|have|had|is|are|was|were)\s+` +
    String.raw`(?:already\s+)?expired\b`,
  "gi",
);

/** Words of a field's validation (a value required, blank, too long, malformed): an argument is wrong too. */
const ARGUMENT_SAID = new RegExp(
  String.raw`\brequired\b|\b(?:is|are|be)\s+(?:missing|blank|empty)\b|` +
    String.raw`\bcan(?:'t|not|\s+not)\s+be\s+(?:blank|empty|null)\b|` +
    String.raw`\btoo\s+(?:long|short)\b|\bnot\s+a\s+valid\b|\binvalid\s+(?:value|format|parameter|input)\b|\bformat\b`,
  "i",
);

/**
 * Whether an answer's words say the record's state does not allow the call ("This offer has expired.", "Document is
 * already cancelled", "Certificate state does not allow revoke") and name no argument a field validation would: an
 * expired token or card, a value already taken or existing, a required or malformed field stay the status's code.
 */
export function saysStateConflict(said: string | undefined): boolean {
  if (said === undefined || ARGUMENT_SAID.test(said)) return false;
  return STATE_SAID.test(said.replace(EXPIRED_VALUE, " "));
}

/**
 * CONFLICT for a 400 or 422 whose answer says the record's state does not allow the call (Reverb's 422 "This offer has
 * expired.", an invoice "already cancelled"): no argument fixes it, so it is not told as one.
 */
export function stateConflictSaid(status: number, said: string | undefined): ErrorCode | undefined {
  return (status === 400 || status === 422) && saysStateConflict(said) ? "CONFLICT" : undefined;
}

export const STATE_CONFLICT =
  "The API says the record's current state does not allow this (the message says why: expired, already done, " +
  "closed). No change of arguments fixes that and calling again will fail the same way: do not retry. Read the " +
  "record if you need its state, and tell the user what the API said.";

/**
 * The seconds an error's JSON body asks to wait, rounded up: a member named for it at any depth up to three objects
 * down, the shallowest first (Telegram's `{"parameters": {"retry_after": 35}}`, Discord's `{"retry_after": 6.457}`,
 * Kubernetes' `details.retryAfterSeconds`), or the remaining seconds of a `cooldown` (SpaceTraders' `{error: {data:
 * {cooldown: {remainingSeconds: 42}}}}`). Undefined when it says no number of seconds (a date, a phrase, nothing).
 */
export function retryAfterInBody(body: unknown): number | undefined {
  let level: (readonly [Record<string, unknown>, string])[] = isRecord(body) ? [[body, ""]] : [];
  for (let depth = 0; depth <= WAIT_DEPTH && level.length > 0; depth++) {
    const next: (readonly [Record<string, unknown>, string])[] = [];
    for (const [holder, holderName] of level)
      for (const [key, value] of Object.entries(holder)) {
        const name = key.toLowerCase().replace(/[^a-z0-9]/g, "");
        const named = WAIT_NAME.test(name) || (WAIT_HOLDER.test(holderName) && HELD_WAIT_NAME.test(name));
        const seconds = named ? waitSeconds(value) : undefined;
        if (seconds !== undefined) return seconds;
        if (isRecord(value)) next.push([value, name]);
        // A list of typed details (Google's `details: [{"@type": "…RetryInfo", "retryDelay": "37s"}]`).
        if (Array.isArray(value)) for (const item of value.filter(isRecord)) next.push([item, name]);
      }
    level = next;
  }
  return undefined;
}

/** One part of a wait said in words: `1m30s` is two, `7.2s`, `20ms`, `60 seconds`, `5 minutes` one. */
const WAIT_UNIT = "ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?";
const WAIT_PART = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*(${WAIT_UNIT})(?![a-z])`, "gi");
/**
 * "Please try again in 1s", "retry after 30 seconds", "try again in 1m30s", Stack Exchange's "more requests available
 * in 82216 seconds": the wait, after the words that ask it.
 */
const SAID_WAIT = new RegExp(
  `\\b(?:try(?: it)? again|retry|wait|requests? (?:are |will be )?available)\\s+(?:in|after|for)?\\s*` +
    `((?:\\d+(?:\\.\\d+)?\\s*(?:${WAIT_UNIT})(?![a-z])\\s*)+)`,
  "i",
);
const UNIT_SECONDS: Readonly<Record<string, number>> = { ms: 0.001, s: 1, m: 60, h: 3600 };

const unitSeconds = (unit: string): number => {
  const lower = unit.toLowerCase();
  return lower.startsWith("ms") || lower.startsWith("milli") ? UNIT_SECONDS.ms! : (UNIT_SECONDS[lower[0]!] ?? 1);
};

/**
 * The seconds a rate-limit message asks to wait in its words (OpenAI's "Please try again in 1s.", "… in 20ms", "… in
 * 1m30s", "Retry after 30 seconds"), rounded up; undefined when it names no wait with a unit.
 */
export function retryAfterInText(text: string | undefined): number | undefined {
  const said = text === undefined ? undefined : SAID_WAIT.exec(text)?.[1];
  if (said === undefined) return undefined;
  let seconds = 0;
  for (const [, amount, unit] of said.matchAll(WAIT_PART)) seconds += Number(amount) * unitSeconds(unit ?? "s");
  return Number.isFinite(seconds) ? Math.ceil(seconds) : undefined;
}

/** Words saying the API limits how often it may be called: "rate limit exceeded", "Too Many Requests", "throttled". */
const SAYS_RATE_LIMIT = /\brate[\s_-]?limit|\btoo many (?:requests|calls)\b|\bthrottl/i;

/**
 * RATE_LIMITED for a 403 whose answer says a rate limit was hit (VictorOps documents its 403 "Authentication failed or
 * rate-limit reached"; GitHub answers its secondary limit with a 403 "You have exceeded a secondary rate limit").
 */
export function rateLimitSaid(status: number, summary: string | undefined): ErrorCode | undefined {
  return status === 403 && summary !== undefined && SAYS_RATE_LIMIT.test(summary) ? "RATE_LIMITED" : undefined;
}

/** Said of a 403 the API documents as a refusal or a rate limit when its answer does not say which. */
export const REFUSAL_OR_RATE_LIMIT =
  "The API documents this status as either a refusal of the credentials or its rate limit reached, and its answer " +
  "did not say which. Wait about a minute and call once more; if it fails the same way, the credentials lack " +
  "permission: tell the user, and do not retry again.";

/** Whether a FORBIDDEN answer may be a rate limit: the status's documented description names one. */
const mayBeRateLimit = (failure: HttpFailure, code: ErrorCode): boolean =>
  code === "FORBIDDEN" && SAYS_RATE_LIMIT.test(failureDescription(failure.step, failure.status) ?? "");

/** Words saying the account's plan does not cover the call: "premium", an upgrade, a paid or higher plan. */
const SAYS_PLAN = new RegExp(
  String.raw`\bpremium\b|\bupgrade\b|\b(?:paid|higher|current|your) (?:plan|tier|subscription)\b|` +
    String.raw`\bsubscription (?:is )?required\b`,
  "i",
);

/**
 * A message saying the API does not support what was asked (Codat's "Integration 'Xero' does not support
 * pushing…").
 */
const UNSUPPORTED_SAID =
  /\b(?:does not|doesn't|do not|don't|cannot|can't|can not) support\b|\bnot supported\b|\bunsupported\b/i;

/** Said of a 402 or 403 whose answer or documented description says the account's plan lacks the feature. */

export const UNSUPPORTED_CONFLICT =
  "The API says it does not support this request here (the message says what); the record's state is not the " +
  "cause, so reading it and calling again will fail the same way. Do not retry it unchanged; tell the user, or do " +
  "what the message says is supported.";

/** The suggestion for a CONFLICT whose message says the request is not supported, rather than a state to read. */
export function unsupportedConflict(code: ErrorCode, summary: string | undefined): string | undefined {
  return code === "CONFLICT" && summary !== undefined && UNSUPPORTED_SAID.test(summary)
    ? UNSUPPORTED_CONFLICT
    : undefined;
}

export const PLAN_REFUSAL =
  "The API says the account's plan does not include this (it needs a premium or higher plan); no other arguments, " +
  "retry or credential change that. Do not retry; tell the user their plan must be upgraded for it.";

/**
 * Whether a 402 or 403 refuses the call for the account's plan: its own code word (Spotify's `PREMIUM_REQUIRED`) or
 * message says so, or for a 402 the status's documented description (Asana's "above your current premium level").
 */
export function planRefused(failure: HttpFailure, summary: string | undefined): boolean {
  if (failure.status !== 402 && failure.status !== 403) return false;
  const word = failure.apiError === undefined ? "" : codeWord(failure.apiError).replace(/_/g, " ");
  const documented = failure.status === 402 ? (failureDescription(failure.step, failure.status) ?? "") : "";
  const said = [word, summary ?? "", documented];
  return said.some((text) => SAYS_PLAN.test(text));
}

/**
 * Words saying a sync token or cursor the call carried has expired (Google's 410 `fullSyncRequired` "Sync token is no
 * longer valid, a full sync is required.", People's `EXPIRED_SYNC_TOKEN`, Graph's `resyncRequired`/`syncStateNotFound`,
 * Kubernetes' "too old resource version").
 */
const SAYS_TOKEN_EXPIRED = new RegExp(
  String.raw`\bfull[\s_-]?sync\b|\bre-?sync[\s_-]?required\b|\bsync[\s_-]?state[\s_-]?not[\s_-]?found\b|` +
    String.raw`\btoo old resource version\b|` +
    String.raw`\bexpired[\s_-](?:sync|page|delta|continuation)?[\s_-]?(?:token|cursor)\b|` +
    String.raw`(?<!\b(?:access|refresh|auth|id|api)[\s_-]?)\b(?:(?:sync|page|delta|continuation)[\s_-]?)?` +
    String.raw`(?:token|cursor)s?\b[^.]*?\b(?:expired|no longer valid|invalidated)\b`,
  "i",
);

/**
 * What to do after a 410 Gone whose words say the sync token or cursor the call sent expired: list again from scratch
 * without it (a full sync, as Google's `syncToken` documents), naming the arguments that sent it; undefined for any
 * other answer.
 */
export function expiredTokenSuggestion(step: HttpFailure["step"], status: number, words: string): string | undefined {
  if (status !== 410 || !SAYS_TOKEN_EXPIRED.test(words)) return undefined;
  const inputs = resumeTokenInputs({ params: step.params ?? [], body: step.body }, words);
  const named = inputs.length === 0 ? "the sync token or cursor" : inputs.map((i) => `\`${i}\``).join(", ");
  return (
    `The API says ${named} this call sent has expired, so it cannot carry on from there, and sending it again will ` +
    `fail the same way. Call again without ${named} to list everything from scratch (a full sync; a new token comes ` +
    "with its last page), and use that from now on."
  );
}

/**
 * An error object for a non-2xx response: code by status, message from the spec's description and the upstream body.
 */
export function httpStatusError(failure: HttpFailure): ErrorDetail {
  const { step, status, apiError } = failure;
  const summary = status === 300 ? choicesSaid(failure) : summarizeErrorBody(failure.body, failure.redact);
  const words = apiError === undefined ? undefined : codeWord(apiError).replace(/_/g, " ");
  const stateWords = [words, summary].filter((part) => part !== undefined && part !== "").join(". ");
  const code =
    apiErrorCode(status, apiError) ??
    callerErrorCode(status, failure.body) ??
    (apiError === undefined ? problemTitleCode(status, failure.body) : undefined) ??
    (apiError === undefined ? notFoundSaid(status, summary) : undefined) ??
    stateConflictSaid(status, stateWords) ??
    rateLimitSaid(status, summary) ??
    (planRefused(failure, summary) ? "FORBIDDEN" : statusToCode(status));
  const plan = code === "FORBIDDEN" && planRefused(failure, summary);
  const unsure = !plan && mayBeRateLimit(failure, code);
  const said = apiError !== undefined && !summary?.includes(apiError) ? `${apiError}: ${summary ?? ""}` : summary;
  const token =
    status >= 400 && status < 500 && status !== 401
      ? tokenToSendBack({ params: step.params ?? [], body: step.body }, failure.body)
      : undefined;
  const waitMends = code !== "UNAUTHORIZED" && !plan && token === undefined;
  const retryAfterSeconds = waitMends ? waitAsked(failure, code, summary) : undefined;
  // A wait asked with a 500/502/504 to a write sent once does not make its outcome known: look before repeating.
  const unknownOutcome = code === "UPSTREAM_ERROR" ? unknownOutcomeWrite(step, status) : undefined;
  const timed = retryAfterSeconds !== undefined && code !== "RATE_LIMITED" && unknownOutcome === undefined;
  const spent = retryAfterSeconds === undefined && longLimitSaid(code, apiError, summary);
  const message =
    `${step.operationId} failed with HTTP ${statusPhrase(step, status, plan, apiError)}.` +
    (said ? ` The API said: ${said}` : "") +
    (token === undefined ? "" : `${said !== undefined && !/[.!?]$/.test(said) ? "." : ""}${tokenSaid(token)}`);
  const fallback =
    (token === undefined ? undefined : tokenSuggestion(token)) ??
    failure.suggestion ??
    (plan ? PLAN_REFUSAL : undefined) ??
    (status === 300 ? MULTIPLE_CHOICES : undefined) ??
    expiredTokenSuggestion(step, status, stateWords) ??
    unknownOutcome ??
    (timed ? waitSuggestion(retryAfterSeconds) : undefined) ??
    (code === "UPSTREAM_ERROR" && unavailableWrite(step, status) ? UNAVAILABLE_WRITE : undefined) ??
    (unsure ? REFUSAL_OR_RATE_LIMIT : undefined) ??
    (spent ? LONG_LIMIT : undefined) ??
    (code === "RATE_LIMITED" ? rateLimitSuggestion(retryAfterSeconds) : undefined) ??
    (code === "FORBIDDEN" && apiError !== undefined ? apiErrorAdvice(apiError) : undefined) ??
    (code === "INVALID_ARGUMENT" ? rejectionSuggestion(step, said) : undefined) ??
    unsupportedConflict(code, summary) ??
    (code === "CONFLICT" && saysStateConflict(stateWords) ? STATE_CONFLICT : undefined);
  const redact = failure.redact ?? ((value: string) => value);
  return errorDetail({
    code,
    status,
    message: redact(message),
    suggestion: timedSuggestion(
      suggestionFor(step, code, status, fallback, spent ? false : unsure || timed || undefined),
      retryAfterSeconds,
    ),
    ...(unsure || timed ? { retryable: true } : {}),
    ...(spent ? { retryable: false } : {}),
    ...(fallback !== undefined && UNKNOWN_OUTCOMES.has(fallback)
      ? { retryable: false, side_effects_committed: "unknown" as const }
      : {}),
    retry_after_seconds: retryAfterSeconds,
    ...(apiError === undefined ? {} : { api_error: apiError }),
  });
}

/**
 * A 300 Multiple Choices answer lists the matches of an ambiguous argument (TfL's journey planner: the stations and
 * places a free-text `to` may mean, each with the value to send): those are what the model needs, so its whole body
 * is passed on, fitted member by member to this many characters (its quotes escaped in the message, it still leaves
 * room in a ~2 KB result for the rest of the error), where another failure's is summarised in 300.
 */
const CHOICES_CAP = 1100;

/** A 300's body as JSON text, without noise (nulls, empties, links) and fitted to CHOICES_CAP member by member. */
const choicesSaid = (failure: HttpFailure): string | undefined => {
  const body = denoise(failure.body);
  if (body === undefined) return undefined;
  if (typeof body !== "object") return summarizeErrorBody(body, failure.redact, CHOICES_CAP);
  const cuts = noCuts();
  const fitted = fitValue(sized(body), CHOICES_CAP, "", cuts);
  const text = JSON.stringify(fitted ?? body);
  const shown = cuts.arrays.map((a) => `${a.kept} of the ${a.total} in ${a.path || "the list"} shown`).join("; ");
  return (shown === "" ? "" : `(${shown}) `) + capText(failure.redact ? failure.redact(text) : text, CHOICES_CAP);
};

const MULTIPLE_CHOICES =
  "The API found more than one match for the arguments and answered with its choices (HTTP 300 Multiple Choices; " +
  "the message lists them). Ask the user which one they mean, then call again with that choice in place of the " +
  "argument that matched several (or with more exact words when theirs is not shown); do not pick one for them.";

/** The token a refusal hands back, with its terms (Lyft's cancellation fee), as the error's message says it. */
const tokenSaid = (t: TokenToSendBack): string =>
  ` The answer carries \`${t.member}\` ${JSON.stringify(t.value)}` + `${t.terms === "" ? "" : ` with ${t.terms}`}.`;

/**
 * What to do with a token a refusal hands back: the API wants the user's consent (to a fee, a surcharge) before the
 * call goes through, so the model asks and, only on a yes, calls again sending the token back.
 */
const tokenSuggestion = (t: TokenToSendBack): string =>
  `The API asks for a confirmation the call did not carry. Tell the user what the answer says` +
  `${t.terms === "" ? "" : ` (${t.terms})`} and, only if they accept, call again with the same arguments and ` +
  `\`${t.input}\` set to ${JSON.stringify(t.value)}; never set it without their consent.`;

/**
 * Error names that put the fault on the caller: the API's key or token, a record it does not know, arguments it
 * refuses. Mandrill answers every error with HTTP 500 and names it (`Invalid_Key`, `Unknown_Template`,
 * `ValidationError`), so a retry would fail the same way.
 */
const CALLER_ERRORS: readonly (readonly [RegExp, ErrorCode])[] = [
  [/^(invalid|bad|missing|unknown)[_-]?(api[_-]?)?(key|token|credentials?)$/i, "UNAUTHORIZED"],
  [/^unauthori[sz]ed$|^authentication[_-]?(failed|error|required)$/i, "UNAUTHORIZED"],
  [/^(unknown|no[_-]?such)[_-]?[a-z]\w*$|^not[_-]?found$/i, "NOT_FOUND"],
  [/^validation[_-]?error$|^invalid[_-]?[a-z]\w*$/i, "INVALID_ARGUMENT"],
];

/** Fields a JSON error body names its error in. */
const ERROR_NAME_FIELDS = ["name", "code", "error", "error_code", "type"] as const;

/**
 * The code a 5xx answer's own error name gives (`{"status":"error","name":"Invalid_Key"}` → UNAUTHORIZED), or
 * undefined: only a one-word name in a JSON object is read, never prose, so a server fault stays UPSTREAM_ERROR.
 */
export function callerErrorCode(status: number, body: unknown): ErrorCode | undefined {
  if (status < 500 || !isRecord(body)) return undefined;
  for (const field of ERROR_NAME_FIELDS) {
    const name = body[field];
    if (typeof name !== "string" || !/^[A-Za-z][\w-]{2,63}$/.test(name)) continue;
    const found = CALLER_ERRORS.find(([pattern]) => pattern.test(name));
    if (found !== undefined) return found[1];
  }
  return undefined;
}

/** A member name (`"type":`) in an error body passed on as JSON: the document's own key, not a word of the API's. */
const MEMBER_NAME = /"(?:[^"\\]|\\.)*"\s*:/g;

/**
 * What the API said, as words that may name a field: an error body passed on as JSON loses its member names, so Mux's
 * `{"error":{"type":"invalid_parameters"}}` does not name a `type` argument the call sent.
 */
export function wordsSaid(said: string | undefined): string | undefined {
  if (said === undefined || !/^\s*[[{]/.test(said)) return said;
  return said.replace(MEMBER_NAME, " ");
}

/** A refusal names the field it is about (the `To` a message needs); else the derived hint names the suspects. */
function rejectionSuggestion(step: HttpFailure["step"], said: string | undefined): string | undefined {
  const named = namedFieldSuggestion(
    { params: step.params ?? [], body: step.body, unsent: step.unsent },
    wordsSaid(said),
  );
  return named ?? step.errorHints["rejected"];
}

/** Said when the API gave no time to wait: a suggestion never points at a `retry_after_seconds` the error lacks. */
const UNTIMED_RATE_LIMIT =
  "Too many requests, and the API did not say for how long: wait about a minute before calling again, then retry once.";

/** The suggestion, unless it names a `retry_after_seconds` the error does not carry (then a wait in words). */
export const timedSuggestion = (suggestion: string, seconds: number | undefined): string =>
  seconds === undefined && suggestion.includes("retry_after_seconds") ? UNTIMED_RATE_LIMIT : suggestion;
