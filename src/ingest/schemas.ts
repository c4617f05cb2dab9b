// Turns spec schemas into normalised model schemas whose `$ref`s all read `#/components/schemas/NAME`.
import type { JsonSchema, SpecDialect } from "../model/api-model.js";
import { type NormalizeOptions, normalizeSchema } from "../schema/normalize.js";
import { escapeToken, resolve, split } from "../util/pointer.js";
import { forEachSubschema } from "./schema-walk.js";
import { isRecord, recordOf, setEntry } from "./walk.js";
import { recursiveNames } from "./recursion.js";
import { mistakenReadOnly, withoutReadOnly } from "./request-only-read-only.js";

/**
 * Spec schemas are read as their authors mean them: properties without a `type` describe an object, a description can
 * make a required property an alternative or a property read-only.
 */
const SPEC_SCHEMAS: NormalizeOptions = { objectsTyped: true, requiredAsDescribed: true, readOnlyAsDescribed: true };

/** Where each dialect keeps its named schemas. */
export const COMPONENT_SCHEMAS: Record<SpecDialect, string> = {
  "swagger-2.0": "/definitions",
  "openapi-3.0": "/components/schemas",
  "openapi-3.1": "/components/schemas",
};

/** Pointer tokens that say nothing about what a hoisted schema is. */
const NOISE_TOKENS = new Set([
  "paths",
  "content",
  "schema",
  "components",
  "schemas",
  "definitions",
  "responses",
  "requestBody",
  "properties",
  "items",
  "parameters",
]);

export interface SchemaRegistry {
  /** The normalised copy of the schema at `node`; refs to non-component places become synthetic named schemas. */
  schemaOf(node: unknown): JsonSchema;
  /** A named schema, normalised the first time it is asked for and the same object after; undefined for an unknown name. */
  schema(name: string): JsonSchema | undefined;
  /** The names known so far: the spec's in spec order, then those hoisted so far (normalises nothing). */
  names(): string[];
  /** Every named schema normalised: the spec's in spec order, then hoisted ones as met; and the recursive ones' names. */
  finish(): { schemas: Readonly<Record<string, JsonSchema>>; recursiveSchemas: string[] };
}

/**
 * `hoistTargets` are pointers known up front to be the targets of schema refs outside the named schemas
 * (bundling parks an external file's schema at its first use, e.g. in a response); they are named first,
 * and the schema found at such a place becomes a ref to its name instead of an inline copy.
 *
 * One registry per document: each named schema is normalised once, in spec order up front, or (`lazy`) when first
 * asked for. A `$ref` to anywhere other than a named schema (bundling leaves such refs, e.g.
 * `#/paths/~1a/get/responses/200/...`) is hoisted to a stable synthetic name, registered before its body is
 * rewritten so a ref back to itself stays a ref; two hoisted names that clash are numbered in the order they are met.
 */
