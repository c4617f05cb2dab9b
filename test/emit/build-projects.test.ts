// A grouped package's compiler projects: tool modules cut into batches by bytes, each project reading only the ones
// before it, in the order tsconfig.json names them (the order scripts/build.mjs compiles them in).
import { describe, expect, it } from "vitest";
import { buildProjects, buildsInBatches, ONE_PROJECT_BATCHES, toolBatches } from "../../src/emit/build-projects.js";

const text = (bytes: number) => "x".repeat(bytes);

describe("toolBatches", () => {
  it.each([
    ["one batch when all fit", { a: 10, b: 10, c: 10 }, 30, [["a", "b", "c"]]],
    ["a new batch when the next module would pass the limit", { a: 10, b: 10, c: 10 }, 25, [["a", "b"], ["c"]]],
    ["a module larger than the limit is a batch of its own", { a: 5, big: 50, c: 5 }, 20, [["a"], ["big"], ["c"]]],
    ["one module each at a limit of 1 byte", { a: 5, b: 5 }, 1, [["a"], ["b"]]],
  ])("%s", (_, sizes, limit, expected) => {
    const files = {
      "src/index.ts": text(1000),
      "src/schemas.ts": text(1000),
      ...Object.fromEntries(Object.entries(sizes).map(([name, bytes]) => [`src/tools/${name}.ts`, text(bytes)])),
    };
    expect(toolBatches(files, limit)).toEqual(expected.map((batch) => batch.map((name) => `src/tools/${name}.ts`)));
  });

  it("counts bytes, not characters", () => {
    const files = { "src/tools/a.ts": "é".repeat(6), "src/tools/b.ts": "e" };
    expect(toolBatches(files, 12)).toEqual([["src/tools/a.ts"], ["src/tools/b.ts"]]);
  });
});

describe("buildProjects", () => {
  const files = { "src/tools/pet.ts": text(10), "src/tools/store.ts": text(10), "src/tools/user.ts": text(10) };
  const projects = buildProjects(files, 15) as Record<string, { references?: { path: string }[]; files?: string[] }>;

  it("names the projects in build order, each referencing only projects before it", () => {
    const order = (projects["tsconfig.json"]?.references ?? []).map((r) => r.path);
    expect(order).toEqual(
      ["core", "tools-1", "tools-2", "tools-3", "catalog", "index"].map((name) => `./tsconfig/${name}.json`),
    );
    order.forEach((path, i) => {
      const earlier = order.slice(0, i).map((p) => p.replace("./tsconfig/", "./"));
      for (const ref of projects[path.slice(2)]?.references ?? []) expect(earlier).toContain(ref.path);
    });
  });

  it("puts each batch's modules in its project, and the catalog and index after every batch", () => {
    expect(projects["tsconfig/tools-2.json"]?.files).toEqual(["../src/tools/store.ts"]);
    expect(projects["tsconfig/catalog.json"]?.files).toEqual(["../src/catalog.ts", "../src/catalog-search.ts"]);
    expect(projects["tsconfig/index.json"]?.files).toContain("../src/server.ts");
  });
});

describe("buildsInBatches", () => {
  const limit = 100;
  it.each([
    [
      "one process up to three batches of generated TypeScript",
      { "src/tools/a.ts": 150, "src/catalog.ts": 150 },
      false,
    ],
    ["batches past it, the catalog and index counted", { "src/tools/a.ts": 150, "src/catalog.ts": 151 }, true],
    ["JSON and Markdown not counted", { "src/tools/a.ts": 10, "aci.lock.json": 1000, "README.md": 1000 }, false],
  ])("%s", (_, sizes, expected) => {
    expect(ONE_PROJECT_BATCHES * limit).toBe(300);
    const files = Object.fromEntries(Object.entries(sizes).map(([path, bytes]) => [path, text(bytes)]));
    expect(buildsInBatches(files, limit)).toBe(expected);
  });
});
