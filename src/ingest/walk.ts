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
  const [head, ...rest] = tokens;
  if (head === undefined || !Object.hasOwn(node, head)) return node;
  const child = node[head];
  if (rest.length > 0 && (typeof child !== "object" || child === null)) return node;
  const copy: Record<string, unknown> = Array.isArray(node)
    ? ([...node] as unknown as Record<string, unknown>)
    : { ...node };
  const next = rest.length === 0 ? update(child) : updateMember(child as JsonRecord, rest, update);
  if (next === undefined) delete copy[head];
  else setEntry(copy, head, next);
  return copy as JsonRecord;
}
