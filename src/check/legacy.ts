// Lockfiles written before per-keyword contracts hold a display phrase in `type`: compared by hash, then by phrase, said so.
import type { InputContract, LegacyInputContract, LegacyReturnsContract, ReturnsContract } from "../emit/lockfile.js";
import { breaking, code, compatible, hashesDiffer } from "./change.js";
import { contractPhrase } from "./phrase.js";
import type { ContractChange } from "./types.js";

/** Appended where an old lockfile leaves the impact unknown. */
const LEGACY_NOTE =
  "(the lockfile predates per-keyword contracts, so this is judged by the type phrase; regenerate to record them)";

type Phrased = LegacyInputContract | LegacyReturnsContract;
type Keyworded = InputContract | ReturnsContract;

export function isLegacy<T extends Phrased | Keyworded>(contract: T): contract is Extract<T, Phrased> {
  return typeof contract.type === "string";
}

/** The type phrase: stored by an old lockfile, rendered from the keywords by a new one. */
export function legacyPhrase(contract: Phrased | Keyworded): string {
  return isLegacy(contract) ? contract.type : contractPhrase(contract as Keyworded);
}

/** The same schema hashes the same in both forms, so only an input whose schema changed is compared, by its phrase. */
export function legacyInputChanges(
  name: string,
  old: InputContract | LegacyInputContract,
  now: InputContract | LegacyInputContract,
): ContractChange[] {
  if (!hashesDiffer(old, now)) return [];
  const from = legacyPhrase(old);
  const to = legacyPhrase(now);
  if (from === to)
    return [compatible("input-constraints-changed", `input ${code(name)} constraints changed`, { input: name })];
  return [
    breaking("input-type-changed", `input ${code(name)} type changed: ${from} → ${to} ${LEGACY_NOTE}`, {
      input: name,
      from,
      to,
    }),
  ];
}

/** Returns of an old lockfile: unchanged hashes say nothing changed; a different phrase is reported as a type change. */
export function legacyReturnsChange(
  old: ReturnsContract | LegacyReturnsContract,
  now: ReturnsContract | LegacyReturnsContract,
): ContractChange[] {
  if (!hashesDiffer(old, now)) return [];
  const from = legacyPhrase(old);
  const to = legacyPhrase(now);
  if (from === to) return [compatible("returns-shape-changed", `returns shape changed (still ${to})`)];
  return [breaking("returns-type-changed", `returns type changed: ${from} → ${to} ${LEGACY_NOTE}`, { from, to })];
}
