// too-many-tools: a toolset of more than 10 tools, with a split by tag proposed.
import type { ToolDef } from "../../planner/types.js";
import { compareStrings } from "../../util/order.js";
import { toolsetLocation } from "../location.js";
import type { LintContext, RuleFinding } from "../types.js";

/** More tools than this in one toolset and models pick worse. */
const MAX_TOOLS = 10;

function firstTag(ctx: LintContext, tool: ToolDef): string {
  const ids = new Set(tool.steps.map((s) => s.operationId));
  return ctx.api.index.operations.find((o) => ids.has(o.id) && o.tags.length > 0)?.tags[0] ?? "untagged";
}

/** Tools per first tag of their operations, largest group first. */
function toolsByTag(ctx: LintContext): [string, number][] {
  const counts = new Map<string, number>();
  for (const tag of ctx.plan.tools.map((tool) => firstTag(ctx, tool))) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]));
}

/** Lint rule `too-many-tools` (docs/lint.md). */
export function tooManyTools(ctx: LintContext): RuleFinding[] {
  const count = ctx.plan.tools.length;
  if (count <= MAX_TOOLS) return [];
  const groups = toolsByTag(ctx);
  const split =
    groups.length > 1
      ? `split into toolsets by tag (${groups.map(([tag, n]) => `--include-tag ${tag}: ${n}`).join(", ")})`
      : "split the toolset";
  return [
    {
      message: `the toolset exposes ${count} tools (more than ${MAX_TOOLS}); a model chooses worse among many`,
      hint: `${split}, or write goals that each cover one user task (aci-gen init drafts them)`,
      ...toolsetLocation(ctx),
    },
  ];
}
