// Table tests: runtime-expression text → Expression AST, or error code + offset + hint.

import { describe, expect, it } from "vitest";
import {
  type Expression,
  type ExpressionErrorCode,
  formatExpression,
  parseExpression,
} from "../../src/runtime/expressions/index.js";

const valid: Array<[string, { given: string; want: Expression }]> = [
  ["$url", { given: "$url", want: { kind: "url" } }],
  ["$method", { given: "$method", want: { kind: "method" } }],
  ["$statusCode", { given: "$statusCode", want: { kind: "statusCode" } }],
  ["request header", { given: "$request.header.accept", want: { kind: "requestHeader", name: "accept" } }],
  [
    "header with tchar punctuation",
    { given: "$request.header.X-Rate_Limit.v2!", want: { kind: "requestHeader", name: "X-Rate_Limit.v2!" } },
  ],
  ["request query", { given: "$request.query.page", want: { kind: "requestQuery", name: "page" } }],
  [
    "query with brackets",
    { given: "$request.query.filter[status]", want: { kind: "requestQuery", name: "filter[status]" } },
  ],
  ["request path", { given: "$request.path.id", want: { kind: "requestPath", name: "id" } }],
  ["request body", { given: "$request.body", want: { kind: "requestBody", pointer: [] } }],
  [
    "request body pointer",
    { given: "$request.body#/user/uuid", want: { kind: "requestBody", pointer: ["user", "uuid"] } },
  ],
  ["response header", { given: "$response.header.Location", want: { kind: "responseHeader", name: "Location" } }],
  ["response body", { given: "$response.body", want: { kind: "responseBody", pointer: [] } }],
  ["response body empty pointer", { given: "$response.body#", want: { kind: "responseBody", pointer: [] } }],
  ["response body root pointer", { given: "$response.body#/", want: { kind: "responseBody", pointer: [""] } }],
  ["array index pointer", { given: "$response.body#/0/id", want: { kind: "responseBody", pointer: ["0", "id"] } }],
  [
    "pointer escapes ~0 ~1",
    { given: "$response.body#/a~1b/c~0d/~01", want: { kind: "responseBody", pointer: ["a/b", "c~d", "~1"] } },
  ],
  [
    "pointer with spaces and unicode",
    { given: "$response.body#/first name/prénom", want: { kind: "responseBody", pointer: ["first name", "prénom"] } },
  ],
  [
    "pointer with empty tokens",
    { given: "$response.body#//x/", want: { kind: "responseBody", pointer: ["", "x", ""] } },
  ],
  ["inputs", { given: "$inputs.username", want: { kind: "inputs", name: "username", pointer: [] } }],
  ["config", { given: "$config.account_sid", want: { kind: "config", name: "account_sid" } }],
  ["config with hyphen", { given: "$config.region-id", want: { kind: "config", name: "region-id" } }],
  ["inputs with hyphen", { given: "$inputs.x-store-id", want: { kind: "inputs", name: "x-store-id", pointer: [] } }],
  [
    "inputs pointer",
    { given: "$inputs.customer#/firstName", want: { kind: "inputs", name: "customer", pointer: ["firstName"] } },
  ],
  [
    "inputs dotted path",
    {
      given: "$inputs.customer.address.city",
      want: { kind: "inputs", name: "customer", pointer: ["address", "city"] },
    },
  ],
  [
    "inputs dotted path then pointer",
    { given: "$inputs.a.b#/0", want: { kind: "inputs", name: "a", pointer: ["b", "0"] } },
  ],
  ["outputs", { given: "$outputs.bar", want: { kind: "outputs", name: "bar", pointer: [] } }],
  [
    "outputs name with dots",
    { given: "$outputs.my.org.id", want: { kind: "outputs", name: "my.org.id", pointer: [] } },
  ],
  [
    "step output",
    {
      given: "$steps.someStepId.outputs.pets",
      want: { kind: "stepOutput", stepId: "someStepId", name: "pets", pointer: [] },
    },
  ],
  [
    "step output pointer",
    {
      given: "$steps.someStepId.outputs.pets#/0/id",
      want: { kind: "stepOutput", stepId: "someStepId", name: "pets", pointer: ["0", "id"] },
    },
  ],
  [
    "step id with hyphen",
    {
      given: "$steps.do-the-auth-flow.outputs.my_refresh_token",
      want: { kind: "stepOutput", stepId: "do-the-auth-flow", name: "my_refresh_token", pointer: [] },
    },
  ],
  [
    "workflow inputs",
    {
      given: "$workflows.foo.inputs.username",
      want: { kind: "workflow", workflowId: "foo", field: "inputs", name: "username", pointer: [] },
    },
  ],
  [
    "workflow outputs pointer",
    {
      given: "$workflows.foo.outputs.mappedResponse#/name",
      want: { kind: "workflow", workflowId: "foo", field: "outputs", name: "mappedResponse", pointer: ["name"] },
    },
  ],
  [
    "source description url",
    {
      given: "$sourceDescriptions.petstore.url",
      want: { kind: "sourceDescription", source: "petstore", reference: "url" },
    },
  ],
  [
    "source description operation",
    {
      given: "$sourceDescriptions.pet-store.findPetsByStatus",
      want: { kind: "sourceDescription", source: "pet-store", reference: "findPetsByStatus" },
    },
  ],
  [
    "components parameters",
    { given: "$components.parameters.page", want: { kind: "component", section: "parameters", name: "page" } },
  ],
  [
    "components inputs",
    { given: "$components.inputs.pagination", want: { kind: "component", section: "inputs", name: "pagination" } },
  ],
  [
    "components successActions",
    {
      given: "$components.successActions.notify",
      want: { kind: "component", section: "successActions", name: "notify" },
    },
  ],
  [
    "components failureActions dotted",
    {
      given: "$components.failureActions.my.org.refresh",
      want: { kind: "component", section: "failureActions", name: "my.org.refresh" },
    },
  ],
];

