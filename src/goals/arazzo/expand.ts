// A workflow → its steps in the goal's terms, inlining workflow-call steps (prefixed ids, bound inputs, cycles reported).
import { join } from "../../util/pointer.js";
import { report } from "../context.js";
import { didYouMean } from "../did-you-mean.js";
import type { Action, Criterion, InputOverride, Step, Value } from "../types.js";
import { toValue } from "../values.js";
import { resolveActions, resolveParameters } from "./components.js";
import { actionToSpec, criterionToSpec } from "./criteria.js";
import { sourceQualified, type ArazzoEnv, type WorkflowAt } from "./env.js";
import { workflowInputs } from "./inputs.js";
import { appendPointer, rewriteText, rewriteValue, type Scope } from "./rewrite.js";
import type { ArazzoStep } from "./schema.js";
import { operationStep, stepParameters, type StepInput, type WorkflowLevel } from "./step.js";

/** What expanding one goal collects besides its steps. */
export interface GoalState {
  /** Inputs of inlined workflows that no call binds: they become inputs of the goal. */
  readonly extraInputs: Map<string, InputOverride>;
  /** `step:CALLSTEPID` or `workflow:WORKFLOWID` → id of the first step it expanded to (for goto). */
  readonly entries: Map<string, string>;
}

/** One inlined copy of a workflow. */
export interface Instance {
  readonly at: WorkflowAt;
  readonly scope: Scope;
  /** Workflow ids being expanded, outermost first (for cycle detection). */
  readonly stack: readonly string[];
  readonly via?: { readonly workflowId: string; readonly viaStepId: string };
}

/** The workflow's steps, each call step replaced by the called workflow's steps. */
export function expandWorkflow(env: ArazzoEnv, state: GoalState, instance: Instance): Step[] {
  const { workflow, pointer } = instance.at;
  const level: WorkflowLevel = {
    parameters: resolveParameters(env, workflow.parameters, join(pointer, "parameters")),
    successActions: resolveActions(env, workflow.successActions, {
      pointer: join(pointer, "successActions"),
      kind: "successActions",
    }),
    failureActions: resolveActions(env, workflow.failureActions, {
      pointer: join(pointer, "failureActions"),
      kind: "failureActions",
    }),
    stepIds: workflow.steps.map((s) => s.stepId),
  };
  return workflow.steps.flatMap((step, i) => {
    const input: StepInput = {
      step,
      pointer: join(pointer, "steps", i),
      scope: instance.scope,
      workflow: level,
      ...(instance.via ? { via: instance.via } : {}),
    };
    if (!hasOneTarget(env, step, input.pointer)) return [];
    if (step.workflowId !== undefined) return expandCall(env, state, { instance, input, target: step.workflowId });
    return operationStep(env, input) ?? [];
  });
}

function hasOneTarget(env: ArazzoEnv, step: ArazzoStep, pointer: string): boolean {
  const targets = (["operationId", "operationPath", "workflowId"] as const).filter((k) => step[k] !== undefined);
  if (targets.length === 1) return true;
  report(env.ctx, targets.length === 0 ? "GOALS_MISSING_FIELD" : "GOALS_INVALID_VALUE", pointer, {
    message:
      targets.length === 0
        ? `step "${step.stepId}" calls nothing`
        : `step "${step.stepId}" has ${targets.join(" and ")}; they are mutually exclusive`,
    hint: "give the step exactly one of operationId, operationPath or workflowId",
  });
  return false;
}

/** Finds a local workflow for a call or goto, reporting cross-document and unknown ids. */
export function localWorkflow(env: ArazzoEnv, id: string, pointer: string): WorkflowAt | undefined {
  if (sourceQualified(id) !== undefined) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", pointer, {
      message: `${id} is a workflow in another Arazzo document`,
      hint: "copy the workflow into this document and refer to it by its workflowId",
    });
    return undefined;
  }
  const found = env.workflows.get(id);
  if (found === undefined) {
    report(env.ctx, "GOALS_UNKNOWN_WORKFLOW", pointer, {
      message: `no workflow "${id}" in this document`,
      hint: didYouMean(id, [...env.workflows.keys()], "workflows"),
    });
  }
  return found;
}

/** Workflow calls inside one another a goal inlines at most (the chain is as long as the workflows are many). */
const MAX_CALL_DEPTH = 32;

