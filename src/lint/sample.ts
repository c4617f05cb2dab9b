// JSON Schema → one deterministic sample value: the spec's examples first, else values of typical size within the schema's bounds.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, JsonSchemaObject } from "../model/api-model.js";
import { componentName } from "../planner/schemas.js";

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

interface Sampler {
  readonly schemas: SchemaLookup;
  /** Named schemas being sampled (a recursive schema is cut at its second visit). */
  readonly stack: readonly string[];
}

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

function given(schema: JsonSchemaObject): { value: unknown } | undefined {
  const examples = schema["examples"];
  if (Array.isArray(examples) && examples.length > 0) return { value: examples[0] };
  for (const key of ["example", "const", "default"]) if (schema[key] !== undefined) return { value: schema[key] };
  const values = schema["enum"];
  return Array.isArray(values) && values.length > 0
    ? { value: values.find((v) => v !== null) ?? values[0] }
    : undefined;
}

function sampleString(schema: JsonSchemaObject): string {
  const format = typeof schema["format"] === "string" ? FORMAT_SAMPLES[schema["format"]] : undefined;
  if (format !== undefined) return format;
  return TEXT.slice(0, clamp(SAMPLE_STRING_CHARS, schema["minLength"], schema["maxLength"])).trimEnd() || "x";
}

function sampleNumber(schema: JsonSchemaObject, integer: boolean): number {
  const exclusive = typeof schema["exclusiveMinimum"] === "number" ? schema["exclusiveMinimum"] + 1 : undefined;
  const max = typeof schema["exclusiveMaximum"] === "number" ? schema["exclusiveMaximum"] - 1 : schema["maximum"];
  const value = clamp(integer ? 42 : 42.5, schema["minimum"] ?? exclusive, max);
  return integer ? Math.round(value) : value;
}

function sampleArray(schema: JsonSchemaObject, s: Sampler): unknown[] {
  const count = clamp(SAMPLE_ITEMS, schema["minItems"], schema["maxItems"]);
  const prefix = Array.isArray(schema["prefixItems"]) ? (schema["prefixItems"] as JsonSchema[]) : [];
  const items = schema["items"];
  const rest =
    items === undefined || items === false
      ? []
      : Array.from({ length: Math.max(0, count - prefix.length) }, () => sampleWith(items as JsonSchema, s));
  return [...prefix.map((p) => sampleWith(p, s)), ...rest].filter((v) => v !== undefined);
}

function sampleObject(schema: JsonSchemaObject, s: Sampler): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = (schema["properties"] ?? {}) as Record<string, JsonSchema>;
  for (const [key, sub] of Object.entries(properties)) {
    const value = sampleWith(sub, s);
    if (value !== undefined) out[key] = value;
  }
  const additional = schema["additionalProperties"];
  if (Object.keys(properties).length === 0 && additional !== undefined && additional !== false) {
    for (let i = 1; i <= clamp(SAMPLE_ITEMS, schema["minProperties"], schema["maxProperties"]); i++)
      out[`key_${i}`] = sampleWith(additional === true ? {} : (additional as JsonSchema), s);
  }
  return out;
}

function sampleAllOf(parts: readonly JsonSchema[], s: Sampler): unknown {
  const samples = parts.map((p) => sampleWith(p, s));
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

function sampleWith(schema: JsonSchema, s: Sampler): unknown {
  if (typeof schema === "boolean") return schema ? "value" : undefined;
  if (s.stack.length > MAX_DEPTH) return undefined;
  const example = given(schema);
  if (example !== undefined) return example.value;
  const ref = componentName(schema["$ref"]);
  if (ref !== undefined) {
    const target = s.schemas(ref);
    if (target === undefined || s.stack.filter((n) => n === ref).length >= 1) return undefined;
    return sampleWith(target, { ...s, stack: [...s.stack, ref] });
  }
  const inner = { ...s, stack: [...s.stack, ""] };
  if (Array.isArray(schema["allOf"])) return sampleAllOf(schema["allOf"] as JsonSchema[], inner);
  const union = [schema["oneOf"], schema["anyOf"]].find(Array.isArray) as JsonSchema[] | undefined;
  if (union) return union.map((b) => sampleWith(b, inner)).find((v) => v !== undefined && v !== null) ?? null;
  const type = firstType(schema) ?? inferredType(schema);
  return (BY_TYPE[type] ?? sampleString)(schema, inner);
}

/**
 * A sample instance of `schema`: its own example (`examples`, `example`, `const`, `default`, first `enum` value),
 * else one built from the type within its bounds. Refs resolve against `schemas`; a named schema met again
 * inside itself is left out, so recursion ends. Deterministic: same schema, same sample.
 */
export function sampleSchema(schema: JsonSchema, schemas: SchemaLookup): unknown {
  return sampleWith(schema, { schemas, stack: [] });
}
