// Arazzo 1.0.x → GoalSpec: the three corpus documents construct by construct, and in-memory documents for the rest.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadGoals, resolveSpecPath, type Goal, type GoalSpec, type Value } from "../../src/goals/index.js";

const corpus = join(import.meta.dirname, "../fixtures/corpus/arazzo");

async function load(file: string): Promise<GoalSpec> {
  const result = await loadGoals(`${corpus}/${file}`);
  expect(result.diagnostics).toEqual([]);
  return result.goals!;
}

function plain(value: Value | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.kind === "object") return Object.fromEntries(value.entries.map(([k, v]) => [k, plain(v)]));
  if (value.kind === "array") return value.items.map(plain);
  if (value.kind === "literal") return value.value;
  if (value.kind === "each")
    return { each: value.source, fields: Object.fromEntries(value.fields.map((f) => [f.name, f.path])) };
  return `${value.kind}:${value.text}`;
}

function goal(spec: GoalSpec, name: string): Goal {
  return spec.goals.find((g) => g.name === name)!;
}

describe("corpus: pet-coupons", () => {
  test("one goal per workflow; local source becomes the spec", async () => {
    const spec = await load("pet-coupons.arazzo.yaml");
    expect(spec.format).toBe("arazzo");
    expect(spec.goals.map((g) => [g.name, g.workflowId])).toEqual([
      ["apply_coupon", "apply-coupon"],
      ["buy_available_pet", "buy-available-pet"],
      ["place_order", "place-order"],
    ]);
    expect(spec.sources).toMatchObject([
      { name: "pet-coupons", url: "./pet-coupons.openapi.yaml", type: "openapi", position: { line: 10, column: 5 } },
    ]);
    expect(resolveSpecPath(spec)).toEqual({ ok: true, path: `${corpus}/pet-coupons.openapi.yaml` });
  });

  test("apply-coupon: summary + description, $ref inputs, inlined place-order call", async () => {
    const g = goal(await load("pet-coupons.arazzo.yaml"), "apply_coupon");
    expect(g.description).toMatch(/^Apply a coupon to a pet order\.\n\nThis is how you can find a pet/);
    expect(Object.keys(g.inputs)).toEqual(["my_pet_tags", "store_id", "quantity"]);
    expect(g.inputs["store_id"]!.schema).toMatchObject({ type: "string" });
    expect(g.inputs["my_pet_tags"]!.pointer).toBe("/components/inputs/apply_coupon_input/properties/my_pet_tags");
    expect(g.steps.map((s) => [s.id, s.operation, s.inlinedFrom?.workflowId])).toEqual([
      ["find-pet", { kind: "operationId", id: "findPetsByTags" }, undefined],
      ["find-coupons", { kind: "operationId", id: "getPetCoupons" }, undefined],
      ["place-order__place-order", { kind: "operationId", id: "placeOrder" }, "place-order"],
    ]);
    const [findPet, findCoupons, placeOrder] = g.steps;
    expect(findPet!.params.map((p) => [p.name, p.in, plain(p.value)])).toEqual([
      ["pet_tags", "query", "expr:$inputs.my_pet_tags"],
    ]);
    expect(findPet!.outputs["my_pet_id"]).toMatchObject({
      text: "$response.body#/0/id",
      position: { line: 32, column: 11 },
    });
    expect(findCoupons!.params[0]).toMatchObject({
      name: "pet_id",
      in: "path",
      value: { kind: "expr", text: "$steps.find-pet.outputs.my_pet_id" },
    });
    expect(placeOrder!.body!.contentType).toBe("application/json");
    expect(plain(placeOrder!.body!.payload)).toEqual({
      petId: "expr:$steps.find-pet.outputs.my_pet_id",
      quantity: "expr:$inputs.quantity",
      couponCode: "expr:$steps.find-coupons.outputs.my_coupon_code",
      status: "placed",
      complete: false,
    });
    expect(placeOrder!.body!.payload).toMatchObject({ pointer: "/workflows/2/steps/0/requestBody/payload" });
    expect(placeOrder!.successCriteria.map((c) => [c.condition, c.pointer])).toEqual([
      ["$statusCode == 200", "/workflows/2/steps/0/successCriteria/0"],
      ["$statusCode == 200", "/workflows/0/steps/2/successCriteria/0"],
    ]);
    expect(plain(g.returns)).toEqual({
      apply_coupon_pet_order_id: "expr:$steps.place-order__place-order.outputs.step_order_id",
    });
  });

  test("buy-available-pet: referenced component parameters with overriding values", async () => {
    const g = goal(await load("pet-coupons.arazzo.yaml"), "buy_available_pet");
    expect(g.steps[0]!.params.map((p) => [p.name, p.in, plain(p.value), p.value.pointer])).toEqual([
      ["status", "query", "available", "/workflows/1/steps/0/parameters/0/value"],
      ["page", "query", 1, "/workflows/1/steps/0/parameters/1/value"],
      ["pageSize", "query", 10, "/workflows/1/steps/0/parameters/2/value"],
    ]);
    expect(Object.keys(g.inputs)).toEqual(["store_id", "quantity", "coupon_code"]);
    expect(plain(g.steps[1]!.body!.payload)).toMatchObject({
      petId: "expr:$steps.find-pet.outputs.my_pet_id",
      couponCode: "expr:$inputs.coupon_code",
    });
  });

  test("place-order on its own", async () => {
    const g = goal(await load("pet-coupons.arazzo.yaml"), "place_order");
    expect(g.inputs["pet_id"]).toMatchObject({
      description: "The ID of the pet to place in the order.",
      schema: { type: "integer", format: "int64" },
    });
    expect(g.steps.map((s) => s.id)).toEqual(["place-order"]);
    expect(plain(g.returns)).toEqual({ workflow_order_id: "expr:$steps.place-order.outputs.step_order_id" });
  });
});

