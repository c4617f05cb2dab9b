// Visits every subschema of a normalised (2020-12 style) schema, so `$ref`s can be read or rewritten in place.
import type { JsonSchema } from "../model/api-model.js";
import { isRecord } from "./walk.js";

type Shape = "single" | "list" | "map";

/** Where subschemas sit: one subschema, a list of them, or a map from names to them. */
const SUBSCHEMA_KEYWORDS: ReadonlyMap<string, Shape> = new Map<string, Shape>([
  ...[
    "additionalProperties",
    "contains",
    "contentSchema",
    "else",
    "if",
    "items",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
  ].map((k) => [k, "single"] as const),
  ...["allOf", "anyOf", "oneOf", "prefixItems"].map((k) => [k, "list"] as const),
  ...["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"].map((k) => [k, "map"] as const),
]);

/**
 * Calls `visit` on `schema` and each subschema object below it, depth first. Only schema positions are
 * entered, so a `$ref` inside `examples`, `enum`, `const` or `default` is data and left alone.
 */
export function forEachSubschema(schema: JsonSchema, visit: (node: Record<string, unknown>) => void): void {
  if (!isRecord(schema)) return;
  const node = schema as Record<string, unknown>;
  visit(node);
  for (const key in node) {
    const shape = SUBSCHEMA_KEYWORDS.get(key);
    if (shape === undefined) continue;
    const value = node[key];
    for (const sub of subschemas(shape, value)) forEachSubschema(sub as JsonSchema, visit);
  }
}

function subschemas(shape: Shape, value: unknown): readonly unknown[] {
  if (shape === "single") return [value];
  if (shape === "list") return Array.isArray(value) ? value : [];
  return isRecord(value) ? Object.values(value) : [];
}
