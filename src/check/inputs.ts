// Input contract changes of one tool: added, removed, now required/optional, type, enum values, constraints.
import type { InputContract } from "../emit/lockfile.js";
import { compareStrings } from "../util/order.js";
import { breaking, code, compatible, maybe } from "./change.js";
import type { ContractChange } from "./types.js";

type Inputs = Readonly<Record<string, InputContract>>;

/** Every input change between two contracts, inputs in name order. */
export function inputChanges(before: Inputs, after: Inputs): ContractChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareStrings);
  return names.flatMap((name) => {
    const old = before[name];
    const now = after[name];
    if (old === undefined) return now === undefined ? [] : [inputAdded(name, now)];
    if (now === undefined) return [inputRemoved(name, old)];
    return inputChanged(name, old, now);
  });
}

function inputAdded(name: string, now: InputContract): ContractChange {
  return now.required
    ? breaking("input-added", `new required input ${code(name)} (${now.type})`, { input: name, to: now.type })
    : compatible("input-added", `new optional input ${code(name)} (${now.type})`, { input: name, to: now.type });
}

function inputRemoved(name: string, old: InputContract): ContractChange {
  return breaking("input-removed", `input ${code(name)} removed`, { input: name, from: old.type });
}

function inputChanged(name: string, old: InputContract, now: InputContract): ContractChange[] {
  const typed = typeChanges(name, old, now);
  return [
    ...requiredChange(name, old, now),
    ...typed,
    ...maybe(typed.length === 0 && constraintsChanged(old, now), () => compatible("input-constraints-changed", `input ${code(name)} constraints changed`, { input: name })),
  ];
}

function requiredChange(name: string, old: InputContract, now: InputContract): ContractChange[] {
  if (old.required === now.required) return [];
  return now.required
    ? [breaking("input-now-required", `input ${code(name)} now required`, { input: name })]
    : [compatible("input-now-optional", `input ${code(name)} now optional`, { input: name })];
}

/** Enum values when both sides are enums (removing values breaks, adding does not), else the type summary. */
function typeChanges(name: string, old: InputContract, now: InputContract): ContractChange[] {
  if (old.type === now.type) return [];
  if (old.enum !== undefined && now.enum !== undefined && !sameValues(old.enum, now.enum)) return enumChanges(name, old.enum, now.enum);
  return [breaking("input-type-changed", `input ${code(name)} type changed: ${old.type} → ${now.type}`, { input: name, from: old.type, to: now.type })];
}

function enumChanges(name: string, old: readonly unknown[], now: readonly unknown[]): ContractChange[] {
  const removed = missingFrom(old, now);
  const added = missingFrom(now, old);
  return [
    ...maybe(removed.length > 0, () => breaking("input-values-removed", `input ${code(name)} no longer accepts ${removed.join(", ")}`, { input: name, from: removed.join(", ") })),
    ...maybe(added.length > 0, () => compatible("input-values-added", `input ${code(name)} now also accepts ${added.join(", ")}`, { input: name, to: added.join(", ") })),
  ];
}

/** JSON texts of the values in `from` that `to` lacks, in `from`'s order. */
function missingFrom(from: readonly unknown[], to: readonly unknown[]): string[] {
  const kept = new Set(to.map((v) => JSON.stringify(v)));
  return from.map((v) => JSON.stringify(v)).filter((v) => !kept.has(v));
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return missingFrom(a, b).length === 0 && missingFrom(b, a).length === 0;
}

function constraintsChanged(old: InputContract, now: InputContract): boolean {
  return old.schemaHash !== now.schemaHash || (old.refsHash !== undefined && now.refsHash !== undefined && old.refsHash !== now.refsHash);
}
