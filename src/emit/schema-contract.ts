// JSON Schema → the keywords of its contract (type, nullable, format, enum, bounds, items), as the lockfile stores them.
import { schemaLookup } from "../model/api-source.js";
import type { JsonSchema, JsonSchemaObject } from "../model/api-model.js";
import { componentName, derefTop } from "../planner/schemas.js";

/** Numeric keywords `check` compares one by one; a lower bound rising or an upper bound falling narrows. */
export const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems"] as const;
export const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems"] as const;
export type BoundKeyword = (typeof LOWER_BOUNDS)[number] | (typeof UPPER_BOUNDS)[number];

/** What values a schema admits, keyword by keyword; an absent keyword admits anything. */
export type SchemaContract = {
  /** The JSON types admitted (`null` aside), sorted; empty admits every type. */
  readonly type: readonly string[];
  /** Present (true) when `null` is admitted as well. */
  readonly nullable?: true;
  /** The component schema's name, when the schema is a `$ref` to one (for messages; not a keyword). */
  readonly ref?: string;
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly multipleOf?: number;
  /** The value used when the input is left out (or, for a result, what the spec says it defaults to). */
  readonly default?: unknown;
  /** The contract of each item, for an array. */
  readonly items?: SchemaContract;
} & { readonly [K in BoundKeyword]?: number };

type Schemas = Readonly<Record<string, JsonSchema>>;

const MAX_DEPTH = 4;

/** The contract of `schema`, following `$ref`s to named schemas at the top and in array items. */
export function schemaContract(schema: JsonSchema, schemas: Schemas, depth = 0): SchemaContract {
  const ref = typeof schema === "object" ? componentName(schema["$ref"]) : undefined;
  const top = derefTop(schema, schemaLookup(schemas));
  if (typeof top !== "object") return { type: [] };
  const types = typesOf(top, schemas);
  const values = enumOf(top);
  return {
    type: types.filter((t) => t !== "null"),
    ...(types.includes("null") || values?.includes(null) ? { nullable: true } : {}),
    ...(ref === undefined ? {} : { ref }),
    ...stringKeyword(top, "format"),
    ...stringKeyword(top, "pattern"),
    ...(values === undefined ? {} : { enum: values.filter((v) => v !== null) }),
    ...numberKeywords(top),
    ...("default" in top && top["default"] !== undefined ? { default: top["default"] } : {}),
    ...itemsContract(top, schemas, depth),
  };
}

/** One property of a result: its keywords, whether every result carries it, and its own properties, a few levels down. */
export type FieldContract = SchemaContract & {
  readonly required: boolean;
  /** The properties of an object field (of each item, for a list), down to FIELD_DEPTH levels from the top. */
  readonly fields?: Readonly<Record<string, FieldContract>>;
};

/** How many levels of result properties are recorded (`base`, `base.repo`, `base.repo.name`); deeper ones show through the hash. */
export const FIELD_DEPTH = 3;

/** Property contracts by schemas, schema object and level: results share named schemas (a repository, a user) many times. */
const fieldsMemo = new WeakMap<object, WeakMap<object, Map<number, Record<string, FieldContract>>>>();

/** The object's own properties (of each item, for a list), with whether each is required, down to FIELD_DEPTH levels. */
export function propertyContracts(schema: JsonSchema, schemas: Schemas, level = 1): Record<string, FieldContract> {
  const top = derefTop(schema, schemaLookup(schemas));
  if (typeof top !== "object") return {};
  const list = top["type"] === "array" || (Array.isArray(top["type"]) && top["type"].includes("array"));
  const target =
    list && typeof top["items"] === "object" ? derefTop(top["items"] as JsonSchema, schemaLookup(schemas)) : top;
  if (typeof target !== "object" || typeof target["properties"] !== "object" || target["properties"] === null)
    return {};
  let bySchema = fieldsMemo.get(schemas);
  if (bySchema === undefined) fieldsMemo.set(schemas, (bySchema = new WeakMap()));
  let byLevel = bySchema.get(target);
  if (byLevel === undefined) bySchema.set(target, (byLevel = new Map()));
  const known = byLevel.get(level);
  if (known !== undefined) return known;
  const required = new Set(Array.isArray(target["required"]) ? target["required"] : []);
  const properties = target["properties"] as Record<string, JsonSchema>;
  const fields = Object.fromEntries(
    Object.keys(properties)
      .sort()
      .map((name) => [
        name,
        fieldContract(properties[name] as JsonSchema, schemas, { level, required: required.has(name) }),
      ]),
  );
  byLevel.set(level, fields);
  return fields;
}

