// An operation's query parameters and success response → how it pages (PagingSpec), or nothing when it does not.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, Operation, Parameter } from "../model/api-model.js";
import type { PagingSpec } from "../runtime/types.js";
import { escapeToken } from "../util/pointer.js";
import { toSnakeCase } from "../util/naming.js";
import { propertyNames, schemaAtPointer } from "./schema-walk.js";
import { derefTop } from "./schemas.js";
import { jsonTypes } from "./type-fit.js";
import { pointerTokens } from "../runtime/expressions/pointer.js";

const SIZE = /^(per_page|page_size|pagesize|limit|max_results|max_items|count|top|max)$/;
const PAGE = /^(page|page_number|pagenumber|page_index)$/;
const OFFSET = /^(offset|skip|start|start_index)$/;
const CURSOR =
  /^(cursor|after|starting_after|page_token|pagetoken|next_token|next_page_token|continue|continuation|marker|next|iterator)$/;
/** Response members that say where the next page is: a cursor, a URL or a URI path with its query. */
const NEXT =
  /^(next|next_page|next_page_uri|next_page_url|next_url|next_cursor|next_page_token|next_token|next_link|cursor|continue|iterator)$/;

function queryParam(operation: Operation, pattern: RegExp): Parameter | undefined {
  return operation.parameters.find((p) => p.in === "query" && pattern.test(toSnakeCase(p.name).replaceAll("__", "_")));
}

/** How many `allOf` levels a list is looked for in (a part can be the schema itself, through a `$ref`). */
const MAX_ALLOF_DEPTH = 16;

function isArray(schema: JsonSchema, schemas: SchemaLookup, depth = 0): boolean {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object" || depth > MAX_ALLOF_DEPTH) return false;
  const type = node["type"];
  if (type === "array" || (Array.isArray(type) && type.includes("array"))) return true;
  return Array.isArray(node["allOf"]) && (node["allOf"] as JsonSchema[]).some((b) => isArray(b, schemas, depth + 1));
}

/** An answer's hypermedia links (Mailchimp's `_links` beside `lists`, HAL's `links`): never the records it lists. */
export const LINKS_MEMBER = /^_?links$/i;

/** Whether a member's items are objects: beside links, a record's own list of numbers (Flinkster's area) is no page. */
function listsRecords(body: JsonSchema, name: string, schemas: SchemaLookup): boolean {
  const item = schemaAtPointer(body, [name, "0"], schemas);
  return item.ok && jsonTypes(item.schema, schemas).has("object");
}

/**
 * The list a page holds: the body itself, else its one array member (`/droplets`, `/messages`), links beside it aside
 * (Mailchimp's `{lists: […], _links: […], total_items}` pages `/lists`; a page of records named links lists them).
 */
function listPointer(body: JsonSchema, schemas: SchemaLookup): string | undefined {
  if (isArray(body, schemas)) return "";
  const all = propertyNames(body, schemas).filter((name) => {
    const walked = schemaAtPointer(body, [name], schemas);
    return walked.ok && isArray(walked.schema, schemas);
  });
  const arrays = all.length > 1 ? all.filter((name) => !LINKS_MEMBER.test(name)) : all;
  const [only] = arrays;
  if (arrays.length !== 1 || only === undefined) return undefined;
  return arrays.length === all.length || listsRecords(body, only, schemas) ? `/${escapeToken(only)}` : undefined;
}

/** Whether an object schema holds a list of its own: a next page named inside it is that list's, not the page's. */
const holdsList = (schema: JsonSchema, schemas: SchemaLookup): boolean =>
  propertyNames(schema, schemas).some((name) => {
    const walked = schemaAtPointer(schema, [name], schemas);
    return walked.ok && isArray(walked.schema, schemas);
  });

/**
 * A member naming the next page, at most three levels down (`/next_page_uri`, `/links/pages/next`, `/meta/next_cursor`),
 * never inside a member that holds a list of its own (Spotify's playlist `/tracks/next` pages the tracks, not the
 * playlist's `/images`).
 */
