// Two values + a comparison operator → the loose, case-insensitive answer Arazzo simple conditions ask for.

import type { ComparisonOperator } from "./ast.js";

const NUMERIC = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A number, or a string that spells one (header values arrive as strings). */
function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  return typeof value === "string" && NUMERIC.test(value) ? Number(value) : undefined;
}

const BOOLEAN_TEXT: ReadonlyMap<string, boolean> = new Map([
  ["true", true],
  ["false", false],
]);

function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  return typeof value === "string" ? BOOLEAN_TEXT.get(value.toLowerCase()) : undefined;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

const isMissing = (value: unknown): boolean => value === undefined || value === null;

/**
 * Loose equality: a missing value equals only null; a number equals a string spelling it; a boolean
 * equals `'true'`/`'false'`; strings compare case-insensitively (Arazzo §Criterion Object: "String
 * comparisons MUST be case insensitive"); objects and arrays compare as JSON.
 */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (isMissing(a) || isMissing(b)) return isMissing(a) && isMissing(b);
  if (typeof a === "number" || typeof b === "number") return asNumber(a) !== undefined && asNumber(a) === asNumber(b);
  if (typeof a === "boolean" || typeof b === "boolean")
    return asBoolean(a) !== undefined && asBoolean(a) === asBoolean(b);
  if (typeof a === "string" && typeof b === "string") return a.toLowerCase() === b.toLowerCase();
  return sameJson(a, b);
}

/** Negative, zero or positive; undefined when the two values have no order (then every `<`-style test is false). */
export function looseOrder(a: unknown, b: unknown): number | undefined {
  if (typeof a === "string" && typeof b === "string") {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const [x, y] = [asNumber(a), asNumber(b)];
  return x === undefined || y === undefined || Number.isNaN(x - y) ? undefined : x - y;
}

const ordered =
  (test: (order: number) => boolean) =>
  (a: unknown, b: unknown): boolean => {
    const order = looseOrder(a, b);
    return order !== undefined && test(order);
  };

/** The test behind each operator of Arazzo §Criterion Object, Operators. */
export const COMPARE: Readonly<Record<ComparisonOperator, (a: unknown, b: unknown) => boolean>> = {
  "==": looseEquals,
  "!=": (a, b) => !looseEquals(a, b),
  "<": ordered((o) => o < 0),
  "<=": ordered((o) => o <= 0),
  ">": ordered((o) => o > 0),
  ">=": ordered((o) => o >= 0),
};
