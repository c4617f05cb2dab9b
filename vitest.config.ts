// Vitest configuration: which tests run, how many files at once, and how long they may take.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Many files spend their time waiting on child processes (tsc, Prism, npm, MCP servers), so on a two-core machine
    // a second worker cuts the run by a third (8.5 to 5.4 min on Node 20); Vitest's default there is one worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
