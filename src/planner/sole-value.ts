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
  if (Array.isArray(allowed) && allowed.length === 1) return { value: allowed[0] };
  return overriddenMethod(parameter, schema);
}

/** Header names that tell a server to apply another method to a POST (`X-HTTP-Method-Override`, `X-HTTP-Method`). */
const METHOD_OVERRIDE = /^x-(?:http-)?method(?:-override)?$/i;

const METHOD_NAME = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/i;

/**
 * The method a required method-override header names by its default (Amadeus' `POST /shopping/flight-offers/pricing`,
 * `X-HTTP-Method-Override` "the HTTP method to apply", default `GET`): the operation the spec documents is that method,
 * so the header takes that one value; another would be another call the spec does not describe. Sent by the tool, never
 * asked of the model.
 */
function overriddenMethod(
  parameter: Parameter,
  schema: Exclude<JsonSchema, boolean>,
): { readonly value: string } | undefined {
  if (parameter.in !== "header" || !METHOD_OVERRIDE.test(parameter.name)) return undefined;
  const value = schema["default"];
  return typeof value === "string" && METHOD_NAME.test(value) ? { value: value.toUpperCase() } : undefined;
}

/**
 * The method a POST is applied as by its required method-override header ({@link soleValue}), upper case; undefined
 * when it has none.
 */
export function methodOverride(
  parameters: readonly Parameter[] | undefined,
  schemas: SchemaLookup,
): string | undefined {
  for (const p of parameters ?? []) {
    if (p.in !== "header" || !METHOD_OVERRIDE.test(p.name)) continue;
    const value = soleValue(p, schemas)?.value;
    if (typeof value === "string" && METHOD_NAME.test(value)) return value.toUpperCase();
  }
  return undefined;
}
