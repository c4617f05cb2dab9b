// JSON Schema (2020-12, from z.toJSONSchema) → the subset OpenAI strict mode takes; strict arguments → the original.
import { keywordWords, says } from "../constraint-words.js";
import { unescapeToken } from "../expressions/pointer.js";
import { isRecord } from "../types.js";
import type { JsonSchema } from "./shared.js";

/**
 * The `format` values strict mode accepts (OpenAI Structured Outputs guide, "Supported properties").
 * Besides `type`, `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `anyOf`, `$ref`/`$defs`,
 * `description` and `title`, strict mode accepts only {@link OPENAI_STRICT_KEYWORDS}; every other keyword is moved
 * into the description in words.
 */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

/** Type-specific constraint keywords strict mode accepts, by JSON type (same guide section). */
export const OPENAI_STRICT_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ["pattern", "format"],
  number: ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
  integer: ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
  array: ["minItems", "maxItems"],
};

const SILENTLY_DROPPED = new Set(["$schema", "$id", "$comment", "readOnly", "writeOnly"]);
const ANY_SCALAR_TYPES = ["string", "number", "boolean", "null"];
/** Lookaround and backreferences: regex features strict mode's pattern engine does not take. */
const UNSUPPORTED_REGEX = /\(\?<?[=!]|\\[1-9]|\\k</;

/** Keywords that constrain only values of one JSON type, for splitting a multi-type schema into `anyOf` branches. */
const KEYWORDS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  object: [
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
  ],
  array: ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains"],
  string: ["minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
};

interface Lowered {
  readonly schema: JsonSchema;
  /** Constraints the schema could not keep, in words, for the description. */
  readonly notes: string[];
}

/**
 * Lowers a tool's input JSON Schema to OpenAI strict mode (function tools with `strict: true`): every object closed
 * with `additionalProperties: false` and every property listed in `required`; an optional property becomes nullable
 * (`null` means "absent", see {@link restoreStrictArguments}); `oneOf` becomes `anyOf`, `const` a one-value `enum`,
 * `allOf` is merged; a map (`additionalProperties` schema without `properties`) becomes an array of `{key, value}`
 * pairs; a tuple an array of the union of its positions; and every keyword strict mode does not accept (minLength,
 * uniqueItems, an unsupported `format`, a pattern with lookaround, `default`, …) is removed and stated in the
 * property's description, so the model still sees every constraint. The input is not modified.
 */
export function lowerSchemaForOpenAIStrict(schema: JsonSchema): JsonSchema {
  const { $defs, definitions, ...body } = schema;
  const lowered = finish(lowerNode(body));
  if (lowered.type !== "object")
    throw new Error(`OpenAI strict mode needs an object at the root, got ${JSON.stringify(lowered.type ?? lowered)}`);
  const defs = {
    ...(definitions as Record<string, unknown> | undefined),
    ...($defs as Record<string, unknown> | undefined),
  };
  if (Object.keys(defs).length === 0) return lowered;
  return {
    ...lowered,
    $defs: Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, finish(lowerNode(def))])),
  };
}

function lowerNode(input: unknown): Lowered {
  if (input === false) return { schema: { type: "null" }, notes: ["no value is allowed here"] };
  if (!isRecord(input)) return anyValue();
  const rest: JsonSchema = mergeAllOf({ ...input });
  const out: JsonSchema = {};
  const notes: string[] = [];
  for (const key of SILENTLY_DROPPED) delete rest[key];
  if (typeof rest.title === "string") out.title = rest.title;
  if (typeof rest.description === "string") out.description = rest.description;
  delete rest.title;
  delete rest.description;
  if ("const" in rest) {
    rest.enum = [rest.const];
    delete rest.const;
  }
  const body = lowerBody(rest, notes);
  notes.push(...keywordWords(rest, typeof out.description === "string" ? out.description : ""));
  const description = [out.description, body.description].filter((part) => typeof part === "string").join(" ");
  const schema = description === "" ? { ...out, ...body } : { ...out, ...body, description };
  return { schema, notes: notes.filter((note) => note !== "") };
}

