// formatFile against the line-by-line trim it skips when there is nothing to trim: any text of letters, white space
// of every kind (`trimEnd`'s set) and newlines.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatFile } from "../../src/emit/format.js";

const reference = (text: string): string => {
  const lines = text.split("\n").map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return `${lines.join("\n")}\n`;
};

const PIECES = ["a", "b", " ", "\t", "\r", "\n", "\n", "\u00a0", "\u2028", "\u2029", "\ufeff", "\u3000", "\u000b"];

describe("formatFile", () => {
  it.each(["", "\n", "a", "a\n", "a \n", "a\r\n", "a\u00a0", "a\n\n", "a\n \n", " \n", "a\u2028\n", "\n\na\n"])(
    "%j as the line-by-line trim gives it",
    (text) => {
      expect(formatFile("x.ts", text)).toBe(reference(text));
    },
  );

  it("equals the line-by-line trim for any text", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(formatFile("x.ts", text)).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });
});
