// Goals documents whose depth is a chain (input `$ref`s, workflow calls, `dependsOn`, steps, nesting handed in as an object): one located diagnostic at a documented limit, or a walk on its own stack, never a stack overflow.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadGoals } from "../../src/goals/index.js";

const PETSTORE = join(import.meta.dirname, "../../examples/specs/petstore.oas31.yaml");

const getPet = (stepId: string) => ({
  stepId,
  operationId: "getPetById",
  parameters: [{ name: "petId", in: "path", value: 1 }],
});

const arazzo = (workflows: unknown[], components: Record<string, unknown> = {}) => ({
  arazzo: "1.0.0",
  info: { title: "Deep", version: "1" },
  sourceDescriptions: [{ name: "petstore", url: PETSTORE, type: "openapi" }],
  workflows,
  components,
});

const codes = (diagnostics: readonly { code: string; severity: string }[]) =>
  diagnostics.filter((d) => d.severity === "error").map((d) => d.code);

describe("goals depth limits", () => {
  test("a goals document handed in as an object is held to the 256-level nesting limit of a file", async () => {
    let deep: unknown = "x";
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const result = await loadGoals({ aci: 1, toolset: "deep", spec: PETSTORE, goals: [], deep });
    expect(result.goals).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["SOURCE_TOO_DEEP", `/deep${"/a".repeat(256)}`],
    ]);
  });

  test("a goal of more than 256 API calls: one GOALS_TOO_MANY_STEPS at the goal", async () => {
    const steps = Array.from({ length: 257 }, (_, i) => ({
      id: `s${i}`,
      operation: "getPetById",
      params: { petId: i === 0 ? 1 : `$steps.s${i - 1}.outputs.id` },
      outputs: { id: "$response.body#/id" },
    }));
    const goal = { name: "follow_pets", description: "Follow pets.", steps };
    const result = await loadGoals({ aci: 1, toolset: "deep", spec: PETSTORE, goals: [goal] });
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([["GOALS_TOO_MANY_STEPS", "/goals/0"]]);
    expect(result.diagnostics[0]?.message).toContain("makes 257 API calls");
  });

  test("an input schema 20,000 `$ref`s deep: one GOALS_ARAZZO_UNSUPPORTED where it passes 256 levels", async () => {
    const inputs: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) inputs[`i${i}`] = { $ref: `#/components/inputs/i${i + 1}` };
    inputs["i20000"] = { type: "object", properties: { id: { type: "integer" } } };
    const workflow = { workflowId: "deep", inputs: { $ref: "#/components/inputs/i0" }, steps: [getPet("get")] };
    const result = await loadGoals(arazzo([workflow], { inputs }));
    const unsupported = result.diagnostics.filter((d) => d.code === "GOALS_ARAZZO_UNSUPPORTED");
    expect(unsupported.map((d) => d.message)).toEqual([
      "the input schema nests more than 256 levels here, inline or through `$ref`s",
    ]);
  });

  test("workflows calling workflows 40 deep: one GOALS_ARAZZO_UNSUPPORTED at the 33rd call", async () => {
    const workflows = Array.from({ length: 40 }, (_, i) => ({
      workflowId: `w${i}`,
      steps: i === 39 ? [getPet("get")] : [{ stepId: "call", workflowId: `w${i + 1}` }],
    }));
    const result = await loadGoals(arazzo(workflows));
    const unsupported = result.diagnostics.filter((d) => d.code === "GOALS_ARAZZO_UNSUPPORTED");
    expect(unsupported[0]?.message).toMatch(/^workflow calls nest more than 32 deep here \(w0 → … → w31 → w32\)/);
    expect(unsupported[0]?.pointer).toBe("/workflows/31/steps/0/workflowId");
  });

  test("a `dependsOn` chain of 20,000 workflows is walked on its own stack (no cycle, no overflow)", async () => {
    const workflows = Array.from({ length: 20_000 }, (_, i) => ({
      workflowId: `flow${i}`,
      ...(i + 1 < 20_000 ? { dependsOn: [`flow${i + 1}`] } : {}),
      steps: [getPet("get")],
    }));
    const result = await loadGoals(arazzo(workflows));
    expect(codes(result.diagnostics)).toEqual([]);
    expect(result.goals?.goals).toHaveLength(20_000);
  }, 120_000);

  test("a `dependsOn` cycle is still reported once, with its path", async () => {
    const workflows = ["a", "b", "c"].map((id, i, all) => ({
      workflowId: id,
      dependsOn: [all[(i + 1) % 3]],
      steps: [getPet("get")],
    }));
    const result = await loadGoals(arazzo(workflows));
    const cycles = result.diagnostics.filter((d) => d.code === "GOALS_WORKFLOW_CYCLE");
    expect(cycles.map((d) => [d.pointer, d.message])).toEqual([
      ["/workflows/2/dependsOn/0", "dependsOn cycle: a → b → c → a"],
    ]);
  });
});
