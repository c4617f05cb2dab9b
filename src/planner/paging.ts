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

/** Page-size names, the surest first: Stack Exchange's `pagesize` beside `max` (a bound of its sort, listed first). */
const SIZE_NAMES = ["per_page", "page_size", "pagesize", "limit", "max_results", "max_items", "top", "count", "max"];

/**
 * A bare `size` is the page size only beside a page number or offset, and only as a number (Ticketmaster's `page` and
 * `size`, `default: "20"`), never a choice of words (ExaVault's preview `size`: small, medium, large, beside `page`).
 * So is Solr's `rows` beside its `start` (Monarch's associations): alone, a count of rows may be anything.
 */
const NUMBERED_SIZE_NAMES = [...SIZE_NAMES, "size", "rows"];
const PAGE = /^(page|page_number|pagenumber|page_index)$/;
const OFFSET = /^(offset|skip|start|start_index)$/;
const CURSOR =
  /^(cursor|page_cursor|after|starting_after|page_token|pagetoken|next_token|next_page_token|continue|continuation|marker|next|iterator)$/;
/**
 * Response members that say where the next page is: a cursor, a URL or a URI path with its query; OData's next link
 * (`@odata.nextLink`, v3's `odata.nextLink`: Microsoft Graph's lists, whose `$skip` most collections refuse).
 */
const NEXT =
  /^(next|next_page|next_page_uri|next_page_url|next_url|next_cursor|next_page_token|next_token|next_link|odata_next_link|cursor|continue|iterator)$/;

const snakeName = (p: Parameter): string => toSnakeCase(p.name).replaceAll("__", "_");

function queryParam(operation: Operation, pattern: RegExp): Parameter | undefined {
  return operation.parameters.find((p) => p.in === "query" && pattern.test(snakeName(p)));
}

/** A default written as digits in a string (Ticketmaster's `page` `{type: string, default: "0"}`, `size` `"20"`). */
const digitsOf = (schema: JsonSchema): number | undefined => {
  const value = typeof schema === "object" ? schema["default"] : undefined;
  return typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : undefined;
};

/** Whether a parameter takes a count: no boolean (Graph's `$count`), no list of words; a number or digits. */
function takesCount(parameter: Parameter): boolean {
  const schema = typeof parameter.schema === "object" ? parameter.schema : {};
  const words = Array.isArray(schema["enum"]) && schema["enum"].some((v) => typeof v === "string" && !/^\d+$/.test(v));
  if (words || schema["type"] === "boolean") return false;
  return schema["type"] !== "string" || digitsOf(parameter.schema) !== undefined || snakeName(parameter) !== "size";
}

/**
 * The query parameter taking a count with the first of `names` that one has, whatever the order the spec lists them
 * in (a bare `size` only as a number).
 */
