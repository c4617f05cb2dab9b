// Anthropic adapter: runnable tool objects, their run/parse, and a real toolRunner loop against a fake fetch.
import { describe, expect, it } from "vitest";
import Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import {
  ANTHROPIC_TOOL_SEARCH,
  CODE_EXECUTION_CALLER,
  toAnthropicToolDefinitions,
  toAnthropicTools,
} from "../../src/runtime/adapters/anthropic.js";
import type { Tool } from "../../src/runtime/types.js";
import { fakeTools } from "../support/fake-tools.js";

const toolUse = { toolUse: { type: "tool_use", id: "tu_1", name: "get_pet", input: {} } } as never;

describe("Anthropic adapter", () => {
  // Without deferred tools the list is the runnable tools only (no tool search tool).
  const [getPet, deletePet] = toAnthropicTools(fakeTools) as BetaRunnableTool<unknown>[];

  it("builds runnable tools with name, description and the input JSON Schema", () => {
    expect(getPet).toMatchObject({ type: "custom", name: "get_pet", description: "Fetch one pet by id." });
    const schema = (getPet as { input_schema: { type: string; properties: object; required: string[] } }).input_schema;
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(["pet_id"]);
    expect(Object.keys(schema.properties)).toEqual(["pet_id", "fields"]);
    expect(deletePet).toMatchObject({ name: "delete_pet" });
  });

  it("run returns the result's JSON", async () => {
    expect(JSON.parse((await getPet!.run(getPet!.parse({ pet_id: "p1" }), toolUse)) as string)).toEqual({
      id: "p1",
      name: "Rex",
    });
  });

  it("parse leaves validation to run, which answers with the INVALID_ARGUMENT envelope as a ToolError", async () => {
    const input = getPet!.parse({ pet_id: 5 });
    expect(input).toEqual({ pet_id: 5 });
    const failure = await Promise.resolve(getPet!.run(input, toolUse)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(JSON.parse((failure as { content: string }).content)).toMatchObject({
      error: { code: "INVALID_ARGUMENT", field: "pet_id" },
    });
  });

  it("plain definitions carry the same input_schema and allowed_callers as the runnable tools", () => {
    const [definition, deleteDefinition] = toAnthropicToolDefinitions(fakeTools);
    expect(definition).toEqual({
      name: "get_pet",
      description: "Fetch one pet by id.",
      input_schema: (getPet as { input_schema: unknown }).input_schema,
      allowed_callers: ["direct", CODE_EXECUTION_CALLER],
    });
    expect(deleteDefinition).not.toHaveProperty("allowed_callers");
  });

  describe("every export carries the advanced tool-use fields alike", () => {
    const served = {
      get_pet: { ...fakeTools["get_pet"]!, examples: [{ pet_id: "p1" }, { pet_id: "p2", fields: ["name"] }] },
      delete_pet: { ...fakeTools["delete_pet"]!, deferLoading: true },
    } satisfies Record<string, Tool>;
    const runnable = toAnthropicTools(served) as unknown as Record<string, unknown>[];
    const plain = toAnthropicToolDefinitions(served) as unknown as Record<string, unknown>[];
    const field = (list: Record<string, unknown>[], name: string, key: string) =>
      list.find((t) => t["name"] === name)?.[key];

    it.each([
      ["input_examples", "get_pet", [{ pet_id: "p1" }, { pet_id: "p2", fields: ["name"] }]],
      ["input_examples", "delete_pet", undefined],
      ["defer_loading", "delete_pet", true],
      ["defer_loading", "get_pet", undefined],
      ["allowed_callers", "get_pet", ["direct", CODE_EXECUTION_CALLER]],
      ["allowed_callers", "delete_pet", undefined],
    ])("%s of %s", (key, name, want) => {
      expect(field(plain, name, key)).toEqual(want);
      expect(field(runnable, name, key)).toEqual(want);
    });

    it("adds the BM25 tool search tool to both when some tool is deferred, and to neither otherwise", () => {
      expect(plain.at(-1)).toEqual(ANTHROPIC_TOOL_SEARCH);
      expect(runnable.at(-1)).toEqual(ANTHROPIC_TOOL_SEARCH);
      expect(toAnthropicToolDefinitions(fakeTools).map((t) => t.name)).toEqual(Object.keys(fakeTools));
    });

    it("a programmatic: false data tool is not callable from code execution", () => {
      const optedOut = { get_pet: { ...fakeTools["get_pet"]!, programmatic: false } };
      expect(toAnthropicToolDefinitions(optedOut)[0]).not.toHaveProperty("allowed_callers");
    });

    it("the plain definitions are accepted as Messages API params by the pinned SDK's types", () => {
      const params: MessageCreateParamsNonStreaming = {
        model: "claude-test",
        max_tokens: 16,
        messages: [{ role: "user", content: "hi" }],
        tools: toAnthropicToolDefinitions(served),
      };
      expect(params.tools).toHaveLength(3);
    });
  });

  it("a toolRunner loop sends the envelope back as tool_result with is_error", async () => {
    const requests: { messages: { role: string; content: unknown }[] }[] = [];
    const reply = (content: unknown[], stop_reason: string) => ({
      id: `msg_${requests.length}`,
      type: "message",
      role: "assistant",
      model: "claude-test",
      content,
      stop_reason,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const fakeFetch = async (_url: unknown, init?: { body?: unknown }) => {
      requests.push(JSON.parse(String(init?.body)));
      const body =
        requests.length === 1
          ? reply([{ type: "tool_use", id: "tu_1", name: "get_pet", input: { pet_id: 7 } }], "tool_use")
          : reply([{ type: "text", text: "done" }], "end_turn");
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    };
    const client = new Anthropic({ apiKey: "test", fetch: fakeFetch as typeof fetch, maxRetries: 0 });
    const final = await client.beta.messages.toolRunner({
      model: "claude-test",
      max_tokens: 100,
      messages: [{ role: "user", content: "get pet 7" }],
      tools: toAnthropicTools(fakeTools),
    });
    expect(final.content).toEqual([{ type: "text", text: "done" }]);
    expect(requests).toHaveLength(2);
    const sentTools = (requests[0] as unknown as { tools: { name: string; input_schema: object }[] }).tools;
    expect(sentTools.map((tool) => tool.name)).toEqual(["get_pet", "delete_pet"]);
    const last = requests[1]!.messages.at(-1)!;
    const block = (last.content as { type: string; is_error?: boolean; content: unknown }[])[0]!;
    expect(block).toMatchObject({ type: "tool_result", tool_use_id: "tu_1", is_error: true });
    const text = typeof block.content === "string" ? block.content : (block.content as { text: string }[])[0]!.text;
    expect(JSON.parse(text)).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "pet_id" } });
  });
});
