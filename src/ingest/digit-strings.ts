// An integer path or query parameter its own words say is written in digits (`4 digits`, `10- or 13-digit`, an example `01`) → a string of digits.
import type { ParameterLocation } from "../model/api-model.js";
import { isRecord } from "./walk.js";

const COUNT = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
/** `4 digits`, `12-digit`, `two- or four-digit`, `10 or 13 digits`, `consisting of the digits "0" through "9"`. */
const SAYS_DIGITS = new RegExp(String.raw`\b${COUNT}(?:-| )digits?\b|\bconsisting (?:only )?of (?:the )?digits\b`, "i");
/** An example that keeps a leading zero: written as digits, not as a number. */
const LEADING_ZERO = /^0\d+$/;

/** Keywords of an integer that a string of digits does not keep. */
const NUMBER_KEYWORDS = ["format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

/** The string type an integer type becomes (`"integer"`, or with `"null"`); undefined for any other type. */
function digitType(type: unknown): string | readonly string[] | undefined {
  if (type === "integer") return "string";
  if (!Array.isArray(type) || !type.includes("integer") || !type.every((t) => t === "integer" || t === "null"))
    return undefined;
  return type.map((t) => (t === "integer" ? "string" : t));
}

/**
 * The schema of an integer path or query parameter whose description says it is written in a number of digits, or
 * whose example keeps a leading zero, as a string of digits: sent as a number, `0316769487` (an ISBN) or a two-digit
 * year `05` would lose the zero and name something else. Undefined for any other parameter.
 */
export function digitStringSchema(
  location: ParameterLocation,
  schema: unknown,
  description: string | undefined,
  examples: readonly unknown[],
): Record<string, unknown> | undefined {
  if ((location !== "path" && location !== "query") || !isRecord(schema)) return undefined;
  const type = digitType(schema["type"]);
  if (type === undefined) return undefined;
  if (schema["enum"] !== undefined || schema["const"] !== undefined) return undefined;
  const own = Array.isArray(schema["examples"]) ? schema["examples"] : [];
  const leadingZero = [...own, ...examples].some((e) => typeof e === "string" && LEADING_ZERO.test(e));
  if (!leadingZero && !SAYS_DIGITS.test(description ?? "")) return undefined;
  const out: Record<string, unknown> = { ...schema, type, pattern: "^[0-9]+$" };
  for (const key of NUMBER_KEYWORDS) delete out[key];
  if (own.length > 0) out["examples"] = own.map((e) => (typeof e === "number" ? String(e) : e));
  if (typeof out["default"] === "number") out["default"] = String(out["default"]);
  return out;
}
