// An API's own error code word (`not_in_channel`, `missing_scope`) → the error code and advice the model gets.
import { isRecord, type ErrorCode } from "./types.js";

/** How a code word reads: the error code, and whether calling again unchanged may succeed. */
export interface ApiErrorClass {
  readonly code: ErrorCode;
  readonly retryable: boolean;
}

/** Matches a code word containing one of `words` as whole `_`-separated parts (`\w+` inside a word: any tail). */
const anyOf = (words: readonly string[]): RegExp => new RegExp(`(^|_)(${words.join("|")})(_|$)`);

/**
 * "Unknown <thing>" (`unknown_user`, `unknown_channel`): a thing the API does not have. Never an unknown error or
 * outcome (Bungie's `UnknownAuthenticationError`, `UnknownFailure`, `ForumUnknownSqlResultDuringGetPost`): the API
 * failed for a reason it does not know, which says nothing about whether the thing asked for exists.
 */
const UNKNOWN_THING =
  "unknown_(?!(?:[a-z0-9]+_)*(?:errors?|failures?|fail(?:ed)?|exceptions?|faults?|problems?|issues?|sql|results?|" +
  "database|db|reasons?|status|state|response|code)(?:_|$))\\w+";

/** Code words saying the credential lacks a permission or scope the call needs (Slack's `missing_scope`). */
const LACKS_PERMISSION = [
  "missing_scope",
  "insufficient_(permissions?|scopes?)",
  "\\w*scope_insufficient",
  "no_permission",
  "permission_denied",
  "not_allowed\\w*",
];

/** Code words saying the account is not a member of the resource (Slack's `not_in_channel`). */
const NOT_A_MEMBER = ["not_in_\\w+", "not_a_member", "not_member"];

/** First match wins: credentials before permissions before "missing"/"invalid" words about arguments. */
const WORD_CLASSES: readonly (readonly [RegExp, ErrorCode, boolean])[] = [
  // A quota of a day or longer used up (Google's `dailyLimitExceeded`): a rate limit no wait of minutes ends.
  [
    anyOf(["daily_(limit|quota)\\w*", "(limit|quota)_per_(day|month)\\w*", "monthly_(limit|quota)\\w*"]),
    "RATE_LIMITED",
    false,
  ],
  [
    anyOf([
      "rate_?limit(ed)?",
      "resource_exhausted",
      "ratelimited",
      "too_many_requests",
      "throttl\\w*",
      "quota_exceeded",
      "request_limit_exceeded",
      "provisioned_throughput_exceeded",
      "bandwidth_limit_exceeded",
      "slow_down",
      "quota_violation",
      "spike_arrest\\w*",
    ]),
    "RATE_LIMITED",
    true,
  ],
  [
    anyOf([
      "not_authed",
      "not_authenticated",
      "invalid_auth",
      "unauthori[sz]ed",
      "token_(has_)?(revoked|expired)",
      "invalid_or_expired_(api_)?(key|token)",
      "(api_)?key_missing\\w*",
      "missing_api_key",
      "authentication_(invalid|failed)",
      "(web_)?auth_required",
      "invalid_token",
      "no_auth",
      "account_inactive",
      "invalid_credentials?",
      "bad_credentials",
    ]),
    "UNAUTHORIZED",
    false,
  ],
  [
    anyOf([
      ...LACKS_PERMISSION,
      "forbidden",
      "access_denied",
      "restricted\\w*",
      ...NOT_A_MEMBER,
      "is_restricted",
      "cannot_\\w+",
      "cant_\\w+",
      "ekm_access_denied",
      "not_authorized",
    ]),
    "FORBIDDEN",
    false,
  ],
  [
    anyOf([
      "not_found",
      "notfound",
      "no_such_\\w+",
      "does_not_exist",
      "doesnt_exist",
      "non_?existent\\w*",
      UNKNOWN_THING,
      "deleted",
    ]),
    "NOT_FOUND",
    false,
  ],
  [
    anyOf([
      "already_\\w+",
      "\\w+_exists",
      "exists",
      "\\w+_taken",
      "taken",
      "conflict",
      "duplicate\\w*",
      "is_archived",
      "archived",
    ]),
    "CONFLICT",
    false,
  ],
  [
    anyOf([
      "invalid\\w*",
      "missing\\w*",
      "required",
      "\\w+_required",
      "too_long",
      "too_large",
      "too_many_\\w+",
      "bad_\\w+",
      "malformed\\w*",
      "no_text",
      "unsupported\\w*",
      "must_\\w+",
      "not_supported",
      "validation\\w*",
    ]),
    "INVALID_ARGUMENT",
    false,
  ],
  [
    anyOf([
      "internal_error",
      "internal",
      "fatal_error",
      "service_unavailable",
      "unavailable",
      "timeout",
      "request_timeout",
      "temporarily\\w*",
      "try_again\\w*",
      "server_error",
    ]),
    "UPSTREAM_ERROR",
    true,
  ],
];

