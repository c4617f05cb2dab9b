// Table tests: simple-condition and Criterion Object text → Condition / Criterion, or error code + offset + hint.

import { describe, expect, it } from "vitest";
import {
  type Condition,
  type CriterionInput,
  type ExpressionErrorCode,
  type Operand,
  parseCondition,
  parseCriterion,
} from "../../src/runtime/expressions/index.js";

/** The condition with spans removed, so tables state only the shape. */
function shape(condition: Condition): unknown {
  const operand = (o: Operand): unknown =>
    o.kind === "literal"
      ? { lit: o.value }
      : o.accessors.length === 0
        ? o.expr
        : { expr: o.expr, accessors: o.accessors };
  switch (condition.kind) {
    case "or":
    case "and":
      return { [condition.kind]: condition.operands.map(shape) };
    case "not":
      return { not: shape(condition.operand) };
    case "compare":
      return [operand(condition.left), condition.op, operand(condition.right)];
    case "test":
      return { test: operand(condition.operand) };
  }
}

const status = { kind: "statusCode" };
const body = (...pointer: string[]) => ({ kind: "responseBody", pointer });

const valid: Array<[string, { given: string; want: unknown }]> = [
  ["status equals", { given: "$statusCode == 200", want: [status, "==", { lit: 200 }] }],
  ["no spaces", { given: "$statusCode==200", want: [status, "==", { lit: 200 }] }],
  [
    "string literal",
    { given: "$response.body#/status == 'available'", want: [body("status"), "==", { lit: "available" }] },
  ],
  ["quote escape ''", { given: "$response.body#/name == 'O''Hara'", want: [body("name"), "==", { lit: "O'Hara" }] }],
  ["empty string", { given: "$response.body#/name != ''", want: [body("name"), "!=", { lit: "" }] }],
  ["null", { given: "$response.body#/token != null", want: [body("token"), "!=", { lit: null }] }],
  ["true", { given: "$response.body#/ok == true", want: [body("ok"), "==", { lit: true }] }],
  ["false", { given: "$response.body#/ok == false", want: [body("ok"), "==", { lit: false }] }],
  ["negative decimal", { given: "$response.body#/t > -1.5", want: [body("t"), ">", { lit: -1.5 }] }],
  ["exponent", { given: "$response.body#/n <= 1e3", want: [body("n"), "<=", { lit: 1000 }] }],
  [
    "every comparison",
    {
      given: "$statusCode < 1 || $statusCode >= 2",
      want: {
        or: [
          [status, "<", { lit: 1 }],
          [status, ">=", { lit: 2 }],
        ],
      },
    },
  ],
  ["literal on the left", { given: "200 == $statusCode", want: [{ lit: 200 }, "==", status] }],
  [
    "and",
    {
      given: "$statusCode == 200 && $response.body#/ok",
      want: { and: [[status, "==", { lit: 200 }], { test: body("ok") }] },
    },
  ],
  [
    "&& binds tighter than ||",
    {
      given: "$statusCode == 1 || $statusCode == 2 && $statusCode == 3",
      want: {
        or: [
          [status, "==", { lit: 1 }],
          {
            and: [
              [status, "==", { lit: 2 }],
              [status, "==", { lit: 3 }],
            ],
          },
        ],
      },
    },
  ],
  [
    "parentheses",
    {
      given: "($statusCode == 1 || $statusCode == 2) && $statusCode == 3",
      want: {
        and: [
          {
            or: [
              [status, "==", { lit: 1 }],
              [status, "==", { lit: 2 }],
            ],
          },
          [status, "==", { lit: 3 }],
        ],
      },
    },
  ],
  ["not applies to the comparison", { given: "!$statusCode == 200", want: { not: [status, "==", { lit: 200 }] } }],
  ["not a group", { given: "!($statusCode == 200)", want: { not: [status, "==", { lit: 200 }] } }],
  ["double not", { given: "!!$response.body#/ok", want: { not: { not: { test: body("ok") } } } }],
  ["braces group (spec's JSON example)", { given: "{$statusCode == 401}", want: [status, "==", { lit: 401 }] }],
  [
    "index accessor",
    { given: "$response.body#/items[0] != null", want: [{ expr: body("items"), accessors: [0] }, "!=", { lit: null }] },
  ],
  [
    "index then property",
    {
      given: "$response.body#/items[1].name == 'x'",
      want: [{ expr: body("items"), accessors: [1, "name"] }, "==", { lit: "x" }],
    },
  ],
  [
    "quoted key accessor",
    { given: "$response.body['a b'] == 1", want: [{ expr: body(), accessors: ["a b"] }, "==", { lit: 1 }] },
  ],
  [
    "header in comparison",
    {
      given: "$response.header.X-Rate-Limit > 10",
      want: [{ kind: "responseHeader", name: "X-Rate-Limit" }, ">", { lit: 10 }],
    },
  ],
  [
    "step output",
    {
      given: "$steps.check.outputs.required == true",
      want: [{ kind: "stepOutput", stepId: "check", name: "required", pointer: [] }, "==", { lit: true }],
    },
  ],
  ["surrounding whitespace", { given: "  $statusCode == 200\n", want: [status, "==", { lit: 200 }] }],
  ["bare literal", { given: "true", want: { test: { lit: true } } }],
];

