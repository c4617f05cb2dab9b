// Exactly-once decisions: whoever first creates a request's claim file (O_EXCL) decides; a dead claimant's is taken.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { LeaseIntent } from "../state/types.js";
import { createExclusive, modifiedAt, readJson, requestFiles } from "./store.js";

/** Who holds a claim. */
export interface Claim {
  readonly token: string;
  readonly pid: number;
  readonly host: string;
  readonly at: string;
  readonly intent: LeaseIntent;
}

/** A claim by another host counts as abandoned after this long without progress. */
const FOREIGN_CLAIM_STALE_MS = 10 * 60_000;
/** An unreadable (half-written) claim counts as abandoned after this long. */
const UNREADABLE_CLAIM_STALE_MS = 60_000;
const MAX_GENERATIONS = 32;

/** Whether process `pid` on this host still runs. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function abandoned(path: string, claim: Claim | undefined): Promise<boolean> {
  const age = Date.now() - ((await modifiedAt(path)) ?? Date.now());
  if (claim === undefined) return age > UNREADABLE_CLAIM_STALE_MS;
  if (claim.host === hostname()) return !processAlive(claim.pid);
  return age > FOREIGN_CLAIM_STALE_MS;
}

/**
 * Claims the right to move a request. Claims are numbered generations never deleted, so a takeover (only of a
 * dead claimant, and only when the caller says the request is `recoverable`: still `pending`/`approved`, or an
 * interrupted execution an operator resolves) creates the next generation exclusively and two takers cannot both win.
 * Undefined: someone else holds it.
 */
export async function claimRequest(
  stateDir: string,
  id: string,
  intent: Claim["intent"],
  recoverable: boolean,
): Promise<Claim | undefined> {
  const claim: Claim = {
    token: randomUUID(),
    pid: process.pid,
    host: hostname(),
    at: new Date().toISOString(),
    intent,
  };
  const files = requestFiles(stateDir, id);
  for (let generation = 1; generation <= MAX_GENERATIONS; generation++) {
    const path = files.claim(generation);
    if (await createExclusive(path, claim)) return claim;
    if (!recoverable || !(await abandoned(path, await readJson<Claim>(path)))) return undefined;
  }
  return undefined;
}
