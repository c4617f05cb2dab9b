// Spec text whose UTF-8 was read as Windows-1252 (once or more: "Ã¢â‚¬â€œ" for "–") → the text meant.
import type { Reporter } from "./report.js";
import { type JsonRecord, isRecord } from "./walk.js";

/** Members whose string is prose shown to the model or the operator; values sent to the API are left as written. */
const TEXT_MEMBERS = new Set(["description", "summary", "title"]);

/** Windows-1252's characters for bytes 0x80–0x9F (the five it leaves undefined read as the byte itself). */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const BYTE_OF = new Map<string, number>([
  ...Array.from(CP1252_HIGH, (char, i) => [char, 0x80 + i] as [string, number]),
  ...Array.from({ length: 0x60 }, (_, i) => [String.fromCharCode(0xa0 + i), 0xa0 + i] as [string, number]),
]);
/** A run of non-ASCII characters that each stand for one Windows-1252 byte. */
const RUN = new RegExp(`[${[...BYTE_OF.keys()].join("").replace(/[\]\\^-]/g, "\\$&")}]{2,}`, "gu");
const DECODER = new TextDecoder("utf-8", { fatal: true });
/** Controls (C0 but tab and newlines, C1) and the replacement character: no repair yields them. */
const ODD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u0080-\u009F\uFFFD]/u;
/** Encodings undone at most (Stack Exchange's dash was encoded three times). */
const MAX_PASSES = 4;

/** Punctuation that closes a word: after a capital ("CHLOÉ”") it is real text, though the pair is valid UTF-8 ("ɔ"). */
const CLOSING = new Set(["’", "”", "…", "–", "—", "›"]);

/** The run's bytes read as UTF-8, or undefined when they are no valid UTF-8 (real Latin-1 text such as "café"). */
function redecoded(run: string): string | undefined {
  const bytes = Uint8Array.from(run, (char) => BYTE_OF.get(char) ?? 0);
  try {
    const text = DECODER.decode(bytes);
    const capitalBeforeClosing = run.length === 2 && text.codePointAt(0)! > 0xff && CLOSING.has(run[1]!);
    return ODD.test(text) || capitalBeforeClosing ? undefined : text;
  } catch {
    return undefined;
  }
}

/** `text` with each run of UTF-8 read as Windows-1252 decoded (as often as it was encoded), or undefined if none is. */
export function repairedText(text: string): string | undefined {
  let out = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = out.replace(RUN, (run) => redecoded(run) ?? run);
    if (next === out) break;
    out = next;
  }
  return out === text ? undefined : out;
}

/** `document` with its prose repaired (only the objects on the way copied) and one warning naming how many changed. */
export function repairMojibake(document: JsonRecord, reporter: Reporter): JsonRecord {
  const changed: { pointer: string; from: string; to: string }[] = [];
  const walk = (node: unknown, pointer: string): unknown => {
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      node.forEach((item, i) => {
        const next = walk(item, `${pointer}/${i}`);
        if (next !== item) (copy ??= [...node])[i] = next;
      });
      return copy ?? node;
    }
    if (!isRecord(node)) return node;
    let copy: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      const fixed = typeof value === "string" && TEXT_MEMBERS.has(key) ? repairedText(value) : undefined;
      if (fixed !== undefined) changed.push({ pointer: at, from: value as string, to: fixed });
      const next = fixed ?? walk(value, at);
      if (next !== value) {
        copy ??= { ...node };
        Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
      }
    }
    return copy ?? node;
  };
  const out = walk(document, "") as JsonRecord;
  const first = changed[0];
  if (first === undefined) return document;
  const sample = firstDifference(first.from, first.to);
  const more = changed.length > 1 ? ` (and ${changed.length - 1} more text member(s) of the document)` : "";
  reporter.report("SPEC_TEXT_MOJIBAKE_REPAIRED", first.pointer, {
    message: `text holds UTF-8 read as Windows-1252/Latin-1: "${sample.from}" is read as "${sample.to}"${more}`,
  });
  return out;
}

/** The first repaired run of `from`, as written and as read. */
function firstDifference(from: string, to: string): { from: string; to: string } {
  const run = from.match(RUN)?.find((r) => repairedText(r) !== undefined) ?? from;
  return { from: run, to: repairedText(run) ?? to };
}