export function queryParamByName(operation: Operation, names: readonly string[]): Parameter | undefined {
  const query = operation.parameters.filter((p) => p.in === "query" && takesCount(p));
  for (const name of names) {
    const found = query.find((p) => snakeName(p) === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * An array (or array-or-null) schema, seen through `$ref`, `allOf` wrappers (`allOf: [{ $ref }, { description }]`) and
 * unions (optimade's `data: {anyOf: [{items: LinksResource}, {items: object}]}`).
 */
export function isArray(schema: JsonSchema, schemas: SchemaLookup): boolean {
  const types = jsonTypes(schema, schemas);
  return types.has("array") && [...types].every((t) => t === "array" || t === "null");
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
  return topList(body, schemas);
}

/** Members that hold a page's items whatever the API (Azure's `value`, JSON:API's `data`), as opposed to a record's own lists. */
const PAGE_LIST = /^(value|values|items|data|results|records|entries|elements|content|hits|rows)$/i;

/**
 * A member wrapping the answer's result (API2Cart's `{return_code, pagination, result: {product: […]}}`, Solr's and
 * NYT Article Search's `{response: {docs: […], meta: {hits}}}`).
 */
const WRAPPED_RESULT = /^(result|data|response)$/i;

/**
 * Members (snake_case) counting every item of a list, whatever page is shown: `total`, `total_count`, Solr's
 * `num_found`, a search's `hits` (NYT Article Search's `response.meta.hits`). The runtime reads the same names
 * (execute/paging.ts `ITEM_TOTAL`).
 */
const ITEM_COUNT = /^(?:total(?:_(?:count|results|items|records|hits|entries|elements|size))?|hits|num_found)$/;

/**
 * Whether an object schema declares a count of items as a number, itself or in an object member holding no list of its
 * own (`meta.hits`; Bungie's `results: {results: […], totalResults}` counts its own list, not the one beside it).
 */
function declaresCount(schema: JsonSchema, schemas: SchemaLookup, depth = 0): boolean {
  return propertyNames(schema, schemas).some((name) => {
    const walked = schemaAtPointer(schema, [name], schemas);
    if (!walked.ok) return false;
    const types = jsonTypes(walked.schema, schemas);
    if (ITEM_COUNT.test(toSnakeCase(name)) && (types.has("integer") || types.has("number"))) return true;
    if (depth > 0 || !types.has("object") || isArray(walked.schema, schemas)) return false;
    return !holdsList(walked.schema, schemas) && declaresCount(walked.schema, schemas, 1);
  });
}

/**
 * The list inside the one object member wrapping the result, for a body that holds no list of its own but names its
 * next page (API2Cart's `/result/product` beside `pagination.next`, its `page_cursor`), or that counts its items beside
 * it and is asked for by page or offset (`counted`: NYT Article Search's `/response/docs` beside `response.meta.hits`,
 * `page` 0–10). Without either, a wrapped list is no sign of paging (DigitalOcean's metrics `data.result` beside a
 * `start` time; a record's own list).
 */
function wrappedList(body: JsonSchema, schemas: SchemaLookup, counted = false): string | undefined {
  const names = propertyNames(body, schemas);
  const wrappers = names.filter((name) => WRAPPED_RESULT.test(name));
  const [wrapper] = wrappers;
  if (wrappers.length !== 1 || wrapper === undefined) return undefined;
  const walked = schemaAtPointer(body, [wrapper], schemas);
  if (!walked.ok || !jsonTypes(walked.schema, schemas).has("object")) return undefined;
  if (counted && !declaresCount(walked.schema, schemas) && !declaresCount(body, schemas)) return undefined;
  const inner = topList(walked.schema, schemas);
  return inner === undefined || inner === "" ? undefined : `/${escapeToken(wrapper)}${inner}`;
}

/**
 * The one array member of an object body, links beside it aside; among several, the one named as a page's items
 * (JSON:API's `data` beside its `errors` and `included`, as optimade's `/links` answers), never another of them.
 */
function topList(body: JsonSchema, schemas: SchemaLookup): string | undefined {
  const all = propertyNames(body, schemas).filter((name) => {
    const walked = schemaAtPointer(body, [name], schemas);
    return walked.ok && isArray(walked.schema, schemas);
  });
  const unlinked = all.length > 1 ? all.filter((name) => !LINKS_MEMBER.test(name)) : all;
  const named = unlinked.filter((name) => PAGE_LIST.test(name));
  const arrays = unlinked.length > 1 && named.length === 1 ? named : unlinked;
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

/**
 * A read of one record (its path ends in a parameter) whose only sign of paging is a `next` member in its body: a
 * page only when its list is named as a page's items, not a record's own list (LaunchDarkly's member `customRoles`
 * beside `_links.next`, Amadeus' `warnings` beside `meta.links.next`).
 */
const recordNotPage = (operation: Operation, list: string): boolean =>
  /\}\/?$/.test(operation.path) && list !== "" && !PAGE_LIST.test(list.slice(1));

/**
 * Words saying a parameter takes a token an earlier answer returned, not a count: Asana's `offset` ("Offset token. An
 * offset to the next page returned by the API … You can only pass in an offset that was returned to you"), or one
 * naming the answer's member that carries it (`next_page.offset`, `next_cursor`).
 */
const TOKEN_SAID =
  /\b(?:token|cursor)\b|\breturned (?:to you )?(?:by|in|from|via) (?:the|a|an) (?:api|previous|prior|last|earlier)\b|\bnext_?(?:page|cursor)\b/i;

/** Whether an offset-named parameter is an opaque token from a previous answer, as its words say (no number). */
function isToken(parameter: Parameter): boolean {
  const types = typeof parameter.schema === "object" ? parameter.schema["type"] : undefined;
  if (types === "integer" || types === "number") return false;
  return TOKEN_SAID.test(parameter.description ?? "");
}

function hasLinkHeader(operation: Operation): boolean {
  return Object.keys(operation.success?.headers ?? {}).some((h) => h.toLowerCase() === "link");
}

const numberOf = (schema: JsonSchema, key: string): number | undefined =>
  typeof schema === "object" && typeof schema[key] === "number" ? (schema[key] as number) : undefined;

/** A default stated in a parameter's words: "Default value is 25.", "(default: 100)", "Defaults to 20". */
const SAID_DEFAULT = /\bdefaults?(?:\s+(?:value|size|page size))?\s*(?:is|to|of|:|=)?\s*(\d+)\b/i;

/** The default of a paging parameter: its schema's (a number, or digits in a string), else its description's. */
export function defaultOf(parameter: Parameter): number | undefined {
  const declared = numberOf(parameter.schema, "default") ?? digitsOf(parameter.schema);
  if (declared !== undefined) return declared;
  const said = SAID_DEFAULT.exec(parameter.description ?? "")?.[1];
  return said === undefined ? undefined : Number(said);
}

/** A page number said to count from zero: "page numbers are 0-based", "zero-indexed", "starts at 0". */
const ZERO_BASED = /\b(?:0|zero)[- ](?:based|indexed)\b|\bstart(?:s|ing)? (?:at|from|with) (?:0|zero)\b/i;

/** Whether a page number counts from 0: its words say so, or its default (the first page) is 0 (Paylocity's). */
const countsFromZero = (page: Parameter): boolean => ZERO_BASED.test(page.description ?? "") || defaultOf(page) === 0;

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

/** A page number or offset that is a number, not a time its words name (ideal-postcodes' usage `start`, a date). */
function countsItems(counter: Parameter): boolean {
  const type = typeof counter.schema === "object" ? counter.schema["type"] : undefined;
  return (type === undefined || type === "integer" || type === "number") && !TIME_SAID.test(counter.description ?? "");
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
  const next = nextPointer(body, schemas);
  const counter = queryParam(operation, OFFSET);
  const countedQuery = [counter, queryParam(operation, PAGE)].some((p) => p !== undefined && countsItems(p));
  const numberedQuery = next === undefined && countedQuery;
  const list =
    listPointer(body, schemas) ??
    (next !== undefined || numberedQuery ? wrappedList(body, schemas, next === undefined) : undefined);
  if (list === undefined) return undefined;
  const cursor = queryParam(operation, CURSOR) ?? (counter !== undefined && isToken(counter) ? counter : undefined);
  const offset = counter === cursor ? undefined : counter;
  const page = queryParam(operation, PAGE);
  const numbered = cursor === undefined && (offset !== undefined || page !== undefined);
  const size = queryParamByName(operation, numbered ? NUMBERED_SIZE_NAMES : SIZE_NAMES);
  const style = cursor ? "cursor" : offset ? "offset" : page ? "page" : undefined;
  if (style === undefined && !hasLinkHeader(operation) && (next === undefined || recordNotPage(operation, list)))
    return undefined;
  const stated = size === undefined ? undefined : defaultOf(size);
  const defaultSize = stated !== undefined && stated > 0 ? stated : undefined;
  const maxSize = size === undefined ? undefined : numberOf(size.schema, "maximum");
  const after =
    cursor === undefined || next !== undefined || hasLinkHeader(operation)
      ? undefined
      : afterItem(cursor, body, list, schemas);
  return {
    list,
    ...(style === undefined ? {} : { style }),
    ...(size === undefined ? {} : { size: size.name }),
    ...(page === undefined ? {} : { page: page.name, ...(countsFromZero(page) ? { firstPage: 0 } : {}) }),
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

/** A counter's words naming a time: Mist's `start` (a string, "start datetime") is no offset. */
const TIME_SAID = /\b(time|date|datetime|epoch|timestamp)\b/i;

/**
 * Whether only a full page says more follow: page-number or offset paging whose answer names no next page (no member,
 * no `Link` header). A caller shown the page cannot tell the last page from a full one (Paylocity's `Get all
 * employees`, 25 a page by default: 25 of 60 employees came back as if they were all), so the runtime says it; a
 * counter that is no number, or that its words call a time (Mist's `start`), counts no items.
 */
export function pagesByCountOnly(operation: Operation, paging: PagingSpec): boolean {
  if (paging.next !== undefined || (paging.style !== "page" && paging.style !== "offset")) return false;
  const name = paging.style === "page" ? paging.page : paging.offset;
  const counter = operation.parameters.find((p) => p.in === "query" && p.name === name);
  if (counter === undefined || TIME_SAID.test(counter.description ?? "")) return false;
  const type = typeof counter.schema === "object" ? counter.schema["type"] : undefined;
  return type === undefined || type === "integer" || type === "number";
}
