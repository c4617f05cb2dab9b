// The Arazzo corpus planned against its OpenAPI documents → committed goldens (UPDATE_GOLDENS=1 rewrites them); corrected copies plan cleanly.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan, type PlanResult } from "../../src/api/plan.js";
import type { StepPlan } from "../../src/planner/types.js";
import { CORPUS, normaliseDiagnostics, normalisePaths, normalisePlan, ROOT } from "../support/planner-helpers.js";

const FIXED = join(ROOT, "test/fixtures/arazzo-fixed");
const GOLDENS = join(ROOT, "test/fixtures/arazzo-plans");
const UPDATE = process.env["UPDATE_GOLDENS"] === "1";

interface Case {
  readonly golden: string;
  readonly goals: string;
  readonly spec: string;
}

const corpus: Case[] = [
  {
    golden: "pet-coupons",
    goals: join(CORPUS, "pet-coupons.arazzo.yaml"),
    spec: join(CORPUS, "pet-coupons.openapi.yaml"),
  },
  { golden: "bnpl", goals: join(CORPUS, "bnpl-arazzo.yaml"), spec: join(CORPUS, "bnpl-openapi.yaml") },
  { golden: "oauth", goals: join(CORPUS, "oauth.arazzo.yaml"), spec: join(CORPUS, "oauth.openapi.yaml") },
];

const fixed: Case[] = [
  {
    golden: "pet-coupons.fixed",
    goals: join(FIXED, "pet-coupons.arazzo.yaml"),
    spec: join(CORPUS, "pet-coupons.openapi.yaml"),
  },
  { golden: "bnpl.fixed", goals: join(FIXED, "bnpl-arazzo.yaml"), spec: join(CORPUS, "bnpl-openapi.yaml") },
  { golden: "oauth.fixed", goals: join(FIXED, "oauth.arazzo.yaml"), spec: join(CORPUS, "oauth.openapi.yaml") },
  {
    golden: "constructs.fixed",
    goals: join(FIXED, "constructs.arazzo.yaml"),
    spec: join(CORPUS, "pet-coupons.openapi.yaml"),
  },
];

async function planCase(c: Case): Promise<PlanResult> {
  return plan({ spec: c.spec, goals: c.goals });
}

function goldenOf(c: Case, result: PlanResult): object {
  return {
    goals: normalisePaths(c.goals),
    spec: normalisePaths(c.spec),
    outcome: result.plan ? "planned" : "rejected",
    diagnostics: normaliseDiagnostics(result.diagnostics),
    ...(result.plan ? { plan: normalisePlan(result.plan) } : {}),
  };
}

function compareWithGolden(c: Case, result: PlanResult): void {
  const file = join(GOLDENS, `${c.golden}.json`);
  const actual = goldenOf(c, result);
  if (UPDATE || !existsSync(file)) {
    mkdirSync(GOLDENS, { recursive: true });
    writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
    if (!UPDATE) throw new Error(`wrote the missing golden ${file}; check it and run again`);
  }
  expect(actual).toEqual(JSON.parse(readFileSync(file, "utf8")));
}

