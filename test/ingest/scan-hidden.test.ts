// The document scan's hidden-text check, which skips all-ASCII text, against the Unicode class alone: every BMP code
// unit and a few astral characters, in a value and in a key; and the whole-text test that lets a JSON spec skip it.
import { describe, expect, it } from "vitest";
import { scanDocument } from "../../src/ingest/scan.js";
import { parseSource } from "../../src/source/source.js";
import { jsonTextMayHoldHidden } from "../../src/util/hidden-text.js";

const HIDDEN = /[\p{Cf}\u115f\u1160\u3164\uffa0]/u;

const chars = [
  ...Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i)),
  ...[0xe0001, 0xe0041, 0x1d173, 0x1f600, 0x110bd].map((c) => String.fromCodePoint(c)),
];

describe("hidden text in a scanned document", () => {
  it("is found exactly where the Unicode class finds it", () => {
    const differ = chars.filter((c) => {
      const { hidden } = scanDocument("d", { description: `plain ${c} text`, [`key${c}`]: 1, list: [`${c}`] });
      return hidden.length !== (HIDDEN.test(c) ? 3 : 0);
    });
    expect(differ).toEqual([]);
  });

  it("is skipped for a JSON text only when no string or key of it can hold one, written or escaped", () => {
    const wrong = chars.filter((c) => {
      const text = JSON.stringify({ [`key${c}`]: `plain ${c} text` });
      return jsonTextMayHoldHidden(text) !== (HIDDEN.test(c) || text.includes("\\u"));
    });
    expect(wrong).toEqual([]);
    for (const c of ["\u202e", "\u200b", "\u00ad", "\u{e0041}", "\u00e9", "\u{1f600}", "a"]) {
      const written = JSON.stringify({ description: `plain ${c} text`, [`key${c}`]: 1, list: [`${c}`] });
      const escaped = written.replace(
        /[^\u0000-\u007f]/g,
        (x) => `\\u${x.charCodeAt(0).toString(16).padStart(4, "0")}`,
      );
      for (const text of [written, escaped]) {
        const parsed = parseSource("spec.json", text);
        if (!parsed.ok) throw new Error(text);
        const { hidden } = scanDocument("d", parsed.doc.value, { hiddenFree: parsed.doc.hiddenFree === true });
        expect(hidden.length, `${JSON.stringify(c)} in ${text}`).toBe(HIDDEN.test(c) ? 3 : 0);
        expect(parsed.doc.hiddenFree, text).toBe(HIDDEN.test(c) || text.includes("\\u") ? undefined : true);
      }
    }
  });
});
