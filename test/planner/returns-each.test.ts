// `returns` lists projected item by item (`each` + `fields`): loaded with positions, type-checked against the item
// schema when planning (not a list, unknown pointer: located errors), evaluated by the runtime.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { loadGoals } from "../../src/goals/index.js";
import { compileValue } from "../../src/runtime/execute/index.js";
import { jsonResponse } from "../support/planner-helpers.js";

const spec = {
  openapi: "3.1.0",
  info: { title: "Reviews", version: "1.0.0" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/reviews": {
      get: {
        operationId: "listReviews",
        responses: jsonResponse({
          type: "object",
          properties: {
            total: { type: "integer" },
            items: { type: "array", items: { $ref: "#/components/schemas/Review" } },
          },
        }),
      },
    },
  },
  components: {
    schemas: {
      Review: {
        type: "object",
        properties: {
          state: { type: "string", enum: ["APPROVED", "CHANGES_REQUESTED"] },
          user: { type: "object", properties: { login: { type: "string" } } },
        },
      },
    },
  },
};

const goals = (returns: object) => ({
  aci: 1,
  toolset: "reviews",
  goals: [
    {
      name: "list_reviews",
      steps: [
        {
          id: "list",
          operation: "listReviews",
          outputs: { items: "$response.body#/items", total: "$response.body#/total" },
        },
      ],
      returns,
    },
  ],
});

describe("returns: each", () => {
  it("plans the projection and a result schema of the listed fields, typed from the item schema", async () => {
    const result = await plan({
      spec,
      goals: goals({
        reviews: { each: "$steps.list.outputs.items", fields: { reviewer: "/user/login", state: "/state", whole: "" } },
      }),
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const returns = result.tools[0]!.returns;
    expect(returns.projection).toEqual({
      kind: "object",
      entries: [
        [
          "reviews",
          {
            kind: "each",
            source: "$steps.list.outputs.items",
            fields: [
              ["reviewer", "/user/login"],
              ["state", "/state"],
              ["whole", ""],
            ],
          },
        ],
      ],
    });
    const reviews = (
      returns.schema as { properties: Record<string, { items: { properties: Record<string, unknown> } }> }
    ).properties["reviews"]!;
    expect(reviews.items.properties["reviewer"]).toEqual({ type: "string" });
    expect(reviews.items.properties["state"]).toMatchObject({ enum: ["APPROVED", "CHANGES_REQUESTED"] });
  });

  it.each([
    [
      "a source that is not a list",
      { each: "$steps.list.outputs.total", fields: { a: "/state" } },
      "PLAN_TYPE_MISMATCH",
      "/goals/0/returns/reviews",
      "point `each` at an array",
    ],
    [
      "a field the items do not have",
      { each: "$steps.list.outputs.items", fields: { reviewer: "/user/logn" } },
      "PLAN_POINTER_NOT_IN_RESPONSE",
      "/goals/0/returns/reviews/fields/reviewer",
      'did you mean "login"?',
    ],
  ])("%s is a located error", async (_name, reviews, code, pointer, hint) => {
    const result = await plan({ spec, goals: goals({ reviews }) });
    expect(result.tools).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([[code, pointer]]);
    expect(result.diagnostics[0]!.hint).toContain(hint);
  });

  it.each([
    ["`each` that is not an expression", { each: "items", fields: { a: "/a" } }, "/goals/0/returns/reviews/each"],
    [
      "a field that is not a pointer",
      { each: "$steps.list.outputs.items", fields: { a: "state" } },
      "/goals/0/returns/reviews/fields/a",
    ],
    ["no fields", { each: "$steps.list.outputs.items", fields: {} }, "/goals/0/returns/reviews/fields"],
  ])("the loader refuses %s", async (_name, reviews, pointer) => {
    const loaded = await loadGoals(goals({ reviews }));
    expect(loaded.diagnostics.map((d) => [d.code, d.pointer])).toEqual([["GOALS_INVALID_VALUE", pointer]]);
  });

  it("is only a projection in returns: the same shape in a request body stays an object", async () => {
    const loaded = await loadGoals({
      ...goals({}),
      goals: [
        {
          name: "post_it",
          steps: [{ id: "p", operation: "POST /x", body: { each: "$inputs.a", fields: { b: "/c" } } }],
        },
      ],
    });
    expect(loaded.goals?.goals[0]?.steps[0]?.body?.payload.kind).toBe("object");
  });

  it.each([
    [
      "projects each item, leaving out fields an item lacks",
      [{ user: { login: "ada" }, state: "APPROVED" }, { state: "PENDING" }],
      [{ reviewer: "ada", state: "APPROVED" }, { state: "PENDING" }],
    ],
    [
      "keeps an explicit null, leaves out a path through null",
      [
        { user: { login: null }, state: "X" },
        { user: null, state: "Y" },
      ],
      [{ reviewer: null, state: "X" }, { state: "Y" }],
    ],
    ["an empty list stays empty", [], []],
    ["a source that is not a list gives nothing", { state: "X" }, undefined],
  ])("runtime: %s", (_name, items, want) => {
    const evaluate = compileValue({
      kind: "each",
      source: "$steps.list.outputs.items",
      fields: [
        ["reviewer", "/user/login"],
        ["state", "/state"],
      ],
    });
    expect(evaluate({ inputs: {}, steps: { list: { outputs: { items } } } })).toEqual(want);
  });
});
