// The pieces every expression tail shares: dots, names, JSON pointers and `$inputs`-style references.

import type { Pointer } from "./ast.js";
import { isIdChar, isNameChar } from "./chars.js";
import { type Cursor, fail, ok, peek, rest, scanWhile, type Step } from "./cursor.js";

/** Consumes the `.` that separates the parts of an expression (Arazzo §Runtime Expressions ABNF). */
export function expectDot(c: Cursor, after: string, example: string): Step<true> {
  if (peek(c) === ".") {
    c.pos++;
    return ok(true);
  }
  return fail("expected-dot", `expected "." after ${after}`, c.pos, `write it like ${example}`);
}

/** A non-empty run of `accept`ed characters: the refined `name` of the ABNF. */
export function scanName(c: Cursor, accept: (ch: string) => boolean, what: string, example: string): Step<string> {
  const name = scanWhile(c, accept);
  if (name !== "") return ok(name);
  const found = peek(c);
  const message = found === "" ? `expected ${what}` : `expected ${what}, found "${found}"`;
  return fail("expected-name", message, c.pos, `write it like ${example}`);
}

/** RFC 6901 §3 after `#`: `/`-separated tokens with `~0` → `~` and `~1` → `/`; no percent-decoding. */
export function scanPointer(c: Cursor): Step<Pointer> {
  if (peek(c) === "") return ok([]);
  if (peek(c) !== "/") {
    return fail("pointer-start", 'a JSON pointer must start with "/"', c.pos, `write #/${rest(c)}`);
  }
  const tokens: string[] = [];
  while (peek(c) === "/") {
    c.pos++;
    const token = scanToken(c);
    if (!token.ok) return token;
    tokens.push(token.value);
  }
  return ok(tokens);
}

const ESCAPES: Readonly<Record<string, string>> = { "0": "~", "1": "/" };

function scanToken(c: Cursor): Step<string> {
  let token = "";
  for (let ch = peek(c); ch !== "" && ch !== "/"; ch = peek(c)) {
    if (ch !== "~") {
      token += ch;
      c.pos++;
      continue;
    }
    const escaped = ESCAPES[c.text[c.pos + 1] ?? ""];
    if (escaped === undefined) {
      return fail(
        "pointer-escape",
        '"~" in a JSON pointer must be followed by 0 or 1',
        c.pos,
        'write ~0 for "~" and ~1 for "/" (RFC 6901)',
      );
    }
    token += escaped;
    c.pos += 2;
  }
  return ok(token);
}

/** `body-reference = "body" ["#" json-pointer]`, applied after any value that may carry a pointer. */
export function optionalPointer(c: Cursor): Step<Pointer> {
  if (peek(c) !== "#") return ok([]);
  c.pos++;
  return scanPointer(c);
}

/** `NAME`, then `.a.b` property segments and/or `#/pointer`, all folded into one pointer. */
export function inputReference(c: Cursor, prefix: string): Step<{ name: string; pointer: Pointer }> {
  const name = scanName(c, isIdChar, "an input name", `${prefix}.customer`);
  if (!name.ok) return name;
  const segments: string[] = [];
  while (peek(c) === ".") {
    c.pos++;
    const segment = scanName(c, isIdChar, 'a property name after "."', `${prefix}.${name.value}.email`);
    if (!segment.ok) return segment;
    segments.push(segment.value);
  }
  const pointer = optionalPointer(c);
  if (!pointer.ok) return pointer;
  return ok({ name: name.value, pointer: [...segments, ...pointer.value] });
}

/** An output key (`^[a-zA-Z0-9.\-_]+$`, Arazzo §Workflow Object) and an optional `#/pointer`. */
export function outputReference(c: Cursor, prefix: string): Step<{ name: string; pointer: Pointer }> {
  const name = scanName(c, isNameChar, "an output name", `${prefix}.id`);
  if (!name.ok) return name;
  const pointer = optionalPointer(c);
  if (!pointer.ok) return pointer;
  return ok({ name: name.value, pointer: pointer.value });
}
