// Vercel AI SDK adapter: tool() objects, execute, needsApproval, and a generateText round with a mock model.
import { describe, expect, it } from "vitest";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import { toVercelTools } from "../../src/runtime/adapters/vercel-ai.js";
import { deleted, fakeTools, getPet } from "../support/fake-tools.js";

const options = { toolCallId: "call_1", messages: [] };

describe("Vercel AI SDK adapter", () => {
  const tools = toVercelTools(fakeTools);

  it("builds tools with description, the input JSON Schema, execute and needsApproval", async () => {
    expect(Object.keys(tools)).toEqual(["get_pet", "delete_pet"]);
    expect(tools.get_pet!.description).toBe("Fetch one pet by id.");
    expect(tools.get_pet!.title).toBe("Get a pet");
    const schema = await (tools.get_pet!.inputSchema as { jsonSchema: unknown }).jsonSchema;
    expect(schema).toEqual(z.toJSONSchema(getPet.inputSchema, { io: "input" }));
    expect(tools.get_pet!.needsApproval).toBe(false);
    expect(tools.delete_pet!.needsApproval).toBe(true);
    expect(typeof tools.get_pet!.execute).toBe("function");
  });

  it("execute runs the tool; invalid input gives the INVALID_ARGUMENT envelope", async () => {
    expect(await tools.get_pet!.execute!({ pet_id: "p1" }, options)).toEqual({ id: "p1", name: "Rex" });
    expect(await tools.get_pet!.execute!({ pet_id: 1 }, options)).toMatchObject({
      error: { code: "INVALID_ARGUMENT", field: "pet_id" },
    });
  });

  it("execute of a gated tool, reached only after the SDK's approval, tells the tool it is approved", async () => {
    expect(await tools.delete_pet!.execute!({ pet_id: "v1" }, options)).toEqual({ deleted: "v1" });
    expect(deleted).toContain("v1");
  });

  it("toModelOutput sends envelopes as error-json and results as json", async () => {
    const toModel = tools.get_pet!.toModelOutput!;
    expect(
      await toModel({
        toolCallId: "c",
        input: {},
        output: { error: { code: "NOT_FOUND", message: "m", suggestion: "s", retryable: false } },
      }),
    ).toMatchObject({ type: "error-json" });
    expect(await toModel({ toolCallId: "c", input: {}, output: { id: "p" } })).toEqual({
      type: "json",
      value: { id: "p" },
    });
  });

  it("generateText hands invalid model input to run, not to the SDK's validator", async () => {
    let calls = 0;
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        calls += 1;
        if (calls === 1) {
          return {
            content: [
              { type: "tool-call", toolCallId: "c1", toolName: "get_pet", input: JSON.stringify({ pet_id: 9 }) },
            ],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: "text", text: "ok" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    const result = await generateText({ model, tools, prompt: "pet 9", stopWhen: stepCountIs(3) });
    const toolResult = result.steps[0]!.content.find((part) => part.type === "tool-result");
    expect(toolResult).toMatchObject({
      type: "tool-result",
      output: { error: { code: "INVALID_ARGUMENT", field: "pet_id" } },
    });
    expect(result.text).toBe("ok");
  });
});
