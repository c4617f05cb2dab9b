// A 2xx answer that is not a success (its error envelope says failure, it lists errors and nothing else, its JSON lines
// end in an error record, or the body is not the declared JSON type) → the error the model sees.
import { STATUS_CODES } from "node:http";
import { apiErrorAdvice, classifyApiError, errorBodyWord, isCodeWord, wordIn } from "../api-error.js";
import {
  capText,
  defaultSuggestion,
  errorDetail,
  httpStatusError,
  suggestionFor,
  summarizeErrorBody,
} from "../errors.js";
import { pointerTokens, resolvePointer } from "../expressions/pointer.js";
import { isMarkedOffSpec } from "../http/labelled-text.js";
import { wrappedListPointer } from "../returns/wrapped-list.js";
import { isJsonLines } from "../http/read-body.js";
import type { Redactor } from "../redact.js";
import { isRecord, type EnvelopeSpec, type ErrorCode, type ErrorEnvelope, type StepSpec } from "../types.js";

type ErrorBody = ErrorEnvelope["error"];

/** What a refusal is judged on: the 2xx answer. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** Bodies quoted in an error are cut to this many characters. */
const EXCERPT_CAP = 200;

const label = (step: StepSpec): string => `step "${step.id}" (${step.method.toUpperCase()} ${step.path})`;

const at = (body: unknown, pointer: string | undefined): unknown =>
  pointer === undefined ? undefined : resolvePointer(body, pointerTokens(pointer));

/** The API's code word in a body without a declared envelope: `error`, `code`, `errors[0]`, `error.code`. */
function bodyWord(body: unknown, envelope: EnvelopeSpec | undefined): string | undefined {
  const declared = envelope?.code === undefined ? undefined : wordIn(at(body, envelope.code));
  return declared ?? errorBodyWord(body);
}

function failureOf(word: string | undefined): { code: ErrorCode; retryable: boolean } {
  return word === undefined ? { code: "UPSTREAM_ERROR", retryable: false } : classifyApiError(word);
}

const UNKNOWN_WORD_ADVICE = (word: string): string =>
  `The API refused the call with its own error "${word}". If the message names an argument, fix it and call ` +
  `again; otherwise tell the user. Do not repeat the call unchanged.`;

/** An error built from what a 2xx body says about its failure. */
function refusalError(
  step: StepSpec,
  {
    answer,
    word,
    said,
    reason,
  }: { answer: Answer; word: string | undefined; said: string | undefined; reason: string },
): ErrorBody {
  const { code, retryable } = failureOf(word);
  const advice = word === undefined ? undefined : apiErrorAdvice(word);
  const fallback =
    advice ??
    (word !== undefined && code === "UPSTREAM_ERROR" && !retryable
      ? UNKNOWN_WORD_ADVICE(word)
      : defaultSuggestion(code, retryable));
  const message =
    `${label(step)} returned ${answer.status}, but ${reason}` +
    (word === undefined ? "" : `: error "${word}"`) +
    (said === undefined || said === word ? "." : `. The API said: ${said}`);
  return errorDetail({
    code,
    message,
    suggestion: suggestionFor(step, code, undefined, fallback, retryable),
    step: step.id,
    status: answer.status,
    retryable,
    ...(word === undefined ? {} : { api_error: word }),
  });
}

/**
 * A field named as the error's code (`error_code`, `errorCode`, `error`), not a bare `code`: Files.com's webhook test
 * answers `{"success": false, "code": 404}` for the status the tested webhook gave, not for the call.
 */
const ERROR_CODE_FIELD = /^error([_-]?code)?$/i;

/** A status's name without spaces, hyphens and case: "Not Found", "NotFound" → `notfound`. */
const nameKey = (name: string): string => name.replace(/[\s-]/g, "").toLowerCase();

/**
 * HTTP error statuses by name: their phrases (`"Not Found"`) and .NET's `HttpStatusCode` names (`"NotFound"`), which
 * Azure and UK Parliament's APIs put in their bodies; .NET's three names that are no phrase are added.
 */
