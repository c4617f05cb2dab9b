// File drift: which files in --out regenerating would change, add or remove, and which were edited by hand.
import { LOCKFILE } from "../emit/lockfile.js";
import { compareStrings } from "../util/order.js";
import type { FileDrift } from "./types.js";

/** A file in --out as found on disk: absent, a regular file with its sha256, or something else (link, folder). */
export type DiskEntry =
  | { readonly kind: "missing" }
  | { readonly kind: "file"; readonly sha256: string }
  | { readonly kind: "other" };

export interface FileDriftInput {
  /** The previous lockfile's `files` (path → sha256; the lockfile does not list itself). */
  readonly locked: Readonly<Record<string, string>>;
  /** What generate would write now (path → sha256), the lockfile included. */
  readonly fresh: Readonly<Record<string, string>>;
  /** Every path of either side, as found in --out. */
  readonly disk: Readonly<Record<string, DiskEntry>>;
}

type Bucket = keyof FileDrift;

/** Sorts every path into the drift buckets (a path can be both edited and changed). */
export function fileDrift(input: FileDriftInput): FileDrift {
  const buckets: Record<Bucket, string[]> = {
    changed: [],
    added: [],
    removed: [],
    edited: [],
    missing: [],
    blocked: [],
  };
  const paths = [...new Set([...Object.keys(input.locked), ...Object.keys(input.fresh)])].sort(compareStrings);
  for (const path of paths) for (const bucket of bucketsOf(path, input)) buckets[bucket].push(path);
  return buckets;
}

function bucketsOf(path: string, input: FileDriftInput): Bucket[] {
  const disk = input.disk[path] ?? { kind: "missing" };
  const locked = path === LOCKFILE ? diskHash(disk) : input.locked[path];
  const fresh = input.fresh[path];
  if (locked === undefined) return fresh === undefined ? [] : [disk.kind === "missing" ? "added" : "blocked"];
  if (disk.kind === "missing") return fresh === undefined ? [] : ["missing"];
  const edited = diskHash(disk) !== locked;
  if (fresh === undefined) return [edited ? "edited" : "removed"];
  return [...(edited ? (["edited"] as const) : []), ...(fresh !== locked ? (["changed"] as const) : [])];
}

function diskHash(disk: DiskEntry): string | undefined {
  return disk.kind === "file" ? disk.sha256 : undefined;
}

/** How many files regenerating would write or remove. */
export function filesChangedCount(drift: FileDrift): number {
  return drift.changed.length + drift.added.length + drift.removed.length + drift.missing.length;
}

export function hasFileDrift(drift: FileDrift): boolean {
  return Object.values(drift).some((paths: readonly string[]) => paths.length > 0);
}
