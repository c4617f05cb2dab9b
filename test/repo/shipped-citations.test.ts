// Shipped text cites only docs the repository ships: no internal design-document names in code, templates, examples or docs.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const SHIPPED = ["src", "templates", "bin", "docs", "examples", "scripts", "bench", "README.md"];
const UNSHIPPED_DOCS = ["CONTRACT", "DESIGN", "GOALS"].map((name) => `${name}.md`);
const SKIP = new Set(["node_modules", "results", "dist"]);

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !SKIP.has(name))
    .flatMap((name) => files(join(path, name)));
}

function citations(text: string): string[] {
  return UNSHIPPED_DOCS.filter((name) => text.includes(name));
}

describe("citations in shipped files", () => {
  it("finds a citation when one is there", () => {
    expect(citations(`see ${UNSHIPPED_DOCS[1]} §Risk`)).toEqual([UNSHIPPED_DOCS[1]]);
  });

  it("no shipped file cites a document the repository does not ship", () => {
    const offenders = SHIPPED.flatMap((top) => files(join(ROOT, top))).flatMap((file) =>
      citations(readFileSync(file, "latin1")).map((name) => `${relative(ROOT, file)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });
});
