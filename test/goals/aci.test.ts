// Our `aci: 1` goals format → GoalSpec: fields, steps, values and their positions; helpers table-tested.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseOperation } from "../../src/goals/aci/operation.js";
import { didYouMean } from "../../src/goals/did-you-mean.js";
import { loadGoals, resolveSpecPath, type GoalSpec, type Value } from "../../src/goals/index.js";
import { toSnakeCase } from "../../src/goals/naming.js";
import { isExpression } from "../../src/goals/values.js";

const fixture = join(import.meta.dirname, "../fixtures/goals/valid/adopt-pet.goals.yaml");

async function load(): Promise<GoalSpec> {
  const result = await loadGoals(fixture);
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

describe("aci format: the docs/goals.md example", () => {
  test("document fields", async () => {
    const goals = await load();
    expect(goals).toMatchObject({
      format: "aci",
      file: fixture,
      toolset: "petstore",
      spec: join(import.meta.dirname, "../fixtures/goals/valid/petstore.openapi.yaml"),
      server: "https://petstore.example.com/v3",
      defaults: { maxReturnBytes: 2048, timeoutMs: 10000 },
      lint: { rules: { "too-many-tools": "off", "unconstrained-string": "error" } },
    });
    expect(goals.goals.map((g) => g.name)).toEqual(["adopt_pet", "get_pet"]);
  });

  test("goal fields and position", async () => {
    const goal = (await load()).goals[0]!;
    expect(goal).toMatchObject({
      useWhen: "The customer has chosen a specific pet and wants to adopt it.",
      notFor: "Browsing pets (use find_pets) or checking an order (use get_order_status).",
      risk: "high",
      approval: "required",
      errors: { "customer.404": "No customer has that email. Ask the user to confirm it, or use create_customer." },
      dependsOn: [],
      pointer: "/goals/0",
      position: { file: fixture, line: 11, column: 5 },
    });
    expect(goal.inputs["email"]).toMatchObject({
      description: 'Customer email, e.g. "ada@example.com"',
      required: true,
      schema: { description: 'Customer email, e.g. "ada@example.com"', format: "email" },
      position: { line: 18, column: 7 },
    });
    expect(plain(goal.returns)).toEqual({
      order_id: "expr:$steps.order.outputs.id",
      status: "expr:$steps.order.outputs.status",
    });
  });

  test("steps: operations, map-form params, body values, outputs", async () => {
    const [customer, order] = (await load()).goals[0]!.steps;
    expect(customer!.operation).toEqual({ kind: "operationId", id: "getUserByEmail" });
    expect(customer!.params).toMatchObject([
      { name: "email", value: { kind: "expr", text: "$inputs.email" }, position: { line: 22, column: 19 } },
    ]);
    expect(customer!.params[0]!.in).toBeUndefined();
    expect(customer!.outputs["id"]).toMatchObject({
      text: "$response.body#/id",
      pointer: "/goals/0/steps/0/outputs/id",
      position: { line: 23, column: 20 },
    });
    expect(order!.operation).toEqual({ kind: "path", method: "POST", path: "/store/order" });
    expect(plain(order!.body!.payload)).toEqual({
      petId: "expr:$inputs.pet_id",
      customerId: "expr:$steps.customer.outputs.id",
      note: "template:Adopted by {$inputs.email}",
      status: "placed",
      tags: ["adoption", "expr:$inputs.tag"],
    });
    expect(order!.body!.payload).toMatchObject({
      kind: "object",
      pointer: "/goals/0/steps/1/body",
      position: { line: 26, column: 9 },
    });
  });

  test("success criteria and failure actions", async () => {
    const order = (await load()).goals[0]!.steps[1]!;
    expect(order.successCriteria).toMatchObject([
      { condition: "$statusCode == 200", type: "simple" },
      { condition: "^placed$", context: "$response.body#/status", type: "regex" },
    ]);
    expect(order.onFailure).toMatchObject([
      { type: "retry", retryAfter: 2, retryLimit: 3, criteria: [{ condition: "$statusCode == 503" }] },
      { type: "goto", stepId: "customer", criteria: [{ condition: "$statusCode == 409" }] },
    ]);
    expect(order.onSuccess).toEqual([]);
  });

  test("list-form params keep `in`; a whole-expression returns", async () => {
    const goal = (await load()).goals[1]!;
    expect(goal.steps[0]!.operation).toEqual({ kind: "path", method: "GET", path: "/pet/{petId}" });
    expect(goal.steps[0]!.params.map((p) => [p.name, p.in, plain(p.value)])).toEqual([
      ["petId", "path", "expr:$inputs.pet_id"],
      ["X-Trace", "header", "aci"],
    ]);
    expect(plain(goal.returns)).toBe("expr:$steps.pet.outputs.body");
  });
});

describe("aci format: inputs and options", () => {
  const minimal = { aci: 1, goals: [{ name: "find_pets", steps: [{ id: "search", operation: "findPetsByStatus" }] }] };

  test("an already-parsed object has no positions and resolves `spec` against the working directory", async () => {
    const result = await loadGoals({ ...minimal, spec: "api.yaml" }, { file: "inline" });
    expect(result.diagnostics).toEqual([]);
    expect(result.goals!.file).toBe("inline");
    expect(result.goals!.spec).toBe(join(process.cwd(), "api.yaml"));
    expect(result.goals!.goals[0]!.position).toBeUndefined();
  });

  test("--spec wins over the goals file's spec", async () => {
    const result = await loadGoals(fixture, { specOverride: "other.yaml" });
    expect(result.goals!.spec).toBe(join(process.cwd(), "other.yaml"));
  });

  test("an unreadable file", async () => {
    const result = await loadGoals("/nonexistent/goals.yaml");
    expect(result.diagnostics.map((d) => d.code)).toEqual(["GOALS_UNREADABLE"]);
  });

  test("unknown step in errors and goto", async () => {
    const doc = {
      aci: 1,
      goals: [
        {
          name: "find_pets",
          errors: { "serch.404": "x" },
          steps: [{ id: "search", operation: "findPetsByStatus", on_failure: [{ type: "goto", step: "nope" }] }],
        },
      ],
    };
    const result = await loadGoals(doc);
    expect(result.diagnostics.map((d) => [d.code, d.pointer, d.hint])).toEqual([
      ["GOALS_UNKNOWN_STEP", "/goals/0/errors/serch.404", 'did you mean "search"?'],
      ["GOALS_UNKNOWN_STEP", "/goals/0/steps/0/on_failure/0/step", 'steps of this goal: "search"'],
    ]);
  });

  test("a number where the version goes", async () => {
    const result = await loadGoals({ aci: 2, goals: [] });
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([["GOALS_UNSUPPORTED_VERSION", "/aci"]]);
  });

  test("a first key other than aci/arazzo", async () => {
    const result = await loadGoals({ goals: [], aci: 1 });
    expect(result.diagnostics.map((d) => [d.code, d.hint])).toEqual([
      ["GOALS_NOT_GOALS_FILE", "move the `aci: 1` / `arazzo: 1.0.1` line to the top of the file"],
    ]);
  });
});

describe("resolveSpecPath", () => {
  const base: GoalSpec = { format: "aci", file: "g.yaml", defaults: {}, goals: [] };
  test.each([
    ["--spec wins", { ...base, spec: "/a/spec.yaml" }, "x.yaml", { ok: true, path: join(process.cwd(), "x.yaml") }],
    ["the goals file's spec", { ...base, spec: "/a/spec.yaml" }, undefined, { ok: true, path: "/a/spec.yaml" }],
  ] as const)("%s", (_name, goals, cli, want) => {
    expect(resolveSpecPath(goals, cli)).toEqual(want);
  });

  test("nothing at all", () => {
    const choice = resolveSpecPath(base);
    expect(choice.ok ? undefined : choice.diagnostic.code).toBe("GOALS_SPEC_MISSING");
  });
});

describe("helpers", () => {
  test.each([
    ["placeOrder", { kind: "operationId", id: "placeOrder" }],
    ["POST /store/order", { kind: "path", method: "POST", path: "/store/order" }],
    ["delete /pet/{petId}", { kind: "path", method: "DELETE", path: "/pet/{petId}" }],
  ])("parseOperation(%j)", (text, ref) => {
    expect(parseOperation(text)).toEqual({ ok: true, ref });
  });

  test.each(["GET  /a b", "FETCH /x", "GET pets", "/pets"])("parseOperation rejects %j", (text) => {
    expect(parseOperation(text).ok).toBe(false);
  });

  test.each([
    ["apply-coupon", "apply_coupon"],
    ["ApplyForLoanAtCheckout", "apply_for_loan_at_checkout"],
    ["getHTTPResponse", "get_http_response"],
    ["refresh token flow", "refresh_token_flow"],
  ])("toSnakeCase(%j)", (name, want) => {
    expect(toSnakeCase(name)).toBe(want);
  });

  test.each([
    ["use-when", ["use_when", "not_for"], 'did you mean "use_when"?'],
    ["stpes", ["steps", "name"], 'did you mean "steps"?'],
    ["zzz", ["steps", "name"], 'allowed: "steps", "name"'],
  ])("didYouMean(%j)", (name, candidates, want) => {
    expect(didYouMean(name, candidates)).toBe(want);
  });

  test.each([
    ["$inputs.email", true],
    ["$response.body#/id", true],
    ["$statusCode", true],
    ["$5 off", false],
    ["Order {$inputs.id}", false],
    ["plain", false],
  ])("isExpression(%j)", (text, want) => {
    expect(isExpression(text)).toBe(want);
  });
});

describe("a goals file read with --all-operations (settingsOnly): the toolset's settings", () => {
  const settings = {
    aci: 1,
    toolset: "graph",
    server: "https://graph.microsoft.com/v1.0",
    securitySchemes: { token: { type: "http", scheme: "bearer" } },
  };
  const goal = { name: "get_pet", steps: [{ id: "pet", operation: "getPetById" }] };
  // [what, document, settingsOnly, codes reported, goals read]
  test.each([
    ["settings only, no goals", settings, true, [], 0],
    ["settings only, `goals: []`", { ...settings, goals: [] }, true, [], 0],
    [
      "settings with goals listed: checked, said not planned",
      { ...settings, goals: [goal] },
      true,
      ["GOALS_WITH_ALL_OPERATIONS"],
      1,
    ],
    [
      "settings only, without --all-operations: goals are required",
      settings,
      false,
      ["GOALS_MISSING_FIELD"],
      undefined,
    ],
    ["goals: [] without --all-operations", { ...settings, goals: [] }, false, ["GOALS_INVALID_VALUE"], undefined],
  ] as const)("%s", async (_what, doc, settingsOnly, codes, count) => {
    const loaded = await loadGoals(doc, settingsOnly ? { settingsOnly } : {});
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(codes);
    expect(loaded.goals?.goals.length).toBe(count);
    if (count !== undefined)
      expect(loaded.goals).toMatchObject({ toolset: "graph", auth: { security: [{ token: [] }] } });
  });

  test("the warning points at the list and says how many goals go unplanned", async () => {
    const loaded = await loadGoals({ ...settings, goals: [goal] }, { settingsOnly: true });
    expect(loaded.diagnostics[0]).toMatchObject({ severity: "warning", pointer: "/goals" });
    expect(loaded.diagnostics[0]?.message).toBe(
      "--all-operations plans one tool per operation: the 1 goal of `goals:` is not planned; the file's toolset settings apply",
    );
  });
});
