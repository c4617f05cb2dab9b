// Table tests: parsed expressions, templates, conditions and criteria evaluated against a run context.

import { describe, expect, it } from "vitest";
import {
  type Condition,
  type EvaluationContext,
  type Expression,
  evaluate,
  evaluateCondition,
  evaluateCriterion,
  looseEquals,
  parseCondition,
  parseCriterion,
  parseExpression,
  parseTemplate,
  referencesOf,
  renderTemplate,
  resolvePointer,
  type Template,
} from "../../src/runtime/expressions/index.js";

const context: EvaluationContext = {
  inputs: { name: "Ada", customer: { firstName: "Ada", address: { city: "London" } }, tags: ["a", "b"], zero: 0 },
  outputs: { order_id: 7 },
  steps: {
    find: { outputs: { pets: [{ id: 1, name: "Rex" }, { id: 2 }], empty: [] } },
    noOutputs: {},
  },
  workflows: { other: { inputs: { user: "u1" }, outputs: { mapped: { name: "m" } } } },
  statusCode: 200,
  url: "https://api.example.com/pets?status=available",
  method: "GET",
  request: {
    headers: { "Content-Type": "application/json", "x-multi": ["first", "second"] },
    query: { status: "available" },
    path: { id: "42" },
    body: { user: { uuid: "u-1" } },
  },
  response: {
    headers: { location: "/orders/7", "x-rate-limit": "100", "x-count": 3 },
    body: {
      status: "Available",
      "a/b": "slash",
      "c~d": "tilde",
      "~1": "literal tilde-one",
      "": "empty key",
      "first name": "spaced",
      items: [{ name: "x" }, { name: "y" }],
      nested: { deep: { value: true } },
      token: null,
      count: 3,
    },
  },
  components: { parameters: { page: { name: "page", in: "query", value: 1 } } },
  sourceDescriptions: { petstore: { url: "https://example.com/openapi.yaml" } },
  config: { account_sid: "AC0123456789abcdef0123456789abcdef", port: 8080 },
};

function expr(text: string): Expression {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.expr;
}

const values: Array<[string, { given: string; want: unknown }]> = [
  ["$url", { given: "$url", want: "https://api.example.com/pets?status=available" }],
  ["$method", { given: "$method", want: "GET" }],
  ["$statusCode", { given: "$statusCode", want: 200 }],
  ["request header any case", { given: "$request.header.content-type", want: "application/json" }],
  ["repeated header gives the first", { given: "$request.header.X-Multi", want: "first" }],
  ["response header any case", { given: "$response.header.Location", want: "/orders/7" }],
  ["numeric header becomes text", { given: "$response.header.X-Count", want: "3" }],
  ["missing header", { given: "$response.header.Retry-After", want: undefined }],
  ["request query", { given: "$request.query.status", want: "available" }],
  ["request path", { given: "$request.path.id", want: "42" }],
  ["request body pointer", { given: "$request.body#/user/uuid", want: "u-1" }],
  ["whole response body", { given: "$response.body#/nested", want: { deep: { value: true } } }],
  ["deep pointer", { given: "$response.body#/nested/deep/value", want: true }],
  ["~1 decodes to /", { given: "$response.body#/a~1b", want: "slash" }],
  ["~0 decodes to ~", { given: "$response.body#/c~0d", want: "tilde" }],
  ["~01 decodes to ~1, not /", { given: "$response.body#/~01", want: "literal tilde-one" }],
  ["empty token is the empty key", { given: "$response.body#/", want: "empty key" }],
  ["token with space", { given: "$response.body#/first name", want: "spaced" }],
  ["array by index", { given: "$response.body#/items/1/name", want: "y" }],
  ["array index out of range", { given: "$response.body#/items/2", want: undefined }],
  ["array index with leading zero", { given: "$response.body#/items/01", want: undefined }],
  ["array '-' is missing", { given: "$response.body#/items/-", want: undefined }],
  ["array length is not an index", { given: "$response.body#/items/length", want: undefined }],
  ["string is not indexable", { given: "$response.body#/status/0", want: undefined }],
  ["string length is missing", { given: "$response.body#/status/length", want: undefined }],
  ["null value is kept", { given: "$response.body#/token", want: null }],
  ["below null is missing", { given: "$response.body#/token/x", want: undefined }],
  ["missing key", { given: "$response.body#/nope", want: undefined }],
  ["input", { given: "$inputs.name", want: "Ada" }],
  ["input zero stays zero", { given: "$inputs.zero", want: 0 }],
  ["input pointer", { given: "$inputs.customer#/firstName", want: "Ada" }],
  ["input dotted path", { given: "$inputs.customer.address.city", want: "London" }],
  ["input array item", { given: "$inputs.tags#/1", want: "b" }],
  ["missing input", { given: "$inputs.email", want: undefined }],
  ["workflow output", { given: "$outputs.order_id", want: 7 }],
  ["step output", { given: "$steps.find.outputs.pets#/0/name", want: "Rex" }],
  ["step output empty list", { given: "$steps.find.outputs.empty", want: [] }],
  ["step without outputs", { given: "$steps.noOutputs.outputs.x", want: undefined }],
  ["unknown step", { given: "$steps.later.outputs.x", want: undefined }],
  ["other workflow input", { given: "$workflows.other.inputs.user", want: "u1" }],
  ["other workflow output pointer", { given: "$workflows.other.outputs.mapped#/name", want: "m" }],
  ["component parameter", { given: "$components.parameters.page", want: { name: "page", in: "query", value: 1 } }],
  ["source description url", { given: "$sourceDescriptions.petstore.url", want: "https://example.com/openapi.yaml" }],
  ["configured text", { given: "$config.account_sid", want: "AC0123456789abcdef0123456789abcdef" }],
  ["configured number keeps its type", { given: "$config.port", want: 8080 }],
  ["configured value not set", { given: "$config.region", want: undefined }],
];

