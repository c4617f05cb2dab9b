// Weighted reciprocal-rank fusion: ranks from scores and the fused scores of several rankings, per case.
import { describe, expect, it } from "vitest";
import { fuseRanks, ranks } from "../../src/runtime/adapters/search-fusion.js";

describe("ranks", () => {
  it.each<[string, number[], (number | undefined)[]]>([
    ["highest first", [1, 3, 2], [3, 1, 2]],
    ["equal scores share the best rank of their group", [2, 5, 2, 1], [2, 1, 2, 4]],
    ["a score of 0 or less is no rank", [0, 4, -1, 2], [undefined, 1, undefined, 2]],
    ["nothing scored", [0, 0], [undefined, undefined]],
    ["no documents", [], []],
  ])("%s", (_, scores, expected) => {
    expect(ranks(scores)).toEqual(expected);
  });
});

/** The documents' indexes by fused score, highest first, ties by the first ranking's score, unranked left out. */
function order(fused: number[], first: number[]): number[] {
  return fused
    .map((score, i) => ({ score, i }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || (first[b.i] ?? 0) - (first[a.i] ?? 0) || a.i - b.i)
    .map((s) => s.i);
}

describe("fuseRanks", () => {
  it.each<[string, number[], number[], number, number, number[]]>([
    ["weight 0: the first ranking's order", [9, 5, 1, 3], [0, 8, 9, 0], 0, 1, [0, 1, 3, 2]],
    ["a document only the second ranks joins after", [9, 5, 0], [0, 0, 4], 0.3, 1, [0, 1, 2]],
    ["k 1, weight 0.3: the second reorders the runners-up", [9, 5, 4, 3], [0, 0, 0, 7], 0.3, 1, [0, 3, 1, 2]],
    ["k 1, weight 0.3: the second never overturns the first", [9, 5, 0], [0, 7, 0], 0.3, 1, [0, 1]],
    ["k 1, weight 0.4: it overturns the first", [9, 5], [0, 7], 0.4, 1, [1, 0]],
    ["k 1, weight 0.3: one first only in the first ranking stays first", [9, 5], [0, 5], 0.3, 1, [0, 1]],
    ["k 60: a document both rankings rank beats one only the first ranks first", [9, 5], [0, 5], 0.3, 60, [1, 0]],
  ])("%s", (_, first, second, weight, k, expected) => {
    expect(
      order(
        fuseRanks(
          [
            { scores: first, weight: 1 },
            { scores: second, weight },
          ],
          k,
        ),
        first,
      ),
    ).toEqual(expected);
  });

  it("sums weight / (k + rank) over the rankings", () => {
    expect(
      fuseRanks(
        [
          { scores: [2, 1], weight: 1 },
          { scores: [0, 3], weight: 0.5 },
        ],
        1,
      ),
    ).toEqual([1 / 2, 1 / 3 + 0.5 / 2]);
  });
});
