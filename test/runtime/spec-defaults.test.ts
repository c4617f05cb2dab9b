// Tool specs written without their default values: the generator leaves them out, defineTool puts them back.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { toToolSpec } from "../../src/emit/specs.js";
import { withoutSpecDefaults, withSpecDefaults } from "../../src/runtime/spec-defaults.js";
import type { ParamSpec, StepSpec, ToolSpec } from "../../src/runtime/types.js";

const ROOT = join(import.meta.dirname, "../..");

const param = (p: Partial<ParamSpec> & Pick<ParamSpec, "in">): ParamSpec => ({
  name: "p",
  style: p.in === "query" || p.in === "cookie" ? "form" : "simple",
  explode: p.in === "query" || p.in === "cookie",
  allowReserved: false,
  required: true,
  value: { kind: "expr", text: "$inputs.p" },
  ...p,
});

const step = (params: ParamSpec[], extra: Partial<StepSpec> = {}): StepSpec => ({
  id: "s",
  operationId: "op",
  method: "get",
  path: "/x",
  params,
  outputs: {},
  dependsOn: [],
  readOnly: true,
  security: [],
  successStatus: "200",
  responseDescriptions: {},
  errorHints: {},
  successCriteria: [],
  onSuccess: [],
  onFailure: [],
  ...extra,
});

const tool = (steps: StepSpec[], narrowingInputs: string[] = []): ToolSpec => ({
  name: "t",
  title: "T",
  description: "d",
  risk: "low",
  category: "data",
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  approval: "none",
  inputs: [],
  steps,
  returns: { narrowingInputs },
});

describe("withoutSpecDefaults", () => {
  it.each<[string, ParamSpec, Record<string, unknown>]>([
    ["a query parameter, form exploded", param({ in: "query" }), {}],
    ["a path parameter, simple", param({ in: "path" }), {}],
    ["a header parameter, simple", param({ in: "header" }), {}],
    ["a query parameter not exploded", param({ in: "query", explode: false }), { explode: false }],
    [
      "a deepObject query parameter",
      param({ in: "query", style: "deepObject", explode: true }),
      { style: "deepObject", explode: true },
    ],
    ["a path label parameter, not exploded", param({ in: "path", style: "label", explode: false }), { style: "label" }],
    ["a reserved query parameter", param({ in: "query", allowReserved: true }), { allowReserved: true }],
  ])("%s keeps only what differs from OpenAPI's defaults", (_name, given, kept) => {
    const written = withoutSpecDefaults(tool([step([given])]));
    const { name: _n, in: _i, required: _r, value: _v, ...rest } = written.steps[0]?.params?.[0] ?? {};
    expect(rest).toEqual(kept);
    expect(withSpecDefaults(written)).toEqual(tool([step([given])]));
  });

  it("leaves out empty step lists and narrowing inputs, and keeps non-empty ones", () => {
    const full = tool([step([], { dependsOn: ["a"] })], ["limit"]);
    const written = withoutSpecDefaults(full);
    expect(Object.keys(written.steps[0] ?? {})).not.toContain("successCriteria");
    expect(Object.keys(written.steps[0] ?? {})).not.toContain("params");
    expect(written.steps[0]?.dependsOn).toEqual(["a"]);
    expect(written.returns.narrowingInputs).toEqual(["limit"]);
    expect(Object.keys(withoutSpecDefaults(tool([step([])])).returns)).toEqual([]);
    expect(withSpecDefaults(written)).toEqual(full);
  });

  it("round-trips every tool of the petstore and pet-coupons examples", async () => {
    for (const [spec, goals] of [
      ["examples/specs/petstore.oas31.yaml", "examples/goals/petstore.goals.yaml"],
      ["examples/specs/pet-coupons.openapi.yaml", "examples/goals/pet-coupons.arazzo.yaml"],
    ]) {
      const planned = await plan({ spec: join(ROOT, spec as string), goals: join(ROOT, goals as string) });
      const specs = (planned.plan?.tools ?? []).map(toToolSpec);
      expect(specs.length).toBeGreaterThan(2);
      for (const full of specs) expect(withSpecDefaults(withoutSpecDefaults(full))).toEqual(full);
    }
  });
});
