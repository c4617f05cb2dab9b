// return-over-cap: the projected return, filled from the spec's examples, is over the toolset's byte cap.
import type { ToolDef } from "../../planner/types.js";
import { toolLocation } from "../location.js";
import { projectReturn } from "../projected-return.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

function largestField(result: Record<string, unknown>): string | undefined {
  const sizes = Object.entries(result).map(([key, value]) => [key, JSON.stringify(value)?.length ?? 0] as const);
  return [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Fields that usually identify an item, suggested first. */
const IDENTIFYING = ["id", "name", "title", "login", "email", "number", "status", "state", "html_url", "url"];

/** For a returned list of objects not yet projected with `each`: the projection to write, naming a few scalar fields. */
function eachSuggestion(tool: ToolDef, field: string, value: unknown): string | undefined {
  const projection = tool.returns.projection;
  const entry = projection?.kind === "object" ? projection.entries.find(([key]) => key === field)?.[1] : undefined;
  const first: unknown = Array.isArray(value) ? value[0] : undefined;
  if (
    entry === undefined ||
    entry.kind === "each" ||
    first === null ||
    typeof first !== "object" ||
    Array.isArray(first)
  )
    return undefined;
  const rank = (key: string): number => (IDENTIFYING.includes(key) ? IDENTIFYING.indexOf(key) : IDENTIFYING.length);
  const scalars = Object.entries(first as Record<string, unknown>)
    .filter(([, v]) => v === null || typeof v !== "object")
    .sort(([a], [b]) => rank(a) - rank(b))
    .slice(0, 4);
  if (scalars.length === 0) return undefined;
  const source = entry.kind === "expr" ? entry.text : "<the list>";
  return `return only the fields the agent needs of each ${field} item: ${field}: { each: ${source}, fields: { ${scalars.map(([k]) => `${k}: /${k}`).join(", ")} } }`;
}

function hint(ctx: LintContext, tool: ToolDef, result: Record<string, unknown>): string {
  const narrow =
    tool.returns.narrowingInputs.length > 0 ? `; a smaller ${tool.returns.narrowingInputs.join("/")} also helps` : "";
  const goal = goalOf(ctx, tool);
  if (goal === undefined)
    return `write a goal for this operation with \`returns:\` naming only the fields the agent needs${narrow}`;
  if (goal.returns === undefined)
    return `add \`returns:\` with only the fields the agent needs in goal ${tool.name}${narrow}`;
  const field = largestField(result);
  const each = field === undefined ? undefined : eachSuggestion(tool, field, result[field]);
  return `${each ?? `return fewer fields${field === undefined ? "" : ` (largest: ${field})`}`} in goal ${tool.name}${narrow}`;
}

/** Lint rule `return-over-cap` (docs/lint.md), against `toolset.maxReturnBytes` (default 2048). */
export function returnOverCap(ctx: LintContext): RuleFinding[] {
  const cap = ctx.plan.toolset.maxReturnBytes;
  return ctx.plan.tools.flatMap((tool) => {
    const projected = projectReturn(ctx.api, tool);
    if (projected.bytes <= cap) return [];
    const at = goalOf(ctx, tool)?.returns === undefined ? toolLocation(ctx, tool) : toolLocation(ctx, tool, "returns");
    return [
      {
        tool: tool.name,
        message: `${tool.name} returns about ${projected.bytes} bytes of JSON filled from the spec's examples, over the cap of ${cap}; the runtime will cut it`,
        hint: hint(ctx, tool, projected.result),
        ...at,
      },
    ];
  });
}
