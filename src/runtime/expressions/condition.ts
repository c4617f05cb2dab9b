// Simple-condition text (`$statusCode == 200 && $response.body#/ok`) → a Condition tree, or an error.

import type { ComparisonOperator, Condition, ParseResult } from "./ast.js";
import { IN_CONDITION } from "./chars.js";
import { type Cursor, fail, ok, type Step } from "./cursor.js";
import { at, scanOperand, skipSpace } from "./condition-operand.js";

/** Longest first, so `<=` wins over `<`. */
const COMPARISONS: readonly ComparisonOperator[] = ["==", "!=", "<=", ">=", "<", ">"];
const GROUPS: Readonly<Record<string, string>> = { "(": ")", "{": "}" };

type Level = (c: Cursor) => Step<Condition>;

const chain =
  (kind: "or" | "and", token: string, next: Level): Level =>
  (c) => {
    const first = next(c);
    if (!first.ok) return first;
    const operands = [first.value];
    for (skipSpace(c); c.text.startsWith(token, c.pos); skipSpace(c)) {
      c.pos += token.length;
      const operand = next(c);
      if (!operand.ok) return operand;
      operands.push(operand.value);
    }
    return ok(operands.length === 1 ? first.value : { kind, operands });
  };

/** Groups and negations a condition may nest inside one another (each level is a call here and in each walk of it). */
const MAX_CONDITION_NESTING = 64;

function unary(c: Cursor): Step<Condition> {
  skipSpace(c);
  const negated = at(c) === "!" && c.text[c.pos + 1] !== "=";
  const close = GROUPS[at(c)];
  if (!negated && close === undefined) return comparison(c);
  const nesting = (c.nesting ?? 0) + 1;
  if (nesting > MAX_CONDITION_NESTING)
    return fail(
      "too-deep",
      `more than ${MAX_CONDITION_NESTING} brackets and negations nest inside one another at offset ${c.pos}`,
      c.pos,
      "write the condition with fewer of them inside one another",
    );
  c.nesting = nesting;
  let result: Step<Condition>;
  if (negated) {
    c.pos++;
    const operand = unary(c);
    result = operand.ok ? ok({ kind: "not", operand: operand.value }) : operand;
  } else result = group(c, close as string);
  c.nesting = nesting - 1;
  return result;
}

function group(c: Cursor, close: string): Step<Condition> {
  const open = c.pos;
  c.pos++;
  const inner = or(c);
  if (!inner.ok) return inner;
  skipSpace(c);
  if (at(c) !== close) {
    return fail("unbalanced", `"${c.text[open]}" at offset ${open} is never closed`, c.pos, `add "${close}"`);
  }
  c.pos++;
  return inner;
}

function scanComparison(c: Cursor): Step<ComparisonOperator | undefined> {
  skipSpace(c);
  const op = COMPARISONS.find((o) => c.text.startsWith(o, c.pos));
  const start = c.pos;
  if (op === undefined && at(c) === "=")
    return fail("expected-operator", '"=" is not an operator', start, "compare with ==");
  if (op === undefined) return ok(undefined);
  c.pos += op.length;
  if ((op === "==" || op === "!=") && at(c) === "=") {
    return fail("expected-operator", `"${op}=" is not an operator`, start, `write ${op} (comparisons are loose)`);
  }
  return ok(op);
}

function comparison(c: Cursor): Step<Condition> {
  const left = scanOperand(c);
  if (!left.ok) return left;
  const op = scanComparison(c);
  if (!op.ok) return op;
  if (op.value === undefined) return ok({ kind: "test", operand: left.value });
  const right = scanOperand(c);
  if (!right.ok) return right;
  return ok({ kind: "compare", op: op.value, left: left.value, right: right.value });
}

const and: Level = chain("and", "&&", unary);
const or: Level = chain("or", "||", and);

const TRAILING: ReadonlyArray<
  [test: (rest: string) => boolean, code: "chained-comparison" | "unbalanced" | "expected-operator", hint: string]
> = [
  [
    (r) => COMPARISONS.some((o) => r.startsWith(o)),
    "chained-comparison",
    "compare two values at a time and join comparisons with && or ||",
  ],
  [(r) => r.startsWith(")") || r.startsWith("}"), "unbalanced", "remove it, or add the opening bracket"],
  [(r) => /^(and|or)\b/i.test(r), "expected-operator", "join conditions with && (and) or || (or)"],
  [(r) => r.startsWith("&") || r.startsWith("|"), "expected-operator", "write && for and, || for or"],
];

function trailing(c: Cursor): ParseResult<{ condition: Condition }> {
  const remainder = c.text.slice(c.pos);
  const match = TRAILING.find(([test]) => test(remainder));
  const [, code, hint] = match ?? [undefined, "expected-operator", "join conditions with && or ||"];
  return fail(code, `unexpected "${remainder.split(/\s/)[0]}"`, c.pos, hint);
}

/**
 * Parses a simple condition (Arazzo 1.0.1 §Criterion Object: literals, `== != < <= > >=`, `!`, `&&`,
 * `||`, `()` grouping, `[]` index and `.` dereference). `!` applies to a whole comparison
 * (`!$a == 1` is `!($a == 1)`); `&&` binds tighter than `||`; comparisons do not chain. `{ }` groups
 * like `( )`, so the `"{$statusCode == 401}"` form of the specification's own example also parses.
 */
export function parseCondition(text: string): ParseResult<{ condition: Condition }> {
  if (text.trim() === "") return fail("empty", "empty condition", 0, "e.g. $statusCode == 200");
  const c: Cursor = { text, pos: 0, stop: IN_CONDITION };
  const condition = or(c);
  if (!condition.ok) return condition;
  skipSpace(c);
  if (c.pos < text.length) return trailing(c);
  return { ok: true, condition: condition.value };
}
