// JSON Schema → one deterministic sample value: a typical instance (every property), or the smallest valid call (required properties only); the spec's own values first.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, JsonSchemaObject } from "../model/api-model.js";
import { constantMisfit, safeTest } from "../planner/constant-fit.js";
import { componentName } from "../planner/schemas.js";
import { hasJsonType } from "../util/json-type.js";
import { patternSample } from "./pattern-sample.js";

/** How many items a sampled array has (within minItems/maxItems), and how many entries a sampled map. */
const SAMPLE_ITEMS = 3;
/** Typical length of a sampled free string (within minLength/maxLength). */
const SAMPLE_STRING_CHARS = 16;
const MAX_DEPTH = 12;
const TEXT = "sample text of a typical length for a free-form string field ".repeat(8);

/** Sample strings for the common formats. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  "date-time": "2024-01-15T09:30:00Z",
  date: "2024-01-15",
  time: "09:30:00Z",
  email: "ada@example.com",
  uri: "https://example.com/resources/1",
  url: "https://example.com/resources/1",
  "uri-reference": "/resources/1",
  uuid: "6f1c2a9e-3b7d-4e5f-8a1b-9c0d2e4f6a8b",
  hostname: "api.example.com",
  ipv4: "192.0.2.10",
  ipv6: "2001:db8::10",
  byte: "c2FtcGxlIGJ5dGVz",
  password: "••••••••",
  duration: "PT1H",
};

/**
 * `instance`: a value of typical size, every property sampled (the size of a response). `example`: the smallest valid
 * call a tool's input example shows, required properties only however deep, one item per array where none are required,
 * and a spec value kept only where it fits its own schema's type, enum, pattern and bounds.
 */
export type SampleMode = "instance" | "example";

interface Sampler {
  readonly schemas: SchemaLookup;
  /** Named schemas being sampled (a recursive schema is cut at its second visit). */
  readonly stack: readonly string[];
  readonly mode: SampleMode;
  /** How many objects and arrays the value being sampled sits in. */
  readonly level: number;
  /** Properties another part of the same value requires (an `allOf` sibling, a `oneOf` branch of only `required`). */
  readonly alsoRequired?: ReadonlySet<string>;
}

/** How deep an example's required properties are followed (an instance stops at MAX_DEPTH schemas on the stack). */
const MAX_EXAMPLE_LEVEL = 32;
/** How many schemas an example follows into one another (`allOf` chains thousands long end here, not in a stack overflow). */
const MAX_EXAMPLE_STACK = 256;

function clamp(value: number, min: unknown, max: unknown): number {
  const lo = typeof min === "number" ? Math.max(value, min) : value;
  return typeof max === "number" ? Math.min(lo, max) : lo;
}

function firstType(schema: JsonSchemaObject): string | undefined {
  const type = schema["type"];
  if (typeof type === "string") return type;
  const types = Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : [];
  return types.find((t) => t !== "null") ?? types[0];
}

function given(schema: JsonSchemaObject, s: Sampler): { value: unknown } | undefined {
  const examples = schema["examples"];
  const candidates = [
    ...(Array.isArray(examples) && examples.length > 0 ? [examples[0]] : []),
    ...["example", "const", "default"].filter((key) => schema[key] !== undefined).map((key) => schema[key]),
  ];
  const values = schema["enum"];
  if (Array.isArray(values) && values.length > 0) candidates.push(values.find((v) => v !== null) ?? values[0]);
  const value = s.mode === "instance" ? candidates[0] : candidates.find((v) => plausible(v, schema, s.schemas));
  return value === undefined ? undefined : { value };
}

/**
 * Whether a value the spec gives for `schema` keeps the schema's own rules: its type, and what a goal's constant must
 * keep (enum, const, format, pattern, lengths, bounds). Nested values are not looked into; the tool's input schema
 * checks the whole example.
 */
function plausible(value: unknown, schema: JsonSchemaObject, schemas: SchemaLookup): boolean {
  const types = typeof schema["type"] === "string" ? [schema["type"]] : schema["type"];
  if (Array.isArray(types) && !types.some((t) => typeof t === "string" && hasJsonType(value, t) === true)) return false;
  return constantMisfit(value, schema, schemas) === undefined;
}

function withinLengths(text: string, schema: JsonSchemaObject): boolean {
  const { minLength, maxLength } = schema;
  const length = [...text].length;
  return (
    (typeof minLength !== "number" || length >= minLength) && (typeof maxLength !== "number" || length <= maxLength)
  );
}

