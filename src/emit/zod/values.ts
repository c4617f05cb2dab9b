// Turns `enum` and `const` into z.enum / z.literal, with canonical-JSON equality for object and array values.
import { array, arrow, type Code, chain, link, method, object, seq, zod } from "../code.js";
import { canon, canonSource, lit, text } from "./literal.js";

const isPrimitive = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));

/** Zod for "one of these JSON values" (deep JSON equality, as JSON Schema's enum/const compare). */
export function valuesToZod(values: readonly unknown[]): Code {
  const unique = [...new Map(values.map((v) => [canon(v), v] as const)).values()];
  const primitives = unique.filter(isPrimitive);
  const composites = unique.filter((v) => !isPrimitive(v) && v !== undefined);
  const options = [primitiveValues(primitives), compositeValues(composites)].filter((o): o is Code => o !== undefined);
  if (options.length === 0) return zod("never");
  return options.length === 1 ? (options[0] as Code) : zod("union", array(options));
}

function primitiveValues(values: readonly (string | number | boolean | null)[]): Code | undefined {
  if (values.length === 0) return undefined;
  if (values.every((v) => typeof v === "string")) return zod("enum", lit(values));
  return values.length === 1 ? zod("literal", lit(values[0])) : zod("literal", lit(values));
}

function compositeValues(values: readonly unknown[]): Code | undefined {
  if (values.length === 0) return undefined;
  const test = arrow(
    "(v)",
    seq('v !== null && typeof v === "object" && ', method(lit(values.map(canon)), "includes", canonSource("v"))),
  );
  return chain(zod("unknown"), [
    link("refine", test, object([["message", text("must equal one of the listed values")]])),
    link("meta", lit({ enum: values })),
  ]);
}
