// An operation's success body → the member whose description documents the call's own return codes, and which say it failed.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, Operation } from "../model/api-model.js";
import type { ReturnCodesSpec } from "../runtime/types.js";
import { shapes } from "./progress.js";
import { derefTop } from "./schemas.js";

type SchemaObject = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is SchemaObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One documented code per line: "0 | Success - request accepted", "- `900`: Invalid API key", "4 = Invalid". */
const CODE_LINE = /^\s*(?:[|*-]\s*)?`?(\d{1,6})`?\s*(?:\||:|=|–|-)\s*(\S.*?)\s*\|?\s*$/;

/** A meaning that is the call's success: "Success - request accepted for delivery", "OK". */
const SUCCESS_MEANING = /^(?:success(?:ful)?|succeeded|ok)\b/i;

/**
 * A meaning that is the call's failure, named by what went wrong with the request itself ("Invalid credentials",
 * "Busy - you have made more requests …", "Internal Error", Vonage Verify's "The code inserted does not match"), not a state of a record ("Pending", "Fail" of a message).
 */
const ERROR_MEANING =
  /^(?:[\w ]*\b)?(?:invalid|credentials?|unauthori[sz]ed|authenticat\w*|api[ _]?key|missing|incomplete|denied|forbidden|busy|throttl\w*|too many|quota|internal error|bad request|insufficient|not allowed|not permitted|does not match|not (?:in )?(?:a )?supported|unable to|barred|blacklisted|wrong|rejected)\b/i;

/** "0 indicates the call succeeded" … "other values indicate the call failed" (Zuora's `resultCode`). */
const SUCCESS_SENTENCE =
  /\b(\d{1,6})\s+(?:indicates|means)\s+(?:that\s+)?the\s+(?:call|request|operation)\s+(?:succeeded|was\s+successful|is\s+successful)/i;
const OTHERS_FAIL =
  /\bother\s+(?:values|codes)\s+(?:indicate|mean)\s+(?:that\s+)?the\s+(?:call|request|operation)\s+failed/i;

/** The codes a description documents line by line, each with its meaning. */
function codeLines(description: string): Array<[string, string]> {
  return description
    .split(/\r?\n/)
    .map((line) => CODE_LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] ?? "", m[2] ?? ""]);
}

/**
 * The return codes a member's description documents: a table or list whose success code is named so and at least one
 * other code names a failure of the request; or a sentence naming the success code and saying others fail.
 */
export function documentedCodes(description: unknown): Omit<ReturnCodesSpec, "member"> | undefined {
  if (typeof description !== "string") return undefined;
  const sentence = SUCCESS_SENTENCE.exec(description);
  if (sentence !== null && OTHERS_FAIL.test(description)) {
    return { success: [sentence[1] ?? ""], errors: {}, othersFail: true };
  }
  const lines = codeLines(description);
  const success = lines.filter(([, meaning]) => SUCCESS_MEANING.test(meaning)).map(([code]) => code);
  const errors = lines.filter(([, meaning]) => !SUCCESS_MEANING.test(meaning) && ERROR_MEANING.test(meaning));
  if (success.length === 0 || errors.length === 0) return undefined;
  return { success, errors: Object.fromEntries(errors) };
}

const jsonShapes = (operation: Operation, lookup: SchemaLookup): SchemaObject[] =>
  (operation.success?.contents ?? []).filter((c) => c.kind === "json").flatMap((c) => shapes(c.schema, lookup, 2));

/**
 * A member named the call's error or return code (`ErrorCode`, `error_code`, `errorCode`, `return_code`) and one named
 * its error or return message (`ErrorMessage`, `return_message`).
 */
const ERROR_CODE_NAME = /^(?:error|return)[_-]?code$/i;
const ERROR_MESSAGE_NAME = /^(?:error|return)[_-]?message$/i;
/** A member wrapping the call's result (`Data`, `data`, `result`). */
const RESULT_NAME = /^(?:data|result)$/i;

/** An integer code member whose enum, if it has one, holds 0. */
function zeroIsACode(member: unknown): boolean {
  if (!isObject(member) || member["type"] !== "integer") return false;
  const values = member["enum"];
  return values === undefined || (Array.isArray(values) && values.includes(0));
}

/** A member naming the call's message or status (Bungie's `Message`, `ErrorStatus`). */
const MESSAGE_NAME = /^(?:(?:error|return)[_-]?)?(?:message|status)$/i;
/** A member wrapping the call's result, also as `Response`. */
const RESPONSE_NAME = /^(?:data|result|response)$/i;
/** The extensions that name an integer enum's values: `x-enum-values` ({identifier, numericValue}), `x-enum-varnames`. */
const NAMED_VALUES = ["x-enum-values", "x-enum-varnames", "x-enumNames", "x-enum-names"] as const;

/** The values of an integer code's enum, the member's own or the one its `x-enum-reference` names, each with its name. */
function namedValues(member: SchemaObject, lookup: SchemaLookup): Array<[string, string]> {
  const referred = member["x-enum-reference"];
  const schema = isObject(referred) ? derefTop(referred as JsonSchema, lookup) : member;
  if (!isObject(schema)) return [];
  const values = Array.isArray(schema["enum"]) ? schema["enum"] : [];
  for (const key of NAMED_VALUES) {
    const names = schema[key];
    if (!Array.isArray(names)) continue;
    return names.flatMap((entry, i): Array<[string, string]> => {
      if (isObject(entry)) {
        const { identifier, numericValue } = entry;
        return typeof identifier === "string" && numericValue !== undefined ? [[String(numericValue), identifier]] : [];
      }
      return typeof entry === "string" && values[i] !== undefined ? [[String(values[i]), entry]] : [];
    });
  }
  return [];
}

