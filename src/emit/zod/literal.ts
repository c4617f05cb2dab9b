// Turns values from a schema into escaped JavaScript source literals (never raw interpolation).
import { jsLiteral } from "../escape.js";

/** A JSON value as a JS literal: separators and invisible characters escaped, a `__proto__` key kept an own property. */
export function lit(value: unknown): string {
  return jsLiteral(value, 0);
}

/** A regular expression built at run time from a string literal, with the `u` flag (ECMA-262 as JSON Schema asks). */
export function regexLit(pattern: string): string {
  return `new RegExp(${lit(pattern)}, "u")`;
}

/** An object-literal key: a computed key for `__proto__`, so it stays an own property. */
export function keyLit(key: string): string {
  return key === "__proto__" ? `[${lit(key)}]` : lit(key);
}

/**
 * Source of an expression giving the canonical JSON text of `v` (object keys sorted), so that deep
 * equality as JSON Schema defines it (key order ignored, 1 equals 1.0) becomes string equality.
 */
export function canonSource(v: string): string {
  return `JSON.stringify(${v}, (_k, x) => (x !== null && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x))`;
}

/** The same canonical JSON text, computed at generation time. */
export function canon(value: unknown): string {
  return JSON.stringify(value, (_k, x: unknown) =>
    x !== null && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}
