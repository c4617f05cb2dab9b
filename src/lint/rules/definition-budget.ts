// definition-budget: what the model is shown before the user types costs more context tokens than the budget.
import { servingModeText } from "../budget.js";
import { toolsetLocation } from "../location.js";
import type { BudgetReport, LintContext, RuleFinding } from "../types.js";

function largest(report: BudgetReport, among: (name: string) => boolean): string {
  return [...report.tools]
    .filter((t) => among(t.name))
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, 3)
    .map((t) => `${t.name} ${t.tokens}`)
    .join(", ");
}

/**
 * Lint rule `definition-budget` (docs/lint.md): judges what the model sees upfront as the toolset is served — every
 * definition, or with tool search the core tools plus the search tools. The budget comes from --budget, the goals
 * file's `lint.budget`, or 5,000.
 */
export function definitionBudget(ctx: LintContext): RuleFinding[] {
  const report = ctx.budget;
  if (report.upfrontTokens <= report.budget) return [];
  const { serving } = report;
  const message = `${servingModeText(report)}: ${report.upfrontTokens} tokens (o200k) upfront, over the budget of ${report.budget}`;
  if (serving.mode === "all")
    return [
      {
        message,
        hint: `cut tools or inputs (largest: ${largest(report, () => true)}); fewer goal-shaped tools cost less than one per endpoint`,
        ...toolsetLocation(ctx),
      },
    ];
  return [{ message, hint: searchHint(ctx, serving.core), ...toolsetLocation(ctx) }];
}

function searchHint(ctx: LintContext, core: readonly string[]): string {
  if (core.length === 0) return "the search tools alone pass the budget: raise it (--budget, lint.budget)";
  const sizes = largest(ctx.budget, (name) => core.includes(name));
  return ctx.plan.tools.some((t) => t.core === true)
    ? `mark fewer goals \`core: true\` (largest core: ${sizes}), or raise the budget`
    : `the core is the read-only tools that need no input, within a quarter of the budget (largest: ${sizes}): raise the budget, or mark a few goals \`core: true\``;
}