interface WantError {
  code: ExpressionErrorCode;
  offset: number;
  hint: string;
}

const invalid: Array<[string, { given: string; want: WantError }]> = [
  ["empty", { given: "  ", want: { code: "empty", offset: 0, hint: "$statusCode == 200" } }],
  ["single =", { given: "$statusCode = 200", want: { code: "expected-operator", offset: 12, hint: "==" } }],
  ["===", { given: "$statusCode === 200", want: { code: "expected-operator", offset: 12, hint: "write ==" } }],
  ["!==", { given: "$statusCode !== 200", want: { code: "expected-operator", offset: 12, hint: "write !=" } }],
  [
    "unquoted string",
    {
      given: "$response.body#/status == available",
      want: { code: "invalid-literal", offset: 26, hint: "'available'" },
    },
  ],
  [
    "double-quoted string",
    {
      given: '$response.body#/status == "available"',
      want: { code: "invalid-literal", offset: 26, hint: "'available'" },
    },
  ],
  ["missing $", { given: "statusCode == 200", want: { code: "invalid-literal", offset: 0, hint: "$statusCode" } }],
  [
    "capitalised literal",
    { given: "$response.body#/ok == True", want: { code: "invalid-literal", offset: 22, hint: "lowercase: true" } },
  ],
  [
    "word operator and",
    { given: "$statusCode == 200 and $statusCode < 300", want: { code: "expected-operator", offset: 19, hint: "&&" } },
  ],
  [
    "single &",
    { given: "$statusCode == 200 & $statusCode < 300", want: { code: "expected-operator", offset: 19, hint: "&&" } },
  ],
  [
    "chained comparison",
    { given: "$statusCode == 200 == true", want: { code: "chained-comparison", offset: 19, hint: "&& or ||" } },
  ],
  ["unclosed (", { given: "($statusCode == 200", want: { code: "unbalanced", offset: 19, hint: '")"' } }],
  ["unopened )", { given: "$statusCode == 200)", want: { code: "unbalanced", offset: 18, hint: "remove it" } }],
  [
    "unterminated string",
    { given: "$response.body#/s == 'abc", want: { code: "unterminated-string", offset: 21, hint: "'abc'" } },
  ],
  [
    "missing right operand",
    { given: "$statusCode ==", want: { code: "expected-operand", offset: 14, hint: "values are" } },
  ],
  [
    "missing operand after &&",
    { given: "$statusCode == 200 &&", want: { code: "expected-operand", offset: 21, hint: "values are" } },
  ],
  ["leading zero", { given: "$statusCode == 0200", want: { code: "invalid-literal", offset: 15, hint: "numbers" } }],
  [
    "number glued to word",
    { given: "$statusCode == 200ok", want: { code: "invalid-literal", offset: 15, hint: "numbers" } },
  ],
  [
    "typo inside",
    { given: "$statuscode == 200", want: { code: "unknown-root", offset: 0, hint: "did you mean $statusCode?" } },
  ],
  [
    "bad expression inside",
    {
      given: "$statusCode == 200 && $response.body.ok",
      want: { code: "body-needs-pointer", offset: 36, hint: "$response.body#/ok" },
    },
  ],
  [
    "bad index",
    { given: "$response.body#/items[x] == 1", want: { code: "invalid-accessor", offset: 22, hint: "[0]" } },
  ],
  [
    "unclosed index",
    { given: "$response.body#/items[0 == 1", want: { code: "invalid-accessor", offset: 23, hint: "[0]" } },
  ],
  [
    "jsonpath as a simple condition",
    { given: "$[?count(@.pets) > 0]", want: { code: "unsupported-criterion", offset: 0, hint: "type: jsonpath" } },
  ],
  [
    "garbage operand",
    { given: "$statusCode == #", want: { code: "expected-operand", offset: 15, hint: "values are" } },
  ],
];

