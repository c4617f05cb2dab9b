// Table tests: data flow between steps is checked at generation time (bindings, pointers, types, expression contexts).
import { describe, expect, it } from "vitest";
import { jsonResponse, miniSpec, planGoals, summarise, type DiagnosticSummary } from "../support/planner-helpers.js";

function goal(steps: object[], extra: object = {}): object {
  return { name: "test_goal", description: "Test goal.", steps, ...extra };
}

function error(code: string, message: string, hint: string): DiagnosticSummary {
  return { code, severity: "error", message, hint };
}

const MISMATCH_INTEGER = "bind a value of type integer there, or read another field that has that type";
const MISMATCH_STRING = "bind a value of type string there, or read another field that has that type";

const table: [string, { goal: object; want: DiagnosticSummary[] }][] = [
  [
    "nested response pointers and array indexes resolve",
    {
      goal: goal([
        {
          id: "pets",
          operation: "findPetsByStatus",
          params: { status: ["available"] },
          outputs: {
            first: "$response.body#/0/id",
            category: "$response.body#/0/category/name",
            tag: "$response.body#/0/tags/0/name",
          },
        },
        { id: "pet", operation: "getPetById", params: { petId: "$steps.pets.outputs.first" } },
      ]),
      want: [],
    },
  ],
  [
    "a pointer through a paged response's items resolves, and an integer id feeds an integer path parameter",
    {
      goal: goal([
        {
          id: "orders",
          operation: "listUserOrders",
          params: { userId: "$inputs.user_id" },
          outputs: { pet: "$response.body#/items/0/petId" },
        },
        { id: "pet", operation: "getPetById", params: { petId: "$steps.orders.outputs.pet" } },
      ]),
      want: [],
    },
  ],
  [
    "a pointer that is not in the response schema, with did-you-mean",
    {
      goal: goal([
        { id: "pet", operation: "getPetById", params: { petId: 1 }, outputs: { name: "$response.body#/nmae" } },
      ]),
      want: [
        error(
          "PLAN_POINTER_NOT_IN_RESPONSE",
          '"$response.body#/nmae": the 200 response of getPetById has no "nmae" at /nmae',
          'did you mean "name"?',
        ),
      ],
    },
  ],
  [
    "a pointer deeper than the schema goes lists the properties there",
    {
      goal: goal([
        { id: "pet", operation: "getPetById", params: { petId: 1 }, outputs: { x: "$response.body#/category/zzz" } },
      ]),
      want: [
        error(
          "PLAN_POINTER_NOT_IN_RESPONSE",
          '"$response.body#/category/zzz": the 200 response of getPetById has no "zzz" at /category/zzz',
          "properties there: id, name",
        ),
      ],
    },
  ],
  [
    "a string id into an integer path parameter",
    {
      goal: goal([
        {
          id: "user",
          operation: "getUserByEmail",
          params: { email: "$inputs.email" },
          outputs: { name: "$response.body#/username" },
        },
        { id: "pet", operation: "getPetById", params: { petId: "$steps.user.outputs.name" } },
      ]),
      want: [
        error(
          "PLAN_TYPE_MISMATCH",
          '$steps.user.outputs.name yields string, but path parameter "petId" of getPetById expects integer',
          MISMATCH_INTEGER,
        ),
      ],
    },
  ],
  [
    "an integer into a string parameter does not fit either (type-fit compares JSON types, not serialisations)",
    {
      goal: goal([
        { id: "pet", operation: "getPetById", params: { petId: 1 }, outputs: { id: "$response.body#/id" } },
        { id: "user", operation: "getUserByName", params: { username: "$steps.pet.outputs.id" } },
      ]),
      want: [
        error(
          "PLAN_TYPE_MISMATCH",
          '$steps.pet.outputs.id yields integer, but path parameter "username" of getUserByName expects string',
          MISMATCH_STRING,
        ),
      ],
    },
  ],
  [
    "a nullable string fits a string; a number fits an integer (it may hold whole numbers)",
    {
      goal: goal([
        {
          id: "pet",
          operation: "getPetById",
          params: { petId: 1 },
          outputs: { chip: "$response.body#/microchipId", price: "$response.body#/price" },
        },
        { id: "user", operation: "getUserByName", params: { username: "$steps.pet.outputs.chip" } },
        { id: "again", operation: "getPetById", params: { petId: "$steps.pet.outputs.price" } },
      ]),
      want: [],
    },
  ],
  [
    "a literal of the wrong type",
    {
      goal: goal([{ id: "pets", operation: "findPetsByStatus", params: { status: ["available"], limit: "ten" } }]),
      want: [
        error(
          "PLAN_TYPE_MISMATCH",
          '"ten" yields string, but query parameter "limit" of findPetsByStatus expects integer',
          MISMATCH_INTEGER,
        ),
      ],
    },
  ],
  [
    "a template is a string",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: "{$inputs.n}0" } }]),
      want: [
        error(
          "PLAN_TYPE_MISMATCH",
          '"{$inputs.n}0" yields string, but path parameter "petId" of getPetById expects integer',
          MISMATCH_INTEGER,
        ),
      ],
    },
  ],
  [
    "a body property of the wrong type names the property",
    {
      goal: goal([{ id: "order", operation: "placeOrder", body: { petId: "$inputs.pet_id", customerId: "someone" } }]),
      want: [
        error(
          "PLAN_TYPE_MISMATCH",
          '"someone" yields string, but the request body of placeOrder property "customerId" expects integer',
          MISMATCH_INTEGER,
        ),
      ],
    },
  ],
  [
    "a response header with a schema carries its type",
    {
      goal: goal([
        {
          id: "login",
          operation: "loginUser",
          params: { username: "u", password: "p" },
          outputs: { limit: "$response.header.X-Rate-Limit" },
        },
        { id: "pet", operation: "getPetById", params: { petId: "$steps.login.outputs.limit" } },
      ]),
      want: [],
    },
  ],
  [
    "a required parameter left unbound",
    {
      goal: goal([{ id: "pet", operation: "getPetById" }]),
      want: [
        error(
          "PLAN_UNBOUND_PARAMETER",
          'step "pet" does not bind the required path parameter "petId" of getPetById',
          'add params: { petId: $inputs.pet_id } (or an earlier step\'s output) to step "pet"',
        ),
      ],
    },
  ],
  [
    "a required parameter the spec gives a default may stay unbound",
    { goal: goal([{ id: "pets", operation: "findPetsByStatus" }]), want: [] },
  ],
  [
    "a required request body left out",
    {
      goal: goal([{ id: "order", operation: "placeOrder" }]),
      want: [
        error(
          "PLAN_UNBOUND_BODY",
          'placeOrder requires a request body and step "order" gives none',
          'add body: { … } to step "order"',
        ),
      ],
    },
  ],
  [
    "a required body property left out (readOnly and defaulted ones need not be set)",
    {
      goal: goal([{ id: "order", operation: "placeOrder", body: { petId: 1 } }]),
      want: [
        error(
          "PLAN_UNBOUND_BODY",
          'the body of step "order" does not set "customerId", which placeOrder requires',
          "add customerId: $inputs.customer_id (or a literal or an earlier step's output) to the body",
        ),
      ],
    },
  ],
  [
    "a body on an operation that takes none",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: 1 }, body: { name: "x" } }]),
      want: [
        error(
          "PLAN_NO_BODY",
          'step "pet" gives a body, but getPetById takes none',
          "remove the step's body, or bind the values as parameters",
        ),
      ],
    },
  ],
  [
    "an unknown parameter, with did-you-mean",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: 1, petid: 2 } }]),
      want: [
        error(
          "PLAN_UNKNOWN_PARAMETER",
          'step "pet" binds "petid", which getPetById does not have',
          'did you mean "petId"?',
        ),
      ],
    },
  ],
  [
    "a response expression in request params",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: "$response.body#/id" } }]),
      want: [
        error(
          "PLAN_EXPRESSION_CONTEXT",
          '"$response.body#/id" reads the current response, which does not exist while the request is built',
          "declare it as a step output (outputs: { NAME: $response.body#/id }) and read it as $steps.ID.outputs.NAME",
        ),
      ],
    },
  ],
  [
    "$statusCode in returns",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: 1 } }], {
        returns: { status: "$statusCode" },
      }),
      want: [
        error(
          "PLAN_EXPRESSION_CONTEXT",
          '"$statusCode" reads the current response, which does not exist in the goal\'s returns',
          "declare it as a step output (outputs: { NAME: $statusCode }) and read it as $steps.ID.outputs.NAME",
        ),
      ],
    },
  ],
  [
    "$outputs cannot be evaluated inside one tool call",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: "$outputs.pet" } }]),
      want: [
        error(
          "PLAN_EXPRESSION_CONTEXT",
          '"$outputs.pet" (outputs) cannot be evaluated inside one tool call',
          "use $inputs.NAME, $steps.ID.outputs.NAME, or $response/$statusCode in a step's outputs and criteria",
        ),
      ],
    },
  ],
  [
    "an unknown step, with did-you-mean",
    {
      goal: goal([
        {
          id: "customer",
          operation: "getUserByEmail",
          params: { email: "$inputs.email" },
          outputs: { id: "$response.body#/id" },
        },
        { id: "orders", operation: "listUserOrders", params: { userId: "$steps.custmer.outputs.id" } },
      ]),
      want: [
        error(
          "PLAN_UNKNOWN_STEP",
          '"$steps.custmer.outputs.id" reads step "custmer", which this goal does not have',
          'did you mean "customer"?',
        ),
      ],
    },
  ],
  [
    "an unknown output, with did-you-mean",
    {
      goal: goal([
        {
          id: "customer",
          operation: "getUserByEmail",
          params: { email: "$inputs.email" },
          outputs: { id: "$response.body#/id" },
        },
        { id: "orders", operation: "listUserOrders", params: { userId: "$steps.customer.outputs.ids" } },
      ]),
      want: [
        error(
          "PLAN_UNKNOWN_OUTPUT",
          '"$steps.customer.outputs.ids": step "customer" has no output "ids"',
          'did you mean "id"?',
        ),
      ],
    },
  ],
  [
    "an expression that does not parse",
    {
      goal: goal([{ id: "pet", operation: "getPetById", params: { petId: "$steps.pet.id" } }]),
      want: [
        error(
          "PLAN_EXPRESSION_SYNTAX",
          '"$steps.pet.id": a step is referenced through its outputs (at character 12)',
          "did you mean $steps.pet.outputs.id?",
        ),
      ],
    },
  ],
  [
    "one input bound where an integer and where a string is expected",
    {
      goal: goal([
        { id: "pet", operation: "getPetById", params: { petId: "$inputs.key" } },
        { id: "user", operation: "getUserByName", params: { username: "$inputs.key" } },
      ]),
      want: [
        error(
          "PLAN_INPUT_CONFLICT",
          'input "key" is bound to getPetById path petId (integer) and to getUserByName path username (string)',
          "use two inputs, or declare the input's schema under `inputs`",
        ),
      ],
    },
  ],
  [
    "a response without a body schema is a warning, not an error",
    {
      goal: goal([
        { id: "cancel", operation: "deleteOrder", params: { orderId: 1 }, outputs: { id: "$response.body#/id" } },
      ]),
      want: [
        {
          code: "PLAN_RESPONSE_UNTYPED",
          severity: "warning",
          message: '"$response.body#/id" cannot be checked: the 204 response of deleteOrder declares no body schema',
          hint: "add a schema for the success response to the spec so the pointer can be checked; at run time a missing value stops the goal with NOT_FOUND",
        },
      ],
    },
  ],
  [
    "the value of an unknown parameter is still checked, and its input is not reported unused",
    {
      goal: goal(
        [
          {
            id: "pet",
            operation: "getPetById",
            params: { petId: 1, petid: "$steps.pets.outputs.id", owner: "$inputs.owner" },
          },
        ],
        { inputs: { owner: { type: "string" } } },
      ),
      want: [
        error(
          "PLAN_UNKNOWN_PARAMETER",
          'step "pet" binds "petid", which getPetById does not have',
          'did you mean "petId"?',
        ),
        error(
          "PLAN_UNKNOWN_STEP",
          '"$steps.pets.outputs.id" reads step "pets", which this goal does not have',
          'did you mean "pet"?',
        ),
        error(
          "PLAN_UNKNOWN_PARAMETER",
          'step "pet" binds "owner", which getPetById does not have',
          "its parameters are petId",
        ),
      ],
    },
  ],
  [
    "a JSONPath criterion that does not compile",
    {
      goal: goal([
        {
          id: "pets",
          operation: "findPetsByStatus",
          success_criteria: [{ condition: "$[?@.status ==]", context: "$response.body", type: "jsonpath" }],
        },
      ]),
      want: [error("PLAN_UNSUPPORTED_CRITERION", "", "write an RFC 9535 JSONPath query, e.g. $[?@.status == 'open']")],
    },
  ],
];

