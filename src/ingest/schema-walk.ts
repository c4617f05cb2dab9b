// Visits every subschema of a normalised (2020-12 style) schema, so `$ref`s can be read or rewritten in place.
import type { JsonSchema } from "../model/api-model.js";
import { isRecord } from "./walk.js";

/** Keywords whose value is one subschema. */
const SINGLE = ["additionalProperties", "contains", "contentSchema", "else", "if", "items", "not", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"];
/** Keywords whose value is a list of subschemas. */
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords whose value maps names to subschemas. */
const MAP = ["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"];

/**
 * Calls `visit` on `schema` and each subschema object below it, depth first. Only schema positions are
 * entered, so a `$ref` inside `examples`, `enum`, `const` or `default` is data and left alone.
 */
export function forEachSubschema(schema: JsonSchema, visit: (node: Record<string, unknown>) => void): void {
  if (!isRecord(schema)) return;
  const node = schema as Record<string, unknown>;
  visit(node);
  for (const key of SINGLE) if (key in node) forEachSubschema(node[key] as JsonSchema, visit);
  for (const key of LIST) for (const sub of listOf(node[key])) forEachSubschema(sub as JsonSchema, visit);
  for (const key of MAP) if (isRecord(node[key])) for (const sub of Object.values(node[key])) forEachSubschema(sub as JsonSchema, visit);
}

function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
