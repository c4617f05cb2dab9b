// docs/diagnostics.md documents every catalogued diagnostic code, as the catalog says it (regenerate: npm run docs:diagnostics).
import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { catalog } from "../../src/diagnostics/catalog.js";
// @ts-expect-error -- a plain ES module script without types
import { catalogAreas, renderDiagnosticsDoc } from "../../scripts/diagnostics-doc.mjs";

const doc = await readFile(new URL("../../docs/diagnostics.md", import.meta.url), "utf8");
const documented = new Set([...doc.matchAll(/^### (\S+)$/gm)].map((m) => m[1] ?? ""));

describe("docs/diagnostics.md", () => {
  test.each(Object.keys(catalog))("%s is documented (run `npm run docs:diagnostics`)", (code) => {
    expect(documented.has(code)).toBe(true);
  });

  test("documents no code the catalog lacks", () => {
    expect([...documented].filter((code) => !Object.hasOwn(catalog, code))).toEqual([]);
  });

  test("says what the catalog says (run `npm run docs:diagnostics`)", async () => {
    const areas = await catalogAreas((name: string) => import(`../../src/diagnostics/codes/${name}.ts`));
    expect(doc).toBe(renderDiagnosticsDoc(areas));
  });
});
