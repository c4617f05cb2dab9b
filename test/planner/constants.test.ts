// Goal constants are checked against the whole schema of where they go; a 400 hint then points at the goal's own values.
import { schemaLookup } from "../../src/model/api-source.js";
import { describe, expect, it } from "vitest";
import { constantMisfit } from "../../src/planner/constant-fit.js";
import { planGoals, toolOf } from "../support/planner-helpers.js";

describe("constantMisfit", () => {
  it.each([
    ["now", { type: "string", format: "date-time" }, "is not a valid date-time"],
    ["2024-01-02T03:04:05Z", { type: "string", format: "date-time" }, undefined],
    ["adopted", { type: "string", enum: ["available", "sold"] }, 'is not one of "available", "sold"'],
    [
      ["available", "gone"],
      { type: "array", items: { enum: ["available", "sold"] } },
      'is not one of "available", "sold"',
    ],
    ["ab", { type: "string", minLength: 3 }, "is shorter than 3 characters"],
    ["abc", { type: "string", pattern: "^[a-z]+$" }, undefined],
    ["ABC", { type: "string", pattern: "^[a-z]+$" }, "does not match the pattern ^[a-z]+$"],
    [500, { type: "integer", maximum: 100 }, "is above the maximum 100"],
    [0, { type: "integer", exclusiveMinimum: 0 }, "is not above 0"],
    [10, { type: "integer", exclusiveMaximum: 10 }, "is not below 10"],
    [9, { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 10 }, undefined],
  ])("%j against %j", (value, schema, want) => {
    expect(constantMisfit(value, schema, schemaLookup({}))).toBe(want);
  });
});

const goal = (params: object): object => ({
  name: "find_sold_pets",
  description: "List the pets that were sold.",
  use_when: "The user asks which pets were sold.",
  steps: [{ id: "pets", operation: "findPetsByStatus", params }],
});

describe("constants in goals", () => {
  it.each([
    ["an enum value the parameter lacks", { status: ["adopted"] }, ["PLAN_CONSTANT_INVALID"]],
    ["a valid constant", { status: ["sold"] }, []],
  ])("%s", async (_name, params, codes) => {
    const result = await planGoals(goal(params));
    expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(codes);
  });

  it("the 400 hint names the goal's own constants as the likely cause when the API names no input", async () => {
    const tool = await toolOf(goal({ status: ["sold"], limit: "$inputs.limit" }));
    expect(tool.steps[0]?.errorHints["rejected"]).toContain(
      "If it faults a value you did not pass, the likely cause is one the goal itself sends (`status`): tell the user the tool's goal binding needs fixing instead of retrying with other arguments.",
    );
    expect(tool.steps[0]?.errorHints["rejected"]).not.toContain("`limit`");
  });
});
