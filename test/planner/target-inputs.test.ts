// An input whose only use is to select what an action changes (a filter of a read that picks the item) is required,
// in our format and in Arazzo, unless the goals file says it is optional on purpose; inputs used elsewhere keep their
// binding's requiredness.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";

const PETSTORE = join(import.meta.dirname, "../../examples/specs/petstore.oas31.yaml");

/** Find a user's latest order in a status, then cancel it: `status` only filters the read that picks the order. */
const steps = [
  {
    id: "orders",
    operation: "listUserOrders",
    params: { userId: "$inputs.user_id", status: "$inputs.status" },
    outputs: { id: "$response.body#/items/0/id" },
  },
  { id: "cancel", operation: "deleteOrder", params: { orderId: "$steps.orders.outputs.id" } },
];

const goal = (inputs: Record<string, unknown> = {}) => ({
  aci: 1,
  toolset: "orders",
  goals: [
    {
      name: "cancel_latest_order",
      description: "Cancel a customer's latest order in a status.",
      use_when: "The customer wants their latest order in some status cancelled.",
      inputs,
      steps,
    },
  ],
});

async function requiredness(goals: unknown): Promise<Record<string, boolean>> {
  const planned = await plan({ spec: PETSTORE, goals: goals as never });
  expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return Object.fromEntries((planned.tools[0]?.inputs ?? []).map((i) => [i.name, i.required]));
}

const arazzo = (statusSchema: Record<string, unknown>) => ({
  arazzo: "1.0.1",
  info: { title: "orders", version: "1.0.0" },
  sourceDescriptions: [{ name: "petstore", url: PETSTORE, type: "openapi" }],
  workflows: [
    {
      workflowId: "cancelLatestOrder",
      summary: "Cancel a customer's latest order in a status.",
      "x-aci-use-when": "The customer wants their latest order in some status cancelled.",
      inputs: {
        type: "object",
        required: ["user_id"],
        properties: { user_id: { type: "integer" }, status: statusSchema },
      },
      steps: [
        {
          stepId: "orders",
          operationId: "listUserOrders",
          parameters: [
            { name: "userId", in: "path", value: "$inputs.user_id" },
            { name: "status", in: "query", value: "$inputs.status" },
          ],
          outputs: { id: "$response.body#/items/0/id" },
        },
        {
          stepId: "cancel",
          operationId: "deleteOrder",
          parameters: [{ name: "orderId", in: "path", value: "$steps.orders.outputs.id" }],
        },
      ],
    },
  ],
});

describe("inputs that only select an action's target", () => {
  it("are required though the spec's parameter is optional", async () => {
    expect(await requiredness(goal())).toEqual({ user_id: true, status: true });
  });

  it("stay optional when the goals file says so", async () => {
    expect(await requiredness(goal({ status: { required: false } }))).toEqual({ user_id: true, status: false });
  });

  it("in Arazzo: required though the inputs' `required` leaves them out, optional with x-aci-optional", async () => {
    expect(await requiredness(arazzo({ type: "string" }))).toEqual({ user_id: true, status: true });
    expect(await requiredness(arazzo({ type: "string", "x-aci-optional": true }))).toEqual({
      user_id: true,
      status: false,
    });
  });

  it("keep their binding's requiredness when a step that selects nothing also uses them", async () => {
    const both = goal();
    both.goals[0]!.steps = [
      steps[0]!,
      { id: "cancel", operation: "deleteOrder", params: { orderId: "$steps.orders.outputs.id" } },
      { id: "again", operation: "listUserOrders", params: { userId: "$inputs.user_id", status: "$inputs.status" } },
    ] as never;
    expect(await requiredness(both)).toMatchObject({ status: false });
  });
});
