// A validated `aci: 1` document → GoalSpec, with located steps, params, values and semantic checks.
import { configToSpec } from "../config.js";
import { envelopeToSpec } from "../envelope.js";
import { join } from "../../util/pointer.js";
import { at, report, type LoadContext } from "../context.js";
import { securitySchemeToModel } from "../../ingest/security.js";
import type { JsonRecord } from "../../ingest/walk.js";
import type {
  Action,
  Criterion,
  DeclaredScheme,
  Goal,
  GoalsAuth,
  GoalSpec,
  InputOverride,
  Param,
  Pick,
  Step,
} from "../types.js";
import { didYouMean } from "../did-you-mean.js";
import { optional } from "../optional.js";
import { toExprMap, toValue } from "../values.js";
import type { AciAction, AciCriterion, AciDocument, AciGoal, AciSettingsDocument, AciStep } from "./schema.js";
import { parseOperation } from "./operation.js";

/** Where relative paths in the document are resolved from, and how. */
export interface PathResolver {
  resolve(relative: string): string;
}

/** The whole document (or the settings of one read with `--all-operations`); `spec` is resolved against its folder. */
export function aciToGoalSpec(ctx: LoadContext, doc: AciDocument | AciSettingsDocument, paths: PathResolver): GoalSpec {
  return {
    format: "aci",
    file: ctx.file,
    ...(doc.toolset === undefined ? {} : { toolset: doc.toolset }),
    ...(doc.spec === undefined ? {} : { spec: paths.resolve(doc.spec) }),
    ...(doc.server === undefined ? {} : { server: doc.server }),
    defaults: { ...doc.defaults },
    ...(doc.lint === undefined
      ? {}
      : { lint: { rules: { ...doc.lint.rules }, ...optional({ budget: doc.lint.budget }) } }),
    ...(doc.securitySchemes === undefined && doc.security === undefined ? {} : { auth: authToSpec(ctx, doc) }),
    ...(doc.config === undefined ? {} : { config: configToSpec(ctx, doc.config, "/config") }),
    goals: (doc.goals ?? []).map((goal, i) => goalToSpec(ctx, goal, join("/goals", i))),
  };
}

/** `securitySchemes` (converted as the spec's own would be) and `security`, defaulting to "any one declared scheme". */
function authToSpec(ctx: LoadContext, doc: AciDocument | AciSettingsDocument): GoalsAuth {
  const declared = Object.entries(doc.securitySchemes ?? {});
  const schemes: Record<string, DeclaredScheme> = {};
  for (const [name, raw] of declared) {
    const scheme = securitySchemeToModel(raw as JsonRecord);
    if (scheme !== undefined) schemes[name] = { scheme, ...at(ctx, join("/securitySchemes", name)) };
  }
  return {
    schemes,
    security: doc.security ?? declared.map(([name]) => ({ [name]: [] })),
    ...(doc.security === undefined ? {} : { securityAt: at(ctx, "/security") }),
    ...at(ctx, doc.securitySchemes === undefined ? "/security" : "/securitySchemes"),
  };
}

function goalToSpec(ctx: LoadContext, goal: AciGoal, pointer: string): Goal {
  const steps = goal.steps.map((step, i) => stepToSpec(ctx, step, join(pointer, "steps", i)));
  checkStepReferences(ctx, { steps, errors: goal.errors ?? {}, pointer });
  return {
    name: goal.name,
    ...optional({
      description: goal.description,
      useWhen: goal.use_when,
      notFor: goal.not_for,
      risk: goal.risk,
      approval: goal.approval,
      core: goal.core,
      programmatic: goal.programmatic,
      examples: goal.examples,
      examplesAt: goal.examples?.map((_, i) => at(ctx, join(pointer, "examples", i))),
    }),
    inputs: inputsToSpec(ctx, goal.inputs ?? {}, join(pointer, "inputs")),
    steps,
    ...(goal.returns === undefined
      ? {}
      : { returns: toValue(ctx, goal.returns, join(pointer, "returns"), { projections: true }) }),
    errors: { ...goal.errors },
    dependsOn: [],
    ...at(ctx, pointer),
  };
}

function inputsToSpec(
  ctx: LoadContext,
  inputs: NonNullable<AciGoal["inputs"]>,
  pointer: string,
): Record<string, InputOverride> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, raw]) => {
      const { required, ...schema } = raw;
      const override: InputOverride = {
        schema,
        ...optional({ description: raw.description, required }),
        ...at(ctx, join(pointer, name)),
      };
      return [name, override];
    }),
  );
}

