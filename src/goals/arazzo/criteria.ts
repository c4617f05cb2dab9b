// Arazzo Criterion and Success/Failure Action objects → GoalSpec criteria and actions (unsupported kinds reported).
import { join } from "../../util/pointer.js";
import type { DiagnosticCode } from "../../diagnostics/catalog.js";
import { at, report } from "../context.js";
import { didYouMean } from "../did-you-mean.js";
import { optional } from "../optional.js";
import type { Action, Criterion } from "../types.js";
import type { ArazzoEnv } from "./env.js";
import { rewriteText, type Scope } from "./rewrite.js";
import type { ArazzoCriterion } from "./schema.js";
import type { ResolvedAction } from "./components.js";

/** A criterion in the goal's terms; xpath and versioned JSONPath are reported and dropped from the result. */
export function criterionToSpec(
  env: ArazzoEnv,
  raw: ArazzoCriterion,
  input: { pointer: string; scope: Scope },
): Criterion | undefined {
  const type = criterionType(env, raw.type, join(input.pointer, "type"));
  if (type === undefined) return undefined;
  if (type !== "simple" && raw.context === undefined) {
    report(env.ctx, "GOALS_MISSING_FIELD", input.pointer, {
      message: `a ${type} criterion needs a \`context\``,
      hint: "add `context: $response.body` (the value the condition is applied to)",
    });
  }
  return {
    condition: type === "simple" ? rewriteText(raw.condition, input.scope, "condition") : raw.condition,
    ...optional({
      context: raw.context === undefined ? undefined : rewriteText(raw.context, input.scope, "expression"),
    }),
    type,
    ...at(env.ctx, input.pointer),
  };
}

function criterionType(env: ArazzoEnv, raw: ArazzoCriterion["type"], pointer: string): Criterion["type"] | undefined {
  if (raw === undefined || raw === "simple" || raw === "regex" || raw === "jsonpath") return raw ?? "simple";
  if (raw === "xpath" || raw.type === "xpath") {
    report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", pointer, {
      message: "xpath criteria are not supported (tools exchange JSON)",
      hint: "rewrite the criterion as a simple condition over $response.body#/pointer, or as jsonpath",
    });
    return undefined;
  }
  report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", pointer, {
    message: `JSONPath version "${raw.version}" is not supported; only RFC 9535 JSONPath is`,
    hint: "write `type: jsonpath` (RFC 9535) and adapt the query, or use a simple condition",
  });
  return undefined;
}

/** An action in the goal's terms; `goto` a workflow keeps `workflowId` until the goal resolves it to a step. */
export function actionToSpec(
  env: ArazzoEnv,
  resolved: ResolvedAction,
  input: { scope: Scope; kind: "success" | "failure"; stepIds: readonly string[] },
): Action | undefined {
  const { action, pointer } = resolved;
  if (!actionIsValid(env, resolved, input)) return undefined;
  const criteria = (action.criteria ?? []).flatMap(
    (c, i) => criterionToSpec(env, c, { pointer: join(pointer, "criteria", i), scope: input.scope }) ?? [],
  );
  return {
    type: action.type!,
    ...optional({
      name: action.name,
      stepId: action.stepId === undefined ? undefined : `${input.scope.prefix}${action.stepId}`,
      workflowId: action.workflowId,
      retryAfter: action.retryAfter,
      retryLimit: action.retryLimit,
    }),
    criteria,
    ...at(env.ctx, pointer),
  };
}

function actionIsValid(
  env: ArazzoEnv,
  { action, pointer }: ResolvedAction,
  input: { kind: "success" | "failure"; stepIds: readonly string[] },
): boolean {
  const problems: [DiagnosticCode, string, string, string][] = [];
  if (action.name === undefined)
    problems.push(["GOALS_MISSING_FIELD", "", "the action has no `name`", "add `name: …` (required by Arazzo)"]);
  if (action.type === undefined)
    problems.push([
      "GOALS_MISSING_FIELD",
      "",
      "the action has no `type`",
      `add \`type: ${input.kind === "success" ? "end | goto" : "end | goto | retry"}\``,
    ]);
  if (input.kind === "success" && action.type === "retry")
    problems.push([
      "GOALS_INVALID_VALUE",
      "/type",
      "`retry` is a failure action only",
      "move the action to onFailure, or use `goto`",
    ]);
  if (action.stepId !== undefined && action.workflowId !== undefined)
    problems.push(["GOALS_INVALID_VALUE", "", "an action names both `stepId` and `workflowId`", "keep one of them"]);
  if (action.type === "goto" && action.stepId === undefined && action.workflowId === undefined)
    problems.push(["GOALS_MISSING_FIELD", "", "a goto action names no target", "add `stepId` or `workflowId`"]);
  if (action.stepId !== undefined && !input.stepIds.includes(action.stepId)) {
    problems.push([
      "GOALS_UNKNOWN_STEP",
      "/stepId",
      `no step "${action.stepId}" in this workflow`,
      didYouMean(action.stepId, input.stepIds, "steps of this workflow"),
    ]);
  }
  for (const [code, suffix, message, hint] of problems) report(env.ctx, code, pointer + suffix, { message, hint });
  return problems.length === 0 && retryIsSupported(env, { action, pointer });
}

function retryIsSupported(env: ArazzoEnv, { action, pointer }: ResolvedAction): boolean {
  if (action.type !== "retry" || (action.stepId === undefined && action.workflowId === undefined)) return true;
  report(env.ctx, "GOALS_ARAZZO_UNSUPPORTED", join(pointer, action.stepId === undefined ? "workflowId" : "stepId"), {
    message: "a retry that first runs another step or workflow is not supported",
    hint: "drop the stepId/workflowId so the retry repeats only this step",
  });
  return false;
}
