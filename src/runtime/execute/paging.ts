// A paged listing step's request and answer → the next page's query, and a continuation that resumes after a cut.
import { Buffer } from "node:buffer";
import { resolvePointer } from "../expressions/index.js";
import { escapeToken, pointerTokens } from "../expressions/pointer.js";
import type { PagingSpec, ParamSpec } from "../types.js";
import type { CompiledStep } from "./compile.js";
import { wrappedListPointer } from "../returns/wrapped-list.js";

/** Where to read on: the query parameters of the page to ask for, and how many of its items were already shown. */
export interface Continuation {
  readonly query: Readonly<Record<string, string>>;
  readonly skip: number;
  /** Whether the API named this page by a Link header: a page it names none after is then the last. */
  readonly linked?: boolean;
}

/** The opaque token a result carries: base64url JSON, never shortened. */
export function encodeContinuation(continuation: Continuation): string {
  const { query: q, skip: s, linked } = continuation;
  return Buffer.from(JSON.stringify({ q, s, ...(linked ? { l: 1 } : {}) }), "utf8").toString("base64url");
}

/** A token back into a continuation; undefined for anything this runtime did not make. */
export function decodeContinuation(token: string): Continuation | undefined {
  try {
    const raw = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as { q?: unknown; s?: unknown; l?: 1 };
    const query = raw.q;
    if (query === null || typeof query !== "object" || Array.isArray(query)) return undefined;
    if (!Object.values(query).every((v) => typeof v === "string")) return undefined;
    if (typeof raw.s !== "number" || !Number.isInteger(raw.s) || raw.s < 0) return undefined;
    return { query: query as Record<string, string>, skip: raw.s, ...(raw.l === 1 ? { linked: true } : {}) };
  } catch {
    return undefined;
  }
}

/** The step with these query parameters sent as given (replacing its own bindings of the same names). */
export function withQuery(step: CompiledStep, query: Readonly<Record<string, string>>): CompiledStep {
  const names = new Set(Object.keys(query));
  const kept = step.params.filter((p) => !(p.spec.in === "query" && names.has(p.spec.name)));
  const given = Object.entries(query).map(([name, value]) => {
    const own = step.spec.params.find((p) => p.in === "query" && p.name === name);
    const spec: ParamSpec = own ?? {
      name,
      in: "query",
      required: false,
      value: { kind: "literal", value },
      style: "form",
      explode: true,
      allowReserved: false,
    };
    return { spec, value: () => value };
  });
  return { ...step, params: [...kept, ...given] };
}

/** The query a request URL carried. */
export function queryOf(url: string | undefined): Record<string, string> {
  if (url === undefined) return {};
  try {
    return Object.fromEntries(new URL(url, "http://x").searchParams);
  } catch {
    return {};
  }
}

/** The `rel="next"` target of a Link header (RFC 8288). */
function linkNext(header: string | null): string | undefined {
  for (const part of (header ?? "").split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2] ?? "")) return match[1];
  }
  return undefined;
}

/** Whether an answer's Link header value names a next page (`rel="next"`), whatever the spec declares. */
export function linksNextPage(link: unknown): boolean {
  const next = typeof link === "string" ? linkNext(link) : undefined;
  return next !== undefined && next !== "";
}

/** Members (lower case, no `_` or `-`) whose `true` says more pages follow: Stripe's `has_more`, Jira's `hasMore`. */
const MORE_FOLLOWS: ReadonlySet<string> = new Set([
  "hasmore",
  "more",
  "hasnext",
  "hasnextpage",
  "moreresults",
  "hasmoreitems",
  "hasmoreresults",
  "moreavailable",
  "istruncated",
  "truncated",
]);

