// Required names an `allOf` lists apart from the `$ref`ed object that declares them → that object, copied in place, requiring them.
import { escapeToken, resolve, split } from "../util/pointer.js";
import { type JsonRecord, isRecord, updateMember } from "./walk.js";

/** `$ref` hops followed from one member. */
const MAX_HOPS = 16;

/** Keywords a required-only member may carry besides `required`: they annotate, they do not constrain. */
const ANNOTATIONS = new Set(["title", "description", "example", "examples", "$comment", "deprecated", "externalDocs"]);

/** `{required: [...]}` alone (annotations aside): it types nothing, it only says which names must be there. */
function isRequiredOnly(member: unknown): member is JsonRecord & { readonly required: readonly unknown[] } {
  return (
    isRecord(member) &&
    Array.isArray(member["required"]) &&
    Object.keys(member).every((k) => k === "required" || ANNOTATIONS.has(k) || k.startsWith("x-"))
  );
}

/** Whether a schema's `allOf` may name required properties that only a `$ref`ed member declares (the scan's test). */
export function holdsRequiredApart(record: JsonRecord): boolean {
  const members = record["allOf"];
  if (!Array.isArray(members) || !members.some((m) => isRecord(m) && typeof m["$ref"] === "string")) return false;
  return members.some(isRequiredOnly) || ownUndeclared(record).length > 0;
}

/** The record a local `$ref` chain ends at (16 hops at most); undefined for a remote or broken `$ref`. */
export function localTarget(document: unknown, node: unknown): JsonRecord | undefined {
  let at = node;
  for (let hops = 0; hops <= MAX_HOPS && isRecord(at); hops++) {
    const ref = at["$ref"];
    if (typeof ref !== "string") return at;
    if (!ref.startsWith("#")) return undefined;
    try {
      at = resolve(
        document,
        split(ref)
          .map((t) => `/${escapeToken(t)}`)
          .join(""),
      );
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The object a local `$ref` chain ends at, when it declares properties of its own. */
function declaringTarget(document: unknown, member: unknown): JsonRecord | undefined {
  const found = localTarget(document, member);
  return found !== undefined && isRecord(found["properties"]) ? found : undefined;
}

/** The strings of a list (a schema's `required`). */
export const names = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((n) => typeof n === "string") : [];

/** The schema's required names its own `properties` do not declare. */
function ownUndeclared(schema: JsonRecord): string[] {
  const properties = isRecord(schema["properties"]) ? schema["properties"] : {};
  return names(schema["required"]).filter((n) => !Object.hasOwn(properties, n));
}

/**
 * `allOf: [{required: [a, b]}, {$ref: X}]` (YNAB's SaveTransaction) and `{allOf: [{$ref: X}], required: [a, b]}`
 * (DigitalOcean's and Linode's create bodies), where X declares a and b: the `$ref` member becomes a copy of X that
 * requires them, and they leave the place that only listed them. Left apart, the required-only member is a schema of any
 * type and each name a property of any type beside the one X types. The same instances pass: every member applies to
 * the whole value, and a `required` in an untyped schema, like one in X, binds only objects.
 */
export function requiredIntoRefs(document: unknown, schema: JsonRecord): JsonRecord {
  const members = schema["allOf"];
  if (!Array.isArray(members)) return schema;
  const ownRequired = ownUndeclared(schema);
  const listed = [...ownRequired, ...members.filter(isRequiredOnly).flatMap((m) => names(m.required))];
  const moved = new Map<number, string[]>();
  const placed = new Set<string>();
  members.forEach((member, i) => {
    if (!isRecord(member) || typeof member["$ref"] !== "string") return;
    const target = declaringTarget(document, member);
    if (target === undefined) return;
    const here = listed.filter((n) => !placed.has(n) && Object.hasOwn(target["properties"] as object, n));
    if (here.length === 0) return;
    for (const n of here) placed.add(n);
    moved.set(i, here);
  });
  if (moved.size === 0) return schema;
  const nextMembers = members.flatMap((member, i): unknown[] => {
    const here = moved.get(i);
    if (here !== undefined) {
      const target = declaringTarget(document, member) as JsonRecord;
      const own = names(target["required"]);
      const { $ref: _ref, ...annotations } = member as JsonRecord;
      return [{ ...target, ...annotations, required: [...own, ...here.filter((n) => !own.includes(n))] }];
    }
    if (!isRequiredOnly(member)) return [member];
    const left = member.required.filter((n) => typeof n !== "string" || !placed.has(n));
    return left.length === 0 ? [] : [{ ...member, required: left }];
  });
  const out: Record<string, unknown> = { ...schema, allOf: nextMembers };
  if (ownRequired.length > 0) {
    const left = (schema["required"] as unknown[]).filter((n) => typeof n !== "string" || !placed.has(n));
    if (left.length === 0) delete out["required"];
    else out["required"] = left;
  }
  return out;
}

/** {@link requiredIntoRefs} at each pointer the scan found, innermost first so a copy carries what was read inside it. */
export function readRequiredApart(document: JsonRecord, pointers: readonly string[]): JsonRecord {
  let out = document;
  for (const pointer of [...pointers].reverse()) {
    out = updateMember(out, split(pointer), (member) => (isRecord(member) ? requiredIntoRefs(out, member) : member));
  }
  return out;
}
