// Sentence helpers for text a model reads.

/** Upper-cases a leading lower-case word (`name of the Pod` → `Name of the Pod`); code, symbols and `iPhone`-like words stay. */
export function sentenceCase(text: string): string {
  return /^[a-z][a-z]*(\s|,|$)/u.test(text) ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
}
