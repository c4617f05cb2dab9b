// Reads each schema whose `enum` values all break its own `format` as either: a value of the format, or one of them.
import { split } from "../util/pointer.js";
import type { Reporter } from "./report.js";
import { enumBesideFormat } from "./scan.js";
import { type JsonRecord, updateMember } from "./walk.js";

/**
 * SendGrid's `send_at` is `type: string, format: date-time, enum: ["now"]` ("the ISO 8601 time at which to send the
 * Single Send; must be in future, or the string \"now\""): by JSON Schema's letter no value passes both, so the tool
 * refused "now" as no date-time and every date-time as not "now". An enum none of whose values has the format's shape
 * lists values the API takes beside the format: the schema becomes `anyOf: [the format, the enum]` (its type,
 * description and other keywords kept around them), one located warning each; only the objects on the way are copied.
 */
export function readEnumsBesideFormat(
  document: JsonRecord,
  pointers: readonly string[],
  reporter: Reporter,
): JsonRecord {
  let out = document;
  for (const pointer of pointers) {
    let format = "";
    let values: unknown[] = [];
    const next = updateMember(out, split(pointer), (member) => {
      const record = member as Record<string, unknown>;
      // The enum as repaired for its type (enums.ts runs first): still apart from the format, or no longer there.
      if (typeof member !== "object" || member === null || !enumBesideFormat(record)) return member;
      const { enum: listed, format: named, ...rest } = record;
      format = named as string;
      values = listed as unknown[];
      const type = typeof rest["type"] === "string" ? { type: rest["type"] } : {};
      return {
        ...rest,
        anyOf: [
          { ...type, format },
          { ...type, enum: values },
        ],
      };
    });
    if (next === out) continue;
    out = next;
    reporter.report("SCHEMA_ENUM_BESIDE_FORMAT", pointer, {
      message: `no value of the enum (${values
        .slice(0, 5)
        .map((v) => JSON.stringify(v))
        .join(
          ", ",
        )}${values.length > 5 ? ", …" : ""}) is a ${format}: read as either a ${format} or one of the enum's values`,
    });
  }
  return out;
}
