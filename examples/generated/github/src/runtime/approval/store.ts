// The approval queue's files: one record per request, its real arguments apart (0600), atomic replacement by rename.
import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, readdir, rename, stat, unlink } from "node:fs/promises";
import { join } from "node:path";

/** Request ids are UUIDs; anything else is refused before it can name a file. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `id` has the shape of a request id (and so is safe inside a file name). */
export const isRequestId = (id: string): boolean => ID_PATTERN.test(id);

/** The queue folder under the state dir. */
export const queueDir = (stateDir: string): string => join(stateDir, "approvals");

/** The files of one request. */
export const requestFiles = (stateDir: string, id: string) => ({
  record: join(queueDir(stateDir), `${id}.json`),
  args: join(queueDir(stateDir), `${id}.args.json`),
  claim: (generation: number) => join(queueDir(stateDir), `${id}.claim.${generation}`),
});

/** Creates the queue folder (owner-only). */
export async function ensureQueue(stateDir: string): Promise<void> {
  await mkdir(queueDir(stateDir), { recursive: true, mode: 0o700 });
}

/** Writes JSON to a temp file and renames it over `path`: readers see the old or the new content, never a mix. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  const temp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  const handle = await open(temp, "wx", 0o600);
  try {
    await handle.writeFile(JSON.stringify(value, null, 2));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** Creates `path` exclusively with JSON content; false when it already exists. */
export async function createExclusive(path: string, value: unknown): Promise<boolean> {
  try {
    const handle = await open(path, "wx", 0o600);
    try {
      await handle.writeFile(JSON.stringify(value));
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Parsed JSON of a file, or undefined when it is absent or unreadable. */
export async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** Modification time in ms, or undefined when absent. */
export async function modifiedAt(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Ids of all request records in the queue. */
export async function recordIds(stateDir: string): Promise<string[]> {
  try {
    const names = await readdir(queueDir(stateDir));
    return names
      .filter((n) => n.endsWith(".json") && !n.endsWith(".args.json"))
      .map((n) => n.slice(0, -5))
      .filter(isRequestId);
  } catch {
    return [];
  }
}
