// Tool objects → OpenAI strict function tools (Chat Completions and Responses) and a dispatcher for their calls.
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import type { RunContext, Tool } from "../types.js";
import { lowerSchemaForOpenAIStrict, restoreStrictArguments } from "./openai-strict.js";
import {
  createSearchSession,
  SEARCH_TOOLS,
  SEARCH_TOOLS_INPUT_SCHEMA,
  searchToolsDescription,
  servedWithSearch,
} from "./search.js";
import { invalidArgument, resultText, runSafely, toolInputJsonSchema, type JsonSchema } from "./shared.js";

export {
  lowerSchemaForOpenAIStrict,
  restoreStrictArguments,
  OPENAI_STRICT_FORMATS,
  OPENAI_STRICT_KEYWORDS,
} from "./openai-strict.js";

/**
 * Runs the named tool on the JSON arguments the model sent and returns the result's JSON, which goes back as the
 * tool message / `function_call_output`. Unparseable JSON and unknown names come back as INVALID_ARGUMENT envelopes.
 */
export type OpenAICall = (name: string, argsJson: string, ctx?: RunContext) => Promise<string>;

/** Chat Completions tools: `tools: definitions`, then `call(tool_call.function.name, tool_call.function.arguments)`. */
export interface OpenAIChatTools {
  readonly definitions: ChatCompletionFunctionTool[];
  readonly call: OpenAICall;
}

/** Responses API tools: `tools: definitions`, then `call(item.name, item.arguments)` for each `function_call` item. */
/**
 * Responses API tool search and deferred functions, written out here: openai releases before tool search (the range
 * starts at 6.0.0) do not declare them, and the package builds against the lowest.
 */
export interface OpenAIToolSearchTool {
  readonly type: "tool_search";
}
export type OpenAIDeferrableFunctionTool = FunctionTool & { defer_loading?: boolean };

export interface OpenAIResponsesTools {
  readonly definitions: (OpenAIDeferrableFunctionTool | OpenAIToolSearchTool)[];
  readonly call: OpenAICall;
}

/** Chat Completions function tools with `strict: true`; parameters lowered by {@link lowerSchemaForOpenAIStrict}. */
export function toOpenAITools(tools: Readonly<Record<string, Tool>>): OpenAIChatTools {
  const prepared = prepare(tools);
  return {
    definitions: prepared.map(({ tool, parameters }) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters, strict: true },
    })),
    call: dispatcher(prepared),
  };
}

/**
 * The same tools for the Responses API (`{ type: "function", name, description, parameters, strict }`). A toolset
 * over its context budget comes with OpenAI's hosted `tool_search`, its non-core functions `defer_loading: true`.
 */
export function toOpenAIResponsesTools(tools: Readonly<Record<string, Tool>>): OpenAIResponsesTools {
  const prepared = prepare(tools);
  const functions: OpenAIDeferrableFunctionTool[] = prepared.map(({ tool, parameters }) => ({
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters,
    strict: true,
    ...(tool.deferLoading === true ? { defer_loading: true } : {}),
  }));
  const searching = servedWithSearch(Object.values(tools));
  return { definitions: searching ? [...functions, OPENAI_TOOL_SEARCH] : functions, call: dispatcher(prepared) };
}

/** OpenAI's hosted tool search (Responses API), added when some functions are deferred. */
export const OPENAI_TOOL_SEARCH: OpenAIToolSearchTool = { type: "tool_search" };

/**
 * Chat Completions tools with search, for a toolset over its context budget: `definitions()` is the core, every tool a
 * search found so far, and `search_tools`; send `tools: chat.definitions()` with each request, and `call` every tool
 * call (a `search_tools` call answers with the matches and makes them part of the next `definitions()`). Any tool
 * can be called by name, found or not. One per conversation.
 */
export interface OpenAIChatToolSearch {
  definitions(): ChatCompletionFunctionTool[];
  readonly call: OpenAICall;
}

/** {@link OpenAIChatToolSearch} over `tools` (the core: every tool not `deferLoading`). */
export function toOpenAIToolSearch(tools: Readonly<Record<string, Tool>>): OpenAIChatToolSearch {
  const list = Object.values(tools);
  const session = createSearchSession(list);
  const byName = new Map(list.map((tool) => [tool.name, tool]));
  const lowered = new Map<string, ChatCompletionFunctionTool>();
  const definition = (name: string): ChatCompletionFunctionTool => {
    const known = lowered.get(name);
    if (known !== undefined) return known;
    const tool = byName.get(name) as Tool;
    const made: ChatCompletionFunctionTool = {
      type: "function",
      function: {
        name,
        description: tool.description,
        parameters: lowerSchemaForOpenAIStrict(toolInputJsonSchema(tool)),
        strict: true,
      },
    };
    lowered.set(name, made);
    return made;
  };
  const searchTool: ChatCompletionFunctionTool = {
    type: "function",
    function: {
      name: SEARCH_TOOLS,
      description: searchToolsDescription(list.length),
      parameters: lowerSchemaForOpenAIStrict(SEARCH_TOOLS_INPUT_SCHEMA as unknown as JsonSchema),
      strict: true,
    },
  };
  const call = dispatcher(prepareLazily(list));
  return {
    definitions: () => [...session.visible().map(definition), searchTool],
    call: async (name, argsJson, ctx) => {
      if (name !== SEARCH_TOOLS) return call(name, argsJson, ctx);
      let args: unknown;
      try {
        args = JSON.parse(argsJson || "{}");
      } catch {
        args = undefined;
      }
      return resultText(
        session.search(args, "These tools are now in your tool list; call one.") as Record<string, unknown>,
      );
    },
  };
}

/** Like `prepare`, with each tool's schemas lowered on its first call (a large toolset need not lower them all). */
function prepareLazily(tools: readonly Tool[]): Prepared[] {
  return tools.map((tool) => {
    let original: JsonSchema | undefined;
    let parameters: JsonSchema | undefined;
    return {
      tool,
      get original() {
        return (original ??= toolInputJsonSchema(tool));
      },
      get parameters() {
        return (parameters ??= lowerSchemaForOpenAIStrict(this.original));
      },
    };
  });
}

interface Prepared {
  readonly tool: Tool;
  readonly original: JsonSchema;
  readonly parameters: JsonSchema;
}

function prepare(tools: Readonly<Record<string, Tool>>): Prepared[] {
  return Object.values(tools).map((tool) => {
    const original = toolInputJsonSchema(tool);
    return { tool, original, parameters: lowerSchemaForOpenAIStrict(original) };
  });
}

function dispatcher(prepared: readonly Prepared[]): OpenAICall {
  const byName = new Map(prepared.map((entry) => [entry.tool.name, entry]));
  return async (name, argsJson, ctx) => {
    const entry = byName.get(name);
    if (entry === undefined) {
      return resultText(
        invalidArgument(`Unknown tool ${JSON.stringify(name)}.`, `Call one of: ${[...byName.keys()].join(", ")}.`),
      );
    }
    let args: unknown;
    try {
      args = argsJson.trim() === "" ? {} : JSON.parse(argsJson);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return resultText(
        invalidArgument(`The arguments are not valid JSON: ${reason}`, "Send the arguments as one JSON object."),
      );
    }
    return resultText(await runSafely(entry.tool, restoreStrictArguments(entry.original, args), ctx));
  };
}
