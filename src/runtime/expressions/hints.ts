// Near-miss suggestions: a misspelt word → the known word it most likely meant.

/** Edits (insert, delete, replace, swap two neighbours) turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        (rows[0] as number[]).push(j);
        continue;
      }
      const row = rows[i] as number[];
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(best);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The candidate closest to `word` (ignoring case) within two edits, or undefined. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** `did you mean "x"?` for the closest candidate, else a list of what is allowed. */
export function suggest(word: string, candidates: readonly string[], render: (c: string) => string): string {
  const match = closest(word, candidates);
  if (match !== undefined) return `did you mean ${render(match)}?`;
  return `expected one of ${candidates.map(render).join(", ")}`;
}
