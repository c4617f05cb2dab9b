// One Arazzo operation step → a GoalSpec Step: operation, merged parameters, body, outputs, criteria, actions.
import { join } from "../../util/pointer.js";
import { at, report, type LoadContext } from "../context.js";
import { envelopeToSpec } from "../envelope.js";
import { optional } from "../optional.js";
import type { Action, Param, RequestBody, Step } from "../types.js";
import { toValue } from "../values.js";
import { resolveActions, resolveParameters, type ResolvedAction, type ResolvedParameter } from "./components.js";
import { actionToSpec, criterionToSpec } from "./criteria.js";
import type { ArazzoEnv } from "./env.js";
import { operationToSpec } from "./operation.js";
import { rewriteText, rewriteValue, type Scope } from "./rewrite.js";
import type { ArazzoStep } from "./schema.js";

/** A step with what its workflow contributes to it (workflow-level parameters and actions). */
export interface StepInput {
  readonly step: ArazzoStep;
  readonly pointer: string;
  readonly scope: Scope;
  readonly workflow: WorkflowLevel;
  readonly via?: { readonly workflowId: string; readonly viaStepId: string };
}

/** Workflow-level parameters and actions, which every step inherits unless it overrides them by name. */
export interface WorkflowLevel {
  readonly parameters: readonly ResolvedParameter[];
  readonly successActions: readonly ResolvedAction[];
  readonly failureActions: readonly ResolvedAction[];
  readonly stepIds: readonly string[];
}

/** The step in the goal's terms, or undefined when its operation cannot be read. */
export function operationStep(env: ArazzoEnv, input: StepInput): Step | undefined {
  const { step, pointer, scope } = input;
  const operation = operationToSpec(env, step, pointer);
  const converted = {
    id: scope.prefix + step.stepId,
    ...optional({ description: step.description, body: step.requestBody && bodyToSpec(env, input) }),
    params: stepParameters(env, input).map((p) => paramToSpec(env.ctx, p, scope)),
    outputs: Object.fromEntries(
      Object.entries(step.outputs ?? {}).map(([name, text]) => [
        name,
        { text: rewriteText(text, scope, "expression"), ...at(env.ctx, join(pointer, "outputs", name)) },
      ]),
    ),
    successCriteria: (step.successCriteria ?? []).flatMap(
      (c, i) => criterionToSpec(env, c, { pointer: join(pointer, "successCriteria", i), scope }) ?? [],
    ),
    ...stepActions(env, input),
    ...optional({ inlinedFrom: input.via }),
    ...(step["x-aci-envelope"] === undefined ? {} : { envelope: envelopeToSpec(step["x-aci-envelope"]) }),
    ...(step["x-aci-exactly-one"] === undefined
      ? {}
      : {
          exactlyOne: {
            value: step["x-aci-exactly-one"],
            ...at(env.ctx, join(pointer, "x-aci-exactly-one")),
          },
        }),
    ...at(env.ctx, pointer),
  };
  return operation === undefined ? undefined : { ...converted, operation };
}

/** Workflow-level parameters overridden by the step's own (same name and location). */
export function stepParameters(env: ArazzoEnv, input: StepInput): ResolvedParameter[] {
  const own = resolveParameters(env, input.step.parameters, join(input.pointer, "parameters"));
  const overridden = (p: ResolvedParameter): boolean =>
    own.some((o) => o.name === p.name && (o.in ?? p.in) === (p.in ?? o.in));
  return [...input.workflow.parameters.filter((p) => !overridden(p)), ...own];
}

/** A resolved parameter as a located Param, its value in the goal's terms. */
function paramToSpec(ctx: LoadContext, p: ResolvedParameter, scope: Scope): Param {
  return {
    name: p.name,
    ...optional({ in: p.in }),
    value: rewriteValue(toValue(ctx, p.value, p.valuePointer), scope),
    ...at(ctx, p.pointer),
  };
}

/** onSuccess / onFailure: the step's actions, then the workflow's that the step does not override by name. */
function stepActions(env: ArazzoEnv, input: StepInput): { onSuccess: Action[]; onFailure: Action[] } {
  const convert = (
    kind: "success" | "failure",
    own: ResolvedAction[],
    inherited: readonly ResolvedAction[],
  ): Action[] => {
    const names = new Set(own.map((a) => a.action.name));
    return [...own, ...inherited.filter((a) => !names.has(a.action.name))].flatMap(
      (a) => actionToSpec(env, a, { scope: input.scope, kind, stepIds: input.workflow.stepIds }) ?? [],
    );
  };
  const { step, pointer } = input;
  return {
    onSuccess: convert(
      "success",
      resolveActions(env, step.onSuccess, { pointer: join(pointer, "onSuccess"), kind: "successActions" }),
      input.workflow.successActions,
    ),
    onFailure: convert(
      "failure",
      resolveActions(env, step.onFailure, { pointer: join(pointer, "onFailure"), kind: "failureActions" }),
      input.workflow.failureActions,
    ),
  };
}

function bodyToSpec(env: ArazzoEnv, { step, pointer, scope }: StepInput): RequestBody {
  const body = step.requestBody!;
  const bodyPointer = join(pointer, "requestBody");
  (body.replacements ?? []).forEach((r, i) => {
    if (r.target === "" || r.target.startsWith("/")) return;
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", join(bodyPointer, "replacements", i, "target"), {
      message: `replacement target "${r.target}" is not a JSON pointer (XPath targets are not supported)`,
      hint: "write the target as a JSON pointer into the payload, e.g. /petId",
    });
  });
  return {
    payload: rewriteValue(toValue(env.ctx, body.payload, join(bodyPointer, "payload")), scope),
    ...optional({ contentType: body.contentType }),
    ...(body.contentType === undefined ? {} : { contentTypeAt: at(env.ctx, join(bodyPointer, "contentType")) }),
    replacements: (body.replacements ?? []).map((r, i) => ({
      target: r.target,
      value: rewriteValue(toValue(env.ctx, r.value, join(bodyPointer, "replacements", i, "value")), scope),
      ...at(env.ctx, join(bodyPointer, "replacements", i)),
    })),
    ...at(env.ctx, bodyPointer),
  };
}
