// The deterministic sampler, the projected return (spec examples → steps → `returns`), and the budget report's checks.
import { schemaLookup } from "../../src/model/api-source.js";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lint } from "../../src/api/lint.js";
import { plan } from "../../src/api/plan.js";
import type { JsonSchema } from "../../src/model/api-model.js";
import { budgetReport, strictModeProblems } from "../../src/lint/budget.js";
import type { BudgetReport } from "../../src/lint/types.js";
import { definitionBudget } from "../../src/lint/rules/definition-budget.js";
import type { LintContext } from "../../src/lint/types.js";
import { projectReturn } from "../../src/lint/projected-return.js";
import { nameProblem } from "../../src/lint/rules/name-too-long.js";
import { sampleSchema } from "../../src/lint/sample.js";

const ROOT = join(import.meta.dirname, "../..");
const PETSTORE = join(ROOT, "examples/specs/petstore.oas31.yaml");
const GOALS = join(ROOT, "examples/goals/petstore.goals.yaml");

describe("sampleSchema", () => {
  it.each<[string, JsonSchema, unknown]>([
    ["examples first", { type: "string", examples: ["O-1024"], format: "email" }, "O-1024"],
    ["example", { type: "integer", example: 7 }, 7],
    ["const", { const: "placed" }, "placed"],
    ["first non-null enum value", { enum: [null, "open", "closed"] }, "open"],
    ["format", { type: "string", format: "date-time" }, "2024-01-15T09:30:00Z"],
    ["typical string length", { type: "string" }, "sample text of a"],
    ["maxLength", { type: "string", maxLength: 6 }, "sample"],
    ["minimum", { type: "integer", minimum: 100 }, 100],
    ["maximum", { type: "number", maximum: 3 }, 3],
    ["exclusiveMaximum", { type: "integer", exclusiveMaximum: 10 }, 9],
    ["nullable type", { type: ["null", "boolean"] }, true],
    ["a few items", { type: "array", items: { type: "integer", examples: [1] } }, [1, 1, 1]],
    ["maxItems", { type: "array", maxItems: 1, items: { const: "a" } }, ["a"]],
    ["uniqueItems", { type: "array", uniqueItems: true, items: { const: "a" } }, ["a"]],
    [
      "object",
      { type: "object", properties: { id: { type: "integer", examples: [5] }, ok: { type: "boolean" } } },
      { id: 5, ok: true },
    ],
    [
      "map",
      { type: "object", additionalProperties: { type: "integer", examples: [3] } },
      { key_1: 3, key_2: 3, key_3: 3 },
    ],
    [
      "allOf merged",
      { allOf: [{ properties: { a: { const: 1 } } }, { properties: { b: { const: 2 } } }] },
      { a: 1, b: 2 },
    ],
    ["first union branch", { oneOf: [{ type: "null" }, { const: "x" }] }, "x"],
    [
      "oneOf of required-only branches: the object with exactly the first branch's property",
      {
        type: "object",
        properties: { name: { const: "n" }, a: { const: 1 }, b: { const: 2 } },
        required: ["name"],
        oneOf: [{ required: ["a"] }, { required: ["b"] }],
      },
      { name: "n", a: 1 },
    ],
    [
      "anyOf of required-only branches: the whole object",
      {
        type: "object",
        properties: { a: { const: 1 }, b: { const: 2 } },
        anyOf: [{ required: ["a"] }, { required: ["b"] }],
      },
      { a: 1, b: 2 },
    ],
  ])("%s", (_, schema, want) => {
    expect(sampleSchema(schema, schemaLookup({}))).toEqual(want);
  });

  it("leaves out map entries it cannot sample (a recursion cut), rather than writing undefined values", () => {
    const sample = sampleSchema(
      { type: "object", additionalProperties: { $ref: "#/components/schemas/Missing" } },
      schemaLookup({}),
    );
    expect(Object.keys(sample as object)).toEqual([]);
  });

  it("stops at a recursive schema's second visit and is deterministic", () => {
    const schemas: Record<string, JsonSchema> = {
      Node: {
        type: "object",
        properties: {
          name: { type: "string", examples: ["root"] },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
    };
    const sample = sampleSchema({ $ref: "#/components/schemas/Node" }, schemaLookup(schemas));
    expect(sample).toEqual({ name: "root", children: [] });
    expect(sampleSchema({ $ref: "#/components/schemas/Node" }, schemaLookup(schemas))).toEqual(sample);
  });
});

describe("sampleSchema, example mode (the smallest valid call)", () => {
  const schemas: Record<string, JsonSchema> = {
    Domain: {
      type: "object",
      properties: {
        domain: { type: "string", example: "example.org" },
        type: { enum: ["master", "slave"] },
        ttl: { type: "integer" },
      },
    },
    SubResource: { type: "object", properties: { id: { type: "string", readOnly: true }, etag: { type: "string" } } },
    Deep: {
      type: "object",
      required: ["a"],
      properties: {
        a: { type: "object", required: ["b"], properties: { b: { $ref: "#/components/schemas/Deeper" } } },
      },
    },
    Deeper: {
      type: "object",
      required: ["c"],
      properties: {
        c: {
          type: "object",
          required: ["d"],
          properties: {
            d: { type: "array", items: { type: "object", required: ["e"], properties: { e: { type: "string" } } } },
          },
        },
      },
    },
  };
  it.each<[string, JsonSchema, unknown]>([
    [
      "required properties only",
      { type: "object", required: ["id"], properties: { id: { type: "integer" }, note: { type: "string" } } },
      { id: 42 },
    ],
    [
      // linode.com createDomain: `required` beside an `allOf` of a schema that lists the properties.
      "`required` beside `allOf` reaches the part that defines the properties",
      { allOf: [{ $ref: "#/components/schemas/Domain" }], required: ["domain", "type"] },
      { domain: "example.org", type: "master" },
    ],
    [
      // azure.com/datafactory: the resource's own `properties` beside an `allOf` of its base.
      "own properties beside `allOf` are sampled too",
      {
        type: "object",
        required: ["properties"],
        properties: { properties: { type: "object", required: ["kind"], properties: { kind: { const: "flow" } } } },
        allOf: [{ $ref: "#/components/schemas/SubResource" }],
      },
      { properties: { kind: "flow" } },
    ],
    [
      // github.com/ghes-3.2 checks/create: the parent requires properties, a branch narrows one and requires another.
      "a `oneOf` branch is sampled with its parent's properties and required ones",
      {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string" }, status: { type: "string" }, conclusion: { enum: ["success"] } },
        oneOf: [
          { properties: { status: { enum: ["completed"] } }, required: ["status", "conclusion"] },
          { properties: { status: { enum: ["queued"] } } },
        ],
      },
      { name: "sample text of a", status: "completed", conclusion: "success" },
    ],
    [
      // amazonaws.com/appmesh: required properties nested far below the input, through named schemas.
      "required properties however deep",
      { $ref: "#/components/schemas/Deep" },
      { a: { b: { c: { d: [{ e: "sample text of a" }] } } } },
    ],
    [
      // linode.com: examples that break their own schema (a number for a string, a value outside the enum).
      "a spec example that breaks its own schema is not used",
      {
        type: "object",
        required: ["card", "disk", "name"],
        properties: {
          card: { type: "string", example: 4111111111111111 },
          disk: { enum: ["raw", "ext4"], example: "ext-4" },
          name: { type: "string", pattern: "^[a-z]+$", example: "Not Lower" },
        },
      },
      { card: "sample text of a", disk: "raw", name: "a" },
    ],
    ["one array item", { type: "array", items: { type: "integer" } }, [42]],
    ["an empty map", { type: "object", additionalProperties: { type: "string" } }, {}],
    [
      "a pattern and a format: the pattern wins",
      { type: "string", format: "password", pattern: "^[^\\s@]+@[^\\s@]+$" },
      "a@a",
    ],
    ["a pattern within lengths", { type: "string", pattern: "^[a-z0-9-]+$", minLength: 3 }, "aaa"],
    // amazonaws.com/chime-sdk-messaging: 32 characters of text end in a space, which trimming took off.
    ["plain text of a minimum length", { type: "string", minLength: 32 }, "sample text of a typical lengths"],
  ])("%s", (_, schema, want) => {
    expect(sampleSchema(schema, schemaLookup(schemas), "example")).toEqual(want);
  });
});

describe("projectReturn", () => {
  it("fills each petstore goal from the spec's examples and applies its returns projection", async () => {
    const planned = await plan({ spec: PETSTORE, goals: GOALS });
    const api = planned.api!;
    const byName = new Map(planned.tools.map((t) => [t.name, projectReturn(api, t)]));
    expect(byName.get("get_order_status")?.result).toEqual({
      order_id: 1001,
      status: "placed",
      pet_id: 10,
      ship_date: "2024-02-01T12:00:00Z",
    });
    expect(byName.get("adopt_pet")?.result).toEqual({ order_id: 1001, status: "placed" });
    expect(byName.get("cancel_order")?.result).toEqual({ ok: true, status: 204 });
    const pets = byName.get("find_available_pets")!;
    expect((pets.result["items"] as unknown[]).length).toBe(3);
    expect(pets.bytes).toBe(Buffer.byteLength(JSON.stringify(pets.result)));
    expect(Object.keys(byName.get("find_customer_open_orders")!.result)).toEqual([
      "customer_id",
      "customer",
      "orders",
      "next_cursor",
    ]);
  });
});

describe("budget report", () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      "accepted as is",
      {
        type: "object",
        properties: { id: { type: "integer", minimum: 1 } },
        required: ["id"],
        additionalProperties: false,
      },
      [],
    ],
    [
      "optional property",
      { type: "object", properties: { limit: { type: "integer" } }, required: [], additionalProperties: false },
      ["optional properties: limit"],
    ],
    [
      "rejected keywords",
      {
        type: "object",
        properties: { q: { type: "string", maxLength: 5, default: "x" } },
        required: ["q"],
        additionalProperties: false,
      },
      ["keywords: default, maxLength"],
    ],
    [
      "unsupported format",
      {
        type: "object",
        properties: { u: { type: "string", format: "uri" } },
        required: ["u"],
        additionalProperties: false,
      },
      ["keywords: format uri"],
    ],
    ["open object", { type: "object", properties: {} }, ["an object without additionalProperties: false"]],
  ])("strict mode: %s", (_, schema, want) => {
    expect(strictModeProblems(schema)).toEqual(want);
  });

  it.each([
    ["get_pet", undefined],
    ["a".repeat(64), undefined],
    ["a".repeat(65), "is 65 characters (at most 64)"],
    ["get.pet", "has characters outside a-z, A-Z, 0-9, _ and -"],
  ])("name %s", (name, want) => {
    expect(nameProblem(name)).toBe(want);
  });

  it("totals the tokens against the budget and marks descriptions clients cut", () => {
    const schema = { type: "object", properties: {}, required: [], additionalProperties: false };
    const report = budgetReport(
      [
        { name: "a", description: "x".repeat(2049), inputSchema: schema, tokens: 300 },
        { name: "b c", description: "short", inputSchema: schema, tokens: 250 },
      ],
      500,
    );
    expect(report).toMatchObject({ totalTokens: 550, budget: 500, overBudget: true, upfrontTokens: 550 });
    expect(report.serving).toEqual({ mode: "all" });
    expect(report.tools.map((t) => [t.cutByClients, t.nameProblem])).toEqual([
      [true, undefined],
      [false, "has characters outside a-z, A-Z, 0-9, _ and -"],
    ]);
  });
});

