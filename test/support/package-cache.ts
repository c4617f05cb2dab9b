// (spec, goals) → the path of its generated, compiled package, built once per content and shared read-only by every test file and CI run.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { buildPackage, ROOT } from "./e2e-harness.js";

const CACHE = join(ROOT, ".tmp/packages");
/** A lock older than this was left by a killed run: the build it guarded takes well under a minute. */
const STALE_LOCK_MS = 10 * 60_000;
/** Packages of other generator sources untouched this long are removed (a run of other sources may still use newer ones). */
const STALE_SOURCES_MS = 60 * 60_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let generator: string | undefined;

/** Everything a generated package's bytes depend on besides its spec and goals: the generator's sources, its templates, the pinned dependencies. */
function generatorFingerprint(): string {
  if (generator !== undefined) return generator;
  const hash = createHash("sha256");
  for (const top of ["src", "templates"]) {
    const files = readdirSync(join(ROOT, top), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  hash.update(readFileSync(join(ROOT, "package-lock.json")));
  generator = hash.digest("hex").slice(0, 16);
  return generator;
}

let pruned = false;

/** Removes, once per process, the packages of generator sources older than an hour: the cache keeps only what is in use. */
function pruneOtherSources(): void {
  if (pruned) return;
  pruned = true;
  mkdirSync(CACHE, { recursive: true });
  for (const name of readdirSync(CACHE)) {
    if (name === generatorFingerprint()) continue;
    const dir = join(CACHE, name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_SOURCES_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // another worker removed it first
    }
  }
}

/** Where `builtPackage` puts the package of `spec` and `goals` (their file names and bytes, as generated files name only those). */
export function packageDir(options: { spec: string; goals: string }): string {
  const hash = createHash("sha256");
  for (const file of [options.spec, options.goals])
    hash.update(basename(file)).update("\0").update(readFileSync(file)).update("\0");
  const name = basename(options.goals)
    .replace(/(\.goals|\.arazzo)?\.ya?ml$/, "")
    .replace(/[^a-z0-9-]+/gi, "-");
  return join(CACHE, generatorFingerprint(), `${name}-${hash.digest("hex").slice(0, 20)}`);
}

function lockIsStale(lock: string): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}

/**
 * The package `generate` writes for `spec` and `goals` (single files: a spec that `$ref`s other files is not keyed by
 * them, so build it with `buildPackage`), compiled with the repo's TypeScript, at `packageDir(options)`:
 * `.tmp/packages/<sources>/<name>-<key>`, by the generator's sources, then the spec's and goals' bytes. The first
 * caller builds it (other workers wait on its lock); later callers, in this run or the next one on another Node, get
 * the finished folder. Read-only: a test that writes into its package (state, edited files, its own build) copies it
 * or builds its own with `buildPackage`.
 */
export async function builtPackage(options: { spec: string; goals: string }): Promise<string> {
  const dir = packageDir(options);
  const lock = `${dir}.lock`;
  pruneOtherSources();
  mkdirSync(dirname(dir), { recursive: true });
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      mkdirSync(lock);
    } catch {
      if (lockIsStale(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
      continue;
    }
    try {
      if (existsSync(dir)) return dir;
      // Built beside its final place (same depth, so the same relative paths), then renamed: a folder at `dir` is whole.
      const staging = `${dir}.building-${process.pid}`;
      await buildPackage({ ...options, outDir: staging });
      renameSync(staging, dir);
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
