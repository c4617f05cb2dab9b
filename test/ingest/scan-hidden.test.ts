// The document scan finds hidden characters exactly where the hidden-text expression matches, every code point (in a
// string value, an array item and a key), though it reads most text by a cheaper test first.
import { describe, expect, it } from "vitest";
import { scanDocument } from "../../src/ingest/scan.js";

const HIDDEN = /[\p{Cf}\u115f\u1160\u3164\uffa0]/u;

describe("hidden characters, every code point", () => {
  it("in values, array items and keys", () => {
    const points = Array.from({ length: 0x110000 }, (_, c) => c).filter((c) => c < 0xd800 || c > 0xdfff);
    const texts = points.map((c) => `a${String.fromCodePoint(c)}b`);
    const scan = scanDocument("", {
      values: Object.fromEntries(texts.map((t, i) => [String(i), t])),
      items: texts,
      keys: Object.fromEntries(texts.map((t) => [t, 1])),
    });
    const want = texts.filter((t) => HIDDEN.test(t));
    expect(want.length).toBeGreaterThan(150);
    expect(scan.hidden.filter((h) => h.pointer.startsWith("/values/")).map((h) => h.text)).toEqual(want);
    expect(scan.hidden.filter((h) => h.pointer.startsWith("/items/")).map((h) => h.text)).toEqual(want);
    expect(scan.hidden.filter((h) => h.pointer.startsWith("/keys/")).map((h) => h.text)).toEqual(want);
  });
});
