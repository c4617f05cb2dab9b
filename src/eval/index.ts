// `eval`: spec + goals + tasks file + model → every task run with the goal toolset and the all-operations baseline against a mock upstream, as one report.
import { isAbsolute, relative } from "node:path";
import { diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { PlanOptions } from "../options.js";
import type { Tool } from "../runtime/types.js";
import { didYouMean } from "../util/suggest.js";
import { matcherNames, type OperationRef, type SentRequest } from "./matching.js";
import { anthropicProvider } from "./providers/anthropic.js";
import { openaiProvider } from "./providers/openai.js";
import { ProviderError, type Provider } from "./providers/types.js";
import { runTask, type RequestLine, type RunRecord } from "./run.js";
import { loadTasks, type EvalTask, type TasksFile } from "./tasks.js";
import {
  placeholderConfig,
  placeholderCredentials,
  planToolset,
  type PlannedToolset,
  type ToolsetKind,
} from "./toolsets.js";
import { recordingFetch, startPrismMock, urlUpstream, type Upstream } from "./upstream.js";

export interface EvalOptions {
  /** Plan options of the goal toolset (spec path and goals file); the baseline is the same spec, all operations. */
  readonly plan: PlanOptions & { readonly spec: string; readonly goals: string };
  readonly tasks: string;
  /** `anthropic:MODEL` or `openai:MODEL`. */
  readonly model: string;
  /** The upstream's URL; without it, `prism mock` of the spec on a loopback port. */
  readonly upstream?: string;
  /** Where keys and base URLs are read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Told of each finished run (progress on stderr). */
  readonly onRun?: (task: EvalTask, run: RunRecord) => void;
}

/** A toolset as the report describes it. */
export interface ToolsetSummary {
  readonly tools: number;
  readonly definitionTokens: number;
  /** Tokens the model sees before any search (all of them without tool search). */
  readonly upfrontTokens: number;
  readonly toolSearch: boolean;
  /** Milliseconds to plan, size and load it in process. */
  readonly loadMs: number;
}

export interface Totals {
  readonly tasks: number;
  readonly passed: number;
  readonly turns: number;
  readonly toolCalls: number;
  readonly searches: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly wrongArguments: number;
  readonly recoveries: number;
  readonly toolErrors: number;
  readonly requests: number;
  readonly approvals: number;
}

export interface TaskReport {
  readonly id: string;
  readonly message: string;
  readonly goal: RunRecord;
  readonly baseline: RunRecord;
}

/** Everything the three report forms show. */
export interface EvalReport {
  readonly eval: 1;
  readonly provider: "anthropic" | "openai";
  readonly model: string;
  readonly spec: string;
  readonly goals: string;
  readonly tasksFile: string;
  readonly upstream: { readonly kind: "prism" | "url"; readonly url: string; readonly startMs: number };
  readonly toolsets: Readonly<Record<ToolsetKind, ToolsetSummary>>;
  readonly tasks: readonly TaskReport[];
  readonly totals: Readonly<Record<ToolsetKind, Totals>>;
}

/** The model option split: provider and model name, or a diagnostic. */
export function parseModel(model: string): {
  provider?: "anthropic" | "openai";
  name?: string;
  diagnostic?: Diagnostic;
} {
  const match = /^(anthropic|openai):(.+)$/.exec(model.trim());
  if (match === null)
    return {
      diagnostic: diagnostic("EVAL_MODEL_INVALID", {
        message: `--model ${JSON.stringify(model)} is not anthropic:MODEL or openai:MODEL`,
      }),
    };
  return { provider: match[1] as "anthropic" | "openai", name: match[2] as string };
}

const KEYS = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY" } as const;
const BASE_URLS = {
  anthropic: ["ANTHROPIC_BASE_URL", "https://api.anthropic.com"],
  openai: ["OPENAI_BASE_URL", "https://api.openai.com/v1"],
} as const;

/** The provider for `model`, with its key and base URL from `env`; a diagnostic when the key is missing. */
async function providerFor(
  kind: "anthropic" | "openai",
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ provider?: Provider; diagnostics: Diagnostic[] }> {
  const apiKey = env[KEYS[kind]]?.trim();
  if (!apiKey)
    return {
      diagnostics: [diagnostic("EVAL_API_KEY_MISSING", { message: `${KEYS[kind]} is not set; ${kind}:… needs it` })],
    };
  const [variable, fallback] = BASE_URLS[kind];
  const baseUrl = env[variable]?.trim() || fallback;
  if (kind === "openai") return { provider: openaiProvider({ apiKey, baseUrl }), diagnostics: [] };
  try {
    const adapter = await import("../runtime/adapters/anthropic.js");
    const definitions = (tools: Readonly<Record<string, Tool>>) =>
      adapter.toAnthropicToolDefinitions(tools) as unknown as Record<string, unknown>[];
    return { provider: anthropicProvider({ apiKey, baseUrl, definitions }), diagnostics: [] };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ERR_MODULE_NOT_FOUND") throw error;
    return { diagnostics: [diagnostic("EVAL_PROVIDER_SDK_MISSING")] };
  }
}

/** Every matcher of the tasks file names an operation of the spec, else a located diagnostic with the nearest ones. */
export function checkOperations(tasks: TasksFile, operations: readonly OperationRef[]): Diagnostic[] {
  const names = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`);
  return tasks.tasks.flatMap((task) => {
    const lists = [
      ["setup/requests", task.setupRequests],
      ["success/must_send", task.mustSend],
      ["success/must_not_send", task.mustNotSend],
    ] as const;
    return lists.flatMap(([where, matchers]) =>
      matchers.flatMap((matcher, i) => {
        if (operations.some((o) => matcherNames(matcher, o))) return [];
        const pointer = `${task.pointer}/${where}/${i}/path`;
        const position = tasks.locate(pointer);
        const hint = didYouMean(`${matcher.method} ${matcher.path}`, names);
        return [
          diagnostic("EVAL_TASK_UNKNOWN_OPERATION", {
            file: tasks.file,
            pointer,
            message: `task ${task.id}: ${matcher.method} ${matcher.path} is no operation of the spec`,
            ...(hint === undefined ? {} : { hint }),
            ...(position ? { position } : {}),
          }),
        ];
      }),
    );
  });
}

function summary(toolset: PlannedToolset): ToolsetSummary {
  return {
    tools: toolset.sized.plan.tools.length,
    definitionTokens: toolset.definitionTokens,
    upfrontTokens: toolset.upfrontTokens,
    toolSearch: toolset.sized.search !== undefined,
    loadMs: Math.round(toolset.loadMs),
  };
}

/** A path as the report shows it: relative to the working folder when inside it. */
function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown === "" || shown.startsWith("..") || isAbsolute(shown) ? path : shown;
}

/** Sums the runs of one toolset. */
export function totalsOf(runs: readonly RunRecord[]): Totals {
  const sum = (pick: (r: RunRecord) => number): number => runs.reduce((n, r) => n + pick(r), 0);
  return {
    tasks: runs.length,
    passed: runs.filter((r) => r.success).length,
    turns: sum((r) => r.turns),
    toolCalls: sum((r) => r.toolCalls),
    searches: sum((r) => r.searches),
    inputTokens: sum((r) => r.inputTokens),
    outputTokens: sum((r) => r.outputTokens),
    wrongArguments: sum((r) => r.wrongArguments),
    recoveries: sum((r) => r.recoveries),
    toolErrors: sum((r) => r.toolErrors),
    requests: sum((r) => r.requests.length),
    approvals: sum((r) => r.approvals.length),
  };
}

/** Sends a setup request straight to the upstream. */
async function sendSetup(baseUrl: string, request: EvalTask["setupRequests"][number]): Promise<RequestLine> {
  const url = new URL(`${baseUrl}${request.path}`);
  for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.set(k, String(v));
  try {
    const response = await fetch(url, {
      method: request.method,
      ...(request.body === undefined
        ? {}
        : { body: JSON.stringify(request.body), headers: { "content-type": "application/json" } }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return { method: request.method, path: request.path, status: response.status };
  } catch {
    return { method: request.method, path: request.path };
  }
}

/** Loads everything, then runs each task with the goal toolset and with the baseline; diagnostics instead when any input is bad. */
export async function runEval(
  options: EvalOptions,
): Promise<{ report?: EvalReport; diagnostics: readonly Diagnostic[] }> {
  const env = options.env ?? process.env;
  const model = parseModel(options.model);
  if (model.diagnostic !== undefined) return { diagnostics: [model.diagnostic] };
  const provider = await providerFor(model.provider as "anthropic" | "openai", env);
  const loaded = await loadTasks(options.tasks);
  const early = [...provider.diagnostics, ...loaded.diagnostics];
  if (hasErrors(early) || loaded.tasks === undefined || provider.provider === undefined) return { diagnostics: early };
  const goal = await planToolset("goal", options.plan);
  if (goal.toolset === undefined) return { diagnostics: goal.diagnostics };
  const name = goal.toolset.sized.plan.toolset.name;
  const { goals: _goals, ...spec } = options.plan;
  const baseline = await planToolset("baseline", { ...spec, allOperations: true, name });
  if (baseline.toolset === undefined) return { diagnostics: baseline.diagnostics };
  const operations = baseline.toolset.sized.plan.tools.flatMap((t) =>
    t.steps.map((s) => ({ method: s.method, path: s.path })),
  );
  const unknown = checkOperations(loaded.tasks, operations);
  if (unknown.length > 0) return { diagnostics: unknown };
  const started =
    options.upstream === undefined
      ? await startPrismMock(options.plan.spec)
      : { upstream: urlUpstream(options.upstream), diagnostics: [] };
  if (started.upstream === undefined) return { diagnostics: started.diagnostics };
  const toolsets = { goal: goal.toolset, baseline: baseline.toolset };
  try {
    const tasks = await runAll({
      options,
      tasks: loaded.tasks,
      provider: provider.provider,
      model: model.name as string,
      upstream: started.upstream,
      toolsets,
    });
    return {
      report: {
        eval: 1,
        provider: model.provider as "anthropic" | "openai",
        model: model.name as string,
        spec: shownPath(options.plan.spec),
        goals: shownPath(options.plan.goals),
        tasksFile: shownPath(options.tasks),
        upstream: {
          kind: started.upstream.kind,
          url: started.upstream.kind === "prism" ? "prism mock (loopback)" : started.upstream.baseUrl,
          startMs: Math.round(started.upstream.startMs),
        },
        toolsets: { goal: summary(goal.toolset), baseline: summary(baseline.toolset) },
        tasks,
        totals: { goal: totalsOf(tasks.map((t) => t.goal)), baseline: totalsOf(tasks.map((t) => t.baseline)) },
      },
      diagnostics: goal.diagnostics.filter((d) => d.severity !== "info"),
    };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return {
      diagnostics: [
        diagnostic("EVAL_PROVIDER_REJECTED", {
          message: `${model.provider}:${model.name as string}: ${error.message}`,
        }),
      ],
    };
  } finally {
    await started.upstream.stop();
  }
}

async function runAll(init: {
  options: EvalOptions;
  tasks: TasksFile;
  provider: Provider;
  model: string;
  upstream: Upstream;
  toolsets: Readonly<Record<ToolsetKind, PlannedToolset>>;
}): Promise<TaskReport[]> {
  const env = init.options.env ?? process.env;
  const reports: TaskReport[] = [];
  for (const task of init.tasks.tasks) {
    const runs = {} as Record<ToolsetKind, RunRecord>;
    for (const kind of ["goal", "baseline"] as const) {
      const planned = init.toolsets[kind];
      const sent: SentRequest[] = [];
      const mock = init.upstream.kind === "prism";
      const toolset = planned.bind({
        baseUrl: init.upstream.baseUrl,
        fetch: recordingFetch(init.upstream.baseUrl, sent),
        env: mock ? {} : env,
        ...(mock ? { credentials: placeholderCredentials(planned), config: placeholderConfig(planned) } : {}),
      });
      try {
        runs[kind] = await runTask({
          task,
          kind,
          toolset,
          provider: init.provider,
          model: init.model,
          sent,
          setup: (request) => sendSetup(init.upstream.baseUrl, request),
        });
      } finally {
        toolset.dispose();
      }
      init.options.onRun?.(task, runs[kind]);
    }
    reports.push({ id: task.id, message: task.message, goal: runs.goal, baseline: runs.baseline });
  }
  return reports;
}