/**
 * An envelope whose integer error code's enum names its values, one of them the success (Bungie.Net's `{Response,
 * ErrorCode, ErrorStatus, Message}`, answered with HTTP 200 and `ErrorCode: 686` "ClanNotFound"; its `ErrorCode`
 * refers to an enum whose `x-enum-values` name 1 `Success`), beside a message or status and the wrapped result: the
 * named success is the call's success and every other code its failure.
 */
function namedSuccessEnvelope(properties: SchemaObject, lookup: SchemaLookup): ReturnCodesSpec | undefined {
  const names = Object.keys(properties);
  const code = names.find((name) => ERROR_CODE_NAME.test(name));
  if (code === undefined || !names.some((n) => MESSAGE_NAME.test(n)) || !names.some((n) => RESPONSE_NAME.test(n)))
    return undefined;
  const member = derefTop(properties[code] as JsonSchema, lookup);
  if (!isObject(member) || member["type"] !== "integer") return undefined;
  const success = namedValues(member, lookup).filter(([, name]) => SUCCESS_MEANING.test(name));
  if (success.length === 0) return undefined;
  return {
    member: `/${code}`,
    success: success.map(([value]) => value),
    errors: {},
    othersFail: true,
    ...codeCompanions(properties, lookup),
  };
}

/** A member that names the answer's code in words: Bungie's `ErrorStatus` ("ClanNotFound") beside `ErrorCode`. */
const CODE_NAME_NAME = /^(?:error|return)[_-]?(?:status|name|key|type)$/i;
/** A member giving how long to wait before calling again, in seconds: Bungie's `ThrottleSeconds`. */
const WAIT_NAME = /^(?:throttle|retry[_-]?after)[_-]?(?:seconds|secs)?$/i;

const typeIs = (schema: unknown, lookup: SchemaLookup, ...types: readonly string[]): boolean => {
  const member = derefTop(schema as JsonSchema, lookup);
  return isObject(member) && types.includes(member["type"] as string);
};

/**
 * The members beside a return code that say more of a failure: the code's name as a string (classified as an API's
 * error word is: …NotFound, …InvalidOrExpiredKey, …Throttle…) and the seconds to wait (more than 0: throttled).
 */
function codeCompanions(properties: SchemaObject, lookup: SchemaLookup): Pick<ReturnCodesSpec, "name" | "wait"> {
  const names = Object.keys(properties);
  const name = names.find((n) => CODE_NAME_NAME.test(n) && typeIs(properties[n], lookup, "string"));
  const wait = names.find((n) => WAIT_NAME.test(n) && typeIs(properties[n], lookup, "integer", "number"));
  return { ...(name === undefined ? {} : { name: `/${name}` }), ...(wait === undefined ? {} : { wait: `/${wait}` }) };
}

/**
 * An envelope whose integer error code sits beside an error message and the wrapped result (Billbee's `{ErrorCode,
 * ErrorMessage, Data}`, answered with HTTP 200 and `ErrorCode: 1` for a stock update of an unknown SKU; API2Cart's
 * `{return_code, return_message, result}`, a refused call a non-zero `return_code` with HTTP 200): 0 is the call's
 * success and every other code its failure. A record's own error code (a message's `error_code` beside its
 * other fields, with no result wrapped) is not such a member.
 */
function errorCodeEnvelope(properties: SchemaObject, lookup: SchemaLookup): ReturnCodesSpec | undefined {
  const names = Object.keys(properties);
  const code = names.find((name) => ERROR_CODE_NAME.test(name));
  if (code === undefined || !names.some((n) => ERROR_MESSAGE_NAME.test(n)) || !names.some((n) => RESULT_NAME.test(n)))
    return undefined;
  if (!zeroIsACode(derefTop(properties[code] as JsonSchema, lookup))) return undefined;
  return { member: `/${code}`, success: ["0"], errors: {}, othersFail: true, ...codeCompanions(properties, lookup) };
}

/**
 * The member of a 2xx JSON body whose own description documents the call's return codes (see `documentedCodes`), or
 * an error code beside an error message and the result (see `errorCodeEnvelope`).
 */
export function operationToReturnCodes(operation: Operation, lookup: SchemaLookup): ReturnCodesSpec | undefined {
  if (operation.success === undefined || !/^2/.test(operation.success.status)) return undefined;
  for (const shape of jsonShapes(operation, lookup)) {
    const properties = shape["properties"];
    if (!isObject(properties)) continue;
    const envelope = namedSuccessEnvelope(properties, lookup) ?? errorCodeEnvelope(properties, lookup);
    if (envelope !== undefined) return envelope;
  }
  for (const shape of jsonShapes(operation, lookup)) {
    const properties = shape["properties"];
    if (!isObject(properties)) continue;
    for (const [name, schema] of Object.entries(properties)) {
      const member = derefTop(schema as JsonSchema, lookup);
      if (
        !isObject(member) ||
        (member["type"] !== "integer" && member["type"] !== "string" && member["type"] !== "number")
      )
        continue;
      const codes = documentedCodes(member["description"]);
      if (codes !== undefined) return { member: `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, ...codes };
    }
  }
  return undefined;
}
