// action-target-not-named: an action whose target a read chooses, where an optional input or an unfiltered list decides it.
import { listIndexed, requestExpressions, targetReadIds } from "../../runtime/approval/target-reads.js";
import { parseExpression } from "../../runtime/expressions/index.js";
import { namesEntity, parameterEntity, pathEntities } from "../../planner/init/operations.js";
import type { StepPlan, ToolDef } from "../../planner/types.js";
import { toolLocation } from "../location.js";
import type { LintContext, RuleFinding } from "../types.js";

/** The first changing step that reads `read`'s outputs, directly or through other target reads. */
function changerOf(tool: ToolDef, read: string, reads: ReadonlySet<string>): StepPlan | undefined {
  const feeds = (step: StepPlan, seen: Set<string>): boolean =>
    requestExpressions(step).some((e) => {
      if (e.kind !== "stepOutput" || seen.has(e.stepId)) return false;
      if (e.stepId === read) return true;
      seen.add(e.stepId);
      const via = tool.steps.find((s) => s.id === e.stepId);
      return via !== undefined && reads.has(via.id) && feeds(via, seen);
    });
  return tool.steps.find((s) => !s.readOnly && feeds(s, new Set()));
}

/**
 * The changer's path parameters that read a list item's field of `read` (no pick) where the list holds another
 * resource than the one the parameter names: `/databases/0/project_id` as the project to delete.
 */
function foreignTargets(read: StepPlan, changer: StepPlan): { parameter: string; output: string; entity: string }[] {
  if (read.pick !== undefined) return [];
  const listed = pathEntities(read.path);
  return changer.params.flatMap((param) => {
    if (param.in !== "path" || param.value.kind !== "expr") return [];
    const parsed = parseExpression(param.value.text);
    if (!parsed.ok || parsed.expr.kind !== "stepOutput" || parsed.expr.stepId !== read.id) return [];
    const output = parsed.expr.name;
    const text = read.outputs[output];
    const entity = parameterEntity(changer.path, param.name);
    if (text === undefined || !listIndexed(text) || entity === undefined || namesEntity(listed, entity)) return [];
    if (indexedBy(read.path, changer.path, param.name)) return [];
    return [{ parameter: param.name, output, entity }];
  });
}

/** The read lists the very collection the parameter indexes (`…/storageaccounts` for `…/storageaccounts/{accountId}`). */
function indexedBy(listPath: string, targetPath: string, parameter: string): boolean {
  const at = targetPath.indexOf(`/{${parameter}}`);
  return at > 0 && listPath.replace(/\/+$/, "") === targetPath.slice(0, at);
}

function findingOf(ctx: LintContext, tool: ToolDef, read: StepPlan, changer: StepPlan): RuleFinding | undefined {
  const names = requestExpressions(read).flatMap((e) => (e.kind === "inputs" ? [e.name] : []));
  const optional = [...new Set(names)].filter((name) =>
    tool.inputs.some((i) => (i.sourceName ?? i.name) === name && !i.required),
  );
  const fixed = !requestExpressions(read).some((e) => e.kind === "inputs" || e.kind === "stepOutput");
  const firstListed = read.pick === undefined && Object.values(read.outputs).some(listIndexed);
  const what = `step \`${changer.id}\` (${changer.method.toUpperCase()} ${changer.path})`;
  const source = `step \`${read.id}\` (${read.method.toUpperCase()} ${read.path})`;
  const location = toolLocation(ctx, tool, "steps", tool.steps.indexOf(read));
  if (optional.length > 0)
    return {
      tool: tool.name,
      message: `${what} acts on what ${source} finds, and the optional ${optional.length === 1 ? "input" : "inputs"} ${optional.map((o) => `\`${o}\``).join(", ")} ${optional.length === 1 ? "decides" : "decide"} it: a call without ${optional.length === 1 ? "it" : "them"} changes an item nobody named`,
      hint: `remove \`required: false\` from ${optional.map((o) => `inputs.${o}`).join(", ")} (an input that only selects an action's target is required by default), or bind it to a literal`,
      ...location,
    };
  const foreign = foreignTargets(read, changer)[0];
  if (foreign !== undefined)
    return {
      tool: tool.name,
      message: `${what} takes its \`${foreign.parameter}\` (a ${foreign.entity}) from the first item ${source} lists, and that list holds other things than ${foreign.entity}s: the ${foreign.entity} changed belongs to whatever item the API lists first`,
      hint: `take the ${foreign.entity}'s id as an input, read it from a list of ${foreign.entity}s, or choose the listed item by a name the user gives (\`pick: { where: { name: $inputs.name } }\`)`,
      ...location,
    };
  if (fixed && firstListed)
    return {
      tool: tool.name,
      message: `${what} acts on the first item ${source} lists, and nothing the user gives filters that list: the item changed is whatever the API lists first`,
      hint: `filter the read with an input the user names (a search parameter, or \`pick: { where: { name: $inputs.name } }\`), or take the item's id as an input`,
      ...location,
    };
  return undefined;
}

/** `action-target-not-named` (docs/lint.md): an optional input or an unfiltered list decides which item an action changes. */
export function actionTargetNotNamed(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => {
    const reads = new Set(targetReadIds(tool.steps));
    return tool.steps.flatMap((read) => {
      if (!reads.has(read.id)) return [];
      const changer = changerOf(tool, read.id, reads);
      const finding = changer === undefined ? undefined : findingOf(ctx, tool, read, changer);
      return finding === undefined ? [] : [finding];
    });
  });
}
