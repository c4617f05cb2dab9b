// An operation's success answer → the names of its members whose null or empty string the spec gives a meaning.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, Operation } from "../model/api-model.js";
import { preferredContent } from "./media.js";
import { componentName } from "./schemas.js";

/** A description saying what null is: "Will be null or -1 for an unplayed match", "null if never run" (not "never null"). */
const SAYS_NULL = /(?<!\b(?:never|not|non)[\s-]+)\bnull\b/i;

/** A description saying what an empty string is: "an empty string in the event of no winner, or a tie". */
const SAYS_EMPTY_STRING = /\bempty\s+string\b|""|''/i;

/** How deep into nested schemas the answer is read (properties, items, compositions, `$ref`s). */
const MAX_DEPTH = 12;

type Node = Readonly<Record<string, unknown>>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);

/** Whether a schema's description says what null is (a value its `type` may not list). */
export const saysNull = (schema: unknown): boolean =>
  isNode(schema) && typeof schema["description"] === "string" && SAYS_NULL.test(schema["description"]);

/** Whether a property's schema makes null or `""` one of its answers: its enum lists it, or its description tells it. */
export function emptyMeans(schema: unknown): boolean {
  if (!isNode(schema)) return false;
  const values = Array.isArray(schema["enum"]) ? (schema["enum"] as unknown[]) : [];
  if (values.includes("") || values.includes(null) || schema["const"] === "") return true;
  const description = typeof schema["description"] === "string" ? schema["description"] : "";
  return SAYS_NULL.test(description) || SAYS_EMPTY_STRING.test(description);
}

/**
 * The member names in an operation's JSON success answer whose null or empty string the spec gives a meaning
 * (`emptyMeans`): TBA's `winning_alliance` ("an empty string in the event of no winner, or a tie", enum `red`,
 * `blue`, `""`) and `score` ("null or -1 for an unplayed match"). The runtime keeps those values instead of dropping
 * them as noise. A `nullable` alone is not a meaning (it is the absence the dropped member already tells). Sorted;
 * undefined when none.
 */
export function operationToKeptEmpty(operation: Operation, lookup: SchemaLookup): readonly string[] | undefined {
  const chosen = preferredContent((operation.success?.contents ?? []).filter((c) => c.kind === "json"));
  if (chosen === undefined) return undefined;
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (schema: JsonSchema | undefined, depth: number): void => {
    if (!isNode(schema) || depth > MAX_DEPTH) return;
    const ref = componentName(schema["$ref"]);
    if (ref !== undefined) {
      if (seen.has(ref)) return;
      seen.add(ref);
      walk(lookup(ref), depth + 1);
    }
    for (const key of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
      const list = schema[key];
      if (Array.isArray(list)) for (const branch of list) walk(branch as JsonSchema, depth + 1);
    }
    walk(schema["items"] as JsonSchema | undefined, depth + 1);
    walk(schema["additionalProperties"] as JsonSchema | undefined, depth + 1);
    const properties = schema["properties"];
    if (!isNode(properties)) return;
    for (const [name, property] of Object.entries(properties)) {
      const own = isNode(property) ? property : undefined;
      const target = own === undefined ? undefined : componentName(own["$ref"]);
      if (emptyMeans(own) || (target !== undefined && emptyMeans(lookup(target)))) found.add(name);
      walk(own, depth + 1);
    }
  };
  walk(chosen.schema, 0);
  return found.size === 0 ? undefined : [...found].sort();
}
