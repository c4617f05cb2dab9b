// jsonText and jsString against the one-pass escaper they replaced: every BMP code unit, astral characters, lone surrogates.
import { describe, expect, it } from "vitest";
import { jsonText, jsString } from "../../src/emit/escape.js";

/** The escaper before the plain-ASCII prefilter: the Unicode property class over the whole text. */
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115f\u1160\u3164\uffa0]/gu;
const reference = (text: string): string =>
  text.replace(UNSAFE, (c) =>
    [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
  );

const bmp = Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i));
const astral = [0x1f600, 0xe0001, 0xe0041, 0xf0000, 0x10fffd, 0x1d400, 0x2fffe, 0x10ffff].map((c) =>
  String.fromCodePoint(c),
);

describe("jsonText and jsString escape as the whole-text Unicode class did", () => {
  it("every BMP code unit alone and between ASCII, inside JSON", () => {
    const differ = bmp.filter(
      (c) =>
        jsonText({ [c]: `a${c}b` }) !== reference(JSON.stringify({ [c]: `a${c}b` }, null, 2)) ||
        jsString(c) !== reference(JSON.stringify(c)),
    );
    expect(differ).toEqual([]);
  });

  it("runs of mixed characters, astral characters, surrogate pairs and lone surrogates", () => {
    const samples = [
      bmp.join(""),
      astral.join("x"),
      `caf\u00e9 \u202e evil \u2066 ${astral.join("")} \ud800 \udc00x\ud83d\ude00\u200b\n\tend`,
      "\u0085\u00a0\u00ad\u061c\u2028\u2029\ufeff\u3164\uffa0\ue000",
      'plain ASCII only, with "quotes" and \\ backslashes',
      "",
    ];
    for (const text of samples) {
      expect(jsonText({ text, list: [text, text] })).toBe(
        reference(JSON.stringify({ text, list: [text, text] }, null, 2)),
      );
      expect(jsonText(text, 0)).toBe(reference(JSON.stringify(text)));
      expect(jsString(text)).toBe(reference(JSON.stringify(text)));
    }
  });
});

describe("jsonText copies only the runs escaping changes", () => {
  it("random texts of plain ASCII with visible and invisible runs escape as the whole-text class", () => {
    let seed = 29;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 4294967296;
    };
    const pieces = [
      "plain text ",
      "\n",
      "\t",
      "é",
      "—",
      "語",
      "😀",
      "\u200b",
      "\u202e",
      "\u0000",
      "\ud800",
      "\udc00",
      "\ue000",
      '"',
      "\\",
    ];
    for (let n = 0; n < 2000; n++) {
      let text = "";
      for (let i = Math.floor(next() * 40); i > 0; i--) text += pieces[Math.floor(next() * pieces.length)];
      expect(jsonText({ text }, n % 3)).toBe(reference(JSON.stringify({ text }, null, n % 3)));
      expect(jsString(text)).toBe(reference(JSON.stringify(text)));
    }
  });

  it("a text whose only non-ASCII runs are visible comes back as it is", () => {
    const text = `${"café — 語 ".repeat(1000)}😀`;
    expect(jsonText(text, 0)).toBe(JSON.stringify(text));
  });
});
