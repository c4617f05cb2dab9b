// Spelling suggestions: the known name closest to a misspelt one, for "did you mean" hints.

function normalise(name: string): string {
  return name.toLowerCase().replaceAll(/[-_\s]/g, "");
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The candidate `name` most likely meant (same letters ignoring case and `-`/`_`, or a few edits away). */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = normalise(name);
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, normalise(candidate));
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  if (best === undefined) return undefined;
  return best.distance <= Math.max(1, Math.floor(wanted.length / 3)) ? best.candidate : undefined;
}

/** `did you mean "x"?` when a close candidate exists, else the list of what is allowed. */
export function didYouMean(name: string, candidates: readonly string[], what = "allowed"): string {
  const match = closest(name, candidates);
  if (match !== undefined) return `did you mean "${match}"?`;
  return `${what}: ${candidates.map((c) => `"${c}"`).join(", ")}`;
}
