// Turns the array keywords of a schema (items, prefixItems, counts, uniqueItems, contains) into a Zod array or tuple.
import type { JsonSchema, JsonSchemaObject } from "../../model/api-model.js";
import { isRecord } from "../../runtime/types.js";
import { join } from "../../util/pointer.js";
import {
  array,
  arrow,
  atom,
  block,
  type Code,
  chain,
  type Link,
  link,
  method,
  object,
  seq,
  statement,
  zod,
} from "../code.js";
import { hoist } from "./context.js";
import type { Env } from "./env.js";
import { canonSource, lit, text } from "./literal.js";

const count = (schema: JsonSchemaObject, key: string): number | undefined =>
  typeof schema[key] === "number" && Number.isFinite(schema[key]) ? Math.ceil(schema[key] as number) : undefined;

const isSchema = (value: unknown): value is JsonSchema => typeof value === "boolean" || isRecord(value);

/** `prefixItems` → `z.tuple` (every position exact-optional: absent is fine, an explicit undefined is not); `items` is the rest. */
function tupleToZod(schema: JsonSchemaObject, prefix: readonly unknown[], env: Env): Code {
  const elements = prefix.map((item, i) =>
    method(env.compile(isSchema(item) ? item : true, join(env.pointer, "prefixItems", i)), "exactOptional"),
  );
  const items = schema["items"];
  const rest =
    items === false ? [] : [isSchema(items) ? env.compile(items, join(env.pointer, "items")) : zod("unknown")];
  const min = count(schema, "minItems");
  const max = count(schema, "maxItems");
  const counts = [
    ...(min === undefined ? [] : [zod("minLength", lit(min))]),
    ...(max === undefined ? [] : [zod("maxLength", lit(max))]),
  ];
  return chain(zod("tuple", array(elements), ...rest), [counts.length === 0 ? undefined : link("check", ...counts)]);
}

function listToZod(schema: JsonSchemaObject, env: Env): Code {
  const items = schema["items"];
  const element = isSchema(items) ? env.compile(items, join(env.pointer, "items")) : zod("unknown");
  const min = count(schema, "minItems");
  const max = count(schema, "maxItems");
  return chain(zod("array", element), [
    min === undefined ? undefined : link("min", lit(min)),
    max === undefined ? undefined : link("max", lit(max)),
  ]);
}

/** `uniqueItems`'s check: JSON equality (key order ignored, 1 = 1.0) via canonical JSON text. */
function uniqueCheck(): Link {
  const test = arrow(
    "(a)",
    seq(
      "!Array.isArray(a) || new Set(",
      method(atom("a"), "map", arrow("(v)", canonSource("v"))),
      ").size === a.length",
    ),
  );
  return link("refine", test, object([["message", text("items must be unique")]]));
}

/**
 * `uniqueItems` on the raw input (`z.any()` side of an intersection), since Zod's parsed objects drop an own
 * `__proto__` key.
 */
function uniqueItems(): Code {
  return chain(zod("any"), [uniqueCheck()]);
}

const PRIMITIVE_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);

/**
 * Items written inline as strings, numbers, booleans or an enum or const of those, a format beside them (ART19's uuid
 * `ids`; no format check changes a value, a file aside): parsing returns each as it was, so uniqueness is checked on
 * the parsed list and the list is advertised as one array, not `allOf: [{…}, {}]` (Vercel's log drain `sources`).
 */
function primitiveItems(schema: JsonSchemaObject): boolean {
  const items = schema["items"];
  if (!isRecord(items) || schema["prefixItems"] !== undefined) return false;
  const known = new Set(["type", "enum", "const", "description", "title", "examples", "default", "format"]);
  if (Object.keys(items).some((k) => !known.has(k)) || items["format"] === "binary") return false;
  const type = items["type"];
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  const values = Array.isArray(items["enum"]) ? items["enum"] : "const" in items ? [items["const"]] : undefined;
  if (values !== undefined) return values.every((v) => v === null || typeof v !== "object");
  return types.length > 0 && types.every((t) => typeof t === "string" && PRIMITIVE_TYPES.has(t));
}

/** `contains` with `minContains` (default 1) and `maxContains`. */
function contains(schema: JsonSchemaObject, env: Env): Link | undefined {
  const sub = schema["contains"];
  if (!isSchema(sub)) return undefined;
  const name = hoist(env.ctx, "contains", env.compile(sub, join(env.pointer, "contains")));
  const min = count(schema, "minContains") ?? 1;
  const max = count(schema, "maxContains");
  const upper = max === undefined ? "" : ` && n <= ${max}`;
  const words = `must contain ${max === undefined ? `at least ${min}` : `${min}–${max}`} matching items`;
  const test = arrow(
    "(a)",
    block([
      statement(`const n = a.filter((v) => ${name}.safeParse(v).success).length`),
      statement(`return n >= ${min}${upper}`),
    ]),
  );
  return link("refine", test, object([["message", text(words)]]));
}

/** The `type: array` branch. */
export function arrayToZod(schema: JsonSchemaObject, env: Env): Code {
  const prefix = schema["prefixItems"];
  const base = Array.isArray(prefix) ? tupleToZod(schema, prefix, env) : listToZod(schema, env);
  const list = chain(base, [contains(schema, env)]);
  if (schema["uniqueItems"] !== true) return list;
  const shown = link("meta", object([["uniqueItems", atom("true")]]));
  if (primitiveItems(schema)) return chain(list, [uniqueCheck(), shown]);
  return zod("intersection", chain(list, [shown]), uniqueItems());
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