/** The format's sample where it also fits the pattern and lengths, else one the pattern and lengths allow, else plain text. */
function sampleString(schema: JsonSchemaObject): string {
  const pattern = typeof schema["pattern"] === "string" ? schema["pattern"] : undefined;
  const format = typeof schema["format"] === "string" ? FORMAT_SAMPLES[schema["format"]] : undefined;
  if (
    format !== undefined &&
    withinLengths(format, schema) &&
    (pattern === undefined || safeTest(pattern, format) === true)
  )
    return format;
  const bounds = {
    ...(typeof schema["minLength"] === "number" ? { minLength: schema["minLength"] } : {}),
    ...(typeof schema["maxLength"] === "number" ? { maxLength: schema["maxLength"] } : {}),
  };
  const matching = pattern === undefined ? undefined : patternSample(pattern, bounds);
  if (matching !== undefined) return matching;
  if (format !== undefined) return format;
  return plainText(clamp(SAMPLE_STRING_CHARS, schema["minLength"], schema["maxLength"]), schema["minLength"]);
}

/** `length` characters of plain text, without a trailing space where that keeps `minLength` ("x" for none). */
function plainText(length: number, minLength: unknown): string {
  const text = TEXT.slice(0, length);
  const trimmed = text.trimEnd();
  if (trimmed.length >= (typeof minLength === "number" ? minLength : 1)) return trimmed;
  return text.length === 0 ? "x" : `${text.slice(0, -1)}s`;
}

function sampleNumber(schema: JsonSchemaObject, integer: boolean): number {
  const exclusive = typeof schema["exclusiveMinimum"] === "number" ? schema["exclusiveMinimum"] + 1 : undefined;
  const max = typeof schema["exclusiveMaximum"] === "number" ? schema["exclusiveMaximum"] - 1 : schema["maximum"];
  const value = clamp(integer ? 42 : 42.5, schema["minimum"] ?? exclusive, max);
  return integer ? Math.round(value) : value;
}

function sampleArray(schema: JsonSchemaObject, s: Sampler): unknown[] {
  const typical = s.mode === "example" ? 1 : SAMPLE_ITEMS;
  const count = clamp(schema["uniqueItems"] === true ? 1 : typical, schema["minItems"], schema["maxItems"]);
  const prefix = Array.isArray(schema["prefixItems"]) ? (schema["prefixItems"] as JsonSchema[]) : [];
  const items = schema["items"];
  const inner = deeper(s);
  const rest =
    items === undefined || items === false
      ? []
      : Array.from({ length: Math.max(0, count - prefix.length) }, () => sampleWith(items as JsonSchema, inner));
  return [...prefix.map((p) => sampleWith(p, inner)), ...rest].filter((v) => v !== undefined);
}

function sampleObject(schema: JsonSchemaObject, s: Sampler): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = (schema["properties"] ?? {}) as Record<string, JsonSchema>;
  const required = new Set([...requiredOf(schema), ...(s.alsoRequired ?? [])]);
  const inner = deeper(s);
  for (const [key, sub] of Object.entries(properties)) {
    if (s.mode === "example" && !required.has(key)) continue;
    const value = sampleWith(sub, inner);
    if (value !== undefined) out[key] = value;
  }
  const additional = schema["additionalProperties"];
  const entries =
    s.mode === "example" ? (typeof schema["minProperties"] === "number" ? schema["minProperties"] : 0) : SAMPLE_ITEMS;
  if (Object.keys(properties).length === 0 && additional !== undefined && additional !== false) {
    for (let i = 1; i <= clamp(entries, schema["minProperties"], schema["maxProperties"]); i++) {
      const value = sampleWith(additional === true ? {} : (additional as JsonSchema), inner);
      if (value !== undefined) out[`key_${i}`] = value;
    }
  }
  return out;
}

/** The sampler one object or array further in. */
function deeper(s: Sampler): Sampler {
  const { alsoRequired: _, ...rest } = s;
  return { ...rest, level: s.level + 1 };
}

/** The sampler with `names` also required of the value it samples next. */
function requiring(s: Sampler, names: readonly string[]): Sampler {
  return names.length === 0 ? s : { ...s, alsoRequired: new Set([...(s.alsoRequired ?? []), ...names]) };
}

/** The parts of a schema with `allOf`: its own keywords (`properties`, `type` beside the `allOf`) first, then each part. */
function allOfParts(schema: JsonSchemaObject): JsonSchema[] {
  const { allOf, ...own } = schema;
  const parts = allOf as JsonSchema[];
  return Object.keys(own).some((key) => key === "properties" || key === "additionalProperties")
    ? [own, ...parts]
    : parts;
}

function sampleAllOf(parts: readonly JsonSchema[], s: Sampler): unknown {
  const each = requiring(s, parts.flatMap(requiredOf));
  const samples = parts.map((p) => sampleWith(p, each));
  if (samples.every((v) => v !== null && typeof v === "object" && !Array.isArray(v)))
    return Object.assign({}, ...samples);
  return samples.find((v) => v !== undefined);
}

const BY_TYPE: Readonly<Record<string, (schema: JsonSchemaObject, s: Sampler) => unknown>> = {
  object: sampleObject,
  array: sampleArray,
  string: sampleString,
  integer: (schema) => sampleNumber(schema, true),
  number: (schema) => sampleNumber(schema, false),
  boolean: () => true,
  null: () => null,
};

