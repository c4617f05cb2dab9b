#!/usr/bin/env node
// Task sets (bench/search-tasks/*.yaml) → recall@1 and recall@5 of the generated servers' tool search over every
// operation of each API, beside a plain BM25 over name and description, split into tuned tasks, held-out tasks
// (`holdout: true`), set 2 (`set: 2`) and set 3 (`set: 3`), each written later and never tuned on, whether or not also
// marked `holdout`, and set 4 (`set: 4`), a second tuned set on four more APIs.
//   node bench/search-recall.mjs [--api github,slack] [--misses] [--tune-only] [--json FILE]   (after `npm run build`)
// --misses prints the tuned tasks (the first set's tuned part and set 4) whose operation was not first (never a held-out,
// set-2 or set-3 one, nor does --json hold them); --tune-only leaves every held-out, set-2 and set-3 task out, for tuning.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import YAML from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (file) => import(pathToFileURL(path.join(ROOT, "dist", file)).href);
const { plan } = await dist("api/plan.js");
const { createToolSearch, searchTerms } = await dist("runtime/adapters/search.js");

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const only = flag("--api")?.split(",");
const showMisses = args.includes("--misses");
const tuneOnly = args.includes("--tune-only");
const jsonOut = flag("--json");
const TASKS = path.join(ROOT, "bench/search-tasks");

/** What the search index reads of a planned tool: what the generated tool object carries. */
const searchable = (tool) => ({
  ...tool,
  inputSchema: { shape: Object.fromEntries(tool.inputs.map((i) => [i.name, true])) },
});

/** The baseline: Okapi BM25 (k1 1.2, b 0.75) over each tool's name and description, one field, the same tokens. */
function plainBm25(tools) {
  const docs = tools.map((t) => {
    const counts = new Map();
    for (const term of searchTerms(`${t.name} ${t.description}`)) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  });
  const lengths = docs.map((d) => [...d.values()].reduce((a, b) => a + b, 0));
  const avg = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  const df = new Map();
  for (const d of docs) for (const term of d.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return (query, limit) => {
    const terms = [...new Set(searchTerms(query))];
    return docs
      .map((d, i) => {
        let s = 0;
        for (const term of terms) {
          const tf = d.get(term) ?? 0;
          if (tf === 0) continue;
          const n = df.get(term);
          const idf = Math.log(1 + (tools.length - n + 0.5) / (n + 0.5));
          s += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * lengths[i]) / avg));
        }
        return { name: tools[i].name, s, i };
      })
      .filter((r) => r.s > 0)
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .slice(0, limit);
  };
}

const accepts = (patterns) => {
  const tests = patterns.map((p) => {
    const m = /^\/(.*)\/$/.exec(p);
    return m ? (id) => new RegExp(m[1]).test(id) : (id) => id === p;
  });
  return (id) => tests.some((t) => t(id));
};

/** Which part a task is in: set 4 (tuned), set 3 or 2 (never tuned on), the first set's held-out third, or the rest. */
const partOf = (task) =>
  task.set === 4 ? "set4" : task.set === 3 ? "set3" : task.set === 2 ? "set2" : task.holdout ? "holdout" : "tune";
const tuned = (task) => partOf(task) === "tune" || partOf(task) === "set4";
const counts = () => ({ n: 0, o1: 0, o5: 0, b1: 0, b5: 0 });

