// One Arazzo workflow → one Goal: name, description, inputs, expanded steps, goto-workflow targets, returns.
import { join } from "../../util/pointer.js";
import { at, report } from "../context.js";
import { didYouMean } from "../did-you-mean.js";
import { GOAL_NAME, goalNameHint, toSnakeCase } from "../naming.js";
import { optional } from "../optional.js";
import type { Action, Goal, InputOverride, Step, Value } from "../types.js";
import { reportDuplicates } from "../uniqueness.js";
import { toValue } from "../values.js";
import type { ArazzoEnv, WorkflowAt } from "./env.js";
import { expandWorkflow, localWorkflow, type GoalState } from "./expand.js";
import { workflowInputs } from "./inputs.js";
import { rewriteValue, rootScope } from "./rewrite.js";

/** The tool name of a workflow: `x-aci-name`, else the workflowId in snake_case. */
export function goalName(wf: WorkflowAt): string {
  return wf.workflow["x-aci-name"] ?? toSnakeCase(wf.workflow.workflowId);
}

/** The goal for one workflow; `dependsOn` is filled in by the document transform. */
export function workflowToGoal(env: ArazzoEnv, wf: WorkflowAt, dependsOn: readonly string[]): Goal {
  const { workflow, pointer } = wf;
  const name = goalName(wf);
  if (!GOAL_NAME.test(name)) {
    const where = workflow["x-aci-name"] === undefined ? "workflowId" : "x-aci-name";
    report(env.ctx, "GOALS_INVALID_NAME", join(pointer, where), {
      message: `the tool name "${name}" breaks the goal-name rule`,
      hint: `${goalNameHint(name)}; set \`x-aci-name\` to choose another`,
    });
  }
  const state: GoalState = { extraInputs: new Map(), entries: new Map() };
  const scope = rootScope();
  const steps = resolveJumps(
    env,
    withGotoTargets(env, state, {
      root: wf,
      steps: expandWorkflow(env, state, { at: wf, scope, stack: [workflow.workflowId] }),
    }),
    state,
  );
  reportDuplicates(
    env.ctx,
    steps.map((s) => ({ name: s.id, pointer: s.pointer })),
    "GOALS_DUPLICATE_STEP_ID",
    "step id (after inlining)",
  );
  checkErrorKeys(env, { wf, steps });
  return {
    name,
    workflowId: workflow.workflowId,
    ...optional({
      description: joinText(workflow.summary, workflow.description),
      useWhen: workflow["x-aci-use-when"],
      notFor: workflow["x-aci-not-for"],
      risk: workflow["x-aci-risk"],
      approval: workflow["x-aci-approval"],
      core: workflow["x-aci-core"],
      programmatic: workflow["x-aci-programmatic"],
      examples: workflow["x-aci-examples"],
      examplesAt: workflow["x-aci-examples"]?.map((_, i) => at(env.ctx, join(pointer, "x-aci-examples", i))),
      returns: workflow.outputs === undefined ? undefined : outputsToReturns(env, wf, scope),
    }),
    inputs: goalInputs(env, wf, state),
    steps,
    errors: { ...workflow["x-aci-errors"] },
    dependsOn,
    ...at(env.ctx, pointer),
  };
}

/** The workflow's own inputs, then those of inlined workflows that no call binds. */
function goalInputs(env: ArazzoEnv, wf: WorkflowAt, state: GoalState): Record<string, InputOverride> {
  const own = workflowInputs(env, wf);
  return Object.fromEntries([...own, ...[...state.extraInputs].filter(([name]) => !own.has(name))]);
}

function outputsToReturns(
  env: ArazzoEnv,
  { workflow, pointer }: WorkflowAt,
  scope: ReturnType<typeof rootScope>,
): Value {
  const outputsPointer = join(pointer, "outputs");
  const entries = Object.entries(workflow.outputs ?? {}).map(
    ([name, text]) => [name, rewriteValue(toValue(env.ctx, text, join(outputsPointer, name)), scope)] as const,
  );
  return { kind: "object", entries, ...at(env.ctx, outputsPointer) };
}

/** Steps of workflows reached by `goto workflowId`, appended once each; each segment ends explicitly. */
function withGotoTargets(env: ArazzoEnv, state: GoalState, goal: { root: WorkflowAt; steps: Step[] }): Step[] {
  const rootId = goal.root.workflow.workflowId;
  if (goal.steps[0]) state.entries.set(`workflow:${rootId}`, goal.steps[0].id);
  const segments: Step[][] = [goal.steps];
  for (let i = 0; i < segments.length; i += 1) {
    for (const action of segments[i]!.flatMap((s) => [...s.onSuccess, ...s.onFailure])) {
      if (action.workflowId === undefined || state.entries.has(`workflow:${action.workflowId}`)) continue;
      const target = localWorkflow(env, action.workflowId, join(action.pointer, "workflowId"));
      if (target === undefined) continue;
      const scope = { prefix: `${action.workflowId}__`, inputs: new Map(), aliases: new Map() };
      const steps = expandWorkflow(env, state, {
        at: target,
        scope,
        stack: [action.workflowId],
        via: { workflowId: action.workflowId, viaStepId: action.name ?? action.workflowId },
      });
      for (const [name, override] of workflowInputs(env, target))
        if (!state.extraInputs.has(name)) state.extraInputs.set(name, override);
      if (steps[0]) state.entries.set(`workflow:${action.workflowId}`, steps[0].id);
      segments.push(steps);
    }
  }
  return segments.flatMap((steps, i) => (i === segments.length - 1 ? steps : endAfterLast(steps)));
}

function endAfterLast(steps: Step[]): Step[] {
  const last = steps.at(-1);
  if (last === undefined) return steps;
  const end: Action = {
    name: "end-of-workflow",
    type: "end",
    criteria: [],
    pointer: last.pointer,
    ...(last.position ? { position: last.position } : {}),
  };
  return [...steps.slice(0, -1), { ...last, onSuccess: [...last.onSuccess, end] }];
}

/** `goto` targets that name a call step or a workflow → the id of the first step they expanded to. */
function resolveJumps(_env: ArazzoEnv, steps: Step[], state: GoalState): Step[] {
  const ids = new Set(steps.map((s) => s.id));
  const fix = (a: Action): Action => {
    const key = a.workflowId === undefined ? `step:${a.stepId}` : `workflow:${a.workflowId}`;
    if (a.type !== "goto" || (a.workflowId === undefined && ids.has(a.stepId ?? ""))) return a;
    const target = state.entries.get(key);
    return target === undefined ? a : { ...a, stepId: target };
  };
  return steps.map((s) => ({ ...s, onSuccess: s.onSuccess.map(fix), onFailure: s.onFailure.map(fix) }));
}

function checkErrorKeys(env: ArazzoEnv, goal: { wf: WorkflowAt; steps: readonly Step[] }): void {
  const ids = goal.steps.map((s) => s.id);
  for (const key of Object.keys(goal.wf.workflow["x-aci-errors"] ?? {})) {
    const stepId = key.slice(0, key.lastIndexOf("."));
    if (ids.includes(stepId)) continue;
    report(env.ctx, "GOALS_UNKNOWN_STEP", join(goal.wf.pointer, "x-aci-errors", key), {
      message: `no step "${stepId}" in this workflow`,
      hint: didYouMean(stepId, ids, "steps"),
    });
  }
}

function joinText(summary: string | undefined, description: string | undefined): string | undefined {
  const parts = [summary, description].map((t) => t?.trim()).filter((t): t is string => t !== undefined && t !== "");
  return parts.length === 0 ? undefined : parts.join("\n\n");
}
