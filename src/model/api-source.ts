// An API as the planner and lint read it: an ApiIndex as data, operation details and named schemas resolved on request.
import type { Diagnostic } from "../diagnostics/types.js";
import type { ApiIndex, ApiModel, JsonSchema, Operation, OperationSummary } from "./api-model.js";

/** A named schema by name, normalised, or undefined for a name the API does not have. */
export type SchemaLookup = (name: string) => JsonSchema | undefined;

/** A value worked out on request, with the structural findings made while working it out. */
export interface Resolved<T> {
  readonly value: T;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Laziness made explicit: nothing here changes on read. Asking for an operation or a schema works it out the first
 * time and returns the same frozen objects after (findings included, once per operation: the caller collects them).
 * Goals resolve only what they reach; an eager ApiModel's source hands out what it already holds, without findings.
 */
export interface ApiSource {
  readonly index: ApiIndex;
  /** The operation's parameters, request body and responses, for one of `index.operations`. */
  readonly resolveOperation: (operation: OperationSummary) => Resolved<Operation>;
  readonly schema: SchemaLookup;
}

const lookups = new WeakMap<object, SchemaLookup>();

/** One lookup per record (planning caches ref graphs per lookup), reading own properties only. */
export function schemaLookup(schemas: Readonly<Record<string, JsonSchema>>): SchemaLookup {
  let lookup = lookups.get(schemas);
  if (lookup === undefined) {
    lookup = (name) => (Object.hasOwn(schemas, name) ? schemas[name] : undefined);
    lookups.set(schemas, lookup);
  }
  return lookup;
}

/** The source of a model ingest already worked out in full. */
export function modelSource(model: ApiModel): ApiSource {
  const { operations, schemas, recursiveSchemas: _recursive, ...header } = model;
  const index: ApiIndex = Object.freeze({ ...header, operations, schemaNames: Object.keys(schemas) });
  const owned = new Set<OperationSummary>(operations);
  return Object.freeze({
    index,
    resolveOperation: (operation: OperationSummary): Resolved<Operation> => {
      if (!owned.has(operation)) throw new Error(`operation ${operation.id} is not one of this model's`);
      return { value: operation as Operation, diagnostics: [] };
    },
    schema: schemaLookup(schemas),
  });
}

/** The operation whose id is `id`, resolved, or undefined when the API has none. */
export function operationById(source: ApiSource, id: string | undefined): Operation | undefined {
  const summary = id === undefined ? undefined : source.index.operations.find((o) => o.id === id);
  return summary && source.resolveOperation(summary).value;
}