function lowerBody(rest: JsonSchema, notes: string[]): JsonSchema {
  if (typeof rest.$ref === "string") return { $ref: take(rest, "$ref", rewriteRef) };
  const union = rest.anyOf ?? rest.oneOf;
  if (Array.isArray(union)) {
    delete rest.anyOf;
    delete rest.oneOf;
    return { anyOf: union.map((branch) => finish(lowerNode(branch))) };
  }
  const types = typesOf(rest);
  delete rest.type;
  const nonNull = types.filter((type) => type !== "null");
  if (nonNull.length === 0 && types.length === 0) {
    const any = anyValue();
    notes.push(...any.notes);
    return any.schema;
  }
  if (nonNull.length > 1 && nonNull.some((type) => type === "object" || type === "array")) {
    const branches = nonNull.map((type) => finish(lowerNode(branchOfType(rest, type))));
    for (const key of [...nonNull.flatMap((type) => KEYWORDS_OF_TYPE[type] ?? []), "enum"]) delete rest[key];
    return { anyOf: types.includes("null") ? [...branches, { type: "null" }] : branches };
  }
  const single = nonNull[0] ?? "null";
  const lowered = LOWER_BY_TYPE[single]?.(rest, notes) ?? {};
  if ("enum" in rest) lowered.enum = take(rest, "enum", (v) => v);
  if (nonNull.length > 1 || lowered.type === undefined) lowered.type = nonNull.length > 1 ? nonNull : single;
  return types.includes("null") ? nullable(lowered) : lowered;
}

type TypeLowering = (rest: JsonSchema, notes: string[]) => JsonSchema;

const LOWER_BY_TYPE: Readonly<Record<string, TypeLowering>> = {
  object: lowerObject,
  array: lowerArray,
  string: lowerString,
  number: (rest) => keep(rest, OPENAI_STRICT_KEYWORDS.number!, "number"),
  integer: (rest) => keep(rest, OPENAI_STRICT_KEYWORDS.integer!, "integer"),
  boolean: () => ({ type: "boolean" }),
  null: () => ({ type: "null" }),
};

function lowerObject(rest: JsonSchema, notes: string[]): JsonSchema {
  if (isOpenMap(rest)) return lowerMap(rest);
  const properties = take(rest, "properties", (v) => (isRecord(v) ? v : {}));
  const required = new Set(take(rest, "required", (v) => (Array.isArray(v) ? v.map(String) : [])));
  const additional = take(rest, "additionalProperties", (v) => v);
  if (additional !== undefined && additional !== false && additional !== true)
    notes.push(`other keys (${JSON.stringify(additional)}) cannot be passed here`);
  const out: Record<string, JsonSchema> = {};
  for (const [key, sub] of Object.entries(properties)) {
    const lowered = lowerNode(sub);
    if (required.has(key)) out[key] = finish(lowered);
    else
      out[key] = nullable(
        finish({ schema: lowered.schema, notes: [...lowered.notes, "optional: null means omitted"] }),
      );
  }
  return { type: "object", properties: out, required: Object.keys(out), additionalProperties: false };
}

/** A map's entries as `[{ key, value }]`; min/maxProperties carry over exactly as min/maxItems. */
function lowerMap(rest: JsonSchema): JsonSchema {
  const valueSchema = mapValueSchema(rest);
  const keySchema = isRecord(rest.propertyNames) ? { type: "string", ...rest.propertyNames } : { type: "string" };
  for (const key of ["additionalProperties", "patternProperties", "propertyNames", "properties", "required"])
    delete rest[key];
  const out: JsonSchema = {
    type: "array",
    description: "A map given as key/value entries, each key at most once.",
    items: {
      type: "object",
      properties: { key: finish(lowerNode(keySchema)), value: finish(lowerNode(valueSchema)) },
      required: ["key", "value"],
      additionalProperties: false,
    },
  };
  if (typeof rest.minProperties === "number") out.minItems = take(rest, "minProperties", Number);
  if (typeof rest.maxProperties === "number") out.maxItems = take(rest, "maxProperties", Number);
  return out;
}

function lowerArray(rest: JsonSchema, notes: string[]): JsonSchema {
  const out: JsonSchema = { type: "array" };
  if (Array.isArray(rest.prefixItems)) {
    const positions = take(rest, "prefixItems", (v) => v as unknown[]);
    if (rest.items === false) delete rest.items;
    const branches = dedupe(
      [...positions, ...(rest.items === undefined ? [] : [take(rest, "items", (v) => v)])].map((p) =>
        finish(lowerNode(p)),
      ),
    );
    out.items = branches.length === 1 ? branches[0] : { anyOf: branches };
    notes.push(`in order: ${positions.map((p, i) => `item ${i + 1} ${JSON.stringify(p)}`).join(", ")}`);
  } else {
    out.items = finish(lowerNode(take(rest, "items", (v) => v)));
  }
  return { ...out, ...keep(rest, OPENAI_STRICT_KEYWORDS.array!, "array") };
}

