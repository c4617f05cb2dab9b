// One task × one toolset → a run: the model loop (tool calls through the provider's adapter, approvals granted as an operator would), its transcript, counts and verdict.
import { approveAudited } from "../runtime/approval/decide.js";
import { SEARCH_TOOLS } from "../runtime/adapters/search.js";
import { isRecord } from "../runtime/types.js";
import { judge, type Check } from "./criteria.js";
import type { SentRequest } from "./matching.js";
import {
  ProviderError,
  type Conversation,
  type ModelToolCall,
  type Provider,
  type ToolAnswer,
} from "./providers/types.js";
import type { EvalTask, RequestMatcher } from "./tasks.js";
import type { BoundToolset, ToolsetKind } from "./toolsets.js";

/** How a tool call ended, as the model saw it. */
export type CallOutcome = "ok" | "wrong_argument" | "error" | "pending_approval" | "search";

/** A request as the report shows it. */
export interface RequestLine {
  readonly method: string;
  readonly path: string;
  readonly status?: number;
}

export type TranscriptEntry =
  | { readonly kind: "system"; readonly text: string }
  | { readonly kind: "user"; readonly text: string }
  | { readonly kind: "setup"; readonly request: RequestLine }
  | {
      readonly kind: "assistant";
      readonly text: string;
      readonly calls: readonly ModelToolCall[];
      readonly inputTokens: number;
      readonly outputTokens: number;
      readonly serverSearches: readonly string[];
    }
  | {
      readonly kind: "tool";
      readonly id: string;
      readonly name: string;
      readonly arguments: string;
      readonly result: string;
      readonly outcome: CallOutcome;
      readonly requests: readonly RequestLine[];
    }
  | {
      readonly kind: "approval";
      readonly tool: string;
      readonly requestId: string;
      readonly outcome: string;
      readonly requests: readonly RequestLine[];
    }
  | { readonly kind: "failure"; readonly text: string };

/** One approval the eval granted in the operator's place. */
export interface ApprovalLine {
  readonly tool: string;
  readonly requestId: string;
  /** `done`, `failed`, or why it could not be approved. */
  readonly outcome: string;
}

/** What one task did with one toolset. */
export interface RunRecord {
  readonly toolset: ToolsetKind;
  readonly success: boolean;
  readonly checks: readonly Check[];
  readonly turns: number;
  readonly toolCalls: number;
  /** Searches for tools: `search_tools` calls and the provider's own tool searches. */
  readonly searches: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** INVALID_ARGUMENT results (the tool's own check, or the upstream's 400/422). */
  readonly wrongArguments: number;
  /** Wrong-argument results followed by an accepted call of the same tool. */
  readonly recoveries: number;
  /** Other error results. */
  readonly toolErrors: number;
  readonly requests: readonly RequestLine[];
  readonly approvals: readonly ApprovalLine[];
  readonly answer: string;
  /** Set when the run stopped early: the provider failed, or the turn limit was reached. */
  readonly failure?: string;
  readonly ms: number;
  readonly transcript: readonly TranscriptEntry[];
}

export interface RunInit {
  readonly task: EvalTask;
  readonly kind: ToolsetKind;
  readonly toolset: BoundToolset;
  readonly provider: Provider;
  readonly model: string;
  /** The recording fetch's list of what this toolset sent upstream; the run reads what it adds. */
  readonly sent: SentRequest[];
  /** Sends a setup request to the upstream (not recorded). */
  readonly setup: (request: RequestMatcher) => Promise<RequestLine>;
}

const lineOf = (r: SentRequest): RequestLine => ({
  method: r.method,
  path: r.path,
  ...(r.status === undefined ? {} : { status: r.status }),
});

/** What a result text says: the outcome class and, for a pending approval, the request id. */
function classify(name: string, text: string): { outcome: CallOutcome; requestId?: string } {
  if (name === SEARCH_TOOLS) return { outcome: "search" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { outcome: "ok" };
  }
  if (!isRecord(parsed)) return { outcome: "ok" };
  if (isRecord(parsed["error"]))
    return { outcome: parsed["error"]["code"] === "INVALID_ARGUMENT" ? "wrong_argument" : "error" };
  if (parsed["status"] === "pending_approval" && typeof parsed["request_id"] === "string")
    return { outcome: "pending_approval", requestId: parsed["request_id"] };
  return { outcome: "ok" };
}

/** The loop's running tallies. */
interface Tally {
  turns: number;
  toolCalls: number;
  searches: number;
  inputTokens: number;
  outputTokens: number;
  wrongArguments: number;
  recoveries: number;
  toolErrors: number;
}

