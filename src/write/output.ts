// Writes a generated package into --out safely: staged first, swapped in file by file with rollback, touching only files aci-gen wrote before.
import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
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

/**
 * Writes `files` into `outDir`; on any problem nothing in `outDir` changes and the diagnostics say why.
 *
 * Cost: each folder on the way to a file is looked at once, not once per file; a file that exists is read once (to
 * prove it is the one the lockfile recorded, which also says whether the new text differs); into a folder that does
 * not exist yet everything is staged and the staging folder renamed into place in one move. File system calls run
 * a few at a time (FS_CONCURRENCY) rather than one after another: for ~1,300 files that was most of the write time.
 */
export async function writeOutput(outDir: string, files: Readonly<Record<string, string>>): Promise<WriteResult> {
  const root = resolve(outDir);
  const rootStat = await lstat(root).catch(() => undefined);
  const rootProblem = checkRoot(root, rootStat);
  if (rootProblem) return failed([rootProblem]);
  const problems: Diagnostic[] = [];
  const previous = rootStat ? await readPreviousLock(root, problems) : undefined;
  const probe = createProbe(root, rootStat);
  const checked = await mapLimit(Object.keys(files), FS_CONCURRENCY, (path) => checkTarget(probe, path, previous));
  for (const result of checked) problems.push(...result.problems);
  if (problems.length > 0) return failed(problems);
  const existing = new Map(checked.flatMap((c) => (c.hash === undefined ? [] : [[c.path, c.hash] as const])));
  const changes = await planChanges(root, files, previous, existing);
  return applyChanges(root, files, changes, rootStat === undefined);
}

/** How many file system calls run at once: enough to keep libuv's four threads busy, few enough to stay polite. */
const FS_CONCURRENCY = 16;

/** `fn` over `items`, at most `limit` at a time, results in item order; the first rejection is rethrown once all started calls settle. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
  return results;
}

function failed(diagnostics: Diagnostic[]): WriteResult {
  return { written: [], removed: [], unchanged: [], diagnostics };
}

function checkRoot(root: string, stat: Stats | undefined): Diagnostic | undefined {
  if (!stat) return undefined;
  if (stat.isSymbolicLink())
    return diagnostic("OUTPUT_SYMLINK", {
      file: root,
      message: `${root} is a symbolic link; aci-gen does not follow links out of --out`,
    });
  if (!stat.isDirectory())
    return diagnostic("OUTPUT_NOT_DIRECTORY", { file: root, message: `${root} exists and is not a folder` });
  return undefined;
}

async function readPreviousLock(root: string, problems: Diagnostic[]): Promise<Lockfile | undefined> {
  const path = join(root, LOCKFILE);
  const stat = await lstat(path).catch(() => undefined);
  if (!stat) return undefined;
  try {
    const lock = JSON.parse(await readFile(path, "utf8")) as Lockfile;
    if (lock.lockfileVersion !== 1 || typeof lock.files !== "object" || lock.files === null)
      throw new Error("not an aci-gen lockfile");
    return lock;
  } catch (error) {
    problems.push(
      diagnostic("OUTPUT_BAD_LOCKFILE", {
        file: path,
        message: `${path} cannot be read as an aci-gen lockfile: ${(error as Error).message}`,
      }),
    );
    return undefined;
  }
}

/** `lstat` of paths under the root, each asked once; nothing is asked below a folder that does not exist. */
interface Probe {
  readonly root: string;
  stat(path: string): Promise<Stats | undefined>;
}

function createProbe(root: string, rootStat: Stats | undefined): Probe {
  const known = new Map<string, Promise<Stats | undefined>>();
  const stat = (path: string): Promise<Stats | undefined> => {
    if (path === root) return Promise.resolve(undefined);
    let found = known.get(path);
    if (found === undefined) {
      const parent = dirname(path);
      const parentStat = parent === root ? Promise.resolve(rootStat) : stat(parent);
      found = parentStat.then((p) =>
        p?.isDirectory() && !p.isSymbolicLink() ? lstat(path).catch(() => undefined) : undefined,
      );
      known.set(path, found);
    }
    return found;
  };
  return { root, stat };
}

interface Checked {
  readonly path: string;
  readonly problems: readonly Diagnostic[];
  /** sha256 of the file now at `path`, when there is one and it was read. */
  readonly hash?: string;
}

/** Refuses paths that escape, go through symlinks, or would overwrite a file aci-gen did not write (or that was edited since). */
async function checkTarget(probe: Probe, path: string, previous: Lockfile | undefined): Promise<Checked> {
  const { root } = probe;
  const refuse = (problem: Diagnostic): Checked => ({ path, problems: [problem] });
  if (safeRelativePath(path) === undefined)
    return refuse(
      diagnostic("OUTPUT_UNSAFE_PATH", { message: `refusing to write "${path}": not a plain path inside --out` }),
    );
  const target = join(root, path);
  if (!target.startsWith(root + sep))
    return refuse(diagnostic("OUTPUT_UNSAFE_PATH", { message: `refusing to write "${path}" outside --out` }));
  for (let dir = dirname(target); dir.length > root.length; dir = dirname(dir)) {
    const stat = await probe.stat(dir);
    if (stat?.isSymbolicLink())
      return refuse(
        diagnostic("OUTPUT_SYMLINK", {
          file: dir,
          message: `${relative(root, dir)} in --out is a symbolic link; aci-gen does not follow links`,
        }),
      );
    if (stat && !stat.isDirectory())
      return refuse(
        diagnostic("OUTPUT_CONFLICT", {
          file: dir,
          message: `${relative(root, dir)} in --out is a file where aci-gen needs a folder`,
        }),
      );
  }
  const stat = await probe.stat(target);
  if (!stat) return { path, problems: [] };
  if (stat.isSymbolicLink() || !stat.isFile())
    return refuse(
      diagnostic("OUTPUT_SYMLINK", {
        file: target,
        message: `${path} in --out is not a regular file; aci-gen will not replace it`,
      }),
    );
  const known = previous?.files[path];
  if (path === LOCKFILE && previous) return { path, problems: [] };
  if (known === undefined)
    return refuse(
      diagnostic("OUTPUT_CONFLICT", { file: target, message: `${path} exists in --out but aci-gen did not write it` }),
    );
  const current = sha256(await readFile(target));
  if (current !== known)
    return refuse(diagnostic("OUTPUT_EDITED", { file: target, message: `${path} was edited since aci-gen wrote it` }));
  return { path, problems: [], hash: current };
}