function lowerString(rest: JsonSchema): JsonSchema {
  const out: JsonSchema = { type: "string" };
  if (typeof rest.format === "string" && OPENAI_STRICT_FORMATS.has(rest.format))
    out.format = take(rest, "format", String);
  if (typeof rest.pattern === "string" && !UNSUPPORTED_REGEX.test(rest.pattern))
    out.pattern = take(rest, "pattern", String);
  return out;
}

function branchOfType(rest: JsonSchema, type: string): JsonSchema {
  const branch: JsonSchema = { type };
  for (const key of KEYWORDS_OF_TYPE[type] ?? []) if (key in rest) branch[key] = rest[key];
  const values = Array.isArray(rest.enum)
    ? rest.enum.filter((value) => jsonTypeOf(value) === type || (type === "number" && typeof value === "number"))
    : [];
  return values.length === 0 ? branch : { ...branch, enum: values };
}

function keep(rest: JsonSchema, keywords: readonly string[], type: string): JsonSchema {
  const out: JsonSchema = { type };
  for (const keyword of keywords) {
    if (typeof rest[keyword] === "number") out[keyword] = take(rest, keyword, Number);
  }
  return out;
}

/**
 * Makes a lowered schema accept null: a type union for scalars, an `anyOf` branch for objects, arrays, refs and unions.
 */
function nullable(schema: JsonSchema): JsonSchema {
  const { title, description, ...body } = schema;
  const annotations = {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
  };
  if (Array.isArray(body.anyOf)) {
    return body.anyOf.some(isNullSchema) ? schema : { ...annotations, anyOf: [...body.anyOf, { type: "null" }] };
  }
  const types = typesOf(body);
  if (types.includes("null")) return schema;
  if (body.$ref !== undefined || types.includes("object") || types.includes("array")) {
    return { ...annotations, anyOf: [body, { type: "null" }] };
  }
  const out: JsonSchema = { ...schema, type: [...types, "null"] };
  if (Array.isArray(body.enum) && !body.enum.includes(null)) out.enum = [...body.enum, null];
  return out;
}

/**
 * Puts the notes into the description, leaving out those it already says (the generator words constraints with the
 * same module, constraint-words.ts, so a constraint said is found as said); a `$ref` with annotations is wrapped,
 * since strict mode takes no `$ref` siblings.
 */
function finish({ schema, notes }: Lowered): JsonSchema {
  const said = typeof schema.description === "string" ? schema.description.trim() : "";
  const unsaid = [...new Set(notes)].filter((note) => !says(said, note));
  const lead = said === "" || /[.!?]["')\]]*$/u.test(said) || unsaid.length === 0 ? said : `${said}.`;
  const description = [lead, unsaid.length > 0 ? `Constraints: ${unsaid.join("; ")}.` : ""]
    .filter((part) => part !== "")
    .join(" ");
  const { description: _old, ...body } = schema;
  const annotated = description === "" ? body : { ...body, description };
  if (annotated.$ref === undefined || Object.keys(annotated).length === 1) return annotated;
  const { $ref, ...annotations } = annotated;
  return { ...annotations, anyOf: [{ $ref }] };
}

function mergeAllOf(node: JsonSchema): JsonSchema {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...merged } = node;
  for (const branch of allOf as unknown[]) {
    if (!isRecord(branch)) continue;
    const part = mergeAllOf({ ...branch });
    for (const [key, value] of Object.entries(part)) {
      if (key === "properties" && isRecord(merged.properties) && isRecord(value))
        merged.properties = { ...merged.properties, ...value };
      else if (key === "required" && Array.isArray(merged.required) && Array.isArray(value))
        merged.required = [...new Set([...merged.required, ...value])];
      else if (!(key in merged)) merged[key] = value;
      else if (JSON.stringify(merged[key]) !== JSON.stringify(value)) merged[`allOf ${key}`] = value;
    }
  }
  return merged;
}

function anyValue(): Lowered {
  return {
    schema: { type: ANY_SCALAR_TYPES },
    notes: ["any JSON value; strict mode can only carry a string, number, boolean or null here"],
  };
}

