// Any projected or default value → the JSON object a tool returns (arrays under `items`, scalars under `result`).
import type { StartedTask, UnfinishedStatus } from "../execute/step.js";
import { codeWord } from "../api-error.js";
import { isJsonLines } from "../http/read-body.js";
import { linksNextPage } from "../execute/paging.js";
import { type Kept, denoise } from "./denoise.js";
import { parseRetryAfter } from "../http/retry.js";

/** A value as a result object: objects as they are, arrays as `{items}`, scalars as `{result}`. */
export function asResultObject(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { items: value };
  if (value !== null && typeof value === "object") return value as Record<string, unknown>;
  return value === undefined ? {} : { result: value };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The denoised body with the lists the API sent empty put back, at its top and in an object at its top (Mux's
 * `{data: []}`, YNAB's `{data: {payees: [], server_knowledge: 3}}`, Telegram's `{ok: true, result: []}`): an empty list
 * there is the answer "none", which the model must see, not noise; deeper ones (a record's `tags: []`) stay dropped.
 * Undefined when nothing is left.
 */
function withEmptyLists(body: unknown, kept: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!isPlainObject(body)) return isPlainObject(kept) ? kept : undefined;
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(body)) {
    const had = isPlainObject(kept) && Object.hasOwn(kept, key) ? kept[key] : undefined;
    const inner = depth === 0 && isPlainObject(value) ? withEmptyLists(value, had, 1) : had;
    const list = inner === undefined && Array.isArray(value) ? [] : inner;
    if (list === undefined) continue;
    if (list !== had) changed = true;
    Object.defineProperty(out, key, { value: list, enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(out).length === 0) return undefined;
  return changed || !isPlainObject(kept) ? out : kept;
}

/** What the model is told of work the API had not finished when it answered. */
const NOT_DONE = "may still fail or take effect later. Do not tell the user it is done; check its state first";
/** The same for a read of the record: what it will produce is not there yet, and reading it again shows its state. */
const READ_NOT_DONE =
  "may still fail; what it produces is not ready. Do not tell the user it is done; read it again later to see it end";

const ACCEPTED_HEAD = "The API accepted the request but had not finished it when it answered (HTTP 202 Accepted)";

/** What an answer without a body says when the API only accepted the request (HTTP 202). */
export const ACCEPTED_NOTE = `${ACCEPTED_HEAD}: it ${NOT_DONE}`;

/** What a 202 to a read says: what it asks for is not made yet, and the same call later answers it. */
const READ_NOT_READY =
  "The API had not made what this read asks for when it answered (HTTP 202 Accepted): it is not ready. Do not tell " +
  "the user you have it or describe it; call this tool again with the same arguments";

/**
 * The note of a 202 Accepted: the work not finished (a write), or for a read what it asks for not ready, to be read
 * again (Billingo's `GET /documents/{id}/download`, 202 "Document PDF has not generated yet"); with the wait its
 * `Retry-After` header asks for, when it gives one.
 */
export function acceptedNote(headers?: AnswerHeaders, read?: boolean): string {
  const ms = parseRetryAfter(headers?.get("retry-after") ?? null, Date.now());
  const wait = ms === undefined ? undefined : Math.ceil(ms / 1000);
  const asked = `${wait} seconds (the API's Retry-After)`;
  if (read === true) return `${READ_NOT_READY} ${wait === undefined ? "later" : `in ${asked}`}`;
  return wait === undefined ? ACCEPTED_NOTE : `${ACCEPTED_NOTE}, and the API asks to wait ${asked} before that`;
}

/** What a bodiless 202 to a read says when its spec documents that answer as none found. */
const noneFoundNote = (documented: string): string =>
  `The API answered HTTP 202 without a body, which it documents as "${documented.trim().replace(/\.$/, "")}": ` +
  "it found none of what this read asks for. Tell the user there are none; do not describe any.";

/** How a 202 to a read is told: not ready (read again later), or none found as its spec documents. */
export interface AcceptedRead {
  readonly read?: true;
  readonly noneFound?: string;
  /** The members whose null or empty string the spec gives a meaning: they stay (see `denoise`). */
  readonly keepEmpty?: readonly string[];
}

/** The member a result gets when the answer's own status says the work is still under way. */
export const IN_PROGRESS_KEY = "_in_progress";

/**
 * The result with `_in_progress` saying the work had not finished when the API answered, when the answer's status
 * says so (Hetzner's `201 {"action": {"status": "running"}}`; a read of the record, Shotstack's render `rendering`, is
 * told to read it again later); the result as is otherwise.
 */
export function withUnfinishedNote(
  result: Record<string, unknown>,
  unfinished: UnfinishedStatus | undefined,
): Record<string, unknown> {
  if (unfinished === undefined) return result;
  const where = unfinished.at.slice(1).split("/").join(".");
  const said = `The answer says ${where} is ${JSON.stringify(unfinished.value)}: `;
  const note =
    unfinished.read === true
      ? `${said}the work it stands for had not finished when the API answered and ${READ_NOT_DONE}.`
      : `${said}the work had not finished when the API answered and ${NOT_DONE}.`;
  return { ...result, [IN_PROGRESS_KEY]: note };
}

/**
 * The result with `_in_progress` saying the API only accepted the work as a background task, when the answer names the
 * task (Stream Chat's `201 {"task_id": "…", "duration": "…"}` to a bulk delete), and with which tool and argument to
 * check it when the toolset has one; the result as is otherwise, or when it already says the work is unfinished.
 */
export function withTaskNote(result: Record<string, unknown>, task: StartedTask | undefined): Record<string, unknown> {
  if (task === undefined || Object.hasOwn(result, IN_PROGRESS_KEY)) return result;
  const where = task.at.slice(1).split("/").join(".");
  const check =
    task.reader === undefined
      ? "check its state first"
      : `check its state first with the tool ${task.reader.tool} (${task.reader.input}: ${JSON.stringify(task.id)})`;
  const note =
    `The API accepted this as a background task (${where} ${JSON.stringify(task.id)}) and had not done it when it ` +
    `answered: the work may still fail or take effect later. Do not tell the user it is done; ${check}.`;
  return { ...result, [IN_PROGRESS_KEY]: note };
}

/** The member a result gets when the answer's headers say it is one page of several and the tool reads only one. */
export const MORE_PAGES_KEY = "_more_pages";

/** Headers giving the page an answer is (Trakt's `X-Pagination-Page`, GitLab's `X-Page`), and how many there are. */
const PAGE_HEADERS = ["x-pagination-page", "x-page", "x-current-page"] as const;
const PAGE_COUNT_HEADERS = ["x-pagination-page-count", "x-total-pages", "x-pagination-pages", "x-page-count"] as const;

const headerNumber = (headers: AnswerHeaders, names: readonly string[]): [string, number] | undefined => {
  for (const name of names) {
    const value = headers.get(name)?.trim();
    if (value !== undefined && /^\d+$/.test(value)) return [name, Number(value)];
  }
  return undefined;
};

/** What the answer's headers say of later pages: a `Link` naming a next page, or a page before the page count. */
function laterPages(headers: AnswerHeaders): string | undefined {
  if (linksNextPage(headers.get("link"))) return 'its Link header names a next page (rel="next")';
  const page = headerNumber(headers, PAGE_HEADERS);
  const count = headerNumber(headers, PAGE_COUNT_HEADERS);
  if (page !== undefined && count !== undefined && page[1] < count[1])
    return `it is page ${page[1]} of ${count[1]} (${page[0]}, ${count[0]})`;
  const next = headers.get("x-next-page")?.trim();
  return next ? `its x-next-page header names page ${next}` : undefined;
}

/** A link member's URL: the string, or an `{href}` object's (HAL, JSON:API); undefined when blank or absent. */
const linkHref = (link: unknown): string | undefined => {
  const href = isPlainObject(link) ? link["href"] : link;
  return typeof href === "string" && href.trim() !== "" ? href : undefined;
};

/**
 * What a list answer's body says of a next page: its hypermedia links (`_links` of HAL, `links` of JSON:API) name
 * one (Reverb's `{"listings": […], "_links": {"next": {"href": "…?page=2"}}}`), beside a list at its top; the links
 * themselves are dropped from the result as noise, so the model would not see it.
 */
function bodyNextPage(body: unknown): string | undefined {
  if (!isPlainObject(body) || !Object.values(body).some(Array.isArray)) return undefined;
  for (const key of ["_links", "links"]) {
    const links = body[key];
    if (isPlainObject(links) && linkHref(links["next"]) !== undefined) return `its ${key}.next names a next page`;
  }
  return undefined;
}

/**
 * What the answer's body says of later pages: a top-level `has_more` (or `hasMore`) of true (Notion's and Stripe's
 * lists), with the `next_cursor` it names, if any.
 */
function morePagesSaid(body: unknown): string | undefined {
  if (!isPlainObject(body)) return undefined;
  const key = ["has_more", "hasMore"].find((k) => body[k] === true);
  if (key === undefined) return undefined;
  const cursor = ["next_cursor", "nextCursor"].find((k) => typeof body[k] === "string" && body[k] !== "");
  return `its ${key} is true${cursor === undefined ? "" : ` (${cursor} ${JSON.stringify(body[cursor])})`}`;
}

/**
 * The result with `_more_pages` when a tool that reads one page (it has no paging of its own) got an answer whose
 * headers say more pages follow (Trakt's `X-Pagination-Page: 1`, `X-Pagination-Page-Count: 5`, undeclared), or
 * whose body's links name a next page ({@link bodyNextPage}) or whose body says so (Notion's `has_more: true`, where
 * the spec gives no `start_cursor` input): the items shown are not all of them. The result as is otherwise.
 */
export function withMorePagesNote(
  result: Record<string, unknown>,
  headers: AnswerHeaders | undefined,
  body?: unknown,
): Record<string, unknown> {
  const said = (headers === undefined ? undefined : laterPages(headers)) ?? bodyNextPage(body) ?? morePagesSaid(body);
  if (said === undefined) return result;
  const note =
    `The API's answer is one page of several: ${said}. The items shown are not all of them; tell the user the list ` +
    "is incomplete and do not say these are all. Call again for a later page only if this tool takes a page input.";
  return { ...result, [MORE_PAGES_KEY]: note };
}

/** The member a result gets when the answer asks for a pause before this method is called again. */
export const BACKOFF_KEY = "_backoff";

/**
 * The result with `_backoff` when the answer's body asks, at its top, for a pause of some seconds before the same
 * method is called again (Stack Exchange's `"backoff": 10` on any answer, which its throttle enforces by refusing the
 * next call early): the raw number says nothing of what it asks. The result as is otherwise.
 */
export function withBackoffNote(result: Record<string, unknown>, body: unknown): Record<string, unknown> {
  const seconds = isPlainObject(body) ? body["backoff"] : undefined;
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) return result;
  const note =
    `The API asks that this tool not be called again for ${Math.ceil(seconds)} second${seconds <= 1 ? "" : "s"} ` +
    "(its backoff): wait that long before the next call of this tool, or the API may refuse it.";
  return { ...result, [BACKOFF_KEY]: note };
}

/** The member a result gets when the answer says its quota of calls is used up. */
export const QUOTA_SPENT_KEY = "_quota_spent";

/** Top-level members an answer counts its calls left in (Stack Exchange's `quota_remaining`), as code words. */
const QUOTA_LEFT =
  /^(?:(?:quota|requests?|calls?|credits?|rate_?limit)_remaining|remaining_(?:quota|requests?|calls?|credits?))$/;

/**
 * The result with `_quota_spent` when the answer's body says, at its top, that no call of its quota is left
 * (Stack Exchange's `"quota_remaining": 0` on a 200): the raw 0 does not say that the next call will be refused.
 */
export function withQuotaSpentNote(result: Record<string, unknown>, body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) return result;
  const member = Object.keys(body).find((key) => QUOTA_LEFT.test(codeWord(key)) && body[key] === 0);
  if (member === undefined) return result;
  const note =
    `The API says this answer used the last call of its quota (\`${member}: 0\`): further calls to this API will ` +
    "likely be refused until the quota resets. Tell the user before making more calls.";
  return { ...result, [QUOTA_SPENT_KEY]: note };
}

