// Plans one goal into one tool: binds its steps, checks data flow, derives inputs, returns, risk and description.
import type { Goal, Located } from "../../goals/types.js";
import type { Operation, OperationSummary } from "../../model/api-model.js";
import type { ApiSource, Resolved, SchemaLookup } from "../../model/api-source.js";
import { withChangeInputs } from "../change-inputs.js";
import { METADATA_ONLY, sendsMetadataOnly } from "../media.js";
import { searchProfile } from "../profile-words.js";
import {
  changesStateByWords,
  raiseByWords,
  raiseRiskFromSpec,
  riskFromMethods,
  postsOnly,
  riskMethod,
  withRepeats,
} from "../risk.js";
import type { Origin, Risk, StepPlan, ToolDef } from "../types.js";
import { bindOperation, type OperationIndex } from "./bind-operation.js";
import { createGoalContext, type GoalContext } from "./context.js";
import { planInputs, requireTargetInputs } from "./goal-inputs.js";
import { checkStepOrder, withDependencies } from "./graph.js";
import { planReturns } from "./returns.js";
import { withPaging } from "./paging.js";
import { withExactlyOne } from "./exactly-one.js";
import { planStep } from "./step.js";

export interface GoalPlan {
  /** Absent when a step's operation could not be bound. */
  readonly tool?: ToolDef;
  readonly context: GoalContext;
  /** How many of the goal's steps named an operation the spec has. */
  readonly boundSteps: number;
  /** The operations of the steps, resolved in step order once every step was bound (else none), with their findings. */
  readonly resolved: readonly Resolved<Operation>[];
}

/** One goal → one ToolDef. */
export function planGoal(api: ApiSource, index: OperationIndex, goal: Goal, file: string): GoalPlan {
  const ctx = createGoalContext(api, goal, file);
  const summaries = goal.steps.map((step) => bindOperation(ctx, index, step));
  const found = summaries.filter((o): o is OperationSummary => o !== undefined);
  if (found.length !== goal.steps.length) return { context: ctx, boundSteps: found.length, resolved: [] };
  const resolved = found.map((summary) => api.resolveOperation(summary));
  const bound = resolved.map((r) => r.value);
  const planned = goal.steps.map((step, i) => planStep(ctx, i, step, bound[i] as Operation));
  checkStepOrder(ctx);
  const written = planned.map((step, i) =>
    step.readOnly && changesStateByWords(bound[i] as Operation) ? { ...step, readOnly: false } : step,
  );
  const ordered = withDependencies(goal, written, ctx.reads);
  const finishReturns = planReturns(ctx, ordered);
  const targetInputs = requireTargetInputs(ctx, planInputs(ctx), ordered);
  const checked = withExactlyOne(ctx, { goal, steps: ordered, operations: bound, inputs: targetInputs });
  const { steps, inputs, returns } = withPaging(ctx, {
    goal,
    steps: checked,
    operations: bound,
    returns: finishReturns(targetInputs),
    inputs: targetInputs,
  });
  const methods = steps.map((s) => {
    const operation = bound.find((o) => o.id === s.operationId);
    return operation === undefined ? s.method : riskMethod(operation, postsOnly(api.index.operations));
  });
  const profile = withRepeats(raiseByWords(riskFromMethods(methods), bound, api.schema), bound);
  const specRisk = bound.reduce<Risk>((risk, o) => raiseRiskFromSpec(risk, o.extensions["x-aci-risk"]), profile.risk);
  const risk = goal.risk ?? specRisk;
  const tool: ToolDef = withChangeInputs(
    {
      name: goal.name,
      title: titleOf(goal),
      description: withMetadataOnly(describeGoal(goal, steps), steps, bound),
      risk,
      category: goal.steps.some((s) => s.inlinedFrom) ? "orchestration" : profile.category,
      annotations: profile.annotations,
      approval: goal.approval ?? (risk === "low" ? "none" : "required"),
      inputs,
      steps,
      returns,
      origin: locatedToOrigin(goal, file),
      ...(profile.reason === undefined ? {} : { riskReason: profile.reason }),
      ...toolSearchFields(goal, bound, file, api.schema),
    },
    bound,
  );
  return { tool, context: ctx, boundSteps: bound.length, resolved };
}

function locatedToOrigin(node: Located, file: string): Origin {
  const { position } = node;
  return {
    file: position?.file ?? file,
    pointer: node.pointer,
    ...(position ? { line: position.line, column: position.column } : {}),
  };
}

function titleOf(goal: Goal): string {
  const words = goal.name.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the model reads: the goal's purpose, then when to use it and when not to. */
function describeGoal(goal: Goal, steps: readonly StepPlan[]): string {
  const purpose = goal.description?.trim() || `Runs ${steps.map((s) => s.operationId).join(" → ")}.`;
  const parts = purpose
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== "")
    .map(sentence);
  if (goal.useWhen) parts.push(`Use when: ${sentence(goal.useWhen.trim())}`);
  if (goal.notFor) parts.push(`Not for: ${sentence(goal.notFor.trim())}`);
  return parts.join(" ");
}

/** A description that says so when a step's body is only an upload's metadata (see `sendsMetadataOnly`). */
function withMetadataOnly(description: string, steps: readonly StepPlan[], operations: readonly Operation[]): string {
  const metadata = steps.some((step) => {
    const operation = operations.find((o) => o.id === step.operationId);
    return step.body?.kind === "json" && sendsMetadataOnly(operation?.requestBody?.contents ?? []);
  });
  return metadata ? `${description} ${METADATA_ONLY}` : description;
}

function sentence(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return /[.!?]["')\]]*$/.test(flat) ? flat : `${flat}.`;
}

/** Tags of the goal's operations, and what the goals file says about core, programmatic calls and examples. */
function toolSearchFields(
  goal: Goal,
  operations: readonly Operation[],
  file: string,
  schemas: SchemaLookup,
): Pick<ToolDef, "tags" | "profile" | "core" | "programmatic" | "examples" | "exampleOrigins"> {
  const tags = [...new Set(operations.flatMap((o) => o.tags))];
  const main = [...operations].reverse().find((o) => o.method !== "get" && o.method !== "head") ?? operations.at(-1);
  return {
    ...(tags.length === 0 ? {} : { tags }),
    ...(main === undefined ? {} : { profile: searchProfile(main, schemas) }),
    ...(goal.core === undefined ? {} : { core: goal.core }),
    ...(goal.programmatic === undefined ? {} : { programmatic: goal.programmatic }),
    ...(goal.examples === undefined
      ? {}
      : {
          examples: goal.examples,
          exampleOrigins: goal.examples.map((_, i) => locatedToOrigin(goal.examplesAt?.[i] ?? goal, file)),
        }),
  };
}
