// Plans what a goal returns: its projection (or the last step's response) and the schema of that result.
import type { Value } from "../../goals/types.js";
import type { JsonSchema } from "../../model/api-model.js";
import { narrowingInputs } from "../all-operations.js";
import { preferredContent } from "../inputs.js";
import { typeOfValue } from "../type-fit.js";
import type { ReturnsPlan, StepPlan, ToolInput, ValueExpr } from "../types.js";
import type { GoalContext } from "./context.js";
import { bindExpression, checkTemplate } from "./values.js";

/** The goal's `returns` projection with a schema derived from the outputs it reads, or the last step's response. */
export function planReturns(ctx: GoalContext, steps: readonly StepPlan[], inputs: readonly ToolInput[]): ReturnsPlan {
  const narrowing = narrowingInputs(inputs);
  if (ctx.goal.returns === undefined) return { schema: lastStepSchema(ctx, steps), narrowingInputs: narrowing };
  const { projection, schema } = projectValue(ctx, ctx.goal.returns);
  return { projection, schema, narrowingInputs: narrowing };
}

function lastStepSchema(ctx: GoalContext, steps: readonly StepPlan[]): JsonSchema {
  const last = steps[steps.length - 1];
  const operation = last && ctx.steps.get(last.id)?.operation;
  const content = operation?.success && preferredContent(operation.success.contents);
  return content?.schema ?? {};
}

function projectValue(ctx: GoalContext, value: Value): { projection: ValueExpr; schema: JsonSchema } {
  switch (value.kind) {
    case "literal":
      return { projection: { kind: "literal", value: value.value }, schema: { type: typeOfValue(value.value) } };
    case "expr":
      return { projection: { kind: "expr", text: value.text }, schema: bindExpression(ctx, value, value.text, { where: "returns" }) ?? {} };
    case "template":
      checkTemplate(ctx, value, value.text, { where: "returns" });
      return { projection: { kind: "template", text: value.text }, schema: { type: "string" } };
    case "object": {
      const entries = value.entries.map(([key, v]) => [key, projectValue(ctx, v)] as const);
      return {
        projection: { kind: "object", entries: entries.map(([k, p]) => [k, p.projection] as const) },
        schema: { type: "object", properties: Object.fromEntries(entries.map(([k, p]) => [k, p.schema])) },
      };
    }
    case "array": {
      const items = value.items.map((v) => projectValue(ctx, v));
      return { projection: { kind: "array", items: items.map((i) => i.projection) }, schema: { type: "array", prefixItems: items.map((i) => i.schema) } };
    }
  }
}
