// The `lint` API: plan the toolset, then run the ACI rules of docs/lint.md and build the context-budget report.
import type { Diagnostic } from "../diagnostics/types.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { sizePlan } from "../emit/definitions.js";
import { budgetReport, lintToolset, resolveLintConfig, type BudgetReport, type Finding } from "../lint/index.js";
import type { ApiSource } from "../model/api-source.js";
import type { PlanOptions } from "../options.js";
import type { ToolPlan } from "../planner/types.js";
import { parseSource } from "../source/source.js";
import { readText } from "../util/read-text.js";
import { plan } from "./plan.js";

export interface LintOptions extends PlanOptions {
  /** Token budget for what the model sees upfront, and past which the toolset is served with tool search; overrides `definitionBudget` and the goals file's `lint.budget` (default 5,000). */
  readonly budget?: number;
}

export interface LintResult {
  /** Findings in reading order; empty when planning failed (see `diagnostics`). */
  readonly findings: readonly Finding[];
  /** Present when planning succeeded. */
  readonly budget?: BudgetReport;
  readonly plan?: ToolPlan;
  /** The API planned against (for what reads the spec's examples, e.g. the savings `lint` prints). */
  readonly api?: ApiSource;
  /** Diagnostics of loading and planning; an error means bad input (exit 2). */
  readonly diagnostics: readonly Diagnostic[];
}

type LineOf = (pointer: string) => number | undefined;

/** A pointer → line lookup over a file, or one that knows nothing (parsed objects, unreadable files). */
async function linesOf(file: string | object | undefined): Promise<LineOf> {
  if (typeof file !== "string") return () => undefined;
  const text = await readText(file).catch(() => undefined);
  const parsed = text === undefined ? undefined : parseSource(file, text);
  if (!parsed?.ok) return () => undefined;
  return (pointer) => parsed.doc.locate(pointer)?.line;
}

/** Lints the toolset `options` plan; writes nothing. */
export async function lint(options: LintOptions): Promise<LintResult> {
  const planned = await plan(options);
  if (hasErrors(planned.diagnostics) || !planned.plan || !planned.api)
    return { findings: [], diagnostics: planned.diagnostics };
  const goals = planned.goals;
  const budgetOption = options.budget ?? options.definitionBudget;
  const [goalsLine, specLine] = await Promise.all([linesOf(goals ? options.goals : undefined), linesOf(options.spec)]);
  const config = resolveLintConfig({
    ...(goals ? { goals } : {}),
    ...(budgetOption === undefined ? {} : { budget: budgetOption }),
    goalsLine,
  });
  const sized = sizePlan(planned.plan, undefined, {
    budget: config.budget,
    goals: goals !== undefined,
    ...(options.toolTokenCap === undefined ? {} : { cap: options.toolTokenCap }),
  });
  const definitions = sized.definitions;
  const budget = budgetReport(definitions, config.budget, sized.search);
  const ctx = {
    plan: planned.plan,
    api: planned.api,
    ...(goals ? { goals } : {}),
    definitions,
    budget,
    goalsLine,
    specLine,
  };
  return {
    findings: lintToolset(ctx, config),
    budget,
    plan: planned.plan,
    api: planned.api,
    diagnostics: planned.diagnostics,
  };
}
