// The shape of a value of each string format the tools check, as one regex each: loose enough for any value the
// generated predicates (emit/zod/formats.ts) take, strict enough to tell `"now"` from a date-time.

export const FORMAT_SHAPES: Readonly<Record<string, RegExp>> = {
  "date-time": /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$/,
  email: /^[^\s@]+@[^\s@]+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
};

/** Whether `value` has the shape of `format`; undefined for a format not listed here (not checked). */
export function fitsFormatShape(value: unknown, format: string): boolean | undefined {
  const shape = Object.hasOwn(FORMAT_SHAPES, format) ? FORMAT_SHAPES[format] : undefined;
  if (shape === undefined) return undefined;
  return typeof value === "string" && shape.test(value);
}