/** Runs `task` with one toolset until the model answers without tool calls, the turn limit, or a provider failure. */
export async function runTask(init: RunInit): Promise<RunRecord> {
  const started = performance.now();
  const from = init.sent.length;
  const transcript: TranscriptEntry[] = [];
  const approvals: ApprovalLine[] = [];
  const tally: Tally = {
    turns: 0,
    toolCalls: 0,
    searches: 0,
    inputTokens: 0,
    outputTokens: 0,
    wrongArguments: 0,
    recoveries: 0,
    toolErrors: 0,
  };
  const wrongSince = new Set<string>();
  let answer = "";
  let failure: string | undefined;
  if (init.task.system !== undefined) transcript.push({ kind: "system", text: init.task.system });
  for (const request of init.task.setupRequests) {
    const line = await init.setup(request);
    transcript.push({ kind: "setup", request: line });
    if (failure === undefined && (line.status === undefined || line.status < 200 || line.status >= 300))
      failure = `setup request ${line.method} ${line.path} answered ${line.status ?? "nothing"}; the task was not run`;
  }
  if (failure !== undefined) return finish({ init, from, started, transcript, approvals, tally, answer, failure });
  transcript.push({ kind: "user", text: init.task.message });
  const conversation = init.provider.start({
    model: init.model,
    message: init.task.message,
    tools: init.toolset.tools,
    ...(init.task.system === undefined ? {} : { system: init.task.system }),
  });
  const sentSince = (mark: number): RequestLine[] => init.sent.slice(mark).map(lineOf);
  try {
    for (;;) {
      if (tally.turns >= init.task.maxTurns) {
        failure = `stopped after ${init.task.maxTurns} model turns without a final answer`;
        break;
      }
      const turn = await conversation.next();
      tally.turns++;
      tally.inputTokens += turn.inputTokens;
      tally.outputTokens += turn.outputTokens;
      tally.searches += turn.serverSearches.length;
      transcript.push({
        kind: "assistant",
        text: turn.text,
        calls: turn.calls,
        inputTokens: turn.inputTokens,
        outputTokens: turn.outputTokens,
        serverSearches: turn.serverSearches,
      });
      if (turn.paused) continue;
      if (turn.calls.length === 0) {
        answer = turn.text;
        break;
      }
      const results: ToolAnswer[] = [];
      for (const call of turn.calls)
        results.push(await runCall({ init, conversation, call, tally, wrongSince, transcript, approvals, sentSince }));
      conversation.answer(results);
    }
  } catch (error) {
    if (!(error instanceof ProviderError) || error.rejected) throw error;
    failure = error.message;
  }
  return finish({
    init,
    from,
    started,
    transcript,
    approvals,
    tally,
    answer,
    ...(failure === undefined ? {} : { failure }),
  });
}

/** The run's record: its checks judged on what it sent and answered. */
function finish(run: {
  init: RunInit;
  from: number;
  started: number;
  transcript: TranscriptEntry[];
  approvals: ApprovalLine[];
  tally: Tally;
  answer: string;
  failure?: string;
}): RunRecord {
  const { init, transcript, failure } = run;
  if (failure !== undefined) transcript.push({ kind: "failure", text: failure });
  const sent = init.sent.slice(run.from);
  const checks = judge(init.task, sent, run.answer);
  return {
    toolset: init.kind,
    success: failure === undefined && checks.every((c) => c.ok),
    checks,
    ...run.tally,
    requests: sent.map(lineOf),
    approvals: run.approvals,
    answer: run.answer,
    ...(failure === undefined ? {} : { failure }),
    ms: Math.round(performance.now() - run.started),
    transcript,
  };
}

/** One tool call: run through the adapter, classified, a pending approval granted, the tally and transcript updated. */
async function runCall(step: {
  init: RunInit;
  conversation: Conversation;
  call: ModelToolCall;
  tally: Tally;
  wrongSince: Set<string>;
  transcript: TranscriptEntry[];
  approvals: ApprovalLine[];
  sentSince: (mark: number) => RequestLine[];
}): Promise<ToolAnswer> {
  const { init, call, tally, wrongSince, transcript } = step;
  const mark = init.sent.length;
  const text = await step.conversation.call(call);
  const { outcome, requestId } = classify(call.name, text);
  tally.toolCalls++;
  if (outcome === "search") tally.searches++;
  if (outcome === "wrong_argument") {
    tally.wrongArguments++;
    wrongSince.add(call.name);
  }
  if (outcome === "error") tally.toolErrors++;
  if ((outcome === "ok" || outcome === "pending_approval") && wrongSince.delete(call.name)) tally.recoveries++;
  transcript.push({
    kind: "tool",
    id: call.id,
    name: call.name,
    arguments: call.arguments,
    result: text,
    outcome,
    requests: step.sentSince(mark),
  });
  if (requestId !== undefined) await grant(step, call.name, requestId);
  return { id: call.id, text, isError: outcome === "wrong_argument" || outcome === "error" };
}

/** Approves a pending request in the operator's place (`approvals.js approve ID`): it runs once, its result stored for the model's `request_id` call. */
async function grant(
  step: {
    init: RunInit;
    transcript: TranscriptEntry[];
    approvals: ApprovalLine[];
    sentSince: (mark: number) => RequestLine[];
  },
  tool: string,
  requestId: string,
): Promise<void> {
  const mark = step.init.sent.length;
  const { tools, runtime } = step.init.toolset;
  const decision = await approveAudited(tools, runtime, requestId, "aci-gen eval");
  const outcome =
    decision.outcome === "unknown"
      ? "unknown request"
      : decision.outcome === "decided"
        ? decision.record.state
        : decision.outcome;
  step.approvals.push({ tool, requestId, outcome });
  step.transcript.push({ kind: "approval", tool, requestId, outcome, requests: step.sentSince(mark) });
}
