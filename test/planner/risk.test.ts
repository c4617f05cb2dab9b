// Table tests: the HTTP methods of a tool's steps → risk, category and the four MCP annotations.
import { describe, expect, it } from "vitest";
import type { HttpMethod } from "../../src/model/api-model.js";
import { raiseRiskFromSpec, riskFromMethods } from "../../src/planner/risk.js";

describe("riskFromMethods", () => {
  const table: [HttpMethod[], string, string, [boolean, boolean, boolean]][] = [
    [["get"], "low", "data", [true, false, true]],
    [["get", "head", "options"], "low", "data", [true, false, true]],
    [["put"], "medium", "action", [false, false, true]],
    [["get", "put"], "medium", "action", [false, false, true]],
    [["post"], "high", "action", [false, false, false]],
    [["patch"], "high", "action", [false, false, false]],
    [["get", "post"], "high", "action", [false, false, false]],
    [["delete"], "high", "action", [false, true, true]],
    [["get", "delete"], "high", "action", [false, true, true]],
    [["post", "delete"], "high", "action", [false, true, false]],
  ];
  it.each(table)("%j → %s %s", (methods, risk, category, [readOnly, destructive, idempotent]) => {
    const profile = riskFromMethods(methods);
    expect(profile).toEqual({
      risk,
      category,
      annotations: {
        readOnlyHint: readOnly,
        destructiveHint: destructive,
        idempotentHint: idempotent,
        openWorldHint: true,
      },
    });
  });
});

describe("raiseRiskFromSpec", () => {
  const table: [string, unknown, string][] = [
    ["low", "high", "high"],
    ["high", "low", "high"],
    ["medium", "low", "medium"],
    ["low", "medium", "medium"],
    ["low", "HIGH", "low"],
    ["low", { risk: "high" }, "low"],
  ];
  it.each(table)("inferred %s, spec says %j → %s", (inferred, extension, want) => {
    expect(raiseRiskFromSpec(inferred as "low", extension)).toBe(want);
  });
});
