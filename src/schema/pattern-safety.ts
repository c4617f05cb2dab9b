// Decides whether a schema's `pattern` is safe to run: valid ECMAScript (`u` flag) and free of catastrophic backtracking.
import { exponentialBacktracking } from "./regex-ambiguity.js";
import { MAX_GROUP_DEPTH, parseRegex, RegexTooComplexError } from "./regex-ast.js";

export type PatternVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code: "SCHEMA_INVALID_PATTERN" | "SCHEMA_UNSAFE_PATTERN";
      readonly reason: string;
      /** Present when the pattern was too deep to analyse, not found to backtrack. */
      readonly unchecked?: true;
    };

/**
 * Refuses the patterns that make a backtracking engine (V8's irregexp) take exponential time on a short input:
 * those where some repetition can match one text in two different ways (`^(a+)+$`, `(\w+\s?)*`, `(a|aa)+`,
 * `(\w|\d)*`), found exactly on the pattern's position automaton (regex-ambiguity.ts). Unambiguous nesting such as
 * `^(\d+\.)+\d+$` or `((ab)+c)+` is accepted. Polynomial cases (`\d+\d+$`) are not refused.
 */
export function checkPattern(source: string): PatternVerdict {
  try {
    new RegExp(source, "u");
  } catch (error) {
    return { ok: false, code: "SCHEMA_INVALID_PATTERN", reason: (error as Error).message };
  }
  if (repeatsNothing(source)) return { ok: true };
  let reason: string | undefined;
  try {
    reason = exponentialBacktracking(parseRegex(source));
  } catch (error) {
    if (!(error instanceof RegexTooComplexError)) throw error;
    return { ok: false, code: "SCHEMA_UNSAFE_PATTERN", reason: error.message, unchecked: true };
  }
  return reason === undefined ? { ok: true } : { ok: false, code: "SCHEMA_UNSAFE_PATTERN", reason };
}

/** Longest pattern {@link repeatsNothing} answers for: well under the automaton's position limit (regex-ambiguity.ts). */
const PLAIN_CHARS = 1000;

/**
 * Whether `source` (a valid pattern) repeats nothing: no `*`, `+`, `?` or `{` anywhere (so no quantifier, no `(?…)`
 * group, no `\p{…}`), and too few groups to nest past MAX_GROUP_DEPTH. With no repetition there is nothing to
 * backtrack in (`^/v1/payouts`, `^[a-z_]$`); the automaton is built only for the other patterns.
 */
function repeatsNothing(source: string): boolean {
  if (source.length > PLAIN_CHARS || /[*+?{]/.test(source)) return false;
  let groups = 0;
  for (let at = source.indexOf("("); at !== -1; at = source.indexOf("(", at + 1)) groups++;
  return groups < MAX_GROUP_DEPTH;
}
