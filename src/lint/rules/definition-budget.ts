// definition-budget: the toolset's definitions cost more context tokens than the budget.
import { toolsetLocation } from "../location.js";
import type { LintContext, RuleFinding } from "../types.js";

/** Lint rule `definition-budget` (docs/lint.md); the budget comes from --budget, the goals file's `lint.budget`, or 5,000. */
export function definitionBudget(ctx: LintContext): RuleFinding[] {
  const { totalTokens, budget } = ctx.budget;
  if (totalTokens <= budget) return [];
  const largest = [...ctx.budget.tools].sort((a, b) => b.tokens - a.tokens).slice(0, 3);
  return [
    {
      message: `the toolset's definitions take ${totalTokens} tokens (o200k), over the budget of ${budget}`,
      hint: `cut tools or inputs (largest: ${largest.map((t) => `${t.name} ${t.tokens}`).join(", ")}); fewer goal-shaped tools cost less than one per endpoint`,
      ...toolsetLocation(ctx),
    },
  ];
}
