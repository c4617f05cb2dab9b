// A read position over expression text, and the result shapes the scanners return.

import type { ExpressionError, ExpressionErrorCode, Failed } from "./ast.js";
import type { StopSet } from "./chars.js";

/** The text, the read position, and what ends an expression in the embedding context. */
export interface Cursor {
  readonly text: string;
  pos: number;
  readonly stop: StopSet;
  /** Groups and negations open at `pos`, for a parser that nests them. */
  nesting?: number;
}

/** What each scanner returns: a value, or the first error with its offset and hint. */
export type Step<T> = { readonly ok: true; readonly value: T } | Failed;

/** A successful scan. */
export const ok = <T>(value: T): Step<T> => ({ ok: true, value });

/** A failed scan: an ExpressionError as data, never thrown. */
export function fail(code: ExpressionErrorCode, message: string, offset: number, hint: string): Failed {
  const error: ExpressionError = { code, message, offset, hint };
  return { ok: false, error };
}

/** The character under the cursor, or "" at the end of the text or at a stop character. */
export function peek(c: Cursor): string {
  const ch = c.text[c.pos] ?? "";
  return ch !== "" && c.stop(ch) ? "" : ch;
}

/** Consumes characters while `accept` holds (stop characters always end the run). */
export function scanWhile(c: Cursor, accept: (ch: string) => boolean): string {
  const start = c.pos;
  while (peek(c) !== "" && accept(peek(c))) c.pos++;
  return c.text.slice(start, c.pos);
}

/** The text from the cursor up to the next stop character, for hints that quote what was written. */
export function rest(c: Cursor, from = c.pos): string {
  let end = from;
  while (end < c.text.length && !c.stop(c.text[end] ?? "")) end++;
  return c.text.slice(from, end);
}
