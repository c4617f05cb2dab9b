// The values of a simple condition: literals, runtime expressions and their `[i]` / `.name` accessors.

import type { Accessor, Operand } from "./ast.js";
import { isIdChar, isLetter, isWhitespace } from "./chars.js";
import { type Cursor, fail, ok, rest, type Step } from "./cursor.js";
import { closest } from "./hints.js";
import { scanExpression } from "./parse-expression.js";

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const KEYWORDS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };
const WORD_OPERATORS: Readonly<Record<string, string>> = { and: "&&", or: "||", not: "!" };
const EXPRESSION_ROOTS = ["statusCode", "inputs", "steps", "outputs", "response", "request", "url", "method"];

/** The raw character at the cursor (condition tokens ignore the expression stop set). */
export const at = (c: Cursor): string => c.text[c.pos] ?? "";

/** Skips whitespace between condition tokens. */
export function skipSpace(c: Cursor): void {
  while (isWhitespace(at(c))) c.pos++;
}

/** `'…'` with `''` for a literal quote (Arazzo §Criterion Object, Literals). */
function scanString(c: Cursor): Step<string> {
  const start = c.pos;
  let value = "";
  c.pos++;
  for (;;) {
    const end = c.text.indexOf("'", c.pos);
    if (end === -1)
      return fail(
        "unterminated-string",
        "string is never closed",
        start,
        `end it with a quote: ${c.text.slice(start)}'`,
      );
    value += c.text.slice(c.pos, end);
    c.pos = end + 1;
    if (at(c) !== "'") return ok(value);
    value += "'";
    c.pos++;
  }
}

function scanNumber(c: Cursor): Step<number> {
  const start = c.pos;
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(c.text);
  const end = start + (match?.[0].length ?? 0);
  const after = c.text[end] ?? "";
  if (match === null || /^[A-Za-z0-9_.]$/.test(after)) {
    const written = rest(c, start).split(/\s/)[0] ?? "";
    return fail(
      "invalid-literal",
      `invalid number "${written}"`,
      start,
      "numbers are written like 200, -1, 0.5 or 1e3",
    );
  }
  c.pos = end;
  return ok(Number(match[0]));
}

function wordHint(word: string, c: Cursor, start: number): string {
  const lower = word.toLowerCase();
  if (Object.hasOwn(KEYWORDS, lower)) return `literals are lowercase: ${lower}`;
  if (Object.hasOwn(WORD_OPERATORS, lower)) return `write ${WORD_OPERATORS[lower]} instead of ${word}`;
  if (closest(word, EXPRESSION_ROOTS) !== undefined || c.text[c.pos] === ".") {
    return `runtime expressions start with "$": $${rest(c, start).split(/\s/)[0] ?? word}`;
  }
  return `strings need single quotes: '${word}'`;
}

function scanWord(c: Cursor): Step<Operand> {
  const start = c.pos;
  while (isIdChar(at(c))) c.pos++;
  const word = c.text.slice(start, c.pos);
  if (Object.hasOwn(KEYWORDS, word)) {
    return ok({ kind: "literal", value: KEYWORDS[word] ?? null, span: { start, end: c.pos } });
  }
  return fail("invalid-literal", `unexpected word "${word}"`, start, wordHint(word, c, start));
}

function doubleQuoted(c: Cursor): Step<Operand> {
  const end = c.text.indexOf('"', c.pos + 1);
  const content = c.text.slice(c.pos + 1, end === -1 ? undefined : end).replaceAll("'", "''");
  return fail("invalid-literal", "strings use single quotes", c.pos, `write '${content}'`);
}

function dotAccessor(c: Cursor): Step<Accessor> {
  c.pos++;
  const start = c.pos;
  while (isIdChar(at(c))) c.pos++;
  const name = c.text.slice(start, c.pos);
  return name !== ""
    ? ok(name)
    : fail("invalid-accessor", 'expected a property name after "."', start, "write .name or ['name']");
}

function bracketAccessor(c: Cursor): Step<Accessor> {
  c.pos++;
  const key = at(c) === "'" ? scanString(c) : scanIndex(c);
  if (!key.ok) return key;
  if (at(c) !== "]")
    return fail("invalid-accessor", 'expected "]"', c.pos, "write [0] for an index or ['name'] for a property");
  c.pos++;
  return key;
}

function scanIndex(c: Cursor): Step<number> {
  const start = c.pos;
  while (/^[0-9]$/.test(at(c))) c.pos++;
  const digits = c.text.slice(start, c.pos);
  if (digits !== "" && (digits === "0" || !digits.startsWith("0"))) return ok(Number(digits));
  return fail(
    "invalid-accessor",
    "expected a 0-based index or a quoted name inside [ ]",
    start,
    "write [0] for an index or ['name'] for a property",
  );
}

/** `[i]`, `['name']`, and `.name` once a bracket has ended the expression (Arazzo §Criterion Object, Operators). */
function accessors(c: Cursor): Step<Accessor[]> {
  const chain: Accessor[] = [];
  while (at(c) === "[" || (at(c) === "." && chain.length > 0)) {
    const next = at(c) === "." ? dotAccessor(c) : bracketAccessor(c);
    if (!next.ok) return next;
    chain.push(next.value);
  }
  return ok(chain);
}

function expressionOperand(c: Cursor): Step<Operand> {
  const start = c.pos;
  const next = c.text[c.pos + 1] ?? "";
  if (next === "[" || next === ".") {
    const hint = "use type: jsonpath with a context, or a runtime expression like $response.body#/field";
    return fail("unsupported-criterion", "JSONPath queries are not simple conditions", start, hint);
  }
  const expr = scanExpression(c);
  if (!expr.ok) return expr;
  const chain = accessors(c);
  if (!chain.ok) return chain;
  return ok({ kind: "expression", expr: expr.value, accessors: chain.value, span: { start, end: c.pos } });
}

const literal =
  <T extends string | number>(scan: (c: Cursor) => Step<T>) =>
  (c: Cursor): Step<Operand> => {
    const start = c.pos;
    const value = scan(c);
    return value.ok ? ok({ kind: "literal", value: value.value, span: { start, end: c.pos } }) : value;
  };

type OperandScanner = (c: Cursor) => Step<Operand>;

const BY_FIRST_CHAR: ReadonlyArray<[test: (ch: string) => boolean, scan: OperandScanner]> = [
  [(ch) => ch === "$", expressionOperand],
  [(ch) => ch === "'", literal(scanString)],
  [(ch) => ch === "-" || /^[0-9]$/.test(ch), literal(scanNumber)],
  [(ch) => isLetter(ch) || ch === "_", scanWord],
  [(ch) => ch === '"', doubleQuoted],
];

/** One operand of a comparison, or an error naming what was found instead. */
export function scanOperand(c: Cursor): Step<Operand> {
  skipSpace(c);
  const ch = at(c);
  const scanner = BY_FIRST_CHAR.find(([test]) => test(ch));
  if (scanner !== undefined) return scanner[1](c);
  const found = ch === "" ? "the end of the condition" : `"${ch}"`;
  return fail(
    "expected-operand",
    `expected a value, found ${found}`,
    c.pos,
    "values are runtime expressions ($statusCode), numbers, 'strings', true, false or null",
  );
}
