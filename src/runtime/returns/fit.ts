// A sized JSON tree + a byte budget → a value that fits: strings shortened, array tails cut, deep fields dropped.
import { shortenToBytes } from "./cut.js";
import { isProse, type Sized, type SizedEntry } from "./size.js";

/** What fitting cut, for the `_truncated` note. */
export interface Cuts {
  strings: number;
  readonly arrays: { readonly path: string; readonly kept: number; readonly total: number }[];
  readonly dropped: string[];
}

/** An empty record of cuts. */
export const noCuts = (): Cuts => ({ strings: 0, arrays: [], dropped: [] });

/** A value short enough for a member that still carries meaning. */
const MIN_MEMBER = 4;

const childPath = (path: string, key: string | number): string =>
  typeof key === "number" ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`;

/** Prose is shortened to the budget; any other string (an id, a timestamp, a URL) is left out whole. */
function fitString(node: Extract<Sized, { kind: "string" }>, budget: number, cuts: Cuts): unknown {
  if (!isProse(node.value)) return undefined;
  const value = shortenToBytes(node.value, budget);
  if (value !== undefined) cuts.strings++;
  return value;
}

function fitArray(node: Extract<Sized, { kind: "array" }>, budget: number, path: string, cuts: Cuts): unknown {
  const room = budget - 2;
  const kept: unknown[] = [];
  let used = 0;
  for (const item of node.items) {
    const cost = item.size + (kept.length > 0 ? 1 : 0);
    if (used + cost > room) break;
    kept.push(fitValue(item, item.size, path, cuts));
    used += cost;
  }
  const next = node.items[kept.length];
  const left = room - used - (kept.length > 0 ? 1 : 0);
  if (next !== undefined && left >= Math.max(MIN_MEMBER, room / 4)) {
    const partial = fitValue(next, left, childPath(path, kept.length), cuts);
    if (partial !== undefined) kept.push(partial);
  }
  if (kept.length < node.items.length) cuts.arrays.push({ path, kept: kept.length, total: node.items.length });
  return kept;
}

function memberOverhead(entries: readonly SizedEntry[]): number {
  return 2 + Math.max(0, entries.length - 1) + entries.reduce((n, e) => n + e.keySize + 1, 0);
}

/** Members that say which record this is, then what kind and state it is in: kept first when not all members fit. */
const NAMING = /^(id|uuid|gid|sid|key|name|title|login|username|email|number|slug)$|(Id|_id|Key|_key|Name|_name)$/;
const DESCRIBING = /^(type|kind|status|state|uri)$/;

const keepTier = (key: string): number => (NAMING.test(key) ? 0 : DESCRIBING.test(key) ? 1 : 2);

/** Naming members first (an item keeps its `id` and `name` before its `external_urls`), each tier in document order. */
function byKeepOrder(entries: readonly SizedEntry[]): readonly SizedEntry[] {
  return [0, 1, 2].flatMap((tier) => entries.filter((e) => keepTier(e.key) === tier));
}

/** Keeps members, identifying ones first, while their keys and a minimal value still fit; in document order. */
function affordableEntries(
  entries: readonly SizedEntry[],
  budget: number,
  path: string,
  cuts: Cuts,
): readonly SizedEntry[] {
  let count = entries.length;
  while (count > 0 && memberOverhead(entries.slice(0, count)) + MIN_MEMBER * count > budget) count--;
  if (count === entries.length) return entries;
  const kept = new Set(byKeepOrder(entries).slice(0, count));
  for (const entry of entries) if (!kept.has(entry)) cuts.dropped.push(childPath(path, entry.key));
  return entries.filter((entry) => kept.has(entry));
}

/**
 * Naming members (`id`, `name`) keep their full size first while it fits; then water-filling: small members keep
 * their full size, the large ones share what is left equally.
 */
function allotments(entries: readonly SizedEntry[], room: number): Map<SizedEntry, number> {
  const shares = new Map<SizedEntry, number>();
  let left = room;
  for (const entry of [...entries].sort((a, b) => a.value.size - b.value.size))
    if (keepTier(entry.key) === 0 && entry.value.size <= left) {
      shares.set(entry, entry.value.size);
      left -= entry.value.size;
    }
  const order = entries.filter((e) => !shares.has(e)).sort((a, b) => a.value.size - b.value.size);
  order.forEach((entry, i) => {
    const share = Math.floor(left / (order.length - i));
    const given = Math.min(entry.value.size, share);
    shares.set(entry, given);
    left -= given;
  });
  return shares;
}

function fitObject(node: Extract<Sized, { kind: "object" }>, budget: number, path: string, cuts: Cuts): unknown {
  const entries = affordableEntries(node.entries, budget, path, cuts);
  const shares = allotments(entries, budget - memberOverhead(entries));
  const result: Record<string, unknown> = {};
  for (const entry of entries) {
    const value = fitValue(entry.value, shares.get(entry) ?? 0, childPath(path, entry.key), cuts);
    if (value === undefined) cuts.dropped.push(childPath(path, entry.key));
    if (value !== undefined)
      Object.defineProperty(result, entry.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** The value of `node` in at most `budget` bytes of JSON, or undefined when nothing of it fits. */
export function fitValue(node: Sized, budget: number, path: string, cuts: Cuts): unknown {
  if (node.size <= budget) return plain(node);
  switch (node.kind) {
    case "scalar":
      return undefined;
    case "string":
      return fitString(node, budget, cuts);
    case "array":
      return budget < 2 ? undefined : nonEmpty(fitArray(node, budget, path, cuts));
    case "object":
      return budget < 2 ? undefined : nonEmpty(fitObject(node, budget, path, cuts));
  }
}

/** `{}` or `[]` left of a member that had content says nothing and costs bytes: it is left out instead. */
function nonEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  return typeof value === "object" && value !== null && Object.keys(value).length === 0 ? undefined : value;
}

function plain(node: Sized): unknown {
  switch (node.kind) {
    case "scalar":
    case "string":
      return node.value;
    case "array":
      return node.source ?? node.items.map(plain);
    case "object":
      return node.source ?? Object.fromEntries(node.entries.map((e) => [e.key, plain(e.value)]));
  }
}
