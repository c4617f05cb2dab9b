// The import graph of src/: no module imports itself through others, and stages named here import one way only.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/** Stage pairs that must not import each other both ways (the first may import the second). */
const ONE_WAY: readonly (readonly [string, string])[] = [
  ["check", "emit"],
  ["emit", "report"],
  ["cli", "report"],
  ["emit", "ingest"],
  ["emit", "schema"],
  ["ingest", "schema"],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** file (relative to src) → the src files it imports or re-exports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gm)].map((m) =>
      relative(SRC, resolve(dirname(file), m[1]!.replace(/\.js$/, ".ts"))),
    );
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** Every cycle found by depth-first search, each as the files along it. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, path: string[]): void => {
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next, [...path, next]);
    }
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file, [file]);
  return found;
}

const stageOf = (file: string): string => file.split("/")[0]!.replace(/\.ts$/, "");

describe("import graph", () => {
  const graph = importGraph();

  test("the scan sees the imports (a sanity check of the pattern)", () => {
    expect(graph.get("check/inputs.ts")).toContain("emit/lockfile.ts");
  });

  test("no module imports itself through others", () => {
    expect(cycles(graph).map((c) => c.join(" → "))).toEqual([]);
  });

  test("the cycle search finds a cycle", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cycles(graph)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
  });

  test.each(ONE_WAY)("%s may import %s, never the reverse", (_upper, lower) => {
    const back = [...graph].flatMap(([file, targets]) =>
      stageOf(file) === lower ? targets.filter((t) => stageOf(t) === _upper).map((t) => `${file} → ${t}`) : [],
    );
    expect(back).toEqual([]);
  });
});

/** file (relative to src) → what it loads when it is loaded: value imports only (`import type` and `import()` load nothing). */
function loadGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/^\s*(?:import|export)\b(?!\s+type\b)[^;]*?\bfrom\s+"([^"]+)"/gm)].map((m) =>
      m[1]!.startsWith(".") ? relative(SRC, resolve(dirname(file), m[1]!.replace(/\.js$/, ".ts"))) : m[1]!,
    );
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

function loadedBy(graph: ReadonlyMap<string, readonly string[]>, entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const pending = [entry];
  while (pending.length > 0)
    for (const next of graph.get(pending.pop() as string) ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        pending.push(next);
      }
  return seen;
}

describe("what generate loads before it knows it needs it", () => {
  test("the API loads neither goals reading nor goals planning nor the yaml package (all-operations on JSON uses none)", () => {
    const loaded = loadedBy(loadGraph(), "api/generate.ts");
    expect(loaded.has("emit/index.ts")).toBe(true);
    expect(["goals/index.ts", "planner/goals/index.ts", "yaml"].filter((m) => loaded.has(m))).toEqual([]);
  });
});
