// generic-tool: one tool wrapping unrelated endpoints, or taking free-form content (the update(id, content) anti-pattern).
import type { JsonSchema } from "../../model/api-model.js";
import type { StepPlan, ToolDef, ValueExpr } from "../../planner/types.js";
import { inputLocation, inputSchema, schemaField } from "../inputs.js";
import { toolLocation } from "../location.js";
import type { LintContext, RuleFinding } from "../types.js";

function exprTexts(value: ValueExpr | undefined): string[] {
  if (value === undefined) return [];
  if (value.kind === "expr" || value.kind === "template") return [value.text];
  if (value.kind === "each") return [value.source];
  if (value.kind === "object") return value.entries.flatMap(([, v]) => exprTexts(v));
  return value.kind === "array" ? value.items.flatMap(exprTexts) : [];
}

/** What a step reads: `step:<id>` for another step's outputs, `input:<name>` for a tool input. */
function reads(step: StepPlan): string[] {
  const texts = [
    ...step.params.map((p) => p.value),
    step.body?.value,
    ...(step.body?.replacements ?? []).map((r) => r.value),
  ].flatMap(exprTexts);
  return texts.flatMap((t) =>
    [...t.matchAll(/\$(steps|inputs)\.([A-Za-z0-9_-]+)/g)].map(
      (m) => `${m[1] === "steps" ? "step" : "input"}:${m[2] as string}`,
    ),
  );
}

/** Groups of steps linked by data: one reads the other's outputs, or both read the same input (union-find). */
function dataComponents(steps: readonly StepPlan[]): StepPlan[][] {
  const parent = new Map<string, string>(steps.map((s) => [`step:${s.id}`, `step:${s.id}`]));
  const root = (key: string): string => {
    if (!parent.has(key)) parent.set(key, key);
    return parent.get(key) === key ? key : root(parent.get(key) as string);
  };
  for (const step of steps) for (const key of reads(step)) parent.set(root(key), root(`step:${step.id}`));
  const groups = new Map<string, StepPlan[]>();
  for (const step of steps) groups.set(root(`step:${step.id}`), [...(groups.get(root(`step:${step.id}`)) ?? []), step]);
  return [...groups.values()];
}

function resource(path: string): string {
  return path.split("/").find((segment) => segment !== "") ?? "/";
}

function unrelatedSteps(ctx: LintContext, tool: ToolDef): RuleFinding[] {
  const groups = dataComponents(tool.steps);
  const resources = new Set(groups.map((g) => g.map((s) => resource(s.path)).join(",")));
  if (groups.length < 2 || resources.size < 2) return [];
  const calls = groups.map((g) => g.map((s) => `${s.method.toUpperCase()} ${s.path}`).join(" → ")).join("; ");
  return [
    {
      tool: tool.name,
      message: `${tool.name} wraps unrelated endpoints that share no data (${calls})`,
      hint: `split goal ${tool.name} into one goal per user task, or connect its steps through $steps.<id>.outputs`,
      ...toolLocation(ctx, tool, "steps"),
    },
  ];
}

/** An object with no declared properties, or a schema of any value: the model must guess its shape. */
function isFreeForm(schema: JsonSchema): boolean {
  if (schema === true) return true;
  if (schema === false || schemaField(schema, "$ref") !== undefined) return false;
  const type = schemaField(schema, "type");
  const composed = ["oneOf", "anyOf", "allOf", "enum", "const"].some((k) => schemaField(schema, k) !== undefined);
  return (
    !composed &&
    (type === undefined || type === "object") &&
    schemaField(schema, "properties") === undefined &&
    schemaField(schema, "prefixItems") === undefined
  );
}

function freeFormContent(ctx: LintContext, tool: ToolDef): RuleFinding[] {
  if (tool.category === "data") return [];
  return tool.inputs
    .filter((input) => isFreeForm(inputSchema(ctx, input)))
    .map((input) => ({
      tool: tool.name,
      message: `${tool.name} writes free-form "${input.name}" (no declared properties): the update(id, content) anti-pattern, the model must guess the shape`,
      hint: `bind the body's fields one by one in goal ${tool.name} (body: { field: $inputs.field }), or give the spec's request body a schema with properties`,
      ...inputLocation(ctx, tool, input),
    }));
}

/** Lint rule `generic-tool` (docs/lint.md). */
export function genericTool(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => [...unrelatedSteps(ctx, tool), ...freeFormContent(ctx, tool)]);
}
