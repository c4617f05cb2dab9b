// Turns OAS 3 and Swagger 2 Parameter objects into model Parameters, merging path- and operation-level ones.
import type { Parameter, ParameterLocation, ParameterStyle } from "../model/api-model.js";
import { isPlaceholderExample, isPlaceholderText } from "../schema/placeholder-example.js";
import { join } from "../util/pointer.js";
import type { IngestContext, Located } from "./context.js";
import { digitStringSchema } from "./digit-strings.js";
import { examplesOf } from "./media.js";
import { isRecord, optional, recordOf, stringOf, type JsonRecord } from "./walk.js";

/** OAS 3 default style per location (OpenAPI 3.0.3 §4.7.12.1, `style`). */
const DEFAULT_STYLE: Record<ParameterLocation, ParameterStyle> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};

const LOCATIONS = new Set<string>(["path", "query", "header", "cookie"]);

/** Swagger 2 `collectionFormat` → OAS 3 style/explode; `csv` keeps the location's default style, unexploded. */
const COLLECTION_FORMATS: Readonly<Record<string, { style?: ParameterStyle; explode: boolean }>> = {
  csv: { explode: false },
  ssv: { style: "spaceDelimited", explode: false },
  tsv: { style: "tabDelimited", explode: false },
  pipes: { style: "pipeDelimited", explode: false },
  multi: { style: "form", explode: true },
};

/** Swagger 2 parameter/header/items fields that are JSON Schema keywords. */
const SWAGGER2_SCHEMA_FIELDS = [
  "type",
  "format",
  "items",
  "default",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "enum",
  "multipleOf",
  "x-nullable",
  "x-example",
];

/** A parameter's description, unless it is only a placeholder for one (`XXXXXXXXX`). */
const wordsOf = (value: unknown): string | undefined => (isPlaceholderText(value) ? undefined : stringOf(value));

/**
 * A query parameter the spec leaves optional whose description opens by saying it is required: Google's field behaviour
 * ("Required. A field mask to restrict which fields on each person are returned", People's `personFields`, `readMask`),
 * Visma.net's "Mandatory. Filter by budgets Branch." The API refuses every call without it. Not a conditional one ("Required
 * and valid only when …", "… optional …", "… unless …"), nor a dotted name (`requestMask.includeField`: a field of an
 * optional message, required only when that message is sent).
 */
const OPENS_REQUIRED = /^\s*(?:required|mandatory)\s*(?:[.:;!-]|$)/i;
const SAYS_CONDITIONAL = /\b(?:optional|not required|unless)\b|\bonly (?:if|when)\b/i;

/**
 * A whole sentence saying the parameter is required for the update it is a parameter of: Classroom's `updateMask` on
 * every PATCH, "Mask that identifies which fields on the course to update. This field is required to do an update." —
 * Google refuses the update without it. "Is required if the update is a node group update" (EKS) is no such sentence.
 */
const REQUIRED_TO_UPDATE =
  /(?:^|[.!?]\s+)(?:this (?:field|parameter)|it) is (?:required|mandatory) (?:to (?:do|perform|make) an? update|for (?:an? |the )?updates?|when updating)\s*[.!]/i;

export function saysRequired(location: ParameterLocation, name: string, description: string | undefined): boolean {
  return (
    location === "query" &&
    !name.includes(".") &&
    description !== undefined &&
    ((OPENS_REQUIRED.test(description) && !SAYS_CONDITIONAL.test(description)) || REQUIRED_TO_UPDATE.test(description))
  );
}

