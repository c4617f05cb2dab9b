// ToolSpec → CompiledTool: every expression, template and criterion parsed once, reused by every call.
import type { ActionSpec, BodySpec, ParamSpec, StepSpec, ToolSpec } from "../types.js";
import { compileAll, type Predicate } from "./criteria.js";
import { pointerTokens } from "../expressions/pointer.js";
import { compileValue, setAtPointer, type Evaluator } from "./values.js";
import { parseExpression, evaluate } from "../expressions/index.js";
import { SpecError } from "./values.js";
import { consumedOutputs, outputKey } from "./consumed.js";
import { compilePick, type CompiledPick } from "./pick.js";
import { compileExactlyOne, type CompiledExactlyOne } from "./exactly-one.js";

/** A success or failure action with its criteria compiled. */
export interface CompiledAction {
  readonly spec: ActionSpec;
  readonly applies: Predicate;
}

/** One step, ready to run. */
export interface CompiledStep {
  readonly spec: StepSpec;
  readonly index: number;
  readonly params: readonly { readonly spec: ParamSpec; readonly value: Evaluator }[];
  readonly body?: { readonly spec: BodySpec; readonly value: Evaluator };
  readonly outputs: readonly (readonly [string, Evaluator])[];
  /** Outputs a step reads: missing or an empty list, the goal cannot go on (NOT_FOUND). The others are answers. */
  readonly requiredOutputs: ReadonlySet<string>;
  readonly succeeded: Predicate;
  /** Narrows a listed response to the one item its outputs read. */
  readonly pick?: CompiledPick;
  /** The list its outputs read item 0 of, which must hold exactly one item. */
  readonly exactlyOne?: CompiledExactlyOne;
  readonly onSuccess: readonly CompiledAction[];
  readonly onFailure: readonly CompiledAction[];
}

/** A tool, ready to run: steps in written order and how they are scheduled. */
export interface CompiledTool {
  readonly spec: ToolSpec;
  readonly steps: readonly CompiledStep[];
  /** True when a `goto` or `end` action exists: steps then run one at a time in written order, jumps allowed. */
  readonly sequential: boolean;
  readonly projection?: Evaluator;
}

const is2xx: Predicate = (ctx) => ctx.statusCode !== undefined && ctx.statusCode >= 200 && ctx.statusCode < 300;

/**
 * Success without criteria: a 2xx the spec does not document as a failure (`failedStatuses`), a status the step reads
 * as the answer no (`statusAnswers`), or one saying nothing needed changing (`unchangedStatuses`).
 */
function answered(spec: StepSpec): Predicate {
  const answers = spec.statusAnswers;
  const unchanged = spec.unchangedStatuses;
  const failed = spec.failedStatuses;
  if (answers === undefined && unchanged === undefined && failed === undefined) return is2xx;
  return (ctx) => {
    if (failed !== undefined && failed.includes(String(ctx.statusCode))) return false;
    if (is2xx(ctx) || ctx.statusCode === undefined) return is2xx(ctx);
    const status = String(ctx.statusCode);
    return (answers !== undefined && Object.hasOwn(answers, status)) || (unchanged?.includes(status) ?? false);
  };
}

function compileBody(spec: BodySpec): Evaluator {
  const base = compileValue(spec.value);
  const replacements = (spec.replacements ?? []).map((r) => ({
    tokens: pointerTokens(r.pointer),
    value: compileValue(r.value),
  }));
  if (replacements.length === 0) return base;
  return (ctx) => replacements.reduce((doc, r) => setAtPointer(doc, r.tokens, r.value(ctx)), base(ctx));
}

function compileOutput(text: string): Evaluator {
  const parsed = parseExpression(text);
  if (parsed.ok) {
    const expr = parsed.expr;
    return (ctx) => evaluate(expr, ctx);
  }
  const message = `output "${text}": ${parsed.error.message}`;
  return () => {
    throw new SpecError(message);
  };
}

function compileActions(actions: readonly ActionSpec[]): CompiledAction[] {
  return actions.map((spec) => ({ spec, applies: compileAll(spec.criteria) }));
}

function compileStep(spec: StepSpec, index: number, consumed: ReadonlySet<string> | undefined): CompiledStep {
  const names = Object.keys(spec.outputs);
  return {
    spec,
    index,
    params: spec.params.map((param) => ({ spec: param, value: compileValue(param.value) })),
    ...(spec.body === undefined ? {} : { body: { spec: spec.body, value: compileBody(spec.body) } }),
    outputs: Object.entries(spec.outputs).map(([name, text]) => [name, compileOutput(text)] as const),
    requiredOutputs: new Set(
      consumed === undefined ? names : names.filter((name) => consumed.has(outputKey(spec.id, name))),
    ),
    succeeded: spec.successCriteria.length === 0 ? answered(spec) : compileAll(spec.successCriteria),
    ...(spec.pick === undefined ? {} : { pick: compilePick(spec.pick) }),
    ...(spec.exactlyOne === undefined ? {} : { exactlyOne: compileExactlyOne(spec, spec.exactlyOne) }),
    onSuccess: compileActions(spec.onSuccess),
    onFailure: compileActions(spec.onFailure),
  };
}

const jumps = (step: StepSpec): boolean => [...step.onSuccess, ...step.onFailure].some((a) => a.type !== "retry");

const cache = new WeakMap<ToolSpec, CompiledTool>();

/** Compiles a tool spec once (cached per spec object). */
export function compileTool(spec: ToolSpec): CompiledTool {
  const cached = cache.get(spec);
  if (cached !== undefined) return cached;
  const consumed = consumedOutputs(spec);
  const compiled: CompiledTool = {
    spec,
    steps: spec.steps.map((step, index) => compileStep(step, index, consumed)),
    sequential: spec.steps.some(jumps),
    ...(spec.returns.projection === undefined ? {} : { projection: compileValue(spec.returns.projection) }),
  };
  cache.set(spec, compiled);
  return compiled;
}
