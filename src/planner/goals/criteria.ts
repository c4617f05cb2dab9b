// Checks a step's success criteria and success/failure actions: syntax, the expressions they read, JSONPath queries.
import { jsonpath } from "json-p3";
import { parseCriterion, referencesOf } from "../../runtime/expressions/index.js";
import type { Action, Criterion, Step } from "../../goals/types.js";
import type { ActionPlan, CriterionPlan } from "../types.js";
import { report, type GoalContext } from "./context.js";
import { bindExpression, bindExpressions, type Usage } from "./values.js";

/** Criteria as the runtime evaluates them, after checking each one. */
export function planCriteria(
  ctx: GoalContext,
  index: number,
  step: Step,
  criteria: readonly Criterion[],
): CriterionPlan[] {
  const usage: Usage = { where: "response", stepIndex: index, stepId: step.id };
  return criteria.map((criterion) => {
    checkCriterion(ctx, usage, criterion);
    return {
      type: criterion.type,
      condition: criterion.condition,
      ...(criterion.context === undefined ? {} : { context: criterion.context }),
    };
  });
}

function checkCriterion(ctx: GoalContext, usage: Usage, criterion: Criterion): void {
  if (criterion.type === "jsonpath") {
    checkJsonPath(ctx, usage, criterion);
    return;
  }
  const parsed = parseCriterion({
    condition: criterion.condition,
    type: criterion.type,
    ...(criterion.context === undefined ? {} : { context: criterion.context }),
  });
  if (!parsed.ok) {
    report(ctx, "PLAN_UNSUPPORTED_CRITERION", criterion, {
      message: `criterion "${criterion.condition}": ${parsed.error.message} (at character ${parsed.error.offset + 1} of its ${parsed.error.field ?? "condition"})`,
      hint: parsed.error.hint,
    });
    return;
  }
  bindExpressions(ctx, criterion, referencesOf(parsed.criterion).expressions, criterion.condition, usage);
}

/** RFC 9535 JSONPath, compiled at generation time so a syntax error never reaches run time. */
function checkJsonPath(ctx: GoalContext, usage: Usage, criterion: Criterion): void {
  if (criterion.context === undefined) {
    report(ctx, "PLAN_UNSUPPORTED_CRITERION", criterion, {
      message: `the JSONPath criterion "${criterion.condition}" has no context`,
      hint: "add `context: $response.body` (the value the query runs against)",
    });
    return;
  }
  bindExpression(ctx, criterion, criterion.context, usage);
  try {
    jsonpath.compile(criterion.condition);
  } catch (error) {
    report(ctx, "PLAN_UNSUPPORTED_CRITERION", criterion, {
      message: `JSONPath "${criterion.condition}" does not compile: ${(error as Error).message}`,
      hint: "write an RFC 9535 JSONPath query, e.g. $[?@.status == 'open']",
    });
  }
}

/** Actions as the runtime applies them; goto targets were checked by the goals loader. */
export function planActions(ctx: GoalContext, index: number, step: Step, actions: readonly Action[]): ActionPlan[] {
  return actions.map((action) => ({
    type: action.type,
    ...(action.stepId === undefined ? {} : { stepId: action.stepId }),
    ...(action.retryAfter === undefined ? {} : { retryAfter: action.retryAfter }),
    ...(action.retryLimit === undefined ? {} : { retryLimit: action.retryLimit }),
    criteria: planCriteria(ctx, index, step, action.criteria),
  }));
}
