// Turns the string keywords of a schema (length in code points, pattern, format) into a Zod string chain.
import type { JsonSchemaObject } from "../../model/api-model.js";
import { join } from "../../util/pointer.js";
import { atom, type Code, chain, type Link, link, object, zod } from "../code.js";
import type { Env } from "./env.js";
import { FORMAT_PREDICATES, formatHelperName } from "./formats.js";
import { lit, regexLit, text } from "./literal.js";
import { patternAllowed } from "./pattern.js";

type Step = (schema: JsonSchemaObject, env: Env) => readonly Link[];

const count = (schema: JsonSchemaObject, key: string): number | undefined =>
  typeof schema[key] === "number" && Number.isFinite(schema[key]) ? Math.ceil(schema[key] as number) : undefined;

/** `minLength` counts code points (JSON Schema §6.3.2): `.min(n)` on UTF-16 units is necessary, a refinement makes it exact. */
const minLength: Step = (schema) => {
  const n = count(schema, "minLength");
  if (n === undefined || n <= 0) return [];
  const min = link("min", lit(n));
  if (n < 2) return [min];
  return [
    min,
    link("refine", atom(`(s) => [...s].length >= ${n}`), object([["message", text(`at least ${n} characters`)]])),
  ];
};

/**
 * `maxLength` in code points: Zod's `.max` counts UTF-16 units and would reject `😀😀` for 2, so refine and show it
 * via meta. A failure aborts the later checks, so a pattern or format never runs over an over-long argument.
 */
const maxLength: Step = (schema) => {
  const n = count(schema, "maxLength");
  if (n === undefined) return [];
  const options = object([
    ["message", text(`at most ${n} characters`)],
    ["abort", atom("true")],
  ]);
  return [link("refine", atom(`(s) => [...s].length <= ${n}`), options)];
};

/** A pattern that does not compile, or that could backtrack catastrophically (see pattern.ts), is an error and is not emitted. */
const pattern: Step = (schema, env) => {
  const source = schema["pattern"];
  if (typeof source !== "string") return [];
  return patternAllowed(source, join(env.pointer, "pattern"), env) ? [link("regex", regexLit(source))] : [];
};

/** Inline, the predicate's source; with `formatHelpers: "import"`, the name of the generated package's shared helper. */
const format: Step = (schema, env) => {
  const name = schema["format"];
  const predicate =
    typeof name === "string" && Object.hasOwn(FORMAT_PREDICATES, name) ? FORMAT_PREDICATES[name] : undefined;
  if (predicate === undefined) return [];
  const check = env.ctx.formatHelpers === "import" ? formatHelperName(String(name)) : predicate;
  return [link("refine", atom(check), object([["message", text(`must be a valid ${String(name)}`)]]))];
};

/** Keywords Zod cannot show itself after a refinement; `.meta` puts them back into `z.toJSONSchema`. */
const meta: Step = (schema) => {
  const shown: Record<string, unknown> = {};
  if (count(schema, "maxLength") !== undefined) shown["maxLength"] = count(schema, "maxLength");
  if (typeof schema["format"] === "string") shown["format"] = schema["format"];
  return Object.keys(shown).length === 0 ? [] : [link("meta", lit(shown))];
};

const STEPS: readonly Step[] = [minLength, maxLength, pattern, format, meta];

/** The `type: string` branch: `z.string()` plus one chained call per string keyword. */
export function stringToZod(schema: JsonSchemaObject, env: Env): Code {
  return chain(
    zod("string"),
    STEPS.flatMap((step) => step(schema, env)),
  );
}

export const STRING_KEYWORDS = ["minLength", "maxLength", "pattern", "format"] as const;
