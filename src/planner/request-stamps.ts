// An operation's headers that name or date the request itself (request/correlation id, request time) → runtime stamps.
import type { JsonSchema, Operation, Parameter } from "../model/api-model.js";
import type { IdempotencyKeySpec, RequestStampSpec } from "../runtime/types.js";
import { toSnakeCase } from "../util/naming.js";
import { isSigningHeader } from "./credentials.js";
import { isRuntimeKey, uuidFits } from "./idempotency.js";

/** A name whose last words name the request: `X-Request-Id`, `client-request-id`, `WM_QOS.CORRELATION_ID`, `X-Trace-Id`. */
const REQUEST_ID_NAME = /(^|_)(request|correlation|trace)_?(id|guid|uuid|identifier)$/;

/** A name whose last word is a time: `WM_SEC.TIMESTAMP`, `ocp-date`, `x-ms-date`, `X-Request-Time`. */
const TIME_NAME = /(^|_)(timestamp|date|time|datetime)$/;

/** A description of the time the request is sent: "The time the request was issued", "(UTC) for the request". */
const REQUEST_WORDS = /\b(request|call)\b/i;
const TIME_WORDS = /\b(time|date|utc|timestamp)\b/i;
/** A description that is only the kind of clock: "Epoch timestamp", "Unix time in seconds", "Current UTC date". */
const BARE_TIME =
  /^\s*(the\s+)?(current\s+)?(unix|epoch|utc|posix)?\s*(timestamp|time|date)(\s+in\s+(milli)?seconds)?\s*\.?\s*$/i;

/** A description of an id or time the call looks something up by, not the request's own: "the request to cancel". */
const ACTED_ON =
  /\bto (look up|retrieve|fetch|get|cancel|find|check|replay)\b|\b(of|for) the (original|earlier|previous)\b/i;

const describedBy = (parameter: Pick<Parameter, "description" | "schema">): string => {
  if (parameter.description !== undefined) return parameter.description;
  const said = typeof parameter.schema === "object" ? parameter.schema["description"] : undefined;
  return typeof said === "string" ? said : "";
};

/** The digits of a spec's example or default value, when it gives one made of digits only. */
function exampleDigits(parameter: Pick<Parameter, "schema" | "examples">): number | undefined {
  const schema = typeof parameter.schema === "object" ? parameter.schema : {};
  const values = [...parameter.examples, schema["example"], schema["default"]];
  const digits = values.map((v) => String(v ?? "")).find((v) => /^\d{9,16}$/.test(v));
  return digits?.length;
}

/**
 * How the current time is written for this header: the schema's or description's format (RFC 1123/7231 HTTP date,
 * RFC 3339 date-time), a number (epoch seconds, or milliseconds when the words or an example's 13 digits say so), and
 * otherwise the HTTP convention for a header named `date` and epoch milliseconds for a `timestamp` (an "epoch
 * timestamp" as Java and JavaScript clocks give it). Undefined when the schema takes no such value (an enum).
 */
export function timeFormatOf(
  parameter: Pick<Parameter, "name" | "description" | "schema" | "examples">,
): RequestStampSpec["value"] | undefined {
  const schema: Exclude<JsonSchema, boolean> = typeof parameter.schema === "object" ? parameter.schema : {};
  if (schema["enum"] !== undefined || schema["const"] !== undefined) return undefined;
  const format = typeof schema["format"] === "string" ? schema["format"].toLowerCase() : "";
  const words = describedBy(parameter);
  if (/rfc-?1123|rfc-?7231|rfc-?2822|http-date/.test(format) || /\b(rfc ?1123|rfc ?7231|rfc ?2822|GMT)\b/i.test(words))
    return "http-date";
  if (format === "date-time" || /\b(rfc ?3339|iso ?8601)\b/i.test(words)) return "date-time";
  const digits = exampleDigits(parameter);
  const type = schema["type"];
  const numeric = type === "integer" || type === "number" || /\b(epoch|unix|posix)\b/i.test(words);
  const word = toSnakeCase(parameter.name).split("_").at(-1);
  if (numeric || word === "timestamp") {
    if (/\bmilli(second)?s?\b|\bms\b/i.test(words) || digits === 13) return "epoch-ms";
    if (/\bseconds?\b/i.test(words) || digits === 10 || /\b(unix|posix)\b/i.test(words)) return "epoch-s";
    return "epoch-ms";
  }
  if (format === "" && (type === undefined || type === "string")) return "http-date";
  return undefined;
}

/**
 * What the runtime fills this header with, or undefined when it is the model's: a header whose name ends in a request,
 * correlation or trace id and takes a UUID gets a fresh one; a header whose name ends in a time (timestamp, date) and
 * whose description speaks of the request (or only of the clock: "Epoch timestamp") gets the current time. An id or
 * time described as something the call looks up, and AWS's signer headers, stay as they are.
 */
export function requestStampOf(
  parameter: Pick<Parameter, "name" | "in" | "required" | "description" | "schema" | "examples">,
): RequestStampSpec | undefined {
  if (parameter.in !== "header" || isSigningHeader(parameter)) return undefined;
  const word = toSnakeCase(parameter.name).replace(/^x_/, "");
  const words = describedBy(parameter);
  if (ACTED_ON.test(words)) return undefined;
  if (REQUEST_ID_NAME.test(word))
    return uuidFits(parameter.schema) ? { name: parameter.name, value: "uuid" } : undefined;
  if (!TIME_NAME.test(word)) return undefined;
  const aboutRequest = (REQUEST_WORDS.test(words) && TIME_WORDS.test(words)) || BARE_TIME.test(words);
  if (!aboutRequest) return undefined;
  const value = timeFormatOf(parameter);
  return value === undefined ? undefined : { name: parameter.name, value };
}

/** The operation's headers the runtime stamps on each request (see {@link requestStampOf}), but its idempotency key. */
export function requestStampsOf(
  operation: Pick<Operation, "parameters">,
  key?: IdempotencyKeySpec,
): RequestStampSpec[] {
  return operation.parameters.flatMap((p) => {
    if (isRuntimeKey(key, p.in, p.name)) return [];
    const stamp = requestStampOf(p);
    return stamp === undefined ? [] : [stamp];
  });
}

/** Whether the runtime stamps this parameter (`stamps`: the operation's {@link requestStampsOf}). */
export function isStamped(stamps: readonly RequestStampSpec[], parameter: Pick<Parameter, "in" | "name">): boolean {
  return parameter.in === "header" && stamps.some((s) => s.name === parameter.name);
}
