// A regular expression (JSON Schema `pattern`) → one short string it matches, for the common shapes specs write.

/** What a parse step yields: the text so far and where it stopped; undefined gives up (lookaround, backreference, …). */
type Step = { readonly text: string; readonly at: number } | undefined;

const ESCAPES: Readonly<Record<string, string>> = { d: "1", w: "a", s: " ", n: "\n", t: "\t", r: "\r" };

/** The first character a `[...]` class starting at `at` (after `[`) allows; negated classes give up. */
function classChar(pattern: string, at: number): Step {
  if (pattern[at] === "^") return undefined;
  const end = pattern.indexOf("]", at + 1);
  if (end < 0) return undefined;
  const first = pattern[at] === "\\" ? (ESCAPES[pattern[at + 1] ?? ""] ?? pattern[at + 1]) : pattern[at];
  return first === undefined ? undefined : { text: first, at: end + 1 };
}

function atom(pattern: string, at: number): Step {
  const c = pattern[at];
  if (c === "\\") {
    const next = pattern[at + 1];
    if (next === undefined || /[1-9bBk]/.test(next)) return undefined;
    return { text: ESCAPES[next] ?? next, at: at + 2 };
  }
  if (c === "[") return classChar(pattern, at + 1);
  if (c === "(") {
    const prefix = /^\(\?(:|<[A-Za-z][A-Za-z0-9]*>)/.exec(pattern.slice(at));
    if (pattern[at + 1] === "?" && prefix === null) return undefined;
    const inner = alternation(pattern, at + (prefix?.[0].length ?? 1));
    return inner === undefined || pattern[inner.at] !== ")" ? undefined : { text: inner.text, at: inner.at + 1 };
  }
  if (c === ".") return { text: "a", at: at + 1 };
  if (c === "^" || c === "$") return { text: "", at: at + 1 };
  return c === undefined ? undefined : { text: c, at: at + 1 };
}

/** How many times the atom before `at` repeats (the fewest allowed, at least once for `+`), and where the quantifier ends. */
function quantifier(pattern: string, at: number): { readonly times: number; readonly at: number } {
  const c = pattern[at];
  const lazy = (end: number) => (pattern[end] === "?" ? end + 1 : end);
  if (c === "*" || c === "?") return { times: 0, at: lazy(at + 1) };
  if (c === "+") return { times: 1, at: lazy(at + 1) };
  const braces = c === "{" ? /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(at)) : null;
  if (braces) return { times: Number(braces[1]), at: lazy(at + braces[0].length) };
  return { times: 1, at };
}

function sequence(pattern: string, start: number): Step {
  let text = "";
  let at = start;
  while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") {
    const one = atom(pattern, at);
    if (one === undefined) return undefined;
    const times = quantifier(pattern, one.at);
    text += one.text.repeat(times.times);
    at = times.at;
  }
  return { text, at };
}

/** The first alternative, then past the others. */
function alternation(pattern: string, start: number): Step {
  const first = sequence(pattern, start);
  if (first === undefined) return undefined;
  let at = first.at;
  while (pattern[at] === "|") {
    const rest = sequence(pattern, at + 1);
    if (rest === undefined) return undefined;
    at = rest.at;
  }
  return { text: first.text, at };
}

/** A short string `pattern` matches (checked with the pattern itself), or undefined when none is found. */
export function patternSample(pattern: string): string | undefined {
  const built = alternation(pattern, 0);
  if (built === undefined || built.at !== pattern.length) return undefined;
  try {
    return new RegExp(pattern, "u").test(built.text) ? built.text : undefined;
  } catch {
    return undefined;
  }
}