const STATUS_NAMES = new Map<string, number>([
  ...Object.entries(STATUS_CODES).flatMap(([code, phrase]) =>
    Number(code) >= 400 && phrase !== undefined ? [[nameKey(phrase), Number(code)] as const] : [],
  ),
  ["requestentitytoolarge", 413],
  ["requesturitoolong", 414],
  ["requestedrangenotsatisfiable", 416],
]);

/**
 * An HTTP error status as a body states it (`404`, `"404"`, `"400 - Bad Request"`, `"503 Service Unavailable"`, .NET's
 * `"NotFound"`).
 */
function failureStatus(value: unknown): number | undefined {
  const named = typeof value === "string" ? STATUS_NAMES.get(nameKey(value.trim())) : undefined;
  if (named !== undefined) return named;
  const digits = typeof value === "string" ? /^([45]\d\d)(?:$|\s*[-–:]\s|\s+[a-z])/i.exec(value.trim()) : undefined;
  const number = typeof value === "string" ? Number(digits?.[1]) : value;
  return typeof number === "number" && Number.isInteger(number) && number >= 400 && number <= 599 ? number : undefined;
}

/** An HTTP error status given as an envelope's error code (Telegram's `"error_code": 400`), or undefined. */
function statusIn(body: unknown, pointer: string | undefined): number | undefined {
  if (pointer === undefined || !ERROR_CODE_FIELD.test(pointerTokens(pointer).at(-1) ?? "")) return undefined;
  return failureStatus(at(body, pointer));
}

/**
 * A failure whose envelope gives an HTTP error status as its code: the code, retryability and suggestion that status
 * gets as an HTTP answer (Telegram's `{"ok": false, "error_code": 400}` behind a 200 is INVALID_ARGUMENT, as its 400
 * is), the message saying what was answered.
 */
function statusRefusal(
  step: StepSpec,
  {
    answer,
    status,
    said,
    reason,
    redact,
  }: { answer: Answer; status: number; said: string | undefined; reason: string; redact: Redactor | undefined },
): ErrorBody {
  const http = httpStatusError({ step, status, body: answer.body, ...(redact === undefined ? {} : { redact }) });
  const tail = said === undefined ? "." : `. The API said: ${said}`;
  const message = `${label(step)} returned ${answer.status}, but ${reason}${tail}`;
  return {
    ...http,
    message: redact === undefined ? message : redact(message),
    step: step.id,
    status: answer.status,
  };
}

/** The envelope's flag is a boolean other than its success value: the API says the call failed. */
function envelopeFailure(step: StepSpec, answer: Answer, redact: Redactor | undefined): ErrorBody | undefined {
  const envelope = step.envelope;
  if (envelope === undefined || !isRecord(answer.body)) return undefined;
  const flag = at(answer.body, envelope.flag);
  if (typeof flag !== "boolean" || flag === envelope.success) return undefined;
  const word = bodyWord(answer.body, envelope);
  const text = at(answer.body, envelope.message);
  const summary = summarizeErrorBody(typeof text === "string" ? text : answer.body, redact);
  const details = detailsOf(answer.body, envelope, redact);
  const said = [summary === word ? undefined : summary, details].filter((p) => p !== undefined).join("; ") || undefined;
  const reason = `its body says the call failed (${envelope.flag.slice(1) || "flag"} is ${String(flag)})`;
  const status = word === undefined ? statusIn(answer.body, envelope.code) : undefined;
  if (status !== undefined)
    return statusRefusal(step, { answer, status, said, reason: `${reason} with error code ${status}`, redact });
  return refusalError(step, { answer, word, said, reason });
}

/**
 * The API's error word for a documented meaning: its head before " - " ("Invalid credentials - …" →
 * `invalid_credentials`).
 */
