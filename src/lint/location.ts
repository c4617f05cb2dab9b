// Locations of findings: a tool's goal (or its operation in all-operations mode), a node below it, or a spec node.
import type { Located } from "../goals/types.js";
import type { ToolDef } from "../planner/types.js";
import { join } from "../util/pointer.js";
import type { FindingLocation, LintContext } from "./types.js";

/** A pointer in the file `file`, with its line from whichever document that file is. */
export function locate(ctx: LintContext, file: string, pointer: string): FindingLocation {
  const line = file === ctx.api.index.file ? ctx.specLine(pointer) : ctx.goalsLine(pointer);
  return { file, pointer, ...(line === undefined ? {} : { line }) };
}

/** The tool's goal (or operation), or the node at `tokens` below it. */
export function toolLocation(
  ctx: LintContext,
  tool: ToolDef,
  ...tokens: readonly (string | number)[]
): FindingLocation {
  const at = locate(ctx, tool.origin.file, join(tool.origin.pointer, ...tokens));
  return at.line === undefined && tool.origin.line !== undefined && tokens.length === 0
    ? { ...at, line: tool.origin.line }
    : at;
}

/** A located goals-file node (line from its own position when the file was not re-read). */
export function nodeLocation(ctx: LintContext, node: Located): FindingLocation {
  const file = node.position?.file ?? ctx.goals?.file ?? ctx.api.index.file;
  const at = locate(ctx, file, node.pointer);
  return at.line === undefined && node.position ? { ...at, line: node.position.line } : at;
}

/** The whole toolset: the goals list, or the spec's paths in all-operations mode. */
export function toolsetLocation(ctx: LintContext): FindingLocation {
  return ctx.goals
    ? locate(ctx, ctx.goals.file, ctx.goals.format === "aci" ? "/goals" : "/workflows")
    : locate(ctx, ctx.api.index.file, "/paths");
}
