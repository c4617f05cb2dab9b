// Wrapping a generated README's prose at 120 columns without changing what it renders.
import { describe, expect, it } from "vitest";
import { longerThan, wrapMarkdown } from "../../src/emit/markdown.js";
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

/** wrapMarkdown before longerThan: code points counted by spreading each line (quadratic in a long line). */
function referenceWrap(text: string): string {
  const blockStart = /^(?:[-+*>#|=]|\d+[.)](?:\s|$)|```|~~~|<)/u;
  const wrapLine = (line: string): string[] => {
    const item = /^(\s*)(?:[-+*]|\d+[.)])\s+/u.exec(line);
    const indent = item ? " ".repeat(item[0].length) : (/^\s*/u.exec(line)?.[0] ?? "");
    const out: string[] = [];
    let rest = line;
    while ([...rest].length > PRINT_WIDTH) {
      let cut = -1;
      for (let at = rest.lastIndexOf(" ", PRINT_WIDTH); at > indent.length; at = rest.lastIndexOf(" ", at - 1)) {
        const next = rest.slice(at + 1);
        if (next !== "" && !blockStart.test(next) && rest.slice(0, at).trim() !== "") {
          cut = at;
          break;
        }
      }
      if (cut < 0) break;
      out.push(rest.slice(0, cut).trimEnd());
      rest = indent + rest.slice(cut + 1).trimStart();
    }
    out.push(rest);
    return out;
  };
  let fenced = false;
  return text
    .split("\n")
    .flatMap((line) => {
      if (/^\s*(?:```|~~~)/u.test(line)) fenced = !fenced;
      if (line.length <= PRINT_WIDTH || fenced || /^\s*(?:```|~~~|\||#|<)/u.test(line)) return [line];
      if ([...line].length <= PRINT_WIDTH) return [line];
      return wrapLine(line);
    })
    .join("\n");
}

/** A seeded generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "\udbff\udfff",
  "word",
  " ",
  " ",
  "  ",
  "-",
  "1.",
  "12)",
  "#",
  "|",
  ">",
  "<b>",
  "```",
  "\t",
  "é",
  "😀",
  "\ud800",
  "\udc00",
  "語",
];

describe("longerThan and wrapMarkdown against spreading each line", () => {
  it("longerThan is [...text].length > width at every length around the width and twice it", () => {
    const next = random(29);
    for (let n = 0; n < 3000; n++) {
      const length = Math.floor(next() * 260);
      let text = "";
      while (text.length < length) text += (PIECES[Math.floor(next() * PIECES.length)] as string).slice(0, 2);
      for (const width of [PRINT_WIDTH, 1, 7]) expect(longerThan(text, width)).toBe([...text].length > width);
    }
    expect(longerThan("😀".repeat(PRINT_WIDTH), PRINT_WIDTH)).toBe(false);
    expect(longerThan(`${"😀".repeat(PRINT_WIDTH)}a`, PRINT_WIDTH)).toBe(true);
    expect(longerThan(`\udc00${"😀".repeat(PRINT_WIDTH - 1)}`, PRINT_WIDTH)).toBe(false);
    expect(longerThan(`${"😀".repeat(PRINT_WIDTH - 1)}\ud800\udc00\ud800`, PRINT_WIDTH)).toBe(true);
  });

  it("random Markdown with long lines, lists, fences, surrogates and lone surrogates wraps as before", () => {
    const next = random(7);
    for (let n = 0; n < 300; n++) {
      const lines: string[] = [];
      for (let l = Math.floor(next() * 12); l >= 0; l--) {
        let line = ["", "- ", "  12. ", "# ", "```", "| "][Math.floor(next() * 6)] as string;
        const length = Math.floor(next() * 700);
        while (line.length < length) line += PIECES[Math.floor(next() * PIECES.length)];
        lines.push(line);
      }
      const text = lines.join("\n");
      expect(wrapMarkdown(text)).toBe(referenceWrap(text));
    }
  });
});
