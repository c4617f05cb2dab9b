// Repairs every `enum` whose values break its schema's own `type` (`type: integer, enum: ["6", "12"]`) or are padded with spaces (`" no"`): each value read as the type (trimmed) where it can be, else dropped, one located warning per schema.
import { split } from "../util/pointer.js";
import type { Reporter } from "./report.js";
import { type EnumSite, enumValueFits, isPadded } from "./scan.js";
import { type JsonRecord, updateMember } from "./walk.js";

/**
 * A number written with its name in parentheses (`"1 (StandardSSD)"`: an enum of numbers listed with their names, as
 * some generators write them): the number is the value, the name says what it means.
 */
const NAMED_NUMBER = /^(-?\d+) \(([^()]+)\)$/;

/** A value that breaks the type, read as one of the types where the same text means it (`"6"` → 6, `10` → `"10"`). */
function readAs(value: unknown, types: readonly string[]): { value: unknown } | undefined {
  for (const type of types) {
    const named = typeof value === "string" ? NAMED_NUMBER.exec(value) : null;
    if ((type === "integer" || type === "number") && named !== null && Number.isSafeInteger(Number(named[1])))
      return { value: Number(named[1]) };
    if (type === "string" && (typeof value === "number" || typeof value === "boolean")) return { value: String(value) };
    if ((type === "integer" || type === "number") && typeof value === "string" && value.trim() === value) {
      const number = Number(value);
      if (
        value !== "" &&
        Number.isFinite(number) &&
        String(number) === value &&
        (type === "number" || Number.isSafeInteger(number))
      )
        return { value: number };
    }
    if (type === "boolean" && (value === "true" || value === "false")) return { value: value === "true" };
  }
  return undefined;
}

/** What becomes of one mistyped enum: its new values (none left: the enum goes), and what was read or dropped. */
function repaired(site: EnumSite): { values: unknown[]; read: [unknown, unknown][]; dropped: unknown[] } {
  const values: unknown[] = [];
  const seen = new Set<string>();
  const read: [unknown, unknown][] = [];
  const dropped: unknown[] = [];
  const keep = (value: unknown): void => {
    const key = JSON.stringify(value);
    if (!seen.has(key)) seen.add(key), values.push(value);
  };
  for (const value of site.values) {
    if (isPadded(value) && enumValueFits(value, site.type)) read.push([value, value.trim()]), keep(value.trim());
    else if (enumValueFits(value, site.type)) keep(value);
    else {
      const as = readAs(value, site.type);
      if (as === undefined) dropped.push(value);
      else read.push([value, as.value]), keep(as.value);
    }
  }
  return { values: values.some((v) => v !== null) ? values : [], read, dropped };
}

const listed = (values: readonly unknown[]): string => {
  const shown = values.slice(0, 5).map((v) => JSON.stringify(v));
  return values.length > 5 ? `${shown.join(", ")} and ${values.length - 5} more` : shown.join(", ");
};

function message(site: EnumSite, fix: ReturnType<typeof repaired>): string {
  const type = site.type.join(" or ");
  const parts = [
    ...(fix.read.length > 0
      ? [`${listed(fix.read.map(([from]) => from))} read as ${listed(fix.read.map(([, to]) => to))}`]
      : []),
    ...(fix.dropped.length > 0 ? [`${listed(fix.dropped)} left out`] : []),
  ];
  const outcome =
    fix.values.length === 0
      ? "; no value is left: the tool will not check this enum (the schema's other constraints stay)"
      : fix.dropped.length > 0
        ? `; the tool accepts ${listed(fix.values)}`
        : "";
  const padded = fix.read.length > 0 && fix.dropped.length === 0 && fix.read.every(([from]) => isPadded(from));
  const what = padded
    ? "enum values are padded with spaces (a list split at its commas?)"
    : `enum values of a schema of type ${type} are not of that type`;
  return `${what}: ${parts.join("; ")}${outcome}`;
}

/**
 * `document` with each mistyped enum of `sites` (from the document's scan) repaired; only the objects on the way are
 * copied, so `document` itself is never changed.
 */
export function repairEnums(document: JsonRecord, sites: readonly EnumSite[], reporter: Reporter): JsonRecord {
  let out = document;
  for (const site of sites) {
    const fix = repaired(site);
    const next = updateMember(out, [...split(site.pointer), "enum"], () =>
      fix.values.length === 0 ? undefined : fix.values,
    );
    if (next === out) continue;
    out = withNames(next, site, fix);
    reporter.report("SCHEMA_ENUM_REPAIRED", `${site.pointer}/enum`, { message: message(site, fix) });
  }
  return out;
}

/**
 * The schema's description followed by what each number read from a named value means (`0: StandardHDD, 1:
 * StandardSSD.`): the enum keeps the numbers the API takes, and the model still learns which number says what.
 */
function withNames(document: JsonRecord, site: EnumSite, fix: ReturnType<typeof repaired>): JsonRecord {
  const names = fix.read.flatMap(([from, to]) => {
    const named = typeof from === "string" ? NAMED_NUMBER.exec(from) : null;
    return named === null ? [] : [`${String(to)}: ${named[2]}`];
  });
  if (names.length === 0) return document;
  const said = `${names.join(", ")}.`;
  return updateMember(document, split(site.pointer), (schema) => {
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
    const description = (schema as JsonRecord)["description"];
    const text = typeof description === "string" && description.trim() !== "" ? `${description.trim()} ${said}` : said;
    return { ...schema, description: text };
  });
}
