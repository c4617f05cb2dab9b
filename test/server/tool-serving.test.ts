// How planned tools are served: input examples (goals file and spec, each checked), inputs over the per-tool cap cut
// to a depth yet checked whole, tool search past the budget with `core: true` goals, and Anthropic allowed_callers.
import { describe, expect, it } from "vitest";
import { toAnthropicTools } from "../../src/runtime/adapters/anthropic.js";
import { INPUT_EXAMPLES_META, toolToMcpDefinition } from "../../src/runtime/adapters/mcp.js";
import { BRIEF_MARK, CUT_NOTE, toolInputJsonSchema } from "../../src/runtime/adapters/shared.js";
import { servedToolset } from "../support/served-toolset.js";

const leaf = {
  type: "object",
  properties: {
    code: { type: "string", pattern: "^[A-Z]{3}$", description: "Three capital letters.", example: "ABC" },
    note: { type: "string", maxLength: 200, description: "A note." },
  },
  required: ["code"],
};
const level2 = {
  type: "object",
  description: "The shipping details.",
  properties: { address: leaf, carrier: { type: "string", enum: ["ups", "dhl"] } },
  required: ["address"],
};

const spec = {
  openapi: "3.1.0",
  info: { title: "Shop", version: "1.0.0" },
  servers: [{ url: "https://shop.example.com" }],
  paths: {
    "/orders": {
      post: {
        operationId: "createOrder",
        tags: ["orders"],
        summary: "Create an order",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { shipping: level2, quantity: { type: "integer", minimum: 1, default: 1 } },
                required: ["shipping"],
              },
            },
          },
        },
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
    "/orders/{id}": {
      get: {
        operationId: "getOrder",
        tags: ["orders"],
        summary: "Get an order",
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^O-[0-9]{4}$", example: "O-1024" },
          },
        ],
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  },
};

const goals = (extra: Record<string, unknown> = {}) => ({
  aci: 1,
  toolset: "shop",
  goals: [
    {
      name: "get_order",
      description: "Fetch one order.",
      steps: [{ id: "get", operation: "getOrder", params: { id: "$inputs.id" } }],
      examples: [{ id: "O-0001" }],
      ...extra,
    },
    {
      name: "create_order",
      description: "Place an order.",
      steps: [
        {
          id: "create",
          operation: "createOrder",
          body: { shipping: "$inputs.shipping", quantity: "$inputs.quantity" },
        },
      ],
    },
  ],
});

describe("input examples", () => {
  it("keeps the goals file's valid examples and warns about an invalid one at its path; without any, takes one from the spec", async () => {
    const { sized } = await servedToolset({
      spec,
      goals: goals({ examples: [{ id: "O-0001" }, { id: "O-0002" }, { id: "nope" }] }),
    });
    const tool = sized.plan.tools.find((t) => t.name === "get_order")!;
    expect(tool.examples).toEqual([{ id: "O-0001" }, { id: "O-0002" }]);
    expect(sized.plan.tools.find((t) => t.name === "create_order")!.examples).toEqual([
      // The smallest call: required properties only (`note` and `carrier` are optional), and no optional input's
      // default (`quantity`: the API assumes 1 when it is left out).
      { shipping: { address: { code: "ABC" } } },
    ]);
    expect(
      (await servedToolset({ spec, goals: goals({ examples: undefined }) })).sized.plan.tools[0]!.examples,
    ).toEqual([{ id: "O-1024" }]);
    expect(sized.diagnostics).toEqual([
      expect.objectContaining({
        code: "PLAN_INVALID_INPUT_EXAMPLE",
        severity: "warning",
        pointer: "/goals/0/examples/2",
        message: expect.stringContaining("id: "),
      }),
    ]);
  });

  it("counts the examples in the definition's tokens and shows them in the MCP tool's _meta and Anthropic's input_examples", async () => {
    const served = await servedToolset({ spec, goals: goals() });
    const tools = served.bind({ env: {}, credentials: {} });
    const view = served.sized.definitions.find((d) => d.name === "get_order")!;
    expect(view.inputExamples).toEqual([{ id: "O-0001" }]);
    const withMore = (
      await servedToolset({ spec, goals: goals({ examples: [{ id: "O-0001" }, { id: "O-0002" }] }) })
    ).sized.definitions.find((d) => d.name === "get_order")!;
    expect(withMore.tokens).toBeGreaterThan(view.tokens);
    expect(toolToMcpDefinition(tools["get_order"]!)._meta).toEqual({ [INPUT_EXAMPLES_META]: [{ id: "O-0001" }] });
    const anthropic = toAnthropicTools(tools).find((t) => t.name === "get_order") as unknown as {
      input_examples: unknown;
    };
    expect(anthropic.input_examples).toEqual([{ id: "O-0001" }]);
  });

  it("every example is valid against the tool's input schema", async () => {
    const served = await servedToolset({ spec, goals: goals() });
    const tools = served.bind({ env: {}, credentials: {} });
    for (const tool of Object.values(tools)) {
      expect(tool.examples?.length ?? 0, tool.name).toBeGreaterThan(0);
      for (const example of tool.examples ?? [])
        expect(tool.inputSchema.safeParse(example).success, `${tool.name} ${JSON.stringify(example)}`).toBe(true);
    }
  });
});

