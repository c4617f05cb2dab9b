// An operation's inputs and success response → the words it uses for things beyond its name: what tool search indexes
// as the operation's own vocabulary (a profile's `status_text` for "set my status").
import type { JsonSchema, JsonSchemaObject, Operation } from "../model/api-model.js";
import type { SchemaLookup } from "../model/api-source.js";
import { isPlural, searchTerms, stem } from "../runtime/adapters/search-words.js";
import type { OperationProfile } from "../runtime/types.js";
import { operationProfile } from "./profile.js";
import { type ApiVocabulary, NO_VOCABULARY, withNounAliases, withSummaryVerb } from "./profile-aliases.js";
import { derefTop } from "./schemas.js";
import { namingId } from "../model/naming-id.js";

/** Most words kept per operation: the index stays small on an API of a thousand operations. */
export const MAX_OPERATION_WORDS = 48;
/** How deep into a response the property names count: the item's own, and those of the objects it holds. */
const RESPONSE_DEPTH = 2;
/** Enum values longer than this are sentences or codes, not names of things. */
const ENUM_CHARS = 32;

/** A schema as an object, a `$ref` to a named schema followed. */
function asObject(schema: JsonSchema | undefined, schemas: SchemaLookup): JsonSchemaObject | undefined {
  const target = schema === undefined ? undefined : derefTop(schema, schemas);
  return typeof target === "object" && target !== null ? target : undefined;
}

/** The branches of a schema that say what its value holds: itself, its `allOf`, `oneOf` and `anyOf` parts. */
function branches(schema: JsonSchemaObject, schemas: SchemaLookup): JsonSchemaObject[] {
  const parts = ["allOf", "oneOf", "anyOf"].flatMap((key): JsonSchemaObject[] => {
    const list: unknown = schema[key];
    if (!Array.isArray(list)) return [];
    return (list as JsonSchema[]).flatMap((s) => {
      const part = asObject(s, schemas);
      return part === undefined ? [] : [part];
    });
  });
  return [schema, ...parts];
}

/**
 * The property schemas of an object schema, and of an array's items: what one item of the value is made of. Items of
 * items are followed on an explicit stack, each schema once (a list of lists can lead back to itself through `$ref`s).
 */
function propertiesOf(schema: JsonSchemaObject, schemas: SchemaLookup): [string, JsonSchemaObject][] {
  const found: [string, JsonSchemaObject][] = [];
  const seen = new Set<JsonSchemaObject>([schema]);
  const pending: (JsonSchemaObject | [string, JsonSchemaObject][])[] = [schema];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (Array.isArray(next)) {
      found.push(...next);
      continue;
    }
    const work: (JsonSchemaObject | [string, JsonSchemaObject][])[] = [];
    for (const part of branches(next, schemas)) {
      const own = part["properties"];
      work.push(
        Object.entries(typeof own === "object" && own !== null ? own : {}).flatMap(([name, s]) => {
          const property = asObject(s as JsonSchema, schemas);
          return property === undefined ? [] : [[name, property] as [string, JsonSchemaObject]];
        }),
      );
      const items = asObject(part["items"] as JsonSchema | undefined, schemas);
      if (items !== undefined && !seen.has(items)) work.push((seen.add(items), items));
    }
    pending.push(...work.reverse());
  }
  return found;
}

function enumWords(schema: JsonSchemaObject, schemas: SchemaLookup): string[] {
  return branches(schema, schemas).flatMap((part) => {
    const values = Array.isArray(part["enum"]) ? part["enum"] : [];
    return values.filter((v): v is string => typeof v === "string" && v.length <= ENUM_CHARS);
  });
}

/** Property names down to `depth` levels, and the enum values of each property met. */
function schemaWords(schema: JsonSchemaObject, depth: number, schemas: SchemaLookup, seen: Set<object>): string[] {
  if (depth === 0 || seen.has(schema)) return [];
  seen.add(schema);
  return propertiesOf(schema, schemas).flatMap(([name, property]) => [
    name,
    ...enumWords(property, schemas),
    ...schemaWords(property, depth - 1, schemas, seen),
  ]);
}

/**
 * What the words of one API's schemas come to, by lookup: the terms of each word (a property name such as `id` or
 * `url` is met thousands of times), and the unique terms of a schema object to a depth (many operations return the
 * same named schema).
 */
interface TermsMemo {
  readonly words: Map<string, readonly string[]>;
  readonly schemas: WeakMap<JsonSchemaObject, Map<number, readonly string[]>>;
}

const termsMemo = new WeakMap<SchemaLookup, TermsMemo>();

function memoOf(schemas: SchemaLookup): TermsMemo {
  let memo = termsMemo.get(schemas);
  if (memo === undefined) termsMemo.set(schemas, (memo = { words: new Map(), schemas: new WeakMap() }));
  return memo;
}

