// Small shape guards and a JSON-pointer-aware visitor shared by the ingest transforms.
import { isRecord } from "../runtime/types.js";
import { setOwn } from "../util/set-own.js";

export type JsonRecord = Readonly<Record<string, unknown>>;

export { isRecord } from "../runtime/types.js";

/** The value as a record, or an empty one: lets transforms read optional objects without branching. */
export function recordOf(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** `{ key: value }` when value is defined, else `{}`: keeps optional model fields absent rather than undefined. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** `target[key] = value` as an own property even for `__proto__`, so a spec's map keys never replace a prototype. */
export function setEntry<T>(target: Record<string, T>, key: string, value: T): void {
  setOwn(target, key, value);
}

/** `x-*` members of an object, verbatim. */
export function extensionsOf(node: JsonRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key.startsWith("x-")) out[key] = value;
  return out;
}

/**
 * A copy of `node` with the member at `tokens` replaced by `update(member)` (removed when it gives undefined), sharing
 * every object off that path; `node` itself when there is no such member.
 */
export function updateMember(
  node: JsonRecord,
  tokens: readonly string[],
  update: (member: unknown) => unknown,
): JsonRecord {
  return updateMembers(node, [{ tokens, update }]);
}

/** One member to replace: the pointer's tokens, and what the member becomes (removed when it gives undefined). */
export interface MemberUpdate {
  readonly tokens: readonly string[];
  readonly update: (member: unknown) => unknown;
}

/**
 * {@link updateMember} for many pointers at once: each object on the way to any of them is copied once, however many
 * members below it change (Loket.nl's 1,924 patterns under one `components/schemas` would copy it 1,924 times).
 */
export function updateMembers(node: JsonRecord, updates: readonly MemberUpdate[]): JsonRecord {
  return applyUpdates(node, updates, 0);
}

function applyUpdates(node: JsonRecord, updates: readonly MemberUpdate[], depth: number): JsonRecord {
  const byHead = new Map<string, MemberUpdate[]>();
  for (const u of updates) {
    const head = u.tokens[depth];
    if (head === undefined) continue;
    const group = byHead.get(head);
    if (group === undefined) byHead.set(head, [u]);
    else group.push(u);
  }
  let copy: Record<string, unknown> | undefined;
  for (const [head, group] of byHead) {
    if (!Object.hasOwn(node, head)) continue;
    const child = node[head];
    const deeper = group.filter((u) => u.tokens.length > depth + 1);
    let next: unknown =
      deeper.length > 0 && typeof child === "object" && child !== null
        ? applyUpdates(child as JsonRecord, deeper, depth + 1)
        : child;
    for (const u of group) if (u.tokens.length === depth + 1) next = u.update(next);
    if (next === child) continue;
    copy ??= Array.isArray(node) ? ([...node] as unknown as Record<string, unknown>) : { ...node };
    if (next === undefined) delete copy[head];
    else setEntry(copy, head, next);
  }
  return (copy ?? node) as JsonRecord;
}
