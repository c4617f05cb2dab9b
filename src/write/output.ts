// Writes a generated package into --out safely: staged first, swapped in file by file with rollback, touching only files aci-gen wrote before.
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { LOCKFILE, sha256, type Lockfile } from "../emit/lockfile.js";

export interface WriteResult {
  readonly written: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/** A relative POSIX path that stays inside the output folder, or undefined. */
export function safeRelativePath(path: string): string | undefined {
  if (path === "" || isAbsolute(path) || path.includes("\\") || path.includes("\0")) return undefined;
  const parts = path.split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..")) return undefined;
  return path;
}

/** Writes `files` into `outDir`; on any problem nothing in `outDir` changes and the diagnostics say why. */
export async function writeOutput(outDir: string, files: Readonly<Record<string, string>>): Promise<WriteResult> {
  const root = resolve(outDir);
  const problems: Diagnostic[] = [];
  const rootProblem = await checkRoot(root);
  if (rootProblem) return failed([rootProblem]);
  const previous = await readPreviousLock(root, problems);
  for (const path of Object.keys(files)) problems.push(...(await checkTarget(root, path, previous)));
  if (problems.length > 0) return failed(problems);
  const changes = await planChanges(root, files, previous);
  return applyChanges(root, files, changes);
}

function failed(diagnostics: Diagnostic[]): WriteResult {
  return { written: [], removed: [], unchanged: [], diagnostics };
}

async function checkRoot(root: string): Promise<Diagnostic | undefined> {
  const stat = await lstat(root).catch(() => undefined);
  if (!stat) return undefined;
  if (stat.isSymbolicLink()) return diagnostic("OUTPUT_SYMLINK", { file: root, message: `${root} is a symbolic link; aci-gen does not follow links out of --out` });
  if (!stat.isDirectory()) return diagnostic("OUTPUT_NOT_DIRECTORY", { file: root, message: `${root} exists and is not a folder` });
  return undefined;
}

async function readPreviousLock(root: string, problems: Diagnostic[]): Promise<Lockfile | undefined> {
  const path = join(root, LOCKFILE);
  const stat = await lstat(path).catch(() => undefined);
  if (!stat) return undefined;
  try {
    const lock = JSON.parse(await readFile(path, "utf8")) as Lockfile;
    if (lock.lockfileVersion !== 1 || typeof lock.files !== "object" || lock.files === null) throw new Error("not an aci-gen lockfile");
    return lock;
  } catch (error) {
    problems.push(diagnostic("OUTPUT_BAD_LOCKFILE", { file: path, message: `${path} cannot be read as an aci-gen lockfile: ${(error as Error).message}` }));
    return undefined;
  }
}

/** Refuses paths that escape, go through symlinks, or would overwrite a file aci-gen did not write (or that was edited since). */
async function checkTarget(root: string, path: string, previous: Lockfile | undefined): Promise<Diagnostic[]> {
  if (safeRelativePath(path) === undefined) return [diagnostic("OUTPUT_UNSAFE_PATH", { message: `refusing to write "${path}": not a plain path inside --out` })];
  const target = join(root, path);
  if (!target.startsWith(root + sep)) return [diagnostic("OUTPUT_UNSAFE_PATH", { message: `refusing to write "${path}" outside --out` })];
  for (let dir = dirname(target); dir.length > root.length; dir = dirname(dir)) {
    const stat = await lstat(dir).catch(() => undefined);
    if (stat?.isSymbolicLink()) return [diagnostic("OUTPUT_SYMLINK", { file: dir, message: `${relative(root, dir)} in --out is a symbolic link; aci-gen does not follow links` })];
    if (stat && !stat.isDirectory()) return [diagnostic("OUTPUT_CONFLICT", { file: dir, message: `${relative(root, dir)} in --out is a file where aci-gen needs a folder` })];
  }
  const stat = await lstat(target).catch(() => undefined);
  if (!stat) return [];
  if (stat.isSymbolicLink() || !stat.isFile()) return [diagnostic("OUTPUT_SYMLINK", { file: target, message: `${path} in --out is not a regular file; aci-gen will not replace it` })];
  const known = previous?.files[path];
  if (path === LOCKFILE && previous) return [];
  if (known === undefined) return [diagnostic("OUTPUT_CONFLICT", { file: target, message: `${path} exists in --out but aci-gen did not write it` })];
  const current = sha256(await readFile(target));
  if (current !== known) return [diagnostic("OUTPUT_EDITED", { file: target, message: `${path} was edited since aci-gen wrote it` })];
  return [];
}

interface Changes {
  readonly write: string[];
  readonly unchanged: string[];
  readonly remove: string[];
}

async function planChanges(root: string, files: Readonly<Record<string, string>>, previous: Lockfile | undefined): Promise<Changes> {
  const write: string[] = [];
  const unchanged: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    const current = await readFile(join(root, path)).catch(() => undefined);
    (current !== undefined && sha256(current) === sha256(text) ? unchanged : write).push(path);
  }
  const remove: string[] = [];
  for (const [path, hash] of Object.entries(previous?.files ?? {})) {
    if (Object.hasOwn(files, path) || safeRelativePath(path) === undefined || (await throughLink(root, path))) continue;
    const current = await readFile(join(root, path)).catch(() => undefined);
    if (current !== undefined && sha256(current) === hash) remove.push(path);
  }
  return { write, unchanged, remove };
}