function typesOf(node: JsonSchema): string[] {
  if (typeof node.type === "string") return [node.type];
  if (Array.isArray(node.type)) return node.type.map(String);
  if (isRecord(node.properties) || node.additionalProperties !== undefined || node.patternProperties !== undefined)
    return ["object"];
  if (node.items !== undefined || node.prefixItems !== undefined) return ["array"];
  if (Array.isArray(node.enum)) return [...new Set(node.enum.map(jsonTypeOf))];
  return [];
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function rewriteRef(ref: unknown): string {
  return String(ref).replace(/^#\/definitions\//, "#/$defs/");
}

function take<T>(node: JsonSchema, key: string, convert: (value: unknown) => T): T {
  const value = node[key];
  delete node[key];
  return convert(value);
}

function dedupe(schemas: JsonSchema[]): JsonSchema[] {
  const byText = new Map(schemas.map((schema) => [JSON.stringify(schema), schema]));
  return [...byText.values()];
}

function isNullSchema(schema: unknown): boolean {
  return isRecord(schema) && schema.type === "null";
}

/** An object schema without `properties` that admits other keys: a map, carried as key/value entries. */
function isOpenMap(node: JsonSchema): boolean {
  return !isRecord(node.properties) && node.additionalProperties !== false;
}

function mapValueSchema(node: JsonSchema): unknown {
  if (isRecord(node.additionalProperties)) return node.additionalProperties;
  const patterns = isRecord(node.patternProperties) ? Object.values(node.patternProperties) : [];
  if (patterns.length === 1) return patterns[0];
  if (patterns.length > 1) return { anyOf: patterns };
  return true;
}

/**
 * Turns arguments a model produced against the lowered schema back into the shape of the original schema: an
 * optional property sent as `null` is removed (so an optional nullable property cannot be set to null explicitly
 * through strict mode), and a map sent as `[{key, value}]` becomes an object again. Everything else is left for the
 * tool's own validation.
 */
export function restoreStrictArguments(original: JsonSchema, value: unknown): unknown {
  return restore(original, value, original, 0);
}

function restore(node: unknown, value: unknown, root: JsonSchema, depth: number): unknown {
  const schema = resolve(node, root, depth);
  if (schema === undefined || depth > 64) return value;
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return restore(pickBranch(union, value, root, depth), value, root, depth + 1);
  if (Array.isArray(value)) return restoreArray(schema, value, root, depth);
  if (!isRecord(value)) return value;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key in properties) {
      if (item === null && !required.includes(key)) continue;
      out[key] = restore(properties[key], item, root, depth + 1);
    } else {
      out[key] = isRecord(schema.additionalProperties)
        ? restore(schema.additionalProperties, item, root, depth + 1)
        : item;
    }
  }
  return out;
}

function restoreArray(schema: JsonSchema, value: unknown[], root: JsonSchema, depth: number): unknown {
  if (typesOf(schema).includes("object") && isOpenMap(schema) && value.every(isEntry)) {
    const valueSchema = mapValueSchema(schema);
    return Object.fromEntries(value.map((entry) => [entry.key, restore(valueSchema, entry.value, root, depth + 1)]));
  }
  const positions = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  return value.map((item, index) => restore(positions[index] ?? schema.items, item, root, depth + 1));
}

function isEntry(value: unknown): value is { key: string; value: unknown } {
  return isRecord(value) && typeof value.key === "string" && "value" in value && Object.keys(value).length === 2;
}

function resolve(node: unknown, root: JsonSchema, depth: number): JsonSchema | undefined {
  if (!isRecord(node)) return undefined;
  const merged = mergeAllOf(node);
  if (typeof merged.$ref !== "string" || depth > 64) return merged;
  const ref = merged.$ref;
  if (ref === "#") return resolve(root, root, depth + 1);
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  const defs = match === null ? undefined : root[match[1]!];
  return isRecord(defs) ? resolve(defs[unescapeToken(decodeURIComponent(match![2]!))], root, depth + 1) : undefined;
}

/** The union branch the value was most likely produced for: matching JSON type first, then most shared keys. */
function pickBranch(branches: unknown[], value: unknown, root: JsonSchema, depth: number): unknown {
  let best: unknown = branches[0];
  let bestScore = -1;
  for (const branch of branches) {
    const score = branchScore(resolve(branch, root, depth + 1), value);
    if (score > bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

function branchScore(schema: JsonSchema | undefined, value: unknown): number {
  if (schema === undefined) return 0;
  const types = typesOf(schema);
  const map = types.includes("object") && isOpenMap(schema);
  if (Array.isArray(value)) return map && value.every(isEntry) ? 3 : types.includes("array") ? 2 : 0;
  if (isRecord(value)) {
    if (!types.includes("object")) return 0;
    const keys = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
    return map ? 1 : 1 + Object.keys(value).filter((key) => keys.includes(key)).length;
  }
  const type = jsonTypeOf(value);
  return types.includes(type) || (type === "integer" && types.includes("number")) ? 2 : 0;
}
