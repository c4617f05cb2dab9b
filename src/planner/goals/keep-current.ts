// A PUT step + the GET on the same path → the body properties the runtime fills from the resource's current state.
import type { SchemaLookup } from "../../model/api-source.js";
import type { JsonSchema, Operation } from "../../model/api-model.js";
import type { Step } from "../../goals/types.js";
import type { KeepCurrentSpec } from "../../runtime/types.js";
import { splitWords } from "../../runtime/adapters/search-words.js";
import { escapeToken } from "../../util/pointer.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { requiredKeys } from "./body-shape.js";
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
    ? { createsWhenAbsent: { required: requiredKeys(bodySchema, ctx.api.schema) } }
    : {};
  return { operationId: read.id, pointer: resource.pointer, properties, ...creates };
}

/** Words of a PUT that makes the resource when it is missing: Azure's `Secrets_CreateOrUpdate`, an upsert. */
const CREATES: ReadonlySet<string> = new Set([
  "create",
  "creates",
  "upsert",
  "upserts",
  "make",
  "makes",
  "add",
  "adds",
]);

/**
 * Whether a PUT also creates what is not there yet: its operation id or summary says it creates (`CreateOrUpdate`,
 * "Create or replace", "Upsert"). A `201` answer alone does not tell: Kubernetes declares one on every replace, which
 * answers 404 for what does not exist.
 */
export function createsWhenAbsent(operation: Operation): boolean {
  const words = [...(operation.idSynthesized ? [] : splitWords(operation.id)), ...splitWords(operation.summary ?? "")];
  return words.some((w) => CREATES.has(w));
}
