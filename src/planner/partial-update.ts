// A PATCH that sends the body its path's PUT sends → a partial update, whose body schema's `required` is the replacement's.
import type { Operation } from "../model/api-model.js";

const trimmed = (path: string): string => path.replace(/\/+$/, "");

/** Whether two operations send the same body: the same media types with the same schemas, or both none. */
export function sendsSameBody(a: Pick<Operation, "requestBody">, b: Pick<Operation, "requestBody">): boolean {
  const key = (o: Pick<Operation, "requestBody">): string =>
    JSON.stringify(o.requestBody?.contents.map((c) => [c.mediaType, c.schema]) ?? null);
  return key(a) === key(b);
}

/**
 * Whether the operation is a PATCH whose body is the very schema the PUT of its path replaces the record with (NetBox's
 * `PATCH /dcim/racks/{id}/` and `PUT /dcim/racks/{id}/` both send `WritableRack`, which requires `name` and `site`):
 * the fields that schema requires are those of a whole record, and a partial update sends only what changes. Asked as
 * required, the model must restate a rack's name and site to change its height, and a wrong guess moves the rack.
 */
export function isPartialOfReplacement(
  operation: Pick<Operation, "method" | "path" | "requestBody">,
  operations: readonly Pick<Operation, "method" | "path" | "requestBody">[],
): boolean {
  if (operation.method !== "patch" || operation.requestBody === undefined) return false;
  return operations.some(
    (o) => o.method === "put" && trimmed(o.path) === trimmed(operation.path) && sendsSameBody(o, operation),
  );
}
