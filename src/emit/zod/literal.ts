// Turns values from a schema into code literals (never raw interpolation) and the canonical-JSON helpers of enum checks.
import { arrow, atom, type Code, call, method, seq, str, valueToCode } from "../code.js";

/** A JSON value as a literal: separators and invisible characters escaped, a `__proto__` key kept an own property. */
export function lit(value: unknown): Code {
  return valueToCode(value);
}

/** Free text (a description, a message): a literal that may be written in pieces when it passes the line width. */
export function text(value: string): Code {
  return str(value, true);
}

/** A regular expression built at run time from a string literal, with the `u` flag (ECMA-262 as JSON Schema asks). */
export function regexLit(pattern: string): Code {
  return call("new RegExp", str(pattern), str("u"));
}

const BY_KEY = "([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)";

const SORT_KEYS = arrow(
  "(_k, x)",
  seq(
    '(x !== null && typeof x === "object" && !Array.isArray(x) ? ',
    call("Object.fromEntries", method(call("Object.entries", atom("x")), "sort", atom(BY_KEY))),
    " : x)",
  ),
);

/**
 * An expression giving the canonical JSON text of `v` (object keys sorted), so that deep equality as JSON Schema
 * defines it (key order ignored, 1 equals 1.0) becomes string equality.
 */
export function canonSource(v: string): Code {
  return call("JSON.stringify", atom(v), SORT_KEYS);
}

/** The same canonical JSON text, computed at generation time. */
export function canon(value: unknown): string {
  return JSON.stringify(value, (_k, x: unknown) =>
    x !== null && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}
