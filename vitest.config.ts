// Vitest configuration: which tests run, in which of two projects (a fresh process per file, or shared modules), in what order, how many files at once, and how long they may take.
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { defineConfig } from "vitest/config";

const ROOT = import.meta.dirname;

/** Folders whose files start servers, generated packages or child processes and wait on them: each file gets a fresh process. */
const PROCESS_FOLDERS = ["test/e2e/", "test/server/"];

/** A file that replaces a module (`vi.mock`) needs that module loaded afresh, so it cannot share a process with others. */
const MOCKS_MODULE = /\bvi\.(?:mock|doMock)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : testFiles(path);
    return entry.name.endsWith(".test.ts") ? [relative(ROOT, path)] : [];
  });
}

/**
 * What the repeat runs on Node 22 and 24 (`ACI_REPEAT_RUN=1`, .ci/node-matrix.sh) run again: the files that execute
 * code whose behaviour a Node version can change — generated packages, servers, the runtime and its adapters, the CLI,
 * the swap of --out on disk, the goldens' tools, and Zod's verdicts (regex and Unicode data come with V8). The
 * generator's own logic (ingest, planner, lint, goals, init, emit's text, check's comparisons, eval's scoring) is plain
 * computation over JSON and strings: it runs once per CI run. test/support/ci-runs.ts lists what is skipped inside
 * the files that do run again.
 */
const EVERY_NODE = [
  "test/e2e/",
  "test/server/",
  "test/runtime/",
  "test/adapters/",
  "test/cli/",
  "test/check/cli.test.ts",
  "test/check/regenerate.test.ts",
  "test/check/regenerate-rollback.test.ts",
  "test/emit/golden.test.ts",
  "test/emit/zod-json.test.ts",
  "test/emit/zod-differential.test.ts",
];

const REPEAT_RUN = process.env.ACI_REPEAT_RUN === "1";

const files = testFiles(join(ROOT, "test")).filter(
  (file) => !REPEAT_RUN || EVERY_NODE.some((prefix) => file.startsWith(prefix)),
);
const isolated = files.filter(
  (file) => PROCESS_FOLDERS.some((folder) => file.startsWith(folder)) || MOCKS_MODULE.test(readFileSync(file, "utf8")),
);

export default defineConfig({
  test: {
    // Every mkdtemp of a test (approval state, generated packages, eval runs) lands in one folder, removed after the run.
    globalSetup: ["test/support/tmp-root.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Many files spend their time waiting on child processes (tsc, Prism, npm, MCP servers), so on a two-core machine
    // a second worker cuts the run by a third (8.5 to 5.4 min on Node 20); Vitest's default there is one worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Vitest queues projects by name: "isolated" (the long e2e files) starts first, and the many short "shared" files
    // fill the workers at the end instead of one long file running alone.
    projects: [
      { extends: true, test: { name: "isolated", include: isolated } },
      {
        extends: true,
        // In-process work (ingest, planner, emit, runtime, CLI): files run one after another in a worker that keeps the
        // modules it loaded, which halves these folders' time (326 to 158 s on two cores); a file must leave no state.
        test: { name: "shared", include: files.filter((file) => !isolated.includes(file)), isolate: false },
      },
    ],
  },
});
