// Finds the named schemas that a set of schemas reaches through `#/components/schemas/…` refs.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema } from "../model/api-model.js";
import { compareStrings } from "../util/order.js";
import { unescapeToken } from "../util/pointer.js";

const COMPONENT_PREFIX = "#/components/schemas/";

/** The component name a `$ref` string points at, or undefined for any other ref. */
export function componentName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(COMPONENT_PREFIX)) return undefined;
  const token = ref.slice(COMPONENT_PREFIX.length);
  if (token.includes("/")) return undefined;
  // Neither a percent escape nor a `~` escape (nearly every name): the token is the name as it is.
  return token.includes("%") || token.includes("~") ? unescapeToken(decodeURIComponent(token)) : token;
}

/** Follows a top-level `$ref` to a named schema (at most `depth` hops); other schemas come back as they are. */
export function derefTop(schema: JsonSchema, schemas: SchemaLookup, depth = 8): JsonSchema {
  let current = schema;
  for (let i = 0; i < depth && typeof current === "object"; i++) {
    const name = componentName(current["$ref"]);
    const target = name === undefined ? undefined : schemas(name);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

/** Keywords beside a lone `allOf` member that only annotate it. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "nullable",
  "deprecated",
  "$comment",
  "$schema",
  "description",
  "examples",
  "example",
]);

/**
 * The member a body wraps in a lone `allOf` with only annotations beside it (Swashbuckle's
 * `allOf: [{$ref: TimeEntry}]` and an example, on every e-conomic body): the object whose fields the tool takes, so
 * they are inputs, required as it requires them, not one `body` the model may leave out; else the schema itself.
 */
export function loneMemberOf(schema: JsonSchema, schemas: SchemaLookup): JsonSchema {
  if (typeof schema !== "object") return schema;
  const members = schema["allOf"];
  if (!Array.isArray(members) || members.length !== 1) return schema;
  if (!Object.keys(schema).every((k) => k === "allOf" || ANNOTATIONS.has(k))) return schema;
  return derefTop(members[0] as JsonSchema, schemas);
}

/** The component refs met walking `node`, not entering the components they name. */
function directRefs(node: unknown, schemas: SchemaLookup, into: Set<string>): Set<string> {
  const pending: unknown[] = [node];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object") continue;
    if (Array.isArray(current)) {
      pending.push(...current);
      continue;
    }
    for (const [key, value] of Object.entries(current)) {
      const name = key === "$ref" ? componentName(value) : undefined;
      if (name !== undefined && schemas(name) !== undefined) into.add(name);
      if (typeof value === "object") pending.push(value);
    }
  }
  return into;
}

/**
 * Each component's direct refs, walked once per components object and component (components are not changed
 * once a model is built): a plan asks for the schemas reachable from every tool input and result, and walking the
 * same large components (Stripe's reach hundreds of others, circularly) for each of them was most of the lockfile's time.
 */
const refGraphs = new WeakMap<object, Map<string, ReadonlySet<string>>>();

export function refsOfComponent(name: string, schemas: SchemaLookup): ReadonlySet<string> {
  let graph = refGraphs.get(schemas);
  if (graph === undefined) {
    graph = new Map();
    refGraphs.set(schemas, graph);
  }
  let edges = graph.get(name);
  if (edges === undefined) {
    edges = directRefs(schemas(name), schemas, new Set());
    graph.set(name, edges);
  }
  return edges;
}

/**
 * How many `$ref`s deep a result schema goes in a plan (and in the result schema a tool advertises): the named
 * schemas a result names, and the ones those name; deeper, any value. The model learns the shape it sees first (a
 * capped result rarely goes deeper), and Stripe's 12 goals no longer drag in 584 schemas (most of their generation
 * time and output).
 */
export const RESULT_SCHEMA_HOPS = 2;

/** The named schemas a plan carries: all that the inputs reach, and those within RESULT_SCHEMA_HOPS of the results. */
export function planSchemas(
  inputs: readonly JsonSchema[],
  results: readonly JsonSchema[],
  schemas: SchemaLookup,
): Record<string, JsonSchema> {
  const merged = { ...reachableSchemas(inputs, schemas), ...reachableSchemas(results, schemas, RESULT_SCHEMA_HOPS) };
  return Object.fromEntries(
    Object.keys(merged)
      .sort(compareStrings)
      .map((name) => [name, merged[name] as JsonSchema]),
  );
}

/** Every named schema reachable from `roots` (within `maxHops` `$ref`s when given: 1 = only those the roots name), sorted by name. */
export function reachableSchemas(
  roots: readonly JsonSchema[],
  schemas: SchemaLookup,
  maxHops = Infinity,
): Record<string, JsonSchema> {
  const seen = new Set<string>(directRefs(roots, schemas, new Set()));
  let frontier = [...seen];
  for (let hop = 1; hop < maxHops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const name of frontier) {
      for (const target of refsOfComponent(name, schemas)) {
        if (seen.has(target)) continue;
        seen.add(target);
        next.push(target);
      }
    }
    frontier = next;
  }
  const out: Record<string, JsonSchema> = {};
  for (const name of [...seen].sort(compareStrings)) out[name] = schemas(name) as JsonSchema;
  return out;
}
