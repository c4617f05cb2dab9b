// required-body-field-optional: an action whose body can be sent without a property its schema requires (an optional input sets it).
import { operationById } from "../../model/api-source.js";
import type { JsonSchema } from "../../model/api-model.js";
import { parseExpression } from "../../runtime/expressions/index.js";
import { pointerTokens } from "../../runtime/expressions/pointer.js";
import type { ValueExpr } from "../../runtime/types.js";
import { fittingBranch, requiredKeys } from "../../planner/goals/body-shape.js";
import { schemaAtPointer } from "../../planner/schema-walk.js";
import type { StepPlan, ToolDef } from "../../planner/types.js";
import { toolLocation } from "../location.js";
import type { LintContext, RuleFinding } from "../types.js";

/** The input an expression value is exactly (`$inputs.NAME`), if it is one. */
function inputOf(value: ValueExpr): string | undefined {
  if (value.kind !== "expr") return undefined;
  const parsed = parseExpression(value.text);
  return parsed.ok && parsed.expr.kind === "inputs" && parsed.expr.pointer.length === 0 ? parsed.expr.name : undefined;
}

/** The schema the step's body is sent against: the media type it sends, narrowed to the branch its object fits. */
function bodySchema(ctx: LintContext, step: StepPlan): JsonSchema | undefined {
  const body = step.body;
  if (body === undefined) return undefined;
  const operation = operationById(ctx.api, step.operationId);
  const content = operation?.requestBody?.contents.find((c) => c.mediaType === body.mediaType);
  if (content === undefined) return undefined;
  return body.value.kind === "object"
    ? fittingBranch(content.schema, body.value.entries, ctx.api.schema)
    : content.schema;
}

/** Top-level body property → the value that sets it: the written object's entries, then replacements of one token. */
function topLevelValues(step: StepPlan): Map<string, ValueExpr> {
  const values = new Map<string, ValueExpr>(step.body?.value.kind === "object" ? step.body.value.entries : []);
  for (const replacement of step.body?.replacements ?? []) {
    const tokens = pointerTokens(replacement.pointer);
    if (tokens.length === 1 && tokens[0] !== undefined) values.set(tokens[0], replacement.value);
  }
  return values;
}

const hasDefault = (schema: JsonSchema | undefined): boolean =>
  typeof schema === "object" && schema["default"] !== undefined;

/** Required body properties bound to an optional input: a call that leaves the input out sends a body the API refuses. */
function optionalRequired(ctx: LintContext, tool: ToolDef, step: StepPlan): string[] {
  const schema = bodySchema(ctx, step);
  if (schema === undefined) return [];
  const kept = new Set(step.body?.keepCurrent?.properties ?? []);
  const entries = topLevelValues(step);
  return requiredKeys(schema, ctx.api.schema).filter((key) => {
    const bound = entries.get(key);
    const input = bound === undefined ? undefined : inputOf(bound);
    if (input === undefined || kept.has(key)) return false;
    const walked = schemaAtPointer(schema, [key], ctx.api.schema);
    if (hasDefault(walked.ok ? walked.schema : undefined)) return false;
    return tool.inputs.some((i) => (i.sourceName ?? i.name) === input && !i.required);
  });
}

/** `required-body-field-optional` (docs/lint.md): an action's body may go out without a property its schema requires. */
export function requiredBodyFieldOptional(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) =>
    tool.steps.flatMap((step, index) => {
      if (step.readOnly) return [];
      const keys = optionalRequired(ctx, tool, step);
      if (keys.length === 0) return [];
      const names = keys.map((k) => `\`${k}\``).join(", ");
      return [
        {
          tool: tool.name,
          message: `step \`${step.id}\` of ${tool.name} (${step.method.toUpperCase()} ${step.path}) sends ${names}, which its request body requires, from ${keys.length === 1 ? "an optional input" : "optional inputs"}: a call without ${keys.length === 1 ? "it" : "them"} is approved and then refused by the API`,
          hint: `make ${keys.length === 1 ? "that input" : "those inputs"} required (the workflow's \`inputs\` \`required\` list), or bind ${names} to a literal or an earlier step's output`,
          ...toolLocation(ctx, tool, "steps", index),
        },
      ];
    }),
  );
}
