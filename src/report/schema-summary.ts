// Summarises a JSON Schema in a few words for people reading `plan` output: "integer 1–100", "string (email)", "Pet[]".
import type { JsonSchema, JsonSchemaObject } from "../model/api-model.js";
import { componentName } from "../planner/schemas.js";

const MAX_ENUM_SHOWN = 6;

/** A short type phrase for a schema: refs by name, enums listed, bounds and formats appended. */
export function summariseSchema(schema: JsonSchema): string {
  if (schema === true) return "any";
  if (schema === false) return "never";
  const ref = componentName(schema["$ref"]);
  if (ref !== undefined) return ref;
  if (Array.isArray(schema["enum"])) return enumPhrase(schema["enum"]);
  if (schema["const"] !== undefined) return JSON.stringify(schema["const"]);
  const union = ["oneOf", "anyOf"].map((k) => schema[k]).find(Array.isArray) as JsonSchema[] | undefined;
  if (union) return union.map(summariseSchema).join(" | ");
  const types = typeList(schema);
  if (types.length === 0)
    return schema["allOf"] ? `all of ${(schema["allOf"] as JsonSchema[]).map(summariseSchema).join(" & ")}` : "any";
  return types.map((t) => typePhrase(t, schema)).join(" | ");
}

function typeList(schema: JsonSchemaObject): string[] {
  const type = schema["type"];
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : [];
}

function enumPhrase(values: unknown[]): string {
  const shown = values
    .slice(0, MAX_ENUM_SHOWN)
    .map((v) => JSON.stringify(v))
    .join(" | ");
  return values.length > MAX_ENUM_SHOWN ? `${shown} | … (${values.length} values)` : shown;
}

function typePhrase(type: string, schema: JsonSchemaObject): string {
  if (type === "array") {
    const items = schema["items"];
    const inner = items === undefined || typeof items === "boolean" ? "any" : summariseSchema(items as JsonSchema);
    return `${inner.includes(" ") ? `(${inner})` : inner}[]${bounds(schema, "minItems", "maxItems", " items")}`;
  }
  const format = typeof schema["format"] === "string" ? ` (${schema["format"]})` : "";
  const pattern = type === "string" && typeof schema["pattern"] === "string" ? ` /${schema["pattern"]}/` : "";
  const range = type === "string" ? bounds(schema, "minLength", "maxLength", " chars") : numberBounds(schema);
  return `${type}${format}${range}${pattern}`;
}

function bounds(schema: JsonSchemaObject, min: string, max: string, unit: string): string {
  const lo = schema[min];
  const hi = schema[max];
  if (lo === undefined && hi === undefined) return "";
  if (hi === undefined) return ` ≥${String(lo)}${unit}`;
  if (lo === undefined) return ` ≤${String(hi)}${unit}`;
  return ` ${String(lo)}–${String(hi)}${unit}`;
}

function numberBounds(schema: JsonSchemaObject): string {
  const parts: string[] = [];
  if (schema["minimum"] !== undefined) parts.push(`≥${String(schema["minimum"])}`);
  if (schema["exclusiveMinimum"] !== undefined) parts.push(`>${String(schema["exclusiveMinimum"])}`);
  if (schema["maximum"] !== undefined) parts.push(`≤${String(schema["maximum"])}`);
  if (schema["exclusiveMaximum"] !== undefined) parts.push(`<${String(schema["exclusiveMaximum"])}`);
  return parts.length > 0 ? ` ${parts.join(" ")}` : "";
}
