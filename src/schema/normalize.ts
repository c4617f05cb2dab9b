// Turns a Swagger 2.0 / OpenAPI 3.0 / OpenAPI 3.1 schema into one dialect: JSON Schema 2020-12 style.
import { isPlaceholderExample, isPlaceholderText, valueExamples } from "./placeholder-example.js";
import type { JsonSchema, JsonSchemaObject, SpecDialect } from "../model/api-model.js";
import { isRecord } from "../runtime/types.js";
import { hasJsonType } from "../util/json-type.js";
import { setOwn } from "../util/set-own.js";
import { saysClientAssigned, saysServerFilled } from "./server-filled.js";

type Mutable = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const SINGLE_SCHEMA_KEYWORDS = [
  "additionalItems",
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
] as const;

/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"] as const;

/** Keywords that stay on the outer schema when a nullable schema is wrapped in `anyOf` (annotations, and definitions so `#/…` refs still resolve). */
const ANNOTATION_KEYWORDS = new Set([
  "$defs",
  "definitions",
  "title",
  "description",
  "default",
  "examples",
  "readOnly",
  "writeOnly",
  "deprecated",
  "externalDocs",
  "xml",
  "$comment",
]);

/**
 * Rewrites `schema` (written in `dialect`) into 2020-12 style, recursively through every subschema
 * position; the input is never mutated and `$ref` strings are left exactly as written.
 *
 * - OAS 3.0 `nullable: true` / Swagger 2 `x-nullable: true` → `"null"` added to `type` (and to `enum`);
 *   a schema without `type` that is only a `$ref` or a composition becomes `anyOf: [X, {type: "null"}]`.
 *   OAS 3.1 has no `nullable`, so there it stays an unknown keyword (an annotation).
 * - draft-4 boolean `exclusiveMinimum`/`exclusiveMaximum` → the number form (all dialects, leniently).
 * - draft-4 array-form `items` (+ `additionalItems`) → `prefixItems` (+ `items`); draft-4 `dependencies`
 *   → `dependentRequired` / `dependentSchemas` (OAS 3.0 and Swagger 2).
 * - `example` → `examples: [example]`; an example its own `type` contradicts is made to fit where nothing is lost
 *   (`12345` for a string → `"12345"`, `"7"` for an integer → `7`, `"true"` for a boolean → `true`), else left out;
 *   a bare `type: object` (no properties) whose examples are not objects (LaunchDarkly's JSON Patch `value`, example
 *   `"My resource name"`) is any JSON value: Swagger 2 could not say "any", and the examples show what is sent.
 * - OAS 3.0 / Swagger 2 `type: file` → `type: string, format: binary`.
 * - with `objectsTyped`, a schema with properties and no `type` → `type: object` (see {@link NormalizeOptions}).
 * - `discriminator`, `readOnly`, `writeOnly`, `x-*` and unknown keywords are kept verbatim.
 */
export function normalizeSchema(schema: unknown, dialect: SpecDialect, options: NormalizeOptions = {}): JsonSchema {
  if (typeof schema === "boolean") return schema;
  if (!isPlainObject(schema)) return {};
  return normalizeObject(schema, {
    dialect,
    objectsTyped: options.objectsTyped === true,
    requiredAsDescribed: options.requiredAsDescribed === true,
    readOnlyAsDescribed: options.readOnlyAsDescribed === true,
  });
}

export interface NormalizeOptions {
  /**
   * A schema with `properties`, `patternProperties` or a schema for `additionalProperties` and no `type` is read as
   * `type: object`, as specs mean it (Swagger 2 specs such as Kubernetes leave it out): without a type it would also
   * accept null, booleans, numbers, strings and arrays. Off for `schemaToZod`, which keeps JSON Schema's meaning.
   */
  readonly objectsTyped?: boolean;
  /**
   * A property listed in `required` whose own description makes it an alternative to a sibling ("Required if
   * 'TemplateAlias' is not specified.", "Required unless `id` is given.") is left out of `required`, as the spec means
   * it: one of the two is needed, not both. Off for `schemaToZod`.
   */
  readonly requiredAsDescribed?: boolean;
  /**
   * A property whose description says the server fills it ("Output only.", "[Output Only]", "Read-only." as a sentence,
   * "assigned by the server"; see server-filled.ts) is marked `readOnly: true`, as the spec means it: no request sends
   * it. Off for `schemaToZod`.
   */
  readonly readOnlyAsDescribed?: boolean;
}

