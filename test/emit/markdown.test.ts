// Wrapping a generated README's prose at 120 columns without changing what it renders.
import { describe, expect, it } from "vitest";
import { wrapMarkdown } from "../../src/emit/markdown.js";
import { PRINT_WIDTH } from "../../src/emit/print.js";

const words = (n: number, word = "word"): string => Array.from({ length: n }, () => word).join(" ");
const widest = (text: string): number => Math.max(...text.split("\n").map((l) => [...l].length));

describe("wrapMarkdown", () => {
  it.each<[string, string]>([
    ["a paragraph", words(60)],
    ["a list item, continued under its text", `- ${words(60)}`],
    ["a numbered item", `12. ${words(60)}`],
    ["an indented item", `  - ${words(60)}`],
  ])("cuts %s at spaces within the width, keeping its words", (_name, line) => {
    const wrapped = wrapMarkdown(line);
    expect(widest(wrapped)).toBeLessThanOrEqual(PRINT_WIDTH);
    expect(wrapped.split(/\s+/u).filter((w) => w !== "")).toEqual(line.split(/\s+/u).filter((w) => w !== ""));
    const lead = /^(\s*(?:-|\d+\.)\s)/u.exec(line)?.[1]?.length ?? 0;
    for (const next of wrapped.split("\n").slice(1)) expect(next.startsWith(" ".repeat(lead))).toBe(true);
  });

  it("never starts a line with what would open a list, quote, heading or table", () => {
    const line = `${words(19)} - 1. # > | ${words(19)} - 1. # > | ${words(19)}`;
    for (const next of wrapMarkdown(line).split("\n").slice(1)) expect(next).not.toMatch(/^\s*(?:[-#>|]|\d+\.)\s/u);
  });

  it.each<[string, string]>([
    ["a table row", `| a | ${words(60)} |`],
    ["fenced code", `\`\`\`\n${words(60)}\n\`\`\``],
    ["a heading", `## ${words(60)}`],
    ["a short line", "short"],
    ["one long word", "x".repeat(200)],
  ])("leaves %s as it is", (_name, text) => {
    expect(wrapMarkdown(text)).toBe(text);
  });
});
