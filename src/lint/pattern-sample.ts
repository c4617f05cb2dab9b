// A regular expression (JSON Schema `pattern`) → one short string it matches, built from its term tree and checked with the pattern itself.
import { parseRegex, type RegexAtom, type RegexTerm } from "../schema/regex-ast.js";

/** Characters tried, in this order, for a class or escape whose own first character does not do (`[^:]`, `\S`, `\p{L}`). */
const PREFERRED = [
  ..."abcdefghijklmnopqrstuvwxyz1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  ..."-_.:/@+=,;~!#$%&*()[]{}<>?'\"|^`\\ \t\n\r",
  ..."\u00e9\u00df\u0416\u03bb\u4e2d\u3042\uac00\u{1d400}\u{1f600}\u00a0\u2028\ufeff",
];

/** Shorthand escapes, by the character a reader expects from them. */
const ESCAPES: Readonly<Record<string, string>> = { "\\d": "1", "\\w": "a", "\\s": " ", "\\n": "\n", "\\t": "\t" };

/** How many strings are built and checked before giving up (each differs in one choice of alternative or count). */
const MAX_TRIES = 64;

/** Longest sample built (`[a-f0-9]{64}` is common; `x{100000000}` is given up on, not built). */
const MAX_SAMPLE_CHARS = 1024;

/** Lengths a built string is grown to when it does not match as it is. */
const GROWN_LENGTHS = [2, 4, 8, 16];

/** Length bounds a sample must also meet (JSON Schema `minLength` / `maxLength`, in code points). */
export interface LengthBounds {
  readonly minLength?: number;
  readonly maxLength?: number;
}

/**
 * A short string `pattern` matches and `bounds` allow, or undefined when none is found: built from the pattern's terms
 * (each character class by its first character, or the first of {@link PREFERRED} it allows; each repetition at its
 * fewest, more where a minimum length asks for it; each alternative in order) and always checked with the pattern.
 */
export function patternSample(pattern: string, bounds: LengthBounds = {}): string | undefined {
  let regex: RegExp;
  let tree: RegexTerm[][];
  try {
    regex = new RegExp(pattern, "u");
    tree = parseRegex(pattern);
  } catch {
    return undefined;
  }
  const fits = (text: string): boolean => {
    const length = [...text].length;
    return (
      (bounds.minLength === undefined || length >= bounds.minLength) &&
      (bounds.maxLength === undefined || length <= bounds.maxLength) &&
      regex.test(text)
    );
  };
  const chars = charPicker();
  for (const choice of choices(tree)) {
    const built = build(tree, choice, chars);
    if (built === undefined) continue;
    if (fits(built)) return built;
    // Longer, for a minimum length or a lookahead that asks for one (`(?=^.{2,256}$)`).
    for (const length of [bounds.minLength ?? 0, ...GROWN_LENGTHS]) {
      const grown = grow(tree, choice, chars, built, length);
      if (grown !== undefined && fits(grown)) return grown;
    }
  }
  return undefined;
}

/** Which alternative each group takes (by its visiting order), and how many extra repetitions each term gets. */
interface Choice {
  readonly alternative: (group: number) => number;
  readonly extra: (term: number) => number;
}

/**
 * The choices to try, simplest first: every first alternative at the fewest repetitions, then each single change of one
 * group's alternative, then one more repetition of each optional term (a `?` or `*` a lookaround may need).
 */
function* choices(tree: RegexTerm[][]): Generator<Choice> {
  const shape = countShape(tree);
  const none = () => 0;
  yield { alternative: none, extra: none };
  let tries = 1;
  for (let group = 0; group < shape.groups.length; group++)
    for (let alt = 1; alt < (shape.groups[group] ?? 1); alt++) {
      if (++tries > MAX_TRIES) return;
      yield { alternative: (g) => (g === group ? alt : 0), extra: none };
    }
  for (let term = 0; term < shape.terms; term++) {
    if (++tries > MAX_TRIES) return;
    yield { alternative: none, extra: (t) => (t === term ? 1 : 0) };
  }
}

/** How many alternatives each group has (the top level is group 0) and how many terms there are, in visiting order. */
function countShape(tree: RegexTerm[][]): { groups: number[]; terms: number } {
  const groups: number[] = [];
  let terms = 0;
  const visit = (alternatives: readonly RegexTerm[][]): void => {
    groups.push(alternatives.length);
    for (const sequence of alternatives)
      for (const term of sequence) {
        terms++;
        if (term.atom.kind === "group") visit(term.atom.alternatives);
      }
  };
  visit(tree);
  return { groups, terms };
}

