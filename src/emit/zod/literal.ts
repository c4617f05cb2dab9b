// Turns values from a schema into escaped JavaScript source literals (never raw interpolation).

/** A JSON value as a JS literal; U+2028/U+2029 are escaped so the text is safe in any JS context. */
export function lit(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
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
