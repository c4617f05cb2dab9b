// Sizing reads no more of an oversized definition than the cap needs (cuts built shallow-first, counted up to the cap) and holds no tool's Zod objects past its turn.
import { describe, expect, it } from "vitest";
import { countTokens, isWithinTokenLimit } from "gpt-tokenizer/encoding/o200k_base";
import { plan } from "../../src/api/plan.js";
import { sizePlan, type ToolDefinitionView } from "../../src/emit/definitions.js";
import { evaluateInputs } from "../../src/eval/zod-schemas.js";
import type { TokenCounter } from "../../src/emit/tokens.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";

/** An object `depth` levels deep, `width` properties per level, every property described at length. */
function wideTree(depth: number, width: number): Record<string, unknown> {
  if (depth === 0) return { type: "string", description: "A leaf value that the caller supplies verbatim." };
  const properties = Object.fromEntries(
    Array.from({ length: width }, (_, i) => [`field_${depth}_${i}`, wideTree(depth - 1, width)]),
  );
  return { type: "object", description: `A level-${depth} object.`, properties };
}

const spec = {
  openapi: "3.0.3",
  info: { title: "Wide", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/things": {
      post: {
        operationId: "createThing",
        requestBody: { required: true, content: { "application/json": { schema: wideTree(6, 4) } } },
        responses: { 200: { description: "ok" } },
      },
    },
  },
};

/** The o200k counter, recording the length of every text it counts in full and how often it counts up to a limit. */
function recordingCounter(): TokenCounter & { readonly counted: number[]; readonly limited: number[] } {
  const counted: number[] = [];
  const limited: number[] = [];
  return {
    counted,
    limited,
    count: (text) => {
      counted.push(text.length);
      return countTokens(text);
    },
    within: (text, limit) => {
      limited.push(text.length);
      return isWithinTokenLimit(text, limit);
    },
  };
}

describe("sizing a definition far over the cap", () => {
  it("cuts it to the deepest level that fits without counting the whole at every depth", async () => {
    const planned = await plan({ spec, allOperations: true });
    const counter = recordingCounter();
    const sized = sizePlan(planned.plan!, undefined, { tokens: counter });
    const [definition] = sized.definitions;
    const wholeChars = JSON.stringify(
      sizePlan(planned.plan!, undefined, { cap: Number.MAX_SAFE_INTEGER }).definitions[0]?.inputSchema,
    ).length;

    const [whole, ...cuts] = counter.limited;

    expect(wholeChars).toBeGreaterThan(400_000);
    expect(definition?.tokens).toBeLessThanOrEqual(4000);
    expect(definition?.shortened?.depth).toBe(2);
    expect(whole).toBeGreaterThan(wholeChars);
    // The uniform depths, then at most 48 tries describing single objects past the depth (openToCap), each a cut.
    expect(cuts.length).toBeLessThanOrEqual(4 + 48);
    expect(Math.max(...cuts)).toBeLessThan(wholeChars / 10);
    expect(Math.max(...counter.counted)).toBeLessThan(wholeChars / 10);
  });
});

describe("sizing once the encoder is loaded", () => {
  it("counts over-cap cuts exactly, with no bound worked out first, and sizes them the same", async () => {
    const planned = await plan({ spec, allOperations: true });
    const bounding = recordingCounter();
    const exact = { ...recordingCounter(), loaded: () => true };
    const before = sizePlan(planned.plan!, undefined, { tokens: bounding }).definitions;
    const after = sizePlan(planned.plan!, undefined, { tokens: exact }).definitions;
    expect(after).toEqual(before);
    // Without the bound's shortcut every cut over the cap in bytes is counted (cuts that fit by the bound too).
    expect(exact.limited.length).toBeGreaterThan(bounding.limited.length);
  });
});

