// missing-when-to-use: a description that never tells the model when to pick the tool.
import type { ToolDef } from "../../planner/types.js";
import { toolLocation } from "../location.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

/** Phrases that state when to use a tool. */
const WHEN_CUES: readonly RegExp[] = [
  /\buse (this|it|this tool)? ?(when|if|whenever|to|for)\b/i,
  /\bwhen to use\b/i,
  /\bcall (this|it|this tool)? ?(when|if|whenever)\b/i,
  /\b(use|call|choose|pick) (this|it) (tool )?(only )?(when|if)\b/i,
  /\buse when:/i,
];

/** Whether a description says when to use the tool. */
function hasWhenToUse(description: string): boolean {
  return WHEN_CUES.some((cue) => cue.test(description));
}

function hint(ctx: LintContext, tool: ToolDef): string {
  if (goalOf(ctx, tool) === undefined)
    return `describe the situations a model should call ${tool.name} in: write a goals file with use_when (aci-gen init drafts one)`;
  return `add use_when to goal ${tool.name}, e.g. "use_when: The user asks … and you know …"`;
}

/** Lint rule `missing-when-to-use` (docs/lint.md). */
export function missingWhenToUse(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools
    .filter((tool) => !hasWhenToUse(tool.description))
    .map((tool) => ({
      tool: tool.name,
      message: `the description of ${tool.name} gives no when-to-use sentence`,
      hint: hint(ctx, tool),
      ...toolLocation(ctx, tool),
    }));
}
