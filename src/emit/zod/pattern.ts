// Decides whether a schema's `pattern` may go into generated code: valid ECMAScript (`u` flag) and free of catastrophic backtracking.
import { diagnostic } from "../../diagnostics/index.js";
import type { Env } from "./env.js";
import { parseRegex, type RegexAtom, type RegexTerm } from "./regex-ast.js";

export type PatternVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: "SCHEMA_INVALID_PATTERN" | "SCHEMA_UNSAFE_PATTERN"; readonly reason: string };

/** A quantifier allowing more repetitions than this counts as unbounded (`(a+){1,50}` backtracks like `(a+)+`). */
const MANY = 16;

/** Characters probed to decide whether two one-character atoms can match the same character. */
const PROBES = [...Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i)), "\u00a0", "\u00e9", "\u0100", "\u2028", "\u4e2d", "\u{1f600}"];

/**
 * Refuses the patterns that make a backtracking engine (V8's irregexp) take exponential time on a short
 * input: a repeated group whose body repeats without a mandatory delimiter the inner repetition cannot
 * match (`^(a+)+$`, `(\w+\s?)*`, `(a*)*`), and a repeated choice between overlapping characters
 * (`(a|a)+`, `(\w|\d)*`). Delimited nesting such as `^(\d+\.)+\d+$` or `([a-z]+-)*` is accepted.
 * Polynomial cases (`\d+\d+$`) are not detected.
 */
export function checkPattern(source: string): PatternVerdict {
  try {
    new RegExp(source, "u");
  } catch (error) {
    return { ok: false, code: "SCHEMA_INVALID_PATTERN", reason: (error as Error).message };
  }
  const reason = unsafeIn(parseRegex(source));
  return reason === undefined ? { ok: true } : { ok: false, code: "SCHEMA_UNSAFE_PATTERN", reason };
}

/** Checks `source` for emission at `pointer`; a refused pattern is reported as an error diagnostic. */
export function patternAllowed(source: string, pointer: string, env: Env): boolean {
  const verdict = checkPattern(source);
  if (verdict.ok) return true;
  const what = verdict.code === "SCHEMA_INVALID_PATTERN" ? "is not a valid ECMAScript regular expression" : "can backtrack catastrophically";
  env.ctx.diagnostics.push(diagnostic(verdict.code, { pointer, message: `\`pattern\` ${JSON.stringify(source)} ${what}: ${verdict.reason}` }));
  return false;
}

function unsafeIn(alternatives: readonly RegexTerm[][]): string | undefined {
  for (const term of alternatives.flat()) {
    if (term.atom.kind !== "group") continue;
    const inner = unsafeIn(term.atom.alternatives);
    if (inner !== undefined) return inner;
    if (!repeats(term) || term.atom.zeroWidth) continue;
    if (term.atom.alternatives.some((alt) => !delimited(alt))) return "a repeated group repeats again inside without a delimiter (nested quantifier)";
    if (overlappingChoice(term.atom.alternatives)) return "a repeated choice between alternatives that match the same character";
  }
  return undefined;
}

const repeats = (term: RegexTerm): boolean => term.max > MANY;

/** Every variable-length repetition inside `alt` is of one character that some mandatory one-character atom of `alt` never matches. */
function delimited(alt: readonly RegexTerm[]): boolean {
  const inner = repeatedAtoms(alt);
  if (inner.length === 0) return true;
  const delimiters = alt.filter((t) => t.min >= 1 && t.atom.kind === "char").map((t) => t.atom);
  return inner.every((atom) => atom.kind === "char" && delimiters.some((d) => !overlap(atom, d)));
}

function repeatedAtoms(alt: readonly RegexTerm[]): RegexAtom[] {
  return alt.flatMap((term) => {
    if (term.atom.kind === "group" && term.atom.zeroWidth) return [];
    const nested = term.atom.kind === "group" ? term.atom.alternatives.flatMap(repeatedAtoms) : [];
    return term.max > term.min ? [term.atom, ...nested] : nested;
  });
}

function overlappingChoice(alternatives: readonly RegexTerm[][]): boolean {
  const singles = alternatives.filter((alt) => alt.length === 1 && alt[0]?.atom.kind === "char").map((alt) => (alt[0] as RegexTerm).atom);
  return singles.some((a, i) => singles.slice(i + 1).some((b) => overlap(a, b)));
}

function overlap(a: RegexAtom, b: RegexAtom): boolean {
  if (a.kind !== "char" || b.kind !== "char") return true;
  const ra = new RegExp(`^(?:${a.source})$`, "u");
  const rb = new RegExp(`^(?:${b.source})$`, "u");
  return PROBES.some((p) => ra.test(p) && rb.test(p));
}
