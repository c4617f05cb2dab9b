// Raw goals-file values → located Value trees (literal / expr / template / object / array / each) and Exprs.
import { join } from "../util/pointer.js";
import { at, report, type LoadContext } from "./context.js";
import type { Expr, Value } from "./types.js";

const EXPRESSION_START =
  /^\$(url|method|statusCode|request\.|response\.|inputs\.|outputs\.|steps\.|workflows\.|sourceDescriptions\.|components\.|config\.)/;

/** True when the whole string is one Arazzo runtime expression (`$inputs.x`, `$statusCode`, …). */
export function isExpression(text: string): boolean {
  return EXPRESSION_START.test(text) && !/\s/.test(text.trim());
}

/**
 * True when the string is meant as one (a `$` then a letter, no spaces: `$input.name`, `$configs.x`) without being
 * one: it is checked as an expression, so the typo is reported with a did-you-mean instead of being sent as text.
 */
function isMistypedExpression(text: string): boolean {
  return /^\$[A-Za-z]/.test(text) && !/\s/.test(text.trim());
}

/** True when the string embeds `{$expression}` parts. */
export function isTemplate(text: string): boolean {
  return /\{\$[^}]+\}/.test(text);
}

/** `{ each: <list expression>, fields: { name: <pointer into each item> } }`: the per-item projection `returns` allows. */
function isEachShape(raw: object): boolean {
  const keys = Object.keys(raw);
  return keys.length === 2 && keys.includes("each") && keys.includes("fields");
}

function toEach(ctx: LoadContext, raw: { each: unknown; fields: unknown }, pointer: string): Value {
  const where = at(ctx, pointer);
  if (typeof raw.each !== "string" || !isExpression(raw.each)) {
    report(ctx, "GOALS_INVALID_VALUE", join(pointer, "each"), {
      message: "`each` takes a runtime expression of a list",
      hint: "e.g. each: $steps.reviews.outputs.all",
    });
  }
  const fields =
    raw.fields !== null && typeof raw.fields === "object" && !Array.isArray(raw.fields)
      ? Object.entries(raw.fields)
      : [];
  if (fields.length === 0)
    report(ctx, "GOALS_INVALID_VALUE", join(pointer, "fields"), {
      message: "`fields` maps each field to return to a JSON pointer into the item",
      hint: "e.g. fields: { reviewer: /user/login, state: /state }",
    });
  for (const [name, value] of fields) {
    if (typeof value !== "string" || (value !== "" && !value.startsWith("/"))) {
      report(ctx, "GOALS_INVALID_VALUE", join(pointer, "fields", name), {
        message: `field "${name}": ${JSON.stringify(value)} is not a JSON pointer into the item`,
        hint: 'write a pointer such as "/user/login" ("" for the whole item)',
      });
    }
  }
  return {
    kind: "each",
    source: typeof raw.each === "string" ? raw.each.trim() : "",
    fields: fields.map(([name, value]) => ({
      name,
      path: typeof value === "string" ? value : "",
      ...at(ctx, join(pointer, "fields", name)),
    })),
    ...where,
  };
}

/**
 * Walks a raw value into a Value tree, every node located at its pointer. With `projections` (a goal's `returns`), an
 * object of exactly `each` and `fields` is a per-item projection of a list.
 */
export function toValue(
  ctx: LoadContext,
  raw: unknown,
  pointer: string,
  options: { projections?: boolean } = {},
): Value {
  const where = at(ctx, pointer);
  if (typeof raw === "string") {
    if (isExpression(raw) || isMistypedExpression(raw)) return { kind: "expr", text: raw.trim(), ...where };
    if (isTemplate(raw)) return { kind: "template", text: raw, ...where };
    return { kind: "literal", value: raw, ...where };
  }
  if (Array.isArray(raw)) {
    return { kind: "array", items: raw.map((item, i) => toValue(ctx, item, join(pointer, i), options)), ...where };
  }
  if (raw !== null && typeof raw === "object") {
    if (options.projections === true && isEachShape(raw))
      return toEach(ctx, raw as { each: unknown; fields: unknown }, pointer);
    const entries = Object.entries(raw).map(([k, v]) => [k, toValue(ctx, v, join(pointer, k), options)] as const);
    return { kind: "object", entries, ...where };
  }
  return { kind: "literal", value: raw, ...where };
}

/** A located expression string. */
function toExpr(ctx: LoadContext, text: string, pointer: string): Expr {
  return { text, ...at(ctx, pointer) };
}

/** Each entry of a name → expression map, located. */
export function toExprMap(
  ctx: LoadContext,
  raw: Record<string, string> | undefined,
  pointer: string,
): Record<string, Expr> {
  return Object.fromEntries(
    Object.entries(raw ?? {}).map(([name, text]) => [name, toExpr(ctx, text, join(pointer, name))]),
  );
}
