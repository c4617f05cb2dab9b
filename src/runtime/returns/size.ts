// JSON values → trees annotated with their exact UTF-8 JSON size, computed in one pass.
import { Buffer } from "node:buffer";

/** UTF-8 bytes of a text. */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/**
 * A JSON value with the exact byte size of its `JSON.stringify`. Arrays and objects sized from a value that is
 * already pure JSON keep it as `source`, so a member kept whole is returned as it is rather than rebuilt.
 */
export type Sized =
  | { readonly kind: "scalar"; readonly value: unknown; readonly size: number }
  | { readonly kind: "string"; readonly value: string; readonly size: number }
  | {
      readonly kind: "array";
      readonly items: readonly Sized[];
      readonly size: number;
      readonly source?: readonly unknown[];
    }
  | {
      readonly kind: "object";
      readonly entries: readonly SizedEntry[];
      readonly size: number;
      readonly source?: Readonly<Record<string, unknown>>;
    };

/** An object member: its key, the key's JSON size, and its value. */
export interface SizedEntry {
  readonly key: string;
  readonly keySize: number;
  readonly value: Sized;
}

/** Characters whose JSON form is not the character itself in one byte (escapes, non-ASCII). */
const NOT_PLAIN_ASCII = /[\u0000-\u001f"\\\u007f-\uffff]/;

/**
 * UTF-8 bytes of `JSON.stringify(text)`; printable ASCII without quotes or backslashes is counted without serialising.
 */
export function stringJsonBytes(text: string): number {
  return NOT_PLAIN_ASCII.test(text) ? utf8Bytes(JSON.stringify(text)) : text.length + 2;
}

function scalarSize(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === "boolean") return value ? 4 : 5;
  if (value === null) return 4;
  return utf8Bytes(JSON.stringify(value) ?? "null");
}

/** Sizes a pure JSON value (as `JSON.parse` returns it). */
export function sized(value: unknown): Sized {
  if (typeof value === "string") return { kind: "string", value, size: stringJsonBytes(value) };
  if (Array.isArray(value)) {
    const items: Sized[] = [];
    let size = 2 + Math.max(0, value.length - 1);
    for (const item of value) {
      const node = sized(item);
      items.push(node);
      size += node.size;
    }
    return { kind: "array", items, size };
  }
  if (value !== null && typeof value === "object") {
    const entries: SizedEntry[] = [];
    let size = 2;
    for (const [key, item] of Object.entries(value)) {
      const entry = { key, keySize: stringJsonBytes(key), value: sized(item) };
      size += (entries.length > 0 ? 1 : 0) + entry.keySize + 1 + entry.value.size;
      entries.push(entry);
    }
    return { kind: "object", entries, size };
  }
  return { kind: "scalar", value, size: scalarSize(value) };
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !Object.hasOwn(value, "toJSON");
}

/**
 * Sizes a value that JSON.parse(JSON.stringify(value)) would return unchanged (strings, finite numbers other than -0,
 * booleans, null, plain objects and dense arrays of those, no `toJSON`), keeping each array and object as its node's
 * `source`; undefined for anything else, or nesting deeper than `depth` (which also stops a cycle).
 */
export function sizedJson(value: unknown, depth = 256): Sized | undefined {
  switch (typeof value) {
    case "string":
      return { kind: "string", value, size: stringJsonBytes(value) };
    case "boolean":
      return { kind: "scalar", value, size: value ? 4 : 5 };
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0)
        ? { kind: "scalar", value, size: String(value).length }
        : undefined;
    case "object":
      break;
    default:
      return undefined;
  }
  if (value === null) return { kind: "scalar", value, size: 4 };
  if (depth <= 0) return undefined;
  if (Array.isArray(value)) {
    const items: Sized[] = [];
    let size = 2 + Math.max(0, value.length - 1);
    for (let i = 0; i < value.length; i++) {
      const node = sizedJson(value[i], depth - 1);
      if (node === undefined) return undefined;
      items.push(node);
      size += node.size;
    }
    return { kind: "array", items, size, source: value };
  }
  if (!isPlainObject(value)) return undefined;
  const entries: SizedEntry[] = [];
  let size = 2;
  for (const key of Object.keys(value)) {
    const node = sizedJson((value as Record<string, unknown>)[key], depth - 1);
    if (node === undefined) return undefined;
    const entry = { key, keySize: stringJsonBytes(key), value: node };
    size += (entries.length > 0 ? 1 : 0) + entry.keySize + 1 + node.size;
    entries.push(entry);
  }
  return { kind: "object", entries, size, source: value as Record<string, unknown> };
}

/** Strings of a tree, for choosing one length limit for all of them. */
export function collectStrings(
  node: Sized,
  out: { chars: number; size: number }[] = [],
): { chars: number; size: number }[] {
  if (node.kind === "string" && isProse(node.value)) out.push({ chars: node.value.length, size: node.size });
  if (node.kind === "array") for (const item of node.items) collectStrings(item, out);
  if (node.kind === "object") for (const entry of node.entries) collectStrings(entry.value, out);
  return out;
}

/** Strings shorter than this are never shortened: kept whole, or left out whole. */
export const MIN_PROSE_CHARS = 64;

/**
 * Whether a string is prose the cap may shorten: long, with words separated by spaces. Identifiers, keys, timestamps,
 * URLs, e-mail addresses, enum values and encoded data have no spaces; a cut one would be a wrong value the model may
 * pass on, so they are kept whole or left out whole.
 */
export function isProse(text: string): boolean {
  if (text.length <= MIN_PROSE_CHARS) return false;
  const words = text
    .slice(0, 400)
    .split(/\s+/)
    .filter((w) => w !== "").length;
  return words >= 4;
}
