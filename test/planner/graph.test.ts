// Table tests: a goal's step graph — what each step waits for (dependsOn), and which steps may run concurrently.
import { describe, expect, it } from "vitest";
import { planGoals, toolOf } from "../support/planner-helpers.js";

const customer = {
  id: "customer",
  operation: "getUserByEmail",
  params: { email: "$inputs.email" },
  outputs: { id: "$response.body#/id" },
};
const pet = { id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } };
const inventory = { id: "inventory", operation: "getInventory" };
const orders = { id: "orders", operation: "listUserOrders", params: { userId: "$steps.customer.outputs.id" } };
const order = {
  id: "order",
  operation: "placeOrder",
  body: { petId: "$inputs.pet_id", customerId: "$steps.customer.outputs.id" },
  outputs: { id: "$response.body#/id" },
};
const readOrder = { id: "check", operation: "getOrderById", params: { orderId: "$inputs.order_id" } };
const readPlaced = { id: "check", operation: "getOrderById", params: { orderId: "$steps.order.outputs.id" } };
const placeFixed = { id: "order", operation: "placeOrder", body: { petId: "$inputs.pet_id", customerId: 42 } };
const cancel = { id: "cancel", operation: "deleteOrder", params: { orderId: "$inputs.order_id" } };

const table: [string, { steps: object[]; want: Record<string, string[]> }][] = [
  [
    "independent reads wait for nothing (they may run concurrently)",
    { steps: [customer, pet, inventory], want: { customer: [], pet: [], inventory: [] } },
  ],
  [
    "a read waits for the read whose output it uses",
    { steps: [customer, pet, orders], want: { customer: [], pet: [], orders: ["customer"] } },
  ],
  [
    "an action waits for every earlier step",
    { steps: [customer, pet, order], want: { customer: [], pet: [], order: ["customer", "pet"] } },
  ],
  [
    "a read after an action waits for the action only",
    { steps: [customer, order, readOrder], want: { customer: [], order: ["customer"], check: ["order"] } },
  ],
  [
    "a read of an action's output waits for it",
    {
      steps: [pet, customer, order, readPlaced],
      want: { pet: [], customer: [], order: ["pet", "customer"], check: ["order"] },
    },
  ],
  ["two actions keep their written order", { steps: [placeFixed, cancel], want: { order: [], cancel: ["order"] } }],
];

describe("step dependencies", () => {
  it.each(table)("%s", async (_name, { steps, want }) => {
    const tool = await toolOf({ name: "graph_goal", description: "Graph.", steps });
    expect(Object.fromEntries(tool.steps.map((s) => [s.id, s.dependsOn]))).toEqual(want);
    expect(tool.steps.map((s) => s.readOnly)).toEqual(tool.steps.map((s) => s.method === "get"));
  });
});

describe("control flow makes a goal sequential", () => {
  const actions: [string, object, Record<string, string[]>][] = [
    [
      "end",
      { type: "end", criteria: ["$statusCode == 200"] },
      { customer: [], pet: ["customer"], inventory: ["customer", "pet"] },
    ],
    [
      "goto",
      { type: "goto", step: "inventory", criteria: ["$statusCode == 404"] },
      { customer: [], pet: ["customer"], inventory: ["customer", "pet"] },
    ],
    [
      "retry (no jump: still concurrent)",
      { type: "retry", retry_after: 1, retry_limit: 2 },
      { customer: [], pet: [], inventory: [] },
    ],
  ];
  it.each(actions)("%s", async (_name, action, want) => {
    const tool = await toolOf({
      name: "graph_goal",
      description: "Graph.",
      steps: [{ ...customer, on_failure: [action] }, pet, inventory],
    });
    expect(Object.fromEntries(tool.steps.map((s) => [s.id, s.dependsOn]))).toEqual(want);
  });
});

describe("order errors", () => {
  it("a step reading a later step's output is a forward reference", async () => {
    const result = await planGoals({ name: "graph_goal", description: "Graph.", steps: [orders, customer] });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["PLAN_FORWARD_REFERENCE", 'step "orders" reads an output of step "customer", which runs after it'],
    ]);
  });

  it("two steps reading each other's outputs are a cycle", async () => {
    const a = {
      id: "a",
      operation: "getPetById",
      params: { petId: "$steps.b.outputs.id" },
      outputs: { id: "$response.body#/id" },
    };
    const b = {
      id: "b",
      operation: "getPetById",
      params: { petId: "$steps.a.outputs.id" },
      outputs: { id: "$response.body#/id" },
    };
    const result = await planGoals({ name: "graph_goal", description: "Graph.", steps: [a, b] });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["PLAN_STEP_CYCLE", 'steps "a" and "b" read each other\'s outputs'],
    ]);
  });

  it("a step reading its own output is a cycle of one", async () => {
    const a = {
      id: "a",
      operation: "getPetById",
      params: { petId: "$steps.a.outputs.id" },
      outputs: { id: "$response.body#/id" },
    };
    const result = await planGoals({ name: "graph_goal", description: "Graph.", steps: [a] });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["PLAN_STEP_CYCLE", 'step "a" reads its own output'],
    ]);
  });
});
