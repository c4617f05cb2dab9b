// Pointers through values the spec leaves open plan with a warning; `items` of objects without `type` is read as
// one object or a list of them, so pointers into it plan (and a typo gets a did-you-mean).
import { describe, expect, test } from "vitest";
import type { JsonSchema } from "../../src/model/api-model.js";
import { schemaAtPointer } from "../../src/planner/schema-walk.js";
import { jsonResponse, miniSpec, planGoals, summarise } from "../support/planner-helpers.js";

const none = (): undefined => undefined;

describe("schemaAtPointer through open values", () => {
  const cases: [string, JsonSchema, string[], { ok: boolean; openAt?: number }][] = [
    [
      "additionalProperties: {}",
      { type: "object", additionalProperties: {} },
      ["status", "name"],
      { ok: true, openAt: 1 },
    ],
    ["an untyped {}", { properties: { a: {} } }, ["a", "b"], { ok: true, openAt: 1 }],
    ["an object without members", { type: "object" }, ["x"], { ok: true, openAt: 0 }],
    ["true", { properties: { a: true } }, ["a", "b"], { ok: true }],
    [
      "a union with an open branch",
      { anyOf: [{ type: "object", properties: { id: { type: "string" } } }, { type: "object" }] },
      ["name"],
      { ok: true, openAt: 0 },
    ],
    ["a declared member", { type: "object", properties: { id: { type: "string" } } }, ["id"], { ok: true }],
    ["a missing member of a closed object", { type: "object", properties: { id: {} } }, ["nme"], { ok: false }],
    ["additionalProperties: false", { type: "object", additionalProperties: false }, ["x"], { ok: false }],
    ["under a string", { type: "object", properties: { s: { type: "string" } } }, ["s", "x"], { ok: false }],
    ["a union of closed objects", { oneOf: [{ type: "object", properties: { a: {} } }] }, ["b"], { ok: false }],
  ];
  test.each(cases)("%s", (_name, schema, tokens, want) => {
    const walked = schemaAtPointer(schema, tokens, none);
    expect({ ok: walked.ok, ...(walked.ok && walked.openAt !== undefined ? { openAt: walked.openAt } : {}) }).toEqual(
      want,
    );
  });
});

const ITEMS_SPEC = miniSpec(
  {
    "/conversations.info": {
      get: {
        operationId: "conversations_info",
        parameters: [{ name: "channel", in: "query", required: true, schema: { type: "string" } }],
        responses: jsonResponse({
          type: "object",
          properties: { ok: { type: "boolean" }, channel: { $ref: "#/components/schemas/objs_conversation" } },
        }),
      },
    },
  },
  {
    objs_conversation: {
      items: {
        anyOf: [
          { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
          { type: "object", properties: { id: { type: "string" }, is_im: { type: "boolean" } } },
        ],
      },
    },
  },
);

const channelGoal = (pointer: string): object => ({
  name: "channel_name",
  description: "Read a channel's name.",
  use_when: "You know the channel id.",
  steps: [
    {
      id: "info",
      operation: "conversations_info",
      params: { channel: "$inputs.channel" },
      outputs: { value: `$response.body#${pointer}` },
    },
  ],
  returns: { value: "$steps.info.outputs.value" },
});

describe("`items` of objects without `type`", () => {
  test("a pointer into it plans, with one SCHEMA_ITEMS_WITHOUT_TYPE warning at the schema", async () => {
    const result = await planGoals(channelGoal("/channel/name"), ITEMS_SPEC);
    expect(result.tools.map((t) => t.name)).toEqual(["channel_name"]);
    expect(summarise(result.diagnostics).map((d) => [d.code, d.severity])).toEqual([
      ["SCHEMA_ITEMS_WITHOUT_TYPE", "warning"],
    ]);
    expect(result.diagnostics[0]?.pointer).toBe("/components/schemas/objs_conversation");
  });

  test("a typo gets a did-you-mean over the branches' members", async () => {
    const result = await planGoals(channelGoal("/channel/nam"), ITEMS_SPEC);
    const missing = result.diagnostics.find((d) => d.code === "PLAN_POINTER_NOT_IN_RESPONSE");
    expect(missing?.hint).toBe('did you mean "name"?');
  });
});
