// A grouped package's files (path → text) → its compiler projects: tsconfig.json (build order) and tsconfig/*.json.
import { compareStrings } from "../util/order.js";
import { compilerOptions } from "./package-files.js";

/**
 * The most bytes of group-module source one compiler project holds (a single larger module is a project of its own).
 * Measured on a 20,000-operation package (bench/README.md, "Bounded build"): a 4 MB batch compiles in ~0.5 GB.
 */
export const BUILD_BATCH_BYTES = 4_000_000;

/**
 * A grouped package is built in batches when its generated TypeScript is more than this many batches; a smaller one is
 * compiled by one `tsc` process (GitHub's 8.6 MB: 0.7 GB, and faster than five processes that each load the libraries).
 */
export const ONE_PROJECT_BATCHES = 3;

/** Whether the package's generated TypeScript (the vendored runtime aside) is too large for one compiler process. */
export function buildsInBatches(files: Readonly<Record<string, string>>, batchBytes: number): boolean {
  let bytes = 0;
  for (const [path, text] of Object.entries(files))
    if (path.startsWith("src/") && path.endsWith(".ts")) bytes += Buffer.byteLength(text);
  return bytes > ONE_PROJECT_BATCHES * batchBytes;
}

/** Where the compiler projects of a grouped package live, and the modules outside the tool batches. */
const PROJECTS_DIR = "tsconfig";
const INDEX_FILES = [
  "index.ts",
  "server.ts",
  "approvals.ts",
  ...["mcp", "anthropic", "openai", "vercel-ai"].map(adapter),
];

function adapter(name: string): string {
  return `adapters/${name}.ts`;
}

/** The group modules (`src/tools/*.ts`) in file order, cut into batches of at most `batchBytes` bytes each. */
export function toolBatches(files: Readonly<Record<string, string>>, batchBytes: number): string[][] {
  const modules = Object.keys(files)
    .filter((path) => path.startsWith("src/tools/"))
    .sort(compareStrings);
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const path of modules) {
    const size = Buffer.byteLength(files[path] as string);
    if (current.length > 0 && bytes + size > batchBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(path);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * tsconfig.json (no files of its own; its references are the projects in build order, which `scripts/build.mjs`
 * compiles one process each) and `tsconfig/*.json`: `core` (the runtime, toolset, shared schemas and formats), one
 * `tools-N` per batch of group modules, `catalog`, and `index` (the index, server, approvals command and adapters).
 * A project sees the ones before it through their declarations only, so each compiler process holds one batch.
 */
export function buildProjects(
  files: Readonly<Record<string, string>>,
  batchBytes: number = BUILD_BATCH_BYTES,
): Record<string, object> {
  const batches = toolBatches(files, batchBytes);
  const tools = batches.map((_, i) => `tools-${i + 1}`);
  const project = (name: string, sources: object, references: readonly string[]): object => ({
    extends: "./base.json",
    compilerOptions: { tsBuildInfoFile: `../dist/.tsbuildinfo/${name}.tsbuildinfo` },
    ...sources,
    ...(references.length > 0 ? { references: references.map((ref) => ({ path: `./${ref}.json` })) } : {}),
  });
  const inSrc = (path: string) => `../src/${path}`;
  const projects: [string, object][] = [
    [
      "core",
      project(
        "core",
        {
          include: [inSrc("**/*.ts")],
          exclude: [
            "tools/**",
            "catalog.ts",
            "catalog-search.ts",
            "index.ts",
            "server.ts",
            "approvals.ts",
            "adapters/**",
          ].map(inSrc),
        },
        [],
      ),
    ],
    ...batches.map((batch, i): [string, object] => [
      tools[i] as string,
      project(tools[i] as string, { files: batch.map((path) => `../${path}`) }, ["core"]),
    ]),
    ["catalog", project("catalog", { files: ["catalog.ts", "catalog-search.ts"].map(inSrc) }, ["core", ...tools])],
    ["index", project("index", { files: INDEX_FILES.map(inSrc) }, ["core", ...tools, "catalog"])],
  ];
  return {
    "tsconfig.json": {
      files: [],
      references: projects.map(([name]) => ({ path: `./${PROJECTS_DIR}/${name}.json` })),
    },
    [`${PROJECTS_DIR}/base.json`]: {
      compilerOptions: { ...compilerOptions("../dist", "../src"), composite: true },
    },
    ...Object.fromEntries(projects.map(([name, config]) => [`${PROJECTS_DIR}/${name}.json`, config])),
  };
}
