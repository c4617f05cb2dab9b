// RFC 6901 JSON pointers inside expressions: text → decoded tokens, tokens → text, and safe resolution.

/** `~` then `/` escaped per RFC 6901 §3. */
export function escapeToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** `~1` then `~0` unescaped per RFC 6901 §4, so `~01` stays `~1`. */
export function unescapeToken(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

export function formatPointer(pointer: readonly string[]): string {
  return pointer.map((t) => `/${escapeToken(t)}`).join("");
}

/**
 * RFC 6901 pointer text, with or without a leading `#` (no percent-decoding) → decoded tokens; `""` is the whole
 * document.
 */
export function pointerTokens(pointer: string): string[] {
  const text = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  return text === "" ? [] : text.split("/").slice(1).map(unescapeToken);
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

function isIndexable(node: unknown): node is object {
  return typeof node === "object" && node !== null;
}

function arrayItem(array: readonly unknown[], token: string | number): unknown {
  const index = typeof token === "number" || !ARRAY_INDEX.test(token) ? token : Number(token);
  return typeof index === "number" && Number.isInteger(index) && index >= 0 && index < array.length
    ? array[index]
    : undefined;
}

/** One step down: own enumerable data of plain objects, canonical indexes of arrays, nothing else. */
export function step(node: unknown, token: string | number): unknown {
  if (!isIndexable(node)) return undefined;
  if (Array.isArray(node)) return arrayItem(node, token);
  const key = typeof token === "string" ? token : String(token);
  return Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

/**
 * The value at `pointer` in `value`, or undefined when any token is missing (RFC 6901 §4). Only own
 * properties are followed, so `__proto__`, `constructor` and `prototype` never reach Object.prototype,
 * and arrays answer only to indexes (`length` and `-` are missing).
 */
export function resolvePointer(value: unknown, pointer: readonly (string | number)[]): unknown {
  let node = value;
  for (const token of pointer) {
    if (node === undefined) return undefined;
    node = step(node, token);
  }
  return node;
}
