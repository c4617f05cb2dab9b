#!/usr/bin/env node
// Regenerates the golden packages under examples/generated/ from examples/specs and examples/goals (run after `npm run build`).
import { readFile, rm } from "node:fs/promises";
import { generate } from "../dist/index.js";
const EXAMPLES = JSON.parse(await readFile(new URL("../examples/examples.json", import.meta.url), "utf8"));
// Packages generated with --all-operations (no goals file): tools in grouped modules.
const ALL_OPERATIONS = JSON.parse(await readFile(new URL("../examples/all-operations.json", import.meta.url), "utf8"));

for (const example of [...EXAMPLES, ...ALL_OPERATIONS]) {
  const out = `examples/generated/${example.name}`;
  await rm(out, { recursive: true, force: true });
  const options = example.goals === undefined ? { allOperations: true } : { goals: example.goals };
  const result = await generate({ spec: example.spec, ...options, outDir: out });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    console.error(`${example.name}: ${errors.map((d) => `${d.code} ${d.message}`).join("\n")}`);
    process.exit(2);
  }
  console.log(`${out}: ${Object.keys(result.files).length} files`);
}
