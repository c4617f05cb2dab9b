// Decides whether values of one schema fit where another is expected, by JSON type (integer ⊂ number).
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema } from "../model/api-model.js";
import { derefTop } from "./schemas.js";

export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
const ALL: readonly JsonType[] = ["string", "number", "integer", "boolean", "object", "array", "null"];

/** The JSON types a schema admits; all of them when it does not say. */
export function jsonTypes(schema: JsonSchema, schemas: SchemaLookup, depth = 0): Set<JsonType> {
  const node = derefTop(schema, schemas);
  if (node === false) return new Set();
  if (node === true || depth > 16) return new Set(ALL);
  const type = node["type"];
  if (typeof type === "string") return new Set([type as JsonType]);
  if (Array.isArray(type)) return new Set(type as JsonType[]);
  if (Array.isArray(node["enum"])) return new Set((node["enum"] as unknown[]).map(typeOfValue));
  if (node["const"] !== undefined) return new Set([typeOfValue(node["const"])]);
  for (const keyword of ["oneOf", "anyOf"]) {
    if (Array.isArray(node[keyword])) {
      return new Set((node[keyword] as JsonSchema[]).flatMap((b) => [...jsonTypes(b, schemas, depth + 1)]));
    }
  }
  if (Array.isArray(node["allOf"])) {
    const sets = (node["allOf"] as JsonSchema[]).map((b) => jsonTypes(b, schemas, depth + 1));
    return new Set(ALL.filter((t) => sets.every((s) => s.has(t))));
  }
  return new Set(ALL);
}

export function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

function accepts(target: Set<JsonType>, type: JsonType): boolean {
  return target.has(type) || (type === "integer" && target.has("number"));
}

/**
 * Whether some non-null value of `source` can be placed where `target` is expected. A `number` source
 * fits an `integer` target (it may hold whole numbers); a string never fits a number or integer.
 */
export function typesFit(source: Set<JsonType>, target: Set<JsonType>): boolean {
  const wanted = [...source].filter((t) => t !== "null");
  if (wanted.length === 0) return true;
  return wanted.some((t) => accepts(target, t) || (t === "number" && target.has("integer")));
}

export function describeTypes(types: Set<JsonType>): string {
  return types.size === ALL.length ? "any" : [...types].sort().join(" | ");
}
