// An operation whose success answer is XML described by a JSON schema → the XmlShape the runtime reads it into.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, Operation } from "../model/api-model.js";
import type { XmlShape } from "../runtime/types.js";
import { componentName, derefTop } from "./schemas.js";

type SchemaObject = Readonly<Record<string, unknown>>;

/** Levels of a shape kept; deeper parts (and a schema met again inside itself) are read as they come (`any`). */
const MAX_SHAPE_DEPTH = 12;

const XML_MEDIA = /^(?:application|text)\/(?:[\w.+-]+\+)?xml\b|\+xml\b/i;

const isObject = (value: unknown): value is SchemaObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A schema with its `$ref` followed and its `allOf` parts merged (a later part's `xml` names win), then what is written
 * beside the `$ref` (`{$ref: String, xml: {name: QueueUrl}}`, as an annotating `allOf` member is normalised) over it.
 */
function resolved(schema: unknown, lookup: SchemaLookup): { schema: SchemaObject; refs: string[] } {
  const refs: string[] = [];
  const walk = (part: unknown, depth: number): SchemaObject => {
    if (!isObject(part) || depth > 8) return {};
    const name = componentName(part["$ref"]);
    if (name !== undefined) refs.push(name);
    const top = derefTop(part as JsonSchema, lookup);
    if (!isObject(top)) return {};
    const parts = Array.isArray(top["allOf"]) ? top["allOf"].map((p) => walk(p, depth + 1)) : [];
    const merged: Record<string, unknown> = {};
    const beside = name === undefined || top === part ? [] : [part];
    for (const p of [...parts, top, ...beside]) {
      for (const [key, value] of Object.entries(p)) {
        if (key === "allOf" || key === "$ref") continue;
        merged[key] = key === "xml" && isObject(merged[key]) && isObject(value) ? { ...merged[key], ...value } : value;
      }
    }
    return merged;
  };
  return { schema: walk(schema, 0), refs };
}

const xmlOf = (schema: SchemaObject): SchemaObject => (isObject(schema["xml"]) ? schema["xml"] : {});
const xmlName = (schema: SchemaObject): string | undefined => {
  const name = xmlOf(schema)["name"];
  return typeof name === "string" && name !== "" ? name : undefined;
};

const SCALARS = new Set(["string", "number", "integer", "boolean"]);

function typeOf(schema: SchemaObject): string | undefined {
  const type = schema["type"];
  if (typeof type === "string") return type;
  return Array.isArray(type) ? type.find((t): t is string => typeof t === "string" && t !== "null") : undefined;
}

/**
 * A resolved schema → its shape. A property is read from the element its `xml.name` gives (or its name); a list's
 * items from `member` children (or its items' `xml.name`), or, with `xml.wrapped: false` (AWS's flattened lists),
 * from elements repeated in the parent named by its items' `xml.name`; an object of `additionalProperties` is a map.
 */
function shapeOf(schema: SchemaObject, lookup: SchemaLookup, seen: readonly string[], depth: number): XmlShape {
  if (depth > MAX_SHAPE_DEPTH) return { type: "any" };
  const type = typeOf(schema);
  const flat = xmlOf(schema)["wrapped"] === false ? ({ flat: true } as const) : {};
  if (type !== undefined && SCALARS.has(type)) return { type: type as "string" | "number" | "integer" | "boolean" };
  if (type === "array" || (type === undefined && schema["items"] !== undefined)) {
    const items = child(schema["items"], lookup, seen, depth);
    const member = xmlName(items.schema) ?? "member";
    return { type: "array", items: items.shape, member, ...flat };
  }
  const properties = schema["properties"];
  if (isObject(properties)) {
    const out: Record<string, XmlShape> = {};
    for (const [name, property] of Object.entries(properties)) {
      const { schema: resolvedProperty, shape } = child(property, lookup, seen, depth);
      const flatItem =
        shape.type === "array" && shape.flat === true && shape.member !== "member" ? shape.member : undefined;
      const element = flatItem ?? xmlName(resolvedProperty);
      out[name] = element === undefined || element === name ? shape : { ...shape, element };
    }
    return { type: "object", properties: out };
  }
  if (isObject(schema["additionalProperties"])) {
    const values = child(schema["additionalProperties"], lookup, seen, depth);
    return { type: "map", values: values.shape, ...flat };
  }
  return { type: "any" };
}

function child(
  schema: unknown,
  lookup: SchemaLookup,
  seen: readonly string[],
  depth: number,
): { schema: SchemaObject; shape: XmlShape } {
  const { schema: resolvedSchema, refs } = resolved(schema, lookup);
  if (refs.some((ref) => seen.includes(ref) && !isScalar(resolvedSchema)))
    return { schema: resolvedSchema, shape: { type: "any" } };
  return { schema: resolvedSchema, shape: shapeOf(resolvedSchema, lookup, [...seen, ...refs], depth + 1) };
}

const isScalar = (schema: SchemaObject): boolean => SCALARS.has(typeOf(schema) ?? "");

/**
 * The shape of an operation's success answer when it is XML and its schema declares a JSON object or list; undefined
 * for any other answer (JSON is read as JSON, a schemaless XML answer stays text).
 */
export function operationToXmlShape(operation: Operation, lookup: SchemaLookup): XmlShape | undefined {
  const content = (operation.success?.contents ?? []).find((c) => XML_MEDIA.test(c.mediaType));
  if (content === undefined || (operation.success?.contents ?? []).some((c) => c.kind === "json")) return undefined;
  const { shape } = child(content.schema, lookup, [], 0);
  return shape.type === "object" || shape.type === "array" || shape.type === "map" ? shape : undefined;
}