describe("Arazzo corpus as published", () => {
  it.each(corpus)("$golden matches its golden", async (c) => {
    compareWithGolden(c, await planCase(c));
  });

  const defects: [string, [number, number, string, string][]][] = [
    [
      "pet-coupons",
      [
        [26, 13, "error", "PLAN_UNKNOWN_PARAMETER"],
        [36, 9, "error", "PLAN_UNBOUND_PARAMETER"],
        [40, 13, "error", "PLAN_UNKNOWN_PARAMETER"],
        [142, 9, "warning", "PLAN_UNUSED_INPUT"],
        [147, 9, "warning", "PLAN_UNUSED_INPUT"],
      ],
    ],
    [
      "bnpl",
      [
        // In bnpl-openapi.yaml: `Products` items require `netAmount`, which no schema declares.
        [446, 11, "warning", "SCHEMA_REQUIRED_UNDECLARED"],
        [133, 7, "error", "PLAN_POINTER_NOT_IN_RESPONSE"],
        [217, 5, "error", "PLAN_UNBOUND_PARAMETER"],
        [217, 5, "error", "PLAN_STEP_CYCLE"],
        [229, 9, "error", "PLAN_UNKNOWN_PARAMETER"],
        [231, 9, "error", "PLAN_UNKNOWN_OUTPUT"],
        [242, 9, "error", "PLAN_UNKNOWN_OUTPUT"],
        [253, 9, "error", "PLAN_UNKNOWN_OUTPUT"],
        [254, 5, "error", "PLAN_UNBOUND_BODY"],
        [256, 7, "error", "PLAN_UNKNOWN_BODY_PROPERTY"],
        [260, 5, "error", "PLAN_EXPRESSION_SYNTAX"],
      ],
    ],
    [
      "oauth",
      [
        [57, 9, "error", "PLAN_UNBOUND_BODY"],
        [64, 13, "warning", "PLAN_RESPONSE_UNTYPED"],
        [68, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
        [69, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
        [70, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
        [104, 13, "warning", "PLAN_RESPONSE_UNTYPED"],
        [108, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
        [154, 13, "warning", "PLAN_RESPONSE_UNTYPED"],
        [156, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
        [172, 13, "warning", "PLAN_RESPONSE_UNTYPED"],
        [174, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
        [175, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
        [176, 11, "warning", "PLAN_RESPONSE_UNTYPED"],
      ],
    ],
  ];
  it.each(defects)("%s is rejected for its genuine defects, each located", async (name, want) => {
    const result = await planCase(corpus.find((c) => c.golden === name)!);
    expect(result.tools).toEqual([]);
    expect(result.diagnostics.map((d) => [d.line, d.column, d.severity, d.code])).toEqual(want);
  });
});

describe("corrected copies (test/fixtures/arazzo-fixed)", () => {
  it.each(fixed)("$golden plans with no errors and matches its golden", async (c) => {
    const result = await planCase(c);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    compareWithGolden(c, result);
  });

  it("every workflow becomes one tool, named from its workflowId", async () => {
    const names = await Promise.all(
      fixed.map(async (c) => (await planCase(c)).tools.map((t) => `${t.name} ${t.risk} ${t.category}`)),
    );
    expect(names).toEqual([
      ["apply_coupon high orchestration", "buy_available_pet high orchestration", "place_order high action"],
      ["apply_for_loan_at_checkout high action"],
      [
        "refresh_token_flow high orchestration",
        "client_credentials_flow high action",
        "authorization_code_flow high action",
      ],
      ["order_tagged_pet high action"],
    ]);
  });
});

describe("supported Arazzo constructs, end to end", () => {
  async function stepsOf(golden: string, tool: string): Promise<StepPlan[]> {
    const result = await planCase(fixed.find((c) => c.golden === golden)!);
    return [...result.tools.find((t) => t.name === tool)!.steps];
  }

  it("operationPath, $sourceDescriptions.NAME.opId and operationId bind to operations", async () => {
    const steps = await stepsOf("constructs.fixed", "order_tagged_pet");
    expect(steps.map((s) => [s.id, s.operationId, s.method, s.path])).toEqual([
      ["find", "findPetsByTags", "get", "/pet/findByTags"],
      ["coupons", "getPetCoupons", "get", "/pet/{petId}/coupons"],
      ["order", "placeOrder", "post", "/store/order"],
    ]);
  });

  it("a payload object with replacements; retry, goto and end actions; JSONPath criteria", async () => {
    const [find, coupons, order] = await stepsOf("constructs.fixed", "order_tagged_pet");
    expect(order!.body).toEqual({
      mediaType: "application/json",
      kind: "json",
      value: {
        kind: "object",
        entries: [
          ["petId", { kind: "literal", value: 0 }],
          ["quantity", { kind: "literal", value: 1 }],
          ["status", { kind: "literal", value: "placed" }],
        ],
      },
      replacements: [
        { pointer: "/petId", value: { kind: "expr", text: "$steps.find.outputs.pet_id" } },
        { pointer: "/quantity", value: { kind: "expr", text: "$inputs.quantity" } },
      ],
      // Petstore's order `id` and `petId` are int64: a digit string there is sent as the number, digit for digit.
      exactIntegers: ["/id", "/petId"],
    });
    expect(find!.onFailure).toEqual([
      { type: "retry", retryAfter: 2, retryLimit: 3, criteria: [{ type: "simple", condition: "$statusCode == 503" }] },
    ]);
    expect(find!.successCriteria).toEqual([
      { type: "simple", condition: "$statusCode == 200" },
      { type: "jsonpath", condition: "$[?@.status == 'available']", context: "$response.body" },
    ]);
    expect(coupons!.onFailure).toEqual([
      { type: "goto", stepId: "order", criteria: [{ type: "simple", condition: "$statusCode == 404" }] },
    ]);
    expect(order!.onSuccess).toEqual([{ type: "end", criteria: [] }]);
    expect([find, coupons, order].map((s) => s!.dependsOn)).toEqual([[], ["find"], ["find", "coupons"]]);
  });

  it("parameters with `in` and `reference`d components, and a called workflow inlined with its inputs bound", async () => {
    const steps = await stepsOf("pet-coupons.fixed", "buy_available_pet");
    expect(steps.map((s) => [s.id, s.params.map((p) => [p.name, p.in, p.value])])).toEqual([
      [
        "find-pet",
        [
          ["status", "query", { kind: "literal", value: "available" }],
          ["page", "query", { kind: "literal", value: 1 }],
          ["pageSize", "query", { kind: "literal", value: 10 }],
        ],
      ],
      ["place-order__place-order", []],
    ]);
    expect(steps[1]!.body?.value).toEqual({
      kind: "object",
      entries: [
        ["petId", { kind: "expr", text: "$steps.find-pet.outputs.my_pet_id" }],
        ["quantity", { kind: "expr", text: "$inputs.quantity" }],
        ["couponCode", { kind: "expr", text: "$inputs.coupon_code" }],
        ["status", { kind: "literal", value: "placed" }],
        ["complete", { kind: "literal", value: false }],
      ],
    });
  });

  it("a string-template payload, and goto/end making the goal sequential", async () => {
    const steps = await stepsOf("bnpl.fixed", "apply_for_loan_at_checkout");
    expect(steps[0]!.body).toEqual({
      mediaType: "application/json",
      kind: "json",
      value: {
        kind: "template",
        text: '{\n  "customer": "{$inputs.customer}",\n  "products": "{$inputs.products}"\n}\n',
      },
    });
    expect(steps.map((s) => s.dependsOn.length)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(steps[0]!.onSuccess.map((a) => [a.type, a.stepId ?? null])).toEqual([
      ["end", null],
      ["goto", "getCustomerTermsAndConditions"],
      ["end", null],
    ]);
  });
});
