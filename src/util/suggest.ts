// Did-you-mean: the closest candidates to a misspelt name, by edit distance on case-folded text.

/** Levenshtein distance with a cheap early exit once every cell passes `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return rowMin;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function fold(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Up to `max` candidates close to `wanted` (distance at most a third of its length, at least 2),
 * nearest first; exact matches after folding case and punctuation come first.
 */
export function suggest(wanted: string, candidates: Iterable<string>, max = 3): string[] {
  const target = fold(wanted);
  const limit = Math.max(2, Math.floor(target.length / 3));
  const scored: [string, number][] = [];
  for (const candidate of candidates) {
    const folded = fold(candidate);
    const distance =
      folded === target
        ? 0
        : folded.includes(target) || target.includes(folded)
          ? 1
          : editDistance(target, folded, limit);
    if (distance <= limit) scored.push([candidate, distance]);
  }
  scored.sort(([a, x], [b, y]) => x - y || (a < b ? -1 : a > b ? 1 : 0));
  return scored.slice(0, max).map(([c]) => c);
}

/** `did you mean "a" or "b"?`, or undefined when nothing is close. */
export function didYouMean(wanted: string, candidates: Iterable<string>): string | undefined {
  const found = suggest(wanted, candidates);
  if (found.length === 0) return undefined;
  return `did you mean ${found.map((c) => JSON.stringify(c)).join(" or ")}?`;
}
