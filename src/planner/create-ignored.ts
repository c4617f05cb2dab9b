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
