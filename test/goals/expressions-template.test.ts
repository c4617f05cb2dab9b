// Table tests: strings with `{$expr}` → Templates, and YAML values → expression / template / literal / error.

import { describe, expect, it } from "vitest";
import {
  classifyValue,
  type ExpressionErrorCode,
  parseTemplate,
  type Template,
} from "../../src/runtime/expressions/index.js";

const input = (name: string) => ({ kind: "inputs", name, pointer: [] });

/** Parts with spans removed. */
const parts = (template: Template): unknown[] => template.parts.map((p) => (typeof p === "string" ? p : p.expr));

const valid: Array<[string, { given: string; want: unknown[] }]> = [
  ["plain text", { given: "hello", want: ["hello"] }],
  ["empty", { given: "", want: [] }],
  ["one expression", { given: "Order for {$inputs.name}", want: ["Order for ", input("name")] }],
  ["only an expression", { given: "{$inputs.name}", want: [input("name")] }],
  ["adjacent expressions", { given: "{$inputs.a}{$inputs.b}", want: [input("a"), input("b")] }],
  [
    "operationPath",
    {
      given: "{$sourceDescriptions.petstoreDescription.url}#/paths/~1pet~1findByStatus/get",
      want: [
        { kind: "sourceDescription", source: "petstoreDescription", reference: "url" },
        "#/paths/~1pet~1findByStatus/get",
      ],
    },
  ],
  [
    "pointer inside braces",
    { given: "Bearer {$response.body#/token}", want: ["Bearer ", { kind: "responseBody", pointer: ["token"] }] },
  ],
  [
    "pointer may hold spaces",
    { given: "{$response.body#/first name}", want: [{ kind: "responseBody", pointer: ["first name"] }] },
  ],
  [
    "JSON payload keeps its braces",
    { given: '{"a": {"b": "{$inputs.b}"}}', want: ['{"a": {"b": "', input("b"), '"}}'] },
  ],
  ["lone braces are text", { given: "{ } {x} }}", want: ["{ } {x} }}"] }],
  [
    "{{$ escapes a literal {$",
    { given: "cost {{$inputs.a} is {$inputs.a}", want: ["cost {$inputs.a} is ", input("a")] },
  ],
  ["bare $ expression is text", { given: "scope=$inputs.scope}", want: ["scope=$inputs.scope}"] }],
  ["XML payload", { given: "<petId>{$inputs.pet_id}</petId>", want: ["<petId>", input("pet_id"), "</petId>"] }],
];

const invalid: Array<[string, { given: string; want: { code: ExpressionErrorCode; offset: number; hint: string } }]> = [
  [
    "unterminated",
    { given: "Order {$inputs.name", want: { code: "unterminated-expression", offset: 19, hint: "{$inputs.name}" } },
  ],
  ["space inside", { given: "{$inputs.a b}", want: { code: "unexpected-text", offset: 10, hint: "{$inputs.a}" } }],
  [
    "typo inside",
    { given: "Hi {$input.name}", want: { code: "unknown-root", offset: 4, hint: "did you mean $inputs?" } },
  ],
  ["typo hint mentions the escape", { given: "{$foo}", want: { code: "unknown-root", offset: 1, hint: "{{$" } }],
  ["bad pointer inside", { given: "{$response.body#id}", want: { code: "pointer-start", offset: 16, hint: "#/id" } }],
  ["empty braces name", { given: "{$}", want: { code: "expected-name", offset: 2, hint: "$inputs.NAME" } }],
];

describe("parseTemplate", () => {
  it.each(valid)("%s", (_, { given, want }) => {
    const result = parseTemplate(given);
    if (!result.ok) throw new Error(result.error.message);
    expect(parts(result.template)).toEqual(want);
  });

  it("records spans of expressions", () => {
    const result = parseTemplate("Order for {$inputs.name}!");
    expect(result.ok && result.template.parts[1]).toMatchObject({ span: { start: 10, end: 24 } });
  });

  it.each(invalid)("%s", (_, { given, want }) => {
    const result = parseTemplate(given);
    if (result.ok) throw new Error(`expected an error for ${given}`);
    expect({ code: result.error.code, offset: result.error.offset }).toEqual({ code: want.code, offset: want.offset });
    expect(result.error.hint).toContain(want.hint);
  });
});

const classified: Array<[string, { given: unknown; want: Record<string, unknown> }]> = [
  ["number", { given: 10, want: { kind: "literal", value: 10 } }],
  ["null", { given: null, want: { kind: "literal", value: null } }],
  ["object", { given: { a: 1 }, want: { kind: "literal", value: { a: 1 } } }],
  ["plain string", { given: "placed", want: { kind: "literal", value: "placed" } }],
  ["expression", { given: "$inputs.email", want: { kind: "expression", expr: input("email") } }],
  ["template", { given: "Order for {$inputs.name}", want: { kind: "template" } }],
  ["currency text", { given: "$5 off", want: { kind: "literal", value: "$5 off" } }],
  ["lone $", { given: "$", want: { kind: "literal", value: "$" } }],
  ["$ and space", { given: "$ 10", want: { kind: "literal", value: "$ 10" } }],
  ["$$ escape", { given: "$$USD", want: { kind: "literal", value: "$USD" } }],
  [
    "$$ escape keeps templates",
    { given: "$${$inputs.price}", want: { kind: "template", template: { parts: ["$", { expr: input("price") }] } } },
  ],
  ["{{$ escape only is a literal", { given: "{{$inputs.a}", want: { kind: "literal", value: "{$inputs.a}" } }],
  [
    "mistyped expression is an error",
    {
      given: "$input.email",
      want: {
        kind: "error",
        error: {
          code: "unknown-root",
          hint: 'did you mean $inputs? To send text that starts with "$", write "$$input.email".',
        },
      },
    },
  ],
  ["$ and word is an error", { given: "$USD", want: { kind: "error", error: { code: "unknown-root" } } }],
  [
    "expression with trailing text is an error",
    { given: "$inputs.a and more", want: { kind: "error", error: { code: "unexpected-text", offset: 9 } } },
  ],
  [
    "broken template is an error",
    { given: "Hi {$inputs.a", want: { kind: "error", error: { code: "unterminated-expression" } } },
  ],
  [
    "offset after $$ points into the original",
    { given: "$$ {$foo}", want: { kind: "error", error: { code: "unknown-root", offset: 4 } } },
  ],
];

describe("classifyValue", () => {
  it.each(classified)("%s", (_, { given, want }) => {
    expect(classifyValue(given)).toMatchObject(want);
  });
});
