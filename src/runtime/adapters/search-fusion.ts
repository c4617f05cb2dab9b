// Several rankings of the same documents → one: weighted reciprocal-rank fusion (Cormack, Clarke & Büttcher, 2009).

/** One ranking to fuse: each document's score (0 or less: not ranked) and how much its ranks count. */
export interface Ranking {
  readonly scores: readonly number[];
  readonly weight: number;
}

/**
 * Each document's rank in `scores`, 1 for the highest; documents of equal score share the best rank of their group,
 * and a document scored 0 or less has none (undefined).
 */
export function ranks(scores: readonly number[]): (number | undefined)[] {
  const order = scores
    .map((score, i) => ({ score, i }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const rankOf: (number | undefined)[] = scores.map(() => undefined);
  order.forEach(({ score, i }, position) => {
    const previous = order[position - 1];
    rankOf[i] = previous !== undefined && previous.score === score ? rankOf[previous.i] : position + 1;
  });
  return rankOf;
}

/**
 * The fused score of each document: the sum over the rankings of `weight / (k + rank)`, 0 for a document no ranking
 * ranks. A small `k` lets the first places of each ranking decide; a large one lets documents ranked fairly well by
 * several rankings catch up.
 */
export function fuseRanks(rankings: readonly Ranking[], k: number): number[] {
  const length = Math.max(0, ...rankings.map((r) => r.scores.length));
  const fused: number[] = Array.from({ length }, () => 0);
  for (const { scores, weight } of rankings)
    ranks(scores).forEach((rank, i) => {
      if (rank !== undefined) fused[i] = (fused[i] ?? 0) + weight / (k + rank);
    });
  return fused;
}
