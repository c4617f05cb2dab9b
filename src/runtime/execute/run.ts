// Schedules a tool's steps: a dependency graph run concurrently, or (with goto/end) in written order with jumps.
import type { EvaluationContext } from "../expressions/index.js";
import type { InputSpec } from "../types.js";
import type { CompiledStep, CompiledTool } from "./compile.js";
import { traceStep } from "../telemetry/index.js";
import { withProgress, type ErrorBody } from "./failure.js";
import { runStep, type StepEnv, type StepOutcome, type StepResponse } from "./step.js";

/** The result of running a tool's steps. */
export type Execution =
  | { readonly ok: true; readonly context: EvaluationContext; readonly last?: StepResponse }
  | { readonly ok: false; readonly error: ErrorBody };

interface RunState {
  readonly inputs: Record<string, unknown>;
  readonly steps: Record<string, { outputs: Record<string, unknown> }>;
  readonly completed: string[];
  readonly committed: string[];
  last?: { readonly index: number; readonly response: StepResponse };
}

/** Executions allowed per step before a `goto` cycle is stopped. */
const EXECUTIONS_PER_STEP = 10;

/** Tool input (keyed by the model-facing name) → `$inputs` (keyed by the name expressions use). */
export function inputsContext(
  specs: readonly InputSpec[],
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = Object.hasOwn(input, spec.name) ? input[spec.name] : undefined;
    if (value !== undefined)
      Object.defineProperty(result, spec.sourceName ?? spec.name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return result;
}

function internalError(step: CompiledStep, error: unknown): ErrorBody {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    code: "UPSTREAM_ERROR",
    message: `step "${step.spec.id}" could not run: ${reason}`,
    suggestion: "This is a fault in the tool itself; report it, do not retry.",
    step: step.spec.id,
    retryable: false,
  };
}

function safeRun(step: CompiledStep, state: RunState, env: StepEnv): Promise<StepOutcome> {
  return traceStep(step.spec, () => runSafely(step, state, env));
}

async function runSafely(step: CompiledStep, state: RunState, env: StepEnv): Promise<StepOutcome> {
  try {
    const config = env.config === undefined ? {} : { config: env.config };
    return await runStep(step, { inputs: state.inputs, steps: state.steps, ...config }, env);
  } catch (error) {
    return { ok: false, error: internalError(step, error) };
  }
}

function record(
  state: RunState,
  step: CompiledStep,
  outcome: Extract<StepOutcome, { ok: true }>,
  sequential: boolean,
): void {
  const id = step.spec.id;
  state.steps[id] = { outputs: outcome.outputs };
  if (!state.completed.includes(id)) state.completed.push(id);
  if (!step.spec.readOnly && !state.committed.includes(id)) state.committed.push(id);
  if (sequential || state.last === undefined || step.index >= state.last.index)
    state.last = { index: step.index, response: outcome.response };
}

function graphError(tool: CompiledTool, started: ReadonlySet<string>): ErrorBody {
  const waiting = tool.steps.filter((s) => !started.has(s.spec.id)).map((s) => s.spec.id);
  return {
    code: "UPSTREAM_ERROR",
    message: `steps ${waiting.join(", ")} wait for steps that never run (unknown or cyclic dependsOn)`,
    suggestion: "This is a fault in the tool itself; report it, do not retry.",
    retryable: false,
  };
}

/** Starts every step whose dependencies are done; a failure or an `end` stops new starts, running steps finish. */
async function runGraph(tool: CompiledTool, state: RunState, env: StepEnv): Promise<ErrorBody | undefined> {
  const started = new Set<string>(Object.keys(state.steps));
  const done = new Set<string>(started);
  const running = new Map<string, Promise<readonly [CompiledStep, StepOutcome]>>();
  let failure: ErrorBody | undefined;
  let ended = false;
  for (;;) {
    const open = failure === undefined && !ended;
    const ready = open
      ? tool.steps.filter((s) => !started.has(s.spec.id) && s.spec.dependsOn.every((d) => done.has(d)))
      : [];
    for (const step of ready) {
      started.add(step.spec.id);
      running.set(
        step.spec.id,
        safeRun(step, state, env).then((outcome) => [step, outcome] as const),
      );
    }
    if (running.size === 0) break;
    const [step, outcome] = await Promise.race(running.values());
    running.delete(step.spec.id);
    if (!outcome.ok) {
      failure ??= outcome.error;
      continue;
    }
    record(state, step, outcome, false);
    done.add(step.spec.id);
    ended ||= outcome.next?.type === "end";
  }
  if (failure === undefined && !ended && tool.steps.some((s) => !started.has(s.spec.id)))
    return graphError(tool, started);
  return failure;
}