/** Whether the path, or a folder on the way to it, is a symbolic link (then it is left alone). */
async function throughLink(root: string, path: string): Promise<boolean> {
  for (let at = join(root, path); at.length > root.length; at = dirname(at)) {
    if ((await lstat(at).catch(() => undefined))?.isSymbolicLink()) return true;
  }
  return false;
}

/** Stages every new file beside --out, then moves each into place, keeping backups to roll back on failure. */
async function applyChanges(root: string, files: Readonly<Record<string, string>>, changes: Changes): Promise<WriteResult> {
  const token = randomBytes(6).toString("hex");
  const staging = join(dirname(root), `.aci-gen-staging-${token}`);
  const backup = join(dirname(root), `.aci-gen-backup-${token}`);
  const done: { path: string; hadOld: boolean }[] = [];
  try {
    for (const path of changes.write) {
      await mkdir(dirname(join(staging, path)), { recursive: true });
      await writeFile(join(staging, path), files[path] as string, { mode: 0o644 });
    }
    const ordered = [...changes.write.filter((p) => p !== LOCKFILE), ...changes.write.filter((p) => p === LOCKFILE)];
    for (const path of ordered) await swapIn(root, staging, backup, path, done);
    for (const path of changes.remove) {
      await mkdir(dirname(join(backup, path)), { recursive: true });
      await rename(join(root, path), join(backup, path));
      done.push({ path, hadOld: true });
    }
  } catch (error) {
    await rollback(root, backup, done);
    await rm(staging, { recursive: true, force: true });
    await rm(backup, { recursive: true, force: true });
    return failed([diagnostic("OUTPUT_WRITE_FAILED", { file: root, message: `writing ${root} failed, nothing was changed: ${(error as Error).message}` })]);
  }
  await rm(staging, { recursive: true, force: true });
  await rm(backup, { recursive: true, force: true });
  return { written: changes.write, removed: changes.remove, unchanged: changes.unchanged, diagnostics: [] };
}

/** Moves the old file (if any) to the backup and the staged one into place, recording each move as it happens for rollback. */
async function swapIn(root: string, staging: string, backup: string, path: string, done: { path: string; hadOld: boolean }[]): Promise<void> {
  const target = join(root, path);
  await mkdir(dirname(target), { recursive: true });
  const hadOld = await lstat(target).then(() => true, () => false);
  if (hadOld) {
    await mkdir(dirname(join(backup, path)), { recursive: true });
    await rename(target, join(backup, path));
  }
  done.push({ path, hadOld });
  await rename(join(staging, path), target);
}

async function rollback(root: string, backup: string, done: readonly { path: string; hadOld: boolean }[]): Promise<void> {
  for (const { path, hadOld } of [...done].reverse()) {
    const target = join(root, path);
    if (hadOld) await rename(join(backup, path), target).catch(() => undefined);
    else await rm(target, { force: true }).catch(() => undefined);
  }
}