/** Advice for code words whose repair is more specific than their error code's. */
const WORD_ADVICE: readonly (readonly [RegExp, string])[] = [
  [
    anyOf(NOT_A_MEMBER),
    "The account this tool uses is not a member of that resource (e.g. the bot is not in the channel). Do not retry; " +
      "ask the user to add it, or choose a resource it belongs to.",
  ],
  [
    anyOf(LACKS_PERMISSION),
    "The configured credential lacks the permission or scope this call needs (the message may name it). Do not " +
      "retry; tell the user the operator must grant it.",
  ],
];

/**
 * A credential named in a code word: a token or key of access. Never a bare `key` (an object's key in a store), and a
 * bare `token` only beside invalid/expired/revoked or as the subject (Google Poly's `MISSING_TOKEN` is a parse error).
 */
const CREDENTIAL = "(?:access_|auth_|bearer_|oauth_|api_|session_)token|(?:access|api|app|application|auth|oauth)_key";

/** Code words that say the call's credential is missing or refused, whatever HTTP status carries them. */
const CREDENTIAL_WORDS: readonly (readonly [RegExp, ErrorCode])[] = [
  [
    new RegExp(
      `^(?:(?:invalid|expired|revoked|missing|bad|no)_(?:${CREDENTIAL})|(?:invalid|expired|revoked)_token|` +
        `(?:${CREDENTIAL}|token)_(?:required|missing|invalid|expired|revoked|compromised)|key_required|` +
        `(?:oauth_)?(?:${CREDENTIAL})_(?:exception|error))$`,
    ),
    "UNAUTHORIZED",
  ],
  [
    anyOf([
      ...LACKS_PERMISSION,
      "access_denied",
      "forbidden",
      "not_authorized",
      "(?:oauth_)?permissions?_(?:exception|error)",
    ]),
    "FORBIDDEN",
  ],
];

/**
 * UNAUTHORIZED or FORBIDDEN when the code word itself says the credential is missing, invalid or lacks access (Stack
 * Exchange's `access_token_required`, `invalid_access_token`, `key_required`, `access_denied`, answered 400), else
 * undefined: read beside any 4xx status, where the generic `\w+_required` and `invalid\w*` would say a bad argument. A
 * dotted word is also read without its namespace (Apigee's `oauth.v2.InvalidApiKey` says `invalid_api_key`).
 */
export function credentialWordCode(word: string): ErrorCode | undefined {
  const words = [codeWord(word), codeWord(word.split(".").at(-1) ?? "")];
  return CREDENTIAL_WORDS.find(([pattern]) => words.some((normal) => pattern.test(normal)))?.[1];
}

/**
 * `notInChannel`, `not-in-channel`, `NOT IN CHANNEL` → `not_in_channel`; a word opening with an acronym is split
 * after it (`APINotFoundError` → `api_not_found_error`).
 */
