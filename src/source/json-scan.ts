// One linear pass over JSON text that finds the first key repeated within one object (JSON.parse keeps the last silently).

export interface DuplicateKey {
  readonly key: string;
  readonly offset: number;
}

/** Assumes `text` already parsed as JSON; returns the first duplicate key and where it starts. */
export function findDuplicateJsonKey(text: string): DuplicateKey | undefined {
  return scanJson(text).duplicate;
}

export interface JsonScan {
  /** The first key repeated within one object, if any. */
  readonly duplicate?: DuplicateKey;
  /** The deepest nesting of objects and arrays seen (up to the duplicate, when there is one). */
  readonly depth: number;
}

/** Up to this many keys an object's are kept in a list (most objects have a few); past it, in a Set. */
const LISTED_KEYS = 8;

/**
 * One pass over parsed JSON text: the first duplicate key, and how deep objects and arrays nest. Characters are read
 * in a plain loop and strings skipped whole (a match object per structural character cost a third of the time).
 */
export function scanJson(text: string): JsonScan {
  let depth = 0;
  // Per open object its keys so far (a list, then a Set); null for an array.
  const stack: (string[] | Set<string> | null)[] = [];
  let keys: string[] | Set<string> | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = closingQuote(text, i);
      // In valid JSON a string is a key exactly when a colon follows it.
      if (keys !== null && isKey(text, end + 1)) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (Array.isArray(keys)) {
          if (keys.includes(key)) return { duplicate: { key, offset: i }, depth };
          keys.push(key);
          if (keys.length > LISTED_KEYS) {
            keys = new Set(keys);
            stack[stack.length - 1] = keys;
          }
        } else {
          if (keys.has(key)) return { duplicate: { key, offset: i }, depth };
          keys.add(key);
        }
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      keys = c === 0x7b ? [] : null;
      depth = Math.max(depth, stack.push(keys));
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      keys = stack.length === 0 ? null : (stack[stack.length - 1] ?? null);
    }
  }
  return { depth };
}

/** Whether the first character at or after `from` that is not JSON whitespace is a colon. */
function isKey(text: string, from: number): boolean {
  for (let j = from; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x3a) return true;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return false;
}

/** Offset of the quote closing the string opened at `open`: jumps quote to quote, skipping escaped ones. */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}
