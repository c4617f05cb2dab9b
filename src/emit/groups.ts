// A plan's tools → the module each is written in: one per tool, or one per tag or resource for a large toolset.
import type { ToolDef, ToolPlan } from "../planner/types.js";

/**
 * Above this many tools (and always with `--all-operations`) tools are written one module per tag or resource,
 * `src/tools/<group>.ts`, instead of one module per tool (README, "Large toolsets").
 */
export const GROUPED_ABOVE_TOOLS = 200;

/** Whether the plan's tools are written in grouped modules. */
export function groupsModules(plan: ToolPlan, allOperations: boolean): boolean {
  return allOperations || plan.tools.length > GROUPED_ABOVE_TOOLS;
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_GROUP_CHARS = 60;

/** The group of a tool: its first tag, else the first literal segment of its first step's path, else `other`. */
export function groupOf(tool: ToolDef): string {
  const tag = tool.tags?.find((t) => groupFileName(t) !== "");
  if (tag !== undefined) return groupFileName(tag);
  const segment = (tool.steps[0]?.path ?? "")
    .split("/")
    .find((part) => part !== "" && !part.startsWith("{") && groupFileName(part) !== "");
  return segment === undefined ? "other" : groupFileName(segment);
}

/** `Pull Requests` → `pull_requests`: lower case letters, digits and `_`, at most 60 characters; never a device name. */
function groupFileName(text: string): string {
  const name = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_GROUP_CHARS)
    .replace(/_+$/, "");
  return WINDOWS_DEVICE.test(name) ? `${name}_tools` : name;
}

/** Tool name → the file (without extension, under `src/tools/`) of its group. */
export function groupFiles(plan: ToolPlan): ReadonlyMap<string, string> {
  return new Map(plan.tools.map((tool) => [tool.name, groupOf(tool)]));
}
