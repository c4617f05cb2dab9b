// The piecewise o200k counter gives the library's own counts, in full and up to a limit, on any text.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { countTokens, isWithinTokenLimit } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { o200k } from "../../src/emit/tokens.js";

const ORDINARY_TEXT = { disallowedSpecial: new Set<string>() };
const counter = o200k();

const TEXTS: readonly [string, string][] = [
  ["empty", ""],
  [
    "a JSON definition",
    '{"name":"list_pets","inputSchema":{"type":"object","properties":{"limit":{"type":"integer"}}}}',
  ],
  ["whitespace runs before words and at the end", "a   b\t\t c \n\n  d    "],
  ["line ends of every kind", "one\r\ntwo\rthree\n\r\nfour\n"],
  ["contractions", "it's THEY'RE we'd I'LL you've don't"],
  ["digits in threes", "1234567 12 3.14159 0x1F 2026-12-02T18:00:00Z"],
  ["special-token text is ordinary", "ends <|endoftext|> and <|im_start|>user<|im_end|>"],
  ["letters of every script", "naïve Ünïcödé 日本語のテキスト 한국어 русский текст العربية"],
  ["marks and emoji", "e\u0301 👩‍👩‍👧 🇩🇪 \u200b zero width"],
  ["lone surrogates", "bad \ud800 pair \udc00 end"],
  ["punctuation and slashes", "/repos/{owner}/{repo}/pulls/{pull_number}/merge?x=1&y=[2]//\n/"],
  ["a long word", "x".repeat(5000)],
];

describe("o200k counted piece by piece", () => {
  it.each(TEXTS)("%s: the library's count", (_, text) => {
    expect(counter.count(text)).toBe(countTokens(text, ORDINARY_TEXT));
  });

  it.each(TEXTS)("%s: the library's answer up to a limit", (_, text) => {
    const whole = countTokens(text, ORDINARY_TEXT);
    for (const limit of [0, 1, whole - 1, whole, whole + 1])
      expect(counter.within(text, limit)).toBe(isWithinTokenLimit(text, limit, ORDINARY_TEXT));
  });

  it("agrees with the library on generated text, counted in full and up to limits", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.string({
        unit: fc.constantFrom(" ", "\n", "\r", "\t", "a", "Z", "'", "s", "1", ".", "/", "é", "日"),
        maxLength: 80,
      }),
      fc.json({ maxDepth: 4 }),
    );
    fc.assert(
      fc.property(text, fc.nat(300), (t, limit) => {
        expect(counter.count(t)).toBe(countTokens(t, ORDINARY_TEXT));
        expect(counter.within(t, limit)).toBe(isWithinTokenLimit(t, limit, ORDINARY_TEXT));
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with the library on a real spec's operations, the same pieces counted again from memory", () => {
    const spec = JSON.parse(readFileSync("node_modules/@octokit/openapi/generated/api.github.com.json", "utf8")) as {
      paths: Record<string, unknown>;
    };
    const texts = Object.entries(spec.paths)
      .slice(0, 200)
      .map((entry) => JSON.stringify(entry));
    for (const pass of [1, 2])
      for (const text of texts) expect(counter.count(text), `pass ${pass}`).toBe(countTokens(text, ORDINARY_TEXT));
  });
});

describe("when the encoder is loaded", () => {
  it("generating a toolset that fits the cap and the budget by its bytes never loads it", async () => {
    const { spawnSync } = await import("node:child_process");
    const { join } = await import("node:path");
    const root = join(import.meta.dirname, "../..");
    // A fresh process: in this one, the tests above have loaded it already.
    const script = `
      import { createRequire } from "node:module";
      const { generate } = await import("./dist/api/generate.js");
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => f.includes("o200k_base"));
      const small = await generate({ spec: "examples/specs/petstore.oas31.yaml", goals: "examples/goals/petstore.goals.yaml" });
      const first = loaded();
      const big = await generate({ spec: "examples/specs/petstore.oas31.yaml", allOperations: true, definitionBudget: 50 });
      console.log(JSON.stringify({ files: Object.keys(small.files).length, first, after: loaded(), big: Object.keys(big.files).length }));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const facts = JSON.parse(run.stdout);
    expect(facts).toMatchObject({ first: false, after: true });
    expect(facts.files).toBeGreaterThan(20);
    expect(facts.big).toBeGreaterThan(20);
  });
});
