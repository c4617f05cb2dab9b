// An Expression, Template, Condition or Criterion → the inputs, steps and outputs it reads, for the planner.

import type { Condition, Criterion, Expression, Operand, Template } from "./ast.js";

/** What a parsed node reads; names in first-use order, each once. */
export interface References {
  /** `$inputs.NAME` (and `$workflows.ID.inputs.NAME` does not count: it is another workflow's input). */
  readonly inputs: readonly string[];
  /** Step ids of `$steps.ID.outputs.NAME`: the steps this node depends on. */
  readonly steps: readonly string[];
  /** `$outputs.NAME` of the current workflow. */
  readonly outputs: readonly string[];
  /** Workflow ids of `$workflows.ID.…`. */
  readonly workflows: readonly string[];
  /** Configured values of `$config.NAME`. */
  readonly config: readonly string[];
  /** Every expression, in source order, for checks that need more (pointers into `$response.body`, headers). */
  readonly expressions: readonly Expression[];
}

export type Referencing = Expression | Template | Condition | Criterion;

const CONDITION_KINDS: ReadonlySet<string> = new Set<Condition["kind"]>(["or", "and", "not", "compare", "test"]);

const operandExpressions = (operand: Operand): Expression[] => (operand.kind === "expression" ? [operand.expr] : []);

function conditionExpressions(condition: Condition): Expression[] {
  switch (condition.kind) {
    case "or":
    case "and":
      return condition.operands.flatMap(conditionExpressions);
    case "not":
      return conditionExpressions(condition.operand);
    case "compare":
      return [...operandExpressions(condition.left), ...operandExpressions(condition.right)];
    case "test":
      return operandExpressions(condition.operand);
  }
}

function expressionsOf(node: Referencing): Expression[] {
  if ("parts" in node) return node.parts.flatMap((p) => (typeof p === "string" ? [] : [p.expr]));
  if ("type" in node) {
    const own = node.type === "simple" ? conditionExpressions(node.condition) : [];
    return node.context === undefined ? own : [node.context, ...own];
  }
  return CONDITION_KINDS.has(node.kind) ? conditionExpressions(node as Condition) : [node as Expression];
}

const unique = (names: readonly string[]): string[] => [...new Set(names)];

/** The inputs, steps, outputs and workflows a node reads (for data-flow checks and the step dependency graph). */
export function referencesOf(node: Referencing): References {
  const expressions = expressionsOf(node);
  const pick = (select: (e: Expression) => string | undefined): string[] =>
    unique(expressions.flatMap((e) => select(e) ?? []));
  return {
    inputs: pick((e) => (e.kind === "inputs" ? e.name : undefined)),
    steps: pick((e) => (e.kind === "stepOutput" ? e.stepId : undefined)),
    outputs: pick((e) => (e.kind === "outputs" ? e.name : undefined)),
    workflows: pick((e) => (e.kind === "workflow" ? e.workflowId : undefined)),
    config: pick((e) => (e.kind === "config" ? e.name : undefined)),
    expressions,
  };
}
