// Small constructors for contract changes, so every kind is built the same way.
import { compareStrings } from "../util/order.js";
import type { ChangeKind, ContractChange, Impact } from "./types.js";

type Extra = Pick<ContractChange, "input" | "step" | "keyword" | "from" | "to" | "fix" | "code" | "at">;

/** A breaking change: something an agent relied on no longer holds. */
export function breaking(kind: ChangeKind, message: string, extra: Extra = {}): ContractChange {
  return make(kind, "breaking", message, extra);
}

/** A compatible change: old calls keep working. */
export function compatible(kind: ChangeKind, message: string, extra: Extra = {}): ContractChange {
  return make(kind, "compatible", message, extra);
}

/** A documentation change: only what the model reads about the tool changed. */
export function docs(kind: ChangeKind, message: string, extra: Extra = {}): ContractChange {
  return make(kind, "docs", message, extra);
}

/** Each name of either record in name order, with its entry before and after (one of them may be missing). */
export function byName<T, R>(
  before: Readonly<Record<string, T>>,
  after: Readonly<Record<string, T>>,
  each: (name: string, old: T | undefined, now: T | undefined) => R[],
): R[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareStrings);
  return names.flatMap((name) => each(name, before[name], after[name]));
}

const IMPACT_RANK: Readonly<Record<Impact, number>> = { docs: 0, compatible: 1, breaking: 2 };

/** The most consequential impact among `changes` (docs when there are none). */
export function worstImpact(changes: readonly { readonly impact: Impact }[]): Impact {
  return changes.reduce<Impact>((worst, c) => (IMPACT_RANK[c.impact] > IMPACT_RANK[worst] ? c.impact : worst), "docs");
}

/** A value as messages show it: JSON, cut to `max` characters. */
export function shown(value: unknown, max = 60): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Two texts quoted and cut around where they first differ, so the change in a long description shows. */
export function differing(from: string, to: string, max = 60): [string, string] {
  let same = 0;
  while (same < from.length && same < to.length && from[same] === to[same]) same++;
  const start = Math.max(0, same - 20);
  const excerpt = (text: string): string => {
    const piece = text.slice(start, start + max);
    return JSON.stringify(`${start > 0 ? "…" : ""}${piece}${start + max < text.length ? "…" : ""}`);
  };
  return [excerpt(from), excerpt(to)];
}

function make(kind: ChangeKind, impact: Impact, message: string, extra: Extra): ContractChange {
  return { kind, impact, message, ...extra };
}

/** One change, or none. */
export function maybe(condition: boolean, build: () => ContractChange): ContractChange[] {
  return condition ? [build()] : [];
}

/** `name` in backticks, as the messages show identifiers. */
export function code(name: string): string {
  return `\`${name}\``;
}

/** Only documentation changed: the hashes differ but the shape hashes (both recorded) are equal. */
export function onlyDocsDiffer(
  old: { schemaHash: string; refsHash?: string; shapeHash?: string },
  now: { schemaHash: string; refsHash?: string; shapeHash?: string },
): boolean {
  return hashesDiffer(old, now) && old.shapeHash !== undefined && old.shapeHash === now.shapeHash;
}

/** A change no keyword covers (deeper in the schema, or behind a `$ref`) still shows through the hashes. */
export function hashesDiffer(
  old: { schemaHash: string; refsHash?: string },
  now: { schemaHash: string; refsHash?: string },
): boolean {
  return (
    old.schemaHash !== now.schemaHash ||
    (old.refsHash !== undefined && now.refsHash !== undefined && old.refsHash !== now.refsHash)
  );
}
