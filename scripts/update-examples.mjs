#!/usr/bin/env node
// Regenerates the golden packages under examples/generated/ from examples/specs and examples/goals (run after `npm run build`).
import { readFile, rm } from "node:fs/promises";
import { generate } from "../dist/index.js";
const EXAMPLES = JSON.parse(await readFile(new URL("../examples/examples.json", import.meta.url), "utf8"));

for (const example of EXAMPLES) {
  const out = `examples/generated/${example.name}`;
  await rm(out, { recursive: true, force: true });
  const result = await generate({ spec: example.spec, goals: example.goals, outDir: out });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    console.error(`${example.name}: ${errors.map((d) => `${d.code} ${d.message}`).join("\n")}`);
    process.exit(2);
  }
  console.log(`${out}: ${Object.keys(result.files).length} files`);
}
