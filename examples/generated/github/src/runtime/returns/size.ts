// JSON values → trees annotated with their exact UTF-8 JSON size, computed in one pass.
import { Buffer } from "node:buffer";

/** UTF-8 bytes of a text. */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/** A JSON value with the exact byte size of its `JSON.stringify`. */
export type Sized =
  | { readonly kind: "scalar"; readonly value: unknown; readonly size: number }
  | { readonly kind: "string"; readonly value: string; readonly size: number }
  | { readonly kind: "array"; readonly items: readonly Sized[]; readonly size: number }
  | { readonly kind: "object"; readonly entries: readonly SizedEntry[]; readonly size: number };

/** An object member: its key, the key's JSON size, and its value. */
export interface SizedEntry {
  readonly key: string;
  readonly keySize: number;
  readonly value: Sized;
}

const separators = (count: number): number => Math.max(0, count - 1);

/** Sizes a pure JSON value (as `JSON.parse` returns it). */
export function sized(value: unknown): Sized {
  if (typeof value === "string") return { kind: "string", value, size: utf8Bytes(JSON.stringify(value)) };
  if (Array.isArray(value)) {
    const items = value.map(sized);
    return { kind: "array", items, size: 2 + separators(items.length) + items.reduce((n, item) => n + item.size, 0) };
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => ({ key, keySize: utf8Bytes(JSON.stringify(key)), value: sized(item) }));
    return { kind: "object", entries, size: 2 + separators(entries.length) + entries.reduce((n, e) => n + e.keySize + 1 + e.value.size, 0) };
  }
  return { kind: "scalar", value, size: utf8Bytes(JSON.stringify(value) ?? "null") };
}

/** Strings of a tree, for choosing one length limit for all of them. */
export function collectStrings(node: Sized, out: { chars: number; size: number }[] = []): { chars: number; size: number }[] {
  if (node.kind === "string") out.push({ chars: node.value.length, size: node.size });
  if (node.kind === "array") for (const item of node.items) collectStrings(item, out);
  if (node.kind === "object") for (const entry of node.entries) collectStrings(entry.value, out);
  return out;
}
