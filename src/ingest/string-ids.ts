// An integer path id whose own answer declares the record's id a string, with an example that is no number (Giphy's
// `/gifs/{gifId}`, whose GIF's `id` is "YsTs5ltWtEhnq") → a string: as an integer every real id would be refused.
import type { JsonSchema, Parameter, ResponseModel } from "../model/api-model.js";
import type { IngestContext } from "./context.js";
import { isRecord } from "./walk.js";

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
/** Members an answer wraps its one record in: `{"data": {...}}`. */
const WRAPPERS = ["data", "result", "item", "record"];
/** Keywords of an integer that a string does not keep. */
const NUMBER_KEYWORDS = ["format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

/** The schema a `$ref` to a named schema names, followed a few times; the schema itself otherwise. */
function resolved(ctx: IngestContext, schema: unknown): Record<string, unknown> | undefined {
  let node = schema;
  for (let hops = 0; hops < 8 && isRecord(node) && typeof node["$ref"] === "string"; hops++) {
    const name = SCHEMA_REF.exec(node["$ref"])?.[1];
    node = name === undefined ? undefined : ctx.schemas.schema(decodeURIComponent(name.replace(/~1/g, "/")));
  }
  return isRecord(node) ? node : undefined;
}

/** An object schema's properties, its `allOf` parts' included. */
function propertiesOf(ctx: IngestContext, schema: unknown, depth = 0): Record<string, unknown> {
  const node = resolved(ctx, schema);
  if (node === undefined || depth > 4) return {};
  const own = isRecord(node["properties"]) ? node["properties"] : {};
  const parts = Array.isArray(node["allOf"]) ? node["allOf"] : [];
  return Object.assign({}, ...parts.map((part) => propertiesOf(ctx, part, depth + 1)), own);
}

/**
 * The noun an id parameter names, when the path segment before it is that noun's collection: `gifId` after `gifs`,
 * `order_id` after `order`; "" for a bare `id`; undefined otherwise (`type_id` after `TypeId` names a type).
 */
function idNoun(path: string, name: string): string | undefined {
  if (/^id$/i.test(name)) return "";
  const noun = /^(.+?)[_-]?id$/i
    .exec(name)?.[1]
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const segments = path.replace(/\/+$/, "").split("/");
  const before = segments
    .at(-2)
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  if (noun === undefined || noun === "" || before === undefined) return undefined;
  const plurals = [noun, `${noun}s`, `${noun}es`, noun.endsWith("y") ? `${noun.slice(0, -1)}ies` : noun];
  return plurals.includes(before) ? noun : undefined;
}

const examplesOf = (schema: Record<string, unknown>): unknown[] => [
  ...(schema["example"] === undefined ? [] : [schema["example"]]),
  ...(Array.isArray(schema["examples"]) ? schema["examples"] : []),
];

/** The record's id is declared a string that is no number: an example with a character other than digits, a uuid. */
function saysStringId(ctx: IngestContext, schema: unknown): boolean {
  const id = resolved(ctx, schema);
  if (id === undefined || id["type"] !== "string") return false;
  if (id["format"] === "uuid") return true;
  return examplesOf(id).some((e) => typeof e === "string" && e.trim() !== "" && !/^-?\d+$/.test(e.trim()));
}

/** The `id` (or the parameter's own name) of the record the success answer holds, at its top or in one wrapper. */
function answerId(ctx: IngestContext, success: ResponseModel | undefined, name: string): unknown {
  for (const content of success?.contents ?? []) {
    if (content.kind !== "json") continue;
    const top = propertiesOf(ctx, content.schema);
    const records = [top, ...WRAPPERS.map((key) => (top[key] === undefined ? {} : propertiesOf(ctx, top[key])))];
    for (const record of records) {
      const id = record[name] ?? record["id"];
      if (id !== undefined) return id;
    }
  }
  return undefined;
}

/**
 * The operation's parameters, each integer path id that fills the path's last segment (`id`, or `<noun>Id` after the
 * noun's collection) offered as a string when the operation's own success answer declares that record's id a string
 * no number could be (an example such as "YsTs5ltWtEhnq", a uuid). An id the answer declares an integer, or a string
 * with no example or a numeric one, stays as the parameter declares it.
 */
export function withStringIds(
  ctx: IngestContext,
  path: string,
  parameters: readonly Parameter[],
  success: ResponseModel | undefined,
): Parameter[] {
  return parameters.map((p) => {
    const schema = p.schema as JsonSchema;
    if (p.in !== "path" || !isRecord(schema) || schema["type"] !== "integer" || schema["enum"] !== undefined) return p;
    if (!path.replace(/\/+$/, "").endsWith(`/{${p.name}}`) || idNoun(path, p.name) === undefined) return p;
    if (!saysStringId(ctx, answerId(ctx, success, p.name))) return p;
    const out: Record<string, unknown> = { ...schema, type: "string", minLength: 1 };
    for (const key of NUMBER_KEYWORDS) delete out[key];
    if (typeof out["default"] === "number") out["default"] = String(out["default"]);
    return {
      ...p,
      schema: out as JsonSchema,
      examples: p.examples.map((e) => (typeof e === "number" ? String(e) : e)),
    };
  });
}