function fieldContract(schema: JsonSchema, schemas: Schemas, at: { level: number; required: boolean }): FieldContract {
  const nested = at.level < FIELD_DEPTH ? propertyContracts(schema, schemas, at.level + 1) : {};
  return {
    ...schemaContract(schema, schemas),
    required: at.required,
    ...(Object.keys(nested).length === 0 ? {} : { fields: nested }),
  };
}

/**
 * Own `type` (string or list), else the types of `oneOf`/`anyOf`/`allOf` members; `const` and `enum` values count
 * too. Walked with an explicit stack (an `allOf` chain thousands of `$ref`s long is a real generator's output); a
 * member that leads back to a schema being worked out admits any type.
 */
function typesOf(root: JsonSchemaObject, schemas: Schemas): string[] {
  const known = new Map<JsonSchemaObject, string[]>();
  const open = new Set<JsonSchemaObject>();
  const pending: JsonSchemaObject[] = [root];
  while (pending.length > 0) {
    const schema = pending[pending.length - 1] as JsonSchemaObject;
    const members = membersOf(schema, schemas);
    const waiting = open.has(schema) ? [] : members.filter((m) => !known.has(m) && !open.has(m));
    open.add(schema);
    if (waiting.length > 0) {
      pending.push(...waiting);
      continue;
    }
    pending.pop();
    open.delete(schema);
    known.set(schema, ownTypes(schema) ?? combinedTypes(schema, members, known));
  }
  return known.get(root) ?? [];
}

/** The `oneOf`/`anyOf`/`allOf` members of a schema without a `type` of its own, each behind its top `$ref`s. */
function membersOf(schema: JsonSchemaObject, schemas: Schemas): JsonSchemaObject[] {
  if (ownTypes(schema) !== undefined) return [];
  return ["oneOf", "anyOf", "allOf"]
    .flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as JsonSchema[]) : []))
    .map((m) => derefTop(m, schemaLookup(schemas)))
    .filter((m): m is JsonSchemaObject => typeof m === "object");
}

function ownTypes(schema: JsonSchemaObject): string[] | undefined {
  const own = schema["type"];
  if (typeof own === "string") return [own];
  if (Array.isArray(own)) return [...new Set(own.filter((t): t is string => typeof t === "string"))].sort();
  return undefined;
}

function combinedTypes(
  schema: JsonSchemaObject,
  members: readonly JsonSchemaObject[],
  known: ReadonlyMap<JsonSchemaObject, string[]>,
): string[] {
  const count = ["oneOf", "anyOf", "allOf"].reduce(
    (n, k) => n + (Array.isArray(schema[k]) ? (schema[k] as unknown[]).length : 0),
    0,
  );
  const memberTypes = members.map((m) => known.get(m) ?? []);
  if (count === 0 || memberTypes.length < count || memberTypes.some((t) => t.length === 0)) return valueTypes(schema);
  return [...new Set(memberTypes.flat())].sort();
}

/** `enum`, or `const` as a one-value enum. */
function enumOf(schema: JsonSchemaObject): readonly unknown[] | undefined {
  if (Array.isArray(schema["enum"])) return schema["enum"];
  return "const" in schema ? [schema["const"]] : undefined;
}

function valueTypes(schema: JsonSchemaObject): string[] {
  const values = enumOf(schema) ?? [];
  return [
    ...new Set(
      values.map((v) =>
        v === null
          ? "null"
          : Array.isArray(v)
            ? "array"
            : typeof v === "number" && Number.isInteger(v)
              ? "integer"
              : typeof v,
      ),
    ),
  ].sort();
}

function stringKeyword(schema: JsonSchemaObject, key: "format" | "pattern"): Record<string, string> {
  return typeof schema[key] === "string" ? { [key]: schema[key] } : {};
}

function numberKeywords(schema: JsonSchemaObject): Record<string, number> {
  const keys = [...LOWER_BOUNDS, ...UPPER_BOUNDS, "multipleOf"] as const;
  return Object.fromEntries(keys.filter((k) => typeof schema[k] === "number").map((k) => [k, schema[k] as number]));
}

function itemsContract(schema: JsonSchemaObject, schemas: Schemas, depth: number): { items?: SchemaContract } {
  const items = schema["items"];
  if (items === undefined || Array.isArray(items) || depth >= MAX_DEPTH) return {};
  return { items: typeof items === "boolean" ? { type: [] } : schemaContract(items as JsonSchema, schemas, depth + 1) };
}
