// Near-miss suggestions: a misspelt word → the known word it most likely meant.

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
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
