// Plans what a goal returns: its projection (or the last step's response) and the schema of that result.
import { parseExpression } from "../../runtime/expressions/index.js";
import type { Located, Value } from "../../goals/types.js";
import { pointerTokens } from "../../runtime/expressions/pointer.js";
import { derefTop } from "../schemas.js";
import { describeTypes, jsonTypes } from "../type-fit.js";
import { report } from "./context.js";
import type { JsonSchema } from "../../model/api-model.js";
import { narrowingInputs } from "../all-operations.js";
import { successResultSchema } from "../media.js";
import { schemaAtPointer } from "../schema-walk.js";
import { typeOfValue } from "../type-fit.js";
import type { ReturnsPlan, StepPlan, ToolInput, ValueExpr } from "../types.js";
import type { GoalContext } from "./context.js";
import { bindExpression, checkTemplate, reportMissingPointer } from "./values.js";

/** The schema of a returned value, known once the tool's inputs are (a returned `$inputs.X` has the input's schema). */
type LateSchema = (inputs: readonly ToolInput[]) => JsonSchema;

/**
 * Binds the goal's `returns` now, so the inputs it reads count as tool inputs (every `$inputs.X`
 * becomes one); the result is finished once the inputs are planned.
 */
export function planReturns(
  ctx: GoalContext,
  steps: readonly StepPlan[],
): (inputs: readonly ToolInput[]) => ReturnsPlan {
  if (ctx.goal.returns === undefined) {
    const schema = lastStepSchema(ctx, steps);
    return (inputs) => ({ schema, narrowingInputs: narrowingInputs(inputs) });
  }
  const { projection, schema } = projectValue(ctx, ctx.goal.returns);
  return (inputs) => ({ projection, schema: schema(inputs), narrowingInputs: narrowingInputs(inputs) });
}

function lastStepSchema(ctx: GoalContext, steps: readonly StepPlan[]): JsonSchema {
  const last = steps[steps.length - 1];
  const bound = last && ctx.steps.get(last.id);
  if (bound?.item !== undefined) return bound.item;
  const operation = bound?.operation;
  return successResultSchema(operation?.success?.contents ?? []);
}

function projectValue(ctx: GoalContext, value: Value): { projection: ValueExpr; schema: LateSchema } {
  switch (value.kind) {
    case "literal":
      return {
        projection: { kind: "literal", value: value.value },
        schema: () => ({ type: typeOfValue(value.value) }),
      };
    case "expr": {
      const bound = bindExpression(ctx, value, value.text, { where: "returns" });
      return {
        projection: { kind: "expr", text: value.text },
        schema: (inputs) => bound ?? inputSchema(ctx, value.text, inputs),
      };
    }
    case "template":
      checkTemplate(ctx, value, value.text, { where: "returns" });
      return { projection: { kind: "template", text: value.text }, schema: () => ({ type: "string" }) };
    case "object": {
      const entries = value.entries.map(([key, v]) => [key, projectValue(ctx, v)] as const);
      return {
        projection: { kind: "object", entries: entries.map(([k, p]) => [k, p.projection] as const) },
        schema: (inputs) => ({
          type: "object",
          properties: Object.fromEntries(entries.map(([k, p]) => [k, p.schema(inputs)])),
        }),
      };
    }
    case "array": {
      const items = value.items.map((v) => projectValue(ctx, v));
      return {
        projection: { kind: "array", items: items.map((i) => i.projection) },
        schema: (inputs) => ({ type: "array", prefixItems: items.map((i) => i.schema(inputs)) }),
      };
    }
    case "each":
      return projectEach(ctx, value);
  }
}

/** `each`: the source must be a list; every field's pointer must exist in its item schema (when the spec gives one). */
function projectEach(ctx: GoalContext, value: Value & { kind: "each" }): { projection: ValueExpr; schema: LateSchema } {
  const list = bindExpression(ctx, value, value.source, { where: "returns" });
  const item = list === undefined ? undefined : itemSchema(ctx, value, list);
  const properties = Object.fromEntries(value.fields.map((field) => [field.name, fieldSchema(ctx, field, item)]));
  return {
    projection: { kind: "each", source: value.source, fields: value.fields.map((f) => [f.name, f.path] as const) },
    schema: () => ({ type: "array", items: { type: "object", properties } }),
  };
}

/** The items schema of a list schema; undefined (and an error) when the schema says it is not a list. */
function itemSchema(ctx: GoalContext, node: Value & { kind: "each" }, list: JsonSchema): JsonSchema | undefined {
  const top = derefTop(list, ctx.api.schema);
  if (typeof top !== "object" || Object.keys(top).length === 0) return undefined;
  const types = jsonTypes(top, ctx.api.schema);
  if (!types.has("array")) {
    report(ctx, "PLAN_TYPE_MISMATCH", node, {
      message: `\`each\` needs a list, but "${node.source}" is ${describeTypes(types)}`,
      hint: "point `each` at an array, e.g. an output that is $response.body of a list operation",
    });
    return undefined;
  }
  const items = top["items"];
  return items === undefined || typeof items === "boolean" ? undefined : (items as JsonSchema);
}

function fieldSchema(
  ctx: GoalContext,
  field: Located & { name: string; path: string },
  item: JsonSchema | undefined,
): JsonSchema {
  if (item === undefined) return {};
  const tokens = pointerTokens(field.path);
  const walked = schemaAtPointer(item, tokens, ctx.api.schema);
  if (walked.ok) return walked.schema;
  reportMissingPointer(ctx, field, {
    subject: `field "${field.name}"`,
    owner: "the list's items",
    schemaName: "the item schema",
    tokens,
    walked,
  });
  return {};
}

/** The schema of a returned `$inputs.NAME#/pointer`: the planned input's, walked by the pointer. */
function inputSchema(ctx: GoalContext, text: string, inputs: readonly ToolInput[]): JsonSchema {
  const parsed = parseExpression(text);
  if (!parsed.ok || parsed.expr.kind !== "inputs") return {};
  const name = parsed.expr.name;
  const input = inputs.find((i) => (i.sourceName ?? i.name) === name);
  if (input === undefined) return {};
  const walked = schemaAtPointer(input.schema, parsed.expr.pointer, ctx.api.schema);
  return walked.ok ? walked.schema : {};
}