export function createSchemaRegistry(
  document: unknown,
  dialect: SpecDialect,
  hoistTargets: readonly string[] = [],
  options: { readonly lazy?: boolean } = {},
): SchemaRegistry {
  const prefix = COMPONENT_SCHEMAS[dialect];
  const named = new Set<string>();
  const normalised = new Map<string, JsonSchema>();
  const hoistedOrder: string[] = [];
  const hoisted = new Map<string, string>();
  const hoistedObjects = new Map<object, string>();
  const refOf = (name: string): string => `#/components/schemas/${escapeToken(name)}`;

  const namedPrefix = `#${prefix}/`;
  /** The ref a spec `$ref` becomes, or the pointer to hoist when it names a place outside the named schemas. */
  const mapRef = (ref: string): string | { readonly pointer: string } => {
    if (!ref.startsWith("#")) return ref;
    const rest = ref.startsWith(namedPrefix) ? ref.slice(namedPrefix.length) : "/";
    if (!rest.includes("/") && !rest.includes("%") && !rest.includes("~")) return refOf(rest);
    let tokens: string[];
    try {
      tokens = split(ref);
    } catch {
      return ref;
    }
    const pointer = tokens.length === 0 ? "" : `/${tokens.map(escapeToken).join("/")}`;
    const name = pointer.startsWith(`${prefix}/`) ? tokens.slice(split(prefix).length) : undefined;
    if (name?.length === 1 && name[0] !== undefined) return refOf(name[0]);
    return { pointer };
  };

  /** Opens the schema at `pointer` under a synthetic name, its refs still to rewrite; undefined when nothing is there. */
  const open = (pointer: string, frames: Frame[]): string | undefined => {
    const known = hoisted.get(pointer);
    if (known !== undefined) return refOf(known);
    const target = resolve(document, pointer);
    if (target === undefined) return undefined;
    const name = uniqueName(syntheticName(pointer), named);
    hoisted.set(pointer, name);
    named.add(name);
    hoistedOrder.push(name);
    normalised.set(name, true);
    const schema = normalizeSchema(target, dialect, SPEC_SCHEMAS);
    frames.push({ name, schema, sites: refSites(schema), next: 0 });
    return refOf(name);
  };

  const rewriteRef = (ref: string, frames: Frame[]): string => {
    const mapped = mapRef(ref);
    return typeof mapped === "string" ? mapped : (open(mapped.pointer, frames) ?? ref);
  };

  /**
   * Rewrites the refs of each open schema in document order, a hoisted schema's own refs before the rest of the one
   * that met it (the order names are taken in), on an explicit stack: a chain of refs to hoisted places is as long as
   * the spec makes it.
   */
  const run = (frames: Frame[]): void => {
    for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
      const site = frame.sites[frame.next++];
      if (site === undefined) {
        frames.pop();
        if (frame.name !== undefined) normalised.set(frame.name, frame.schema);
      } else if ("node" in site) site.node["$ref"] = rewriteRef(site.node["$ref"] as string, frames);
      else
        setEntry(site.mapping, site.key, typeof site.value === "string" ? rewriteRef(site.value, frames) : site.value);
    }
  };

  const hoist = (pointer: string): string | undefined => {
    const frames: Frame[] = [];
    const ref = open(pointer, frames);
    run(frames);
    return ref;
  };

  const rewrite = (schema: JsonSchema): JsonSchema => {
    run([{ name: undefined, schema, sites: refSites(schema), next: 0 }]);
    return schema;
  };

  const declared = new Map(Object.entries(recordOf(resolve(document, prefix))));
  for (const name of declared.keys()) named.add(name);
  const unmarked = mistakenReadOnly(document, prefix);
  const schema = (name: string): JsonSchema | undefined => {
    const done = normalised.get(name);
    if (done !== undefined || !declared.has(name)) return done;
    const spec = unmarked.has(name) ? withoutReadOnly(declared.get(name)) : declared.get(name);
    const value = rewrite(normalizeSchema(spec, dialect, SPEC_SCHEMAS));
    normalised.set(name, value);
    return value;
  };
  // Eager: every named schema normalised now, in spec order, so hoisted names are taken in that order too.
  if (options.lazy !== true) for (const name of declared.keys()) schema(name);
  for (const pointer of hoistTargets) {
    const target = resolve(document, pointer);
    const ref = hoist(pointer);
    if (isRecord(target) && ref !== undefined) hoistedObjects.set(target, split(ref).at(-1) as string);
  }
  return {
    schemaOf: (node) => {
      const name = isRecord(node) ? hoistedObjects.get(node) : undefined;
      return name === undefined ? rewrite(normalizeSchema(node, dialect, SPEC_SCHEMAS)) : { $ref: refOf(name) };
    },
    schema,
    names: () => [...declared.keys(), ...hoistedOrder],
    finish: () => {
      const schemas: Record<string, JsonSchema> = {};
      for (const name of declared.keys()) setEntry(schemas, name, schema(name) as JsonSchema);
      for (const name of hoistedOrder) setEntry(schemas, name, normalised.get(name) as JsonSchema);
      return { schemas, recursiveSchemas: recursiveNames(schemas) };
    },
  };
}

/** A schema whose refs are being rewritten: the next of its ref sites, in document order. */
interface Frame {
  /** The synthetic name of a hoisted schema; undefined for a named or inline one. */
  readonly name: string | undefined;
  readonly schema: JsonSchema;
  readonly sites: readonly RefSite[];
  next: number;
}

/** A `$ref` to rewrite, or one entry of a discriminator mapping (kept in its place, a string rewritten as a ref). */
type RefSite =
  | { readonly node: Record<string, unknown> }
  | { readonly mapping: Record<string, unknown>; readonly key: string; readonly value: unknown };

/** The ref sites of a schema in document order; each discriminator mapping is replaced by a copy its sites fill. */
function refSites(schema: JsonSchema): RefSite[] {
  const sites: RefSite[] = [];
  forEachSubschema(schema, (node) => {
    if (typeof node["$ref"] === "string") sites.push({ node });
    const discriminator = node["discriminator"];
    if (isRecord(discriminator) && isRecord(discriminator["mapping"])) {
      const mapping: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(discriminator["mapping"])) sites.push({ mapping, key, value });
      node["discriminator"] = { ...discriminator, mapping };
    }
  });
  return sites;
}

/** `/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema` → `PetsIdGet200ApplicationJson`. */
export function syntheticName(pointer: string): string {
  const words = split(pointer)
    .filter((token) => !NOISE_TOKENS.has(token))
    .flatMap((token) => token.split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== "");
  const name = words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
  return name === "" ? "Schema" : /^[0-9]/.test(name) ? `Schema${name}` : name;
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}

/** Keywords only a schema has; a ref target carrying one (and no parameter `in`) is hoisted as a schema. */
const SCHEMA_MARKERS = [
  "type",
  "properties",
  "allOf",
  "anyOf",
  "oneOf",
  "items",
  "enum",
  "additionalProperties",
  "const",
  "not",
];

/**
 * Pointers of schemas that local refs in a bundled document reach outside the named schemas, in document
 * order, without duplicates. Parameters, responses and other non-schema objects are left to `deref`.
 */
export function schemaRefTargets(document: unknown, dialect: SpecDialect, refs: readonly string[]): string[] {
  const prefix = `${COMPONENT_SCHEMAS[dialect]}/`;
  const targets = new Set<string>();
  for (const ref of refs) {
    if (!ref.startsWith("#/")) continue;
    let pointer: string;
    try {
      pointer = `/${split(ref).map(escapeToken).join("/")}`;
    } catch {
      continue;
    }
    if (pointer.startsWith(prefix) && split(pointer).length === split(prefix).length) continue;
    const target = resolve(document, pointer);
    if (isRecord(target) && !("in" in target) && SCHEMA_MARKERS.some((key) => key in target)) targets.add(pointer);
  }
  return [...targets];
}
