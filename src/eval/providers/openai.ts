// OpenAI Chat Completions over fetch: strict function tools from the generated OpenAI adapter, with its search past the budget.
import { toOpenAITools, toOpenAIToolSearch } from "../../runtime/adapters/openai.js";
import { servedWithSearch } from "../../runtime/adapters/search.js";
import { isRecord } from "../../runtime/types.js";
import { postJson, type Conversation, type ConversationInit, type Provider } from "./types.js";

/** An OpenAI provider (`baseUrl` as the SDK's OPENAI_BASE_URL, ending in /v1). */
export function openaiProvider(init: { apiKey: string; baseUrl: string }): Provider {
  const url = `${init.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name: "openai",
    baseUrl: init.baseUrl,
    start: (conversation) => openaiConversation(conversation, { ...init, url }),
  };
}

function openaiConversation(init: ConversationInit, provider: { apiKey: string; url: string }): Conversation {
  const searching = servedWithSearch(Object.values(init.tools));
  const adapter = searching ? toOpenAIToolSearch(init.tools) : toOpenAITools(init.tools);
  const definitions = () =>
    "definitions" in adapter && typeof adapter.definitions === "function" ? adapter.definitions() : adapter.definitions;
  const messages: Record<string, unknown>[] = [
    ...(init.system === undefined ? [] : [{ role: "system", content: init.system }]),
    { role: "user", content: init.message },
  ];
  return {
    async next() {
      const answer = await postJson(
        provider.url,
        { authorization: `Bearer ${provider.apiKey}` },
        { model: init.model, messages, tools: definitions() },
      );
      const choices = Array.isArray(answer["choices"]) ? answer["choices"] : [];
      const first = isRecord(choices[0]) && isRecord(choices[0]["message"]) ? choices[0]["message"] : {};
      const toolCalls = Array.isArray(first["tool_calls"]) ? first["tool_calls"].filter(isRecord) : [];
      messages.push({
        role: "assistant",
        content: first["content"] ?? null,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      });
      const usage = isRecord(answer["usage"]) ? answer["usage"] : {};
      return {
        text: typeof first["content"] === "string" ? first["content"] : "",
        calls: toolCalls.map((c) => {
          const fn = isRecord(c["function"]) ? c["function"] : {};
          return { id: String(c["id"]), name: String(fn["name"]), arguments: String(fn["arguments"] ?? "") };
        }),
        inputTokens: typeof usage["prompt_tokens"] === "number" ? usage["prompt_tokens"] : 0,
        outputTokens: typeof usage["completion_tokens"] === "number" ? usage["completion_tokens"] : 0,
        serverSearches: [],
        paused: false,
      };
    },
    call: (call) => adapter.call(call.name, call.arguments, { toolCallId: call.id }),
    answer(results) {
      for (const r of results) messages.push({ role: "tool", tool_call_id: r.id, content: r.text });
    },
  };
}
