// A JSON value and a JSON Schema type name → whether the value has that type (`integer` for whole numbers).

const JSON_TYPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (v) => typeof v === "string",
  number: (v) => typeof v === "number" && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  array: Array.isArray,
  object: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
};

/** Whether `value` has JSON Schema type `type`; undefined for a type name JSON Schema does not define. */
export function hasJsonType(value: unknown, type: string): boolean | undefined {
  return JSON_TYPES[type]?.(value);
}