describe("corpus: bnpl", () => {
  test("steps, gotos and ends, jsonpath criteria, templates", async () => {
    const g = goal(await load("bnpl-arazzo.yaml"), "apply_for_loan_at_checkout");
    expect(g.steps.map((s) => s.id)).toEqual([
      "checkLoanCanBeProvided",
      "getCustomerTermsAndConditions",
      "createCustomer",
      "initiateBnplTransaction",
      "authenticateCustomerAndAuthorizeLoan",
      "retrieveFinalizedPaymentPlan",
      "updateOrderStatus",
    ]);
    expect(g.inputs["customer"]).toMatchObject({ required: true });
    const first = g.steps[0]!;
    expect(first.body!.payload).toMatchObject({ kind: "template" });
    expect(first.onSuccess.map((a) => [a.name, a.type, a.stepId, a.criteria.map((c) => c.type)])).toEqual([
      ["existingCustomerNotEligible", "end", undefined, ["simple", "simple"]],
      ["qualifyingProductsFound", "goto", "getCustomerTermsAndConditions", ["simple", "jsonpath"]],
      ["qualifyingProductsNotFound", "end", undefined, ["simple", "jsonpath"]],
    ]);
    expect(first.onSuccess[1]!.criteria[1]).toMatchObject({
      context: "$response.body",
      condition: "$[?count(@.products) > 0]",
      position: { line: 121, column: 13 },
    });
    expect(g.steps[2]!.successCriteria[0]!.condition).toBe("$statusCode == 200 || $statusCode == 201");
    expect(plain(g.steps[6]!.body!.payload)).toEqual({ loanStatus: "Completed" });
    expect(g.steps[4]!.outputs["redirectUrl"]!.text).toBe("$response.header.Location");
  });

  test("the remote source needs --spec, and --spec is taken", async () => {
    const spec = await load("bnpl-arazzo.yaml");
    expect(spec.spec).toBeUndefined();
    const choice = resolveSpecPath(spec);
    expect(choice.ok).toBe(false);
    if (!choice.ok)
      expect(choice.diagnostic).toMatchObject({
        code: "GOALS_SPEC_REMOTE",
        line: 8,
        column: 5,
        pointer: "/sourceDescriptions/0/url",
      });
    if (!choice.ok) expect(choice.diagnostic.hint).toContain("pass --spec FILE");
    const overridden = await loadGoals(`${corpus}/bnpl-arazzo.yaml`, { specOverride: `${corpus}/bnpl-openapi.yaml` });
    expect(overridden.goals!.spec).toBe(`${corpus}/bnpl-openapi.yaml`);
  });
});