interface Changes {
  readonly write: string[];
  readonly unchanged: string[];
  readonly remove: string[];
}

/** `existing`: hashes of the files checkTarget read (all files there except the lockfile); those are not read again. */
async function planChanges(
  root: string,
  files: Readonly<Record<string, string>>,
  previous: Lockfile | undefined,
  existing: ReadonlyMap<string, string>,
): Promise<Changes> {
  const write: string[] = [];
  const unchanged: string[] = [];
  const hashes = await mapLimit(Object.entries(files), FS_CONCURRENCY, async ([path]) => {
    if (existing.has(path)) return existing.get(path);
    if (path !== LOCKFILE || previous === undefined) return undefined;
    const current = await readFile(join(root, path)).catch(() => undefined);
    return current === undefined ? undefined : sha256(current);
  });
  Object.entries(files).forEach(([path, text], i) => {
    const current = hashes[i];
    (current !== undefined && current === sha256(text) ? unchanged : write).push(path);
  });
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

/** Each distinct folder of `paths` under `base`, created once, parents first. */
async function makeFolders(base: string, paths: readonly string[]): Promise<void> {
  const folders = [...new Set(paths.map((path) => dirname(join(base, path))))].sort();
  for (const folder of folders) await mkdir(folder, { recursive: true });
}

/** `mkdir -p`, asked once per folder however many files go into it. */
function folderMaker(): (folder: string) => Promise<unknown> {
  const made = new Map<string, Promise<unknown>>();
  return (folder) => {
    let making = made.get(folder);
    if (making === undefined) made.set(folder, (making = mkdir(folder, { recursive: true })));
    return making;
  };
}

/**
 * Stages every new file beside --out, then moves each into place, keeping backups to roll back on failure. When
 * --out did not exist, the staging folder itself becomes --out in one rename (if that fails, file by file as usual).
 */
async function applyChanges(
  root: string,
  files: Readonly<Record<string, string>>,
  changes: Changes,
  fresh: boolean,
): Promise<WriteResult> {
  const token = randomBytes(6).toString("hex");
  const staging = join(dirname(root), `.aci-gen-staging-${token}`);
  const backup = join(dirname(root), `.aci-gen-backup-${token}`);
  const done: { path: string; hadOld: boolean }[] = [];
  try {
    await makeFolders(staging, changes.write);
    await mapLimit(changes.write, FS_CONCURRENCY, (path) =>
      writeFile(join(staging, path), files[path] as string, { mode: 0o644 }),
    );
    const whole =
      fresh &&
      changes.remove.length === 0 &&
      (await rename(staging, root).then(
        () => true,
        () => false,
      ));
    if (!whole) {
      const swap = { root, staging, backup, done, folder: folderMaker() };
      await mapLimit(
        changes.write.filter((p) => p !== LOCKFILE),
        FS_CONCURRENCY,
        (path) => swapIn(swap, path),
      );
      if (changes.write.includes(LOCKFILE)) await swapIn(swap, LOCKFILE);
      for (const path of changes.remove) {
        await mkdir(dirname(join(backup, path)), { recursive: true });
        await rename(join(root, path), join(backup, path));
        done.push({ path, hadOld: true });
      }
    }
  } catch (error) {
    await rollback(root, backup, done);
    await rm(staging, { recursive: true, force: true });
    await rm(backup, { recursive: true, force: true });
    return failed([
      diagnostic("OUTPUT_WRITE_FAILED", {
        file: root,
        message: `writing ${root} failed, nothing was changed: ${(error as Error).message}`,
      }),
    ]);
  }
  await rm(staging, { recursive: true, force: true });
  await rm(backup, { recursive: true, force: true });
  return { written: changes.write, removed: changes.remove, unchanged: changes.unchanged, diagnostics: [] };
}

interface Swap {
  readonly root: string;
  readonly staging: string;
  readonly backup: string;
  readonly done: { path: string; hadOld: boolean }[];
  readonly folder: (folder: string) => Promise<unknown>;
}

/** Moves the old file (if any) to the backup and the staged one into place, recording each move as it happens for rollback. */
async function swapIn({ root, staging, backup, done, folder }: Swap, path: string): Promise<void> {
  const target = join(root, path);
  await folder(dirname(target));
  const hadOld = await lstat(target).then(
    () => true,
    () => false,
  );
  if (hadOld) {
    await folder(dirname(join(backup, path)));
    await rename(target, join(backup, path));
  }
  done.push({ path, hadOld });
  await rename(join(staging, path), target);
}

async function rollback(
  root: string,
  backup: string,
  done: readonly { path: string; hadOld: boolean }[],
): Promise<void> {
  for (const { path, hadOld } of [...done].reverse()) {
    const target = join(root, path);
    if (hadOld) await rename(join(backup, path), target).catch(() => undefined);
    else await rm(target, { force: true }).catch(() => undefined);
  }
}
