// A description recorded in aci.lock.json: whole when short, else pieces of at most 80 JSON characters that join back
// to it exactly, so the lockfile keeps to 120 columns; anything else read back as no text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lockedText, unlockedText } from "../../src/emit/lockfile.js";

describe("recorded texts", () => {
  it("keeps a short text whole and cuts a long one after spaces", () => {
    expect(lockedText("The number of results per page.")).toBe("The number of results per page.");
    const long = `The number of results per page (max 100). ${"See the pagination guide for more. ".repeat(4)}`;
    const pieces = lockedText(long);
    expect(Array.isArray(pieces)).toBe(true);
    expect((pieces as string[]).slice(0, -1).every((p) => p.endsWith(" "))).toBe(true);
    expect(unlockedText(pieces)).toBe(long);
  });

  it("joins back to any text, every piece within 80 JSON characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (text) => {
        const locked = lockedText(text);
        expect(unlockedText(locked)).toBe(text);
        for (const piece of typeof locked === "string" ? [] : locked)
          expect(JSON.stringify(piece).length).toBeLessThanOrEqual(80);
      }),
    );
  });

  it("reads a hand-edited value that is not text as no text", () => {
    expect(unlockedText(42)).toBeUndefined();
    expect(unlockedText(["a", 1])).toBeUndefined();
    expect(unlockedText(undefined)).toBeUndefined();
  });
});
