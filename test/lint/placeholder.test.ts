// placeholder-text: TODO-style markers in anything the model reads are errors, located at the goal field they come from.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lint } from "../../src/api/lint.js";
import { placeholderIn } from "../../src/lint/rules/placeholder-text.js";

const PETSTORE = join(import.meta.dirname, "../../examples/specs/petstore.oas31.yaml");

const goal = (fields: Record<string, unknown>): object => ({
  aci: 1,
  goals: [
    {
      name: "get_order",
      description: "Get one order of the store.",
      use_when: "The user gives an order number.",
      steps: [{ id: "o", operation: "getOrderById", params: { orderId: "$inputs.order_id" } }],
      ...fields,
    },
  ],
});

describe("placeholderIn", () => {
  it.each([
    ["TODO: say when to use it.", "TODO"],
    ["Fix this FIXME later", "FIXME"],
    ["Owner is TBD.", "TBD"],
    ["Lorem ipsum dolor sit amet.", "Lorem ipsum"],
    ["<describe the order>", "<describe the order>"],
    ["A todo list item.", undefined],
    ["The mastodon account.", undefined],
    ["Use when the user names an order.", undefined],
  ])("%s → %s", (text, marker) => {
    expect(placeholderIn(text)).toBe(marker);
  });
});

describe("placeholder-text findings", () => {
  it.each([
    ["use_when", { use_when: "TODO: say when." }, ["/goals/0/use_when"]],
    ["not_for", { not_for: "TODO: related goals." }, ["/goals/0/not_for"]],
    ["both", { use_when: "TODO a", not_for: "TBD" }, ["/goals/0/use_when", "/goals/0/not_for"]],
    ["an input description", { inputs: { order_id: { description: "TODO describe the id" } } }, ["/goals/0"]],
    ["clean", {}, []],
  ])("%s", async (_name, fields, pointers) => {
    const result = await lint({ spec: PETSTORE, goals: goal(fields) });
    const found = result.findings.filter((f) => f.rule === "placeholder-text");
    expect(found.map((f) => f.pointer)).toEqual(pointers);
    expect(found.every((f) => f.severity === "error")).toBe(true);
  });
});