describe("definition-budget over a report", () => {
  const schema = { type: "object", properties: {}, required: [], additionalProperties: false };
  const views = [
    { name: "a", description: "A.", inputSchema: schema, tokens: 300 },
    { name: "b", description: "B.", inputSchema: schema, tokens: 250 },
  ];
  const ctx = (report: BudgetReport) =>
    ({
      budget: report,
      plan: { tools: [] },
      api: { index: { file: "spec.yaml" } },
      specLine: () => 3,
      goalsLine: () => undefined,
    }) as unknown as LintContext;

  it.each([
    [
      "all listed, over",
      budgetReport(views, 500),
      "all 2 definitions listed: 550 tokens (o200k) upfront, over the budget of 500",
    ],
    ["all listed, within", budgetReport(views, 600), undefined],
    [
      "tool search, core over",
      budgetReport(views, 500, { core: ["a"], upfrontTokens: 520 }),
      "served with tool search: 1 core tool plus search_tools and call_tool listed: 520 tokens (o200k) upfront, over the budget of 500",
    ],
    ["tool search, within", budgetReport(views, 500, { core: ["a"], upfrontTokens: 480 }), undefined],
  ])("%s", (_, report, want) => {
    const findings = definitionBudget(ctx(report));
    expect(findings.map((f) => f.message)).toEqual(want === undefined ? [] : [want]);
    for (const f of findings) expect(f).toMatchObject({ file: "spec.yaml", pointer: "/paths", line: 3 });
  });
});

