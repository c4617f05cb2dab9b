// Counts the o200k tokens of definition text: the encoder's own pieces, each distinct piece encoded once per process.
import { createRequire } from "node:module";

/** Counts o200k tokens: in full, or only up to a limit (counting stops once the text passes it). */
export interface TokenCounter {
  readonly count: (text: string) => number;
  /** The count when it is at most `limit`, else false. */
  readonly within: (text: string, limit: number) => number | false;
  /** Whether counting is now as cheap as bounding (the encoder is loaded): then no bound is worked out first. */
  readonly loaded?: () => boolean;
}

type Encoding = typeof import("gpt-tokenizer/encoding/o200k_base");

/** The parts of gpt-tokenizer's encoder that split text into pieces and encode one piece. */
interface PieceEncoder {
  readonly tokenSplitRegex: RegExp;
  readonly getBpeRankFromString: (piece: string) => number | undefined;
  readonly bytePairEncode: (piece: string) => readonly number[];
}

/** Spec text is counted as the model reads it: `<|endoftext|>` in a description is ordinary text, not a control token. */
const ORDINARY_TEXT = { disallowedSpecial: new Set<string>() };

let counter: TokenCounter | undefined;

/**
 * The o200k counter, loaded on first use (~300 ms: the rank table is a multi-megabyte module), so commands that never
 * count tokens do not pay for it by importing this file.
 */
export function o200k(): TokenCounter {
  counter ??= piecewise(createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as Encoding);
  return counter;
}

/** Whether the o200k counter has been loaded in this process. */
export function o200kLoaded(): boolean {
  return counter !== undefined;
}

/**
 * With no special token allowed, the encoder splits text by one regular expression and encodes each piece on its own,
 * so a text's count is the sum of its pieces' counts. Definitions repeat the same few thousand pieces (keys, type
 * names, words of shared descriptions), so each distinct piece is encoded once. Falls back to the library's own
 * counting where its encoder does not have that shape.
 */
function piecewise(encoding: Encoding): TokenCounter {
  const library: TokenCounter = {
    count: (text) => encoding.countTokens(text, ORDINARY_TEXT),
    within: (text, limit) => encoding.isWithinTokenLimit(text, limit, ORDINARY_TEXT),
  };
  const encoder = (encoding.default as unknown as { bytePairEncodingCoreProcessor?: Partial<PieceEncoder> })
    .bytePairEncodingCoreProcessor;
  if (
    !(encoder?.tokenSplitRegex instanceof RegExp) ||
    typeof encoder.getBpeRankFromString !== "function" ||
    typeof encoder.bytePairEncode !== "function"
  )
    return library;
  const { tokenSplitRegex } = encoder;
  const encode = encoder as PieceEncoder;
  const pieces = new Map<string, number>();
  const piece = (text: string): number => {
    let n = pieces.get(text);
    if (n === undefined) {
      n = encode.getBpeRankFromString(text) === undefined ? encode.bytePairEncode(text).length : 1;
      pieces.set(text, n);
    }
    return n;
  };
  const upTo = (text: string, limit: number): number | false => {
    let n = 0;
    for (const [match] of text.matchAll(tokenSplitRegex)) if ((n += piece(match)) > limit) return false;
    return n;
  };
  return {
    count: (text) => upTo(text, Number.POSITIVE_INFINITY) as number,
    within: upTo,
  };
}