interface WantError {
  code: ExpressionErrorCode;
  offset: number;
  hint: string;
}

const invalid: Array<[string, { given: string; want: WantError }]> = [
  ["empty", { given: "", want: { code: "empty", offset: 0, hint: "$inputs.NAME" } }],
  ["no dollar", { given: "inputs.name", want: { code: "expected-dollar", offset: 0, hint: "$inputs.NAME" } }],
  [
    "braced whole value",
    { given: "{$inputs.name}", want: { code: "expected-dollar", offset: 0, hint: "without braces: $inputs.name" } },
  ],
  ["bare dollar", { given: "$", want: { code: "expected-name", offset: 1, hint: "$inputs.NAME" } }],
  [
    "$step typo",
    { given: "$step.x.outputs.y", want: { code: "unknown-root", offset: 0, hint: "did you mean $steps?" } },
  ],
  ["$input typo", { given: "$input.name", want: { code: "unknown-root", offset: 0, hint: "did you mean $inputs?" } }],
  ["case typo", { given: "$statuscode", want: { code: "unknown-root", offset: 0, hint: "did you mean $statusCode?" } }],
  [
    "$resposne typo",
    { given: "$resposne.body", want: { code: "unknown-root", offset: 0, hint: "did you mean $response?" } },
  ],
  [
    "missing dot after root",
    { given: "$responsebody#/id", want: { code: "unknown-root", offset: 0, hint: "did you mean $response.body?" } },
  ],
  ["unknown root", { given: "$foo", want: { code: "unknown-root", offset: 0, hint: "expected one of $url" } }],
  ["$configs typo", { given: "$configs.x", want: { code: "unknown-root", offset: 0, hint: "did you mean $config?" } }],
  [
    "config without name",
    { given: "$config.", want: { code: "expected-name", offset: 8, hint: "$config.account_sid" } },
  ],
  ["config without dot", { given: "$config", want: { code: "expected-dot", offset: 7, hint: "$config.NAME" } }],
  [
    "config with a pointer",
    { given: "$config.account#/a", want: { code: "unexpected-text", offset: 15, hint: "{$config.account}#/a" } },
  ],
  ["root without dot", { given: "$inputs", want: { code: "expected-dot", offset: 7, hint: "$inputs.NAME" } }],
  ["root then other char", { given: "$inputs#/a", want: { code: "expected-dot", offset: 7, hint: "$inputs.NAME" } }],
  ["empty input name", { given: "$inputs.", want: { code: "expected-name", offset: 8, hint: "$inputs.customer" } }],
  [
    "empty dotted segment",
    { given: "$inputs.a.", want: { code: "expected-name", offset: 10, hint: "$inputs.a.email" } },
  ],
  [
    "bad char in input name",
    { given: "$inputs.na*me", want: { code: "unexpected-text", offset: 10, hint: "{$inputs.na}*me" } },
  ],
  [
    "space after expression",
    { given: "$inputs.name please", want: { code: "unexpected-text", offset: 12, hint: "cannot contain spaces" } },
  ],
  [
    "$statusCode with suffix",
    { given: "$statusCode.value", want: { code: "unexpected-text", offset: 11, hint: 'remove ".value"' } },
  ],
  [
    "request unknown source",
    {
      given: "$request.headers.accept",
      want: { code: "unknown-source", offset: 9, hint: "did you mean $request.header?" },
    },
  ],
  [
    "response query",
    { given: "$response.query.page", want: { code: "unknown-source", offset: 10, hint: "$request.query.NAME" } },
  ],
  [
    "response path",
    {
      given: "$response.path.id",
      want: { code: "unknown-source", offset: 10, hint: "a response has only header and body" },
    },
  ],
  [
    "response nothing",
    { given: "$response.", want: { code: "unknown-source", offset: 10, hint: "$response.header, $response.body" } },
  ],
  [
    "empty header name",
    { given: "$response.header.", want: { code: "expected-name", offset: 17, hint: "$response.header.Content-Type" } },
  ],
  [
    "header with invalid char",
    { given: "$response.header.X(1)", want: { code: "unexpected-text", offset: 18, hint: "remove" } },
  ],
  [
    "header no dot",
    { given: "$request.header", want: { code: "expected-dot", offset: 15, hint: "$request.header.Content-Type" } },
  ],
  [
    "empty query name",
    { given: "$request.query.", want: { code: "expected-name", offset: 15, hint: "$request.query.id" } },
  ],
  [
    "body dot path",
    {
      given: "$response.body.status",
      want: { code: "body-needs-pointer", offset: 14, hint: "$response.body#/status" },
    },
  ],
  [
    "body nested dot path",
    { given: "$response.body.a.b", want: { code: "body-needs-pointer", offset: 14, hint: "$response.body#/a/b" } },
  ],
  [
    "body slash without hash",
    { given: "$request.body/id", want: { code: "body-needs-pointer", offset: 13, hint: "$request.body#/id" } },
  ],
  [
    "pointer without slash",
    { given: "$response.body#status", want: { code: "pointer-start", offset: 15, hint: "#/status" } },
  ],
  ["bad escape ~2", { given: "$response.body#/a~2b", want: { code: "pointer-escape", offset: 17, hint: "~0" } }],
  ["trailing ~", { given: "$response.body#/a~", want: { code: "pointer-escape", offset: 17, hint: "~1" } }],
  [
    "steps without outputs",
    {
      given: "$steps.find.id",
      want: { code: "missing-outputs", offset: 12, hint: "did you mean $steps.find.outputs.id?" },
    },
  ],
  [
    "steps output typo",
    {
      given: "$steps.find.output.id",
      want: { code: "unknown-field", offset: 12, hint: "did you mean $steps.find.outputs.id?" },
    },
  ],
  [
    "steps id only",
    { given: "$steps.find", want: { code: "missing-outputs", offset: 11, hint: "$steps.find.outputs.NAME" } },
  ],
  [
    "steps read like a response",
    {
      given: "$steps.messages.response.body#/messages",
      want: {
        code: "missing-outputs",
        offset: 16,
        hint: "declare it on the step, outputs: { messages: $response.body#/messages }, then use $steps.messages.outputs.messages",
      },
    },
  ],
  [
    "steps empty id",
    { given: "$steps..outputs.x", want: { code: "expected-name", offset: 7, hint: "$steps.ID.outputs.NAME" } },
  ],
  [
    "steps empty output",
    { given: "$steps.find.outputs.", want: { code: "expected-name", offset: 20, hint: "$steps.find.outputs.id" } },
  ],
  [
    "workflows bad field",
    {
      given: "$workflows.foo.output.x",
      want: { code: "unknown-field", offset: 15, hint: "did you mean $workflows.foo.outputs?" },
    },
  ],
  [
    "workflows missing field",
    { given: "$workflows.foo", want: { code: "expected-dot", offset: 14, hint: "$workflows.foo.outputs.NAME" } },
  ],
  [
    "components bad section",
    {
      given: "$components.parameter.page",
      want: { code: "unknown-field", offset: 12, hint: "did you mean $components.parameters?" },
    },
  ],
  [
    "components unknown section",
    {
      given: "$components.schemas.Pet",
      want: { code: "unknown-field", offset: 12, hint: "expected one of $components.parameters" },
    },
  ],
  [
    "components missing name",
    {
      given: "$components.parameters",
      want: { code: "expected-dot", offset: 22, hint: "$components.parameters.NAME" },
    },
  ],
  [
    "source description missing reference",
    {
      given: "$sourceDescriptions.petstore",
      want: { code: "expected-dot", offset: 28, hint: "$sourceDescriptions.petstore.url" },
    },
  ],
];