describe("data flow", () => {
  it.each(table)("%s", async (_name, { goal: g, want }) => {
    const result = await planGoals(g);
    const found = summarise(result.diagnostics);
    if (want.length === 1 && want[0]!.message === "") {
      expect(found.map((d) => ({ ...d, message: "" }))).toEqual(want);
      expect(found[0]!.message).toMatch(/^JSONPath "\$\[\?@\.status ==\]" does not compile: /);
      return;
    }
    expect(found).toEqual(want);
    expect(result.tools).toHaveLength(want.some((d) => d.severity === "error") ? 0 : 1);
  });
});

describe("outputs of a step that succeeds with 200 or 201", () => {
  const spec = miniSpec({
    "/customers": {
      post: {
        operationId: "createCustomer",
        responses: {
          ...jsonResponse({ type: "object", properties: { reasonCode: { type: "string" } } }, "200"),
          ...jsonResponse(
            {
              type: "object",
              properties: { links: { type: "object", properties: { self: { type: "string", format: "uri" } } } },
            },
            "201",
          ),
        },
      },
    },
  });
  const cases: [string, string, DiagnosticSummary[]][] = [
    ["a pointer into the 201 body resolves", "$response.body#/links/self", []],
    ["a pointer into the 200 body resolves", "$response.body#/reasonCode", []],
    [
      "a pointer in neither is reported against the response it gets furthest in",
      "$response.body#/links/other",
      [
        error(
          "PLAN_POINTER_NOT_IN_RESPONSE",
          '"$response.body#/links/other": the 201 response of createCustomer has no "other" at /links/other',
          "properties there: self",
        ),
      ],
    ],
    [
      "a pointer that fails at once in both is reported against the success response",
      "$response.body#/reason",
      [
        error(
          "PLAN_POINTER_NOT_IN_RESPONSE",
          '"$response.body#/reason": the 200 response of createCustomer has no "reason" at /reason',
          'did you mean "reasonCode"?',
        ),
      ],
    ],
  ];
  it.each(cases)("%s", async (_name, pointer, want) => {
    const result = await planGoals(
      goal([{ id: "create", operation: "createCustomer", outputs: { value: pointer } }]),
      spec,
    );
    expect(summarise(result.diagnostics)).toEqual(want);
  });
});

describe("parameters named alike in two locations", () => {
  const spec = miniSpec({
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "id", in: "query", schema: { type: "string" } },
        ],
        responses: jsonResponse({ type: "object" }),
      },
    },
  });

  it("binding by name alone is ambiguous", async () => {
    const result = await planGoals(goal([{ id: "thing", operation: "getThing", params: { id: "$inputs.id" } }]), spec);
    expect(summarise(result.diagnostics)).toEqual([
      error(
        "PLAN_AMBIGUOUS_PARAMETER",
        '"id" is a parameter of getThing in path and query',
        "add `in: path` (or another location) to the binding",
      ),
      error(
        "PLAN_UNBOUND_PARAMETER",
        'step "thing" does not bind the required path parameter "id" of getThing',
        'add params: { id: $inputs.id } (or an earlier step\'s output) to step "thing"',
      ),
    ]);
  });
});
