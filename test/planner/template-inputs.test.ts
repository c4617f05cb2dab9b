// An input spliced into a string template is a required string described by where it goes; overrides keep the bound type.
import { describe, expect, it } from "vitest";
import { planGoals, toolOf } from "../support/planner-helpers.js";

const byTemplate = (inputs: object = {}): object => ({
  name: "find_user_by_handle",
  description: "Find a user by their handle at example.com.",
  use_when: "The user gives a handle rather than a whole email address.",
  inputs,
  steps: [{ id: "user", operation: "getUserByEmail", params: { email: "{$inputs.handle}@example.com" } }],
});

describe("inputs bound only inside a string template", () => {
  it.each([
    ["no override", {}, { type: "string" }, true],
    ["declared optional", { handle: { required: false } }, { type: "string" }, false],
    [
      "format without type keeps the string type",
      { handle: { format: "hostname" } },
      { type: "string", format: "hostname" },
      true,
    ],
  ])("%s", async (_name, inputs, schema, required) => {
    const tool = await toolOf(byTemplate(inputs));
    const handle = tool.inputs.find((i) => i.name === "handle");
    expect(handle?.schema).toMatchObject(schema);
    expect(handle?.required).toBe(required);
    expect(handle?.description).toBe(
      'Text inserted as {handle} into query parameter "email" of getUserByEmail: `{handle}@example.com`.',
    );
  });

  it("an input bound directly too takes that binding's type, without a conflict", async () => {
    const result = await planGoals({
      name: "list_orders_of_user",
      description: "List the orders of a user.",
      use_when: "The user asks for someone's orders.",
      steps: [
        { id: "user", operation: "getUserByEmail", params: { email: "user{$inputs.user_id}@example.com" } },
        { id: "orders", operation: "listUserOrders", params: { userId: "$inputs.user_id" } },
      ],
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const input = result.tools[0]?.inputs.find((i) => i.name === "user_id");
    expect(input?.schema).toMatchObject({ type: "integer" });
    expect(input?.description).not.toMatch(/^Text inserted/);
  });
});
