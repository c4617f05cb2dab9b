// Loopback fake model servers that speak the Anthropic Messages API and OpenAI Chat Completions and follow a script:
// each turn the script sees the conversation (tools offered, tool results so far) and answers with tool calls or text.
import { createServer, type IncomingMessage, type Server } from "node:http";

/** A tool result as the script sees it: which tool, the text, and whether the provider marked it an error. */
export interface SeenResult {
  readonly name: string;
  readonly text: string;
  readonly json: Record<string, unknown>;
}

/** The conversation so far, provider-neutral. */
export interface ScriptState {
  /** Names of the tools offered in this request (deferred ones included). */
  readonly tools: readonly string[];
  /** Names offered without `defer_loading` (what the model sees upfront). */
  readonly visible: readonly string[];
  readonly system?: string;
  readonly user: string;
  /** How many assistant turns came before this one. */
  readonly turn: number;
  /** Every tool result so far, in order. */
  readonly results: readonly SeenResult[];
}

/** What the scripted model does this turn. */
export interface ScriptStep {
  readonly calls?: readonly { readonly name: string; readonly args: Record<string, unknown> }[];
  readonly text?: string;
}

export type Script = (state: ScriptState) => ScriptStep;

/** One request the fake received. */
export interface FakeRequest {
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: Record<string, unknown>;
}

export interface FakeModel {
  /** Base URL as the provider's *_BASE_URL wants it. */
  readonly url: string;
  readonly requests: FakeRequest[];
  stop(): Promise<void>;
}

