// Relaxes result schemas for advertising: what `run` returns is projected, denoised and capped, so only shape and types are promised.
import { schemaLookup } from "../model/api-source.js";
import type { JsonSchema } from "../model/api-model.js";
import { saysNull } from "../planner/kept-empty.js";
import { componentName, reachableSchemas, RESULT_SCHEMA_HOPS } from "../planner/schemas.js";

/** Keywords a capped, denoised result may break (a shortened string, a cut array, a dropped empty field). */
const DROPPED = new Set([
  "required",
  "pattern",
  "format",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "default",
  "dependentRequired",
  "const",
  "enum",
  "multipleOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "oneOf",
]);

const SUBSCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SUBSCHEMA_LISTS = new Set(["allOf", "anyOf", "prefixItems"]);

/** A named schema's relaxed name, or undefined when the advertised result stops short of it (any value there). */
type Rename = (name: string) => string | undefined;

/**
 * The same shape and types, without constraints a capped result may break; objects stay open for `_truncated`. A
 * typed schema whose description says what null is (TBA's score: "null or -1 for an unplayed match") also takes null:
 * the result keeps that null (`StepSpec.keepEmpty`), and it is the documented answer, not one off its description.
 */
export function relaxOutputSchema(schema: JsonSchema, rename: Rename): JsonSchema {
  if (typeof schema !== "object") return true;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || (key === "additionalProperties" && value === false)) continue;
    if (key === "$ref" && refTarget(value, rename) === null) continue;
    out[key] = relaxValue(key, value, rename);
  }
  if (Array.isArray(schema["oneOf"]))
    out["anyOf"] = (schema["oneOf"] as JsonSchema[]).map((s) => relaxOutputSchema(s, rename));
  if (Array.isArray(schema["enum"]) || schema["const"] !== undefined) Object.assign(out, typeOfValues(schema));
  return saysNull(schema) ? withNull(out) : out;
}

/** The schema with null among its types when it names any (`integer` → `["integer", "null"]`). */
function withNull(schema: Record<string, unknown>): Record<string, unknown> {
  const type = schema["type"];
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? (type as unknown[]) : undefined;
  if (types === undefined || types.includes("null")) return schema;
  return { ...schema, type: [...types, "null"] };
}

/** The relaxed `$ref` of a named schema; null when the advertised result does not go that deep; the value itself for any other ref. */
function refTarget(value: unknown, rename: Rename): unknown {
  const name = componentName(value);
  if (name === undefined) return value;
  const renamed = rename(name);
  return renamed === undefined ? null : `#/components/schemas/${encodeURIComponent(renamed)}`;
}

function relaxValue(key: string, value: unknown, rename: Rename): unknown {
  if (key === "$ref") return refTarget(value, rename);
  if (SUBSCHEMA_MAPS.has(key) && value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relaxOutputSchema(v as JsonSchema, rename)]));
  }
  if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value))
    return value.map((v) => relaxOutputSchema(v as JsonSchema, rename));
  if (key === "items" || key === "additionalProperties")
    return typeof value === "object" ? relaxOutputSchema(value as JsonSchema, rename) : value;
  return value;
}

function typeOfValues(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema["type"] !== undefined) return {};
  const values = Array.isArray(schema["enum"]) ? (schema["enum"] as unknown[]) : [schema["const"]];
  const types = [
    ...new Set(
      values.map((v) =>
        v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v,
      ),
    ),
  ];
  return { type: types.length === 1 ? types[0] : types };
}

/** Relaxed copies of the named schemas the results reach (within RESULT_SCHEMA_HOPS), under names of their own (`PetResult`). */
export function relaxedComponents(
  roots: readonly JsonSchema[],
  schemas: Readonly<Record<string, JsonSchema>>,
): { schemas: Record<string, JsonSchema>; roots: JsonSchema[] } {
  const taken = new Set(Object.keys(schemas));
  const kept = reachableSchemas(roots, schemaLookup(schemas), RESULT_SCHEMA_HOPS);
  const names = new Map<string, string>();
  const rename = (name: string): string | undefined => {
    if (!Object.hasOwn(kept, name)) return undefined;
    let renamed = names.get(name);
    if (renamed === undefined) {
      renamed = `${name}Result`;
      while (taken.has(renamed)) renamed = `${renamed}_`;
      taken.add(renamed);
      names.set(name, renamed);
    }
    return renamed;
  };
  const relaxedRoots = roots.map((r) => relaxOutputSchema(r, rename));
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(kept)) out[rename(name) as string] = relaxOutputSchema(schema, rename);
  return { schemas: out, roots: relaxedRoots };
}