describe("parseCondition: valid", () => {
  it.each(valid)("%s", (_, { given, want }) => {
    const result = parseCondition(given);
    if (!result.ok) throw new Error(`${given}: ${result.error.message} @${result.error.offset}`);
    expect(shape(result.condition)).toEqual(want);
  });

  it("records operand spans", () => {
    const result = parseCondition("$statusCode == 200");
    expect(result.ok && result.condition).toMatchObject({
      left: { span: { start: 0, end: 11 } },
      right: { span: { start: 15, end: 18 } },
    });
  });
});

describe("parseCondition: errors", () => {
  it.each([
    ["brackets", `${"(".repeat(20_000)}$statusCode == 200${")".repeat(20_000)}`],
    ["negations", `${"!".repeat(20_000)}$statusCode`],
  ])("%s nested 20,000 deep: too-deep at the 65th, not a stack overflow", (_, given) => {
    const result = parseCondition(given);
    if (result.ok) throw new Error("expected an error");
    expect({ code: result.error.code, offset: result.error.offset }).toEqual({ code: "too-deep", offset: 64 });
    expect(parseCondition(`${"(".repeat(64)}$statusCode == 200${")".repeat(64)}`).ok).toBe(true);
  });

  it.each(invalid)("%s", (_, { given, want }) => {
    const result = parseCondition(given);
    if (result.ok) throw new Error(`expected an error for ${given}`);
    expect({ code: result.error.code, offset: result.error.offset }).toEqual({ code: want.code, offset: want.offset });
    expect(result.error.hint).toContain(want.hint);
  });
});

const criteria: Array<[string, { given: CriterionInput; want: Record<string, unknown> }]> = [
  [
    "simple by default",
    { given: { condition: "$statusCode == 200" }, want: { ok: true, criterion: { type: "simple" } } },
  ],
  [
    "simple with context",
    {
      given: { condition: "$statusCode == 200", type: "simple", context: "$response.body" },
      want: { ok: true, criterion: { type: "simple", context: { kind: "responseBody" } } },
    },
  ],
  [
    "regex",
    {
      given: { condition: "^200$", type: "regex", context: "$statusCode" },
      want: { ok: true, criterion: { type: "regex", context: { kind: "statusCode" } } },
    },
  ],
  [
    "regex without context",
    {
      given: { condition: "^200$", type: "regex" },
      want: { ok: false, error: { code: "missing-context", field: "context" } },
    },
  ],
  [
    "regex with a bad context",
    {
      given: { condition: "^200$", type: "regex", context: "$statuscode" },
      want: { ok: false, error: { code: "unknown-root", field: "context", offset: 0 } },
    },
  ],
  [
    "invalid regex",
    {
      given: { condition: "^(200", type: "regex", context: "$statusCode" },
      want: { ok: false, error: { code: "invalid-regex", field: "condition" } },
    },
  ],
  [
    "regex needing the u flag rules",
    { given: { condition: "\\p{L}+", type: "regex", context: "$response.body#/name" }, want: { ok: true } },
  ],
  [
    "jsonpath is unsupported",
    {
      given: { condition: "$[?@.access_token != null]", type: "jsonpath", context: "$response.body" },
      want: {
        ok: false,
        error: {
          code: "unsupported-criterion",
          field: "type",
          hint: "write a simple condition instead, e.g. condition: $response.body#/access_token != null",
        },
      },
    },
  ],
  [
    "jsonpath type object",
    {
      given: {
        condition: "$.pets",
        type: { type: "jsonpath", version: "draft-goessner-dispatch-jsonpath-00" },
        context: "$response.body",
      },
      want: { ok: false, error: { code: "unsupported-criterion", field: "type" } },
    },
  ],
  [
    "xpath is unsupported",
    {
      given: { condition: "/pets", type: "xpath", context: "$response.body" },
      want: { ok: false, error: { code: "unsupported-criterion", field: "type" } },
    },
  ],
  [
    "unknown type",
    {
      given: { condition: "x", type: "glob" },
      want: {
        ok: false,
        error: {
          code: "unsupported-criterion",
          field: "type",
          hint: "type is one of simple, regex, jsonpath or xpath",
        },
      },
    },
  ],
  [
    "bad simple condition names the field",
    {
      given: { condition: "$statusCode = 200" },
      want: { ok: false, error: { code: "expected-operator", field: "condition", offset: 12 } },
    },
  ],
];

describe("parseCriterion", () => {
  it.each(criteria)("%s", (_, { given, want }) => {
    expect(parseCriterion(given)).toMatchObject(want);
  });
});