/** The result with what the answer's body says of the calls it allows: `_backoff`, then `_quota_spent`. */
export function withCallLimitNotes(result: Record<string, unknown>, body: unknown): Record<string, unknown> {
  return withQuotaSpentNote(withBackoffNote(result, body), body);
}

/** The result {@link emptyAnswer} gives a bodiless 202: its own `done: false` or none-found note says what it is. */
const isEmptyAccepted = (result: Record<string, unknown>): boolean =>
  result["done"] === false || (result["ok"] === true && result["status"] === 202 && typeof result["note"] === "string");

/**
 * The result with `_in_progress` saying the API only accepted the request, when it answered 202 with a body that says
 * nothing more of its progress (Traccar's `POST /commands/send`: 200 "Command sent", 202 "Command queued", both the
 * command): the body alone reads as done. The result as is for any other status, or when it already says the work is
 * unfinished (a note of its own, or the `done: false` of an empty 202) or that a read found none.
 */
export function withAcceptedNote(
  result: Record<string, unknown>,
  status: number | undefined,
  headers?: AnswerHeaders,
  read?: boolean,
): Record<string, unknown> {
  if (status !== 202 || Object.hasOwn(result, IN_PROGRESS_KEY) || isEmptyAccepted(result)) return result;
  return { ...result, [IN_PROGRESS_KEY]: `${acceptedNote(headers, read)}.` };
}

