// Turns spec schemas into normalised model schemas whose `$ref`s all read `#/components/schemas/NAME`.
import type { JsonSchema, SpecDialect } from "../model/api-model.js";
import { normalizeSchema } from "../schema/normalize.js";
import { escapeToken, resolve, split } from "../util/pointer.js";
import { forEachSubschema } from "./schema-walk.js";
import { isRecord, recordOf, setEntry } from "./walk.js";
import { recursiveNames } from "./recursion.js";

/** Where each dialect keeps its named schemas. */
const COMPONENT_SCHEMAS: Record<SpecDialect, string> = {
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
  /**
   * All named schemas (the spec's in spec order, then hoisted ones as they are met), live: each of the spec's is
   * normalised on first read of its property and memoised (listing the keys normalises nothing); a hoisted one is
   * added when a ref to it is first rewritten.
   */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  /** Names of the recursive named schemas, sorted; reads (so normalises) every named schema. */
  recursiveSchemas(): string[];
  /** `schemas` and `recursiveSchemas()` together: everything normalised. */
  finish(): { schemas: Readonly<Record<string, JsonSchema>>; recursiveSchemas: string[] };
}

/**
 * `hoistTargets` are pointers known up front to be the targets of schema refs outside the named schemas
 * (bundling parks an external file's schema at its first use, e.g. in a response); they are named first,
 * and the schema found at such a place becomes a ref to its name instead of an inline copy.
 *
 * One registry per document: named schemas are normalised once, in spec order. A `$ref` to anywhere other
 * than a named schema (bundling leaves such refs, e.g. `#/paths/~1a/get/responses/200/...`) is hoisted to
 * a stable synthetic name, registered before its body is rewritten so a ref back to itself stays a ref.
 */
export function createSchemaRegistry(
  document: unknown,
  dialect: SpecDialect,
  hoistTargets: readonly string[] = [],
  options: { readonly lazy?: boolean } = {},
): SchemaRegistry {
  const prefix = COMPONENT_SCHEMAS[dialect];
  const named = new Set<string>();
  const schemas: Record<string, JsonSchema> = {};
  // Switched to dictionary mode up front (V8 does that when a property other than the last added is deleted): a
  // fast-mode object with ~1,000 accessors that turn into data properties one by one costs V8 milliseconds per
  // switch (585 of Stripe's schemas: 0.9 s) where a dictionary costs microseconds.
  setEntry(schemas, "  ", true);
  setEntry(schemas, " ", true);
  Reflect.deleteProperty(schemas, "  ");
  Reflect.deleteProperty(schemas, " ");
  const settle = (name: string, value: JsonSchema): JsonSchema => {
    named.add(name);
    setEntry(schemas, name, value);
    return value;
  };
  const hoisted = new Map<string, string>();
  const hoistedObjects = new Map<object, string>();
  const refOf = (name: string): string => `#/components/schemas/${escapeToken(name)}`;

  const namedPrefix = `#${prefix}/`;
  const mapRef = (ref: string): string => {
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
    return hoist(pointer) ?? ref;
  };

  const hoist = (pointer: string): string | undefined => {
    const known = hoisted.get(pointer);
    if (known !== undefined) return refOf(known);
    const target = resolve(document, pointer);
    if (target === undefined) return undefined;
    const name = uniqueName(syntheticName(pointer), named);
    hoisted.set(pointer, name);
    settle(name, true);
    settle(name, rewrite(normalizeSchema(target, dialect)));
    return refOf(name);
  };

  const rewrite = (schema: JsonSchema): JsonSchema => {
    forEachSubschema(schema, (node) => {
      if (typeof node["$ref"] === "string") node["$ref"] = mapRef(node["$ref"]);
      const discriminator = node["discriminator"];
      if (isRecord(discriminator) && isRecord(discriminator["mapping"])) {
        const mapping: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(discriminator["mapping"]))
          setEntry(mapping, key, typeof value === "string" ? mapRef(value) : value);
        node["discriminator"] = { ...discriminator, mapping };
      }
    });
    return schema;
  };

  const declared = Object.entries(recordOf(resolve(document, prefix)));
  for (const [name, schema] of declared) {
    named.add(name);
    Object.defineProperty(schemas, name, {
      enumerable: true,
      configurable: true,
      get: () => settle(name, rewrite(normalizeSchema(schema, dialect))),
    });
  }
  // Eager: every named schema normalised now, in spec order, so hoisted names are taken in that order too.
  if (options.lazy !== true) for (const [name] of declared) void schemas[name];
  for (const pointer of hoistTargets) {
    const target = resolve(document, pointer);
    const ref = hoist(pointer);
    if (isRecord(target) && ref !== undefined) hoistedObjects.set(target, split(ref).at(-1) as string);
  }
  return {
    schemaOf: (node) => {
      const name = isRecord(node) ? hoistedObjects.get(node) : undefined;
      return name === undefined ? rewrite(normalizeSchema(node, dialect)) : { $ref: refOf(name) };
    },
    schemas,
    recursiveSchemas: () => recursiveNames(schemas),
    finish: () => ({ schemas, recursiveSchemas: recursiveNames(schemas) }),
  };
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
