// Benchmark part (not a test), run by scale.mjs: the generated packages of aci-gen and openapi-mcp-generator side by
// side — building each (`npm run build`'s compiler command, wall time and peak RSS through GNU time) and its MCP
// server's cold start over stdio (spawn → `initialize` answered, then `tools/list` answered; peak RSS). See
// bench/README.md, "Generated packages".

import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The peer package's dependencies (its generated package.json's ranges), installed once into this folder. */
const PEER_DEPS = path.join(os.tmpdir(), "aci-gen-bench-peer-package-deps");
const TIME = "/usr/bin/time";

/** Installs the peer's generated package.json dependencies once (npm registry needed the first time). */
export function installPeerPackageDeps(peerOut) {
  const modules = path.join(PEER_DEPS, "node_modules");
  if (!existsSync(path.join(modules, "typescript"))) {
    mkdirSync(PEER_DEPS, { recursive: true });
    writeFileSync(path.join(PEER_DEPS, "package.json"), readFileSync(path.join(peerOut, "package.json")));
    process.stderr.write(`installing the peer package's dependencies into ${PEER_DEPS}\n`);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: PEER_DEPS,
      stdio: "inherit",
    });
  }
  return modules;
}

/** The version of a package under a node_modules folder. */
export const versionIn = (modules, name) =>
  JSON.parse(readFileSync(path.join(modules, name, "package.json"), "utf8")).version;

function linkModules(dir, modules) {
  const link = path.join(dir, "node_modules");
  rmSync(link, { recursive: true, force: true });
  symlinkSync(modules, link, "dir");
}

/** A compile still running after this long is killed (exit 137): the peer's build of Microsoft Graph. */
const TSC_TIMEOUT_S = 1800;

/**
 * Runs `node js args…` under GNU time in `cwd`: wall ms, peak RSS (bytes, of the largest process: the compiler's, or
 * the largest of the compilers a build script starts one after another), exit code.
 */
function timedTsc(cwd, tscJs, args) {
  const report = path.join(cwd, ".time");
  const start = performance.now();
  let code = 0;
  try {
    execFileSync(
      TIME,
      ["-f", "%M", "-o", report, "timeout", "-s", "KILL", String(TSC_TIMEOUT_S), process.execPath, tscJs, ...args],
      { cwd, stdio: "pipe", maxBuffer: 256 * 2 ** 20 },
    );
  } catch (error) {
    code = error.status ?? 1;
  }
  const ms = performance.now() - start;
  const peakRss = Number(readFileSync(report, "utf8").trim().split("\n").at(-1)) * 1024;
  rmSync(report, { force: true });
  return { ms, peakRss, code };
}

/**
 * Runs one of aci-gen's package scripts in `dir` as npm would: `tsc …` (a package of one module per tool) with the
 * repo's compiler, or `node scripts/build.mjs …` (a grouped package, batched; its tsc processes are children of it).
 */
function runOurScript(dir, rootModules, name) {
  linkModules(dir, rootModules);
  const script = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).scripts[name];
  const [program, ...args] = script.split(" ");
  if (program === "node") return { ...timedTsc(dir, path.join(dir, args[0]), args.slice(1)), script };
  return { ...timedTsc(dir, path.join(rootModules, "typescript/bin/tsc"), args), script };
}

/** Builds aci-gen's package in `dir` from scratch as its build script does. */
export function buildOurs(dir, rootModules) {
  rmSync(path.join(dir, "dist"), { recursive: true, force: true });
  return runOurScript(dir, rootModules, "build");
}

/** Type-checks aci-gen's package in `dir` (`npm run typecheck`; a grouped package's checks and builds each project). */
export function typecheckOurs(dir, rootModules) {
  return runOurScript(dir, rootModules, "typecheck");
}

/** Builds the peer's package in `dir` with its own TypeScript (`tsc`; its build script's `shx chmod` left out). */
export function buildPeer(dir, peerModules) {
  linkModules(dir, peerModules);
  rmSync(path.join(dir, "build"), { recursive: true, force: true });
  return timedTsc(dir, path.join(peerModules, "typescript/bin/tsc"), []);
}

/**
 * Spawns `node serverJs` (stdio), sends `initialize`, then `notifications/initialized` and `tools/list`; times both
 * answers from the spawn and reads the child's peak RSS (VmHWM) once tools/list is answered.
 */
export function coldStart(serverJs, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [serverJs], { stdio: ["pipe", "pipe", "pipe"], env });
    const waiting = new Map();
    let buffer = "";
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.on("data", (d) => {
      buffer += d;
      for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        if (!line.startsWith("{")) continue;
        const message = JSON.parse(line);
        waiting.get(message.id)?.(message);
      }
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${serverJs} did not answer within 60 s:\n${stderr}`));
    }, 60_000);
    child.on("exit", (code) => {
      if (waiting.size > 0) reject(new Error(`${serverJs} exited (${code}) before answering:\n${stderr}`));
    });
    const send = (id, method, params) =>
      new Promise((done) => {
        waiting.set(id, (message) => (waiting.delete(id), done(message)));
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      });
    (async () => {
      await send(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "aci-gen-bench", version: "1.0.0" },
      });
      const initializeMs = performance.now() - start;
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
      const listed = await send(2, "tools/list", {});
      const listMs = performance.now() - start;
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const peakRss = Number(/VmHWM:\s+(\d+)\s*kB/.exec(status)?.[1] ?? 0) * 1024;
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve({ ms: listMs, initializeMs, peakRss, tools: listed.result?.tools?.length ?? 0 });
    })().catch((error) => (clearTimeout(timer), child.kill("SIGKILL"), reject(error)));
  });
}