/**
 * Response headers that point at where an accepted request's progress can be read: RFC 9110's `Location`, then the
 * monitors Azure's long-running operations answer (`Operation-Location`, `Azure-AsyncOperation`).
 */
const MONITOR_HEADERS = ["location", "operation-location", "azure-asyncoperation"] as const;

/** The answer's headers, as far as a result needs them. */
export interface AnswerHeaders {
  get(name: string): string | null;
}

/**
 * The default result: the last response body denoised (links to another host than `url`'s stay). An empty list stays
 * `{items: []}` (an answer, not noise), and so does an empty list at the body's top or in an object at its top
 * (`{data: []}`, `{data: {payees: []}}`); a body with nothing
 * left (204, null, `{}`) becomes `{ok: true, status}` with the answer's `location` where it names one (Velo's `201`
 * to a payee batch: the batch to check on is only in its Location header), and a 202 without one says the work is
 * not done yet (`done: false`, a note, and the `location` to check it at when the answer gives one).
 */
export function defaultResult(
  body: unknown,
  status?: number,
  headers?: AnswerHeaders,
  url?: string,
  read?: AcceptedRead,
): Record<string, unknown> {
  const home = requestHost(url);
  const keep = keptOf(read?.keepEmpty);
  if (isJsonLines(body) && body.length > 1) return jsonLinesResult(body, home, keep);
  if (Array.isArray(body)) return { items: denoise(body, home, keep) ?? [] };
  const kept = denoise(body, home, keep);
  const listed = isPlainObject(body) ? withEmptyLists(body, kept) : kept;
  return listed === undefined ? emptyAnswer(status, headers, url, read) : asResultObject(listed);
}

