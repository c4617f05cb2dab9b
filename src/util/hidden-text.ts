// Whether text holds invisible or bidirectional-control characters, for a string and for a whole JSON text at once.

/** Invisible and bidirectional-control characters: format characters (bidi overrides, zero-width, Unicode tags) and blank fillers. */
const HIDDEN_TEST = /[\p{Cf}\u115f\u1160\u3164\uffa0]/u;

/** Text all ASCII, which holds none of them (no ASCII character is a format character): tested far faster. */
const ASCII = /^[\u0000-\u007f]*$/;

/** Runs of UTF-16 code units outside ASCII: a surrogate pair is never split, and without `u` the search is twice as fast. */
const NON_ASCII_RUNS = /[^\u0000-\u007f]+/g;

export const holdsHidden = (text: string): boolean => !ASCII.test(text) && HIDDEN_TEST.test(text);

/**
 * Whether a string or key of the value `text` parses to may hold a hidden character: only when the text holds one
 * itself or a `\u` escape, which can write one in ASCII. False lets a walk of the parsed value skip testing each string
 * (a spec's text has a few runs outside ASCII among megabytes; GitHub's strings cost ~40 ms to test one by one).
 */
export function jsonTextMayHoldHidden(text: string): boolean {
  if (text.includes("\\u")) return true;
  NON_ASCII_RUNS.lastIndex = 0;
  for (let run = NON_ASCII_RUNS.exec(text); run !== null; run = NON_ASCII_RUNS.exec(text))
    if (HIDDEN_TEST.test(run[0])) return true;
  return false;
}
