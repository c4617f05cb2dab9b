// Finds the idempotency key a write operation takes (header, query or body field) that the runtime fills, not the model.
import type { SchemaLookup } from "../model/api-source.js";
import type { HttpMethod, JsonSchema, Operation, Parameter } from "../model/api-model.js";
import type { IdempotencyKeySpec } from "../runtime/types.js";
import { preferredContent } from "./media.js";
import { isReadMethod } from "./risk.js";
import { derefTop } from "./schemas.js";

/** A name that says idempotency key: `Idempotency-Key`, `x-apideck-idempotency-key`, `IdempotencyToken`, `idempotencyGuid`. */
const KEY_NAME = /idempoten(?:cy|ce|t)?(?:key|token|guid|id)$/;
/** A name that is an idempotency token only where its description says so: AWS's `clientToken`, Google's `requestId`. */
const TOKEN_NAME = /^(?:x?amzn?)?(?:client(?:request)?token|clientrequestid|requestid|creatorrequestid)$/;
const SAYS_IDEMPOTENT = /idempoten/i;
const SAMPLE_KEY = "3b241101-e2bb-4255-8caf-4136c566a962";

const bare = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Whether a field of this name and description is the request's idempotency key. */
export function isIdempotencyKeyName(name: string, description: string | undefined): boolean {
  const word = bare(name);
  return KEY_NAME.test(word) || (TOKEN_NAME.test(word) && SAYS_IDEMPOTENT.test(description ?? ""));
}

/** Whether a fresh UUID fits the field's schema (a string, no enum, a length and pattern a UUID meets). */
export function uuidFits(schema: JsonSchema): boolean {
  if (schema === true || schema === undefined) return true;
  if (schema === false) return false;
  const type = schema["type"];
  if (type !== undefined && type !== "string" && !(Array.isArray(type) && type.includes("string"))) return false;
  if (schema["enum"] !== undefined || schema["const"] !== undefined) return false;
  const max = schema["maxLength"];
  const min = schema["minLength"];
  if ((typeof max === "number" && max < SAMPLE_KEY.length) || (typeof min === "number" && min > SAMPLE_KEY.length))
    return false;
  const pattern = schema["pattern"];
  if (typeof pattern !== "string") return true;
  try {
    return new RegExp(pattern, "u").test(SAMPLE_KEY);
  } catch {
    return false;
  }
}

const describedBy = (schema: JsonSchema): string | undefined =>
  typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : undefined;

/**
 * The idempotency key of a write operation the runtime sets (a fresh UUID per call): a header or query parameter, or a
 * top-level property of its preferred request body (Square's `idempotency_key`), named as one and taking a UUID.
 */
export function idempotencyKeyOf(operation: Operation, schemas: SchemaLookup): IdempotencyKeySpec | undefined {
  if (isReadMethod(operation.method)) return undefined;
  const parameter = operation.parameters.find(
    (p) =>
      (p.in === "header" || p.in === "query") &&
      isIdempotencyKeyName(p.name, p.description ?? describedBy(p.schema)) &&
      uuidFits(p.schema),
  );
  if (parameter !== undefined) return { in: parameter.in as "header" | "query", name: parameter.name };
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (content === undefined || (content.kind !== "json" && content.kind !== "form")) return undefined;
  const body = derefTop(content.schema, schemas);
  const properties = typeof body === "object" ? body["properties"] : undefined;
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return undefined;
  const found = Object.entries(properties as Record<string, JsonSchema>).find(([name, schema]) => {
    const field = derefTop(schema, schemas);
    return isIdempotencyKeyName(name, describedBy(field)) && uuidFits(field);
  });
  return found === undefined ? undefined : { in: "body", name: found[0] };
}

/**
 * An optional idempotency key of a read (Svix's `GET /api/v1/app/` takes `idempotency-key`): a read is repeated safely
 * without one, so it is neither offered to the model nor sent.
 */
export function isReadIdempotencyKey(
  method: HttpMethod,
  parameter: Pick<Parameter, "in" | "name" | "required" | "description" | "schema">,
): boolean {
  return (
    isReadMethod(method) &&
    !parameter.required &&
    (parameter.in === "header" || parameter.in === "query") &&
    isIdempotencyKeyName(parameter.name, parameter.description ?? describedBy(parameter.schema))
  );
}

/** Whether the runtime fills this parameter or body field of the operation (`key`: its `idempotencyKeyOf`). */
export function isRuntimeKey(key: IdempotencyKeySpec | undefined, place: string, name: string): boolean {
  return key !== undefined && key.in === place && key.name === name;
}