/** Members whose `false` says more pages follow: Svix's `done`, Jira's `isLast`, Spring's `last`. */
const LAST_PAGE: ReadonlySet<string> = new Set(["done", "islast", "islastpage", "lastpage", "last"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether one object's boolean members say more pages follow (`has_more: true`, `done: false`). */
function flagsMorePages(object: Record<string, unknown>): boolean {
  return Object.entries(object).some(([name, value]) => {
    const key = flatName(name);
    return (value === true && MORE_FOLLOWS.has(key)) || (value === false && LAST_PAGE.has(key));
  });
}

/** Whether one object's boolean members say this is the last page (`has_more: false`, `done: true`). */
function flagsLastPage(object: Record<string, unknown>): boolean {
  return Object.entries(object).some(([name, value]) => {
    const key = flatName(name);
    return (value === false && MORE_FOLLOWS.has(key)) || (value === true && LAST_PAGE.has(key));
  });
}

/**
 * Whether an answer's body says it is the last page (Svix's `done: true` beside an `iterator` it still sends), at its
 * top or in an object at its top: a cursor it names then leads nowhere.
 */
function bodySaysLastPage(body: unknown): boolean {
  if (!isRecord(body)) return false;
  return flagsLastPage(body) || Object.values(body).some((value) => isRecord(value) && flagsLastPage(value));
}

/**
 * Whether an answer's body says more pages follow, whatever the spec declares: a boolean at its top or in an object at
 * its top (`{data, done: false}`, `{values, isLast: false}`, `{items, meta: {has_more: true}}`).
 */
export function bodySaysMorePages(body: unknown): boolean {
  if (!isRecord(body)) return false;
  return flagsMorePages(body) || Object.values(body).some((value) => isRecord(value) && flagsMorePages(value));
}

/**
 * OData's next link (`@odata.nextLink`, v3's `odata.nextLink`, Azure's `nextLink`): an answer that leaves out part of
 * the list must carry it, so one without it is the last page.
 */
const ODATA_NEXT = /^\/(?:@?odata\.nextLink|nextLink)$/;

/**
 * What one answer says of the page after it: `more` (a Link header naming a next page, a flag such as `has_more: true`,
 * or a non-empty value where the spec names the next page), `last` (a flag such as `has_more: false`, no `rel="next"`
 * where the spec pages by Link header, `null` or `""` where it names the next page: Twilio's `next_page_uri: null`, or
 * no OData next link),
 * else `unknown` (a member the answer leaves out says nothing).
 */
export function pageAfter(
  next: string | undefined,
  answer: { body: unknown; link: unknown },
): "more" | "last" | "unknown" {
  if (linksNextPage(answer.link) || bodySaysMorePages(answer.body)) return "more";
  if (bodySaysLastPage(answer.body)) return "last";
  if (next === "link") return "last";
  if (next === undefined) return "unknown";
  const named = resolvePointer(answer.body, pointerTokens(next));
  if (named === null || named === "" || (named === undefined && ODATA_NEXT.test(next))) return "last";
  return typeof named === "string" || typeof named === "number" ? "more" : "unknown";
}

/**
 * The paging of one answer: as planned, else, where the planned list is the whole body and the answer is an object
 * wrapping it (see `wrappedListPointer`), with the list where the answer holds it.
 */
export function pagingOfAnswer(paging: PagingSpec, body: unknown): PagingSpec {
  if (paging.list !== "" || Array.isArray(body)) return paging;
  const list = wrappedListPointer(body);
  return list === undefined ? paging : { ...paging, list };
}

/**
 * Members (lower case, no `_` or `-`) giving the page this is and how many there are: Billbee's `Paging.Page`,
 * `TotalPages`.
 */
const PAGE_NUMBER: ReadonlySet<string> = new Set(["page", "currentpage", "pagenumber", "pagenum"]);
const PAGE_TOTAL: ReadonlySet<string> = new Set(["totalpages", "pagecount", "lastpage", "numpages", "numberofpages"]);

/** The page number and the page count one object states, when it states both as integers. */
function pagesIn(object: Record<string, unknown>): { page: number; total: number } | undefined {
  let page: number | undefined;
  let total: number | undefined;
  for (const [name, value] of Object.entries(object)) {
    if (typeof value !== "number" || !Number.isInteger(value)) continue;
    const key = flatName(name);
    if (PAGE_NUMBER.has(key)) page = value;
    if (PAGE_TOTAL.has(key)) total = value;
  }
  return page === undefined || total === undefined ? undefined : { page, total };
}

/**
 * The page number and page count an answer's body states, at its top or in an object at its top (Billbee's `{Paging:
 * {Page: 1, TotalPages: 3}, Data}`, Laravel's `meta: {current_page, last_page}`).
 */
function bodyPages(body: unknown): { page: number; total: number } | undefined {
  return isRecord(body) ? atTopOrOneDown(body, pagesIn) : undefined;
}

/** What `read` finds in an object, else in the first object at its top where it finds something. */
function atTopOrOneDown<T>(object: Record<string, unknown>, read: (o: Record<string, unknown>) => T | undefined) {
  return (
    read(object) ??
    Object.values(object)
      .filter(isRecord)
      .map(read)
      .find((found) => found !== undefined)
  );
}

/** A member's name as paging words are listed: lower case, no `_` or `-` (`total_count`, `TotalPages`). */
const flatName = (name: string): string => name.toLowerCase().replaceAll(/[_-]/g, "");

/**
 * Members (lower case, no `_` or `-`) giving how many items the whole list holds: Listen Notes' `total`, Spring's
 * `totalElements`, `total_count`, `totalResults`, a search's `hits` (NYT's), Solr's `numFound`.
 */
const ITEM_TOTAL: ReadonlySet<string> = new Set([
  "total",
  "totalcount",
  "totalresults",
  "totalitems",
  "totalrecords",
  "totalhits",
  "totalentries",
  "totalelements",
  "totalsize",
  "hits",
  "numfound",
]);

/** The item count one object states as a non-negative integer, when it states exactly one. */
function itemTotalIn(object: Record<string, unknown>): number | undefined {
  const totals = Object.entries(object).filter(
    ([name, value]) =>
      typeof value === "number" && Number.isInteger(value) && value >= 0 && ITEM_TOTAL.has(flatName(name)),
  );
  return totals.length === 1 ? (totals[0]![1] as number) : undefined;
}

/** Members (lower case, no `_` or `-`) of a listed item holding the list's paging facts, not the item's own. */
const ITEM_META: ReadonlySet<string> = new Set(["meta", "metadata", "pagination", "paging", "pageinfo"]);

/**
 * The item count an answer states: at its top or in an object at its top, else in an object holding the list or one at
 * its top (NYT Article Search's `response.meta.hits` beside `response.docs`), else in the paging facts its first
 * listed item carries (Visma.net's bare array whose items each hold `metadata: {totalCount, maxPageSize}`).
 */
function bodyTotal(body: unknown, list: string): number | undefined {
  const total = isRecord(body) ? atTopOrOneDown(body, itemTotalIn) : undefined;
  if (total !== undefined) return total;
  const tokens = pointerTokens(list);
  for (let depth = 1; depth < tokens.length; depth++) {
    const holder = resolvePointer(body, tokens.slice(0, depth));
    const inner = isRecord(holder) ? atTopOrOneDown(holder, itemTotalIn) : undefined;
    if (inner !== undefined) return inner;
  }
  const items = resolvePointer(body, tokens);
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  if (!isRecord(first)) return undefined;
  return Object.entries(first)
    .filter(([name, value]) => ITEM_META.has(flatName(name)) && isRecord(value))
    .map(([, value]) => itemTotalIn(value as Record<string, unknown>))
    .find((t) => t !== undefined);
}

/** The offset of the page's first item and the item count one object states together (`{hits: 1234, offset: 10}`). */
function windowIn(object: Record<string, unknown>): { offset: number; total: number } | undefined {
  const total = itemTotalIn(object);
  const offset = Object.entries(object).find(
    ([name, value]) =>
      typeof value === "number" &&
      Number.isInteger(value) &&
      value >= 0 &&
      ["offset", "start"].includes(flatName(name)),
  )?.[1] as number | undefined;
  return total === undefined || offset === undefined ? undefined : { offset, total };
}

/**
 * Where the page stands in the whole list, as its body states it in one object beside the count: at its top, one
 * down, or in an object holding the list or one at its top (NYT Article Search's `response.meta: {hits, offset}`;
 * Solr's `response: {numFound, start}`).
 */
function bodyWindow(body: unknown, list: string): { offset: number; total: number } | undefined {
  const tokens = pointerTokens(list);
  for (let depth = 0; depth < Math.max(1, tokens.length); depth++) {
    const holder = resolvePointer(body, tokens.slice(0, depth));
    const found = isRecord(holder) ? atTopOrOneDown(holder, windowIn) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Headers giving how many items the whole list holds (Gitea's and Netlify's `X-Total-Count`). */
const TOTAL_HEADERS = ["x-total-count", "x-total", "x-pagination-total-count", "x-total-results"] as const;

/** The item count an answer states in its body (see `bodyTotal`), else in a header. */
function answerTotal(answer: { readonly body: unknown; readonly headers: Headers }, list: string): number | undefined {
  const said = bodyTotal(answer.body, list);
  if (said !== undefined) return said;
  const header = TOTAL_HEADERS.map((name) => answer.headers.get(name)?.trim()).find((v) => v !== undefined && v !== "");
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/**
 * Whether an answer's body says the `seen` items (those before this page and this page's `listed`) are all there are:
 * its item count (see `bodyTotal`) is at most `seen`, at least the items before this page and at least `listed` (a
 * money `total` of 5 beside 10 items listed is no count: then nothing is said).
 */
function bodyTotalReached(body: unknown, list: string, seen: number, listed: number): boolean {
  const total = bodyTotal(body, list);
  return total !== undefined && total >= seen - listed && total <= seen && total >= listed;
}

const looksLikeUrl = (value: string): boolean => value.startsWith("/") || /^https?:\/\//i.test(value);

/**
 * A next page named by an object (Asana's `next_page: {offset, path, uri}`): its member named as the cursor
 * parameter, else its link.
 */
function nextOf(named: unknown, cursor: string | undefined): unknown {
  if (!isRecord(named)) return named;
  const token = cursor === undefined ? undefined : named[cursor];
  if ((typeof token === "string" && token !== "") || typeof token === "number") return token;
  return ["uri", "url", "href", "link", "path"].map((k) => named[k]).find((v) => typeof v === "string" && v !== "");
}

/** A member naming the next page at an answer's top that the spec left out (Asana's `next_page`). */
const UNDECLARED_NEXT = /^(?:@odata\.)?next(?:_?(?:page|cursor|token|link|url|uri|page_?token))?$/i;

/**
 * Where a cursor's next value is: the member the spec declares, else, for a cursor taking a token of the previous
 * answer that the spec declares no member for, a next-page member found at the answer's top or in its paging object.
 */
export function nextPointerOf(paging: PagingSpec, body: unknown): string | undefined {
  if (paging.next !== undefined || paging.style !== "cursor" || paging.after !== undefined) return paging.next;
  return isRecord(body) ? undeclaredNext(body) : undefined;
}

/** Objects at an answer's top holding its paging facts (Slack's `response_metadata`, `meta`, JSON:API's `links`). */
const PAGING_META: ReadonlySet<string> = new Set([
  "responsemetadata",
  "meta",
  "metadata",
  "pagination",
  "paging",
  "pageinfo",
  "links",
]);

/**
 * A next-page member at an answer's top, else in one of its paging objects (Slack's `conversations.history`, whose
 * spec declares `has_more` but not the `response_metadata.next_cursor` its answers carry).
 */
function undeclaredNext(body: Record<string, unknown>): string | undefined {
  const top = Object.keys(body).find((k) => UNDECLARED_NEXT.test(k));
  if (top !== undefined) return `/${escapeToken(top)}`;
  for (const [name, value] of Object.entries(body)) {
    if (!isRecord(value) || !PAGING_META.has(flatName(name))) continue;
    const inner = Object.keys(value).find((k) => UNDECLARED_NEXT.test(k));
    if (inner !== undefined) return `/${escapeToken(name)}/${escapeToken(inner)}`;
  }
  return undefined;
}

/** What the API says about the next page: the query of its URL, a cursor value, or nothing (the last page). */
function namedNext(
  paging: PagingSpec,
  sent: Readonly<Record<string, string>>,
  answer: { readonly body: unknown; readonly headers: Headers },
): Record<string, string> | undefined {
  const pointer = nextPointerOf(paging, answer.body);
  const named =
    pointer === "link"
      ? linkNext(answer.headers.get("link"))
      : pointer === undefined
        ? undefined
        : nextOf(resolvePointer(answer.body, pointerTokens(pointer)), paging.cursor);
  if (pointer !== "link" && bodySaysLastPage(answer.body)) return undefined;
  if (typeof named === "number")
    return paging.cursor === undefined ? undefined : { ...sent, [paging.cursor]: String(named) };
  if (typeof named !== "string" || named === "") return undefined;
  if (looksLikeUrl(named)) return queryOf(named);
  return paging.cursor === undefined ? undefined : { ...sent, [paging.cursor]: named };
}

const count = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The page number asked for (the first page when none was), counted from `paging.firstPage` (else 1). */
function pageAt(paging: PagingSpec, value: string | undefined): number {
  const first = paging.firstPage ?? 1;
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= first ? n : first;
}

/** The page size the request asked for, else the API's default. */
function sizeOf(paging: PagingSpec, sent: Readonly<Record<string, string>>): number | undefined {
  const given = paging.size === undefined ? undefined : sent[paging.size];
  return given === undefined ? paging.defaultSize : count(given, paging.defaultSize ?? 0) || undefined;
}

/**
 * The page after the last listed item, for a cursor that takes an item's id (rev.ai's `starting_after`, Stripe's):
 * asked for when the body says more follow (`has_more: true`) or the page was full, never when it says this is the
 * last (`has_more: false`) or the last item has no id.
 */
function afterLastItem(
  paging: PagingSpec,
  sent: Readonly<Record<string, string>>,
  answer: { readonly body: unknown; readonly listed: number },
): Record<string, string> | undefined {
  if (paging.cursor === undefined || paging.after === undefined || bodySaysLastPage(answer.body)) return undefined;
  const size = sizeOf(paging, sent);
  if (!bodySaysMorePages(answer.body) && (size === undefined || answer.listed < size)) return undefined;
  const list = resolvePointer(answer.body, pointerTokens(paging.list));
  const id = Array.isArray(list) ? resolvePointer(list.at(-1), pointerTokens(paging.after)) : undefined;
  const named = (typeof id === "string" && id !== "") || (typeof id === "number" && Number.isFinite(id));
  return named ? { ...sent, [paging.cursor]: String(id) } : undefined;
}

/**
 * The query of the page after this one: as the API names it (a next URL, cursor or Link header), else as a Link header
 * the spec never declared names it (Gitea's and Netlify's lists: `page`/`limit` with no default size, a `Link:
 * <…?page=2>; rel="next"` on every page), else, for a cursor that takes an item's id, the page after the last item
 * (see `afterLastItem`), else, for page-number paging whose body states its page and the page count
 * (Billbee's `Paging: {Page, TotalPages}`, no default page size), the page after it while there is one, else, for
 * page-number paging whose body states the offset of its first item beside the count (NYT Article Search's
 * `response.meta: {hits, offset}`), the next page while items follow this one, else, for
 * page-number and offset paging, the next page when this one was full, unless the body's item count says every item
 * was listed (Listen Notes' search: 10 of `total: 20` at offset 10). Undefined: this was the last page.
 */
export function nextQuery(
  paging: PagingSpec,
  sent: Readonly<Record<string, string>>,
  answer: { readonly body: unknown; readonly headers: Headers; readonly listed: number },
): Record<string, string> | undefined {
  if (nextPointerOf(paging, answer.body) !== undefined) return namedNext(paging, sent, answer);
  const linked = linkNext(answer.headers.get("link"));
  if (linked !== undefined && linked !== "") return queryOf(linked);
  if (paging.after !== undefined && paging.cursor !== undefined) return afterLastItem(paging, sent, answer);
  const pages = paging.style === "page" && paging.page !== undefined ? bodyPages(answer.body) : undefined;
  if (pages !== undefined && paging.page !== undefined)
    return pages.page < pages.total ? { ...sent, [paging.page]: String(pages.page + 1) } : undefined;
  const window = paging.style === "page" && answer.listed > 0 ? bodyWindow(answer.body, paging.list) : undefined;
  if (window !== undefined && paging.page !== undefined && window.total >= answer.listed)
    return window.offset + answer.listed < window.total
      ? { ...sent, [paging.page]: String(pageAt(paging, sent[paging.page]) + 1) }
      : undefined;
  const size = sizeOf(paging, sent);
  if (size === undefined) return unsizedNext(paging, sent, answer);
  if (answer.listed < size) return shortPageNext(paging, sent, answer);
  if (paging.style === "page" && paging.page !== undefined) {
    const page = pageAt(paging, sent[paging.page]);
    const before = (page - (paging.firstPage ?? 1)) * size;
    if (bodyTotalReached(answer.body, paging.list, before + answer.listed, answer.listed)) return undefined;
    return { ...sent, [paging.page]: String(page + 1) };
  }
  if (paging.style === "offset" && paging.offset !== undefined) {
    const seen = count(sent[paging.offset], 0) + answer.listed;
    const reached = bodyTotalReached(answer.body, paging.list, seen, answer.listed);
    return reached ? undefined : { ...sent, [paging.offset]: String(seen) };
  }
  return undefined;
}

/**
 * The page after a short one at an offset, when the body's item count says more items follow it (Giphy's search:
 * `limit` 25 asked, 3 listed, `pagination: {total_count: 7, offset: 0}`; an API that caps its page below the size asked
 * answers so too): the offset after it. A short page with no count, or one reaching the count, is the last. Not for
 * page numbers: the next page at the size asked would skip what this one left out.
 */
function shortPageNext(
  paging: PagingSpec,
  sent: Readonly<Record<string, string>>,
  answer: { readonly body: unknown; readonly listed: number },
): Record<string, string> | undefined {
  if (paging.style !== "offset" || paging.offset === undefined || answer.listed === 0) return undefined;
  const seen = count(sent[paging.offset], 0) + answer.listed;
  const total = bodyTotal(answer.body, paging.list);
  return total !== undefined && total > seen && total >= answer.listed
    ? { ...sent, [paging.offset]: String(seen) }
    : undefined;
}

/**
 * The page after one whose size nobody knows (none sent, no default in the spec: Visma.net's `pageNumber`/`pageSize`),
 * when its item count (in its body, see `bodyTotal`, or an `X-Total-Count` header) says more items follow: for offset
 * paging the offset after it; for page-number paging, from the first page only (which then was cut at the API's own
 * size), the next page with that size sent on (the items it listed) so later pages and a resume count exactly.
 * Undefined when no count settles it (see `mayHaveMore`).
 */
function unsizedNext(
  paging: PagingSpec,
  sent: Readonly<Record<string, string>>,
  answer: { readonly body: unknown; readonly headers: Headers; readonly listed: number },
): Record<string, string> | undefined {
  const total = answer.listed === 0 ? undefined : answerTotal(answer, paging.list);
  if (total === undefined) return undefined;
  if (paging.style === "offset" && paging.offset !== undefined) {
    const seen = count(sent[paging.offset], 0) + answer.listed;
    return total > seen ? { ...sent, [paging.offset]: String(seen) } : undefined;
  }
  if (paging.style !== "page" || paging.page === undefined) return undefined;
  const page = pageAt(paging, sent[paging.page]);
  if (page !== (paging.firstPage ?? 1) || total <= answer.listed) return undefined;
  const sized = paging.size === undefined ? {} : { [paging.size]: String(answer.listed) };
  return { ...sent, ...sized, [paging.page]: String(page + 1) };
}

/** Whether a body names no next page where it would: a null `next…` member at its top (Asana's `next_page`). */
const namesNoNext = (body: unknown): boolean =>
  isRecord(body) && Object.entries(body).some(([k, v]) => /^(?:@odata\.)?next/i.test(k) && (v === null || v === ""));

/**
 * The page after one that may not be the last though nothing says so: page-number or offset paging with no size sent
 * nor known, a page that listed something, no Link header (an API that links its pages names the next one), no
 * last-page flag nor null `next…` member in the answer, and no item count (a
 * full page could have been cut at the API's size, a short one is the last: no one can tell), or, past the first page,
 * a count above the pages read times this page's items (this page was full, or short and the last). Undefined
 * otherwise: a count settles it (see `unsizedNext`).
 */
export function mayHaveMore(
  paging: PagingSpec,
  sent: Readonly<Record<string, string>>,
  answer: { readonly body: unknown; readonly headers: Headers; readonly listed: number },
): Record<string, string> | undefined {
  if (answer.listed === 0 || paging.next !== undefined || sizeOf(paging, sent) !== undefined) return undefined;
  if (answer.headers.has("link") || bodySaysLastPage(answer.body) || namesNoNext(answer.body)) return undefined;
  if (bodyPages(answer.body) !== undefined) return undefined;
  if (paging.style === "page" && bodyWindow(answer.body, paging.list) !== undefined) return undefined;
  const total = answerTotal(answer, paging.list);
  if (paging.style === "offset" && paging.offset !== undefined)
    return total === undefined
      ? { ...sent, [paging.offset]: String(count(sent[paging.offset], 0) + answer.listed) }
      : undefined;
  if (paging.style !== "page" || paging.page === undefined) return undefined;
  const page = pageAt(paging, sent[paging.page]);
  const pages = page - (paging.firstPage ?? 1) + 1;
  return total === undefined || (pages > 1 && total > pages * answer.listed)
    ? { ...sent, [paging.page]: String(page + 1) }
    : undefined;
}

/** The largest divisor of `n` that is at most `limit` (1 at least). */
function divisorAtMost(n: number, limit: number): number {
  for (let d = Math.max(1, Math.min(limit, n)); d > 1; d--) if (n % d === 0) return d;
  return 1;
}

/**
 * Where to read on after `consumed` items of the page `sent` asked for were shown (`shown` of them in this result):
 * page-number paging asks for the page that starts exactly there with a page size that fits what was shown
 * (DigitalOcean: 15 of page 1 shown → per_page 15, page 2); offset paging moves the offset; a cursor re-reads its
 * page and skips what was shown.
 */
export function resumeAfter(
  paging: PagingSpec,
  sent: Readonly<Record<string, string>>,
  { consumed, shown }: { readonly consumed: number; readonly shown: number },
): Continuation {
  const size = sizeOf(paging, sent);
  if (paging.style === "page" && paging.page !== undefined && paging.size !== undefined && size !== undefined) {
    const first = paging.firstPage ?? 1;
    const before = (pageAt(paging, sent[paging.page]) - first) * size + consumed;
    if (before === 0) return { query: sent, skip: 0 };
    const fits = divisorAtMost(before, Math.min(Math.max(1, shown), paging.maxSize ?? Number.MAX_SAFE_INTEGER));
    return { query: { ...sent, [paging.size]: String(fits), [paging.page]: String(before / fits + first) }, skip: 0 };
  }
  if (paging.style === "offset" && paging.offset !== undefined)
    return { query: { ...sent, [paging.offset]: String(count(sent[paging.offset], 0) + consumed) }, skip: 0 };
  return { query: sent, skip: consumed };
}
