// A locked schema contract → the short phrase `check` messages show: "integer (int64) ≥1 ≤999999", "Pet[]", "string | null".
import type { SchemaContract } from "../emit/schema-contract.js";

const MAX_VALUES_SHOWN = 6;

/** Refs by name, enums listed, bounds and formats appended, `| null` when null is admitted. */
export function contractPhrase(contract: SchemaContract): string {
  return contract.nullable ? `${corePhrase(contract)} | null` : corePhrase(contract);
}

/** JSON texts of the values, `|`-separated, the first few of a long list. */
export function valueList(values: readonly unknown[]): string {
  const shown = values
    .slice(0, MAX_VALUES_SHOWN)
    .map((v) => JSON.stringify(v))
    .join(" | ");
  return values.length > MAX_VALUES_SHOWN ? `${shown} | … (${values.length} values)` : shown;
}

function corePhrase(contract: SchemaContract): string {
  if (contract.ref !== undefined) return contract.ref;
  if (contract.enum !== undefined) return valueList(contract.enum);
  if (contract.type.length === 0) return "any";
  return contract.type.map((t) => typePhrase(t, contract)).join(" | ");
}

function typePhrase(type: string, c: SchemaContract): string {
  if (type === "array") {
    const inner = c.items === undefined ? "any" : contractPhrase(c.items);
    return `${inner.includes(" ") ? `(${inner})` : inner}[]${range(c.minItems, c.maxItems, " items")}`;
  }
  const format = c.format === undefined ? "" : ` (${c.format})`;
  if (type === "string")
    return `string${format}${range(c.minLength, c.maxLength, " chars")}${c.pattern === undefined ? "" : ` /${c.pattern}/`}`;
  const bounds = [
    prefixed("≥", c.minimum),
    prefixed(">", c.exclusiveMinimum),
    prefixed("≤", c.maximum),
    prefixed("<", c.exclusiveMaximum),
  ].filter((p) => p !== "");
  return `${type}${format}${bounds.length > 0 ? ` ${bounds.join(" ")}` : ""}`;
}

function range(lo: number | undefined, hi: number | undefined, unit: string): string {
  if (lo === undefined && hi === undefined) return "";
  if (hi === undefined) return ` ≥${lo}${unit}`;
  if (lo === undefined) return ` ≤${hi}${unit}`;
  return ` ${lo}–${hi}${unit}`;
}

function prefixed(sign: string, value: number | undefined): string {
  return value === undefined ? "" : `${sign}${value}`;
}
