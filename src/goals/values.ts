// Raw goals-file values → located Value trees (literal / expr / template / object / array) and Exprs.
import { join } from "../util/pointer.js";
import { at, type LoadContext } from "./context.js";
import type { Expr, Value } from "./types.js";

const EXPRESSION_START =
  /^\$(url|method|statusCode|request\.|response\.|inputs\.|outputs\.|steps\.|workflows\.|sourceDescriptions\.|components\.)/;

/** True when the whole string is one Arazzo runtime expression (`$inputs.x`, `$statusCode`, …). */
export function isExpression(text: string): boolean {
  return EXPRESSION_START.test(text) && !/\s/.test(text.trim());
}

/** True when the string embeds `{$expression}` parts. */
export function isTemplate(text: string): boolean {
  return /\{\$[^}]+\}/.test(text);
}

/** Walks a raw value into a Value tree, every node located at its pointer. */
export function toValue(ctx: LoadContext, raw: unknown, pointer: string): Value {
  const where = at(ctx, pointer);
  if (typeof raw === "string") {
    if (isExpression(raw)) return { kind: "expr", text: raw.trim(), ...where };
    if (isTemplate(raw)) return { kind: "template", text: raw, ...where };
    return { kind: "literal", value: raw, ...where };
  }
  if (Array.isArray(raw)) {
    return { kind: "array", items: raw.map((item, i) => toValue(ctx, item, join(pointer, i))), ...where };
  }
  if (raw !== null && typeof raw === "object") {
    const entries = Object.entries(raw).map(([k, v]) => [k, toValue(ctx, v, join(pointer, k))] as const);
    return { kind: "object", entries, ...where };
  }
  return { kind: "literal", value: raw, ...where };
}

/** A located expression string. */
export function toExpr(ctx: LoadContext, text: string, pointer: string): Expr {
  return { text, ...at(ctx, pointer) };
}

/** Each entry of a name → expression map, located. */
export function toExprMap(ctx: LoadContext, raw: Record<string, string> | undefined, pointer: string): Record<string, Expr> {
  return Object.fromEntries(
    Object.entries(raw ?? {}).map(([name, text]) => [name, toExpr(ctx, text, join(pointer, name))]),
  );
}
