// Definition text → an upper bound of its o200k tokens without the encoder's rank table: each piece of o200k's split
// by its count when o200k-pieces.ts lists it, else by its UTF-8 bytes (a token covers at least one byte).
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { O200K_PIECES } from "./o200k-pieces.js";

let split: RegExp | undefined;
let known: Map<string, number> | undefined;

/** o200k's split expression (the encoder splits by it and encodes each piece alone), loaded without the rank table. */
export function o200kSplit(): RegExp {
  split ??= (
    createRequire(import.meta.url)("gpt-tokenizer/encodingParams/constants") as { O200K_TOKEN_SPLIT_REGEX: RegExp }
  ).O200K_TOKEN_SPLIT_REGEX;
  return split;
}

/** At least the o200k tokens of `text`; counting stops once past `limit`. */
export function o200kAtMost(text: string, limit = Number.POSITIVE_INFINITY): number {
  known ??= new Map(O200K_PIECES.flatMap(([tokens, pieces]) => pieces.map((piece) => [piece, tokens] as const)));
  let n = 0;
  for (const [piece] of text.matchAll(o200kSplit())) {
    n += known.get(piece) ?? Buffer.byteLength(piece, "utf8");
    if (n > limit) return n;
  }
  return n;
}
