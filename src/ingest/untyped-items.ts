// Reads each schema with `items` of objects and no `type` as one such object or a list of them, one located warning each.
import { split } from "../util/pointer.js";
import type { Reporter } from "./report.js";
import { type JsonRecord, updateMember } from "./walk.js";

/**
 * `{items: {anyOf: [objects]}}` without `type` accepts, by JSON Schema's letter, any value that is not an array: Slack
 * writes its channel and user objects so, and the values are objects. Each such schema becomes `anyOf: [the item, a
 * list of items]`, which takes what either reading means; only the objects on the way are copied.
 */
export function readUntypedItems(document: JsonRecord, pointers: readonly string[], reporter: Reporter): JsonRecord {
  let out = document;
  for (const pointer of pointers) {
    const next = updateMember(out, split(pointer), (member) => {
      const { items, ...rest } = member as Record<string, unknown>;
      return { ...rest, anyOf: [items, { type: "array", items }] };
    });
    if (next === out) continue;
    out = next;
    reporter.report("SCHEMA_ITEMS_WITHOUT_TYPE", pointer, {
      message:
        "a schema has `items` of objects but no `type`: read as one such object or a list of them (by JSON Schema's letter it would take any value that is not a list, and no pointer into it could be checked)",
    });
  }
  return out;
}

/** `items` that says nothing of its elements' members: absent, `{}`, or a bare `{type: object}`. */
function blankItems(items: unknown): boolean {
  if (items === undefined) return true;
  if (typeof items !== "object" || items === null || Array.isArray(items)) return false;
  const node = items as Record<string, unknown>;
  if (node["type"] !== undefined && node["type"] !== "object") return false;
  return ["$ref", "properties", "additionalProperties", "items", "anyOf", "oneOf", "allOf", "enum"].every(
    (key) => node[key] === undefined,
  );
}

/**
 * `{type: array, properties}` declares members no list can carry. Java generators write a collection's getters so
 * (XTRF's `categoriesIds` with `empty`, Telnyx's `ImmutableSetLong`): `items` says what the elements are, and the
 * properties are left out, or a draft binds an object where the API takes a list. Where `items` says nothing of the
 * elements' members (`{}`, `{type: object}`), the properties were meant for them (VTEX, Wealth Reader) and move there.
 */
export function readArrayProperties(document: JsonRecord, pointers: readonly string[], reporter: Reporter): JsonRecord {
  let out = document;
  // Inner schemas first (the scan lists them after their parents): a parent's properties may move into its items.
  for (const pointer of [...pointers].reverse()) {
    let moved = false;
    const next = updateMember(out, split(pointer), (member) => {
      if (typeof member !== "object" || member === null || (member as JsonRecord)["type"] !== "array") return member;
      const { properties, required, ...rest } = member as Record<string, unknown>;
      if (typeof properties !== "object" || properties === null) return member;
      if (!blankItems(rest["items"])) return rest;
      moved = true;
      const items = (rest["items"] ?? {}) as Record<string, unknown>;
      const own = Array.isArray(required) ? { required } : {};
      return { ...rest, items: { ...items, type: "object", properties, ...own } };
    });
    if (next === out) continue;
    out = next;
    reporter.report("SCHEMA_ARRAY_PROPERTIES", pointer, {
      message: moved
        ? "a schema typed `array` declares `properties` and items that say nothing of their members: read as the items' properties"
        : "a schema typed `array` declares `properties` beside items of their own (a collection's getters such as `empty`): left out, a list carries no named members",
    });
  }
  return out;
}