const meaningWord = (meaning: string): string =>
  (meaning.split(/\s[-–:|]\s|[.(]/)[0] ?? meaning)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** The answer's return code is one the spec documents as a failure (see `StepSpec.returnCodes`). */
function returnCodeFailure(step: StepSpec, answer: Answer, redact: Redactor | undefined): ErrorBody | undefined {
  const codes = step.returnCodes;
  if (codes === undefined || !isRecord(answer.body)) return undefined;
  const value = at(answer.body, codes.member);
  if (typeof value !== "number" && typeof value !== "string") return undefined;
  const code = String(value).trim();
  if (code === "" || codes.success.includes(code)) return undefined;
  const meaning = Object.hasOwn(codes.errors, code) ? codes.errors[code] : undefined;
  if (meaning === undefined && codes.othersFail !== true) return undefined;
  const name = codes.member.slice(1);
  const reason =
    meaning === undefined
      ? `its ${name} is ${code}, and only ${codes.success.join(" or ")} means success`
      : `its ${name} is ${code}, which the API documents as "${capText(meaning, 200)}"`;
  const summary = summarizeErrorBody(answer.body, redact);
  const named = at(answer.body, codes.name);
  const word = meaning === undefined ? (isCodeWord(named) ? named : undefined) : meaningWord(meaning);
  const error = refusalError(step, { answer, word, said: summary, reason });
  const wait = at(answer.body, codes.wait);
  if (typeof wait !== "number" || !Number.isFinite(wait) || wait <= 0) return error;
  // The API says how long to wait: a throttle, whatever its code's name, retried once that long has passed.
  const seconds = Math.ceil(wait);
  return errorDetail({
    ...error,
    code: "RATE_LIMITED",
    retryable: true,
    retry_after_seconds: seconds,
    suggestion: `The API is throttling these calls: wait ${seconds} seconds (retry_after_seconds), then call again.`,
  });
}

/** A value that says nothing: absent, null, blank text, or an empty list or object. */
function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.keys(value).length === 0;
}

/** Members naming the HTTP status a body gives its answer: `httpStatus`, `status`, `statusCode`, `response_code`. */
const STATUS_MEMBER = /^(?:http_?)?status(?:_?code)?$|^(?:http|response)_?code$/i;
/** Members carrying the failure itself: `error`, `errors`, `errorMessage`, `error_description`, `errorDetails`. */
const ERROR_MEMBER = /^(?:errors?|error_?(?:message|description|details?))$/i;
/** Members an error report holds beside those: its words, code, kind, where and when, the request's id. */
const REPORT_MEMBER = new RegExp(
  "^(?:code|error_?code|message|msg|details?|title|type|instance|path|timestamp|time|notice|" +
    "(?:request|trace|correlation)_?id|documentation_?url|more_?info)$",
  "i",
);

/** The status member a report names, its value, and the HTTP status read from it. */
interface StatusFound {
  readonly member: string;
  readonly value: unknown;
  readonly status: number;
}

/**
 * An object that only reports a failure: a status member holding an HTTP error status, an error member that says
 * something, and nothing else of value but the report's own members (a `false` ok/success flag among them). A record
 * that merely has a status and an error (redirection.io's crawled URL `{id, url, statusCode: 404, error}`) is not one.
 * A header (`loose`) may hold its own bookkeeping beside them: Greenpeace's `{status, error, id, pagination}`.
 */
function statusReport(record: Readonly<Record<string, unknown>>, loose = false): StatusFound | undefined {
  let found: StatusFound | undefined;
  let erred = false;
  for (const [key, value] of Object.entries(record)) {
    const status = STATUS_MEMBER.test(key) ? failureStatus(value) : undefined;
    if (status !== undefined) found ??= { member: key, value, status };
    else if (ERROR_MEMBER.test(key)) erred ||= !isBlank(value);
    else if (/^(?:ok|success)$/i.test(key) ? value !== false : !loose && !REPORT_MEMBER.test(key) && !isBlank(value))
      return undefined;
  }
  return erred ? found : undefined;
}

