// delete-target-from-search: a DELETE whose target (a path parameter) an earlier search or list picks, where that search has filters the call may leave out.
import { operationById } from "../../model/api-source.js";
import { parseExpression, parseTemplate, referencesOf } from "../../runtime/expressions/index.js";
import type { ValueExpr } from "../../runtime/types.js";
import { isPagingParameter } from "../../planner/init/operations.js";
import type { StepPlan, ToolDef } from "../../planner/types.js";
import { toolLocation } from "../location.js";
import type { LintContext, RuleFinding } from "../types.js";

/** Step ids a bound value reads (`$steps.ID.outputs.…`, also inside a template). */
function stepsRead(value: ValueExpr): string[] {
  if (value.kind === "expr") {
    const parsed = parseExpression(value.text);
    return parsed.ok ? [...referencesOf(parsed.expr).steps] : [];
  }
  if (value.kind === "template") {
    const parsed = parseTemplate(value.text);
    return parsed.ok ? [...referencesOf(parsed.template).steps] : [];
  }
  return [];
}

/**
 * The operation's optional query filters (not paging or sorting) that this step leaves unbound: filters a call never
 * sends. (One bound to an optional input is `action-target-not-named`'s error.)
 */
function droppableFilters(ctx: LintContext, source: StepPlan): string[] {
  const operation = operationById(ctx.api, source.operationId);
  const optional = operation?.parameters.filter((p) => p.in === "query" && !p.required && !isPagingParameter(p)) ?? [];
  return optional.filter((p) => !source.params.some((b) => b.in === "query" && b.name === p.name)).map((p) => p.name);
}

function findingsOf(ctx: LintContext, tool: ToolDef, step: StepPlan, index: number): RuleFinding[] {
  const sources = [...new Set(step.params.filter((p) => p.in === "path").flatMap((p) => stepsRead(p.value)))];
  return sources.flatMap((id) => {
    const source = tool.steps.find((s) => s.id === id);
    if (source === undefined || !source.readOnly) return [];
    const filters = droppableFilters(ctx, source);
    if (filters.length === 0) return [];
    return [
      {
        tool: tool.name,
        message: `${tool.name} deletes the item that step \`${id}\` (${source.method.toUpperCase()} ${source.path}) picks at run time, and that search leaves its ${filters.length === 1 ? "filter" : "filters"} ${filters.map((f) => `\`${f}\``).join(", ")} unset: a call can delete an item nobody named`,
        hint: `take the item's id as an input (the model finds it with a search tool first), or bind ${filters.join(", ")} to required inputs or literals in step ${id}`,
        ...toolLocation(ctx, tool, "steps", index),
      },
    ];
  });
}

/** `delete-target-from-search` (docs/lint.md): find-then-delete over a search whose filters may be dropped. */
export function deleteTargetFromSearch(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) =>
    tool.steps.flatMap((step, index) => (step.method === "delete" ? findingsOf(ctx, tool, step, index) : [])),
  );
}