/**
 * The records of a JSON-lines answer with its last record beside them, `{last_record, items}`: a stream's last record
 * is where it ends (Docker's pull: "Status: Downloaded newer image for nginx:latest" after thousands of progress
 * records), and a small member keeps its place when the cap cuts the list's tail.
 */
function jsonLinesResult(records: readonly unknown[], home: string | undefined, keep?: Kept): Record<string, unknown> {
  const last = denoise(records.at(-1), home, keep);
  return { ...(last === undefined ? {} : { last_record: last }), items: denoise(records, home, keep) ?? [] };
}

/** The kept member names as a set, one per list (a step's list is the same object on every call). */
const keptSets = new WeakMap<readonly string[], Kept>();
function keptOf(names: readonly string[] | undefined): Kept | undefined {
  if (names === undefined || names.length === 0) return undefined;
  let set = keptSets.get(names);
  if (set === undefined) keptSets.set(names, (set = new Set(names)));
  return set;
}

/** The host a request URL went to; undefined without one. */
function requestHost(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/**
 * `{ok: true, status}` of an answer without a body, with its `location`; an accepted one (202) is marked not done, a
 * read's with the read's wording (not ready: call again), or as none found where its spec documents the 202 so.
 */
export function emptyAnswer(
  status: number | undefined,
  headers?: AnswerHeaders,
  url?: string,
  read?: AcceptedRead,
): Record<string, unknown> {
  if (status === undefined) return { ok: true };
  const names = status === 202 ? MONITOR_HEADERS : MONITOR_HEADERS.slice(0, 1);
  const location = answerLocation(
    names.map((h) => headers?.get(h) ?? "").find((v) => v.trim() !== ""),
    url,
  );
  const at = location === undefined ? {} : { location };
  if (status !== 202) return { ok: true, status, ...at };
  if (read?.read === true && read.noneFound !== undefined)
    return { ok: true, status, note: noneFoundNote(read.noneFound) };
  const progress =
    location === undefined
      ? ""
      : read?.read === true
        ? " (its progress is at `location`)"
        : ": its progress is at `location`";
  return { ok: true, status, done: false, note: `${acceptedNote(headers, read?.read)}${progress}.`, ...at };
}

/**
 * A Location header's value as an absolute URL (resolved against the URL the request went to), else as sent;
 * undefined when there is none.
 */
export function answerLocation(value: string | undefined, url: string | undefined): string | undefined {
  const location = value?.trim();
  if (location === undefined || location === "") return undefined;
  if (url === undefined) return location;
  try {
    return new URL(location, url).href;
  } catch {
    return location;
  }
}
