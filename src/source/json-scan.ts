// One linear pass over JSON text that finds the first key repeated within one object (JSON.parse keeps the last silently).

export interface DuplicateKey {
  readonly key: string;
  readonly offset: number;
}

/** Assumes `text` already parsed as JSON; returns the first duplicate key and where it starts. */
export function findDuplicateJsonKey(text: string): DuplicateKey | undefined {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] instanceof Set;
    } else if (c === 0x22 /* " */) {
      const start = i;
      let end = i + 1;
      let escaped = false;
      for (; end < text.length; end++) {
        const d = text.charCodeAt(end);
        if (d === 0x5c) {
          escaped = true;
          end++;
        } else if (d === 0x22) break;
      }
      if (expectKey) {
        const raw = text.slice(start + 1, end);
        const key = escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
        const keys = stack[stack.length - 1];
        if (keys) {
          if (keys.has(key)) return { key, offset: start };
          keys.add(key);
        }
        expectKey = false;
      }
      i = end;
    }
  }
  return undefined;
}
