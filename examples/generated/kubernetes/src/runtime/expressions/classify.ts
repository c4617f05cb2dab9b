// A YAML value → an expression, a template, a literal, or an error for a mistyped expression.

import type { Expression, ExpressionError, Template } from "./ast.js";
import { isLetter } from "./chars.js";
import { parseExpression } from "./parse-expression.js";
import { hasExpressions, parseTemplate } from "./template.js";

export type ValueKind =
  | { readonly kind: "expression"; readonly expr: Expression }
  | { readonly kind: "template"; readonly template: Template }
  | { readonly kind: "literal"; readonly value: unknown }
  | { readonly kind: "error"; readonly error: ExpressionError };

const DOLLAR_ESCAPE = "$$";

function textValue(text: string, offsetShift: number): ValueKind {
  if (!text.includes("{$")) return { kind: "literal", value: text };
  const parsed = parseTemplate(text);
  if (!parsed.ok) return { kind: "error", error: { ...parsed.error, offset: parsed.error.offset + offsetShift } };
  if (hasExpressions(parsed.template)) return { kind: "template", template: parsed.template };
  return { kind: "literal", value: parsed.template.parts.join("") };
}

/**
 * Decides what a value in a goals file or Arazzo document means (Arazzo 1.0.1 §Runtime Expressions):
 * - a non-string, or a string not starting with `$` and without `{$`, is a literal;
 * - `$` followed by a letter is an expression and MUST parse: a typo such as `$input.id` is an error,
 *   never silently sent as text;
 * - `$` followed by anything else (`$5 off`, `$`, `$ 10`) is literal text;
 * - a leading `$$` is the escape for text that starts with `$` and a letter (`$$USD` → `$USD`);
 * - a string containing `{$` is a template (see parseTemplate; `{{$` writes a literal `{$`).
 */
export function classifyValue(value: unknown): ValueKind {
  if (typeof value !== "string") return { kind: "literal", value };
  if (value.startsWith(DOLLAR_ESCAPE)) return textValue(value.slice(1), 1);
  if (!value.startsWith("$") || !isLetter(value[1] ?? "")) return textValue(value, 0);
  const parsed = parseExpression(value);
  if (parsed.ok) return { kind: "expression", expr: parsed.expr };
  const hint = `${parsed.error.hint} To send text that starts with "$", write "$${value}".`;
  return { kind: "error", error: { ...parsed.error, hint } };
}