describe("corpus: oauth", () => {
  test("refresh-token-flow inlines authorization-code-flow with its inputs bound", async () => {
    const g = goal(await load("oauth.arazzo.yaml"), "refresh_token_flow");
    expect(g.steps.map((s) => s.id)).toEqual([
      "do-the-auth-flow__browser-authorize",
      "do-the-auth-flow__get-access-token",
      "do-the-refresh",
    ]);
    expect(Object.keys(g.inputs)).toEqual(["my_client_id", "my_client_secret", "my_redirect_uri"]);
    expect(g.steps[0]!.params.map((p) => [p.name, plain(p.value)])).toEqual([
      ["client_id", "expr:$inputs.my_client_id"],
      ["redirect_uri", "expr:$inputs.my_redirect_uri"],
      ["response_type", "code"],
      ["scope", "read"],
      ["state", "12345"],
    ]);
    expect(plain(g.steps[1]!.body!.payload)).toEqual({
      grant_type: "authorization_code",
      code: "expr:$steps.do-the-auth-flow__browser-authorize.outputs.code",
      redirect_uri: "expr:$inputs.my_redirect_uri",
      client_id: "expr:$inputs.my_client_id",
      client_secret: "expr:$inputs.my_client_secret",
    });
    const refresh = g.steps[2]!;
    expect(refresh.body!.contentType).toBe("application/x-www-form-urlencoded");
    expect(plain(refresh.body!.payload)).toMatchObject({
      refresh_token: "expr:$steps.do-the-auth-flow__get-access-token.outputs.refresh_token",
    });
    expect(refresh.successCriteria.map((c) => [c.type, c.condition])).toEqual([
      ["simple", "$statusCode == 200"],
      ["jsonpath", "$[?@.access_token != null]"],
    ]);
  });

  test("every workflow is a goal", async () => {
    const spec = await load("oauth.arazzo.yaml");
    expect(spec.goals.map((g) => g.name)).toEqual([
      "refresh_token_flow",
      "client_credentials_flow",
      "authorization_code_flow",
    ]);
    expect(spec.spec).toBe(`${corpus}/oauth.openapi.yaml`);
  });
});

const header = {
  arazzo: "1.0.1",
  info: { title: "t", version: "1" },
  sourceDescriptions: [{ name: "api", url: "./api.yaml", type: "openapi" }],
};

