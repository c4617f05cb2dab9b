// CriterionSpec (simple / regex / RFC 9535 JSONPath) → a predicate over a step's run context, compiled once.
import { jsonpath } from "json-p3";
import {
  evaluate,
  evaluateCriterion,
  parseCriterion,
  parseExpression,
  type EvaluationContext,
} from "../expressions/index.js";
import type { CriterionSpec } from "../types.js";
import { SpecError } from "./values.js";

/** A compiled criterion: true when it holds in the context. */
export type Predicate = (context: EvaluationContext) => boolean;

function failing(message: string): Predicate {
  return () => {
    throw new SpecError(message);
  };
}

/** JSONPath holds when the query selects at least one node of the context value (default `$response.body`). */
function compileJsonPath(spec: CriterionSpec): Predicate {
  const context = parseExpression(spec.context ?? "$response.body");
  if (!context.ok) return failing(`criterion context "${spec.context}": ${context.error.message}`);
  try {
    const query = jsonpath.compile(spec.condition);
    const expr = context.expr;
    return (ctx) => {
      const subject = evaluate(expr, ctx);
      return subject !== undefined && query.query(subject as never).length > 0;
    };
  } catch (error) {
    return failing(`JSONPath "${spec.condition}": ${(error as Error).message}`);
  }
}

/** Compiles one criterion; a spec the planner should have rejected fails at evaluation with a SpecError. */
export function compileCriterion(spec: CriterionSpec): Predicate {
  if (spec.type === "jsonpath") return compileJsonPath(spec);
  const parsed = parseCriterion({
    condition: spec.condition,
    type: spec.type,
    ...(spec.context === undefined ? {} : { context: spec.context }),
  });
  if (!parsed.ok) return failing(`criterion "${spec.condition}": ${parsed.error.message}`);
  const criterion = parsed.criterion;
  return (ctx) => evaluateCriterion(criterion, ctx);
}

/** All criteria must hold; an empty list always holds. */
export function compileAll(specs: readonly CriterionSpec[]): Predicate {
  const predicates = specs.map(compileCriterion);
  return (ctx) => predicates.every((predicate) => predicate(ctx));
}