export function codeWord(text: string): string {
  return text
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]{2,})([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * The error code a code word means; a word no rule knows is an UPSTREAM_ERROR that is not retried (the API refused
 * the call for a reason the tool cannot read, so calling again unchanged would fail the same way).
 */
export function classifyApiError(word: string): ApiErrorClass {
  const normal = codeWord(word);
  for (const [pattern, code, retryable] of WORD_CLASSES) if (pattern.test(normal)) return { code, retryable };
  return { code: "UPSTREAM_ERROR", retryable: false };
}

/** A value that reads as a code word rather than a sentence: one token of letters, digits, `_`, `-`, `.`. */
export function isCodeWord(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z][A-Za-z0-9_.-]{1,79}$/.test(value);
}

/** Advice specific to a code word, when it has any. */
export function apiErrorAdvice(word: string): string | undefined {
  const normal = codeWord(word);
  return WORD_ADVICE.find(([pattern]) => pattern.test(normal))?.[1];
}

/** The last path segment of a problem type URI (RFC 7807: `https://api.twitter.com/2/problems/resource-not-found`). */
function problemTypeWord(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^(https?|urn|tag):/i.test(value)) return undefined;
  const last = value
    .split(/[/:#]/)
    .filter((s) => s !== "")
    .at(-1);
  return isCodeWord(last) ? last : undefined;
}

/**
 * The API's code word in a value: a word, the first of a list, an object's `code`/`error`/`type`/`reason`, its
 * `errorCode`/`error_code` (Velo's `errors: [{errorCode: "PAYOUT_ALREADY_INSTRUCTED", …}]`) or its problem type.
 */
export function wordIn(value: unknown): string | undefined {
  if (isCodeWord(value)) return value;
  if (Array.isArray(value)) return wordIn(value[0]);
  if (!isRecord(value)) return undefined;
  const named = [value.code, value.error, value.type, value.reason, value.errorCode, value.error_code];
  return named.find(isCodeWord) ?? problemTypeWord(value.type);
}

/** A canonical status in upper-case words (`NOT_FOUND`, `PERMISSION_DENIED`, `RESOURCE_EXHAUSTED`), not `error`. */
const CANONICAL_STATUS = /^[A-Z]+(?:_[A-Z]+)*$/;

/**
 * The word inside an error object that names its code only in a list or a status: Google's `{"error": {"code": 403,
 * "errors": [{"reason": "dailyLimitExceeded"}], "status": "PERMISSION_DENIED", "details": [{"@type": "…ErrorInfo",
 * "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT"}]}}` — the first item's reason, else a detail's `reason`, else the
 * canonical `status`: the most specific first.
 */
function innerWord(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  const details = Array.isArray(error.details) ? error.details.filter(isRecord) : [];
  const status = typeof error.status === "string" && CANONICAL_STATUS.test(error.status) ? error.status : undefined;
  return (
    wordIn(error.errors) ?? details.map((d) => d.reason).find(isCodeWord) ?? (isCodeWord(status) ? status : undefined)
  );
}

/**
 * The code word of a `fault` object: its `detail.errorcode` (Apigee's `{"fault": {"faultstring": "Invalid ApiKey",
 * "detail": {"errorcode": "oauth.v2.InvalidApiKey"}}}`), else the first of its `errors` (Just Eat's `{"fault":
 * {"errors": [{"description": "The tenant is invalid", "errorCode": "TENANT_INVALID"}], "faultId": …}}`).
 */
function faultWord(fault: unknown): string | undefined {
  if (!isRecord(fault)) return undefined;
  const detail = isRecord(fault.detail) ? fault.detail : {};
  return [detail.errorcode, detail.errorCode].find(isCodeWord) ?? wordIn(fault.errors);
}

/**
 * The API's code word in an error body: `error` (a word, or an object's `code`, `error`, `type`, `reason`: Spotify's
 * `{"error": {"status": 404, "message": "…", "reason": "NO_ACTIVE_DEVICE"}}`, else the words inside it, see
 * `innerWord`), the first of `errors`, or `code`, else a name or code beside them at the top (Stack Exchange's
 * `{"error_id": 502, "error_name": "throttle_violation", "error_message": "…"}`), else a `fault`'s (`faultWord`).
 */
export function errorBodyWord(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  return (
    wordIn(body.error) ??
    innerWord(body.error) ??
    wordIn(body.errors) ??
    (isCodeWord(body.code) ? body.code : undefined) ??
    [body.error_name, body.errorName, body.error_code, body.errorCode].find(isCodeWord) ??
    faultWord(body.fault) ??
    typeBesideMessage(body)
  );
}

/**
 * The `error_type` the body or one of its member objects names beside an `error_message` (Instagram's `{meta:
 * {error_type: "APINotFoundError", code: 400, error_message: "this user does not exist"}}`): only beside a message, so
 * a type word of something else is never read as the error's.
 */
function typeBesideMessage(body: Readonly<Record<string, unknown>>): string | undefined {
  for (const member of [body, ...Object.values(body)]) {
    if (!isRecord(member)) continue;
    const said = [member.error_message, member.errorMessage].some((m) => typeof m === "string" && m.trim() !== "");
    const word = [member.error_type, member.errorType].find(isCodeWord);
    if (said && word !== undefined) return word;
  }
  return undefined;
}

/**
 * The error type AWS's JSON protocols name a failure by: the `x-amzn-ErrorType` header (`ThrottlingException:http://…`)
 * or the body's `__type` (`com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException`), as a code word.
 */
export function awsErrorType(headers: Headers, body: unknown): string | undefined {
  const header = headers.get("x-amzn-errortype")?.split(":")[0]?.trim();
  const typed =
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)["__type"]
      : undefined;
  const word = header || (typeof typed === "string" ? typed.split("#").at(-1)?.split(":")[0] : undefined);
  return isCodeWord(word) ? word : undefined;
}
