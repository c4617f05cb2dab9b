// A write without a body whose query parameters are its collection list's filters → those parameters, to drop.
import type { Parameter } from "../model/api-model.js";
import { join } from "../util/pointer.js";
import { deref, type IngestContext, type RawOperation } from "./context.js";
import type { JsonRecord } from "./walk.js";
import { isRecord } from "./walk.js";

const WRITES: ReadonlySet<string> = new Set(["post", "put", "patch", "delete"]);

/** Query parameters that page a list rather than filter it: what a copy of the list's filters leaves behind. */
const PAGING = /^(cursor|page|page_?size|per_?page|page_?token|limit|offset|start|skip|top)$/i;

const METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"] as const;

/** The query parameter names `method` of the path item at `path` declares (the item's and its own), `$ref`s followed. */
function queryNames(ctx: IngestContext, item: JsonRecord, path: string, method: string): Set<string> {
  const names = new Set<string>();
  const at = join("#/paths", path);
  const operation = item[method];
  for (const [list, pointer] of [
    [item["parameters"], at],
    [isRecord(operation) ? operation["parameters"] : undefined, join(at, method)],
  ] as const) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, i) => {
      const parameter = deref(ctx, raw, join(join(pointer, "parameters"), i));
      if (parameter?.node["in"] === "query" && typeof parameter.node["name"] === "string")
        names.add(parameter.node["name"]);
    });
  }
  return names;
}

const apiWideByDocument = new WeakMap<JsonRecord, ReadonlySet<string>>();

/**
 * Query parameters every operation of the document declares, on three paths or more (Google's `alt`, `fields`,
 * `quotaUser`): the API's own. A list and its item alone are no API.
 */
function apiWide(ctx: IngestContext): ReadonlySet<string> {
  const known = apiWideByDocument.get(ctx.document);
  if (known !== undefined) return known;
  let common: Set<string> | undefined;
  let count = 0;
  const paths = ctx.document["paths"];
  for (const [path, item] of Object.entries(isRecord(paths) ? paths : {})) {
    if (!isRecord(item) || !METHODS.some((method) => isRecord(item[method]))) continue;
    count += 1;
    for (const method of METHODS) {
      if (!isRecord(item[method])) continue;
      const names = queryNames(ctx, item, path, method);
      common = common === undefined ? names : new Set([...common].filter((n) => names.has(n)));
    }
  }
  const found = count < 3 ? new Set<string>() : (common ?? new Set<string>());
  apiWideByDocument.set(ctx.document, found);
  return found;
}

/**
 * The query parameters of a write that declares no request body when they are the filters of its collection's list,
 * copied onto it by the spec's generator (DrChrono's `POST /api/patients`, `PATCH` and `DELETE /api/patients/{id}` each
 * take `first_name`, `since`, `date_of_birth` … of `GET /api/patients`, which alone pages with `cursor` and
 * `page_size`): at least two, all optional, exactly the list's filters, and the list pages with a parameter the write
 * lacks. Such a parameter filters nothing on a write and changes no field: a model filling `first_name` on the update
 * believes it renamed the patient, and on the delete that it picked which one goes. Parameters every operation takes
 * (Google's `alt`, `fields`) are the API's own, never counted; a DELETE of the collection itself keeps its filters.
 */
export function borrowedListFilters(
  ctx: IngestContext,
  raw: RawOperation,
  parameters: readonly Parameter[],
  hasBody: boolean,
): Set<string> {
  const none = new Set<string>();
  if (!WRITES.has(raw.method) || hasBody) return none;
  const own = apiWide(ctx);
  const query = parameters.filter((p) => p.in === "query" && !own.has(p.name));
  if (query.length < 2 || query.some((p) => p.required)) return none;
  const collection = raw.path.replace(/\/\{[^}/]+\}\/?$/, "") || "/";
  // A DELETE of the collection itself takes its filters for real: which of the things it removes.
  if (raw.method === "delete" && collection === raw.path) return none;
  const paths = ctx.document["paths"];
  const item = isRecord(paths) ? paths[collection] : undefined;
  if (!isRecord(item) || !isRecord(item["get"])) return none;
  const listed = [...queryNames(ctx, item, collection, "get")].filter((name) => !own.has(name));
  const names = new Set(query.map((p) => p.name));
  const filters = listed.filter((name) => !PAGING.test(name) || names.has(name));
  const pages = listed.some((name) => PAGING.test(name) && !names.has(name));
  return pages && filters.length === names.size && filters.every((name) => names.has(name)) ? names : none;
}
