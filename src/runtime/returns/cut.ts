// Shortening primitives: a string cut at a character (never in a surrogate pair) or to a byte budget, marked "…".
import { utf8Bytes } from "./size.js";

/** The mark appended to a shortened string. */
export const ELLIPSIS = "…";

/** The first `chars` UTF-16 units of `text` plus "…", backing off one unit rather than splitting a surrogate pair. */
export function shorten(text: string, chars: number): string {
  const end = Math.max(0, chars);
  const code = text.charCodeAt(end - 1);
  const safe = code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
  return text.slice(0, safe) + ELLIPSIS;
}

/** `text` shortened so its JSON form fits `budget` bytes, or undefined when not even "…" fits. */
export function shortenToBytes(text: string, budget: number): string | undefined {
  const full = utf8Bytes(JSON.stringify(text));
  if (full <= budget) return text;
  if (budget < 2 + utf8Bytes(ELLIPSIS)) return undefined;
  let chars = Math.floor(((budget - 5) * text.length) / Math.max(1, full - 2));
  for (;;) {
    const candidate = shorten(text, chars);
    if (chars <= 0 || utf8Bytes(JSON.stringify(candidate)) <= budget) return chars <= 0 ? ELLIPSIS : candidate;
    chars = Math.floor(chars * 0.85) - 1;
  }
}
