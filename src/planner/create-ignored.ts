// A create or a replace and one of its body properties → whether the request leaves the property out or sends it.
import type { JsonSchema, Operation } from "../model/api-model.js";
import type { SchemaLookup } from "../model/api-source.js";
import { saysIgnoredOnCreate } from "../schema/server-filled.js";
import { toSnakeCase } from "../util/naming.js";
import { singular } from "./init/operations.js";
import { operationProfile } from "./profile.js";
import { derefTop } from "./schemas.js";

/** Actions that make a new thing: their bodies leave out what a create ignores. */
const CREATE_ACTIONS: ReadonlySet<string> = new Set(["create", "add"]);

/** Whether `operation` creates something by POST (Google's `insert` and `create`, a REST collection's POST). */
export function isCreate(operation: Operation): boolean {
  return operation.method === "post" && CREATE_ACTIONS.has(operationProfile(operation).action);
}

/**
 * Whether a create ignores or refuses the body property `name` ("This field will be ignored when inserting a
 * BackendService.", "Disallowed for create."): no create offers it, though an update still sends it.
 */
export function ignoredOnCreate(name: string, schema: JsonSchema | undefined): boolean {
  const description = typeof schema === "object" ? schema["description"] : undefined;
  return typeof description === "string" && saysIgnoredOnCreate(description, name);
}

/**
 * A sentence of an operation's description saying the fields it does not name are refused or dropped: "All other fields
 * including the form description, items and settings are disallowed." (Google Forms' `forms.create`), "Other fields in
 * the request, including any provided content, are ignored" (Docs', Slides' creates).
 */
const OTHERS_REFUSED =
  /\b(?:all |any )?other fields\b[^.]*?\b(?:are|will be)\s+(?:disallowed|ignored|not allowed|rejected|refused)\b/i;

/**
 * The body properties a create refuses or drops because its description names the ones it takes and says every other
 * field is disallowed or ignored: Forms' `forms.create` — "Only the form.info.title and form.info.document_title fields
 * are copied to the new form. All other fields including the form description, items and settings are disallowed." —
 * takes `info` only (its `items`, which the shared `Form` schema says are "Required.", are refused). A property is
 * named when the text before that sentence holds its name as a word or a segment of a dotted path (`form.info.title`),
 * in the spec's spelling or snake_case; when it names none of them, nothing is dropped.
 */
export function refusedOnCreate(operation: Operation, properties: readonly string[]): Set<string> {
  const tokens = namingTokens(operation);
  if (tokens === undefined) return new Set();
  const words = new Set(tokens.flatMap((token) => token.split(".")).filter((w) => w !== ""));
  const named = properties.filter((k) => words.has(k) || words.has(toSnakeCase(k)));
  return named.length === 0 ? new Set() : new Set(properties.filter((k) => !named.includes(k)));
}

/** The words and dotted paths of the text before a create's "all other fields are disallowed" sentence, if it has one. */
function namingTokens(operation: Operation): string[] | undefined {
  const description = operation.description ?? "";
  const sentences = description.split(/(?<=[.!?])\s+/);
  const at = sentences.findIndex((sentence) => OTHERS_REFUSED.test(sentence));
  if (at < 0 || !isCreate(operation)) return undefined;
  return sentences
    .slice(0, at)
    .join(" ")
    .split(/[^\w.]+/)
    .map((token) => token.replace(/^\.+|\.+$/g, ""))
    .filter((token) => token !== "");
}

/**
 * The fields a create takes inside a body property the text names only by dotted paths into it: Forms' "Only the
 * form.info.title and form.info.document_title fields are copied" takes `info.title` and `info.document_title` (its
 * `info.description` is "the form description" the next sentence disallows). Property → the nested names, as the text
 * spells them; a property also named as a whole word (or named by no path) is absent: it is taken whole.
 */
export function takenInsideOnCreate(operation: Operation, properties: readonly string[]): Map<string, string[]> {
  const tokens = namingTokens(operation) ?? [];
  const taken = new Map<string, string[]>();
  const whole = new Set<string>();
  for (const token of tokens) {
    const segments = token.split(".");
    const at = segments.findIndex((s) => properties.some((k) => k === s || toSnakeCase(k) === s));
    if (at < 0) continue;
    const property = properties.find((k) => k === segments[at] || toSnakeCase(k) === segments[at]) as string;
    const inside = segments[at + 1];
    if (inside === undefined) whole.add(property);
    else taken.set(property, [...new Set([...(taken.get(property) ?? []), inside])]);
  }
  for (const property of whole) taken.delete(property);
  return taken;
}