function loopError(step: CompiledStep, budget: number): ErrorBody {
  return {
    code: "UPSTREAM_ERROR",
    message: `step "${step.spec.id}" was reached again after ${budget} step executions: the goal's goto actions loop`,
    suggestion: "Stop calling this tool with these arguments and report the loop.",
    step: step.spec.id,
    retryable: false,
  };
}

function gotoError(step: CompiledStep, target: string | undefined): ErrorBody {
  return {
    code: "UPSTREAM_ERROR",
    message: `step "${step.spec.id}" jumps to unknown step "${target ?? ""}"`,
    suggestion: "This is a fault in the tool itself; report it, do not retry.",
    step: step.spec.id,
    retryable: false,
  };
}

/** Runs steps one at a time in written order; `goto` jumps, `end` stops, a step-execution budget breaks cycles. */
async function runSequence(tool: CompiledTool, state: RunState, env: StepEnv): Promise<ErrorBody | undefined> {
  const budget = Math.max(25, tool.steps.length * EXECUTIONS_PER_STEP);
  let executions = 0;
  for (let pc = 0; pc < tool.steps.length; ) {
    const step = tool.steps[pc] as CompiledStep;
    if (++executions > budget) return loopError(step, budget);
    const outcome = await safeRun(step, state, env);
    if (outcome.ok) record(state, step, outcome, true);
    const next = outcome.next;
    if (!outcome.ok && next?.type !== "goto") return outcome.error;
    if (next?.type === "end") return undefined;
    if (next?.type !== "goto") {
      pc++;
      continue;
    }
    pc = tool.steps.findIndex((s) => s.spec.id === next.stepId);
    if (pc < 0) return gotoError(step, next.stepId);
  }
  return undefined;
}

/** Which steps of a tool one execution runs. */
export interface ExecutionScope {
  /** Only these steps (the target reads run before a request is queued); default all. */
  readonly only?: ReadonlySet<string>;
  /** Steps already run, with their outputs (the target reads checked at approval): not run again. */
  readonly seeded?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

function scoped(tool: CompiledTool, scope: ExecutionScope): CompiledTool {
  const { only, seeded } = scope;
  if (only === undefined && seeded === undefined) return tool;
  const steps = tool.steps.filter(
    (s) => (only === undefined || only.has(s.spec.id)) && (seeded === undefined || !Object.hasOwn(seeded, s.spec.id)),
  );
  return { ...tool, steps };
}

/** Runs a tool's steps for validated input; errors carry the step, completed steps and committed side effects. */
export async function executeTool(
  whole: CompiledTool,
  input: Readonly<Record<string, unknown>>,
  env: StepEnv,
  scope: ExecutionScope = {},
): Promise<Execution> {
  const tool = scoped(whole, scope);
  const seeded = Object.entries(scope.seeded ?? {});
  const state: RunState = {
    inputs: inputsContext(tool.spec.inputs, input),
    steps: Object.fromEntries(seeded.map(([id, outputs]) => [id, { outputs: { ...outputs } }])),
    completed: seeded.map(([id]) => id),
    committed: [],
  };
  // One step with no dependencies runs the same either way; in order, it skips the graph's bookkeeping and
  // Promise.race.
  const single = tool.steps.length === 1 && tool.steps[0]?.spec.dependsOn.length === 0;
  const schedule = tool.sequential || single ? runSequence : runGraph;
  const failure = await schedule(tool, state, env);
  if (failure !== undefined) return { ok: false, error: withProgress(failure, state.completed, state.committed) };
  // Calling the tool again re-runs its writes: a 202 to its last read is "not ready" only when none ran.
  const answered = state.last?.response;
  const last = answered?.read === true && state.committed.length > 0 ? { ...answered, read: undefined } : answered;
  const context: EvaluationContext = {
    inputs: state.inputs,
    steps: state.steps,
    ...(last === undefined ? {} : { statusCode: last.status, response: { headers: last.headers, body: last.body } }),
  };
  return { ok: true, context, ...(last === undefined ? {} : { last }) };
}