/** {@link searchTerms} of each word, in order. */
function termsOfWords(words: readonly string[], memo: TermsMemo): string[] {
  return words.flatMap((word) => {
    let terms = memo.words.get(word);
    if (terms === undefined) memo.words.set(word, (terms = searchTerms(word)));
    return terms;
  });
}

/** The unique search terms of {@link schemaWords} from `schema` down `depth` levels, in the order met. */
function schemaTerms(schema: JsonSchemaObject, depth: number, schemas: SchemaLookup): readonly string[] {
  const memo = memoOf(schemas);
  let byDepth = memo.schemas.get(schema);
  if (byDepth === undefined) memo.schemas.set(schema, (byDepth = new Map()));
  let terms = byDepth.get(depth);
  if (terms === undefined) {
    terms = [...new Set(termsOfWords(schemaWords(schema, depth, schemas, new Set()), memo))];
    byDepth.set(depth, terms);
  }
  return terms;
}

/**
 * The terms an operation's inputs and success response use that its name, summary and input names do not: input enum
 * values, request body property names and enum values, and the success response's property names two levels deep
 * (an item's and those of the objects it holds). Unique, in the order met, at most {@link MAX_OPERATION_WORDS}.
 */
export function operationWords(
  operation: Operation,
  known: string,
  schemas: SchemaLookup,
  described: readonly string[] = [],
): string[] {
  const said = new Set(searchTerms(known));
  const parameters = termsOfWords(
    operation.parameters.flatMap((p) => enumWords(asObject(p.schema, schemas) ?? {}, schemas)),
    memoOf(schemas),
  );
  const firstSchema = (contents: readonly { readonly schema?: JsonSchema }[] | undefined) =>
    asObject(contents?.[0]?.schema, schemas);
  const body = firstSchema(operation.requestBody?.contents);
  const response = firstSchema(operation.success?.contents);
  const met = new Set<string>();
  const words: string[] = [];
  for (const terms of [
    described,
    parameters,
    body === undefined ? [] : schemaTerms(body, 1, schemas),
    response === undefined ? [] : schemaTerms(response, RESPONSE_DEPTH, schemas),
  ])
    for (const term of terms) {
      if (met.has(term)) continue;
      met.add(term);
      if (said.has(term) || /^\d+$/.test(term)) continue;
      words.push(term);
      if (words.length === MAX_OPERATION_WORDS) return words;
    }
  return words;
}

/**
 * A profile whose `by` qualifier names only the path's parameters and segments, each pick at least one parameter
 * (`getRepositoriesByWorkspaceByRepoSlugHooks`: the `workspace` and `repo_slug` parameters, the `hooks` segment), reads
 * `by id`: it picks the item and its parents by their ids, not by a field the user would name (`by email`, `by status`
 * of `/pet/findByStatus`).
 */
export function withPathPicks(profile: OperationProfile, operation: Operation): OperationProfile {
  const parameters = new Set(operation.parameters.filter((p) => p.in === "path").flatMap((p) => searchTerms(p.name)));
  const inPath = new Set([...parameters, ...searchTerms(operation.path)]);
  const namesPath = (pick: string) => {
    const terms = searchTerms(pick);
    return terms.every((t) => inPath.has(t)) && terms.some((t) => parameters.has(t));
  };
  const qualifiers = (profile.qualifiers ?? []).map((q) =>
    q.startsWith("by ") && q.slice(3).split(" by ").every(namesPath) ? "by id" : q,
  );
  return qualifiers.every((q, i) => q === profile.qualifiers?.[i]) ? profile : { ...profile, qualifiers };
}

/**
 * A profile whose object a summary wrote as a plural followed by a word that only says "many of them" (`projects
 * list`, "Get a projects list"; `runners available`, "Get runners available for user") names the plural's thing
 * (project, runner).
 */
export function withObjectHead(profile: OperationProfile): OperationProfile {
  const words = profile.object.split(" ");
  const last = words.at(-1) ?? "";
  const before = words.at(-2);
  if (before === undefined || !isPlural(before) || !(last === "list" || /[ai]ble$/.test(last))) return profile;
  return { ...profile, object: [...words.slice(0, -2), stem(before)].join(" ") };
}

/**
 * The operation's profile for tool search: {@link operationProfile} with the API's own phrases for its path words
 * (`aliases`, from {@link nounAliases}), and the words its inputs and response add.
 */
export function searchProfile(
  operation: Operation,
  schemas: SchemaLookup,
  vocabulary: ApiVocabulary = NO_VOCABULARY,
): OperationProfile {
  const known = [namingId(operation), operation.path, operation.summary, operation.description];
  const described = operation.tags.flatMap((tag) => vocabulary.tags.get(tag) ?? []);
  const said = [...known, ...operation.parameters.map((p) => p.name)].join(" ");
  const words = operationWords(operation, said, schemas, described);
  const profile = withObjectHead(
    withPathPicks(
      withNounAliases(withSummaryVerb(operationProfile(operation), operation), vocabulary.aliases, operation),
      operation,
    ),
  );
  return { ...profile, ...(words.length === 0 ? {} : { words }) };
}
