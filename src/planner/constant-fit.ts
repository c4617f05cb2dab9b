// Checks a constant a goal binds against the whole schema of where it goes: type, enum, const, format, pattern, bounds.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema } from "../model/api-model.js";
import { FORMAT_SHAPES } from "../util/format-shapes.js";
import { derefTop } from "./schemas.js";

function field(schema: JsonSchema, key: string): unknown {
  return typeof schema === "object" ? schema[key] : undefined;
}

/** Why `value` does not satisfy `schema` (the first reason), or undefined when it does or cannot be told here. */
export function constantMisfit(
  value: unknown,
  schema: JsonSchema,
  schemas: SchemaLookup,
  depth = 0,
): string | undefined {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object" || depth > 4) return undefined;
  const allowed = field(node, "enum");
  if (Array.isArray(allowed) && !allowed.some((a) => JSON.stringify(a) === JSON.stringify(value)))
    return `is not one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`;
  const constant = field(node, "const");
  if (constant !== undefined && JSON.stringify(constant) !== JSON.stringify(value))
    return `is not ${JSON.stringify(constant)}`;
  if (Array.isArray(value)) {
    const items = field(node, "items");
    return items === undefined
      ? undefined
      : value.map((v) => constantMisfit(v, items as JsonSchema, schemas, depth + 1)).find((r) => r !== undefined);
  }
  if (typeof value === "string") return stringMisfit(value, node);
  if (typeof value === "number") return numberMisfit(value, node);
  return undefined;
}

function stringMisfit(value: string, node: JsonSchema): string | undefined {
  const format = field(node, "format");
  const formatRule =
    typeof format === "string" && Object.hasOwn(FORMAT_SHAPES, format) ? FORMAT_SHAPES[format] : undefined;
  if (formatRule && !formatRule.test(value)) return `is not a valid ${format as string}`;
  const pattern = field(node, "pattern");
  if (typeof pattern === "string" && safeTest(pattern, value) === false) return `does not match the pattern ${pattern}`;
  const min = field(node, "minLength");
  if (typeof min === "number" && [...value].length < min) return `is shorter than ${min} characters`;
  const max = field(node, "maxLength");
  if (typeof max === "number" && [...value].length > max) return `is longer than ${max} characters`;
  return undefined;
}

function numberMisfit(value: number, node: JsonSchema): string | undefined {
  const minimum = field(node, "minimum");
  if (typeof minimum === "number" && value < minimum) return `is below the minimum ${minimum}`;
  const maximum = field(node, "maximum");
  if (typeof maximum === "number" && value > maximum) return `is above the maximum ${maximum}`;
  const above = field(node, "exclusiveMinimum");
  if (typeof above === "number" && value <= above) return `is not above ${above}`;
  const below = field(node, "exclusiveMaximum");
  if (typeof below === "number" && value >= below) return `is not below ${below}`;
  return undefined;
}

/** Whether `pattern` (with `u`) matches `value`; undefined when it does not compile. */
export function safeTest(pattern: string, value: string): boolean | undefined {
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return undefined;
  }
}
