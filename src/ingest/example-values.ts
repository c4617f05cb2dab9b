// Examples of objects and lists, walked alongside their schemas → each bare `type: object` they show holding a non-object read as any JSON value.
import { isBareObject } from "../schema/normalize.js";
import { escapeToken, resolve, split } from "../util/pointer.js";
import { type JsonRecord, isRecord, updateMember } from "./walk.js";

/** Schema–value pairs walked per document at most: examples are small, a hostile one must not cost more. */
const MAX_PAIRS = 20_000;
/** Items of one example list walked: the first few say what the items are. */
const MAX_ITEMS = 32;
/** `$ref` hops followed from one schema. */
const MAX_HOPS = 16;
/** Examples kept for a schema read as any value (what it was seen holding), each at most so long as JSON. */
const MAX_KEPT = 3;
const MAX_KEPT_CHARS = 120;

/** A bare `type: object` an example shows holding something else, and the values shown there (distinct, in order). */
export interface ExampleValueSite {
  readonly pointer: string;
  readonly examples: readonly unknown[];
}

/** The schema at `pointer` with its local `$ref` chain followed: its pointer and the schema; undefined when none. */
function schemaAt(document: unknown, pointer: string): { pointer: string; schema: JsonRecord } | undefined {
  let at = pointer;
  for (let hops = 0; hops <= MAX_HOPS; hops++) {
    const node = resolve(document, at);
    if (!isRecord(node)) return undefined;
    const ref = node["$ref"];
    if (typeof ref !== "string") return { pointer: at, schema: node };
    if (!ref.startsWith("#")) return undefined;
    try {
      at = split(ref)
        .map((token) => `/${escapeToken(token)}`)
        .join("");
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The examples a site holds and the pointer of the schema they are examples of (its own, or its `schema` member's). */
function siteExamples(document: unknown, site: string): { schema: string; values: unknown[] } | undefined {
  const node = resolve(document, site);
  if (!isRecord(node)) return undefined;
  const values = [
    ...(Object.hasOwn(node, "example") ? [node["example"]] : []),
    ...(Array.isArray(node["examples"]) ? node["examples"] : []),
  ];
  return { schema: isRecord(node["schema"]) ? `${site}/schema` : site, values };
}

/**
 * Pointers of the bare `type: object` schemas that an example elsewhere shows holding a string, number, boolean or
 * list (LaunchDarkly's flag `variations` example `[{"value": "a"}]` reaching `Variation.value`), in the order met.
 * Examples are followed into declared properties, list items and `allOf` members, through local `$ref`s.
 */
export function exampleValueSites(document: unknown, sites: readonly string[]): ExampleValueSite[] {
  const found = new Map<string, unknown[]>();
  let budget = MAX_PAIRS;
  for (const site of sites) {
    const start = siteExamples(document, site);
    if (start === undefined) continue;
    const stack: [string, unknown][] = start.values.map((value): [string, unknown] => [start.schema, value]).reverse();
    for (let pair = stack.pop(); pair !== undefined && budget > 0; pair = stack.pop(), budget--) {
      const [pointer, value] = pair;
      const at = schemaAt(document, pointer);
      if (at === undefined || value === null || value === undefined) continue;
      const { schema } = at;
      if (isBareObject(schema)) {
        if (!isPlainObject(value)) keep(found, at.pointer, value);
        continue;
      }
      // Pushed last to first, so the stack takes them in document order.
      const next: [string, unknown][] = [];
      const allOf = Array.isArray(schema["allOf"]) ? schema["allOf"] : [];
      for (let i = 0; i < allOf.length; i++) next.push([`${at.pointer}/allOf/${i}`, value]);
      const properties = schema["properties"];
      if (isPlainObject(value) && isRecord(properties))
        for (const key of Object.keys(value))
          if (Object.hasOwn(properties, key)) next.push([`${at.pointer}/properties/${escapeToken(key)}`, value[key]]);
      if (Array.isArray(value) && isRecord(schema["items"]))
        for (const item of value.slice(0, MAX_ITEMS)) next.push([`${at.pointer}/items`, item]);
      stack.push(...next.reverse());
    }
  }
  return [...found].map(([pointer, examples]) => ({ pointer, examples }));
}

function keep(found: Map<string, unknown[]>, pointer: string, value: unknown): void {
  const kept = found.get(pointer) ?? [];
  found.set(pointer, kept);
  const text = JSON.stringify(value);
  if (kept.length < MAX_KEPT && text.length <= MAX_KEPT_CHARS && !kept.some((k) => JSON.stringify(k) === text))
    kept.push(value);
}

/**
 * The document with each bare `type: object` an example shows holding a non-object left untyped: any JSON value, as
 * the spec's own examples send it (Swagger 2 could not say "any"; a boolean flag's `true` must go through). One without
 * examples of its own takes those values as its examples, so the model sees what it may hold.
 */
export function readExampleValues(document: JsonRecord, sites: readonly string[]): JsonRecord {
  let out = document;
  for (const site of exampleValueSites(document, sites))
    out = updateMember(out, split(site.pointer), (member) => {
      if (!isRecord(member) || !isBareObject(member)) return member;
      const { type: _, ...rest } = member;
      const own = Object.hasOwn(rest, "example") || Object.hasOwn(rest, "examples");
      return own ? rest : { ...rest, examples: site.examples };
    });
  return out;
}
