// Small constructors for contract changes, so every kind is built the same way.
import type { ChangeKind, ContractChange, Impact } from "./types.js";

type Extra = Pick<ContractChange, "input" | "step" | "from" | "to">;

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
