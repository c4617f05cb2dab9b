// Turns a delete of a whole collection path into the optional query parameters that pick what it removes.
import type { Operation, Parameter } from "../../model/api-model.js";
import { toSnakeCase } from "../../util/naming.js";
import { operationProfile } from "../profile.js";
import { singular } from "./operations.js";

/** The last word of a parameter that names records: `deviceId`, `ids`, `applicationKey`, Jira's glued `groupname`. */
const NAMING_WORD = /^(?:(?:u?u)?ids?|keys?|arns?|[a-z]*names?)$/;

/** A path that already names one record: it ends in `{id}`, `:id`, or an OData suffix of one (`{id}/$ref`). */
const ENDS_IN_RECORD = /(?:\}|\/:\w+|\/\$\w+)\/?$/;

/** A parameter that is the record itself rather than something it belongs to: `id`, `ids`, `uid`. */
const OWN_ID = /^(ids?|uids?|uuids?)$/;

/**
 * The query parameters a delete of a path ending in no `{parameter}` picks what it removes by, when the spec leaves
 * every one optional (Ably's `DELETE /push/channelSubscriptions` takes `channel`, `deviceId`, `clientId`; Jira's
 * `DELETE /api/2/group` takes `groupname`): a drafted delete that binds none of them can say no record, so it binds
 * them. Of `parameters` (the call's own, credentials already left out); none when a query parameter is required (the
 * call already says which), a body (it says which), or the path ends in the record's own parameter.
 */
export function deleteSelectors(operation: Operation, parameters: readonly Parameter[]): Parameter[] {
  if (operation.method !== "delete" || operation.requestBody !== undefined || ENDS_IN_RECORD.test(operation.path))
    return [];
  const query = parameters.filter((p) => p.in === "query");
  if (query.length === 0 || query.some((p) => p.required)) return [];
  const wordsOf = (p: Parameter): string[] =>
    toSnakeCase(p.name)
      .split("_")
      .filter((w) => w !== "");
  const named = query.filter((p) => NAMING_WORD.test(wordsOf(p).at(-1) ?? ""));
  if (named.length === query.length) return named;
  const objectWords = new Set(
    operationProfile(operation)
      .object.split(" ")
      .filter((w) => w !== "")
      .map((w) => singular(toSnakeCase(w))),
  );
  return query.filter((p) => {
    const words = wordsOf(p);
    return (
      NAMING_WORD.test(words.at(-1) ?? "") || (words.length > 0 && words.every((w) => objectWords.has(singular(w))))
    );
  });
}

/**
 * The one selector a drafted delete must be given, when it is the only one and names the removed record itself (`id`,
 * or a name led by the object's word: Jira's `groupname` for a group): without it the call removes nothing, or more
 * than the user meant. Several selectors, or one naming something else (a team the call is scoped to), stay optional.
 */
export function requiredSelector(operation: Operation, selectors: readonly Parameter[]): Parameter | undefined {
  if (selectors.length !== 1) return undefined;
  const [only] = selectors;
  const name = toSnakeCase(only?.name ?? "");
  const head = singular(toSnakeCase(operationProfile(operation).object.split(" ").at(-1) ?? ""));
  return OWN_ID.test(name) || (head !== "" && name.startsWith(head)) ? only : undefined;
}