/**
 * The string `choice` picks out of `tree`; lookarounds and anchors add nothing, a backreference gives up. `widen` gives
 * a term of the text built (not of an alternative left out, nor inside a lookaround) more repetitions.
 */
function build(
  tree: RegexTerm[][],
  choice: Choice,
  chars: (source: string) => string | undefined,
  widen?: (index: number, term: RegexTerm) => number,
): string | undefined {
  let groupIndex = 0;
  let termIndex = 0;
  const alternatives = (alts: readonly RegexTerm[][], live: boolean): string | undefined => {
    const picked = Math.min(choice.alternative(groupIndex++), alts.length - 1);
    let out: string | undefined;
    alts.forEach((sequence, index) => {
      const text = terms(sequence, live && index === picked);
      if (index === picked) out = text;
    });
    return out;
  };
  const terms = (sequence: readonly RegexTerm[], live: boolean): string | undefined => {
    let text = "";
    let failed = false;
    for (const term of sequence) {
      const index = termIndex++;
      const one = atomText(term.atom, live);
      if (one === undefined) failed = true;
      const more = live && widen !== undefined ? widen(index, term) : 0;
      const times = Math.min(term.max, term.min + choice.extra(index) + more);
      if (one === undefined || times * one.length + text.length > MAX_SAMPLE_CHARS) failed = true;
      else text += one.repeat(times);
    }
    return failed ? undefined : text;
  };
  const atomText = (atom: RegexAtom, live: boolean): string | undefined => {
    switch (atom.kind) {
      case "char":
        return chars(atom.source);
      case "anchor":
        return "";
      case "backref":
        return undefined;
      case "group": {
        const inner = alternatives(atom.alternatives, live && !atom.zeroWidth);
        return atom.zeroWidth && inner !== undefined ? "" : inner;
      }
    }
  };
  return alternatives(tree, true);
}

/**
 * `built` made at least `minLength` long by repeating more of the repeatable one-character terms, earliest first, each up
 * to its maximum; undefined when it is long enough already or no term can grow.
 */
function grow(
  tree: RegexTerm[][],
  choice: Choice,
  chars: (source: string) => string | undefined,
  built: string,
  minLength: number | undefined,
): string | undefined {
  let missing = (minLength ?? 0) - [...built].length;
  if (missing <= 0) return undefined;
  const given = new Map<number, number>();
  return build(tree, choice, chars, (index, term) => {
    if (!given.has(index)) {
      const room = term.atom.kind === "char" ? Math.max(0, term.max - term.min - choice.extra(index)) : 0;
      const take = Math.min(room, missing);
      missing -= take;
      given.set(index, take);
    }
    return given.get(index) ?? 0;
  });
}

/** The character a one-character atom (`a`, `\d`, `[^:]`, `.`) stands for, memoised per source. */
function charPicker(): (source: string) => string | undefined {
  const memo = new Map<string, string | undefined>();
  return (source) => {
    if (memo.has(source)) return memo.get(source);
    let matcher: RegExp;
    try {
      matcher = new RegExp(`^(?:${source})$`, "u");
    } catch {
      memo.set(source, undefined);
      return undefined;
    }
    const own = ownFirst(source);
    const picked = [...(own === undefined ? [] : [own]), ...PREFERRED].find((c) => matcher.test(c));
    memo.set(source, picked);
    return picked;
  };
}

/** The character a reader expects first: a class's first letter or digit (`[0-9a-f]` → 0), a shorthand's usual one, itself. */
function ownFirst(source: string): string | undefined {
  if (ESCAPES[source] !== undefined) return ESCAPES[source];
  if (source.startsWith("[") && !source.startsWith("[^")) {
    const first = source[1] === "\\" ? ESCAPES[source.slice(1, 3)] : source[1];
    return first !== undefined && /[a-zA-Z0-9]/u.test(first) ? first : undefined;
  }
  if (source.startsWith("\\") && source.length === 2 && !/[a-zA-Z0-9]/u.test(source[1] as string)) return source[1];
  return source === "." ? "a" : source;
}
