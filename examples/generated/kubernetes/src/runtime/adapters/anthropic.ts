// Tool objects → Anthropic `betaZodTool` runnable tools for `client.beta.messages.toolRunner`.
import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import type { BetaTool } from "@anthropic-ai/sdk/resources/beta/messages/messages";
import type { Tool as AnthropicTool } from "@anthropic-ai/sdk/resources/messages/messages";
import type { Tool } from "../types.js";
import { isErrorEnvelope, resultText, runSafely, toolInputJsonSchema } from "./shared.js";

/**
 * One runnable tool per Tool object, for `client.beta.messages.toolRunner({ tools: toAnthropicTools(tools), … })`.
 *
 * Built with `betaZodTool`, with two changes: `parse` passes the model's input through untouched, because the
 * helper's own `inputSchema.parse` would throw and the runner would answer `Error: <zod message>` instead of the
 * tool's INVALID_ARGUMENT envelope; and `input_schema` is the input view of the schema (a field with a default is
 * optional), the same JSON Schema every adapter advertises. `run` returns the result's JSON; an error envelope is
 * thrown as a `ToolError` so the runner sends the same JSON with `is_error: true`.
 */
export function toAnthropicTools(tools: Readonly<Record<string, Tool>>): BetaRunnableTool<unknown>[] {
  return Object.values(tools).map(toAnthropicTool);
}

/** {@link toAnthropicTools} for one tool. */
export function toAnthropicTool(tool: Tool): BetaRunnableTool<unknown> {
  const runnable = betaZodTool({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    run: async (input, context) => {
      const result = await runSafely(tool, input, context?.signal ? { signal: context.signal } : {});
      if (isErrorEnvelope(result)) throw new ToolError(resultText(result));
      return resultText(result);
    },
  });
  return Object.assign(runnable, {
    input_schema: toolInputJsonSchema(tool) as BetaTool.InputSchema,
    parse: (input: unknown) => input,
  }) as BetaRunnableTool<unknown>;
}

/** Plain Messages API tool definitions (`{ name, description, input_schema }`) for callers that run tools themselves. */
export function toAnthropicToolDefinitions(tools: Readonly<Record<string, Tool>>): AnthropicTool[] {
  return Object.values(tools).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: toolInputJsonSchema(tool) as AnthropicTool.InputSchema,
  }));
}
