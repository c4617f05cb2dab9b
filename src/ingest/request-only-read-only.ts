// A spec document → the named schemas whose `readOnly` marks cannot mean "the server sets it": request-only schemas that require a property they mark readOnly.
import { escapeToken, resolve, split } from "../util/pointer.js";
import { isRecord, recordOf, setEntry } from "./walk.js";

/** `readOnly` and not also `writeOnly`. */
function marksReadOnly(node: unknown): boolean {
  return isRecord(node) && node["readOnly"] === true && node["writeOnly"] !== true;
}

/** Whether the schema lists in `required` a property it marks `readOnly` (GOV.UK Pay's `amount` of a new payment). */
export function requiresReadOnly(schema: unknown): boolean {
  if (!isRecord(schema) || !Array.isArray(schema["required"])) return false;
  const properties = recordOf(schema["properties"]);
  return schema["required"].some((name) => typeof name === "string" && marksReadOnly(properties[name]));
}

/** Every `$ref` string inside `node`, walked with an explicit stack. */
function refsIn(node: unknown, out: Set<string>): void {
  const pending: unknown[] = [node];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    if (isRecord(current) && typeof current["$ref"] === "string") out.add(current["$ref"]);
    for (const value of Object.values(current)) pending.push(value);
  }
}

/** The refs under every `responses` member outside the named schemas (operations, callbacks, webhooks, components). */
function responseRefs(document: unknown, prefix: string): Set<string> {
  const out = new Set<string>();
  const pending: [unknown, string][] = [[document, ""]];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const [node, pointer] = pending.pop() as [unknown, string];
    if (node === null || typeof node !== "object" || seen.has(node) || pointer === prefix) continue;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === "responses" && isRecord(value)) refsIn(value, out);
      else pending.push([value, `${pointer}/${escapeToken(key)}`]);
    }
  }
  return out;
}

/** The named schemas (their names) that the refs in `start` reach, through refs to any local place. */
function namesReached(document: unknown, prefix: string, start: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  const visited = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const ref = pending.pop() as string;
    if (visited.has(ref) || !ref.startsWith("#/")) continue;
    visited.add(ref);
    let tokens: string[];
    try {
      tokens = split(ref);
    } catch {
      continue;
    }
    const pointer = `/${tokens.map(escapeToken).join("/")}`;
    const base = split(prefix).length;
    if (pointer.startsWith(`${prefix}/`) && tokens.length > base) names.add(tokens[base] as string);
    const found = new Set<string>();
    refsIn(resolve(document, pointer), found);
    for (const next of found) pending.push(next);
  }
  return names;
}

/**
 * The named schemas under `prefix` whose `readOnly` marks are the author's mistake: the schema requires a property it
 * marks `readOnly`, and no response reaches it. OpenAPI reads `readOnly` with `required` as "required in responses
 * only"; a schema no response uses would then require nothing, so its marks cannot mean that (GOV.UK Pay's
 * `CreateCardPaymentRequest` marks `amount`, `description`, `reference` and `return_url` required and readOnly, and
 * a payment created without them is refused). The walk of the responses runs only when such a schema exists.
 */
export function mistakenReadOnly(document: unknown, prefix: string): ReadonlySet<string> {
  const declared = recordOf(resolve(document, prefix));
  const candidates = Object.keys(declared).filter((name) => requiresReadOnly(declared[name]));
  if (candidates.length === 0) return new Set();
  const answered = namesReached(document, prefix, responseRefs(document, prefix));
  return new Set(candidates.filter((name) => !answered.has(name)));
}

/** `schema` with its own properties' `readOnly: true` taken out (the same object when none carries one). */
export function withoutReadOnly(schema: unknown): unknown {
  if (!isRecord(schema) || !isRecord(schema["properties"])) return schema;
  const properties: Record<string, unknown> = {};
  let changed = false;
  for (const [name, property] of Object.entries(schema["properties"])) {
    if (!isRecord(property) || property["readOnly"] !== true) {
      setEntry(properties, name, property);
      continue;
    }
    const { readOnly: _, ...rest } = property;
    setEntry(properties, name, rest);
    changed = true;
  }
  return changed ? { ...schema, properties } : schema;
}
