// An Expression → its canonical text (pointers re-escaped, `$inputs.a.b` written as `$inputs.a#/b`).

import type { Expression, ExpressionKind, Pointer } from "./ast.js";
import { formatPointer } from "./pointer.js";

const hash = (pointer: Pointer): string => (pointer.length === 0 ? "" : `#${formatPointer(pointer)}`);

type Formatters = { readonly [K in ExpressionKind]: (expr: Extract<Expression, { kind: K }>) => string };

const FORMATTERS: Formatters = {
  url: () => "$url",
  method: () => "$method",
  statusCode: () => "$statusCode",
  requestHeader: (e) => `$request.header.${e.name}`,
  requestQuery: (e) => `$request.query.${e.name}`,
  requestPath: (e) => `$request.path.${e.name}`,
  requestBody: (e) => `$request.body${hash(e.pointer)}`,
  responseHeader: (e) => `$response.header.${e.name}`,
  responseBody: (e) => `$response.body${hash(e.pointer)}`,
  inputs: (e) => `$inputs.${e.name}${hash(e.pointer)}`,
  outputs: (e) => `$outputs.${e.name}${hash(e.pointer)}`,
  stepOutput: (e) => `$steps.${e.stepId}.outputs.${e.name}${hash(e.pointer)}`,
  workflow: (e) => `$workflows.${e.workflowId}.${e.field}.${e.name}${hash(e.pointer)}`,
  sourceDescription: (e) => `$sourceDescriptions.${e.source}.${e.reference}`,
  component: (e) => `$components.${e.section}.${e.name}`,
  config: (e) => `$config.${e.name}`,
};

/** The canonical text of an expression (Arazzo 1.0.1 §Runtime Expressions); it parses back to an equal Expression. */
export function formatExpression(expr: Expression): string {
  const format = FORMATTERS[expr.kind] as (e: Expression) => string;
  return format(expr);
}
