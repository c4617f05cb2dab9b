// Integers whose values may pass 2^53 − 1 (64-bit ids): a JSON number that large is rounded on the way in, so they
// travel as strings of their digits (see emit/zod/number.ts and the runtime's JSON body encoder).

/** Formats that name a 64-bit integer: the generators of a `long` / `Int64` / `u64` field write these. */
const WIDE_FORMATS: ReadonlySet<string> = new Set(["int64", "uint64"]);

const finite = (schema: Readonly<Record<string, unknown>>, key: string): number | undefined =>
  typeof schema[key] === "number" && Number.isFinite(schema[key]) ? (schema[key] as number) : undefined;

/** The lowest and highest value an integer's bounds allow (±Infinity when unbounded). */
export function integerRange(schema: Readonly<Record<string, unknown>>): { low: number; high: number } {
  return {
    low: Math.max(finite(schema, "minimum") ?? -Infinity, finite(schema, "exclusiveMinimum") ?? -Infinity),
    high: Math.min(finite(schema, "maximum") ?? Infinity, finite(schema, "exclusiveMaximum") ?? Infinity),
  };
}

/** Whether an integer's bounds keep every value within ±(2^53 − 1), where a JSON number is exact. */
export function boundedSafe(schema: Readonly<Record<string, unknown>>): boolean {
  const { low, high } = integerRange(schema);
  return low >= Number.MIN_SAFE_INTEGER && high <= Number.MAX_SAFE_INTEGER;
}

/**
 * Whether an integer schema's values may pass 2^53 − 1 by its own words: declared 64-bit (`int64`, `uint64`) and not
 * bounded inside the safe range, or bounded past it. Unformatted integers (counts, pages, limits nearly always) and
 * `int32` stay plain numbers.
 */
export function mayPassSafeInteger(schema: unknown): boolean {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return false;
  const record = schema as Readonly<Record<string, unknown>>;
  const type = record["type"];
  if (type !== "integer" && !(Array.isArray(type) && type.includes("integer") && !type.includes("number")))
    return false;
  if (boundedSafe(record)) return false;
  const { low, high } = integerRange(record);
  const pastSafe =
    (Number.isFinite(low) && low < Number.MIN_SAFE_INTEGER) ||
    (Number.isFinite(high) && high > Number.MAX_SAFE_INTEGER);
  return pastSafe || (typeof record["format"] === "string" && WIDE_FORMATS.has(record["format"]));
}