/** A member naming the answer's own exception: PI Web API's `WebException`, an `exception`, an `error`. */
const EXCEPTION_MEMBER = /^(?:error|\w*exception)$/i;
/** A member naming the answer's header: Greenpeace's `header`, Qualtrics' `meta`, Solr's `responseHeader`. */
const HEADER_MEMBER = /^_?(?:meta(?:data)?|(?:response_?)?header)$/i;

/**
 * A 2xx body that states a failure status of its own beside the error, at its top or in the one member that is not
 * blank: Qualtrics answers 200 with `{"meta": {"httpStatus": "400 - Bad Request", "error": {"errorMessage": …}}}`,
 * Spring's error page `{"status": 404, "error": "Not Found", "path": …}` passed on by a proxy as 200, Greenpeace's
 * `{"header": {"status": 404, "error": …, "id": …, "pagination": {}}, "body": {}}`. Or in a member naming the answer's
 * exception, beside anything: PI Web API's `{"Links": …, "WebException": {"StatusCode": 502, "Errors": […]}}` (its
 * answer failed after its 200 was sent). Read as that status is: its code, suggestion and retryability, with the API's
 * words.
 */
function bodyStatusFailure(step: StepSpec, answer: Answer, redact: Redactor | undefined): ErrorBody | undefined {
  const report = reportIn(answer.body);
  if (report === undefined) return undefined;
  const { where, found, said } = report;
  const reason = `its body says the call failed: ${where}${found.member} is ${JSON.stringify(found.value)}`;
  return statusRefusal(step, { answer, status: found.status, said: summarizeErrorBody(said, redact), reason, redact });
}

/** Where a 2xx body reports its failure (see `bodyStatusFailure`): the report, the path to it, what to quote. */
function reportIn(body: unknown): { where: string; found: StatusFound; said: unknown } | undefined {
  if (!isRecord(body)) return undefined;
  const filled = Object.entries(body).filter(([, value]) => !isBlank(value));
  for (const [key, value] of filled) {
    const found = EXCEPTION_MEMBER.test(key) && isRecord(value) ? statusReport(value) : undefined;
    if (found !== undefined) return { where: `${key}.`, found, said: value };
  }
  const top = statusReport(body);
  if (top !== undefined) return { where: "", found: top, said: body };
  const [wrapper, inner] = filled.length === 1 ? (filled[0] ?? []) : [];
  const found = isRecord(inner) ? statusReport(inner, HEADER_MEMBER.test(String(wrapper))) : undefined;
  return found === undefined ? undefined : { where: `${String(wrapper)}.`, found, said: body };
}

/** A body that lists errors where its result would be, and nothing else of value: the API says the call failed. */
function errorListFailure(step: StepSpec, answer: Answer, redact: Redactor | undefined): ErrorBody | undefined {
  const pointer = step.errorList;
  if (pointer === undefined || !isRecord(answer.body)) return undefined;
  const errors = at(answer.body, pointer);
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const key = pointerTokens(pointer)[0];
  if (Object.entries(answer.body).some(([name, value]) => name !== key && !isBlank(value))) return undefined;
  const word = wordIn(errors);
  const summary = summarizeErrorBody({ errors }, redact);
  const reason = `its body lists errors at ${pointer} and no result`;
  return refusalError(step, { answer, word, said: summary === word ? undefined : summary, reason });
}

/** The members of a record that only reports an error: Docker's `{"errorDetail": {"message": …}, "error": …}`. */
const ERROR_RECORD_KEYS = /^(?:error|errors|error_?detail|error_?message|message|code|status|details?)$/i;

/**
 * The last record of a JSON-lines answer when it only reports an error (an `error` that is not blank, nothing but
 * error members beside it): the stream ended in failure whatever came before. Docker's image pull answers 200 with
 * progress records, then `{"errorDetail": …, "error": "pull access denied …"}`; Ollama's pull ends `{"error": …}`.
 */
