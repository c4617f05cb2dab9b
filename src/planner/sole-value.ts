// A parameter's schema → the one value it allows (a single-value `enum` or a `const`), which a tool sends itself.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema } from "../model/api-model.js";
import type { Parameter } from "../model/api-model.js";
import { derefTop } from "./schemas.js";

/**
 * The value a required parameter must have when its schema allows exactly one (`enum: ["2012-11-05"]`, AWS query APIs'
 * `Version`; `const`): there is nothing to ask a model, so the tool sends it. Undefined for an optional parameter (left
 * out, it is not sent) and for any schema that allows more than one value.
 */
export function soleValue(parameter: Parameter, schemas: SchemaLookup): { readonly value: unknown } | undefined {
  if (!parameter.required) return undefined;
  const schema: JsonSchema = derefTop(parameter.schema, schemas);
  if (typeof schema !== "object") return undefined;
  if (Object.hasOwn(schema, "const")) return { value: schema["const"] };
  const allowed = schema["enum"];
  return Array.isArray(allowed) && allowed.length === 1 ? { value: allowed[0] } : undefined;
}
