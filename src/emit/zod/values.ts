// Turns `enum` and `const` into z.enum / z.literal, with canonical-JSON equality for object and array values.
import { canon, canonSource, lit } from "./literal.js";

const isPrimitive = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));

/** Zod for "one of these JSON values" (deep JSON equality, as JSON Schema's enum/const compare). */
export function valuesToZod(values: readonly unknown[]): string {
  const unique = [...new Map(values.map((v) => [canon(v), v] as const)).values()];
  const primitives = unique.filter(isPrimitive);
  const composites = unique.filter((v) => !isPrimitive(v) && v !== undefined);
  const options = [primitiveValues(primitives), compositeValues(composites)].filter(
    (o): o is string => o !== undefined,
  );
  if (options.length === 0) return "z.never()";
  return options.length === 1 ? (options[0] as string) : `z.union([${options.join(", ")}])`;
}

function primitiveValues(values: readonly (string | number | boolean | null)[]): string | undefined {
  if (values.length === 0) return undefined;
  if (values.every((v) => typeof v === "string")) return `z.enum(${lit(values)})`;
  return values.length === 1 ? `z.literal(${lit(values[0])})` : `z.literal(${lit(values)})`;
}

function compositeValues(values: readonly unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  const texts = lit(values.map(canon));
  return `z.unknown().refine((v) => v !== null && typeof v === "object" && ${texts}.includes(${canonSource("v")}), { message: "must equal one of the listed values" }).meta(${lit({ enum: values })})`;
}
