// Turns the numeric keywords of a schema (bounds, multipleOf, integer) into a Zod number chain.
import type { JsonSchemaObject } from "../../model/api-model.js";
import { arrow, atom, block, type Code, chain, commented, type Link, link, object, statement, zod } from "../code.js";
import { lit, text } from "./literal.js";

type Step = (schema: JsonSchemaObject) => Link | undefined;

const finite = (schema: JsonSchemaObject, key: string): number | undefined =>
  typeof schema[key] === "number" && Number.isFinite(schema[key]) ? (schema[key] as number) : undefined;

/** Zod's `.min`/`.max` are inclusive like `minimum`/`maximum`; `.gt`/`.lt` exclusive like their `exclusive*` forms. */
const bound =
  (key: string, method: string): Step =>
  (schema) => {
    const n = finite(schema, key);
    return n === undefined ? undefined : link(method, lit(n));
  };

const DECIMAL = arrow(
  "(x = 0)",
  block([
    statement("const r = /^(-?)(\\d+)(?:\\.(\\d+))?(?:e([+-]?\\d+))?$/.exec(String(x))"),
    statement('const f = r?.[3] ?? ""'),
    statement('return { d: BigInt((r?.[1] ?? "") + (r?.[2] ?? "0") + f), e: Number(r?.[4] ?? 0) - f.length }'),
  ]),
);

/**
 * `multipleOf` on the decimal values the JSON text denotes (JSON Schema §6.2.1), so 0.3 is a multiple
 * of 0.1; Zod's float tolerance also accepts 1e20 as a multiple of 3, hence a refinement with BigInt.
 */
const multipleOf: Step = (schema) => {
  const m = finite(schema, "multipleOf");
  if (m === undefined || m <= 0) return undefined;
  const check = arrow(
    "(n)",
    block([
      statement("const dec = ", DECIMAL),
      statement("const a = dec(n)"),
      statement("const b = dec(", lit(m), ")"),
      statement("const e = Math.min(a.e, b.e)"),
      statement("return (a.d * 10n ** BigInt(a.e - e)) % (b.d * 10n ** BigInt(b.e - e)) === 0n"),
    ]),
  );
  return link("refine", check, object([["message", text(`must be a multiple of ${m}`)]]));
};

const STEPS: readonly Step[] = [
  bound("minimum", "min"),
  bound("exclusiveMinimum", "gt"),
  bound("maximum", "max"),
  bound("exclusiveMaximum", "lt"),
  multipleOf,
];

function metaFor(schema: JsonSchemaObject, integer: boolean): Link | undefined {
  const shown: Record<string, unknown> = {};
  if (integer) shown["type"] = "integer";
  if (finite(schema, "multipleOf") !== undefined) shown["multipleOf"] = finite(schema, "multipleOf");
  return Object.keys(shown).length === 0 ? undefined : link("meta", lit(shown));
}

/** The `type: number` branch: `z.number()` (finite only, as JSON numbers are) plus bounds and multipleOf. */
export function numberToZod(schema: JsonSchemaObject): Code {
  return chain(zod("number"), [...STEPS.map((step) => step(schema)), metaFor(schema, false)]);
}

const IS_INTEGER = link("refine", atom("Number.isInteger"), object([["message", text("must be an integer")]]));

/**
 * The `type: integer` branch. JSON Schema integers include 1.0 and 2^60; `z.int()` accepts only safe
 * integers, so it is used only when the bounds keep values inside ±(2^53 − 1), else `Number.isInteger`.
 */
export function integerToZod(schema: JsonSchemaObject): Code {
  const low = Math.max(finite(schema, "minimum") ?? -Infinity, finite(schema, "exclusiveMinimum") ?? -Infinity);
  const high = Math.min(finite(schema, "maximum") ?? Infinity, finite(schema, "exclusiveMaximum") ?? Infinity);
  const safe = low >= Number.MIN_SAFE_INTEGER && high <= Number.MAX_SAFE_INTEGER;
  const steps = [...STEPS.map((step) => step(schema)), metaFor(schema, !safe)];
  if (safe) return chain(zod("int"), steps);
  return commented(
    "A JSON Schema integer may pass 2^53 - 1, where z.int() stops: any integral number is accepted.",
    chain(zod("number"), [IS_INTEGER, ...steps]),
  );
}

export const NUMBER_KEYWORDS = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"] as const;