function inferredType(schema: JsonSchemaObject): string {
  if (schema["properties"] !== undefined || schema["additionalProperties"] !== undefined) return "object";
  return schema["items"] !== undefined || schema["prefixItems"] !== undefined ? "array" : "string";
}

const SHAPE_KEYWORDS = ["type", "properties", "items", "$ref", "allOf", "anyOf", "oneOf", "enum", "const"] as const;

function ownShape(schema: JsonSchemaObject): boolean {
  return schema["type"] !== undefined || schema["properties"] !== undefined;
}

/** A union branch that only adds rules to its parent (`required: [a]`, bounds), so the parent's shape is what to sample. */
function constraintOnly(branch: JsonSchema): boolean {
  return typeof branch === "object" && SHAPE_KEYWORDS.every((key) => branch[key] === undefined);
}

function requiredOf(schema: JsonSchema): string[] {
  return typeof schema === "object" && Array.isArray(schema["required"]) ? (schema["required"] as string[]) : [];
}

/**
 * `{ type: object, properties, oneOf: [{ required: [a] }, { required: [b] }] }`: the parent sampled, keeping the
 * first branch's required properties and leaving out those only the other branches require (one of exactly one).
 */
function sampleConstrained(schema: JsonSchemaObject, union: readonly JsonSchema[], s: Sampler): unknown {
  const { oneOf: _, anyOf: __, ...base } = schema;
  const value = sampleWith(base, requiring(s, requiredOf(union[0] as JsonSchema)));
  if (schema["oneOf"] === undefined || value === null || typeof value !== "object" || Array.isArray(value))
    return value;
  const keep = new Set([...requiredOf(schema), ...requiredOf(union[0] as JsonSchema)]);
  const others = new Set(union.slice(1).flatMap(requiredOf));
  return Object.fromEntries(Object.entries(value).filter(([key]) => keep.has(key) || !others.has(key)));
}

/**
 * A `oneOf` / `anyOf` branch of a schema with a shape of its own, as one schema: the parent's keywords and properties
 * with the branch's (a branch narrows a property or requires one the parent defines); a `$ref` branch as it is.
 */
function withBranch(schema: JsonSchemaObject, branch: JsonSchema): JsonSchema {
  if (typeof branch !== "object" || branch["$ref"] !== undefined) return branch;
  const { oneOf: _, anyOf: __, ...base } = schema;
  const properties = { ...(base["properties"] ?? {}), ...(branch["properties"] ?? {}) };
  const required = [...new Set([...requiredOf(base), ...requiredOf(branch)])];
  return { ...base, ...branch, properties, ...(required.length === 0 ? {} : { required }) };
}

function sampleWith(schema: JsonSchema, s: Sampler): unknown {
  if (typeof schema === "boolean") return schema ? "value" : undefined;
  if (
    s.mode === "instance"
      ? s.stack.length > MAX_DEPTH
      : s.level > MAX_EXAMPLE_LEVEL || s.stack.length > MAX_EXAMPLE_STACK
  )
    return undefined;
  const example = given(schema, s);
  if (example !== undefined) return example.value;
  const ref = componentName(schema["$ref"]);
  if (ref !== undefined) {
    const target = s.schemas(ref);
    if (target === undefined || s.stack.filter((n) => n === ref).length >= 1) return undefined;
    return sampleWith(target, { ...s, stack: [...s.stack, ref] });
  }
  const inner = requiring({ ...s, stack: [...s.stack, ""] }, s.mode === "example" ? requiredOf(schema) : []);
  if (Array.isArray(schema["allOf"])) return sampleAllOf(allOfParts(schema), inner);
  const union = [schema["oneOf"], schema["anyOf"]].find(Array.isArray) as JsonSchema[] | undefined;
  if (union && ownShape(schema) && union.every(constraintOnly)) return sampleConstrained(schema, union, inner);
  const branches = union && ownShape(schema) ? union.map((b) => withBranch(schema, b)) : union;
  if (branches) return branches.map((b) => sampleWith(b, inner)).find((v) => v !== undefined && v !== null) ?? null;
  const type = firstType(schema) ?? inferredType(schema);
  return (BY_TYPE[type] ?? sampleString)(schema, inner);
}

/**
 * A sample instance of `schema`: its own example (`examples`, `example`, `const`, `default`, first `enum` value),
 * else one built from the type within its bounds. Refs resolve against `schemas`; a named schema met again
 * inside itself is left out, so recursion ends. Deterministic: same schema, same sample.
 */
export function sampleSchema(schema: JsonSchema, schemas: SchemaLookup, mode: SampleMode = "instance"): unknown {
  return sampleWith(schema, { schemas, stack: [], mode, level: 0 });
}