/**
 * `schema` (an object's, its `$ref` followed by the caller) closed to the properties `names` spell (as given or in
 * snake_case), with a sentence saying so; undefined when it has none of them. A kept field the shared schema calls
 * read-only (Forms' `documentTitle`, "Output only. … can be set on create") is not: the operation names it as taken.
 */
export function onlyFieldsTaken(schema: JsonSchema, names: readonly string[]): JsonSchema | undefined {
  if (typeof schema !== "object") return undefined;
  const properties = schema["properties"];
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return undefined;
  const kept = Object.entries(properties as Record<string, JsonSchema>)
    .filter(([k]) => names.includes(k) || names.includes(toSnakeCase(k)))
    .map(([k, v]): [string, JsonSchema] => {
      if (typeof v !== "object" || v["readOnly"] !== true) return [k, v];
      const { readOnly: _, ...writable } = v;
      return [k, writable];
    });
  if (kept.length === 0) return undefined;
  const required = Array.isArray(schema["required"])
    ? (schema["required"] as unknown[]).filter((k) => kept.some(([name]) => name === k))
    : undefined;
  const said = typeof schema["description"] === "string" ? `${schema["description"].trim()} ` : "";
  const listed = kept.map(([k]) => `\`${k}\``).join(", ");
  return {
    ...schema,
    properties: Object.fromEntries(kept),
    additionalProperties: false,
    ...(required === undefined ? {} : { required }),
    description: `${said}A create takes only ${listed} of it.`,
  };
}

/**
 * Whether a replace names the record it replaces in its body: a PUT to a collection's path (its last segment a plural
 * noun, no parameter) with no parameter naming a member (`id`, or the collection's noun: Compute's `autoscaler` of PUT
 * …/autoscalers). Campaign Manager's PUT /userprofiles/{profileId}/ads takes the ad's `id` in the body, which the spec
 * calls "read-only, auto-generated": that `id` is still offered (so is NetBox's on its bulk updates).
 */
export function namesMemberInBody(operation: Operation): boolean {
  if (operation.method !== "put") return false;
  const last = operation.path
    .split("/")
    .filter((segment) => segment !== "")
    .at(-1);
  if (last === undefined || last.includes("{")) return false;
  const member = singular(toSnakeCase(last));
  if (member === toSnakeCase(last)) return false; // a singleton (Mist's …/setting), not a collection
  return !operation.parameters.some(
    (p) => (p.in === "query" || p.in === "path") && ["id", member].includes(toSnakeCase(p.name)),
  );
}

/**
 * A create's body property with only the nested fields its description names by dotted paths (`takenInsideOnCreate`),
 * its own description (beside a `$ref`) kept; as it is when none is named or the schema has none of them.
 */
export function takenInsideSchema(
  schema: JsonSchema,
  names: readonly string[] | undefined,
  schemas: SchemaLookup,
): JsonSchema {
  if (names === undefined) return schema;
  const target = derefTop(schema, schemas);
  const own = typeof schema === "object" ? schema["description"] : undefined;
  const described = typeof target === "object" && typeof own === "string" ? { ...target, description: own } : target;
  return onlyFieldsTaken(described, names) ?? schema;
}

/** A create's body schema with each property {@link takenInsideOnCreate} names narrowed ({@link takenInsideSchema}). */
export function bodyTakenOnCreate(operation: Operation, body: JsonSchema, schemas: SchemaLookup): JsonSchema {
  const target = derefTop(body, schemas);
  const properties = typeof target === "object" ? target["properties"] : undefined;
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return body;
  const inside = takenInsideOnCreate(operation, Object.keys(properties));
  if (inside.size === 0) return body;
  const narrowed = Object.fromEntries(
    Object.entries(properties as Record<string, JsonSchema>).map(([k, v]) => [
      k,
      takenInsideSchema(v, inside.get(k), schemas),
    ]),
  );
  return { ...(target as Record<string, unknown>), properties: narrowed };
}
