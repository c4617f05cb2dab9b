// A write on a collection that its items also take, with nothing that names the records → the bulk twin init never drafts.
import type { Operation } from "../../model/api-model.js";
import { toSnakeCase } from "../../util/naming.js";
import { sendsSameBody } from "../partial-update.js";
import { namingId } from "../../model/naming-id.js";

const TWIN_METHODS: ReadonlySet<string> = new Set(["put", "patch", "delete"]);

/**
 * An identifier that says its write acts on many records at once: `dcim_racks_bulk_delete`, `bulk_partial_update`,
 * Jira's `putBulk`; not a group's name (Kubernetes' `deleteBatchV1CollectionNamespacedJob`).
 */
const MANY =
  /(^|_)(bulk|batch|mass)_(partial_)?(update|delete|patch|put|remove|edit|destroy)(_|$)|(^|_)(update|delete|patch|put|remove|edit|destroy)_(bulk|batch|mass)$/;

const trimmed = (path: string): string => path.replace(/\/+$/, "");

/**
 * The operations that are the bulk twin of an item's write: named as acting on many, by the same method on the
 * collection, sending what the item's write sends. NetBox's `PUT /dcim/racks/` (`dcim_racks_bulk_update`) beside
 * `PUT /dcim/racks/{id}/` sends one rack without its id (the real API wants a list of records with ids the spec does not
 * declare), `DELETE /dcim/racks/` (`dcim_racks_bulk_delete`) no body at all: a drafted "change a rack" or "delete a rack"
 * on them names no rack, and the item's write is the goal. A collection write with a body of its own, or one whose id
 * does not say bulk (Meilisearch's "delete all documents", Kubernetes' delete-collection), is no twin.
 */
export function bulkTwins(operations: readonly Operation[]): (operation: Operation) => boolean {
  const items = new Map<string, Operation[]>();
  for (const operation of operations) {
    const match = /^(.*)\/\{[^}/]+\}$/.exec(trimmed(operation.path));
    if (match === null || !TWIN_METHODS.has(operation.method)) continue;
    const key = `${operation.method} ${match[1]}`;
    items.set(key, [...(items.get(key) ?? []), operation]);
  }
  return (operation) => {
    if (!TWIN_METHODS.has(operation.method)) return false;
    const twins = items.get(`${operation.method} ${trimmed(operation.path)}`) ?? [];
    return MANY.test(toSnakeCase(namingId(operation))) && twins.some((item) => sendsSameBody(item, operation));
  };
}
