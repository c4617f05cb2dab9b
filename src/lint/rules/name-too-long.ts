// name-too-long: a tool name past 64 characters or outside `^[a-zA-Z0-9_-]+$` (Anthropic and OpenAI reject it).
import { toolLocation } from "../location.js";
import type { LintContext, RuleFinding } from "../types.js";

/** Provider limits on tool names (Anthropic and OpenAI: `^[a-zA-Z0-9_-]{1,64}$`). */
const MAX_NAME_CHARS = 64;
const NAME_CHARS = /^[a-zA-Z0-9_-]+$/;

/** What is wrong with a tool name for the providers, or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name.length > MAX_NAME_CHARS) return `is ${name.length} characters (at most ${MAX_NAME_CHARS})`;
  if (!NAME_CHARS.test(name)) return "has characters outside a-z, A-Z, 0-9, _ and -";
  return undefined;
}

function shorter(name: string): string {
  return name
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .slice(0, MAX_NAME_CHARS)
    .replace(/_+$/, "");
}

/** Lint rule `name-too-long` (docs/lint.md). */
export function nameTooLong(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => {
    const problem = nameProblem(tool.name);
    if (problem === undefined) return [];
    return [
      {
        tool: tool.name,
        message: `the tool name "${tool.name}" ${problem}; providers reject it`,
        hint: `rename the goal, e.g. "${shorter(tool.name)}"`,
        ...toolLocation(ctx, tool),
      },
    ];
  });
}
