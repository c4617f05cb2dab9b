// Vitest configuration: which tests run, in which of two projects (shared modules or a fresh process per file), how many files at once, and how long they may take.
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

const isolated = testFiles(join(ROOT, "test")).filter(
  (file) => PROCESS_FOLDERS.some((folder) => file.startsWith(folder)) || MOCKS_MODULE.test(readFileSync(file, "utf8")),
);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Many files spend their time waiting on child processes (tsc, Prism, npm, MCP servers), so on a two-core machine
    // a second worker cuts the run by a third (8.5 to 5.4 min on Node 20); Vitest's default there is one worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // In-process work (ingest, planner, emit, runtime, CLI): files run one after another in a worker that keeps the
        // modules it loaded, which halves these folders' time (326 to 158 s on two cores); a file must leave no state.
        test: { name: "in-process", include: ["test/**/*.test.ts"], exclude: isolated, isolate: false },
      },
      { extends: true, test: { name: "processes", include: isolated } },
    ],
  },
});
