// ToolSpec → the step outputs a step reads (in its parameters, body or criteria): those the goal cannot go on without.
import { parseCriterion, parseExpression, parseTemplate, referencesOf, type Expression } from "../expressions/index.js";
import type { CriterionSpec, StepSpec, ToolSpec, ValueExpr } from "../types.js";

/** Key of one step output in the consumed set. */
export const outputKey = (stepId: string, name: string): string => `${stepId}\u0000${name}`;

function valueExpressions(value: ValueExpr): Expression[] | undefined {
  switch (value.kind) {
    case "literal":
      return [];
    case "expr": {
      const parsed = parseExpression(value.text);
      return parsed.ok ? [parsed.expr] : undefined;
    }
    case "template": {
      const parsed = parseTemplate(value.text);
      return parsed.ok ? referencesOf(parsed.template).expressions.slice() : undefined;
    }
    case "object":
      return collect(value.entries.map(([, v]) => valueExpressions(v)));
    case "array":
      return collect(value.items.map(valueExpressions));
    case "each":
      return valueExpressions({ kind: "expr", text: value.source });
  }
}

function criterionExpressions(spec: CriterionSpec): Expression[] | undefined {
  if (spec.type === "jsonpath") {
    if (spec.context === undefined) return [];
    const parsed = parseExpression(spec.context);
    return parsed.ok ? [parsed.expr] : undefined;
  }
  const parsed = parseCriterion({
    condition: spec.condition,
    type: spec.type,
    ...(spec.context === undefined ? {} : { context: spec.context }),
  });
  return parsed.ok ? referencesOf(parsed.criterion).expressions.slice() : undefined;
}

/** Undefined when any part is undefined (unparseable: the caller then treats every output as consumed). */
function collect(parts: readonly (Expression[] | undefined)[]): Expression[] | undefined {
  const all: Expression[] = [];
  for (const part of parts) {
    if (part === undefined) return undefined;
    all.push(...part);
  }
  return all;
}

function stepExpressions(step: StepSpec): Expression[] | undefined {
  const criteria = [...step.successCriteria, ...[...step.onSuccess, ...step.onFailure].flatMap((a) => a.criteria)];
  return collect([
    ...step.params.map((p) => valueExpressions(p.value)),
    ...(step.body === undefined
      ? []
      : [valueExpressions(step.body.value), ...(step.body.replacements ?? []).map((r) => valueExpressions(r.value))]),
    ...criteria.map(criterionExpressions),
  ]);
}

/**
 * The outputs (as {@link outputKey}) some step reads. An output only the returns read (or none) is an answer, not
 * a precondition: empty or absent, it is reported as such instead of failing the goal. Undefined when a step's
 * expressions cannot be parsed — then every output counts as consumed.
 */
export function consumedOutputs(spec: ToolSpec): ReadonlySet<string> | undefined {
  const keys = new Set<string>();
  for (const step of spec.steps) {
    const expressions = stepExpressions(step);
    if (expressions === undefined) return undefined;
    for (const e of expressions) if (e.kind === "stepOutput") keys.add(outputKey(e.stepId, e.name));
  }
  return keys;
}
