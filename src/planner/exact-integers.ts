// Where a JSON request body holds a 64-bit integer: the runtime writes a string of digits there as a bare number.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema } from "../model/api-model.js";
import { mayPassSafeInteger } from "../schema/exact-integer.js";
import { escapeToken } from "../util/pointer.js";
import { derefTop } from "./schemas.js";

/** How deep into a body the places are sought, and how many are kept (a bigger body's deeper ones go as given). */
const MAX_DEPTH = 8;
const MAX_PLACES = 64;
/** Schemas visited per body at most: `allOf` branches of large specs would otherwise multiply. */
const MAX_VISITS = 2_000;

const COMBINERS = ["allOf", "anyOf", "oneOf"] as const;

/**
 * The places (RFC 6901 pointers, `*` for any item or key) in a JSON body where the schema has an integer that may
 * pass 2^53 − 1 (schema/exact-integer.ts). A value there arrives as a string of its digits when it passes that
 * (the model gives it so; an answer read back keeps it so), and the API wants the number: the runtime writes those
 * digits as a JSON number literal. Empty when the body has none.
 */
export function exactIntegerPlaces(schema: JsonSchema, schemas: SchemaLookup): string[] {
  const places = new Set<string>();
  let visits = 0;
  // A recursive schema is followed down to MAX_DEPTH like any other: its nested records' ids are as real.
  const walk = (node: JsonSchema, at: string, depth: number): void => {
    if (depth > MAX_DEPTH || places.size >= MAX_PLACES || ++visits > MAX_VISITS) return;
    const resolved = derefTop(node, schemas);
    if (typeof resolved !== "object") return;
    if (mayPassSafeInteger(resolved)) places.add(at);
    for (const key of COMBINERS) {
      const branches = resolved[key];
      if (Array.isArray(branches)) for (const branch of branches) walk(branch as JsonSchema, at, depth + 1);
    }
    const properties = resolved["properties"];
    if (properties !== null && typeof properties === "object")
      for (const [name, property] of Object.entries(properties as Record<string, JsonSchema>))
        walk(property, `${at}/${escapeToken(name)}`, depth + 1);
    for (const key of ["items", "additionalProperties"] as const) {
      const each = resolved[key];
      if (each !== null && typeof each === "object" && !Array.isArray(each))
        walk(each as JsonSchema, `${at}/*`, depth + 1);
    }
  };
  walk(schema, "", 0);
  return [...places];
}