const tokens = (text: string): number => Math.ceil(text.length / 4);

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function listen(
  handle: (
    path: string,
    body: Record<string, unknown>,
    headers: IncomingMessage["headers"],
  ) => { status: number; body: unknown },
  basePath: string,
): Promise<FakeModel> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = parseJson(Buffer.concat(chunks).toString("utf8"));
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      let answer: { status: number; body: unknown };
      try {
        answer = handle(req.url ?? "", body, req.headers);
      } catch (error) {
        answer = { status: 500, body: { error: { message: (error as Error).message } } };
      }
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}${basePath}`,
        requests,
        stop: () => new Promise((done) => (server.close(() => done()), server.closeAllConnections())),
      });
    });
  });
}

type Block = Record<string, unknown>;

/** Anthropic: the tool name of each tool_use id, then every tool_result in order. */
function anthropicState(body: Record<string, unknown>): ScriptState {
  const tools = (body["tools"] as Block[] | undefined) ?? [];
  const messages = (body["messages"] as Block[] | undefined) ?? [];
  const names = new Map<string, string>();
  const results: SeenResult[] = [];
  const found = new Set<string>();
  for (const message of messages) {
    if (!Array.isArray(message["content"])) continue;
    for (const block of message["content"] as Block[]) {
      if (block["type"] === "tool_use") names.set(String(block["id"]), String(block["name"]));
      if (block["type"] === "tool_search_tool_result")
        for (const ref of ((block["content"] as Block)["tool_references"] as Block[] | undefined) ?? [])
          found.add(String(ref["tool_name"]));
      if (block["type"] === "tool_result") {
        const text = String(block["content"]);
        results.push({ name: names.get(String(block["tool_use_id"])) ?? "?", text, json: parseJson(text) });
      }
    }
  }
  const custom = tools.filter((t) => typeof t["input_schema"] === "object");
  return {
    tools: custom.map((t) => String(t["name"])),
    visible: custom
      .filter((t) => t["defer_loading"] !== true || found.has(String(t["name"])))
      .map((t) => String(t["name"])),
    ...(typeof body["system"] === "string" ? { system: body["system"] } : {}),
    user: String(messages[0]?.["content"] ?? ""),
    turn: messages.filter((m) => m["role"] === "assistant").length,
    results,
  };
}

/** Starts a fake Anthropic Messages API (`POST /v1/messages`) that checks the key and follows `script`. */
export function startFakeAnthropic(script: Script, apiKey = "test-anthropic-key"): Promise<FakeModel> {
  let ids = 0;
  return listen((path, body, headers) => {
    if (path !== "/v1/messages") return { status: 404, body: { type: "error", error: { message: "not found" } } };
    if (headers["x-api-key"] !== apiKey) return { status: 401, body: { type: "error", error: { message: "bad key" } } };
    const state = anthropicState(body);
    const searchTool = ((body["tools"] as Block[] | undefined) ?? []).some(
      (t) => t["type"] === "tool_search_tool_bm25_20251119",
    );
    const deferred = state.tools.length > state.visible.length;
    if (deferred && (!searchTool || !String(headers["anthropic-beta"] ?? "").includes("advanced-tool-use")))
      return {
        status: 400,
        body: { type: "error", error: { message: "defer_loading needs the tool search tool and its beta" } },
      };
    const step = script(state);
    const content: Block[] = [
      ...(step.text === undefined ? [] : [{ type: "text", text: step.text }]),
      ...(step.calls ?? []).flatMap((c) => {
        const use = { type: "tool_use", id: `toolu_${++ids}`, name: c.name, input: c.args };
        if (state.visible.includes(c.name)) return [use];
        // A deferred tool: the API's own BM25 search finds it first, within the same response.
        const search = `srvtoolu_${ids}`;
        return [
          {
            type: "server_tool_use",
            id: search,
            name: "tool_search_tool_bm25",
            input: { query: c.name.replace(/_/g, " ") },
          },
          {
            type: "tool_search_tool_result",
            tool_use_id: search,
            content: {
              type: "tool_search_tool_search_result",
              tool_references: [{ type: "tool_reference", tool_name: c.name }],
            },
          },
          use,
        ];
      }),
    ];
    return {
      status: 200,
      body: {
        id: `msg_${ids}`,
        type: "message",
        role: "assistant",
        model: body["model"],
        content,
        stop_reason: (step.calls ?? []).length > 0 ? "tool_use" : "end_turn",
        // Like the API, deferred definitions count only once a search has loaded them.
        usage: {
          input_tokens: tokens(
            JSON.stringify({
              ...body,
              tools: ((body["tools"] as Block[] | undefined) ?? []).filter(
                (t) => t["defer_loading"] !== true || state.visible.includes(String(t["name"])),
              ),
            }),
          ),
          output_tokens: tokens(JSON.stringify(content)),
        },
      },
    };
  }, "");
}

/** OpenAI: tool names by tool_call id, then every tool message in order. */
function openaiState(body: Record<string, unknown>): ScriptState {
  const tools = (body["tools"] as Block[] | undefined) ?? [];
  const messages = (body["messages"] as Block[] | undefined) ?? [];
  const names = new Map<string, string>();
  const results: SeenResult[] = [];
  for (const message of messages) {
    for (const call of (message["tool_calls"] as Block[] | undefined) ?? [])
      names.set(String(call["id"]), String((call["function"] as Block)["name"]));
    if (message["role"] === "tool") {
      const text = String(message["content"]);
      results.push({ name: names.get(String(message["tool_call_id"])) ?? "?", text, json: parseJson(text) });
    }
  }
  const offered = tools.map((t) => String((t["function"] as Block)["name"]));
  const system = messages.find((m) => m["role"] === "system");
  return {
    tools: offered,
    visible: offered,
    ...(system === undefined ? {} : { system: String(system["content"]) }),
    user: String(messages.find((m) => m["role"] === "user")?.["content"] ?? ""),
    turn: messages.filter((m) => m["role"] === "assistant").length,
    results,
  };
}

/** Starts a fake OpenAI Chat Completions API (`POST /v1/chat/completions`) that checks the key and strict tools, and follows `script`. */
export function startFakeOpenAI(script: Script, apiKey = "test-openai-key"): Promise<FakeModel> {
  let ids = 0;
  return listen((path, body, headers) => {
    if (path !== "/v1/chat/completions") return { status: 404, body: { error: { message: "not found" } } };
    if (headers["authorization"] !== `Bearer ${apiKey}`)
      return { status: 401, body: { error: { message: "bad key" } } };
    const tools = (body["tools"] as Block[] | undefined) ?? [];
    const loose = tools.filter((t) => (t["function"] as Block)["strict"] !== true);
    if (loose.length > 0) return { status: 400, body: { error: { message: "every tool must be strict" } } };
    const step = script(openaiState(body));
    const calls = (step.calls ?? []).map((c) => ({
      id: `call_${++ids}`,
      type: "function",
      function: { name: c.name, arguments: JSON.stringify(c.args) },
    }));
    const message = {
      role: "assistant",
      content: step.text ?? null,
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    };
    return {
      status: 200,
      body: {
        id: `chatcmpl_${ids}`,
        object: "chat.completion",
        model: body["model"],
        choices: [{ index: 0, message, finish_reason: calls.length > 0 ? "tool_calls" : "stop" }],
        usage: { prompt_tokens: tokens(JSON.stringify(body)), completion_tokens: tokens(JSON.stringify(message)) },
      },
    };
  }, "/v1");
}