describe("the per-tool token cap", () => {
  it("describes an input too large for the cap to the depth that fits, and plan says by how much", async () => {
    const { sized } = await servedToolset({ spec, goals: goals() }, { cap: 200 });
    const view = sized.definitions.find((d) => d.name === "create_order")!;
    expect(view.tokens).toBeLessThanOrEqual(200);
    expect(view.shortened).toEqual({
      fromTokens: expect.any(Number),
      fromTokensOver: false,
      depth: expect.any(Number),
    });
    expect(view.shortened!.fromTokens).toBeGreaterThan(200);
    expect(view.shortened!.fromTokens).toBeLessThanOrEqual(600);
    expect(JSON.stringify(view.inputSchema)).toContain(CUT_NOTE);
    expect(JSON.stringify(view.inputSchema)).not.toContain("^[A-Z]{3}$");
    expect(sized.definitions.find((d) => d.name === "get_order")!.shortened).toBeUndefined();
  });

  it("counts a whole definition up to three caps and says when it takes more", async () => {
    const whole = (await servedToolset({ spec, goals: goals() }, { cap: 200 })).sized.definitions.find(
      (d) => d.name === "create_order",
    )!.shortened!.fromTokens;
    const cap = Math.floor(whole / 3) - 1;
    const { sized } = await servedToolset({ spec, goals: goals() }, { cap });
    const view = sized.definitions.find((d) => d.name === "create_order")!;
    expect(view.shortened).toMatchObject({ fromTokens: 3 * cap, fromTokensOver: true });
  });

  it("the served tool advertises the cut schema but checks the whole one: the error names the exact path and rule", async () => {
    const served = await servedToolset({ spec, goals: goals() }, { cap: 200 });
    const tool = served.bind({ env: {}, credentials: {}, fetch: () => Promise.reject(new Error("not called")) })[
      "create_order"
    ]!;
    const { $schema: _, ...advertised } = toolInputJsonSchema(tool);
    expect(advertised).toEqual(served.sized.definitions.find((d) => d.name === "create_order")!.inputSchema);
    const result = (await tool.run({ shipping: { address: { code: "abc" } } })) as {
      error: { code: string; field: string; message: string };
    };
    expect(result.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "shipping.address.code" });
    expect(result.error.message).toContain("^[A-Z]{3}$");
  });
});

