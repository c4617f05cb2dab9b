// `init` chains through list reads: a list whose items carry an id and a name becomes "find X by its name → act on X"
// with a `pick` (page size at its maximum), ids shared with the target stay inputs, and every such draft plans clean.
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { jsonResponse } from "../support/planner-helpers.js";

const root = join(import.meta.dirname, "../..");
const petstore = join(root, "examples/specs/petstore.oas31.yaml");

/** An AWS-shaped API: every schema wrapped in `allOf: [{ $ref }, { description }]`, and the account id in every path. */
const aws = {
  openapi: "3.0.0",
  info: { title: "Dashboards", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/accounts/{AccountId}/dashboards": {
      get: {
        operationId: "ListDashboards",
        summary: "Lists dashboards",
        parameters: [
          { name: "AccountId", in: "path", required: true, schema: { type: "string" } },
          { name: "max-results", in: "query", schema: { type: "integer", maximum: 50 } },
          { name: "next-token", in: "query", schema: { type: "string" } },
        ],
        responses: jsonResponse({
          type: "object",
          properties: {
            DashboardSummaryList: {
              allOf: [{ $ref: "#/components/schemas/List" }, { description: "The dashboards." }],
            },
            NextToken: { type: "string" },
          },
        }),
      },
    },
    "/accounts/{AccountId}/dashboards/{DashboardId}": {
      get: {
        operationId: "DescribeDashboard",
        summary: "Describes a dashboard",
        parameters: [
          { name: "AccountId", in: "path", required: true, schema: { type: "string" } },
          { name: "DashboardId", in: "path", required: true, schema: { type: "string" } },
        ],
        responses: jsonResponse({ type: "object", properties: { Arn: { type: "string" } } }),
      },
      delete: {
        operationId: "DeleteDashboard",
        summary: "Deletes a dashboard",
        parameters: [
          { name: "AccountId", in: "path", required: true, schema: { type: "string" } },
          { name: "DashboardId", in: "path", required: true, schema: { type: "string" } },
        ],
        responses: jsonResponse({ type: "object", properties: { Status: { type: "integer" } } }),
      },
    },
  },
  components: {
    schemas: {
      List: { type: "array", items: { $ref: "#/components/schemas/Summary" } },
      Summary: {
        type: "object",
        properties: {
          DashboardId: { allOf: [{ $ref: "#/components/schemas/Id" }, { description: "The id." }] },
          Name: { allOf: [{ $ref: "#/components/schemas/Text" }, { description: "The display name." }] },
        },
      },
      Id: { type: "string" },
      Text: { type: "string" },
    },
  },
};

describe("init: chains through a list and a pick", () => {
  test("petstore: find a pet by its name in the list (largest page), then read, delete or update it or upload its photo (the form update offers the form's fields)", async () => {
    const drafted = await init({ spec: petstore, maxGoals: 20 });
    const byName = drafted.draft?.goals.filter((g) => g.steps[0]?.pick !== undefined).map((g) => g.name);
    expect(byName).toEqual([
      "create_order_by_pet_name",
      "get_pet_by_name",
      "upload_file_by_name",
      "delete_pet_by_name",
      "update_pet_with_form_by_name",
    ]);
    const update = drafted.draft?.goals.find((g) => g.name === "update_pet_with_form_by_name")?.steps.at(-1)?.body;
    expect(update?.kind === "properties" ? update.entries.map(([k]) => k) : []).toEqual(["name", "status"]);
    const get = drafted.draft?.goals.find((g) => g.name === "get_pet_by_name");
    expect(get?.description).toBe(
      "List pets and pick the pet whose name matches exactly among the first 100 listed, then find a pet by ID.",
    );
    expect(get?.steps[0]).toMatchObject({
      operation: "listPets",
      params: [{ name: "limit", in: "query", value: 100 }],
      pick: { from: "/items", where: { name: "$inputs.pet_name" } },
      outputs: { id: "$response.body#/id" },
    });
    expect(drafted.text).toContain("pick: { from: /items, where: { name: $inputs.pet_name } }");
    expect(drafted.text).toContain("params: { limit: 100 }");
  });

  test("the picked input reaches the model as a required string that says it is matched exactly", async () => {
    const drafted = await init({ spec: petstore, maxGoals: 20 });
    const planned = await plan({ spec: petstore, goals: parse(drafted.text ?? "") as object });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const tool = planned.tools.find((t) => t.name === "get_pet_by_name");
    expect(tool?.inputs.map((i) => [i.name, i.required, i.schema])).toEqual([
      [
        "pet_name",
        true,
        expect.objectContaining({
          type: "string",
          description: "The name of the pet, exactly as it is listed (case included).",
        }),
      ],
    ]);
  });

  test("AWS-shaped: lists behind allOf wrappers, the account id shared with the target as one input", async () => {
    const drafted = await init({ spec: aws });
    const chains = drafted.draft?.goals.filter((g) => g.kind === "chain") ?? [];
    expect(chains.map((g) => g.name)).toEqual(["describe_dashboard_by_name", "delete_dashboard_by_name"]);
    expect(chains[0]?.steps.map((s) => s.params)).toEqual([
      [
        { name: "AccountId", in: "path", value: "$inputs.account_id" },
        { name: "max-results", in: "query", value: 50 },
      ],
      [
        { name: "AccountId", in: "path", value: "$inputs.account_id" },
        { name: "DashboardId", in: "path", value: "$steps.dashboard.outputs.dashboard_id" },
      ],
    ]);
    expect(chains[0]?.steps[0]?.pick).toEqual({
      from: "/DashboardSummaryList",
      where: { Name: "$inputs.dashboard_name" },
    });
    const planned = await plan({ spec: aws, goals: parse(drafted.text ?? "") as object });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
