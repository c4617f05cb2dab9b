// Runs schemaToZod output and the ajv oracle side by side on one case, and prints a disagreement in full.
import { z } from "zod";
import { schemaToZod } from "../../src/emit/zod/index.js";
import { compileOracle, type Dialect } from "./oracle.js";

export interface Case {
  readonly dialect: Dialect;
  readonly schema: unknown;
  readonly components?: Record<string, unknown>;
}

export interface Pair {
  readonly source: string;
  readonly oracle: (instance: unknown) => boolean;
  readonly zod: (instance: unknown) => boolean;
}

/** Compiles both sides; a throwing schemaToZod or an unevaluable source is itself a failure, with the case shown. */
export function compilePair(c: Case): Pair {
  const oracle = compileOracle(
    c.schema,
    c.components ? { dialect: c.dialect, components: c.components } : { dialect: c.dialect },
  );
  let source = "<schemaToZod threw>";
  try {
    source = schemaToZod(
      c.schema,
      c.components ? { dialect: c.dialect, components: c.components } : { dialect: c.dialect },
    );
    const schema = new Function("z", `return ${source}`)(z) as z.ZodType;
    return { source, oracle, zod: (instance) => schema.safeParse(instance).success };
  } catch (error) {
    throw new Error(`${describeCase(c)}\nsource: ${source}\nerror: ${String(error)}`, { cause: error });
  }
}

/**
 * The words of a 64-bit integer's refusal (src/emit/zod/number.ts ROUNDED_MESSAGE): its schema refuses an integral number past 2^53 − 1 (a
 * JSON number that large was rounded on its way in) and takes the string of such a value's digits, which JSON Schema
 * does the other way round; an instance holding either is not compared.
 */
const EXACT_INTEGER = "where a JSON number is rounded";

function holdsPastSafe(value: unknown): boolean {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (typeof value === "string") return /^-?[1-9]\d{15,}$/.test(value);
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some(holdsPastSafe);
}

/** Throws with schema, instance, both verdicts and the generated source when the two sides disagree. */
export function assertAgree(c: Case, pair: Pair, instance: unknown): boolean {
  const want = pair.oracle(instance);
  if (pair.source.includes(EXACT_INTEGER) && holdsPastSafe(instance)) return want;
  let got: boolean | string;
  try {
    got = pair.zod(instance);
  } catch (error) {
    got = `threw ${String(error)}`;
  }
  if (got !== want) {
    throw new Error(
      [
        describeCase(c),
        `instance: ${show(instance)}`,
        `ajv (spec-corrected): ${want ? "accept" : "reject"}`,
        `zod: ${typeof got === "string" ? got : got ? "accept" : "reject"}`,
        `source: ${pair.source}`,
      ].join("\n"),
    );
  }
  return want;
}

export function describeCase(c: Case): string {
  const parts = [`dialect: ${c.dialect}`, `schema: ${show(c.schema)}`];
  if (c.components) parts.push(`components: ${show(c.components)}`);
  return parts.join("\n");
}

/** JSON, but keeping what JSON.stringify would blur: -0. */
export function show(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (Object.is(v, -0) ? "<-0>" : v)) ?? String(value);
}
