// The Anthropic Messages API over fetch: the toolset advertised through the generated Anthropic adapter's definitions.
import { invalidArgument, resultText, runSafely } from "../../runtime/adapters/shared.js";
import type { Tool } from "../../runtime/types.js";
import { isRecord } from "../../runtime/types.js";
import { postJson, type Conversation, type ConversationInit, type ModelTurn, type Provider } from "./types.js";

/** The beta that serves `defer_loading` tools and the BM25 tool search tool. */
export const TOOL_SEARCH_BETA = "advanced-tool-use-2025-11-20";
const MAX_TOKENS = 4096;

type Definitions = (tools: Readonly<Record<string, Tool>>) => readonly Record<string, unknown>[];

/** An Anthropic provider; `definitions` is the adapter's `toAnthropicToolDefinitions` (loaded by the caller). */
export function anthropicProvider(init: { apiKey: string; baseUrl: string; definitions: Definitions }): Provider {
  const url = `${init.baseUrl.replace(/\/+$/, "")}/v1/messages`;
  return {
    name: "anthropic",
    baseUrl: init.baseUrl,
    start: (conversation) => anthropicConversation(conversation, { ...init, url }),
  };
}

function anthropicConversation(
  init: ConversationInit,
  provider: { apiKey: string; url: string; definitions: Definitions },
): Conversation {
  const tools = provider.definitions(init.tools);
  const searching = tools.some((t) => t["defer_loading"] === true);
  const messages: Record<string, unknown>[] = [{ role: "user", content: init.message }];
  const headers = {
    "x-api-key": provider.apiKey,
    "anthropic-version": "2023-06-01",
    ...(searching ? { "anthropic-beta": TOOL_SEARCH_BETA } : {}),
  };
  return {
    async next() {
      const answer = await postJson(provider.url, headers, {
        model: init.model,
        max_tokens: MAX_TOKENS,
        ...(init.system === undefined ? {} : { system: init.system }),
        messages,
        tools,
      });
      const content = Array.isArray(answer["content"]) ? (answer["content"] as unknown[]).filter(isRecord) : [];
      messages.push({ role: "assistant", content });
      return turnOf(content, answer);
    },
    async call(call) {
      const tool = init.tools[call.name];
      if (tool === undefined)
        return resultText(
          invalidArgument(
            `Unknown tool ${JSON.stringify(call.name)}.`,
            `Call one of: ${Object.keys(init.tools).join(", ")}.`,
          ),
        );
      return resultText(await runSafely(tool, JSON.parse(call.arguments), { toolCallId: call.id }));
    },
    answer(results) {
      messages.push({
        role: "user",
        content: results.map((r) => ({
          type: "tool_result",
          tool_use_id: r.id,
          content: r.text,
          ...(r.isError ? { is_error: true } : {}),
        })),
      });
    },
  };
}

function turnOf(content: readonly Record<string, unknown>[], answer: Record<string, unknown>): ModelTurn {
  const usage = isRecord(answer["usage"]) ? answer["usage"] : {};
  const count = (key: string): number => (typeof usage[key] === "number" ? (usage[key] as number) : 0);
  return {
    text: content
      .filter((b) => b["type"] === "text")
      .map((b) => String(b["text"] ?? ""))
      .join("\n"),
    calls: content
      .filter((b) => b["type"] === "tool_use")
      .map((b) => ({ id: String(b["id"]), name: String(b["name"]), arguments: JSON.stringify(b["input"] ?? {}) })),
    inputTokens: count("input_tokens") + count("cache_creation_input_tokens") + count("cache_read_input_tokens"),
    outputTokens: count("output_tokens"),
    serverSearches: content.filter((b) => b["type"] === "server_tool_use").map((b) => JSON.stringify(b["input"] ?? {})),
    paused: answer["stop_reason"] === "pause_turn",
  };
}
