// The provider-neutral conversation the eval loop drives: one model turn at a time, tool results fed back.
import type { BoundTool } from "../../runtime/tool.js";

/** One tool call the model asked for. */
export interface ModelToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments exactly as the model sent them (JSON text). */
  readonly arguments: string;
}

/** What one model request produced. */
export interface ModelTurn {
  readonly text: string;
  readonly calls: readonly ModelToolCall[];
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Searches the provider ran on its side (Anthropic's tool search), with their queries. */
  readonly serverSearches: readonly string[];
  /** The model stopped mid-turn and must be asked to go on (Anthropic `pause_turn`), without tool results. */
  readonly paused: boolean;
}

/** A tool's answer as the model receives it. */
export interface ToolAnswer {
  readonly id: string;
  readonly text: string;
  readonly isError: boolean;
}

/** One conversation with the model over one toolset. */
export interface Conversation {
  next(): Promise<ModelTurn>;
  /** Runs one tool call through the provider's adapter (argument lowering and all) and returns the result text. */
  call(call: ModelToolCall): Promise<string>;
  /** Feeds the results of the last turn's calls back. */
  answer(results: readonly ToolAnswer[]): void;
}

export interface ConversationInit {
  readonly model: string;
  readonly system?: string;
  readonly message: string;
  readonly tools: Readonly<Record<string, BoundTool>>;
}

/** A model provider: starts conversations. */
export interface Provider {
  readonly name: "anthropic" | "openai";
  readonly baseUrl: string;
  start(init: ConversationInit): Conversation;
}

/** A provider's HTTP failure (after retries), reported in the run instead of a model turn. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }

  /** The key or the model was refused (401, 403, 404): every other run would fail the same way. */
  get rejected(): boolean {
    return this.status === 401 || this.status === 403 || this.status === 404;
  }
}

const RETRIED = new Set([408, 429, 500, 502, 503, 504, 529]);
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** POSTs JSON and returns the parsed answer; retries twice on 408/429/5xx/529 (Retry-After honoured, at most 30 s). */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = 180_000,
): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (attempt < 3) {
        await sleep(1000 * attempt);
        continue;
      }
      throw new ProviderError(`${url} did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.ok) {
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new ProviderError(`${url} answered ${response.status} with a body that is not JSON`, response.status);
      }
    }
    if (RETRIED.has(response.status) && attempt < 3) {
      const after = Number(response.headers.get("retry-after"));
      await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, 30) * 1000 : 1000 * attempt);
      continue;
    }
    throw new ProviderError(`${url} answered ${response.status}: ${text.slice(0, 500)}`, response.status);
  }
}
