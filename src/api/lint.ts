// The `lint` API: plan the toolset, then run the ACI rules of docs/lint.md and build the context-budget report.
import type { Diagnostic } from "../diagnostics/types.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { toolDefinitions } from "../emit/definitions.js";
import { budgetReport, lintToolset, resolveLintConfig, type BudgetReport, type Finding } from "../lint/index.js";
import type { PlanOptions } from "../options.js";
import type { ToolPlan } from "../planner/types.js";
import { parseSource } from "../source/source.js";
import { readText } from "../util/read-text.js";
import { plan } from "./plan.js";

export interface LintOptions extends PlanOptions {
  /** Token budget for the toolset's definitions; overrides the goals file's `lint.budget` (default 5,000). */
  readonly budget?: number;
}

export interface LintResult {
  /** Findings in reading order; empty when planning failed (see `diagnostics`). */
  readonly findings: readonly Finding[];
  /** Present when planning succeeded. */
  readonly budget?: BudgetReport;
  readonly plan?: ToolPlan;
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
  const goals = options.allOperations ? undefined : planned.goals;
  const [goalsLine, specLine] = await Promise.all([linesOf(goals ? options.goals : undefined), linesOf(options.spec)]);
  const config = resolveLintConfig({
    ...(goals ? { goals } : {}),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
    goalsLine,
  });
  const definitions = toolDefinitions(planned.plan);
  const budget = budgetReport(definitions, config.budget);
  const ctx = {
    plan: planned.plan,
    api: planned.api,
    ...(goals ? { goals } : {}),
    definitions,
    budget,
    goalsLine,
    specLine,
  };
  return { findings: lintToolset(ctx, config), budget, plan: planned.plan, diagnostics: planned.diagnostics };
}