describe("Arazzo constructs", () => {
  test("x-aci extensions, foreign extensions ignored, operationPath and qualified operationId", async () => {
    const doc = {
      ...header,
      "x-aci-toolset": "pets",
      workflows: [
        {
          workflowId: "findPets",
          "x-aci-use-when": "Looking for pets.",
          "x-aci-not-for": "Buying.",
          "x-aci-risk": "low",
          "x-aci-approval": "none",
          "x-aci-errors": { "list.404": "No pets." },
          "x-other": 1,
          steps: [
            { stepId: "list", operationPath: "{$sourceDescriptions.api.url}#/paths/~1pets~1{id}/get" },
            { stepId: "one", operationId: "$sourceDescriptions.api.getPet" },
          ],
        },
      ],
    };
    const result = await loadGoals(doc);
    expect(result.diagnostics).toEqual([]);
    expect(result.goals!.toolset).toBe("pets");
    expect(result.goals!.goals[0]).toMatchObject({
      name: "find_pets",
      useWhen: "Looking for pets.",
      notFor: "Buying.",
      risk: "low",
      approval: "none",
      errors: { "list.404": "No pets." },
    });
    expect(result.goals!.goals[0]!.steps.map((s) => s.operation)).toEqual([
      { kind: "operationPath", source: "api", pointer: "/paths/~1pets~1{id}/get", method: "GET", path: "/pets/{id}" },
      { kind: "operationId", id: "getPet", source: "api" },
    ]);
  });

  test("workflow-level parameters and actions, component actions, retry, replacements", async () => {
    const doc = {
      ...header,
      workflows: [
        {
          workflowId: "order",
          parameters: [
            { name: "X-Key", in: "header", value: "$inputs.key" },
            { name: "page", in: "query", value: 1 },
          ],
          failureActions: [{ reference: "$components.failureActions.backoff" }, { name: "stop", type: "end" }],
          steps: [
            {
              stepId: "place",
              operationId: "placeOrder",
              parameters: [{ name: "page", in: "query", value: 2 }],
              requestBody: {
                payload: { pet: { id: 0 } },
                replacements: [{ target: "/pet/id", value: "$inputs.pet_id" }],
              },
              onFailure: [{ name: "stop", type: "goto", stepId: "place" }],
            },
          ],
        },
      ],
      components: {
        failureActions: {
          backoff: {
            name: "backoff",
            type: "retry",
            retryAfter: 1.5,
            retryLimit: 5,
            criteria: [{ condition: "$statusCode == 503" }],
          },
        },
      },
    };
    const result = await loadGoals(doc);
    expect(result.diagnostics).toEqual([]);
    const step = result.goals!.goals[0]!.steps[0]!;
    expect(step.params.map((p) => [p.name, plain(p.value)])).toEqual([
      ["X-Key", "expr:$inputs.key"],
      ["page", 2],
    ]);
    expect(step.body!.replacements.map((r) => [r.target, plain(r.value)])).toEqual([
      ["/pet/id", "expr:$inputs.pet_id"],
    ]);
    expect(step.onFailure.map((a) => [a.name, a.type, a.stepId, a.retryAfter, a.retryLimit, a.pointer])).toEqual([
      ["stop", "goto", "place", undefined, undefined, "/workflows/0/steps/0/onFailure/0"],
      ["backoff", "retry", undefined, 1.5, 5, "/components/failureActions/backoff"],
    ]);
  });

  test("goto a workflow appends its steps once and ends the goal's own steps", async () => {
    const doc = {
      ...header,
      workflows: [
        {
          workflowId: "buy",
          steps: [
            {
              stepId: "check",
              operationId: "getPet",
              onSuccess: [
                {
                  name: "sold",
                  type: "goto",
                  workflowId: "waitlist",
                  criteria: [{ condition: "$response.body#/status == 'sold'" }],
                },
              ],
            },
            { stepId: "order", operationId: "placeOrder" },
          ],
        },
        {
          workflowId: "waitlist",
          inputs: { type: "object", properties: { email: { type: "string" } } },
          steps: [
            {
              stepId: "join",
              operationId: "joinWaitlist",
              parameters: [{ name: "email", in: "query", value: "$inputs.email" }],
            },
          ],
        },
      ],
    };
    const result = await loadGoals(doc);
    expect(result.diagnostics).toEqual([]);
    const g = result.goals!.goals[0]!;
    expect(g.steps.map((s) => s.id)).toEqual(["check", "order", "waitlist__join"]);
    expect(g.steps[0]!.onSuccess[0]).toMatchObject({ type: "goto", workflowId: "waitlist", stepId: "waitlist__join" });
    expect(g.steps[1]!.onSuccess).toMatchObject([{ type: "end", criteria: [] }]);
    expect(Object.keys(g.inputs)).toEqual(["email"]);
  });

  test("a call binding literals into templates and pointers; dependsOn; x-aci-skip", async () => {
    const doc = {
      ...header,
      workflows: [
        {
          workflowId: "outer",
          dependsOn: ["login"],
          steps: [
            {
              stepId: "call",
              workflowId: "inner",
              parameters: [{ name: "who", value: { name: "Ada" } }],
              outputs: { id: "$outputs.id#/0" },
            },
            {
              stepId: "after",
              operationId: "op2",
              parameters: [{ name: "id", in: "path", value: "$steps.call.outputs.id" }],
            },
          ],
        },
        {
          workflowId: "inner",
          "x-aci-skip": true,
          inputs: { type: "object", properties: { who: { type: "object" } } },
          outputs: { id: "$steps.s.outputs.ids" },
          steps: [
            {
              stepId: "s",
              operationId: "op1",
              requestBody: { payload: "hello {$inputs.who#/name}" },
              successCriteria: [{ condition: "$inputs.who#/name == $response.body#/name" }],
            },
          ],
        },
        { workflowId: "login", steps: [{ stepId: "in", operationId: "login" }] },
      ],
    };
    const result = await loadGoals(doc);
    expect(result.diagnostics).toEqual([]);
    expect(result.goals!.goals.map((g) => [g.name, g.dependsOn])).toEqual([
      ["outer", ["login"]],
      ["login", []],
    ]);
    const [inner, after] = result.goals!.goals[0]!.steps;
    expect(plain(inner!.body!.payload)).toBe("hello Ada");
    expect(inner!.successCriteria[0]!.condition).toBe("'Ada' == $response.body#/name");
    expect(plain(after!.params[0]!.value)).toBe("expr:$steps.call__s.outputs.ids#/0");
  });

  test.each([
    [
      "a success action of type retry",
      { stepId: "s", operationId: "o", onSuccess: [{ name: "r", type: "retry" }] },
      ["GOALS_INVALID_VALUE", "/workflows/0/steps/0/onSuccess/0/type"],
    ],
    [
      "a step with two targets",
      { stepId: "s", operationId: "o", workflowId: "w" },
      ["GOALS_INVALID_VALUE", "/workflows/0/steps/0"],
    ],
    ["a step with no target", { stepId: "s" }, ["GOALS_MISSING_FIELD", "/workflows/0/steps/0"]],
    [
      "a parameter without name",
      { stepId: "s", operationId: "o", parameters: [{ in: "query", value: 1 }] },
      ["GOALS_MISSING_FIELD", "/workflows/0/steps/0/parameters/0"],
    ],
    [
      "a regex criterion without context",
      { stepId: "s", operationId: "o", successCriteria: [{ condition: "^2", type: "regex" }] },
      ["GOALS_MISSING_FIELD", "/workflows/0/steps/0/successCriteria/0"],
    ],
    [
      "an unknown key with a hint",
      { stepId: "s", operationId: "o", sucessCriteria: [] },
      ["GOALS_UNKNOWN_KEY", "/workflows/0/steps/0/sucessCriteria"],
    ],
    [
      "an XPath replacement target",
      {
        stepId: "s",
        operationId: "o",
        requestBody: { payload: "<a/>", replacements: [{ target: "petOrder/petId", value: 1 }] },
      },
      ["GOALS_ARAZZO_UNSUPPORTED", "/workflows/0/steps/0/requestBody/replacements/0/target"],
    ],
    [
      "a call to an unknown workflow",
      { stepId: "s", workflowId: "nope" },
      ["GOALS_UNKNOWN_WORKFLOW", "/workflows/0/steps/0/workflowId"],
    ],
  ])("%s is reported", async (_name, step, want) => {
    const result = await loadGoals({ ...header, workflows: [{ workflowId: "wf_one", steps: [step] }] });
    expect(result.goals).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([want]);
  });

  test("two workflows that map to one tool name", async () => {
    const step = { stepId: "s", operationId: "o" };
    const result = await loadGoals({
      ...header,
      workflows: [
        { workflowId: "findPets", steps: [step] },
        { workflowId: "find-pets", steps: [step] },
      ],
    });
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["GOALS_DUPLICATE_NAME", "/workflows/1/workflowId"],
    ]);
  });

  test("a parameter the called workflow does not take", async () => {
    const result = await loadGoals({
      ...header,
      workflows: [
        {
          workflowId: "outer",
          steps: [{ stepId: "c", workflowId: "inner", parameters: [{ name: "petid", value: 1 }] }],
        },
        {
          workflowId: "inner",
          inputs: { type: "object", properties: { pet_id: { type: "integer" } } },
          steps: [{ stepId: "s", operationId: "o" }],
        },
      ],
    });
    expect(result.diagnostics.map((d) => [d.code, d.hint])).toEqual([
      ["GOALS_UNKNOWN_INPUT", 'did you mean "pet_id"?'],
    ]);
  });
});