function stepToSpec(ctx: LoadContext, step: AciStep, pointer: string): Step {
  const parsed = parseOperation(step.operation);
  if (!parsed.ok)
    report(ctx, "GOALS_INVALID_OPERATION", join(pointer, "operation"), { message: parsed.message, hint: parsed.hint });
  return {
    id: step.id,
    ...optional({ description: step.description }),
    operation: parsed.ok ? parsed.ref : { kind: "operationId", id: step.operation },
    params: paramsToSpec(ctx, step.params, join(pointer, "params")),
    ...(step.body === undefined
      ? {}
      : {
          body: {
            payload: toValue(ctx, step.body, join(pointer, "body")),
            ...optional({ contentType: step.content_type }),
            ...(step.content_type === undefined ? {} : { contentTypeAt: at(ctx, join(pointer, "content_type")) }),
            replacements: [],
            ...at(ctx, join(pointer, "body")),
          },
        }),
    outputs: toExprMap(ctx, step.outputs, join(pointer, "outputs")),
    successCriteria: (step.success_criteria ?? []).map((c, i) =>
      criterionToSpec(ctx, c, join(pointer, "success_criteria", i)),
    ),
    onSuccess: (step.on_success ?? []).map((a, i) => actionToSpec(ctx, a, join(pointer, "on_success", i))),
    onFailure: (step.on_failure ?? []).map((a, i) => actionToSpec(ctx, a, join(pointer, "on_failure", i))),
    ...(step.pick === undefined ? {} : { pick: pickToSpec(ctx, step.pick, join(pointer, "pick")) }),
    ...(step.keep_current === undefined ? {} : { keepCurrent: step.keep_current }),
    ...(step.exactly_one === undefined
      ? {}
      : { exactlyOne: { value: step.exactly_one, ...at(ctx, join(pointer, "exactly_one")) } }),
    ...(step.pages === undefined
      ? {}
      : { pages: { maxItems: step.pages.max_items, ...at(ctx, join(pointer, "pages")) } }),
    ...(step.envelope === undefined ? {} : { envelope: envelopeToSpec(step.envelope) }),
    ...at(ctx, pointer),
  };
}

function pickToSpec(ctx: LoadContext, raw: NonNullable<AciStep["pick"]>, pointer: string): Pick {
  return {
    from: raw.from ?? "",
    where: Object.entries(raw.where).map(([field, value]) => ({
      field,
      value: toValue(ctx, value, join(pointer, "where", field)),
      ...at(ctx, join(pointer, "where", field)),
    })),
    ...at(ctx, pointer),
  };
}

function paramsToSpec(ctx: LoadContext, params: AciStep["params"], pointer: string): Param[] {
  if (params === undefined) return [];
  if (Array.isArray(params)) {
    return params.map((p, i) => ({
      name: p.name,
      ...optional({ in: p.in }),
      value: toValue(ctx, p.value, join(pointer, i, "value")),
      ...at(ctx, join(pointer, i)),
    }));
  }
  return Object.entries(params).map(([name, raw]) => ({
    name,
    value: toValue(ctx, raw, join(pointer, name)),
    ...at(ctx, join(pointer, name)),
  }));
}

function criterionToSpec(ctx: LoadContext, raw: AciCriterion, pointer: string): Criterion {
  if (typeof raw === "string") return { condition: raw, type: "simple", ...at(ctx, pointer) };
  return {
    condition: raw.condition,
    ...optional({ context: raw.context }),
    type: raw.type ?? "simple",
    ...at(ctx, pointer),
  };
}

function actionToSpec(ctx: LoadContext, raw: AciAction, pointer: string): Action {
  return {
    type: raw.type,
    ...optional({ name: raw.name, stepId: raw.step, retryAfter: raw.retry_after, retryLimit: raw.retry_limit }),
    criteria: (raw.criteria ?? []).map((c, i) => criterionToSpec(ctx, c, join(pointer, "criteria", i))),
    ...at(ctx, pointer),
  };
}

/** `goto` targets and `errors` keys must name steps of the same goal. */
function checkStepReferences(
  ctx: LoadContext,
  goal: { steps: readonly Step[]; errors: Record<string, string>; pointer: string },
): void {
  const ids = goal.steps.map((s) => s.id);
  for (const key of Object.keys(goal.errors)) {
    const stepId = key.slice(0, key.lastIndexOf("."));
    if (!ids.includes(stepId)) unknownStep(ctx, { stepId, ids, pointer: join(goal.pointer, "errors", key) });
  }
  for (const step of goal.steps) {
    for (const action of [...step.onSuccess, ...step.onFailure]) {
      if (action.type === "goto" && action.stepId === undefined) {
        report(ctx, "GOALS_MISSING_FIELD", action.pointer, {
          message: "a goto action needs `step`",
          hint: "add `step: <step id>`",
        });
      }
      if (action.stepId !== undefined && !ids.includes(action.stepId))
        unknownStep(ctx, { stepId: action.stepId, ids, pointer: join(action.pointer, "step") });
    }
  }
}

function unknownStep(ctx: LoadContext, found: { stepId: string; ids: readonly string[]; pointer: string }): void {
  report(ctx, "GOALS_UNKNOWN_STEP", found.pointer, {
    message: `no step "${found.stepId}" in this goal`,
    hint: didYouMean(found.stepId, found.ids, "steps of this goal"),
  });
}
