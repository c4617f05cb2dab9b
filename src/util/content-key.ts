// A JSON-like value → a string equal for two values exactly when they hold the same data in the same key order.

/** Values JSON.stringify would write as another value or drop: kept apart so they never share a key with one. */
function distinct(_key: string, value: unknown): unknown {
  if (value === undefined) return "\u0000undefined";
  if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0)))
    return `\u0000${Object.is(value, -0) ? "-0" : value}`;
  if (typeof value === "string" && value.startsWith("\u0000")) return `\u0000${value}`;
  return value;
}

/**
 * The key of a parsed-document value (objects, arrays, strings, numbers, booleans, null): its JSON text, with
 * `undefined`, `NaN` and the infinities written apart from `null` and from strings. Two values with the same key
 * give the same result from any function that reads only their data and key order, so such a function can be
 * memoised by it across values that are equal but not the same object.
 */
export function contentKey(value: unknown): string {
  return JSON.stringify(value, distinct) ?? "\u0000undefined";
}
