// An `allOf` of plain objects where `additionalProperties: false` would forbid names another part declares → one object closed over all of them.
import { resolve, split } from "../util/pointer.js";
import { setOwn } from "../util/set-own.js";
import { localTarget, names } from "./required-refs.js";
import { type JsonRecord, isRecord, updateMembers } from "./walk.js";

/** `allOf` levels read below one schema. */
const MAX_DEPTH = 16;

/** Keywords the merge reads. */
const MERGED = new Set(["type", "properties", "required", "additionalProperties", "allOf"]);

/** Keywords that say something of the schema as a whole: the holder keeps its own, a member's are dropped. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "example",
  "examples",
  "$comment",
  "deprecated",
  "externalDocs",
  "nullable",
  "readOnly",
  "writeOnly",
]);

/** What a plain object schema, its `allOf` read in, declares. */
interface Part {
  readonly properties: readonly (readonly [string, unknown])[];
  readonly required: readonly string[];
  /** `additionalProperties: false` here or in a part read in. */
  readonly closed: boolean;
  /** A part closed by its own `additionalProperties: false` lacks a name another part declares. */
  readonly conflicting: boolean;
}

/** An object schema made only of properties, required names, a boolean `additionalProperties` and plain `allOf` members. */
function plainPart(document: unknown, node: unknown, depth: number): Part | undefined {
  const schema = localTarget(document, node);
  if (schema === undefined || depth > MAX_DEPTH) return undefined;
  const shaped = Object.keys(schema).every((k) => MERGED.has(k) || ANNOTATIONS.has(k) || k.startsWith("x-"));
  const type = schema["type"];
  const properties = schema["properties"] ?? {};
  const additional = schema["additionalProperties"];
  const members = schema["allOf"] ?? [];
  if (!shaped || (type !== undefined && type !== "object") || !isRecord(properties) || !Array.isArray(members))
    return undefined;
  if (additional !== undefined && typeof additional !== "boolean") return undefined;
  const inner: Part[] = [];
  for (const member of members) {
    const part = plainPart(document, member, depth + 1);
    if (part === undefined) return undefined;
    inner.push(part);
  }
  const own = Object.entries(properties);
  const all = new Set([...inner.flatMap((p) => p.properties.map(([n]) => n)), ...own.map(([n]) => n)]);
  const ownNames = new Set(own.map(([n]) => n));
  const lacks = (declared: ReadonlySet<string>): boolean => [...all].some((n) => !declared.has(n));
  const memberLacks = inner.some((p) => p.closed && lacks(new Set(p.properties.map(([n]) => n))));
  return {
    properties: [...inner.flatMap((p) => p.properties), ...own],
    required: [...inner.flatMap((p) => p.required), ...names(schema["required"])],
    closed: additional === false || inner.some((p) => p.closed),
    conflicting: (additional === false && lacks(ownNames)) || memberLacks || inner.some((p) => p.conflicting),
  };
}

/** Each name once, in first-declared order; a name two parts declare differently keeps both as an `allOf`. */
function mergedProperties(properties: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of properties) {
    const before = Object.hasOwn(out, name) ? out[name] : undefined;
    const same = before !== undefined && JSON.stringify(before) === JSON.stringify(schema);
    setOwn(out, name, before === undefined || same ? schema : { allOf: [before, schema] });
  }
  return out;
}

/**
 * ShipEngine's `{additionalProperties: false, allOf: [{$ref: monetary_value}]}` (its add-funds body) and its
 * `shipping_address`, `allOf: [address, partial_shipping_address]` with both closed: read as written, no value with
 * any property passes, since `additionalProperties` sees only the properties beside it and each closed member forbids
 * the other's names. The author meant one object with every name the parts declare, closed to others (what
 * `unevaluatedProperties: false` says), and that is what this returns: the holder's own annotations, the parts'
 * properties and required names, `additionalProperties: false`. Anything else (a member with `oneOf`, a
 * `discriminator`, a schema-valued `additionalProperties`) or a composition no closed part contradicts is returned as is.
 */
export function closedAllOf(document: unknown, schema: JsonRecord): JsonRecord {
  if (!Array.isArray(schema["allOf"])) return schema;
  const part = plainPart(document, schema, 0);
  if (part === undefined || !part.conflicting) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) if (!MERGED.has(key)) setOwn(out, key, value);
  const required = [...new Set(part.required)];
  return {
    ...out,
    type: "object",
    properties: mergedProperties(part.properties),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** {@link closedAllOf} at each composition the scan found, read against the document as it was. */
export function readClosedAllOf(document: JsonRecord, pointers: readonly string[]): JsonRecord {
  const updates = pointers
    .filter((pointer) => {
      const node = resolve(document, pointer);
      return isRecord(node) && Array.isArray(node["allOf"]);
    })
    .map((pointer) => ({
      tokens: split(pointer),
      update: (member: unknown) => (isRecord(member) ? closedAllOf(document, member) : member),
    }));
  return updates.length === 0 ? document : updateMembers(document, updates);
}
