// Small constructors for contract changes, so every kind is built the same way.
import type { ChangeKind, ContractChange, Impact } from "./types.js";

type Extra = Pick<ContractChange, "input" | "step" | "keyword" | "from" | "to">;

/** A breaking change: something an agent relied on no longer holds. */
export function breaking(kind: ChangeKind, message: string, extra: Extra = {}): ContractChange {
  return make(kind, "breaking", message, extra);
}

/** A compatible change: old calls keep working. */
export function compatible(kind: ChangeKind, message: string, extra: Extra = {}): ContractChange {
  return make(kind, "compatible", message, extra);
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
