// docs/check.md and the README say the same exit code for every check verdict as the code does.
import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { VERDICT_EXIT } from "../../src/check/index.js";

/** `verdict → exit code` from the verdict table of docs/check.md (rows "| `verdict` | when | **N** |"). */
function tableExits(markdown: string): Record<string, number> {
  const rows = [...markdown.matchAll(/^\| `([a-z-]+)` \| .* \| \*\*(\d)\*\* \|$/gm)];
  return Object.fromEntries(rows.map((m) => [m[1], Number(m[2])]));
}

/** `verdict → exit code` from the README's sentence "**0** `unchanged` (…); **1** `docs-only`, … ; **2** `could-not-judge`". */
function sentenceExits(markdown: string): Record<string, number> {
  const sentence = /The verdict decides the exit code: ([\s\S]*?)\. `--json`/.exec(markdown)?.[1] ?? "";
  const parts = sentence.split(/\*\*(\d)\*\*/).slice(1);
  const out: Record<string, number> = {};
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const code = Number(parts[i]);
    const names = (parts[i + 1] ?? "").replace(/\([^)]*\)/g, "").matchAll(/`([a-z-]+)`/g);
    for (const [, name] of names) out[name as string] = code;
  }
  return out;
}

describe("exit codes in the docs", () => {
  test("docs/check.md's verdict table", async () => {
    expect(tableExits(await readFile("docs/check.md", "utf8"))).toEqual(VERDICT_EXIT);
  });

  test("the README's check section", async () => {
    expect(sentenceExits(await readFile("README.md", "utf8"))).toEqual(VERDICT_EXIT);
  });
});
