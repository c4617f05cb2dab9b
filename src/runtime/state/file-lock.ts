// A lock file path + an async function → the function run while this process alone holds the lock (O_EXCL, takeover).
import { hostname } from "node:os";
import { open, readFile, stat, unlink } from "node:fs/promises";
import { processAlive } from "../approval/claim.js";

/** A lock older than this is abandoned whoever holds it: nothing holds one longer than a single write. */
const STALE_MS = 10_000;
/** How long to wait for the lock before going ahead without it (a record written out of order beats a lost one). */
const WAIT_MS = 5_000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function tryCreate(path: string): Promise<boolean> {
  try {
    const handle = await open(path, "wx", 0o600);
    try {
      await handle.writeFile(`${hostname()}:${process.pid}`);
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function abandoned(path: string): Promise<boolean> {
  const [holder, info] = await Promise.all([
    readFile(path, "utf8").catch(() => undefined),
    stat(path).catch(() => undefined),
  ]);
  if (info === undefined) return false;
  if (Date.now() - info.mtimeMs > STALE_MS) return true;
  const at = holder?.lastIndexOf(":") ?? -1;
  if (holder === undefined || at < 0 || holder.slice(0, at) !== hostname()) return false;
  const pid = Number(holder.slice(at + 1));
  return Number.isInteger(pid) && !processAlive(pid);
}

async function acquire(path: string): Promise<boolean> {
  const until = Date.now() + WAIT_MS;
  for (let wait = 1; Date.now() < until; wait = Math.min(wait * 2, 20)) {
    if (await tryCreate(path)) return true;
    if (await abandoned(path)) await unlink(path).catch(() => undefined);
    else await pause(wait);
  }
  return false;
}

/** Runs `work` holding the lock at `path` (created and removed here); after a long wait it runs without it. */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const held = await acquire(path);
  try {
    return await work();
  } finally {
    if (held) await unlink(path).catch(() => undefined);
  }
}
