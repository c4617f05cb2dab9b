// return-over-cap: the projected return, filled from the spec's examples, is over the toolset's byte cap.
import type { ToolDef } from "../../planner/types.js";
import { toolLocation } from "../location.js";
import { projectReturn } from "../projected-return.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

function largestField(result: Record<string, unknown>): string | undefined {
  const sizes = Object.entries(result).map(([key, value]) => [key, JSON.stringify(value)?.length ?? 0] as const);
  return [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function hint(ctx: LintContext, tool: ToolDef, field: string | undefined): string {
  const narrow = tool.returns.narrowingInputs.length > 0 ? `; a smaller ${tool.returns.narrowingInputs.join("/")} also helps` : "";
  const goal = goalOf(ctx, tool);
  if (goal === undefined) return `write a goal for this operation with \`returns:\` naming only the fields the agent needs${narrow}`;
  const what = goal.returns === undefined ? "add `returns:` with only the fields the agent needs" : `return fewer fields${field === undefined ? "" : ` (largest: ${field})`}`;
  return `${what} in goal ${tool.name}${narrow}`;
}

/** DESIGN.md §Lint `return-over-cap`, against `toolset.maxReturnBytes` (default 2048). */
export function returnOverCap(ctx: LintContext): RuleFinding[] {
  const cap = ctx.plan.toolset.maxReturnBytes;
  return ctx.plan.tools.flatMap((tool) => {
    const projected = projectReturn(ctx.model, tool);
    if (projected.bytes <= cap) return [];
    const at = goalOf(ctx, tool)?.returns === undefined ? toolLocation(ctx, tool) : toolLocation(ctx, tool, "returns");
    return [{
      tool: tool.name,
      message: `${tool.name} returns about ${projected.bytes} bytes of JSON filled from the spec's examples, over the cap of ${cap}; the runtime will cut it`,
      hint: hint(ctx, tool, largestField(projected.result)),
      ...at,
    }];
  });
}
