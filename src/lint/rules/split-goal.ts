// split-goal: a goal whose only consumer is one other goal, so one user action needs two calls.
import { schemaLookup } from "../../model/api-source.js";
import type { JsonSchema } from "../../model/api-model.js";
import { derefTop } from "../../planner/schemas.js";
import type { ToolDef } from "../../planner/types.js";
import { schemaField } from "../inputs.js";
import { toolLocation } from "../location.js";
import { nameShape, singular, words } from "../similarity.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

const ID_FIELD = /(^|_)ids?$/;

function key(name: string): string {
  return words(name).map(singular).join("_");
}

/** Top-level field names of what a tool returns (of the items, for a list). */
function returnedFields(ctx: LintContext, tool: ToolDef): string[] {
  const top = derefTop(tool.returns.schema, schemaLookup(ctx.plan.schemas));
  const items =
    schemaField(top, "type") === "array"
      ? derefTop((schemaField(top, "items") ?? {}) as JsonSchema, schemaLookup(ctx.plan.schemas))
      : top;
  const properties = schemaField(items, "properties");
  return properties !== null && typeof properties === "object" ? Object.keys(properties) : [];
}

/** The ids a tool hands on when it returns nothing else (`customer_id`; a bare `id` as `<noun>_id`), else none. */
function handedOnIds(ctx: LintContext, tool: ToolDef): Set<string> {
  const fields = returnedFields(ctx, tool).map((f) => key(f));
  if (fields.length === 0 || !fields.every((f) => ID_FIELD.test(f))) return new Set();
  const nouns = [...nameShape(tool.name).nouns];
  return new Set(fields.flatMap((f) => (f === "id" ? nouns.map((n) => `${n}_id`) : [f])));
}

function consumersById(ctx: LintContext, tool: ToolDef): ToolDef[] {
  const ids = handedOnIds(ctx, tool);
  if (ids.size === 0) return [];
  return ctx.plan.tools.filter(
    (other) => other !== tool && other.inputs.some((i) => ids.has(key(i.sourceName ?? i.name))),
  );
}

/** Goals that declare they depend on this one (Arazzo `dependsOn`). */
function dependents(ctx: LintContext, tool: ToolDef): ToolDef[] {
  const goal = goalOf(ctx, tool);
  const names = new Set([tool.name, goal?.workflowId].filter((n): n is string => n !== undefined));
  const goals = ctx.goals?.goals.filter((g) => g.dependsOn.some((d) => names.has(d))) ?? [];
  return ctx.plan.tools.filter((t) => goals.some((g) => g.name === t.name));
}

/** Lint rule `split-goal` (docs/lint.md): by returned ids only one other goal takes, or by a single Arazzo dependent. */
export function splitGoal(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => {
    const byDependsOn = dependents(ctx, tool);
    const consumers = byDependsOn.length > 0 ? byDependsOn : consumersById(ctx, tool);
    const only = consumers.length === 1 ? consumers[0] : undefined;
    if (only === undefined) return [];
    const why =
      byDependsOn.length > 0
        ? `only ${only.name} depends on it`
        : `it only returns ids (${[...handedOnIds(ctx, tool)].join(", ")}) that only ${only.name} takes`;
    return [
      {
        tool: tool.name,
        message: `${tool.name} exists to feed ${only.name}: ${why}, so one user action needs two calls`,
        hint: `make ${tool.name}'s steps the first steps of goal ${only.name} (bind its input to $steps.<id>.outputs.<name>) and drop ${tool.name}`,
        ...toolLocation(ctx, tool),
      },
    ];
  });
}
