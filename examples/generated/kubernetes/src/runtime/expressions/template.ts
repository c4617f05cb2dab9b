// Strings with embedded `{$expr}` parts → Templates, and Templates + a context → rendered strings.

import type { ParseResult, Template, TemplatePart } from "./ast.js";
import { IN_TEMPLATE } from "./chars.js";
import { type Cursor, fail } from "./cursor.js";
import { type EvaluationContext, evaluate } from "./evaluate.js";
import { scanExpression } from "./parse-expression.js";

const OPEN = "{$";
const ESCAPED_OPEN = "{{$";
const LITERAL_HINT = `to write "{$" as text, write "{{$"`;

function nextOpening(text: string, from: number): { at: number; escaped: boolean } | undefined {
  const at = text.indexOf(OPEN, from);
  if (at === -1) return undefined;
  const escaped = at > from && text.startsWith(ESCAPED_OPEN, at - 1);
  return { at: escaped ? at - 1 : at, escaped };
}

/**
 * Parses a string with expressions embedded in `{}` (Arazzo 1.0.1 §Runtime Expressions: "Expressions
 * can be embedded into string values by surrounding the expression with `{}`"). Only `{$` opens an
 * expression, so JSON and XML payload templates keep their own braces; `{{$` is the escape for a
 * literal `{$`. Every other character, including lone `{`, `}`, `{{` and `}}`, is literal text.
 */
export function parseTemplate(text: string): ParseResult<{ template: Template }> {
  const parts: TemplatePart[] = [];
  let literal = "";
  let from = 0;
  for (let open = nextOpening(text, from); open !== undefined; open = nextOpening(text, from)) {
    literal += text.slice(from, open.at);
    if (open.escaped) {
      literal += OPEN;
      from = open.at + ESCAPED_OPEN.length;
      continue;
    }
    const c: Cursor = { text, pos: open.at + 1, stop: IN_TEMPLATE };
    const expr = scanExpression(c);
    if (!expr.ok) return { ok: false, error: { ...expr.error, hint: `${expr.error.hint} (${LITERAL_HINT})` } };
    if (text[c.pos] !== "}") return unclosed(text, open.at, c.pos);
    if (literal !== "") parts.push(literal);
    literal = "";
    parts.push({ expr: expr.value, span: { start: open.at, end: c.pos + 1 } });
    from = c.pos + 1;
  }
  literal += text.slice(from);
  if (literal !== "") parts.push(literal);
  return { ok: true, template: { parts } };
}

function unclosed(text: string, start: number, pos: number): ParseResult<{ template: Template }> {
  const expression = text.slice(start + 1, pos);
  if (pos >= text.length) {
    return fail(
      "unterminated-expression",
      `"{" at offset ${start} is never closed`,
      pos,
      `end it with "}": {${expression}}`,
    );
  }
  const message = `unexpected "${text[pos]}" inside {${expression}…}`;
  return fail("unexpected-text", message, pos, `close the expression right after it: {${expression}}${text[pos]}…`);
}

/** True when some part of the template is an expression. */
export function hasExpressions(template: Template): boolean {
  return template.parts.some((p) => typeof p !== "string");
}

/** How a value appears inside rendered text: strings as they are, everything else as JSON. */
export function stringifyValue(value: unknown): string | undefined {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Renders a template: a string always, even for a single `{$expr}` (write `$expr` as the whole value to
 * keep the value's type). Undefined when any expression is missing, so the caller can report NOT_FOUND.
 */
export function renderTemplate(template: Template, context: EvaluationContext): string | undefined {
  let out = "";
  for (const part of template.parts) {
    const text = typeof part === "string" ? part : stringifyValue(evaluate(part.expr, context));
    if (text === undefined) return undefined;
    out += text;
  }
  return out;
}