const pct = (n, d) => (d === 0 ? "—" : `${Math.round((100 * n) / d)}%`);
const results = [];
for (const file of readdirSync(TASKS)
  .filter((f) => f.endsWith(".yaml"))
  .sort()) {
  const key = file.replace(/\.yaml$/, "");
  if (only && !only.includes(key)) continue;
  const set = YAML.parse(readFileSync(path.join(TASKS, file), "utf8"));
  if (tuneOnly && !set.tasks.some(tuned)) continue;
  const planned = await plan({ spec: path.join(ROOT, set.spec), allOperations: true });
  const tools = planned.plan.tools;
  const operationOf = new Map(tools.map((t) => [t.name, t.steps[0]?.operationId]));
  const ours = createToolSearch(tools.map(searchable));
  const base = plainBm25(tools);
  const rows = { tune: counts(), holdout: counts(), set2: counts(), set3: counts(), set4: counts() };
  const misses = [];
  for (const task of set.tasks.filter((t) => !tuneOnly || tuned(t))) {
    const ok = accepts(task.accept);
    const hit = (names) => names.findIndex((name) => ok(operationOf.get(name) ?? ""));
    const found = ours(task.ask, 5).map((m) => m.name);
    const baseline = base(task.ask, 5).map((m) => m.name);
    const row = rows[partOf(task)];
    const at = hit(found);
    const bat = hit(baseline);
    row.n++;
    row.o1 += at === 0 ? 1 : 0;
    row.o5 += at >= 0 ? 1 : 0;
    row.b1 += bat === 0 ? 1 : 0;
    row.b5 += bat >= 0 ? 1 : 0;
    if (at !== 0 && tuned(task)) misses.push({ ask: task.ask, rank: at < 0 ? null : at + 1, found });
  }
  results.push({ api: set.api, key, tools: tools.length, rows, misses });
  if (showMisses)
    for (const m of misses) process.stderr.write(`${key}: "${m.ask}" rank ${m.rank ?? "-"}: ${m.found.join(", ")}\n`);
}

const all = counts();
const allSet2 = counts();
const allSet3 = counts();
const allSet4 = counts();
const lines = [
  "| API | tools | tasks (held out) | recall@1 | recall@5 | tuned @1 / @5 | held out @1 / @5 | BM25 @1 | BM25 @5 | set 2 tasks | set 2 @1 / @5 | set 3 tasks | set 3 @1 / @5 | set 4 (tuned) tasks | set 4 @1 / @5 |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
];
for (const r of results) {
  const { tune, holdout, set2, set3, set4 } = r.rows;
  const sum = Object.fromEntries(Object.keys(tune).map((k) => [k, tune[k] + holdout[k] + set2[k] + set3[k] + set4[k]]));
  for (const k of Object.keys(all)) {
    all[k] += sum[k];
    allSet2[k] += set2[k];
    allSet3[k] += set3[k];
    allSet4[k] += set4[k];
  }
  lines.push(
    `| ${r.api} | ${r.tools} | ${sum.n} (${holdout.n}) | ${pct(sum.o1, sum.n)} | ${pct(sum.o5, sum.n)} | ` +
      `${pct(tune.o1, tune.n)} / ${pct(tune.o5, tune.n)} | ${pct(holdout.o1, holdout.n)} / ${pct(holdout.o5, holdout.n)} | ` +
      `${pct(sum.b1, sum.n)} | ${pct(sum.b5, sum.n)} | ${set2.n} | ${pct(set2.o1, set2.n)} / ${pct(set2.o5, set2.n)} | ` +
      `${set3.n} | ${pct(set3.o1, set3.n)} / ${pct(set3.o5, set3.n)} | ${set4.n} | ${pct(set4.o1, set4.n)} / ${pct(set4.o5, set4.n)} |`,
  );
}
lines.push(
  `| all | | ${all.n} | ${pct(all.o1, all.n)} | ${pct(all.o5, all.n)} | | | ${pct(all.b1, all.n)} | ${pct(all.b5, all.n)} | ` +
    `${allSet2.n} | ${pct(allSet2.o1, allSet2.n)} / ${pct(allSet2.o5, allSet2.n)} | ` +
    `${allSet3.n} | ${pct(allSet3.o1, allSet3.n)} / ${pct(allSet3.o5, allSet3.n)} | ` +
    `${allSet4.n} | ${pct(allSet4.o1, allSet4.n)} / ${pct(allSet4.o5, allSet4.n)} |`,
);
const parts = { tune: counts(), holdout: counts(), set2: counts(), set3: counts(), set4: counts() };
for (const r of results)
  for (const part of Object.keys(parts)) for (const k of Object.keys(all)) parts[part][k] += r.rows[part][k];
const found = ({ n, o1, o5, b1, b5 }) => `${o1} / ${o5} of ${n} (BM25 ${b1} / ${b5})`;
lines.push(
  "",
  `found @1 / @5: tuned ${found(parts.tune)}; held out ${found(parts.holdout)}; set 2 ${found(parts.set2)}; ` +
    `set 3 ${found(parts.set3)}; set 4 (tuned) ${found(parts.set4)}`,
);
process.stdout.write(`${lines.join("\n")}\n`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
