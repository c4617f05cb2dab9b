// Follows a JSON pointer through a response schema (properties, items, refs, allOf/anyOf/oneOf) to the schema it reaches.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, JsonSchemaObject } from "../model/api-model.js";
import { derefTop } from "./schemas.js";

export type WalkResult =
  | {
      readonly ok: true;
      readonly schema: JsonSchema;
      /** Index of the first token walked through a value the spec leaves open (nothing from there on is checked). */
      readonly openAt?: number;
    }
  | { readonly ok: false; readonly failedAt: number; readonly available: readonly string[] };

/**
 * The schema at `tokens` inside instances of `schema`; `failedAt` is the index of the token that does not exist. A
 * token under a value the spec leaves open (`additionalProperties: {}`, an untyped `{}`, an object without
 * properties, or a union with such a branch) reaches `{}`, and `openAt` says where the walk stopped being checked.
 */
export function schemaAtPointer(schema: JsonSchema, tokens: readonly string[], schemas: SchemaLookup): WalkResult {
  let current: JsonSchema = schema;
  let openAt: number | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const next = childSchema(current, tokens[i] as string, schemas, 0);
    if (next === undefined && !isOpen(current, schemas, 0))
      return { ok: false, failedAt: i, available: propertyNames(current, schemas) };
    if (next === undefined) openAt ??= i;
    current = next ?? {};
  }
  return openAt === undefined ? { ok: true, schema: current } : { ok: true, schema: current, openAt };
}

/** Keywords that say what a value holds; a schema with none of them (or an object with no members named) is open. */
const SHAPING = ["properties", "patternProperties", "items", "prefixItems", "enum", "const", "not", "$ref"];

/** Whether any value may be under any name here: nothing of its shape is declared (or one branch of a union says so). */
function isOpen(schema: JsonSchema, schemas: SchemaLookup, depth: number): boolean {
  const node = derefTop(schema, schemas);
  if (node === true) return true;
  if (node === false || depth > MAX_DEPTH) return false;
  const branches = ["anyOf", "oneOf"].flatMap((k) => (Array.isArray(node[k]) ? (node[k] as JsonSchema[]) : []));
  if (branches.some((b) => isOpen(b, schemas, depth + 1))) return true;
  if (branches.length > 0 || Array.isArray(node["allOf"])) return false;
  if (SHAPING.some((k) => node[k] !== undefined) || node["additionalProperties"] === false) return false;
  const additional = node["additionalProperties"];
  if (additional !== undefined && additional !== true) return false;
  const type = node["type"];
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? (type as string[]) : undefined;
  return types === undefined || types.includes("object");
}

const MAX_DEPTH = 16;

function childSchema(schema: JsonSchema, token: string, schemas: SchemaLookup, depth: number): JsonSchema | undefined {
  const node = derefTop(schema, schemas);
  if (node === true) return true;
  if (node === false || depth > MAX_DEPTH) return undefined;
  return (
    ownChild(node, token) ??
    branchChild(node, token, schemas, depth) ??
    misplacedItemsChild(node, token, schemas, depth)
  );
}

/**
 * A member of a schema that has `items` but no `type` or `properties`, as Slack's `objs_conversation` wraps an object's
 * `anyOf` in `items`: by JSON Schema's letter an object instance is unconstrained, and the author meant the member of
 * the wrapped schema.
 */
function misplacedItemsChild(
  node: JsonSchemaObject,
  token: string,
  schemas: SchemaLookup,
  depth: number,
): JsonSchema | undefined {
  const items = node["items"];
  if (node["type"] !== undefined || node["properties"] !== undefined || /^(0|[1-9]\d*)$/.test(token)) return undefined;
  if (typeof items !== "object" || items === null || Array.isArray(items)) return undefined;
  return childSchema(items as JsonSchema, token, schemas, depth + 1);
}

function ownChild(node: JsonSchemaObject, token: string): JsonSchema | undefined {
  const properties = node["properties"] as Record<string, JsonSchema> | undefined;
  if (properties && Object.hasOwn(properties, token)) return properties[token];
  if (/^(0|[1-9]\d*)$/.test(token)) {
    const prefix = node["prefixItems"] as JsonSchema[] | undefined;
    const fromPrefix = prefix?.[Number(token)];
    if (fromPrefix !== undefined) return fromPrefix;
    const items = node["items"];
    if (items !== undefined && !Array.isArray(items)) return items as JsonSchema;
  }
  const additional = node["additionalProperties"];
  if (additional !== undefined && additional !== false && isObjectTyped(node)) return additional as JsonSchema;
  return undefined;
}

function branchChild(
  node: JsonSchemaObject,
  token: string,
  schemas: SchemaLookup,
  depth: number,
): JsonSchema | undefined {
  for (const keyword of ["allOf", "anyOf", "oneOf"]) {
    const branches = node[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches as JsonSchema[]) {
      const found = childSchema(branch, token, schemas, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function isObjectTyped(node: JsonSchemaObject): boolean {
  const type = node["type"];
  return type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));
}

/** Property names visible at this level (for did-you-mean hints). */
export function propertyNames(schema: JsonSchema, schemas: SchemaLookup): readonly string[] {
  if (typeof schema !== "object") return [];
  let memo = propertyNamesMemo.get(schemas);
  if (memo === undefined) propertyNamesMemo.set(schemas, (memo = new WeakMap()));
  let names = memo.get(schema);
  if (names === undefined) memo.set(schema, (names = Object.freeze(ownAndBranchNames(schema, schemas, 0))));
  return names;
}

/** Each lookup's answers by schema node: init asks for the same records' properties once per candidate chain. */
const propertyNamesMemo = new WeakMap<SchemaLookup, WeakMap<object, readonly string[]>>();

function ownAndBranchNames(schema: JsonSchema, schemas: SchemaLookup, depth: number): string[] {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object" || depth > MAX_DEPTH) return [];
  const own = Object.keys((node["properties"] as Record<string, unknown> | undefined) ?? {});
  const nested = ["allOf", "anyOf", "oneOf"].flatMap((k) =>
    Array.isArray(node[k]) ? (node[k] as JsonSchema[]).flatMap((b) => ownAndBranchNames(b, schemas, depth + 1)) : [],
  );
  return [...new Set([...own, ...nested])];
}