describe("what sizing holds on to", () => {
  it("keeps plain JSON Schemas, not Zod's non-enumerable link back to the Zod schema", async () => {
    const planned = await plan({ spec, allOperations: true });
    const [definition] = sizePlan(planned.plan!, undefined, { cap: Number.MAX_SAFE_INTEGER }).definitions;
    expect(Object.getOwnPropertyNames(definition?.inputSchema)).not.toContain("~standard");
    expect(definition?.inputSchema["$schema"]).toBeUndefined();
  });

  it("builds a tool's input schema when it is read, not all of them upfront", async () => {
    const planned = await plan({ spec, allOperations: true });
    const schemas = evaluateInputs(compilePlanSchemas(planned.plan!));
    const names = planned.plan!.tools.map((t) => t.name);
    expect(Object.keys(schemas)).toEqual(names);
    expect(schemas[names[0]!]).not.toBe(schemas[names[0]!]);
    expect(schemas[names[0]!]?.safeParse(42).success).toBe(false);
  });
});

describe("tools with the same input", () => {
  it("share one conversion: the same advertised schema object; a gated tool's (with request_id) is its own", async () => {
    const item = {
      name: "id",
      in: "path",
      required: true,
      description: "The id.",
      schema: { type: "string", minLength: 3 },
    };
    const same = {
      openapi: "3.0.3",
      info: { title: "Same", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/a/{id}": { get: { operationId: "getA", parameters: [item], responses: { 200: { description: "ok" } } } },
        "/b/{id}": {
          get: { operationId: "getB", parameters: [item], responses: { 200: { description: "ok" } } },
          delete: { operationId: "deleteB", parameters: [item], responses: { 204: { description: "gone" } } },
        },
      },
    };
    const planned = await plan({ spec: same, allOperations: true });
    const byName = new Map(sizePlan(planned.plan!).definitions.map((d) => [d.name, d]));
    const [a, b, gone] = ["get_a", "get_b", "delete_b"].map((name) => byName.get(name)!) as [
      ToolDefinitionView,
      ToolDefinitionView,
      ToolDefinitionView,
    ];
    expect(a.inputSchema).toBe(b.inputSchema);
    expect(gone.inputSchema).not.toBe(a.inputSchema);
    expect(Object.keys(gone.inputSchema["properties"] as object)).toEqual(["id", "request_id"]);
    expect(a.inputSchema).toEqual({
      type: "object",
      properties: { id: { type: "string", minLength: 3, description: "The id. At least 3 characters" } },
      required: ["id"],
      additionalProperties: false,
    });
  });
});

describe("a goals toolset over its budget because one tool is described deep", () => {
  const small = (name: string) => ({
    get: { operationId: name, summary: `Read the ${name}.`, responses: { 200: { description: "ok" } } },
  });
  const toolset = {
    ...spec,
    paths: { ...spec.paths, "/a": small("getA"), "/b": small("getB"), "/c": small("getC") },
  };
  const sized = async (budget: number, goals: boolean) => {
    const planned = await plan({ spec: toolset, allOperations: true });
    return sizePlan(planned.plan!, undefined, { budget, cap: 4000, goals });
  };
  const sum = (views: readonly ToolDefinitionView[]) => views.reduce((n, v) => n + v.tokens, 0);

  it("describes that tool less deeply and lists every tool, where an all-operations toolset is searched", async () => {
    const whole = await sized(1_000_000, true);
    const deep = whole.definitions.find((v) => v.name === "create_thing")!;
    const rest = sum(whole.definitions) - deep.tokens;
    const budget = rest + Math.floor(deep.tokens / 2);
    expect(deep.tokens).toBeGreaterThan(1000);
    const searched = await sized(budget, false);
    expect(searched.search).toBeDefined();
    const listed = await sized(budget, true);
    expect(listed.search).toBeUndefined();
    expect(sum(listed.definitions)).toBeLessThanOrEqual(budget);
    const cut = listed.definitions.find((v) => v.name === "create_thing")!;
    expect(cut.shortened?.depth).toBeGreaterThanOrEqual(0);
    expect(cut.tokens).toBeLessThan(deep.tokens);
    expect(listed.definitions.filter((v) => v.name !== "create_thing")).toEqual(
      whole.definitions.filter((v) => v.name !== "create_thing"),
    );
  });

  it("still serves tool search when no cut down to the floor brings it within", async () => {
    expect((await sized(300, true)).search).toBeDefined();
  });
});
