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

/** One pass over parsed JSON text: the first duplicate key, and how deep objects and arrays nest. */
export function scanJson(text: string): JsonScan {
  let depth = 0;
  const stack: (Set<string> | null)[] = [];
  const structural = /[{}[\]"]/g;
  for (let match = structural.exec(text); match !== null; match = structural.exec(text)) {
    const i = match.index;
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      depth = Math.max(depth, stack.push(new Set()));
    } else if (c === 0x5b /* [ */) {
      depth = Math.max(depth, stack.push(null));
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else {
      const end = closingQuote(text, i);
      const keys = stack[stack.length - 1];
      // In valid JSON a string is a key exactly when a colon follows it.
      if (keys && isKey(text, end + 1)) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (keys.has(key)) return { duplicate: { key, offset: i }, depth };
        keys.add(key);
      }
      structural.lastIndex = end + 1;
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
