#!/usr/bin/env node
// Task sets (bench/init-tasks/*.yaml) → how many of each API's ten most common tasks the default `init` draft covers,
// and whether that draft plans and lints clean. A set marked `heldout: true` is an API never tuned on: it is reported in
// its own table, by counts only (neither its uncovered tasks nor its draft are printed, nor written by --json).
//   node bench/init-coverage.mjs [--api slack,jira] [--goals] [--tune-only] [--json FILE]   (after `npm run build`)
// A task is covered when some goal of the draft has a step whose operation (operationId, or `METHOD /path` when the
// spec has none) is one the task accepts. --goals prints each tuned draft's goals with their steps; --tune-only
// leaves the held-out APIs out.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import YAML from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (file) => import(pathToFileURL(path.join(ROOT, "dist", file)).href);
const { init } = await dist("api/init.js");
const { lint } = await dist("api/lint.js");

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const only = flag("--api")?.split(",");
const showGoals = args.includes("--goals");
const tuneOnly = args.includes("--tune-only");
const jsonOut = flag("--json");
const TASKS = path.join(ROOT, "bench/init-tasks");

const accepts = (patterns) => {
  const tests = patterns.map((p) => {
    const m = /^\/(.*)\/$/.exec(p);
    return m ? (id) => new RegExp(m[1]).test(id) : (id) => id === p;
  });
  return (id) => tests.some((t) => t(id));
};
const errorsOf = (ds) => ds.filter((d) => d.severity === "error").map((d) => d.code);

const results = [];
for (const file of readdirSync(TASKS)
  .filter((f) => f.endsWith(".yaml"))
  .sort()) {
  const key = file.replace(/\.yaml$/, "");
  if (only && !only.includes(key)) continue;
  const set = YAML.parse(readFileSync(path.join(TASKS, file), "utf8"));
  const heldout = set.heldout === true;
  if (tuneOnly && heldout) continue;
  const spec = path.join(ROOT, set.spec);
  const drafted = await init({ spec });
  const goals = drafted.draft?.goals ?? [];
  const linted = drafted.text === undefined ? undefined : await lint({ spec, goals: YAML.parse(drafted.text) });
  const planErrors = linted ? errorsOf(linted.diagnostics) : ["no draft"];
  const lintErrors = linted ? linted.findings.filter((f) => f.severity === "error").map((f) => f.rule) : [];
  const tasks = set.tasks.map((task) => {
    const ok = accepts(task.accept);
    const goal = goals.find((g) => g.steps.some((s) => ok(s.operation)));
    return { ask: task.ask, goal: goal?.name };
  });
  const result = {
    api: set.api,
    key,
    heldout,
    goals: goals.length,
    multiStep: goals.filter((g) => g.steps.length > 1).length,
    covered: tasks.filter((t) => t.goal !== undefined).length,
    errors: [...new Set([...planErrors, ...lintErrors])].sort(),
    ...(heldout
      ? {}
      : { tasks, drafted: goals.map((g) => ({ name: g.name, steps: g.steps.map((s) => s.operation) })) }),
  };
  results.push(result);
  if (showGoals && !heldout) {
    process.stderr.write(`== ${set.api}\n`);
    for (const g of goals) process.stderr.write(`  ${g.name}: ${g.steps.map((s) => s.operation).join(" → ")}\n`);
    for (const t of tasks) process.stderr.write(`  ${t.goal ? "✓" : "✗"} ${t.ask}${t.goal ? ` (${t.goal})` : ""}\n`);
  }
}

const lines = [
  "| API | tasks covered (of 10) | goals | multi-step | plans and lints clean | not covered |",
  "| --- | ---: | ---: | ---: | --- | --- |",
];
for (const r of results.filter((x) => !x.heldout))
  lines.push(
    `| ${r.api} | ${r.covered} | ${r.goals} | ${r.multiStep} | ${r.errors.length === 0 ? "yes" : `no: ${r.errors.join(", ")}`} | ${r.tasks
      .filter((t) => t.goal === undefined)
      .map((t) => t.ask)
      .join("; ")} |`,
  );
const heldOut = results.filter((r) => r.heldout);
if (heldOut.length > 0) {
  lines.push(
    "",
    "Held out (never tuned on; counts only):",
    "",
    "| API | tasks covered (of 10) | goals | multi-step | plans and lints clean |",
    "| --- | ---: | ---: | ---: | --- |",
  );
  for (const r of heldOut)
    lines.push(
      `| ${r.api} | ${r.covered} | ${r.goals} | ${r.multiStep} | ${r.errors.length === 0 ? "yes" : `no: ${r.errors.join(", ")}`} |`,
    );
}
process.stdout.write(`${lines.join("\n")}\n`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
