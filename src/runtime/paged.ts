// A data tool whose last step lists a page → its run with a continuation, pages read on up to a goal's bound, and the
// capped result with `_continuation` (whole) and a `_truncated` note saying more items exist.
import { resolvePointer } from "./expressions/index.js";
import { pointerTokens } from "./expressions/pointer.js";
import type { CompiledTool } from "./execute/compile.js";
import {
  decodeContinuation,
  encodeContinuation,
  bodySaysMorePages,
  linksNextPage,
  mayHaveMore,
  nextPointerOf,
  nextQuery,
  pagingOfAnswer,
  queryOf,
  resumeAfter,
  withQuery,
  type Continuation,
} from "./execute/paging.js";
import { executeTool, type Execution } from "./execute/run.js";
import type { StepEnv, StepResponse } from "./execute/step.js";
import { setAtPointer } from "./execute/values.js";
import { capResult, type CapOptions } from "./returns/cap.js";
import { defaultResult, withCallLimitNotes } from "./returns/shape.js";
import { utf8Bytes } from "./returns/size.js";
import type { PagingSpec } from "./types.js";

/** The input a paged tool takes to read on. */
export const CONTINUATION_INPUT = "continuation";

const MORE =
  "more items exist: call again with `continuation` set to `_continuation` to read on exactly after the last item " +
  "shown";

/** The note when nothing says whether a page of unknown size was the last. */
const MAY_BE_MORE =
  "more items may exist (the API did not say how many items a page holds nor how many there are, so this page may " +
  "have been cut at its size): do not tell the user these are all; call again with `continuation` set to " +
  "`_continuation` to read on (an empty list then means there are no more)";

/** The paging of a tool whose result is its last step's list: every step reads, no projection. */
export function pagingOfTool(tool: CompiledTool): PagingSpec | undefined {
  const last = tool.steps.at(-1);
  if (last === undefined || tool.projection !== undefined || !tool.steps.every((s) => s.spec.readOnly))
    return undefined;
  return last.spec.paging;
}

/** The tool with its last step asking for `query`. */
function resumed(tool: CompiledTool, query: Readonly<Record<string, string>>): CompiledTool {
  const steps = tool.steps.map((step, i) => (i === tool.steps.length - 1 ? withQuery(step, query) : step));
  return { ...tool, steps };
}

/** Pages one call reads at most, whatever `max_items` says: a bound on calls and on an API naming one page again. */
const MAX_PAGES = 50;

const sameQuery = (a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>>): boolean =>
  a !== undefined && JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** One listed item and the page it came from (the query sent, its index there). */
interface Listed {
  readonly item: unknown;
  readonly query: Readonly<Record<string, string>>;
  readonly index: number;
}

interface Pages {
  readonly execution: Extract<Execution, { ok: true }>;
  readonly last: StepResponse;
  readonly listed: readonly Listed[];
  /** The query of the page after the last one read, if there is one. */
  readonly next?: Readonly<Record<string, string>>;
  /** Whether `next` is only a page that may exist (see `mayHaveMore`), the body not saying more follow (`has_more`). */
  readonly unsure?: boolean;
  /** Whether the API named a page by a Link header (this call's or the continuation's): see `Continuation.linked`. */
  readonly linked?: boolean;
  /** The paging of the last answer (its list where the answer holds it: see `pagingOfAnswer`). */
  readonly paging: PagingSpec;
}

function listOf(body: unknown, paging: PagingSpec): unknown[] {
  const list = resolvePointer(body, pointerTokens(paging.list));
  return Array.isArray(list) ? list : [];
}

/** Reads the page the continuation names (skipping what was shown), then pages on while the goal's bound allows. */
async function readPages(
  tool: CompiledTool,
  paging: PagingSpec,
  run: { args: Record<string, unknown>; env: StepEnv; from?: Continuation },
): Promise<Pages | Extract<Execution, { ok: false }>> {
  const bound = paging.maxItems ?? 0;
  const listed: Listed[] = [];
  let query = run.from?.query;
  let skip = run.from?.skip ?? 0;
  let linked = run.from?.linked === true;
  for (let read = 1; ; read++) {
    const execution = await executeTool(query === undefined ? tool : resumed(tool, query), run.args, run.env);
    if (!execution.ok) return execution;
    const last = execution.last;
    if (last === undefined)
      return { execution, last: { status: 200, headers: new Headers(), body: undefined }, listed, paging };
    const sent = queryOf(last.url);
    const here = pagingOfAnswer(paging, last.body);
    const items = listOf(last.body, here);
    items.forEach((item, index) => {
      if (index >= skip) listed.push({ item, query: sent, index });
    });
    const answer = { body: last.body, headers: last.headers, listed: items.length };
    linked ||= linksNextPage(last.headers.get("link"));
    const named = nextQuery(here, sent, answer);
    const maybe = named === undefined && !linked ? mayHaveMore(here, sent, answer) : undefined;
    const sure = named ?? (bodySaysMorePages(last.body) ? maybe : undefined);
    const next = sure ?? maybe;
    const done = listed.length >= bound || read >= MAX_PAGES || sameQuery(next, sent);
    if (next === undefined || done)
      return {
        execution,
        last,
        listed,
        paging: here,
        ...(next ? { next, unsure: !sure } : {}),
        ...(linked ? { linked } : {}),
      };
    query = next;
    skip = 0;
  }
}

/**
 * The last page's body with the list as shown and the next-page member left out when the continuation carries it or
 * it names no page; one the listing could not ask for (a bare cursor with no cursor parameter: Square's search
 * `cursor`, sent back in the body) stays. A body holding something else where the list belongs (a record where
 * Asana's spec says `data` lists tasks) is shown as it came, never as an empty list.
 */