/** An OAS 3 Parameter object (already dereferenced) → Parameter; undefined, with a diagnostic, when malformed. */
export function parameterToModel(ctx: IngestContext, { node, pointer }: Located): Parameter | undefined {
  const location = checkedLocation(ctx, node, pointer);
  if (location === undefined) return undefined;
  const style = (stringOf(node["style"]) as ParameterStyle | undefined) ?? DEFAULT_STYLE[location];
  const [contentType, media] = Object.entries(recordOf(node["content"]))[0] ?? [];
  const schemaSource = "schema" in node ? node["schema"] : recordOf(media)["schema"];
  const { schema, description } = proseDefaultAsDescription(
    schemaSource === undefined ? {} : ctx.schemas.schemaOf(schemaSource),
    wordsOf(node["description"]),
  );
  const examples = [
    ...examplesOf(ctx, node, pointer),
    ...(isRecord(media) ? examplesOf(ctx, media, join(pointer, "content", contentType ?? "")) : []),
  ];
  const digits = digitStringSchema(location, schema, description, examples);
  const name = node["name"] as string;
  return {
    name,
    in: location,
    required: location === "path" || node["required"] === true || saysRequired(location, name, description),
    ...optional("description", description),
    deprecated: node["deprecated"] === true,
    schema: nonEmptyList(location, node["required"] === true, nonEmptyInPath(location, digits ?? schema)),
    style,
    explode: typeof node["explode"] === "boolean" ? node["explode"] : style === "form",
    allowReserved: node["allowReserved"] === true,
    ...optional("contentType", "schema" in node ? undefined : contentType),
    examples: digits === undefined ? examples : examples.map((e) => (typeof e === "number" ? String(e) : e)),
    pointer,
  };
}

/** A Swagger 2 path/query/header parameter → Parameter, its type fields gathered into a schema. */
export function swagger2ParameterToModel(ctx: IngestContext, { node, pointer }: Located): Parameter | undefined {
  const location = checkedLocation(ctx, node, pointer);
  if (location === undefined) return undefined;
  const format = COLLECTION_FORMATS[stringOf(node["collectionFormat"]) ?? "csv"] ?? { explode: false };
  const isArray = node["type"] === "array";
  const style = isArray ? (format.style ?? DEFAULT_STYLE[location]) : DEFAULT_STYLE[location];
  const example = isPlaceholderExample(node["x-example"]) ? undefined : node["x-example"];
  const { schema, description } = proseDefaultAsDescription(
    ctx.schemas.schemaOf(swagger2Schema(node)),
    wordsOf(node["description"]),
  );
  const digits = digitStringSchema(location, schema, description, example === undefined ? [] : [example]);
  const name = node["name"] as string;
  return {
    name,
    in: location,
    required: location === "path" || node["required"] === true || saysRequired(location, name, description),
    ...optional("description", description),
    deprecated: node["x-deprecated"] === true,
    schema: nonEmptyList(location, node["required"] === true, nonEmptyInPath(location, digits ?? schema)),
    style,
    explode: isArray ? format.explode : style === "form",
    allowReserved: false,
    examples:
      example === undefined ? [] : [digits !== undefined && typeof example === "number" ? String(example) : example],
    pointer,
  };
}

/** A string that reads as prose: several words ending a sentence, not a value (`"The subuser's username. …"`). */
const PROSE = /^\S+(\s+\S+){3,}[.!?]$/;

/**
 * A parameter without a description whose schema's `default` is a sentence about it (SendGrid's `on-behalf-of`
 * header: `default: "The subuser's username. This header generates the API call as if …"`): the sentence is its
 * description, and the parameter has no default — a model must not read it as the value the API assumes.
 */
function proseDefaultAsDescription<T>(
  schema: T,
  description: string | undefined,
): { readonly schema: T; readonly description: string | undefined } {
  if (description !== undefined || !isRecord(schema)) return { schema, description };
  const value = schema["default"];
  if (typeof value !== "string" || !PROSE.test(value.trim())) return { schema, description };
  const { default: _prose, ...rest } = schema;
  return { schema: rest as T, description: value.trim() };
}

const allowsString = (type: unknown): boolean => type === "string" || (Array.isArray(type) && type.includes("string"));

