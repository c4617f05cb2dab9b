#!/usr/bin/env node
// Shim: runs the built CLI, or says how to build it.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const entry = new URL("../dist/cli/main.js", import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write("aci-gen is not built yet: run `npm run build` in its folder first.\n");
  process.exit(2);
}
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
