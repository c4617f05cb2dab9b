// Tool objects → Vercel AI SDK `tool()` definitions for generateText / streamText.
import { jsonSchema, tool as aiTool, type JSONSchema7, type JSONValue, type Tool as AiTool } from "ai";
import type { Tool, ToolResult } from "../types.js";
import { createSearchSession, SEARCH_TOOLS, SEARCH_TOOLS_INPUT_SCHEMA, searchToolsDescription } from "./search.js";
import { isErrorEnvelope, runSafely, toolInputJsonSchema } from "./shared.js";

/**
 * One AI SDK tool per Tool object, keyed by tool name (`generateText({ tools: toVercelTools(tools), … })`).
 *
 * `inputSchema` is `jsonSchema(toolInputJsonSchema(tool))` without a validator, so the SDK advertises the tool's JSON
 * Schema but hands every input to `run`, which answers invalid input with the INVALID_ARGUMENT envelope instead of
 * the SDK's own tool-input error. `needsApproval` is true for tools with approval "required": the SDK then asks the
 * application for a tool-approval response before `execute` runs, and `execute` tells the tool the call is approved
 * through `RunContext.elicitApproval` (a toolset created with approval "elicit" honours it; with "queue" the call
 * is still queued). An error envelope reaches the model as `error-json`, anything else as `json`.
 */
export function toVercelTools(tools: Readonly<Record<string, Tool>>): Record<string, AiTool<unknown, ToolResult>> {
  return Object.fromEntries(Object.values(tools).map((tool) => [tool.name, toVercelTool(tool)]));
}

/** {@link toVercelTools} for one tool. */
export function toVercelTool(tool: Tool): AiTool<unknown, ToolResult> {
  const gated = tool.approval === "required";
  return aiTool<unknown, ToolResult>({
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema<unknown>(toolInputJsonSchema(tool) as JSONSchema7),
    needsApproval: gated,
    execute: (input, options) =>
      runSafely(tool, input, {
        ...(options.abortSignal === undefined ? {} : { signal: options.abortSignal }),
        ...(gated ? { elicitApproval: () => Promise.resolve(true) } : {}),
      }),
    toModelOutput: ({ output }) => {
      const value = output as unknown as JSONValue;
      return isErrorEnvelope(output) ? { type: "error-json", value } : { type: "json", value };
    },
  });
}

/**
 * A toolset over its context budget in the AI SDK's idiom: `tools` holds every tool plus `search_tools`, and
 * `activeTools()` (pass it from `prepareStep`: `prepareStep: () => ({ activeTools: search.activeTools() })`) names
 * the core, every tool a search found so far, and `search_tools`. One per conversation.
 */
export interface VercelToolSearch {
  readonly tools: Record<string, AiTool<unknown, ToolResult>>;
  activeTools(): string[];
}

/** {@link VercelToolSearch} over `tools` (the core: every tool not `deferLoading`). */
export function toVercelToolSearch(tools: Readonly<Record<string, Tool>>): VercelToolSearch {
  const list = Object.values(tools);
  const session = createSearchSession(list);
  const search = aiTool<unknown, ToolResult>({
    title: "Search tools",
    description: searchToolsDescription(list.length),
    inputSchema: jsonSchema<unknown>(SEARCH_TOOLS_INPUT_SCHEMA as unknown as JSONSchema7),
    execute: (input) =>
      Promise.resolve(session.search(input, "These tools are active from the next step on; call one.") as ToolResult),
  });
  return {
    tools: { ...toVercelTools(tools), [SEARCH_TOOLS]: search },
    activeTools: () => [...session.visible(), SEARCH_TOOLS],
  };
}