/**
 * A path parameter is one non-empty segment (RFC 3986 §3.3: the template's `{name}` sits between slashes, and OAS
 * path parameters are required): a string schema gets `minLength: 1` and loses an `""` enum value, so the tool's
 * input schema says so. The runtime refuses an empty segment whatever the schema (http/params.ts).
 */
function nonEmptyInPath<T>(location: ParameterLocation, schema: T): T {
  if (location !== "path" || !isRecord(schema) || !allowsString(schema["type"])) return schema;
  const min = typeof schema["minLength"] === "number" && schema["minLength"] >= 1 ? schema["minLength"] : 1;
  const values = Array.isArray(schema["enum"]) ? schema["enum"].filter((v) => v !== "") : undefined;
  return { ...schema, minLength: min, ...(values !== undefined && values.length > 0 ? { enum: values } : {}) } as T;
}

/**
 * A required list in the query, a header or a cookie holds at least one value: an empty list serialises to nothing, so
 * the parameter the API requires would not be sent (YouTube's `part: []` → "Required parameter: part"). An array
 * schema without `minItems` gets `minItems: 1`; a `minItems` the spec writes, `0` included, stays.
 */
function nonEmptyList<T>(location: ParameterLocation, required: boolean, schema: T): T {
  if (location === "path" || !required || !isRecord(schema) || schema["minItems"] !== undefined) return schema;
  const type = schema["type"];
  return type === "array" || (Array.isArray(type) && type.includes("array"))
    ? ({ ...schema, minItems: 1 } as T)
    : schema;
}

/** The JSON Schema part of a Swagger 2 parameter, header or items object (`items` recursively). */
export function swagger2Schema(node: JsonRecord): JsonRecord {
  const schema: Record<string, unknown> = {};
  for (const key of SWAGGER2_SCHEMA_FIELDS) if (key in node) schema[key] = node[key];
  if (isRecord(node["items"])) schema["items"] = swagger2Schema(node["items"]);
  if ("x-example" in schema) {
    schema["examples"] = [schema["x-example"]];
    delete schema["x-example"];
  }
  return schema;
}

/** Path-level parameters, then the operation's; an operation parameter replaces the path one with the same name + in. */
export function mergeParameters(pathLevel: readonly Parameter[], operationLevel: readonly Parameter[]): Parameter[] {
  const merged = [...pathLevel];
  for (const parameter of operationLevel) {
    const at = merged.findIndex((p) => p.name === parameter.name && p.in === parameter.in);
    if (at === -1) merged.push(parameter);
    else merged[at] = parameter;
  }
  return merged;
}

function checkedLocation(ctx: IngestContext, node: JsonRecord, pointer: string): ParameterLocation | undefined {
  const location = stringOf(node["in"]);
  if (typeof node["name"] !== "string") {
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", pointer, { message: "a parameter needs a string `name`" });
    return undefined;
  }
  if (location === undefined || !LOCATIONS.has(location)) {
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", join(pointer, "in"), {
      message: `parameter "${node["name"]}" has \`in: ${String(node["in"])}\`; expected path, query, header or cookie`,
    });
    return undefined;
  }
  if (!sendableName(node["name"], location)) {
    ctx.reporter.report("SPEC_PARAMETER_UNSENDABLE", join(pointer, "name"), {
      message: `${location} parameter ${JSON.stringify(node["name"])} has a name no HTTP request can carry; the tool offers no input for it`,
    });
    return undefined;
  }
  return location as ParameterLocation;
}

/** An HTTP token (RFC 9110 §5.6.2): what a header or cookie name must be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Whether a request can carry a parameter of this name: any name but an empty one; a header's or cookie's only when it
 * is a token (Notion's description declares a header named `""`, which fetch refuses to send).
 */
function sendableName(name: string, location: string): boolean {
  if (name.trim() === "") return false;
  return (location !== "header" && location !== "cookie") || TOKEN.test(name);
}
