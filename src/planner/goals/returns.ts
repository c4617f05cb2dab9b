// Plans what a goal returns: its projection (or the last step's response) and the schema of that result.
import { parseExpression } from "../../runtime/expressions/index.js";
import type { Value } from "../../goals/types.js";
import type { JsonSchema } from "../../model/api-model.js";
import { narrowingInputs } from "../all-operations.js";
import { preferredContent } from "../inputs.js";
import { schemaAtPointer } from "../schema-walk.js";
import { typeOfValue } from "../type-fit.js";
import type { ReturnsPlan, StepPlan, ToolInput, ValueExpr } from "../types.js";
import type { GoalContext } from "./context.js";
import { bindExpression, checkTemplate } from "./values.js";

/** The schema of a returned value, known once the tool's inputs are (a returned `$inputs.X` has the input's schema). */
type LateSchema = (inputs: readonly ToolInput[]) => JsonSchema;

/**
 * Binds the goal's `returns` now, so the inputs it reads count as tool inputs (GOALS.md: every `$inputs.X`
 * becomes one); the result is finished once the inputs are planned.
 */
export function planReturns(ctx: GoalContext, steps: readonly StepPlan[]): (inputs: readonly ToolInput[]) => ReturnsPlan {
  if (ctx.goal.returns === undefined) {
    const schema = lastStepSchema(ctx, steps);
    return (inputs) => ({ schema, narrowingInputs: narrowingInputs(inputs) });
  }
  const { projection, schema } = projectValue(ctx, ctx.goal.returns);
  return (inputs) => ({ projection, schema: schema(inputs), narrowingInputs: narrowingInputs(inputs) });
}

function lastStepSchema(ctx: GoalContext, steps: readonly StepPlan[]): JsonSchema {
  const last = steps[steps.length - 1];
  const operation = last && ctx.steps.get(last.id)?.operation;
  const content = operation?.success && preferredContent(operation.success.contents);
  return content?.schema ?? {};
}

function projectValue(ctx: GoalContext, value: Value): { projection: ValueExpr; schema: LateSchema } {
  switch (value.kind) {
    case "literal":
      return { projection: { kind: "literal", value: value.value }, schema: () => ({ type: typeOfValue(value.value) }) };
    case "expr": {
      const bound = bindExpression(ctx, value, value.text, { where: "returns" });
      return { projection: { kind: "expr", text: value.text }, schema: (inputs) => bound ?? inputSchema(ctx, value.text, inputs) };
    }
    case "template":
      checkTemplate(ctx, value, value.text, { where: "returns" });
      return { projection: { kind: "template", text: value.text }, schema: () => ({ type: "string" }) };
    case "object": {
      const entries = value.entries.map(([key, v]) => [key, projectValue(ctx, v)] as const);
      return {
        projection: { kind: "object", entries: entries.map(([k, p]) => [k, p.projection] as const) },
        schema: (inputs) => ({ type: "object", properties: Object.fromEntries(entries.map(([k, p]) => [k, p.schema(inputs)])) }),
      };
    }
    case "array": {
      const items = value.items.map((v) => projectValue(ctx, v));
      return { projection: { kind: "array", items: items.map((i) => i.projection) }, schema: (inputs) => ({ type: "array", prefixItems: items.map((i) => i.schema(inputs)) }) };
    }
  }
}

/** The schema of a returned `$inputs.NAME#/pointer`: the planned input's, walked by the pointer. */
function inputSchema(ctx: GoalContext, text: string, inputs: readonly ToolInput[]): JsonSchema {
  const parsed = parseExpression(text);
  if (!parsed.ok || parsed.expr.kind !== "inputs") return {};
  const name = parsed.expr.name;
  const input = inputs.find((i) => (i.sourceName ?? i.name) === name);
  if (input === undefined) return {};
  const walked = schemaAtPointer(input.schema, parsed.expr.pointer, ctx.model.schemas);
  return walked.ok ? walked.schema : {};
}