function expandCall(
  env: ArazzoEnv,
  state: GoalState,
  call: { instance: Instance; input: StepInput; target: string },
): Step[] {
  const { instance, input, target } = call;
  const targetPointer = join(input.pointer, "workflowId");
  const callee = localWorkflow(env, target, targetPointer);
  if (callee === undefined) return [];
  if (instance.stack.includes(target)) {
    report(env.ctx, "GOALS_WORKFLOW_CYCLE", targetPointer, {
      message: `workflow call cycle: ${[...instance.stack, target].join(" → ")}`,
      hint: `"${instance.stack.at(-1)}" must not call "${target}", which (indirectly) calls it back`,
    });
    return [];
  }
  if (instance.stack.length >= MAX_CALL_DEPTH) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", targetPointer, {
      message: `workflow calls nest more than ${MAX_CALL_DEPTH} deep here (${instance.stack[0]} → … → ${instance.stack.at(-1)} → ${target})`,
      hint: "call the innermost workflows' operations directly: each call inlines the whole callee into the goal",
    });
    return [];
  }
  const viaStepId = instance.scope.prefix + input.step.stepId;
  const scope: Scope = {
    prefix: `${viaStepId}__`,
    inputs: bindInputs(env, state, { callee, input }),
    aliases: new Map(),
  };
  const steps = expandWorkflow(env, state, {
    at: callee,
    scope,
    stack: [...instance.stack, target],
    via: { workflowId: target, viaStepId },
  });
  if (steps.length === 0) return [];
  state.entries.set(`step:${viaStepId}`, steps[0]!.id);
  aliasCallOutputs(env, { callee, input, calleeScope: scope });
  return attachCallCriteria(env, steps, input);
}

/** The call's parameters as the callee's inputs; inputs left unbound pass through to the goal's own inputs. */
function bindInputs(
  env: ArazzoEnv,
  state: GoalState,
  call: { callee: WorkflowAt; input: StepInput },
): Map<string, Value> {
  const declared = workflowInputs(env, call.callee);
  const bound = new Map<string, Value>();
  for (const p of stepParameters(env, call.input)) {
    if (!declared.has(p.name)) {
      report(env.ctx, "GOALS_UNKNOWN_INPUT", p.pointer, {
        message: `workflow "${call.callee.workflow.workflowId}" has no input "${p.name}"`,
        hint: didYouMean(p.name, [...declared.keys()], "its inputs"),
      });
      continue;
    }
    bound.set(p.name, rewriteValue(toValue(env.ctx, p.value, p.valuePointer), call.input.scope));
  }
  for (const [name, override] of declared)
    if (!bound.has(name) && !state.extraInputs.has(name)) state.extraInputs.set(name, override);
  return bound;
}

/** `outputs: { x: $outputs.y }` of a call step: later `$steps.CALL.outputs.x` reads the callee's output `y`. */
function aliasCallOutputs(env: ArazzoEnv, call: { callee: WorkflowAt; input: StepInput; calleeScope: Scope }): void {
  const { step, pointer, scope } = call.input;
  const calleeOutputs = call.callee.workflow.outputs ?? {};
  for (const [name, text] of Object.entries(step.outputs ?? {})) {
    const at = join(pointer, "outputs", name);
    const match = /^\$outputs\.([A-Za-z0-9_.-]+?)(#.*)?$/.exec(text.trim());
    if (!match) {
      report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", at, {
        message: "an output of a workflow-call step must read `$outputs.NAME` of the called workflow",
        hint: "add the value to the called workflow's outputs and read it as $outputs.NAME",
      });
      continue;
    }
    const source = calleeOutputs[match[1]!];
    if (source === undefined) {
      report(env.ctx, "GOALS_UNKNOWN_INPUT", at, {
        message: `workflow "${call.callee.workflow.workflowId}" has no output "${match[1]}"`,
        hint: didYouMean(match[1]!, Object.keys(calleeOutputs), "its outputs"),
      });
      continue;
    }
    scope.aliases.set(
      `${step.stepId}.${name}`,
      appendPointer(rewriteText(source, call.calleeScope, "expression"), match[2] ?? ""),
    );
  }
}

/** A call step's criteria and onSuccess apply to the callee's last step; its onFailure to every callee step. */
function attachCallCriteria(env: ArazzoEnv, steps: Step[], input: StepInput): Step[] {
  const { step, pointer, scope } = input;
  const criteria: Criterion[] = (step.successCriteria ?? []).flatMap(
    (c, i) => criterionToSpec(env, c, { pointer: join(pointer, "successCriteria", i), scope }) ?? [],
  );
  const convert = (kind: "success" | "failure", key: "onSuccess" | "onFailure"): Action[] =>
    resolveActions(env, step[key], {
      pointer: join(pointer, key),
      kind: kind === "success" ? "successActions" : "failureActions",
    }).flatMap((a) => actionToSpec(env, a, { scope, kind, stepIds: input.workflow.stepIds }) ?? []);
  const onSuccess = convert("success", "onSuccess");
  const onFailure = convert("failure", "onFailure");
  for (const retry of onFailure.filter((a) => a.type === "retry")) {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", retry.pointer, {
      message: "retrying a whole called workflow is not supported",
      hint: "put the retry on the called workflow's steps",
    });
  }
  const failures = onFailure.filter((a) => a.type !== "retry");
  return steps.map((s, i) => ({
    ...s,
    ...(i === steps.length - 1
      ? { successCriteria: [...s.successCriteria, ...criteria], onSuccess: [...onSuccess, ...s.onSuccess] }
      : {}),
    onFailure: [...failures, ...s.onFailure],
  }));
}
