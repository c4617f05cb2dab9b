// Turns the array keywords of a schema (items, prefixItems, counts, uniqueItems, contains) into a Zod array or tuple.
import type { JsonSchema, JsonSchemaObject } from "../../model/api-model.js";
import { isRecord } from "../../runtime/types.js";
import { join } from "../../util/pointer.js";
import { hoist } from "./context.js";
import type { Env } from "./env.js";
import { canonSource, lit } from "./literal.js";

const count = (schema: JsonSchemaObject, key: string): number | undefined =>
  typeof schema[key] === "number" && Number.isFinite(schema[key]) ? Math.ceil(schema[key] as number) : undefined;

const isSchema = (value: unknown): value is JsonSchema => typeof value === "boolean" || isRecord(value);

/** `prefixItems` → `z.tuple` (every position exact-optional: absent is fine, an explicit undefined is not); `items` is the rest. */
function tupleToZod(schema: JsonSchemaObject, prefix: readonly unknown[], env: Env): string {
  const elements = prefix.map(
    (item, i) => `${env.compile(isSchema(item) ? item : true, join(env.pointer, "prefixItems", i))}.exactOptional()`,
  );
  const items = schema["items"];
  const rest =
    items === false ? "" : `, ${isSchema(items) ? env.compile(items, join(env.pointer, "items")) : "z.unknown()"}`;
  const counts = [
    count(schema, "minItems") === undefined ? undefined : `z.minLength(${count(schema, "minItems")})`,
    count(schema, "maxItems") === undefined ? undefined : `z.maxLength(${count(schema, "maxItems")})`,
  ].filter((c) => c !== undefined);
  return `z.tuple([${elements.join(", ")}]${rest})${counts.length === 0 ? "" : `.check(${counts.join(", ")})`}`;
}

function listToZod(schema: JsonSchemaObject, env: Env): string {
  const items = schema["items"];
  const element = isSchema(items) ? env.compile(items, join(env.pointer, "items")) : "z.unknown()";
  const min = count(schema, "minItems");
  const max = count(schema, "maxItems");
  return `z.array(${element})${min === undefined ? "" : `.min(${min})`}${max === undefined ? "" : `.max(${max})`}`;
}

/**
 * `uniqueItems`: JSON equality (key order ignored, 1 = 1.0) via canonical JSON text, on the raw input
 * (`z.any()` side of an intersection), since Zod's parsed objects drop an own `__proto__` key.
 */
function uniqueItems(schema: JsonSchemaObject): string {
  if (schema["uniqueItems"] !== true) return "";
  return `z.any().refine((a) => !Array.isArray(a) || new Set(a.map((v) => ${canonSource("v")})).size === a.length, { message: "items must be unique" })`;
}

/** `contains` with `minContains` (default 1) and `maxContains`. */
function contains(schema: JsonSchemaObject, env: Env): string {
  const sub = schema["contains"];
  if (!isSchema(sub)) return "";
  const name = hoist(env.ctx, "contains", env.compile(sub, join(env.pointer, "contains")));
  const min = count(schema, "minContains") ?? 1;
  const max = count(schema, "maxContains");
  const upper = max === undefined ? "" : ` && n <= ${max}`;
  const words = `must contain ${max === undefined ? `at least ${min}` : `${min}–${max}`} matching items`;
  return `.refine((a) => { const n = a.filter((v) => ${name}.safeParse(v).success).length; return n >= ${min}${upper}; }, { message: ${lit(words)} })`;
}

/** The `type: array` branch. */
export function arrayToZod(schema: JsonSchemaObject, env: Env): string {
  const prefix = schema["prefixItems"];
  const base = Array.isArray(prefix) ? tupleToZod(schema, prefix, env) : listToZod(schema, env);
  const unique = uniqueItems(schema);
  const array = `${base}${contains(schema, env)}`;
  return unique === "" ? array : `z.intersection(${array}.meta({ uniqueItems: true }), ${unique})`;
}

export const ARRAY_KEYWORDS = [
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
] as const;
