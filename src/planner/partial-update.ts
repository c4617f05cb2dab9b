// A PATCH that sends the body its path's PUT sends, or the body its collection's POST creates with → a partial update,
// whose body schema's `required` is the whole record's.
import type { Operation } from "../model/api-model.js";

const trimmed = (path: string): string => path.replace(/\/+$/, "");

/** Whether two operations send the same body: the same media types with the same schemas, or both none. */
export function sendsSameBody(a: Pick<Operation, "requestBody">, b: Pick<Operation, "requestBody">): boolean {
  const key = (o: Pick<Operation, "requestBody">): string =>
    JSON.stringify(o.requestBody?.contents.map((c) => [c.mediaType, c.schema]) ?? null);
  return key(a) === key(b);
}

/** The collection a record's path sits in (`/crm/companies/{id}` → `/crm/companies`), or undefined. */
function collectionOf(path: string): string | undefined {
  const match = /^(.*)\/\{[^}/]+\}$/.exec(trimmed(path));
  return match?.[1] === undefined || match[1] === "" ? undefined : match[1];
}

/**
 * Whether the operation is a PATCH whose body is the very schema a whole record is written with: the one the PUT of
 * its path replaces the record with (NetBox's `PATCH /dcim/racks/{id}/` and `PUT /dcim/racks/{id}/` both send
 * `WritableRack`, which requires `name` and `site`), or the one the POST on its collection creates a record with
 * (Apideck's `PATCH /crm/companies/{id}` and `POST /crm/companies` both send `Company`, which requires `name`). The
 * fields that schema requires are those of a whole record, and a partial update sends only what changes. Asked as
 * required, the model must restate a record's name to change anything else, and a wrong guess renames it.
 */
export function isPartialUpdate(
  operation: Pick<Operation, "method" | "path" | "requestBody">,
  operations: readonly Pick<Operation, "method" | "path" | "requestBody">[],
): boolean {
  if (operation.method !== "patch" || operation.requestBody === undefined) return false;
  const path = trimmed(operation.path);
  const collection = collectionOf(path);
  const writes = writesByPath(operations);
  const whole = [
    ...(writes.get(`put ${path}`) ?? []),
    ...(collection === undefined ? [] : (writes.get(`post ${collection}`) ?? [])),
  ];
  return whole.some((o) => sendsSameBody(o, operation));
}

type BodyOperation = Pick<Operation, "method" | "path" | "requestBody">;

const WRITES = new WeakMap<readonly BodyOperation[], ReadonlyMap<string, readonly BodyOperation[]>>();

/** The PUTs and POSTs of `operations` by `method path` (trailing slashes trimmed), indexed once per list. */
function writesByPath(operations: readonly BodyOperation[]): ReadonlyMap<string, readonly BodyOperation[]> {
  const known = WRITES.get(operations);
  if (known !== undefined) return known;
  const index = new Map<string, BodyOperation[]>();
  for (const o of operations) {
    if (o.method !== "put" && o.method !== "post") continue;
    const key = `${o.method} ${trimmed(o.path)}`;
    const listed = index.get(key);
    if (listed === undefined) index.set(key, [o]);
    else listed.push(o);
  }
  WRITES.set(operations, index);
  return index;
}