describe("a definition over the cap even at its top level", () => {
  // As Bing Image Search writes its headers: a paragraph for each optional input (microsoft.com/cognitiveservices-ImageSearch).
  const paragraph = (topic: string) =>
    `The ${topic} the request carries. ${"It is described here at great length, over and over again. ".repeat(12)}`;
  const chatty = {
    openapi: "3.0.3",
    info: { title: "Chatty", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/images/search": {
        get: {
          operationId: "searchImages",
          parameters: [
            { name: "q", in: "query", required: true, description: paragraph("query"), schema: { type: "string" } },
            ...["a", "b", "c", "d", "e", "f"].map((n, i) => ({
              name: `x_${n}`,
              in: "query",
              description: paragraph(`header ${n}`).repeat(i + 1),
              schema: { type: "string", maxLength: 64 },
            })),
          ],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };

  it("cuts the fewest descriptions to their first sentence, the longest optional ones first, and the tool advertises it", async () => {
    const served = await servedToolset({ spec: chatty, allOperations: true }, { cap: 1500 });
    const view = served.sized.definitions[0]!;
    expect(view.tokens).toBeLessThanOrEqual(1500);
    expect(view.shortened).toMatchObject({ depth: 0, brief: ["x_f", "x_e", "x_d"] });
    const properties = view.inputSchema["properties"] as Record<string, { description: string; maxLength?: number }>;
    expect(properties["x_f"]).toEqual({
      type: "string",
      maxLength: 64,
      description: `The header f the request carries. ${BRIEF_MARK}`,
    });
    expect(properties["q"]?.description).toContain("over and over again");
    const tool = served.bind({ env: {}, credentials: {}, fetch: () => Promise.reject(new Error("not called")) })[
      "search_images"
    ]!;
    expect(tool.definitionBrief).toEqual(["x_f", "x_e", "x_d"]);
    const { $schema: _, ...advertised } = toolInputJsonSchema(tool);
    expect(advertised).toEqual(view.inputSchema);
  });
});

describe("tool search past the budget", () => {
  it("keeps the goals marked core listed and defers the rest", async () => {
    const { sized } = await servedToolset({ spec, goals: goals({ core: true }) }, { budget: 100 });
    expect(sized.search?.core).toEqual(["get_order"]);
    expect(sized.plan.tools.map((t) => [t.name, t.deferLoading ?? false])).toEqual([
      ["get_order", false],
      ["create_order", true],
    ]);
  });

  it("serves everything upfront within the budget", async () => {
    const { sized } = await servedToolset({ spec, goals: goals() });
    expect(sized.search).toBeUndefined();
    expect(sized.plan.tools.some((t) => t.deferLoading)).toBe(false);
  });
});

describe("programmatic tool calling", () => {
  it("data tools may be called from code execution, actions never, and a goal can opt out", async () => {
    const callers = async (extra: Record<string, unknown>) => {
      const tools = (await servedToolset({ spec, goals: goals(extra) })).bind({ env: {}, credentials: {} });
      return Object.fromEntries(
        toAnthropicTools(tools).map((t) => [t.name, (t as { allowed_callers?: string[] }).allowed_callers]),
      );
    };
    expect(await callers({})).toEqual({ get_order: ["direct", "code_execution_20250825"], create_order: undefined });
    expect(await callers({ programmatic: false })).toEqual({ get_order: undefined, create_order: undefined });
  });
});

describe("token counting of spec text", () => {
  it("counts a model's control-token spelling in a description as ordinary text instead of failing", async () => {
    const tricky = structuredClone(spec) as typeof spec;
    tricky.paths["/orders"].post.summary = "Stop generating at <|endoftext|> or <|fim_prefix|>";
    const { sized } = await servedToolset({ spec: tricky, allOperations: true });
    const [view] = sized.definitions;
    expect(view!.description).toContain("<|endoftext|>");
    expect(view!.tokens).toBeGreaterThan(10);
  });
});

describe("spec-built input examples that break the input schema", () => {
  const specWith = (parameters: unknown[]) => ({
    openapi: "3.1.0",
    info: { title: "Shop", version: "1.0.0" },
    servers: [{ url: "https://shop.example.com" }],
    paths: {
      "/orders/{id}": {
        get: {
          operationId: "getOrder",
          summary: "Get an order",
          parameters,
          responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
        },
      },
    },
  });
  const id = (schema: Record<string, unknown>) => ({ name: "id", in: "path", required: true, schema });
  const fields = (schema: Record<string, unknown>) => ({ name: "fields", in: "query", schema });

  it("warns about a made-up sample the schema rejects, naming the tool, the path, the rule and where it came from", async () => {
    const { sized } = await servedToolset({
      // A lookahead no string the sampler builds meets (it builds `.{8}` as "aaaaaaaa").
      spec: specWith([id({ type: "string", pattern: "^(?=.*\\d).{8}$" })]),
      allOperations: true,
    });
    expect(sized.plan.tools[0]!.examples).toBeUndefined();
    expect(sized.diagnostics).toEqual([
      {
        code: "PLAN_SPEC_INPUT_EXAMPLE_DROPPED",
        severity: "warning",
        message: expect.stringMatching(
          /^tool get_order: an input example built from the spec breaks the input schema at id: .*\^\(\?=\.\*\\d\)\.\{8\}\$.*; value "[^"]+" \(a sample made up for input id, bound to getOrder path id\); the tool gets no input example from the spec$/,
        ),
        hint: "the spec gives no example for id: add one there, or give the goal `examples:` of its own",
        file: "<object>",
        pointer: "/paths/~1orders~1{id}/get",
      },
    ]);
  });

  it("warns about a spec example that breaks its own schema, and falls back to the example without it", async () => {
    const { sized } = await servedToolset({
      spec: specWith([
        id({ type: "string", example: "O-1024" }),
        fields({ type: "string", maxLength: 3, example: "name,tag" }),
      ]),
      allOperations: true,
    });
    expect(sized.plan.tools[0]!.examples).toEqual([{ id: "O-1024" }]);
    expect(sized.diagnostics).toEqual([
      expect.objectContaining({
        code: "PLAN_SPEC_INPUT_EXAMPLE_DROPPED",
        message: expect.stringMatching(
          /^tool get_order: an input example built from the spec breaks the input schema at fields: .*3.*; value "name,tag" \(the spec's example or default of input fields, bound to getOrder query fields\); tried again without that value$/,
        ),
        hint: expect.stringContaining("fix the spec's example"),
      }),
    ]);
  });

  it("replaces a required input's bad spec example with a sample, keeping the other spec values", async () => {
    const { sized } = await servedToolset({
      spec: specWith([
        id({ type: "string", minLength: 6, example: "O-1" }),
        fields({ type: "string", example: "name" }),
      ]),
      allOperations: true,
    });
    expect(sized.plan.tools[0]!.examples).toEqual([{ id: expect.any(String), fields: "name" }]);
    expect(sized.plan.tools[0]!.examples![0]!["id"]).not.toBe("O-1");
    expect(sized.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(/at id: .*; value "O-1" .*; tried again without that value \(a sample instead\)$/),
    ]);
  });

  it("builds the replacing sample from the rules, not from the bad example", async () => {
    const { sized } = await servedToolset({
      // The example fits the pattern (so the pattern is kept) but not the length the sample must then keep too.
      spec: specWith([id({ type: "string", pattern: "^O-[0-9]{4}", maxLength: 6, example: "O-12345" })]),
      allOperations: true,
    });
    expect(sized.plan.tools[0]!.examples).toEqual([{ id: "O-0000" }]);
    expect(sized.diagnostics).toHaveLength(1);
  });

  it("samples a pattern-constrained input with a string the pattern matches", async () => {
    const { sized } = await servedToolset({
      spec: specWith([id({ type: "string", pattern: "^O-[0-9]{4}$" })]),
      allOperations: true,
    });
    expect(sized.plan.tools[0]!.examples).toEqual([{ id: "O-0000" }]);
    expect(sized.diagnostics).toEqual([]);
  });

  it("names the path inside a union that broke, not just the union", async () => {
    const withBody = {
      ...specWith([]),
      paths: {
        "/orders": {
          post: {
            operationId: "createOrder",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    oneOf: [
                      {
                        type: "object",
                        properties: { code: { type: "string", pattern: "^(?=.*\\d)[A-Z]{3}$" } },
                        required: ["code"],
                      },
                      { type: "integer" },
                    ],
                  },
                },
              },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    const { sized } = await servedToolset({ spec: withBody, allOperations: true });
    expect(sized.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^tool create_order: an input example built from the spec breaks the input schema at body\.code: .*\^\(\?=\.\*\\d\)\[A-Z\]\{3\}\$/,
      ),
    ]);
  });

  it("warns about nothing when the spec's values fit", async () => {
    const { sized } = await servedToolset({
      spec: specWith([id({ type: "string", pattern: "^O-[0-9]{4}$", example: "O-1024" })]),
      allOperations: true,
    });
    expect(sized.plan.tools[0]!.examples).toEqual([{ id: "O-1024" }]);
    expect(sized.diagnostics).toEqual([]);
  });
});