function streamEndFailure(step: StepSpec, answer: Answer, redact: Redactor | undefined): ErrorBody | undefined {
  if (!isJsonLines(answer.body)) return undefined;
  const last = answer.body.at(-1);
  if (!isRecord(last) || isBlank(last.error)) return undefined;
  if (!Object.keys(last).every((key) => ERROR_RECORD_KEYS.test(key))) return undefined;
  const word = isCodeWord(last.code) ? last.code : wordIn(last.error);
  const summary = summarizeErrorBody(last, redact);
  const reason = `its last record (of ${answer.body.length} sent line by line) reports an error`;
  return refusalError(step, { answer, word, said: summary === word ? undefined : summary, reason });
}

/** Short scalar fields beside the flag and the code (`needed: channels:read`), which often name the repair. */
function detailsOf(
  body: unknown,
  envelope: EnvelopeSpec | undefined,
  redact: Redactor | undefined,
): string | undefined {
  if (!isRecord(body)) return undefined;
  const named = envelope === undefined ? [] : [envelope.flag, envelope.code, envelope.message];
  const skip = new Set(
    [...named.map((p) => p?.slice(1)), "ok", "success", "error", "errors", "message", "code"].filter(Boolean),
  );
  const pairs = Object.entries(body)
    .filter(([key]) => !skip.has(key) && !/callstack|trace/i.test(key))
    .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value) && String(value).length <= 120)
    .slice(0, 5)
    .map(([key, value]) => `${key}: ${String(value)}`);
  if (pairs.length === 0) return undefined;
  const text = pairs.join(", ");
  return capText(redact ? redact(text) : text, 300);
}

const jsonType = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Whether a step's outputs read its response body (a later step or the result needs a value from it). */
const readsBody = (step: StepSpec): boolean => Object.values(step.outputs).some((v) => v.includes("$response.body"));

/**
 * A list of objects where one object is declared, from a GET on a collection (a path ending in a literal segment):
 * GitLab v3 declares every list it answers as its item (`GET /v3/groups` → `Group`). The answer is the list of those
 * items, passed on, not a failure; unless the step's outputs read the declared object (`$response.body#/id`), which a
 * list cannot give: "found nothing" would be false.
 */
function listOfDeclaredItems(step: StepSpec, declared: string, body: unknown): boolean {
  const last = step.path.split("/").filter(Boolean).at(-1) ?? "";
  return (
    declared === "object" &&
    !readsBody(step) &&
    step.method === "get" &&
    last !== "" &&
    !last.includes("{") &&
    Array.isArray(body) &&
    body.every(isRecord)
  );
}

/** Members (lower case, no `_` or `-`) counting the whole list: `total`, Spring's `totalElements`, `total_count`. */
const COUNT_MEMBER = /^(?:total|totalcount|totalresults|totalitems|totalrecords|totalelements|totalhits)$/;

/** Whether an object says its list is empty: a count of 0 at its top or in an object at its top (`page`). */
const countsNone = (body: Record<string, unknown>): boolean =>
  [body, ...Object.values(body).filter(isRecord)].some((object) =>
    Object.entries(object).some(
      ([key, value]) => value === 0 && COUNT_MEMBER.test(key.toLowerCase().replaceAll(/[_-]/g, "")),
    ),
  );

/**
 * An object holding the list where a list is declared, from a GET: Stack Exchange declares its questions as an array
 * and answers `{"items": […], "has_more": true, "quota_remaining": 299}`; Ticketmaster declares `Event[]` and answers
 * HAL `{"_embedded": {"events": […]}, "_links": …, "page": {…}}`, or, when nothing matched, no list at all beside
 * its count of 0 (`page.totalElements: 0`). Passed on with its paging members, not a failure; unless the step's outputs
 * read the declared list (`$response.body#/0/id`), which the wrapper cannot give.
 */
export function wrapsDeclaredList(step: StepSpec, declared: string, body: unknown): boolean {
  if (declared !== "array" || step.method !== "get" || readsBody(step) || !isRecord(body)) return false;
  return wrappedListPointer(body) !== undefined || countsNone(body);
}