const pollution: Array<[string, { given: string }]> = [
  ["__proto__ of the body", { given: "$response.body#/__proto__" }],
  ["constructor of the body", { given: "$response.body#/constructor" }],
  ["constructor.prototype", { given: "$response.body#/constructor/prototype" }],
  ["toString", { given: "$response.body#/toString" }],
  ["hasOwnProperty", { given: "$response.body#/hasOwnProperty" }],
  ["__proto__ input", { given: "$inputs.__proto__" }],
  ["constructor input", { given: "$inputs.constructor" }],
  ["__proto__ step id", { given: "$steps.__proto__.outputs.x" }],
  ["constructor step", { given: "$steps.constructor.outputs.name" }],
  ["__proto__ header", { given: "$response.header.__proto__" }],
  ["constructor header", { given: "$response.header.constructor" }],
  ["array constructor", { given: "$response.body#/items/constructor" }],
  ["__proto__ component section", { given: "$components.parameters.__proto__" }],
  ["__proto__ config", { given: "$config.__proto__" }],
  ["constructor config", { given: "$config.constructor" }],
];

describe("evaluate", () => {
  it.each(values)("%s", (_, { given, want }) => {
    expect(evaluate(expr(given), context)).toEqual(want);
  });

  it.each(pollution)("never reaches Object.prototype: %s", (_, { given }) => {
    expect(evaluate(expr(given), context)).toBeUndefined();
  });

  it("reads an own __proto__ key (as JSON.parse makes it) as data, not as the prototype", () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    expect(evaluate(expr("$response.body#/__proto__/polluted"), { response: { body } })).toBe(true);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("works on null-prototype objects", () => {
    const inputs = Object.assign(Object.create(null) as object, { a: 1 });
    expect(evaluate(expr("$inputs.a"), { inputs })).toBe(1);
  });

  it("reads fetch Headers case-insensitively", () => {
    const headers = new Headers({ "X-Request-Id": "abc" });
    expect(evaluate(expr("$response.header.x-request-id"), { response: { headers } })).toBe("abc");
    expect(evaluate(expr("$response.header.missing"), { response: { headers } })).toBeUndefined();
  });

  it("is undefined for every kind when the context is empty", () => {
    for (const [, { given }] of values) expect(evaluate(expr(given), {})).toBeUndefined();
  });
});

describe("resolvePointer", () => {
  it.each([
    ["numbers index arrays", { given: [["a", "b"], [1]], want: "b" }],
    ["empty pointer is the value", { given: [{ a: 1 }, []], want: { a: 1 } }],
    ["primitives have no children", { given: [5, ["toFixed"]], want: undefined }],
    ["functions are not followed", { given: [{ f: () => 1 }, ["f", "name"]], want: undefined }],
  ] as const)("%s", (_, { given, want }) => {
    expect(resolvePointer(given[0], given[1])).toEqual(want);
  });
});

function template(text: string): Template {
  const result = parseTemplate(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.template;
}

describe("renderTemplate", () => {
  it.each([
    ["text and value", { given: "Order for {$inputs.name}", want: "Order for Ada" }],
    ["number", { given: "status {$statusCode}", want: "status 200" }],
    ["object as JSON", { given: "{$inputs.tags}", want: '["a","b"]' }],
    ["null as JSON", { given: "token={$response.body#/token}", want: "token=null" }],
    ["escaped literal", { given: "{{$inputs.name} is {$inputs.name}", want: "{$inputs.name} is Ada" }],
    [
      "operationPath",
      {
        given: "{$sourceDescriptions.petstore.url}#/paths/~1pets/get",
        want: "https://example.com/openapi.yaml#/paths/~1pets/get",
      },
    ],
    ["missing value makes the whole result missing", { given: "Hi {$inputs.email}", want: undefined }],
    ["plain text", { given: "no expressions", want: "no expressions" }],
  ])("%s", (_, { given, want }) => {
    expect(renderTemplate(template(given), context)).toBe(want);
  });
});

function condition(text: string): Condition {
  const result = parseCondition(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.condition;
}

const conditions: Array<[string, { given: string; want: boolean }]> = [
  ["status equals", { given: "$statusCode == 200", want: true }],
  ["status differs", { given: "$statusCode == 201", want: false }],
  ["or", { given: "$statusCode == 200 || $statusCode == 201", want: true }],
  ["and short", { given: "$statusCode == 201 && $inputs.missing", want: false }],
  ["case-insensitive string ==", { given: "$response.body#/status == 'available'", want: true }],
  ["case-insensitive string !=", { given: "$response.body#/status != 'AVAILABLE'", want: false }],
  ["numeric header vs number", { given: "$response.header.X-Rate-Limit > 10", want: true }],
  ["number vs numeric string", { given: "$request.path.id == 42", want: true }],
  ["string ordering is case-insensitive", { given: "$response.body#/status > 'a'", want: true }],
  ["missing equals null", { given: "$response.body#/redirectAuthToken == null", want: true }],
  ["missing is not != null", { given: "$response.body#/redirectAuthToken != null", want: false }],
  ["null value equals null", { given: "$response.body#/token == null", want: true }],
  ["missing has no order", { given: "$inputs.missing > 0", want: false }],
  ["missing has no order either way", { given: "$inputs.missing <= 0", want: false }],
  ["missing != value", { given: "$inputs.missing != 1", want: true }],
  ["boolean", { given: "$response.body#/nested/deep/value == true", want: true }],
  ["boolean vs 'true'", { given: "$response.body#/nested/deep/value == 'TRUE'", want: true }],
  ["boolean is not 1", { given: "$response.body#/nested/deep/value == 1", want: false }],
  ["bare truthy value", { given: "$response.body#/nested/deep/value", want: true }],
  ["bare zero is false", { given: "$inputs.zero", want: false }],
  ["not", { given: "!$inputs.missing", want: true }],
  ["not comparison", { given: "!$statusCode == 200", want: false }],
  ["index accessor", { given: "$response.body#/items[1].name == 'Y'", want: true }],
  ["quoted accessor", { given: "$response.body['first name'] == 'spaced'", want: true }],
  ["accessor never reaches the prototype", { given: "$response.body['constructor'] == null", want: true }],
  ["step output", { given: "$steps.find.outputs.pets#/0/id >= 1", want: true }],
  ["objects compare as JSON", { given: "$response.body#/nested == $response.body#/nested", want: true }],
  ["grouping", { given: "($statusCode == 500 || $statusCode == 200) && $response.body#/count == 3", want: true }],
  ["braces grouping", { given: "{$statusCode == 401}", want: false }],
  ["literal quote", { given: "'it''s' == 'IT''S'", want: true }],
];

describe("evaluateCondition", () => {
  it.each(conditions)("%s", (_, { given, want }) => {
    expect(evaluateCondition(condition(given), context)).toBe(want);
  });
});

describe("looseEquals", () => {
  it.each([
    ["NaN never equals", [Number.NaN, Number.NaN], false],
    [
      "arrays by content",
      [
        [1, "a"],
        [1, "a"],
      ],
      true,
    ],
    ["arrays differ", [[1], [1, 2]], false],
    ["array is not object", [[], {}], false],
    ["blank string is not 0", ["", 0], false],
    ["undefined equals null", [undefined, null], true],
  ] as const)("%s", (_, [a, b], want) => {
    expect(looseEquals(a, b)).toBe(want);
  });
});

describe("evaluateCriterion", () => {
  it.each([
    ["simple", { given: { condition: "$statusCode == 200" }, want: true }],
    ["regex on a number", { given: { condition: "^200$", type: "regex", context: "$statusCode" }, want: true }],
    [
      "regex on a string",
      { given: { condition: "^/orders/\\d+$", type: "regex", context: "$response.header.Location" }, want: true },
    ],
    [
      "regex with u flag",
      { given: { condition: "^\\p{Lu}", type: "regex", context: "$response.body#/status" }, want: true },
    ],
    ["regex on missing", { given: { condition: ".*", type: "regex", context: "$response.header.Nope" }, want: false }],
    ["regex on an object", { given: { condition: ".*", type: "regex", context: "$response.body" }, want: false }],
  ])("%s", (_, { given, want }) => {
    const parsed = parseCriterion(given);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(evaluateCriterion(parsed.criterion, context)).toBe(want);
    expect(evaluateCriterion(parsed.criterion, context)).toBe(want);
  });
});

describe("referencesOf", () => {
  it.each([
    [
      "expression",
      { given: expr("$steps.find.outputs.pets#/0"), want: { inputs: [], steps: ["find"], outputs: [], workflows: [] } },
    ],
    [
      "template",
      {
        given: template("{$inputs.a}/{$inputs.b}/{$inputs.a}"),
        want: { inputs: ["a", "b"], steps: [], outputs: [], workflows: [] },
      },
    ],
    [
      "condition",
      {
        given: condition("$steps.b.outputs.x == $inputs.y || !($outputs.z > $steps.a.outputs.w)"),
        want: { inputs: ["y"], steps: ["b", "a"], outputs: ["z"], workflows: [] },
      },
    ],
    [
      "workflow",
      {
        given: expr("$workflows.other.inputs.user"),
        want: { inputs: [], steps: [], outputs: [], workflows: ["other"] },
      },
    ],
    [
      "configured value in a template",
      {
        given: template("/Accounts/{$config.account_sid}/{$inputs.sid}"),
        want: { inputs: ["sid"], steps: [], outputs: [], workflows: [], config: ["account_sid"] },
      },
    ],
    [
      "response only",
      { given: condition("$statusCode == 200"), want: { inputs: [], steps: [], outputs: [], workflows: [] } },
    ],
  ])("%s", (_, { given, want }) => {
    expect(referencesOf(given)).toMatchObject(want);
  });

  it("lists every expression of a criterion, context first", () => {
    const parsed = parseCriterion({ condition: "^2", type: "regex", context: "$steps.s.outputs.code" });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(referencesOf(parsed.criterion)).toMatchObject({ steps: ["s"], expressions: [{ kind: "stepOutput" }] });
  });

  it("keeps pointers for data-flow checks", () => {
    expect(referencesOf(condition("$response.body#/a/b == 1")).expressions).toEqual([
      { kind: "responseBody", pointer: ["a", "b"] },
    ]);
  });
});
