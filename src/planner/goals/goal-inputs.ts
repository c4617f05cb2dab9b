// Merges every use of a goal's inputs with the goal's own declarations into the tool's snake_case inputs.
import { saysMoreThanName } from "../inputs.js";
import type { InputOverride } from "../../goals/types.js";
import type { JsonSchema } from "../../model/api-model.js";
import { createNameAllocator, toIdentifierName } from "../../util/naming.js";
import { describeTypes, jsonTypes, typesFit } from "../type-fit.js";
import { targetSelectingInputs } from "../../runtime/approval/target-reads.js";
import type { StepSpec } from "../../runtime/types.js";
import type { ToolInput } from "../types.js";
import { report, type GoalContext, type InputUse } from "./context.js";

/**
 * Inputs whose only use is to select what an action changes (a filter of a read that feeds a changing step) are
 * required: the user must name the target. `inputs.X.required: false` in the goals file keeps one optional.
 */
export function requireTargetInputs(
  ctx: GoalContext,
  inputs: readonly ToolInput[],
  steps: readonly StepSpec[],
): ToolInput[] {
  const selecting = new Set(targetSelectingInputs(steps));
  return inputs.map((input) => {
    const source = input.sourceName ?? input.name;
    if (input.required || !selecting.has(source) || ctx.goal.inputs[source]?.required !== undefined) return input;
    return { ...input, required: true };
  });
}

/** Tool inputs in first-use order, then declared-but-unused ones are reported; names are snake_case. */
export function planInputs(ctx: GoalContext): ToolInput[] {
  const allocate = createNameAllocator();
  const inputs: ToolInput[] = [];
  for (const [name, uses] of ctx.inputUses) {
    const override = ctx.goal.inputs[name];
    inputs.push(mergeInput(ctx, allocate(toIdentifierName(name, "input")), name, uses, override));
  }
  for (const [name, override] of Object.entries(ctx.goal.inputs)) {
    if (ctx.inputUses.has(name)) continue;
    report(ctx, "PLAN_UNUSED_INPUT", override, {
      message: `input "${name}" of goal "${ctx.goal.name}" is not used by any step`,
      hint: `bind it in a step as $inputs.${name}, or remove it`,
    });
  }
  return inputs;
}

function mergeInput(
  ctx: GoalContext,
  name: string,
  sourceName: string,
  uses: readonly InputUse[],
  override: InputOverride | undefined,
): ToolInput {
  const typed = uses.filter((u) => Object.keys(u.schema as object).length > 0);
  const direct = typed.filter((u) => !u.inTemplate);
  const base = (direct[0] ?? typed[0])?.schema ?? {};
  checkConflicts(ctx, sourceName, direct);
  if (override) checkDeclaredType(ctx, { name: sourceName, override, uses: direct });
  const bindings = (u: InputUse): string[] => [name, sourceName, u.boundTo.split(" ").at(-1) ?? ""];
  const description =
    override?.description ??
    [...direct.filter((u) => u.decisive), ...direct, ...uses].find((u) =>
      saysMoreThanName(u.description, ...bindings(u)),
    )?.description ??
    [schemaDescription(base)].find((d) => saysMoreThanName(d, name, sourceName));
  const examples = uses.flatMap((u) => u.examples);
  const schema = mergeSchema(base, override, description, examples);
  const required = override?.required ?? uses.some((u) => u.required);
  return {
    name,
    ...(name === sourceName ? {} : { sourceName }),
    schema,
    required: required || uses.some((u) => u.required && !u.inTemplate),
    ...(description === undefined ? {} : { description }),
    boundTo: [...new Set(uses.map((u) => u.boundTo))],
  };
}

function schemaDescription(schema: JsonSchema): string | undefined {
  return typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : undefined;
}

function mergeSchema(
  base: JsonSchema,
  override: InputOverride | undefined,
  description: string | undefined,
  examples: readonly unknown[],
): JsonSchema {
  const merged: Record<string, unknown> = typeof base === "object" ? { ...base } : base ? {} : { not: {} };
  // The goal sends what the model passes: a `readOnly` from a schema the spec shares with its responses is not true here.
  delete merged["readOnly"];
  if (override) Object.assign(merged, override.schema);
  if (description !== undefined) merged["description"] = description;
  if (examples.length > 0 && merged["examples"] === undefined)
    merged["examples"] = [...new Set(examples.map((e) => JSON.stringify(e)))].map((e) => JSON.parse(e) as unknown);
  return merged;
}

function checkConflicts(ctx: GoalContext, name: string, uses: readonly InputUse[]): void {
  const first = uses[0];
  if (!first) return;
  const want = jsonTypes(first.schema, ctx.api.schema);
  for (const use of uses.slice(1)) {
    const got = jsonTypes(use.schema, ctx.api.schema);
    if (typesFit(want, got) || typesFit(got, want)) continue;
    report(ctx, "PLAN_INPUT_CONFLICT", use.node, {
      message: `input "${name}" is bound to ${first.boundTo} (${describeTypes(want)}) and to ${use.boundTo} (${describeTypes(got)})`,
    });
  }
}

/** A declared type must fit every place the input is bound (its values are sent there as they are). */
function checkDeclaredType(
  ctx: GoalContext,
  input: { name: string; override: InputOverride; uses: readonly InputUse[] },
): void {
  const declared = jsonTypes(input.override.schema as JsonSchema, ctx.api.schema);
  for (const use of input.uses) {
    const wanted = jsonTypes(use.schema, ctx.api.schema);
    if (typesFit(declared, wanted)) continue;
    report(ctx, "PLAN_INPUT_CONFLICT", input.override, {
      message: `input "${input.name}" is declared ${describeTypes(declared)}, but it is bound to ${use.boundTo} (${describeTypes(wanted)})`,
      hint: `declare it ${describeTypes(wanted)}, or bind it elsewhere`,
    });
  }
}
