// A regex term tree → whether a backtracking engine can take exponential time on it: exponential degree of ambiguity of its position automaton, with path multiplicities.
import { type RegexAtom, type RegexTerm, RegexTooComplexError } from "./regex-ast.js";

/** A quantifier allowing more repetitions than this is analysed as unbounded (`(a+){1,50}` backtracks like `(a+)+`). */
const MANY = 16;

/** Above this many positions, every repetition of more than one is analysed as unbounded (smaller, and never less strict). */
const MAX_POSITIONS = 2000;

/**
 * Past this many positions even then, or this many pairs of positions tried in the loops' product automata, the
 * pattern is too large to analyse: each quantified group is copied at least twice (`(E)+` is `E E*`), so groups
 * quantified inside one another double the positions per level, and a loop's product is quadratic in its size.
 */
const MAX_BUILT_POSITIONS = 20_000;
const MAX_PAIR_STEPS = 2_000_000;

/** Characters probed to decide whether two one-character atoms can match the same character. */
const PROBES = [
  ...Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i)),
  "\u0085",
  "\u00a0",
  "\u00b5",
  "\u00e9",
  "\u00df",
  "\u0100",
  "\u0130",
  "\u0131",
  "\u017f",
  "\u03bb",
  "\u0416",
  "\u0436",
  "\u05d0",
  "\u0627",
  "\u0663",
  "\u0915",
  "\u0e01",
  "\u1680",
  "\u2000",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u212a",
  "\u3000",
  "\u3042",
  "\u4e2d",
  "\uac00",
  "\ufeff",
  "\uff10",
  "\u{1d400}",
  "\u{1f600}",
];

/** Ways (1, or 2 meaning "more than one") to reach each position. */
type Counts = Map<number, number>;

/** What a sub-expression contributes to the position automaton: ways to match empty, first and last positions. */
interface Fragment {
  readonly nullable: number;
  readonly first: Counts;
  readonly last: Counts;
}

const EMPTY: Fragment = { nullable: 1, first: new Map(), last: new Map() };
const saturate = (n: number): number => Math.min(n, 2);

function addCounts(into: Counts, from: Counts, times = 1): void {
  if (times === 0) return;
  for (const [position, ways] of from) into.set(position, saturate((into.get(position) ?? 0) + ways * times));
}

const union = (a: Counts, b: Counts, timesB = 1): Counts => {
  const out = new Map(a);
  addCounts(out, b, timesB);
  return out;
};

/**
 * The Glushkov (position) automaton of a pattern, keeping how many distinct paths of the backtracking matcher lead
 * along each edge: `(a|a)` gives one edge of multiplicity 2, where a plain automaton would merge them. Loops follow
 * ECMAScript: an iteration beyond the minimum that matches nothing is refused, so a nullable body adds no paths.
 */
class Automaton {
  readonly classes: string[] = [];
  readonly follow: Counts[] = [];
  readonly lookarounds: (readonly RegexTerm[][])[] = [];

  constructor(
    private readonly many: number,
    private readonly maxPositions: number,
  ) {}

  position(source: string): Fragment {
    const p = this.classes.length;
    if (p >= this.maxPositions) throw new TooManyPositions();
    this.classes.push(source);
    this.follow.push(new Map());
    const only: Counts = new Map([[p, 1]]);
    return { nullable: 0, first: only, last: only };
  }

  link(last: Counts, first: Counts): void {
    for (const [from, a] of last) addCounts(this.follow[from] as Counts, first, a);
  }

  alternatives(alts: readonly (readonly RegexTerm[])[]): Fragment {
    return alts
      .map((alt) => this.sequence(alt))
      .reduce((a, b) => ({
        nullable: saturate(a.nullable + b.nullable),
        first: union(a.first, b.first),
        last: union(a.last, b.last),
      }));
  }

  sequence(terms: readonly RegexTerm[]): Fragment {
    return terms.reduce<Fragment>((acc, term) => this.concat(acc, this.term(term)), EMPTY);
  }

  concat(a: Fragment, b: Fragment): Fragment {
    this.link(a.last, b.first);
    return {
      nullable: saturate(a.nullable * b.nullable),
      first: union(a.first, b.first, a.nullable),
      last: union(b.last, a.last, b.nullable),
    };
  }

  term(term: RegexTerm): Fragment {
    const unbounded = term.max > this.many;
    const min = unbounded ? Math.min(term.min, 1) : term.min;
    let fragment = EMPTY;
    for (let i = 0; i < min; i++) fragment = this.concat(fragment, this.atom(term.atom));
    if (unbounded) return this.concat(fragment, this.star(term.atom));
    return this.concat(fragment, this.optionalChain(term.atom, term.max - min));
  }

  /** `(E(E(E)?)?)?`, `count` deep: greedy optional copies, one way to stop after each. */
  optionalChain(atom: RegexAtom, count: number): Fragment {
    if (count === 0) return EMPTY;
    const body = this.concat(this.atom(atom), this.optionalChain(atom, count - 1));
    return { nullable: saturate(body.nullable + 1), first: body.first, last: body.last };
  }

  star(atom: RegexAtom): Fragment {
    const body = this.atom(atom);
    this.link(body.last, body.first);
    return { nullable: 1, first: body.first, last: body.last };
  }

  atom(atom: RegexAtom): Fragment {
    switch (atom.kind) {
      case "char":
        return this.position(atom.source);
      case "group":
        if (!atom.zeroWidth) return this.alternatives(atom.alternatives);
        this.lookarounds.push(atom.alternatives);
        return EMPTY;
      case "anchor":
      case "backref":
        return EMPTY;
    }
  }
}

/** Thrown while building an automaton past its position limit. */
class TooManyPositions extends Error {}

