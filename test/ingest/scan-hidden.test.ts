// The document scan's hidden-text check, which skips all-ASCII text, against the Unicode class alone: every BMP code
// unit and a few astral characters, in a value and in a key.
import { describe, expect, it } from "vitest";
import { scanDocument } from "../../src/ingest/scan.js";

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
});
