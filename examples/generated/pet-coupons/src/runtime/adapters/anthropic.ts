// Tool objects → Anthropic runnable tools for `client.beta.messages.toolRunner`.
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import type { BetaTool, BetaToolSearchToolBm25_20251119 } from "@anthropic-ai/sdk/resources/beta/messages/messages";
import type { Tool as AnthropicTool, ToolSearchToolBm25_20251119 } from "@anthropic-ai/sdk/resources/messages/messages";
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
export function toAnthropicTools(
  tools: Readonly<Record<string, Tool>>,
): (BetaRunnableTool<unknown> | BetaToolSearchToolBm25_20251119)[] {
  const runnable = Object.values(tools).map(toAnthropicTool);
  return runnable.some((tool) => tool.defer_loading === true) ? [...runnable, ANTHROPIC_TOOL_SEARCH] : runnable;
}

/**
 * Anthropic's server-side BM25 tool search: added by {@link toAnthropicTools} when some tools are `defer_loading`
 * (the toolset passes its context budget), so the model sees the core tools and finds the rest by searching.
 */
export const ANTHROPIC_TOOL_SEARCH: BetaToolSearchToolBm25_20251119 & ToolSearchToolBm25_20251119 = {
  type: "tool_search_tool_bm25_20251119",
  name: "tool_search_tool_bm25",
};

/** The code execution tool version whose code may call data tools (programmatic tool calling). */
export const CODE_EXECUTION_CALLER = "code_execution_20250825";

/** The advanced tool-use fields, typed so they fit both the Messages API's `Tool` and the beta `BetaTool`. */
type AnthropicToolExtras = Pick<AnthropicTool, "defer_loading" | "input_examples" | "allowed_callers"> &
  Pick<BetaTool, "defer_loading" | "input_examples" | "allowed_callers">;

/**
 * The advanced tool-use fields of one tool: `defer_loading` when only search should reveal it, `input_examples`,
 * and `allowed_callers` with code execution for a data tool the goals file has not opted out (never for an action).
 */
export function anthropicToolExtras(tool: Tool): AnthropicToolExtras {
  const programmatic = tool.category === "data" && tool.programmatic !== false;
  return {
    ...(tool.deferLoading === true ? { defer_loading: true } : {}),
    ...(tool.examples === undefined || tool.examples.length === 0
      ? {}
      : { input_examples: tool.examples.map((e) => ({ ...e })) }),
    ...(programmatic ? { allowed_callers: ["direct", CODE_EXECUTION_CALLER] } : {}),
  };
}

/** {@link toAnthropicTools} for one tool. */
export function toAnthropicTool(tool: Tool): BetaRunnableTool<unknown> {
  return {
    type: "custom",
    name: tool.name,
    description: tool.description,
    input_schema: toolInputJsonSchema(tool) as BetaTool.InputSchema,
    ...anthropicToolExtras(tool),
    parse: (input: unknown) => input,
    run: async (input, context) => {
      const result = await runSafely(tool, input, context?.signal ? { signal: context.signal } : {});
      if (isErrorEnvelope(result)) throw new ToolError(resultText(result));
      return resultText(result);
    },
  };
}

/**
 * Plain Messages API tool definitions for callers that run tools themselves: what {@link toAnthropicTools} sends
 * without `parse`/`run` — the same `input_schema`, `defer_loading`, `input_examples` and `allowed_callers`, and the
 * BM25 tool search tool when some tools are deferred (the API finds deferred tools only through it).
 */
export function toAnthropicToolDefinitions(
  tools: Readonly<Record<string, Tool>>,
): (AnthropicTool | ToolSearchToolBm25_20251119)[] {
  const definitions = Object.values(tools).map(
    (tool): AnthropicTool => ({
      name: tool.name,
      description: tool.description,
      input_schema: toolInputJsonSchema(tool) as AnthropicTool.InputSchema,
      ...anthropicToolExtras(tool),
    }),
  );
  return definitions.some((d) => d.defer_loading === true) ? [...definitions, ANTHROPIC_TOOL_SEARCH] : definitions;
}
