// similar-tool-names: two tools whose names or purposes a model could mistake for each other, unless their descriptions point at each other.
import type { ToolDef } from "../../planner/types.js";
import { toolLocation } from "../location.js";
import { DESCRIPTION_THRESHOLD, descriptionSimilarity, NAME_THRESHOLD, nameSimilarity, words } from "../similarity.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

/** The purpose part of a description: what it does, without its "Use when:" / "Not for:" sentences. */
function purposeOf(ctx: LintContext, tool: ToolDef): string {
  const goal = goalOf(ctx, tool);
  if (goal?.description) return goal.description;
  return tool.description.split(/\b(Use when|Not for):/)[0] ?? tool.description;
}

/** Whether `text` names `tool` (as written, or with spaces for underscores). */
function mentions(text: string, tool: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes(tool.toLowerCase()) || lower.includes(words(tool).join(" "));
}

/** Each description names the other tool: the pair is already told apart for the model. */
function disambiguated(a: ToolDef, b: ToolDef): boolean {
  return mentions(a.description, b.name) && mentions(b.description, a.name);
}

function pairFinding(ctx: LintContext, a: ToolDef, b: ToolDef): RuleFinding | undefined {
  const names = nameSimilarity(a.name, b.name);
  const purposes = descriptionSimilarity(purposeOf(ctx, a), purposeOf(ctx, b));
  if ((names < NAME_THRESHOLD && purposes < DESCRIPTION_THRESHOLD) || disambiguated(a, b)) return undefined;
  const what = names >= NAME_THRESHOLD ? `names (${names.toFixed(2)})` : `descriptions (${purposes.toFixed(2)})`;
  return {
    tool: b.name,
    message: `"${b.name}" and "${a.name}" are too alike in their ${what}; a model may pick the wrong one`,
    hint: `merge them into one goal, or rename one and add not_for to each naming the other (e.g. ${b.name}: "not_for: … (use ${a.name})")`,
    ...toolLocation(ctx, b),
  };
}

/** Lint rule `similar-tool-names` (docs/lint.md); one finding per pair, on the later tool. */
export function similarToolNames(ctx: LintContext): RuleFinding[] {
  const tools = ctx.plan.tools;
  return tools.flatMap((b, j) => tools.slice(0, j).flatMap((a) => pairFinding(ctx, a, b) ?? []));
}
