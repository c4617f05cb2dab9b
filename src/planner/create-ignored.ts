// A create operation and one of its body properties → whether the create ignores or refuses the property's value.
import type { JsonSchema, Operation } from "../model/api-model.js";
import { saysIgnoredOnCreate } from "../schema/server-filled.js";
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
