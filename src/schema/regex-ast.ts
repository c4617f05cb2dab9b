// Turns an ECMAScript regular expression source (already known to compile with the `u` flag) into a small term tree for analysis.

/** One thing a term repeats: a single character (literal, class, escape, `.`), a group, or something zero-width / opaque. */
export type RegexAtom =
  | { readonly kind: "char"; readonly source: string }
  | { readonly kind: "group"; readonly alternatives: readonly RegexTerm[][]; readonly zeroWidth: boolean }
  | { readonly kind: "anchor" }
  | { readonly kind: "backref" };

/** An atom with its quantifier; `max` is Infinity for `*`, `+` and `{n,}`. */
export interface RegexTerm {
  readonly atom: RegexAtom;
  readonly min: number;
  readonly max: number;
}

interface Cursor {
  readonly text: string;
  pos: number;
  /** Groups open at `pos`. */
  depth: number;
}

/**
 * Groups nested deeper than this are not parsed (V8 compiles `((((…a…))))` 10,000 deep): every walk of the tree,
 * here and in the analyses, recurses once per level.
 */
export const MAX_GROUP_DEPTH = 256;

/** A pattern too deep or too large to analyse: its groups nest past {@link MAX_GROUP_DEPTH}, or its automaton is too big. */
export class RegexTooComplexError extends Error {}

/** The alternatives of `source`, each a sequence of terms; throws RegexTooComplexError past MAX_GROUP_DEPTH. */
export function parseRegex(source: string): RegexTerm[][] {
  const cursor: Cursor = { text: source, pos: 0, depth: 0 };
  return alternatives(cursor);
}

function alternatives(c: Cursor): RegexTerm[][] {
  const alts: RegexTerm[][] = [[]];
  while (c.pos < c.text.length && c.text[c.pos] !== ")") {
    if (c.text[c.pos] === "|") {
      c.pos++;
      alts.push([]);
      continue;
    }
    const atom = atomAt(c);
    (alts[alts.length - 1] as RegexTerm[]).push({ atom, ...quantifier(c) });
  }
  return alts;
}

function atomAt(c: Cursor): RegexAtom {
  const ch = c.text[c.pos] as string;
  if (ch === "(") return groupAt(c);
  if (ch === "^" || ch === "$") return (c.pos++, { kind: "anchor" });
  if (ch === "[") return { kind: "char", source: take(c, classEnd(c.text, c.pos)) };
  if (ch === "\\") return escapeAt(c);
  return { kind: "char", source: take(c, c.pos + String.fromCodePoint(c.text.codePointAt(c.pos) as number).length) };
}

function groupAt(c: Cursor): RegexAtom {
  const head = /^\((\?(:|=|!|<=|<!|<[^>]+>))?/u.exec(c.text.slice(c.pos))?.[0] ?? "(";
  c.pos += head.length;
  const zeroWidth = ["(?=", "(?!", "(?<=", "(?<!"].includes(head);
  if (++c.depth > MAX_GROUP_DEPTH)
    throw new RegexTooComplexError(`its groups nest more than ${MAX_GROUP_DEPTH} deep, too deep to analyse`);
  const alts = alternatives(c);
  c.depth--;
  c.pos++;
  return { kind: "group", alternatives: alts, zeroWidth };
}

function escapeAt(c: Cursor): RegexAtom {
  const rest = c.text.slice(c.pos);
  if (/^\\[bB]/u.test(rest)) return ((c.pos += 2), { kind: "anchor" });
  const backref = /^\\([1-9]\d*|k<[^>]+>)/u.exec(rest);
  if (backref) return ((c.pos += backref[0].length), { kind: "backref" });
  const long = /^\\([pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|0)/u.exec(rest);
  const length = long ? long[0].length : 1 + String.fromCodePoint(c.text.codePointAt(c.pos + 1) as number).length;
  return { kind: "char", source: take(c, c.pos + length) };
}

function classEnd(text: string, start: number): number {
  let i = start + 1;
  if (text[i] === "^") i++;
  for (; i < text.length && text[i] !== "]"; i++) if (text[i] === "\\") i++;
  return i + 1;
}

function quantifier(c: Cursor): { min: number; max: number } {
  const m = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/u.exec(c.text.slice(c.pos));
  if (!m) return { min: 1, max: 1 };
  c.pos += m[0].length;
  if (m[1] === "*") return { min: 0, max: Infinity };
  if (m[1] === "+") return { min: 1, max: Infinity };
  if (m[1] === "?") return { min: 0, max: 1 };
  const min = Number(m[2]);
  return { min, max: m[3] === undefined ? min : m[4] === "" ? Infinity : Number(m[4]) };
}

function take(c: Cursor, end: number): string {
  const text = c.text.slice(c.pos, end);
  c.pos = end;
  return text;
}
