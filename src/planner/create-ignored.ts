// A create or a replace and one of its body properties → whether the request leaves the property out or sends it.
import type { JsonSchema, Operation } from "../model/api-model.js";
import { saysIgnoredOnCreate } from "../schema/server-filled.js";
import { toSnakeCase } from "../util/naming.js";
import { singular } from "./init/operations.js";
import { operationProfile } from "./profile.js";

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
  const description = operation.description ?? "";
  const at = description.split(/(?<=[.!?])\s+/).findIndex((sentence) => OTHERS_REFUSED.test(sentence));
  if (at < 0 || !isCreate(operation)) return new Set();
  const before = description
    .split(/(?<=[.!?])\s+/)
    .slice(0, at)
    .join(" ");
  const words = new Set(
    before
      .split(/[^\w.]+/)
      .flatMap((token) => token.split("."))
      .filter((w) => w !== ""),
  );
  const named = properties.filter((k) => words.has(k) || words.has(toSnakeCase(k)));
  return named.length === 0 ? new Set() : new Set(properties.filter((k) => !named.includes(k)));
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
