// A parsed Condition or Criterion + a run's context → true or false.

import type { Condition, Criterion, Operand } from "./ast.js";
import { COMPARE } from "./compare.js";
import { type EvaluationContext, evaluate } from "./evaluate.js";
import { resolvePointer } from "./pointer.js";

/** The value of one operand: a literal, or an expression followed by its `[i]` / `.name` accessors. */
export function operandValue(operand: Operand, context: EvaluationContext): unknown {
  if (operand.kind === "literal") return operand.value;
  const value = evaluate(operand.expr, context);
  return operand.accessors.length === 0 ? value : resolvePointer(value, operand.accessors);
}

type ConditionEvaluators = {
  readonly [K in Condition["kind"]]: (c: Extract<Condition, { kind: K }>, ctx: EvaluationContext) => boolean;
};

const CONDITIONS: ConditionEvaluators = {
  or: (c, ctx) => c.operands.some((o) => evaluateCondition(o, ctx)),
  and: (c, ctx) => c.operands.every((o) => evaluateCondition(o, ctx)),
  not: (c, ctx) => !evaluateCondition(c.operand, ctx),
  compare: (c, ctx) => COMPARE[c.op](operandValue(c.left, ctx), operandValue(c.right, ctx)),
  test: (c, ctx) => Boolean(operandValue(c.operand, ctx)),
};

/**
 * Evaluates a simple condition (Arazzo 1.0.1 §Criterion Object) with loose comparisons; a missing
 * value equals only `null` and has no order, so `$x > 0` is false when `$x` is missing.
 */
export function evaluateCondition(condition: Condition, context: EvaluationContext): boolean {
  const evaluator = CONDITIONS[condition.kind] as (c: Condition, ctx: EvaluationContext) => boolean;
  return evaluator(condition, context);
}

function regexSubject(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
}

/**
 * Evaluates a parsed Criterion: a simple condition, or its regex tested against the context's value
 * (numbers and booleans as their text; a missing or structured value never matches).
 */
export function evaluateCriterion(criterion: Criterion, context: EvaluationContext): boolean {
  if (criterion.type === "simple") return evaluateCondition(criterion.condition, context);
  const subject = regexSubject(evaluate(criterion.context, context));
  return subject !== undefined && criterion.regex.test(subject);
}