function nextPointer(schema: JsonSchema, schemas: SchemaLookup, prefix = "", depth = 0): string | undefined {
  if (depth > 2) return undefined;
  const names = propertyNames(schema, schemas);
  const direct = names.find((name) => NEXT.test(toSnakeCase(name)));
  if (direct !== undefined) return `${prefix}/${escapeToken(direct)}`;
  for (const name of names) {
    const walked = schemaAtPointer(schema, [name], schemas);
    if (!walked.ok || isArray(walked.schema, schemas) || holdsList(walked.schema, schemas)) continue;
    const found = nextPointer(walked.schema, schemas, `${prefix}/${escapeToken(name)}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Members that hold a page's items whatever the API (Azure's `value`, JSON:API's `data`), as opposed to a record's own lists. */
const PAGE_LIST = /^(value|values|items|data|results|records|entries|elements|content|hits|rows)$/i;

/**
 * A read of one record (its path ends in a parameter) whose only sign of paging is a `next` member in its body: a
 * page only when its list is named as a page's items, not a record's own list (LaunchDarkly's member `customRoles`
 * beside `_links.next`, Amadeus' `warnings` beside `meta.links.next`).
 */
const recordNotPage = (operation: Operation, list: string): boolean =>
  /\}\/?$/.test(operation.path) && list !== "" && !PAGE_LIST.test(list.slice(1));

function hasLinkHeader(operation: Operation): boolean {
  return Object.keys(operation.success?.headers ?? {}).some((h) => h.toLowerCase() === "link");
}

const numberOf = (schema: JsonSchema, key: string): number | undefined =>
  typeof schema === "object" && typeof schema[key] === "number" ? (schema[key] as number) : undefined;

/** A page size's default its description states ("Limits the number of jobs returned, default is 100"). */
const SAID_DEFAULT = /\bdefaults?(?: value)?(?: is| to|:|=)?\s*(\d+)\b/i;

/** The page size the API assumes when none is sent: the schema's `default`, else the one its description states. */
function defaultSizeOf(size: Parameter): number | undefined {
  const declared = numberOf(size.schema, "default");
  if (declared !== undefined) return declared;
  const said = SAID_DEFAULT.exec(size.description ?? "")?.[1];
  const n = said === undefined ? Number.NaN : Number(said);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Words saying a cursor takes an item's id (rev.ai's "before the job with this id", Stripe's "an object ID"). */
const TAKES_ID = /\b(?:ids?|identifier)\b/i;

/**
 * The member of each listed item a cursor takes when the answer names no next page: the item's `id` (a string or an
 * integer), when the cursor's description says it takes an id (rev.ai's `starting_after`: "returns transcription jobs
 * submitted before the job with this id"; Stripe's "`starting_after` is an object ID").
 */
function afterItem(cursor: Parameter, body: JsonSchema, list: string, schemas: SchemaLookup): string | undefined {
  if (!TAKES_ID.test(cursor.description ?? "")) return undefined;
  const id = schemaAtPointer(body, [...pointerTokens(list), "0", "id"], schemas);
  if (!id.ok) return undefined;
  const types = jsonTypes(id.schema, schemas);
  return types.has("string") || types.has("integer") ? "/id" : undefined;
}

/**
 * How an operation pages, from its query parameters (a cursor, an offset or a page number, with a page size) and its
 * success response (the list, and a member or a `Link` header naming the next page, else the item member a cursor
 * takes: see `afterItem`). Undefined without a list or a
 * way to ask for another page.
 */
export function pagingOf(operation: Operation, schemas: SchemaLookup): PagingSpec | undefined {
  const body = operation.success?.contents.find((c) => c.kind === "json")?.schema;
  if (body === undefined) return undefined;
  const list = listPointer(body, schemas);
  if (list === undefined) return undefined;
  const size = queryParam(operation, SIZE);
  const cursor = queryParam(operation, CURSOR);
  const offset = queryParam(operation, OFFSET);
  const page = queryParam(operation, PAGE);
  const next = nextPointer(body, schemas);
  const style = cursor ? "cursor" : offset ? "offset" : page ? "page" : undefined;
  if (style === undefined && !hasLinkHeader(operation) && (next === undefined || recordNotPage(operation, list)))
    return undefined;
  const defaultSize = size === undefined ? undefined : defaultSizeOf(size);
  const maxSize = size === undefined ? undefined : numberOf(size.schema, "maximum");
  const after =
    cursor === undefined || next !== undefined || hasLinkHeader(operation)
      ? undefined
      : afterItem(cursor, body, list, schemas);
  return {
    list,
    ...(style === undefined ? {} : { style }),
    ...(size === undefined ? {} : { size: size.name }),
    ...(page === undefined ? {} : { page: page.name }),
    ...(offset === undefined ? {} : { offset: offset.name }),
    ...(cursor === undefined ? {} : { cursor: cursor.name }),
    ...(defaultSize === undefined ? {} : { defaultSize }),
    ...(maxSize === undefined ? {} : { maxSize }),
    ...(next !== undefined ? { next } : hasLinkHeader(operation) ? { next: "link" } : {}),
    ...(after === undefined ? {} : { after }),
  };
}

/**
 * Whether the operation pages only by a link its answer names: no query parameter asks for another page, and the next
 * page is a `Link` header or a string member that is a link (named or described so, or `format: uri`: Up's `links.next`
 * URL); never a number (Vercel's `pagination.next`, a timestamp the model passes as `until` itself) nor a bare cursor
 * (Stream Chat's search `next`, which the model puts back in its `payload`): the runtime could not follow those, and
 * paging returns the list without the envelope that carries them.
 */
export function pagesByLinkOnly(operation: Operation, paging: PagingSpec, schemas: SchemaLookup): boolean {
  if (paging.style !== undefined || paging.next === undefined) return false;
  if (paging.next === "link") return true;
  const body = operation.success?.contents.find((c) => c.kind === "json")?.schema;
  const walked = body === undefined ? undefined : schemaAtPointer(body, pointerTokens(paging.next), schemas);
  if (!walked?.ok) return false;
  const types = jsonTypes(walked.schema, schemas);
  if (!types.has("string") || types.has("number") || types.has("integer")) return false;
  const node = derefTop(walked.schema, schemas);
  const said = typeof node === "object" ? `${String(node["format"] ?? "")} ${String(node["description"] ?? "")}` : "";
  return /link|ur[il]/i.test(paging.next) || /\b(uri|url|link)\b/i.test(said);
}