/** Whether two one-character atoms can match the same character, memoised per pair of sources. */
function overlapTest(): (a: string, b: string) => boolean {
  const memo = new Map<string, boolean>();
  const matchers = new Map<string, RegExp>();
  const matcher = (source: string): RegExp => {
    let re = matchers.get(source);
    if (re === undefined) matchers.set(source, (re = new RegExp(`^(?:${source})$`, "u")));
    return re;
  };
  return (a, b) => {
    if (a === b) return true;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    let known = memo.get(key);
    if (known === undefined) {
      const ra = matcher(a);
      const rb = matcher(b);
      memo.set(
        key,
        (known = PROBES.some((p) => ra.test(p) && rb.test(p)) || [...a, ...b].some((p) => ra.test(p) && rb.test(p))),
      );
    }
    return known;
  };
}

/** Strongly connected components (iterative Tarjan) of the nodes reachable from `roots`; each node's component index. */
function components(roots: readonly number[], next: (node: number) => readonly number[]): Map<number, number> {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const component = new Map<number, number>();
  const stack: number[] = [];
  let counter = 0;
  let count = 0;
  for (const root of roots) {
    if (index.has(root)) continue;
    const work: { node: number; edges: readonly number[]; at: number }[] = [];
    const enter = (node: number) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      work.push({ node, edges: next(node), at: 0 });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as (typeof work)[number];
      if (frame.at < frame.edges.length) {
        const to = frame.edges[frame.at++] as number;
        if (!index.has(to)) enter(to);
        else if (!component.has(to))
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        for (let node = stack.pop(); node !== undefined; node = node === frame.node ? undefined : stack.pop())
          component.set(node, count);
        count++;
      }
    }
  }
  return component;
}

/**
 * Whether two different paths of the automaton lead from some position back to itself over the same text: the
 * exponential degree of ambiguity that makes a failing match backtrack 2^n times. Checked on the product automaton
 * of each loop (strongly connected set of positions) with itself: a component holding a diagonal pair `(p, p)` and
 * either a pair of two different positions or an edge taken two ways.
 */
function exponential(automaton: Automaton): boolean {
  const size = automaton.classes.length;
  const follow = (p: number): Counts => automaton.follow[p] as Counts;
  const overlaps = overlapTest();
  const loops = components(
    Array.from({ length: size }, (_, i) => i),
    (p) => [...follow(p).keys()],
  );
  const byLoop = new Map<number, number[]>();
  for (const [p, c] of loops) {
    const members = byLoop.get(c);
    if (members === undefined) byLoop.set(c, [p]);
    else members.push(p);
  }
  const key = (q: number, r: number): number => q * size + r;
  let steps = 0;
  for (const members of byLoop.values()) {
    const inLoop = new Set(members);
    if (members.length === 1 && !follow(members[0] as number).has(members[0] as number)) continue;
    const next = (node: number): number[] => {
      const q = Math.floor(node / size);
      const r = node % size;
      const out: number[] = [];
      for (const q2 of follow(q).keys()) {
        if (!inLoop.has(q2)) continue;
        steps += follow(r).size;
        if (steps > MAX_PAIR_STEPS)
          throw new RegexTooComplexError(`its automaton is too large to analyse (over ${MAX_PAIR_STEPS} steps)`);
        for (const r2 of follow(r).keys())
          if (inLoop.has(r2) && overlaps(automaton.classes[q2] as string, automaton.classes[r2] as string))
            out.push(key(q2, r2));
      }
      return out;
    };
    const pairs = components(
      members.map((q) => key(q, q)),
      next,
    );
    const diagonal = new Set<number>();
    const ambiguous = new Set<number>();
    for (const [node, c] of pairs) {
      const q = Math.floor(node / size);
      const r = node % size;
      if (q !== r) ambiguous.add(c);
      if (q !== r) continue;
      diagonal.add(c);
      for (const [q2, ways] of follow(q)) if (ways > 1 && pairs.get(key(q2, q2)) === c) ambiguous.add(c);
    }
    if ([...diagonal].some((c) => ambiguous.has(c))) return true;
  }
  return false;
}

/** The automaton of `alternatives`, or undefined past `maxPositions` positions. */
function build(
  alternatives: readonly (readonly RegexTerm[])[],
  many: number,
  maxPositions: number,
): Automaton | undefined {
  const automaton = new Automaton(many, maxPositions);
  try {
    automaton.alternatives(alternatives);
  } catch (error) {
    if (error instanceof TooManyPositions) return undefined;
    throw error;
  }
  return automaton;
}

/**
 * Why the pattern can backtrack exponentially, or undefined when it cannot: some repetition can match one text in
 * two different ways (`^(a+)+$`, `(\w+\s?)*`, `(a|aa)+`, `(\w|\d)*`), including inside a lookaround. Delimited
 * nesting (`^(\d+\.)+\d+$`, `((ab)+c)+`) is unambiguous and accepted. Polynomial ambiguity (`\d+\d+$`) is not reported.
 * Throws RegexTooComplexError for an automaton too large to analyse.
 */
export function exponentialBacktracking(alternatives: readonly (readonly RegexTerm[])[]): string | undefined {
  const automaton = build(alternatives, MANY, MAX_POSITIONS) ?? build(alternatives, 1, MAX_BUILT_POSITIONS);
  if (automaton === undefined)
    throw new RegexTooComplexError(`its automaton is too large to analyse (over ${MAX_BUILT_POSITIONS} positions)`);
  if (exponential(automaton))
    return "a repetition can match the same text in more than one way, so a failing match retries exponentially many splits";
  for (const body of automaton.lookarounds) {
    const inner = exponentialBacktracking(body);
    if (inner !== undefined) return `inside a lookaround: ${inner}`;
  }
  return undefined;
}