interface Ctx {
  readonly dialect: SpecDialect;
  readonly objectsTyped: boolean;
  readonly requiredAsDescribed: boolean;
  readonly readOnlyAsDescribed: boolean;
}

/** Every keyword whose value holds subschemas (the only values normalizing a schema's own keys changes). */
const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  ...SINGLE_SCHEMA_KEYWORDS,
  ...SCHEMA_ARRAY_KEYWORDS,
  ...SCHEMA_MAP_KEYWORDS,
]);

function normalizeObject(schema: JsonSchemaObject, ctx: Ctx): JsonSchema {
  // A copy of the same keys in the same order (taking the source's shape, not one new key at a time), then the
  // subschema keywords' values replaced in place.
  const out: Mutable = { ...schema };
  for (const key of Object.keys(out)) if (SUBSCHEMA_KEYWORDS.has(key)) out[key] = normalizeKeyword(key, out[key], ctx);
  normalizeExample(out);
  dropPlaceholderExamples(out);
  examplesFitType(out);
  normalizeExclusiveBound(out, "exclusiveMinimum", "minimum");
  normalizeExclusiveBound(out, "exclusiveMaximum", "maximum");
  normalizeArrayItems(out);
  if (ctx.dialect !== "openapi-3.1") {
    normalizeFileType(out);
    normalizeDependencies(out, ctx);
  }
  mergeAnnotationMembers(out);
  requiredIntoMembers(out);
  if (ctx.objectsTyped) typeObject(out);
  if (ctx.requiredAsDescribed) requiredAsDescribed(out);
  if (ctx.readOnlyAsDescribed) readOnlyAsDescribed(out);
  offsetOptional(out);
  return normalizeNullable(out, ctx.dialect);
}

/** A member of `allOf` that only annotates (`{description: …}`, `{title, examples}`): it constrains nothing. */
function onlyAnnotates(member: unknown): member is JsonSchemaObject {
  return (
    isPlainObject(member) &&
    Object.keys(member).length > 0 &&
    Object.keys(member).every((k) => ANNOTATION_KEYWORDS.has(k) || k === "example" || k.startsWith("x-"))
  );
}

/**
 * `allOf: [{$ref: X}, {description: …}]` (every property of the directory's AWS descriptions) → `{$ref: X,
 * description: …}`: an annotating member's keywords move onto the schema where it has none of its own, and a lone
 * remaining member is written in place when none of its keywords is already there. Validation is unchanged.
 */
function mergeAnnotationMembers(out: Mutable): void {
  const members = out["allOf"];
  if (!Array.isArray(members) || members.length < 2 || !members.some(onlyAnnotates)) return;
  for (const note of members.filter(onlyAnnotates))
    for (const [key, value] of Object.entries(note)) if (!Object.hasOwn(out, key)) out[key] = value;
  const rest = members.filter((m) => !onlyAnnotates(m));
  const [lone] = rest;
  if (rest.length === 1 && isPlainObject(lone) && Object.keys(lone).every((k) => !Object.hasOwn(out, k))) {
    delete out["allOf"];
    Object.assign(out, lone);
  } else if (rest.length === 0) delete out["allOf"];
  else out["allOf"] = rest;
}

/**
 * `{allOf: [{$ref: X}, {properties: {type, region, …}}], required: [type, region]}` (Linode's create): each required
 * name moves into the first inline member that declares it, so the object that types it also requires it. Left at
 * the top, a required name no property of its own declares is checked, and advertised, as a member of any type
 * (`type: {}`) beside the member that types it. The same instances pass: every member applies to the whole value.
 */
