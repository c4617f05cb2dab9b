// A request body sent as a patch media type whose schema says nothing of its shape → the shape and words that media type defines (RFC 6902, RFC 7396).
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, JsonSchemaObject } from "../model/api-model.js";
import { bareMediaType } from "../util/media-type.js";
import { derefTop } from "./schemas.js";

/** A patch body as the media type defines it: its schema (described) and what the model is told about it. */
export interface PatchBody {
  readonly schema: JsonSchemaObject;
  readonly description: string;
}

/** Keywords that say something of a value's shape; a schema with none of them accepts any JSON value. */
const SHAPE_KEYWORDS = [
  "type",
  "properties",
  "additionalProperties",
  "patternProperties",
  "items",
  "prefixItems",
  "enum",
  "const",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "$ref",
  "required",
] as const;

const JSON_PATCH: JsonSchemaObject = {
  type: "array",
  items: {
    type: "object",
    properties: {
      op: { type: "string", enum: ["add", "remove", "replace", "move", "copy", "test"] },
      path: { type: "string", description: "JSON Pointer to the value to change, e.g. /spec/replicas." },
      value: { description: "The value to add, replace or test (add, replace and test only)." },
      from: { type: "string", description: "JSON Pointer to the value to move or copy (move and copy only)." },
    },
    required: ["op", "path"],
  },
};

const MERGE_PATCH: JsonSchemaObject = { type: "object" };

/** What each patch media type means, for a body its schema does not describe. */
const PATCHES: Readonly<Record<string, PatchBody>> = {
  "application/json-patch+json": {
    schema: JSON_PATCH,
    description:
      'A JSON Patch (RFC 6902), sent as application/json-patch+json: a list of operations applied in order, e.g. [{"op": "replace", "path": "/spec/replicas", "value": 3}].',
  },
  "application/merge-patch+json": {
    schema: MERGE_PATCH,
    description:
      'A JSON merge patch (RFC 7396), sent as application/merge-patch+json: an object with only the fields to change, nested as in the resource, e.g. {"spec": {"replicas": 3}}; null removes a field.',
  },
  "application/strategic-merge-patch+json": {
    schema: MERGE_PATCH,
    description:
      'A strategic merge patch, sent as application/strategic-merge-patch+json: an object with only the fields to change, nested as in the resource, e.g. {"spec": {"replicas": 3}}; lists of named items are merged by name.',
  },
};

/**
 * The schema and description a body of `mediaType` has by definition, when its own schema (after one `$ref`) accepts
 * any value; undefined for other media types, or a schema that describes the body itself.
 */
export function patchBody(mediaType: string, schema: JsonSchema, schemas: SchemaLookup): PatchBody | undefined {
  const patch = PATCHES[bareMediaType(mediaType)];
  if (patch === undefined) return undefined;
  const target = derefTop(schema, schemas);
  if (target === false) return undefined;
  if (target !== true && SHAPE_KEYWORDS.some((key) => target[key] !== undefined)) return undefined;
  return { schema: { ...patch.schema, description: patch.description }, description: patch.description };
}