describe("return-over-cap hints", () => {
  const goals = (pets: unknown) => ({
    aci: 1,
    toolset: "hints",
    defaults: { maxReturnBytes: 256 },
    goals: [
      {
        name: "find_available_pets",
        description: "List pets that are available for adoption.",
        use_when: "The user wants to browse pets.",
        steps: [
          {
            id: "pets",
            operation: "findPetsByStatus",
            params: { status: ["available"] },
            outputs: { all: "$response.body" },
          },
        ],
        returns: { pets },
      },
    ],
  });
  const hintFor = async (pets: unknown): Promise<string | undefined> => {
    const result = await lint({ spec: PETSTORE, goals: goals(pets) });
    return result.findings.find((f) => f.rule === "return-over-cap")?.hint;
  };

  it("suggests projecting a whole list of objects with `each`, identifying fields first", async () => {
    expect(await hintFor("$steps.pets.outputs.all")).toMatch(
      /^return only the fields the agent needs of each pets item: pets: \{ each: \$steps\.pets\.outputs\.all, fields: \{ id: \/id, name: \/name, /,
    );
  });

  it("asks for fewer fields once the list is already projected", async () => {
    expect(
      await hintFor({
        each: "$steps.pets.outputs.all",
        fields: { id: "/id", name: "/name", photos: "/photoUrls", tags: "/tags", category: "/category" },
      }),
    ).toMatch(/^return fewer fields \(largest: pets\)/);
  });
});
