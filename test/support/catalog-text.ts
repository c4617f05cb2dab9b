// A generated `src/catalog.ts` or `src/catalog-search.ts` text → its entries, each string literal (or `"…" +` pieces) read
// as JSON, nothing evaluated.

/** The catalog's entries in order, from the array of JSON texts of the generated module (heads, or search fields). */
export function catalogEntries<T = Record<string, unknown>>(text: string): T[] {
  const start = text.search(/^(?:export )?const (?:heads|entries): \w+\[\] = \[$/m);
  const end = text.indexOf("].map(", start);
  if (start < 0 || end < 0) return [];
  const entries: T[] = [];
  let pieces: string[] = [];
  for (const token of text.slice(start, end).matchAll(/"(?:[^"\\\n]|\\.)*"|,\s*$/gm)) {
    const literal = token[0];
    if (literal.startsWith('"')) pieces.push(JSON.parse(literal) as string);
    else if (pieces.length > 0) {
      entries.push(JSON.parse(pieces.join("")) as T);
      pieces = [];
    }
  }
  return entries;
}