function shownBody(body: unknown, paging: PagingSpec, items: readonly unknown[], followed: boolean): unknown {
  const found = resolvePointer(body, pointerTokens(paging.list));
  if (found !== undefined && found !== null && !Array.isArray(found)) return body;
  const withList = setAtPointer(body, pointerTokens(paging.list), items);
  const next = nextPointerOf(paging, body);
  if (next === undefined || next === "link") return withList;
  const tokens = pointerTokens(next);
  const named = resolvePointer(withList, tokens);
  if (!followed && named !== undefined && named !== null && named !== "") return withList;
  const parent = resolvePointer(withList, tokens.slice(0, -1));
  if (parent === null || typeof parent !== "object" || Array.isArray(parent)) return withList;
  const { [tokens.at(-1) ?? ""]: _, ...rest } = parent as Record<string, unknown>;
  return setAtPointer(withList, tokens.slice(0, -1), rest);
}

const listIn = (result: Record<string, unknown>, paging: PagingSpec): unknown[] => {
  const found = paging.list === "" ? result["items"] : resolvePointer(result, pointerTokens(paging.list));
  return Array.isArray(found) ? found : [];
};

/** How many leading items of the capped list are whole (a partly shown item is read again). */
function wholeItems(full: readonly unknown[], capped: readonly unknown[]): number {
  let whole = 0;
  while (whole < capped.length && JSON.stringify(capped[whole]) === JSON.stringify(full[whole])) whole++;
  return whole;
}

/** Where the listing goes on after `shown` of its items: resume inside a page, else the next page. */
function continuationAfter(pages: Pages, paging: PagingSpec, shown: number): Continuation | undefined {
  const at = pages.listed[shown];
  const linked = pages.linked === true ? { linked: true } : {};
  if (at !== undefined)
    return { ...resumeAfter(paging, at.query, { consumed: at.index, shown: Math.max(1, shown) }), ...linked };
  return pages.next === undefined ? undefined : { query: pages.next, skip: 0, ...linked };
}

/** Bytes notes added after the cap take in the result (a comma less than their own object's braces). */
const notesBytes = (notes: Record<string, unknown>): number =>
  Object.keys(notes).length === 0 ? 0 : utf8Bytes(JSON.stringify(notes));

/** Bytes a continuation of these queries could take, with every number as long as it can get. */
function reserveFor(pages: Pages): number {
  const longest = (query: Readonly<Record<string, string>> | undefined): number =>
    encodeContinuation({
      query: Object.fromEntries(
        Object.entries({ ...query, size: "", page: "", offset: "" }).map(([k, v]) => [k, `${v}9999999999`]),
      ),
      skip: Number.MAX_SAFE_INTEGER,
    }).length;
  const queries = [pages.next, ...pages.listed.map((l) => l.query)];
  const token = Math.max(...queries.map(longest));
  return token + utf8Bytes(pages.unsure === true ? MAY_BE_MORE : MORE) + 64;
}

/** The result of a paged tool: the items that fit, and when more exist, `_truncated` and a whole `_continuation`. */
function pagedResult(pages: Pages, cap: CapOptions): Record<string, unknown> {
  const paging = pages.paging;
  const bounded = paging.maxItems === undefined ? pages.listed : pages.listed.slice(0, paging.maxItems);
  const body = shownBody(
    pages.last.body,
    paging,
    bounded.map((l) => l.item),
    pages.next !== undefined,
  );
  const keepEmpty = pages.last.keepEmpty;
  const full = defaultResult(
    body,
    pages.last.status,
    undefined,
    undefined,
    keepEmpty === undefined ? {} : { keepEmpty },
  );
  const limits = withCallLimitNotes({}, pages.last.body);
  const room = cap.maxBytes - reserveFor(pages) - notesBytes(limits);
  const capped = capResult(full, { ...cap, maxBytes: Math.max(256, room) });
  const shown = wholeItems(listIn(full, paging), listIn(capped, paging));
  const continuation = continuationAfter(pages, paging, shown);
  if (continuation === undefined) return { ...capped, ...limits };
  const more = pages.unsure === true && pages.listed[shown] === undefined ? MAY_BE_MORE : MORE;
  const note = typeof capped["_truncated"] === "string" ? `${capped["_truncated"]}; ${more}` : more;
  return { ...capped, _truncated: note, _continuation: encodeContinuation(continuation), ...limits };
}

/** Runs a paged tool: a continuation it did not make is INVALID_ARGUMENT, nothing sent. */
export async function runPaged(
  tool: CompiledTool,
  paging: PagingSpec,
  run: { args: Record<string, unknown>; env: StepEnv; cap: CapOptions },
): Promise<{ ok: true; result: Record<string, unknown> } | Extract<Execution, { ok: false }>> {
  const token = run.args[CONTINUATION_INPUT];
  const from = typeof token === "string" ? decodeContinuation(token) : undefined;
  if (typeof token === "string" && from === undefined)
    return {
      ok: false,
      error: {
        code: "INVALID_ARGUMENT",
        message: "`continuation` is not one this tool returned",
        suggestion:
          "Pass `_continuation` of the previous result exactly as it was, or leave `continuation` out to start " +
          "from the first page.",
        retryable: false,
      },
    };
  const pages = await readPages(tool, paging, { args: run.args, env: run.env, ...(from ? { from } : {}) });
  if ("ok" in pages) return pages;
  return { ok: true, result: pagedResult(pages, run.cap) };
}
