// Tool objects → Anthropic runnable tools for `client.beta.messages.toolRunner`.
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import type { BetaTool } from "@anthropic-ai/sdk/resources/beta/messages/messages";
import type { Tool as AnthropicTool } from "@anthropic-ai/sdk/resources/messages/messages";
import type { Tool } from "../types.js";
import { isErrorEnvelope, resultText, runSafely, toolInputJsonSchema } from "./shared.js";

/**
 * One runnable tool per Tool object, for `client.beta.messages.toolRunner({ tools: toAnthropicTools(tools), … })`.
 *
 * The object `betaZodTool` would build, written out so that no Zod schema of this package meets the SDK's own copy of
 * Zod (the application's, which may be another version): `input_schema` is the input view of the schema (a field with
 * a default is optional), the same JSON Schema every adapter advertises, and `parse` passes the model's input through
 * untouched, because a throwing parse would reach the model as `Error: <zod message>` instead of the tool's
 * INVALID_ARGUMENT envelope. `run` returns the result's JSON; an error envelope is thrown as a `ToolError`, the only
 * way the runner sends a result with `is_error: true`. The runner tells a `ToolError` by `instanceof` of its own copy,
 * so this module must load the application's `@anthropic-ai/sdk` (a peer dependency), never a copy of its own.
 */
export function toAnthropicTools(tools: Readonly<Record<string, Tool>>): BetaRunnableTool<unknown>[] {
  return Object.values(tools).map(toAnthropicTool);
}

/** {@link toAnthropicTools} for one tool. */
export function toAnthropicTool(tool: Tool): BetaRunnableTool<unknown> {
  return {
    type: "custom",
    name: tool.name,
    description: tool.description,
    input_schema: toolInputJsonSchema(tool) as BetaTool.InputSchema,
    parse: (input: unknown) => input,
    run: async (input, context) => {
      const result = await runSafely(tool, input, context?.signal ? { signal: context.signal } : {});
      if (isErrorEnvelope(result)) throw new ToolError(resultText(result));
      return resultText(result);
    },
  };
}

/** Plain Messages API tool definitions (`{ name, description, input_schema }`) for callers that run tools themselves. */
export function toAnthropicToolDefinitions(tools: Readonly<Record<string, Tool>>): AnthropicTool[] {
  return Object.values(tools).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: toolInputJsonSchema(tool) as AnthropicTool.InputSchema,
  }));
}