function requiredIntoMembers(out: Mutable): void {
  const required = out["required"];
  const members = out["allOf"];
  if (!Array.isArray(required) || !Array.isArray(members) || out["properties"] !== undefined) return;
  const declares = (member: unknown, name: string): boolean =>
    isPlainObject(member) &&
    member["$ref"] === undefined &&
    isPlainObject(member["properties"]) &&
    Object.hasOwn(member["properties"], name);
  const moved = new Map<number, string[]>();
  const kept: unknown[] = [];
  for (const name of required) {
    const at = typeof name === "string" ? members.findIndex((m) => declares(m, name)) : -1;
    if (at < 0) kept.push(name);
    else moved.set(at, [...(moved.get(at) ?? []), name as string]);
  }
  if (moved.size === 0) return;
  out["allOf"] = members.map((member, i) => {
    const names = moved.get(i);
    if (names === undefined) return member;
    const own = Array.isArray(member["required"]) ? (member["required"] as unknown[]) : [];
    return { ...member, required: [...own, ...names.filter((n) => !own.includes(n))] };
  });
  if (kept.length === 0) delete out["required"];
  else out["required"] = kept;
}

/** "Required if 'X' is not specified", "Required unless `X` is given": the sibling X it is an alternative to. */
const ALTERNATIVE_TO = [
  /\brequired (?:if|when) (?:the )?[`'"]?([A-Za-z_][\w-]*)[`'"]? (?:is|was) not (?:specified|given|provided|set|present|supplied|passed)\b/i,
  /\brequired unless (?:the )?[`'"]?([A-Za-z_][\w-]*)[`'"]? (?:is|was) (?:specified|given|provided|set|present|supplied|passed)\b/i,
];

function requiredAsDescribed(out: Mutable): void {
  const required = out["required"];
  const properties = out["properties"];
  if (!Array.isArray(required) || !isPlainObject(properties)) return;
  const alternative = (name: unknown): boolean => {
    const property = typeof name === "string" && Object.hasOwn(properties, name) ? properties[name] : undefined;
    const description = isPlainObject(property) ? property["description"] : undefined;
    if (typeof description !== "string") return false;
    const other = ALTERNATIVE_TO.map((re) => re.exec(description)?.[1]).find((n) => n !== undefined);
    return other !== undefined && other !== name && Object.hasOwn(properties, other);
  };
  const kept = required.filter((name) => !alternative(name));
  if (kept.length === required.length) return;
  if (kept.length === 0) delete out["required"];
  else out["required"] = kept;
}

/**
 * A `date-time` whose own description says the UTC offset may be left out: Google Calendar's event `dateTime` ("A time
 * zone offset is required unless a time zone is explicitly specified in timeZone"), Google Wallet's "Offset is not
 * required.". RFC 3339 requires an offset, so the format would refuse "2026-12-08T10:00:00" with `timeZone` set, which
 * the API takes; the description still says what to send.
 */
const OFFSET_OPTIONAL = /\boffset is (?:required unless|not required|optional)\b|\bwith no UTC offset\b/i;

function offsetOptional(out: Mutable): void {
  const description = out["description"];
  if (out["format"] === "date-time" && typeof description === "string" && OFFSET_OPTIONAL.test(description))
    delete out["format"];
}

/**
 * Marks each property whose own description says the server fills it `readOnly: true` (unless it says `writeOnly`),
 * and drops a `readOnly` the spec sets on a property whose description says the client assigns it (see
 * `saysClientAssigned`), with the "Output only." its description opens with.
 */
function readOnlyAsDescribed(out: Mutable): void {
  const properties = out["properties"];
  if (!isPlainObject(properties)) return;
  for (const name of Object.keys(properties)) {
    const property = properties[name];
    if (isPlainObject(property) && property["readOnly"] === true && typeof property["description"] === "string") {
      if (saysClientAssigned(property["description"])) {
        const { readOnly: _, ...rest } = property;
        const description = property["description"].replace(/^\s*\[?output[- ]only\]?\.?\s*/i, "");
        setOwn(properties, name, { ...rest, description });
      }
      continue;
    }
    if (!isPlainObject(property) || property["readOnly"] !== undefined || property["writeOnly"] === true) continue;
    const description = property["description"];
    if (typeof description === "string" && saysServerFilled(description))
      setOwn(properties, name, { ...property, readOnly: true });
  }
}

function typeObject(out: Mutable): void {
  if (out["type"] !== undefined) return;
  const additional = out["additionalProperties"];
  if (isPlainObject(out["properties"]) || isPlainObject(out["patternProperties"]) || isPlainObject(additional))
    out["type"] = "object";
}

function normalizeChild(schema: unknown, ctx: Ctx): JsonSchema {
  if (typeof schema === "boolean") return schema;
  return isPlainObject(schema) ? normalizeObject(schema, ctx) : {};
}

function normalizeKeyword(key: string, value: unknown, ctx: Ctx): unknown {
  if ((SINGLE_SCHEMA_KEYWORDS as readonly string[]).includes(key)) {
    return Array.isArray(value) ? value.map((s) => normalizeChild(s, ctx)) : normalizeChild(value, ctx);
  }
  if ((SCHEMA_ARRAY_KEYWORDS as readonly string[]).includes(key)) {
    return Array.isArray(value) ? value.map((s) => normalizeChild(s, ctx)) : value;
  }
  if ((SCHEMA_MAP_KEYWORDS as readonly string[]).includes(key)) return normalizeSchemaMap(value, ctx);
  return value;
}

function normalizeSchemaMap(value: unknown, ctx: Ctx): unknown {
  if (!isPlainObject(value)) return value;
  const out: Mutable = { ...value };
  for (const name of Object.keys(out)) setOwn(out, name, normalizeChild(out[name], ctx));
  return out;
}

function normalizeExample(out: Mutable): void {
  if (!Object.hasOwn(out, "example")) return;
  const example = out["example"];
  delete out["example"];
  const examples = Array.isArray(out["examples"]) ? (out["examples"] as unknown[]) : [];
  out["examples"] = [example, ...examples];
}

/** `examples` without template placeholders (`{{PAGE_ID}}`, `<string>`): no value to show or send. */
function dropPlaceholderExamples(out: Mutable): void {
  if (isPlaceholderText(out["description"])) delete out["description"];
  const examples = out["examples"];
  const allowed = [...(Array.isArray(out["enum"]) ? out["enum"] : []), ...("const" in out ? [out["const"]] : [])];
  if (!Array.isArray(examples) || !examples.some((e) => isPlaceholderExample(e, allowed))) return;
  const values = valueExamples(examples, allowed);
  if (values.length === 0) delete out["examples"];
  else out["examples"] = values;
}

/** Whether an example fits the schema's `type` (null always does: nullability is said elsewhere). */
const fitsType = (type: string, value: unknown): boolean => value === null || hasJsonType(value, type) !== false;

/** The example written in `type` when it says the same thing there (`12345` → `"12345"`, `"7"` → `7`), else undefined. */
function exampleAs(type: string, value: unknown): unknown {
  if (type === "string" && (typeof value === "number" || typeof value === "boolean")) return String(value);
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (
    (type === "integer" && /^-?\d{1,15}$/.test(text)) ||
    (type === "number" && /^-?\d{1,15}(\.\d{1,15})?$/.test(text))
  )
    return Number(text);
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return undefined;
}

const BARE_OBJECT_KEYS = [
  "properties",
  "patternProperties",
  "additionalProperties",
  "required",
  "allOf",
  "anyOf",
  "oneOf",
];

/** A schema that says only `type: object` (no properties, no composition): how Swagger 2 wrote "any value" too. */
export function isBareObject(schema: Readonly<Record<string, unknown>>): boolean {
  return schema["type"] === "object" && BARE_OBJECT_KEYS.every((k) => schema[k] === undefined);
}

/** Examples that contradict the schema's own single `type`: see {@link normalizeSchema}. */
function examplesFitType(out: Mutable): void {
  const type = out["type"];
  const examples = out["examples"];
  if (typeof type !== "string" || !Array.isArray(examples) || examples.every((e) => fitsType(type, e))) return;
  if (isBareObject(out)) {
    delete out["type"];
    return;
  }
  const fitted = examples.flatMap((e) =>
    fitsType(type, e) ? [e] : [exampleAs(type, e)].filter((v) => v !== undefined),
  );
  if (fitted.length === 0) delete out["examples"];
  else out["examples"] = fitted;
}

function normalizeExclusiveBound(
  out: Mutable,
  exclusive: "exclusiveMinimum" | "exclusiveMaximum",
  inclusive: "minimum" | "maximum",
): void {
  const flag = out[exclusive];
  if (typeof flag !== "boolean") return;
  delete out[exclusive];
  if (!flag || typeof out[inclusive] !== "number") return;
  out[exclusive] = out[inclusive];
  delete out[inclusive];
}

function normalizeArrayItems(out: Mutable): void {
  if (!Array.isArray(out["items"])) return;
  out["prefixItems"] = out["items"];
  delete out["items"];
  if (Object.hasOwn(out, "additionalItems")) out["items"] = out["additionalItems"];
  delete out["additionalItems"];
}

function normalizeFileType(out: Mutable): void {
  const type = out["type"];
  if (type === "file") {
    out["type"] = "string";
    if (out["format"] === undefined) out["format"] = "binary";
    return;
  }
  if (Array.isArray(type) && type.includes("file")) {
    out["type"] = [...new Set(type.map((t) => (t === "file" ? "string" : t)))];
    if (out["format"] === undefined) out["format"] = "binary";
  }
}

function normalizeDependencies(out: Mutable, ctx: Ctx): void {
  const deps = out["dependencies"];
  if (!isPlainObject(deps)) return;
  delete out["dependencies"];
  const required: Mutable = isPlainObject(out["dependentRequired"]) ? { ...out["dependentRequired"] } : {};
  const schemas: Mutable = isPlainObject(out["dependentSchemas"]) ? { ...out["dependentSchemas"] } : {};
  for (const [name, dep] of Object.entries(deps)) {
    if (Array.isArray(dep)) setOwn(required, name, dep);
    if (!Array.isArray(dep)) setOwn(schemas, name, normalizeChild(dep, ctx));
  }
  if (Object.keys(required).length > 0) out["dependentRequired"] = required;
  if (Object.keys(schemas).length > 0) out["dependentSchemas"] = schemas;
}

function nullableFlag(dialect: SpecDialect): string | undefined {
  const flags: Record<SpecDialect, string | undefined> = {
    "openapi-3.0": "nullable",
    "swagger-2.0": "x-nullable",
    "openapi-3.1": undefined,
  };
  return flags[dialect];
}

function normalizeNullable(out: Mutable, dialect: SpecDialect): JsonSchema {
  const flag = nullableFlag(dialect);
  if (flag === undefined || !Object.hasOwn(out, flag)) return out;
  const nullable = out[flag] === true;
  delete out[flag];
  if (!nullable) return out;
  if (Array.isArray(out["enum"]) && !out["enum"].includes(null)) out["enum"] = [...out["enum"], null];
  if (out["type"] !== undefined) {
    out["type"] = addNullType(out["type"]);
    return out;
  }
  if (isRefOrComposition(out)) return wrapNullable(out);
  return out;
}

function addNullType(type: unknown): unknown {
  if (typeof type === "string") return type === "null" ? type : [type, "null"];
  if (Array.isArray(type)) return type.includes("null") ? type : [...type, "null"];
  return type;
}

function isRefOrComposition(out: Mutable): boolean {
  return ["$ref", "allOf", "anyOf", "oneOf"].some((k) => Object.hasOwn(out, k));
}

function wrapNullable(out: Mutable): JsonSchema {
  const outer: Mutable = {};
  const inner: Mutable = {};
  for (const [key, value] of Object.entries(out)) setOwn(ANNOTATION_KEYWORDS.has(key) ? outer : inner, key, value);
  outer["anyOf"] = [inner, { type: "null" }];
  return outer;
}

function isPlainObject(value: unknown): value is JsonSchemaObject {
  return isRecord(value);
}
