// The one ordering helper: every iteration whose order reaches output goes through here.

/** Code-unit order, independent of locale and ICU version. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Entries of a plain object sorted by key. */
export function sortedEntries<T>(record: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(record).sort(([a], [b]) => compareStrings(a, b));
}
