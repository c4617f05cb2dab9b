// ValueExpr (literal / expression / template / structure) → an evaluator compiled once and run on every call.
import {
  parseExpression,
  parseTemplate,
  renderTemplate,
  resolvePointer,
  evaluate,
  type EvaluationContext,
} from "../expressions/index.js";
import { pointerTokens } from "../expressions/pointer.js";
import type { ValueExpr } from "../types.js";

/** A compiled ValueExpr: the value in a run's context, undefined when something it reads is missing. */
export type Evaluator = (context: EvaluationContext) => unknown;

/** Thrown only for a tool spec the planner should have rejected (a bug, not a user error). */
export class SpecError extends Error {
  override readonly name = "SpecError";
}

function failing(message: string): Evaluator {
  return () => {
    throw new SpecError(message);
  };
}

function compileExpression(text: string): Evaluator {
  const parsed = parseExpression(text);
  if (!parsed.ok) return failing(`expression "${text}": ${parsed.error.message}`);
  const expr = parsed.expr;
  return (context) => evaluate(expr, context);
}

function compileTemplate(text: string): Evaluator {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return failing(`template "${text}": ${parsed.error.message}`);
  const template = parsed.template;
  return (context) => renderTemplate(template, context);
}

function compileObject(entries: readonly (readonly [string, ValueExpr])[]): Evaluator {
  const compiled = entries.map(([key, value]) => [key, compileValue(value)] as const);
  return (context) => {
    const result: Record<string, unknown> = {};
    for (const [key, evaluator] of compiled) {
      const value = evaluator(context);
      if (value !== undefined)
        Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return result;
  };
}

function compileArray(items: readonly ValueExpr[]): Evaluator {
  const compiled = items.map(compileValue);
  return (context) => compiled.map((evaluator) => evaluator(context) ?? null);
}

/**
 * `each`: a list projected item by item; a field missing from an item is left out of it, a source that is not a list
 * gives undefined.
 */
function compileEach(source: string, fields: readonly (readonly [string, string])[]): Evaluator {
  const list = compileExpression(source);
  const picks = fields.map(([name, pointer]) => [name, pointerTokens(pointer)] as const);
  return (context) => {
    const items = list(context);
    if (!Array.isArray(items)) return undefined;
    return items.map((item) => {
      const projected: Record<string, unknown> = {};
      for (const [name, tokens] of picks) {
        const value = resolvePointer(item, tokens);
        if (value !== undefined)
          Object.defineProperty(projected, name, { value, enumerable: true, writable: true, configurable: true });
      }
      return projected;
    });
  };
}

/** Compiles a ValueExpr; object entries that evaluate to undefined are omitted, array items become null. */
export function compileValue(value: ValueExpr): Evaluator {
  switch (value.kind) {
    case "literal": {
      const literal = value.value;
      return () => literal;
    }
    case "expr":
      return compileExpression(value.text);
    case "template":
      return compileTemplate(value.text);
    case "object":
      return compileObject(value.entries);
    case "array":
      return compileArray(value.items);
    case "each":
      return compileEach(value.source, value.fields);
  }
}

function shallowCopy(node: unknown): Record<string, unknown> | unknown[] {
  if (Array.isArray(node)) return [...node];
  if (node !== null && typeof node === "object") return { ...(node as Record<string, unknown>) };
  return {};
}

function assign(container: Record<string, unknown> | unknown[], token: string, value: unknown): void {
  if (Array.isArray(container)) {
    const index = token === "-" ? container.length : Number(token);
    if (Number.isInteger(index) && index >= 0) container[index] = value;
    return;
  }
  Object.defineProperty(container, token, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `document` with `value` set at the pointer, creating objects on the way (Arazzo payload replacements). */
export function setAtPointer(document: unknown, tokens: readonly string[], value: unknown): unknown {
  const [head, ...rest] = tokens;
  if (head === undefined) return value;
  const copy = shallowCopy(document);
  const child = (copy as Record<string, unknown>)[head];
  assign(copy, head, setAtPointer(Object.hasOwn(copy, head) ? child : undefined, rest, value));
  return copy;
}