describe("parseExpression: valid", () => {
  it.each(valid)("%s", (_, { given, want }) => {
    const result = parseExpression(given);
    expect(result).toEqual({ ok: true, expr: want });
  });

  it.each(valid)("%s round-trips through formatExpression", (_, { want }) => {
    expect(parseExpression(formatExpression(want))).toEqual({ ok: true, expr: want });
  });
});

describe("parseExpression: errors", () => {
  it.each(invalid)("%s", (_, { given, want }) => {
    const result = parseExpression(given);
    if (result.ok) throw new Error(`expected an error for ${given}`);
    expect({ code: result.error.code, offset: result.error.offset }).toEqual({ code: want.code, offset: want.offset });
    expect(result.error.hint).toContain(want.hint);
    expect(result.error.message).not.toBe("");
  });
});

describe("formatExpression", () => {
  it.each([
    ["dotted input path becomes a pointer", "$inputs.a.b", "$inputs.a#/b"],
    ["escapes ~ and /", "$response.body#/a~1b/c~0d", "$response.body#/a~1b/c~0d"],
    ["drops an empty #", "$response.body#", "$response.body"],
  ])("%s", (_, given, want) => {
    const result = parseExpression(given);
    expect(result.ok && formatExpression(result.expr)).toBe(want);
  });
});
