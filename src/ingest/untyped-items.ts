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
