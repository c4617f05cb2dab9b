// Tool objects → OpenAI strict function tools (Chat Completions and Responses) and a dispatcher for their calls.
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import type { RunContext, Tool } from "../types.js";
import { lowerSchemaForOpenAIStrict, restoreStrictArguments } from "./openai-strict.js";
import { invalidArgument, resultText, runSafely, toolInputJsonSchema, type JsonSchema } from "./shared.js";

export { lowerSchemaForOpenAIStrict, restoreStrictArguments, OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from "./openai-strict.js";

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
export interface OpenAIResponsesTools {
  readonly definitions: FunctionTool[];
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

/** The same tools for the Responses API (`{ type: "function", name, description, parameters, strict }`). */
export function toOpenAIResponsesTools(tools: Readonly<Record<string, Tool>>): OpenAIResponsesTools {
  const prepared = prepare(tools);
  return {
    definitions: prepared.map(({ tool, parameters }) => ({ type: "function", name: tool.name, description: tool.description, parameters, strict: true })),
    call: dispatcher(prepared),
  };
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
      return resultText(invalidArgument(`Unknown tool ${JSON.stringify(name)}.`, `Call one of: ${[...byName.keys()].join(", ")}.`));
    }
    let args: unknown;
    try {
      args = argsJson.trim() === "" ? {} : JSON.parse(argsJson);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return resultText(invalidArgument(`The arguments are not valid JSON: ${reason}`, "Send the arguments as one JSON object."));
    }
    return resultText(await runSafely(entry.tool, restoreStrictArguments(entry.original, args), ctx));
  };
}