/**
 * A body that is not the JSON type the spec declares (text, a JSON string, a list for an object); empty is not, nor
 * an answer the transport passed on marked as off the description (text labelled with a media type of its own)
 * unless the step's outputs need values from the declared JSON, which that text cannot give.
 */
function typeMismatch(step: StepSpec, answer: Answer, redact: Redactor | undefined): ErrorBody | undefined {
  const declared = step.bodyType;
  if (declared === undefined || answer.body === undefined) return undefined;
  const marked = isMarkedOffSpec(answer.body);
  if (marked && !readsBody(step)) return undefined;
  const body = marked ? (answer.body as Record<string, unknown>)["result"] : answer.body;
  const actual = jsonType(body);
  if (actual === declared || listOfDeclaredItems(step, declared, body) || wrapsDeclaredList(step, declared, body))
    return undefined;
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const excerpt = capText((redact ?? ((s: string) => s))(raw.replace(/\s+/g, " ").trim()), EXCERPT_CAP);
  const got = actual === "string" ? "text (or a JSON string)" : `a JSON ${actual}`;
  return errorDetail({
    code: "UPSTREAM_ERROR",
    message:
      `${label(step)} returned ${answer.status} with ${got} where the API description declares a JSON ` +
      `${declared}; the body began: ${excerpt}`,
    suggestion:
      "The API answered in a form this tool cannot read, so there is no result to report. Do not retry; tell the " +
      "user the API returned an unexpected answer.",
    step: step.id,
    status: answer.status,
    retryable: false,
  });
}

const FAILED_WORK_ADVICE =
  "The API took the call but says the work failed (the message shows why). Do not tell the user it was done: fix " +
  "what the message names and call again, or tell the user why it failed.";

/** A write's status member says the work it started failed (Codat's push `"status": "Failed"`, `TimedOut`). */
function progressFailure(step: StepSpec, answer: Answer, redact: Redactor | undefined): ErrorBody | undefined {
  const progress = step.progress;
  const value = at(answer.body, progress?.pointer);
  if (progress?.failed === undefined || typeof value !== "string" || !progress.failed.includes(value)) return undefined;
  const where = progress.pointer.slice(1).split("/").join(".");
  const error = refusalError(step, {
    answer,
    word: undefined,
    said: summarizeErrorBody(answer.body, redact),
    reason: `its ${where} is ${JSON.stringify(value)}: the work it started failed`,
  });
  return { ...error, suggestion: suggestionFor(step, "UPSTREAM_ERROR", undefined, FAILED_WORK_ADVICE, false) };
}

/** Why a 2xx answer that met the step's criteria is still a failure, or undefined when it is a success. */
export function answerRefusal(step: StepSpec, answer: Answer, redact?: Redactor): ErrorBody | undefined {
  return (
    envelopeFailure(step, answer, redact) ??
    progressFailure(step, answer, redact) ??
    returnCodeFailure(step, answer, redact) ??
    streamEndFailure(step, answer, redact) ??
    errorListFailure(step, answer, redact) ??
    bodyStatusFailure(step, answer, redact) ??
    typeMismatch(step, answer, redact)
  );
}

/** A 2xx answer that failed the goals file's success criteria: the API's own code and message, when it gave them. */
export function criteriaRefusal(step: StepSpec, answer: Answer, redact?: Redactor): ErrorBody {
  const word = bodyWord(answer.body, step.envelope);
  const summary = summarizeErrorBody(answer.body, redact);
  const details = word === undefined ? undefined : detailsOf(answer.body, step.envelope, redact);
  const said = [summary === word ? undefined : summary, details].filter((p) => p !== undefined).join("; ") || undefined;
  const error = refusalError(step, {
    answer,
    word,
    said,
    reason: "the response did not meet the step's success criteria",
  });
  if (word !== undefined) return error;
  return {
    ...error,
    suggestion: suggestionFor(
      step,
      "UPSTREAM_ERROR",
      undefined,
      "The API answered, but not as this tool requires (the message shows what it said). Do not repeat the call " +
        "unchanged: check the arguments, or tell the user.",
      false,
    ),
  };
}
