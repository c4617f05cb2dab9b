// A PUT step + the GET on the same path → the body properties the runtime fills from the resource's current state.
import type { SchemaLookup } from "../../model/api-source.js";
import type { JsonSchema, Operation } from "../../model/api-model.js";
import type { Step } from "../../goals/types.js";
import type { KeepCurrentSpec } from "../../runtime/types.js";
import { escapeToken } from "../../util/pointer.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { derefTop } from "../schemas.js";
import type { GoalContext } from "./context.js";

/** Properties of `schema` a client may send back: declared, and not `readOnly`. */
function writableProperties(schema: JsonSchema, schemas: SchemaLookup): string[] {
  return propertyNames(schema, schemas).filter((name) => {
    const walked = schemaAtPointer(schema, [name], schemas);
    return !(walked.ok && typeof walked.schema === "object" && walked.schema["readOnly"] === true);
  });
}

/** The JSON success response schema of an operation, if it has one. */
function jsonResponse(operation: Operation): JsonSchema | undefined {
  const content = operation.success?.contents.find((c) => c.kind === "json");
  return content?.schema;
}

/**
 * Where in the read's answer the resource is: the answer itself, or the one member of it (`/kubernetes_cluster`) that
 * shares the most properties with the body, at least half of them.
 */
function resourcePointer(
  answer: JsonSchema,
  body: readonly string[],
  schemas: SchemaLookup,
): { pointer: string; names: Set<string> } | undefined {
  const candidates = [
    { pointer: "", schema: answer },
    ...propertyNames(answer, schemas).flatMap((name) => {
      const walked = schemaAtPointer(answer, [name], schemas);
      return walked.ok ? [{ pointer: `/${escapeToken(name)}`, schema: walked.schema }] : [];
    }),
  ];
  const scored = candidates.map((c) => {
    const names = new Set(propertyNames(c.schema, schemas));
    return { pointer: c.pointer, names, shared: body.filter((b) => names.has(b)).length };
  });
  const best = scored.reduce((a, b) => (b.shared > a.shared ? b : a));
  return best.shared > 0 && best.shared * 2 >= body.length ? best : undefined;
}

/** An earlier step of the goal reads the resource itself: the goal builds the whole body from what it read. */
function readByGoal(ctx: GoalContext, operationId: string): boolean {
  return [...ctx.steps.values()].some((bound) => bound.operation.id === operationId);
}

/**
 * A PUT replaces the resource: a property the model leaves out would be reset. When the spec has a GET on the same
 * path and the goal writes the body as an object (and reads the resource in no earlier step), the runtime reads it
 * first and sends its current value of every writable property the body leaves out. `keep_current: false` on the step
 * sends only what is given.
 */
export function keepCurrentOf(
  ctx: GoalContext,
  { step, operation, bodySchema }: { step: Step; operation: Operation; bodySchema: JsonSchema },
): KeepCurrentSpec | undefined {
  if (operation.method !== "put" || step.keepCurrent === false || step.body?.payload.kind !== "object")
    return undefined;
  const read = ctx.api.index.operations.find((o) => o.method === "get" && o.path === operation.path);
  if (read === undefined || readByGoal(ctx, read.id)) return undefined;
  const answer = jsonResponse(ctx.api.resolveOperation(read).value);
  if (answer === undefined) return undefined;
  const body = writableProperties(bodySchema, ctx.api.schema);
  const resource = resourcePointer(answer, body, ctx.api.schema);
  if (resource === undefined) return undefined;
  const properties = body.filter((name) => resource.names.has(name));
  const creates = createsWhenAbsent(operation)
    ? { createsWhenAbsent: { required: requiredProperties(bodySchema, ctx.api.schema) } }
    : {};
  return { operationId: read.id, pointer: resource.pointer, properties, ...creates };
}

/** Words of a PUT that makes the resource when it is missing: Azure's `Secrets_CreateOrUpdate`, an upsert. */
const CREATES = /create|upsert|\bmake\b|\badd\b/i;

/**
 * Whether a PUT also creates what is not there yet: its operation id or summary says it creates (`CreateOrUpdate`,
 * "Create or replace", "Upsert"). A `201` answer alone does not tell: Kubernetes declares one on every replace, which
 * answers 404 for what does not exist.
 */
export function createsWhenAbsent(operation: Operation): boolean {
  const words = `${operation.idSynthesized ? "" : operation.id.replace(/([a-z])([A-Z])/g, "$1 $2")} ${operation.summary ?? ""}`;
  return CREATES.test(words);
}

/** How many schemas of an `allOf` chain the required properties are gathered from. */
const MAX_PARTS = 64;

/** The body schema's required top-level properties, its own and its `allOf` parts' (an explicit stack). */
function requiredProperties(schema: JsonSchema, schemas: SchemaLookup): string[] {
  const required = new Set<string>();
  const stack = [schema];
  for (let seen = 0; stack.length > 0 && seen < MAX_PARTS; seen++) {
    const node = derefTop(stack.pop() as JsonSchema, schemas);
    if (typeof node !== "object") continue;
    for (const name of Array.isArray(node["required"]) ? (node["required"] as unknown[]) : [])
      if (typeof name === "string") required.add(name);
    if (Array.isArray(node["allOf"])) stack.push(...(node["allOf"] as JsonSchema[]));
  }
  return [...required];
}
