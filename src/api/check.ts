// The `check` API: generate in memory, compare with --out's aci.lock.json and files on disk; writes nothing.
import { lstat, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  checkReport,
  fileDrift,
  parseLockfile,
  type CheckReport,
  type DiskEntry,
  type OperationRef,
} from "../check/index.js";
import { diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { LOCKFILE, sha256, type Lockfile } from "../emit/lockfile.js";
import type { PackageOptions, PlanOptions } from "../options.js";
import { safeRelativePath } from "../write/output.js";
import { generate } from "./generate.js";
import { plan } from "./plan.js";

export interface CheckOptions extends PlanOptions, PackageOptions {
  /** The generated package to compare against (its aci.lock.json and files). */
  readonly outDir: string;
}

export interface CheckResult {
  /** The contract and file diff; absent when the lockfile or the spec could not be read at all. */
  readonly report?: CheckReport;
  /** Errors here mean bad input (exit 2); the report may still say what became of the locked operations. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Would regenerating change `outDir`? Reads only; bad input comes back as diagnostics. */
export async function check(options: CheckOptions): Promise<CheckResult> {
  const root = resolve(options.outDir);
  const locked = await readLockfile(root);
  if ("problem" in locked) return { diagnostics: [locked.problem] };
  const { outDir: _ignored, ...planOptions } = options;
  const fresh = await generate(planOptions);
  if (hasErrors(fresh.diagnostics)) return failedPlanResult(locked.lock, planOptions, fresh.diagnostics);
  const next = parseLockfile(fresh.files[LOCKFILE] ?? "");
  if (!next.ok) throw new Error(`generate produced an unreadable lockfile: ${next.reason}`);
  const spec = operationsDiffer(locked.lock, next.lock) ? await specOperations(planOptions) : [];
  const freshHashes = Object.fromEntries(Object.entries(fresh.files).map(([p, text]) => [p, sha256(text)]));
  const disk = await diskEntries(root, [...Object.keys(locked.lock.files), ...Object.keys(freshHashes)]);
  const files = fileDrift({ locked: locked.lock.files, fresh: freshHashes, disk });
  return {
    report: checkReport({ previous: locked.lock, next: next.lock, spec, files }),
    diagnostics: fresh.diagnostics,
  };
}

async function failedPlanResult(
  previous: Lockfile,
  options: PlanOptions,
  diagnostics: readonly Diagnostic[],
): Promise<CheckResult> {
  const spec = await specOperations(options);
  if (spec.length === 0) return { diagnostics };
  return { report: checkReport({ previous, spec }), diagnostics };
}

async function readLockfile(root: string): Promise<{ lock: Lockfile } | { problem: Diagnostic }> {
  const path = join(root, LOCKFILE);
  const stat = await lstat(path).catch(() => undefined);
  if (stat === undefined)
    return {
      problem: diagnostic("CHECK_NO_LOCKFILE", {
        file: path,
        message: `${path} does not exist, so there is nothing to compare against`,
      }),
    };
  if (!stat.isFile())
    return { problem: diagnostic("CHECK_BAD_LOCKFILE", { file: path, message: `${path} is not a regular file` }) };
  const text = await readFile(path, "utf8").catch((error: Error) => error);
  if (text instanceof Error)
    return {
      problem: diagnostic("CHECK_BAD_LOCKFILE", { file: path, message: `${path} cannot be read: ${text.message}` }),
    };
  const parsed = parseLockfile(text);
  return parsed.ok
    ? { lock: parsed.lock }
    : {
        problem: diagnostic("CHECK_BAD_LOCKFILE", {
          file: path,
          message: `${path} is not an aci-gen lockfile: ${parsed.reason}`,
        }),
      };
}

/** True when some locked step is bound differently now: only then is the new spec searched by operationId and method + path. */
function operationsDiffer(previous: Lockfile, next: Lockfile): boolean {
  const now = new Set(bindingKeys(next));
  return bindingKeys(previous).some((k) => !now.has(k));
}

function bindingKeys(lock: Lockfile): string[] {
  return Object.entries(lock.tools).flatMap(([tool, t]) =>
    t.operations.map((o) => `${tool}\u0000${o.step}\u0000${o.operationId}\u0000${o.method}\u0000${o.path}`),
  );
}

async function specOperations(options: PlanOptions): Promise<OperationRef[]> {
  const planned = await plan(options);
  return (planned.api?.index.operations ?? []).map((o) => ({ id: o.id, method: o.method.toUpperCase(), path: o.path }));
}

async function diskEntries(root: string, paths: readonly string[]): Promise<Record<string, DiskEntry>> {
  const unique = [...new Set(paths)];
  const entries = await Promise.all(unique.map(async (p) => [p, await diskEntry(root, p)] as const));
  return Object.fromEntries(entries);
}

async function diskEntry(root: string, path: string): Promise<DiskEntry> {
  if (safeRelativePath(path) === undefined) return { kind: "other" };
  const target = join(root, path);
  const stat = await lstat(target).catch(() => undefined);
  if (stat === undefined) return { kind: "missing" };
  if (!stat.isFile()) return { kind: "other" };
  return { kind: "file", sha256: sha256(await readFile(target)) };
}
