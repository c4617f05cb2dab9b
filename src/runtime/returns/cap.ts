// A result → the same result within the byte cap: strings shortened, lists cut, deep fields dropped, `_truncated` said.
import { shorten, shortenToBytes } from "./cut.js";
import { fitValue, noCuts, type Cuts } from "./fit.js";
import { collectStrings, isProse, sized, sizedJson, utf8Bytes, type Sized } from "./size.js";

/** The toolset's cap and the inputs that narrow this tool's result. */
export interface CapOptions {
  readonly maxBytes: number;
  readonly narrowingInputs: readonly string[];
}

/** Default cap. */
export const DEFAULT_MAX_RETURN_BYTES = 2048;

/** Strings are not shortened below this many characters while lists can still be cut. */
const MIN_STRING_CHARS = 64;

const TRUNCATED_KEY_BYTES = utf8Bytes('"_truncated":');

const estimateShortened = (s: { chars: number; size: number }, chars: number): number =>
  5 + Math.ceil(((s.size - 2) * chars) / s.chars);

function sizeAfter(strings: readonly { chars: number; size: number }[], total: number, chars: number): number {
  let size = total;
  for (const s of strings) if (s.chars > chars) size -= s.size - estimateShortened(s, chars);
  return size;
}

/** The largest per-string length (at least MIN_STRING_CHARS) at which the estimated size fits, by binary search. */
function stringLimit(tree: Sized, target: number): number | undefined {
  const strings = collectStrings(tree).filter((s) => s.chars > MIN_STRING_CHARS);
  if (strings.length === 0) return undefined;
  let low = MIN_STRING_CHARS;
  let high = Math.max(...strings.map((s) => s.chars));
  if (sizeAfter(strings, tree.size, low) > target) return low;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (sizeAfter(strings, tree.size, mid) <= target) low = mid;
    if (sizeAfter(strings, tree.size, mid) > target) high = mid - 1;
  }
  return low;
}

function shortenStrings(node: Sized, chars: number, cuts: Cuts): Sized {
  switch (node.kind) {
    case "scalar":
      return node;
    case "string":
      if (node.value.length <= chars || !isProse(node.value)) return node;
      cuts.strings++;
      return sized(shorten(node.value, chars));
    case "array": {
      const items = node.items.map((item) => shortenStrings(item, chars, cuts));
      if (items.every((item, i) => item === node.items[i])) return node;
      return { kind: "array", items, size: 2 + Math.max(0, items.length - 1) + items.reduce((n, i) => n + i.size, 0) };
    }
    case "object": {
      const values = node.entries.map((e) => shortenStrings(e.value, chars, cuts));
      if (values.every((value, i) => value === node.entries[i]?.value)) return node;
      const entries = node.entries.map((e, i) => ({ ...e, value: values[i] as Sized }));
      return {
        kind: "object",
        entries,
        size: 2 + Math.max(0, entries.length - 1) + entries.reduce((n, e) => n + e.keySize + 1 + e.value.size, 0),
      };
    }
  }
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What was cut, in words, and how to ask for less. */
export function truncationNote(cuts: Cuts, narrowingInputs: readonly string[]): string {
  const lists = cuts.arrays.slice(0, 3).map((a) => `${a.path || "list"}: ${a.kept} of ${a.total} shown`);
  if (cuts.arrays.length > 3) lists.push(`${plural(cuts.arrays.length - 3, "more list")} cut`);
  const strings = cuts.strings > 0 ? [`${plural(cuts.strings, "long string")} shortened with "…"`] : [];
  const dropped =
    cuts.dropped.length > 0
      ? [
          `${plural(cuts.dropped.length, "field")} left out ` +
            `(${cuts.dropped.slice(0, 3).join(", ")}${cuts.dropped.length > 3 ? ", …" : ""})`,
        ]
      : [];
  const what = [...lists, ...strings, ...dropped].join("; ") || "the result was shortened";
  const how =
    narrowingInputs.length > 0
      ? `narrow the call with ${narrowingInputs.join(", ")}`
      : "this tool has no input that narrows its result: use what is shown, and say what was left out if it matters";
  return `${what} … ${how}`;
}

/**
 * The fitted result with the note appended as its last member (when any of it fits), and the exact bytes of its JSON.
 */
function withNote(
  fitted: Record<string, unknown>,
  note: string,
  maxBytes: number,
): { readonly value: Record<string, unknown>; readonly bytes: number } {
  const size = utf8Bytes(JSON.stringify(fitted));
  const comma = Object.keys(fitted).length > 0 ? 1 : 0;
  const room = maxBytes - size - comma - TRUNCATED_KEY_BYTES;
  const text = shortenToBytes(note, room);
  if (text === undefined) return { value: fitted, bytes: size };
  return {
    value: { ...fitted, _truncated: text },
    bytes: size + comma + TRUNCATED_KEY_BYTES + utf8Bytes(JSON.stringify(text)),
  };
}

function withoutNote(value: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(value, "_truncated")) return value;
  const { _truncated: _, ...rest } = value;
  return rest;
}

/** Whether JSON text is within `maxBytes` of UTF-8: at most 3 bytes per UTF-16 unit, at least 1. */
function fits(text: string, maxBytes: number): boolean {
  if (text.length * 3 <= maxBytes) return true;
  if (text.length > maxBytes) return false;
  return utf8Bytes(text) <= maxBytes;
}

/**
 * Caps a result at `maxBytes` of UTF-8 JSON. Fits as is: returned unchanged. Otherwise
 * long strings are shortened to one shared length, lists keep the items that fit, members that cannot fit
 * are left out; the result is always a whole JSON object with a `_truncated` note saying what was cut.
 * Sizes are computed once per node; the full result is serialised a constant number of times. `json`, when the
 * caller has it, is `JSON.stringify(result)`: the result is then not serialised again to be measured.
 */
export function capResult(
  result: Record<string, unknown>,
  options: CapOptions,
  json?: string,
): Record<string, unknown> {
  const text = json ?? JSON.stringify(result) ?? "{}";
  if (fits(text, options.maxBytes)) return result;
  const reserve = Math.min(400, Math.floor(options.maxBytes * 0.35));
  const target = options.maxBytes - reserve;
  const tree = sizedJson(withoutNote(result)) ?? sized(withoutNote(JSON.parse(text) as Record<string, unknown>));
  const stringCuts = noCuts();
  const limit = stringLimit(tree, target);
  const shortened = limit === undefined ? tree : shortenStrings(tree, limit, stringCuts);
  for (const factor of [1, 0.75, 0.5, 0.25]) {
    const cuts: Cuts = { ...noCuts(), strings: stringCuts.strings };
    const fitted = (fitValue(shortened, Math.floor(target * factor), "", cuts) ?? {}) as Record<string, unknown>;
    const capped = withNote(fitted, truncationNote(cuts, options.narrowingInputs), options.maxBytes);
    if (capped.bytes <= options.maxBytes) return capped.value;
  }
  return {
    _truncated:
      shortenToBytes(truncationNote(noCuts(), options.narrowingInputs), options.maxBytes - TRUNCATED_KEY_BYTES - 2) ??
      "…",
  };
}