describe("goals-file examples written with the goals file's input names", () => {
  it("an example naming no input is left out with a did-you-mean hint", async () => {
    const { sized } = await servedToolset({ spec, goals: goals({ examples: [{ idd: "O-0001" }] }) });
    expect(sized.diagnostics).toEqual([
      expect.objectContaining({
        code: "PLAN_INVALID_INPUT_EXAMPLE",
        pointer: "/goals/0/examples/0",
        message: "tool get_order: example 1 is left out, id: required, missing",
        hint: "did you mean \"id\"? (an example names the tool's inputs, or the goals file's own names for them)",
      }),
    ]);
  });

  it("takes `$inputs.orderId`'s name for the tool's `order_id`", async () => {
    const { sized } = await servedToolset({
      spec,
      goals: {
        aci: 1,
        toolset: "shop",
        goals: [
          {
            name: "get_order",
            description: "Fetch one order.",
            steps: [{ id: "get", operation: "getOrder", params: { id: "$inputs.orderId" } }],
            examples: [{ orderId: "O-0001" }],
          },
        ],
      },
    });
    expect(sized.plan.tools[0]!.inputs.map((i) => i.name)).toEqual(["order_id"]);
    expect(sized.plan.tools[0]!.examples).toEqual([{ order_id: "O-0001" }]);
    expect(sized.diagnostics).toEqual([]);
  });
});
