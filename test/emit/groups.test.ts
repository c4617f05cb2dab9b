// Which module a tool is written in: one per tool, or one per tag or resource for all-operations and large toolsets.
import { describe, expect, it } from "vitest";
import { GROUPED_ABOVE_TOOLS, groupOf, groupsModules } from "../../src/emit/groups.js";
import type { ToolDef, ToolPlan } from "../../src/planner/types.js";

const tool = (tags: readonly string[] | undefined, path: string): ToolDef =>
  ({ name: "t", ...(tags === undefined ? {} : { tags }), steps: [{ path }] }) as unknown as ToolDef;

describe("groupOf", () => {
  it.each([
    [["pulls"], "/repos/{owner}/{repo}/pulls", "pulls"],
    [["Pull Requests", "repos"], "/x", "pull_requests"],
    [["!!!", "billing"], "/x", "billing"],
    [undefined, "/repos/{owner}/{repo}", "repos"],
    [[], "/{tenant}/v1.0/users", "v1_0"],
    [undefined, "/", "other"],
    [["CON"], "/x", "con_tools"],
    [["é"], "/Dogs", "dogs"],
    [["a".repeat(80)], "/x", "a".repeat(60)],
  ] as const)("tags %j, path %s → %s", (tags, path, group) => {
    expect(groupOf(tool(tags, path))).toBe(group);
  });
});

describe("groupsModules", () => {
  const planOf = (count: number): ToolPlan => ({ tools: Array.from({ length: count }) }) as unknown as ToolPlan;

  it("groups every all-operations toolset, and a goals toolset only above the documented number of tools", () => {
    expect(groupsModules(planOf(3), true)).toBe(true);
    expect(groupsModules(planOf(GROUPED_ABOVE_TOOLS), false)).toBe(false);
    expect(groupsModules(planOf(GROUPED_ABOVE_TOOLS + 1), false)).toBe(true);
    expect(GROUPED_ABOVE_TOOLS).toBe(200);
  });
});
