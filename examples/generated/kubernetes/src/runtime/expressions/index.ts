// Public surface of the Arazzo runtime-expression module (no dependencies beyond the language itself).

export type * from "./ast.js";
export { parseExpression } from "./parse-expression.js";
export { parseTemplate, renderTemplate, hasExpressions, stringifyValue } from "./template.js";
export { parseCondition } from "./condition.js";
export { parseCriterion, type CriterionInput } from "./criterion.js";
export { classifyValue, type ValueKind } from "./classify.js";
export { evaluate, readHeader, type EvaluationContext, type HeaderSource } from "./evaluate.js";
export { evaluateCondition, evaluateCriterion, operandValue } from "./evaluate-condition.js";
export { looseEquals, looseOrder } from "./compare.js";
export { resolvePointer, formatPointer } from "./pointer.js";
export { formatExpression } from "./format.js";
export { referencesOf, type References, type Referencing } from "./references.js";
