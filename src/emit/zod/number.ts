// Turns the numeric keywords of a schema (bounds, multipleOf, integer) into a Zod number chain.
import type { JsonSchemaObject } from "../../model/api-model.js";
import { lit } from "./literal.js";

type Step = (schema: JsonSchemaObject) => string;

const finite = (schema: JsonSchemaObject, key: string): number | undefined =>
  typeof schema[key] === "number" && Number.isFinite(schema[key]) ? (schema[key] as number) : undefined;

const bound =
  (key: string, method: string): Step =>
  (schema) => {
    const n = finite(schema, key);
    return n === undefined ? "" : `.${method}(${lit(n)})`;
  };

/**
 * `multipleOf` on the decimal values the JSON text denotes (JSON Schema §6.2.1), so 0.3 is a multiple
 * of 0.1; Zod's float tolerance also accepts 1e20 as a multiple of 3, hence a refinement with BigInt.
 */
const multipleOf: Step = (schema) => {
  const m = finite(schema, "multipleOf");
  if (m === undefined || m <= 0) return "";
  const dec = `(x = 0) => { const r = /^(-?)(\\d+)(?:\\.(\\d+))?(?:e([+-]?\\d+))?$/.exec(String(x)); const f = r?.[3] ?? ""; return { d: BigInt((r?.[1] ?? "") + (r?.[2] ?? "0") + f), e: Number(r?.[4] ?? 0) - f.length }; }`;
  const check = `(n) => { const dec = ${dec}; const a = dec(n); const b = dec(${lit(m)}); const e = Math.min(a.e, b.e); return (a.d * 10n ** BigInt(a.e - e)) % (b.d * 10n ** BigInt(b.e - e)) === 0n; }`;
  return `.refine(${check}, { message: ${lit(`must be a multiple of ${m}`)} })`;
};

const STEPS: readonly Step[] = [
  bound("minimum", "gte"),
  bound("exclusiveMinimum", "gt"),
  bound("maximum", "lte"),
  bound("exclusiveMaximum", "lt"),
  multipleOf,
];

function metaFor(schema: JsonSchemaObject, integer: boolean): string {
  const shown: Record<string, unknown> = {};
  if (integer) shown["type"] = "integer";
  if (finite(schema, "multipleOf") !== undefined) shown["multipleOf"] = finite(schema, "multipleOf");
  return Object.keys(shown).length === 0 ? "" : `.meta(${lit(shown)})`;
}

/** The `type: number` branch: `z.number()` (finite only, as JSON numbers are) plus bounds and multipleOf. */
export function numberToZod(schema: JsonSchemaObject): string {
  return `z.number()${STEPS.map((step) => step(schema)).join("")}${metaFor(schema, false)}`;
}

/**
 * The `type: integer` branch. JSON Schema integers include 1.0 and 2^60; `z.int()` accepts only safe
 * integers, so it is used only when the bounds keep values inside ±(2^53 − 1), else `Number.isInteger`.
 */
export function integerToZod(schema: JsonSchemaObject): string {
  const low = Math.max(finite(schema, "minimum") ?? -Infinity, finite(schema, "exclusiveMinimum") ?? -Infinity);
  const high = Math.min(finite(schema, "maximum") ?? Infinity, finite(schema, "exclusiveMaximum") ?? Infinity);
  const safe = low >= Number.MIN_SAFE_INTEGER && high <= Number.MAX_SAFE_INTEGER;
  const base = safe ? "z.int()" : `z.number().refine((n) => Number.isInteger(n), { message: "must be an integer" })`;
  return `${base}${STEPS.map((step) => step(schema)).join("")}${metaFor(schema, !safe)}`;
}

export const NUMBER_KEYWORDS = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"] as const;
