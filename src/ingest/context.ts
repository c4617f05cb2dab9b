// The frozen per-document state every ingest transform reads: the bundled document, its dialect, schemas, and the reporter.
import type { HttpMethod, SpecDialect } from "../model/api-model.js";
import { join, resolve } from "../util/pointer.js";
import type { Reporter } from "./report.js";
import type { SchemaRegistry } from "./schemas.js";
import { arrayOf, isRecord, type JsonRecord } from "./walk.js";

export interface IngestContext {
  /** The whole document, bundled: every `$ref` in it is local (`#/…`). */
  readonly document: JsonRecord;
  readonly dialect: SpecDialect;
  readonly schemas: SchemaRegistry;
  readonly reporter: Reporter;
}

/** A spec object together with the pointer it was read from. */
export interface Located<T = JsonRecord> {
  readonly node: T;
  readonly pointer: string;
}

/** One operation as found in the spec, before it becomes a model Operation. */
export interface RawOperation {
  readonly path: string;
  readonly method: HttpMethod;
  readonly pathItem: Located;
  readonly operation: Located;
}

const MAX_HOPS = 32;

/**
 * Follows a Reference Object (parameter, response, request body, header, example, path item) to the object
 * it names; these are inlined in the model, never recursive. The pointer becomes the definition's, since
 * that is where a user would fix it. OAS 3.1 lets `summary` and `description` beside `$ref` override the
 * target's. Undefined when the ref does not resolve (already diagnosed by the ref check).
 */
export function deref(ctx: IngestContext, node: unknown, pointer: string): Located | undefined {
  let current: unknown = node;
  let at = pointer;
  for (let hops = 0; isRecord(current) && typeof current["$ref"] === "string"; hops++) {
    const ref = current["$ref"];
    if (hops === MAX_HOPS || !ref.startsWith("#")) return undefined;
    let target: unknown;
    try {
      target = resolve(ctx.document, ref);
    } catch {
      return undefined;
    }
    if (!isRecord(target)) return undefined;
    at = decodeURIComponent(ref.slice(1));
    current = ctx.dialect === "openapi-3.1" ? withOverrides(target, current) : target;
  }
  return isRecord(current) ? { node: current, pointer: at } : undefined;
}

function withOverrides(target: JsonRecord, reference: JsonRecord): JsonRecord {
  const overrides: Record<string, unknown> = {};
  for (const key of ["summary", "description"]) if (typeof reference[key] === "string") overrides[key] = reference[key];
  return Object.keys(overrides).length === 0 ? target : { ...target, ...overrides };
}

/** Entries of a map-shaped spec object with their pointers, in spec order. */
export function entriesAt(node: unknown, pointer: string): [string, unknown, string][] {
  return isRecord(node) ? Object.entries(node).map(([key, value]) => [key, value, join(pointer, key)]) : [];
}

/** The methods whose members of a path item are operations. */
const OPERATION_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const DECLARED = new WeakMap<object, readonly (readonly JsonRecord[])[]>();

/**
 * Each operation of the document as its declared parameter objects (the path item's, then its own,
 * references followed; unresolved ones left out): what a rule over the whole document reads before any operation is
 * modelled. Walked once per document (the every-call keys and the slashed path values both read it).
 */
export function declaredParameters(ctx: IngestContext): readonly (readonly JsonRecord[])[] {
  const known = DECLARED.get(ctx.document);
  if (known !== undefined) return known;
  const operations: JsonRecord[][] = [];
  for (const [path, raw, pointer] of entriesAt(ctx.document["paths"], "/paths")) {
    const item = path.startsWith("/") ? deref(ctx, raw, pointer) : undefined;
    if (item === undefined) continue;
    const shared = arrayOf(item.node["parameters"]);
    for (const method of OPERATION_METHODS) {
      const operation = item.node[method];
      if (!isRecord(operation)) continue;
      const parameters = [...shared, ...arrayOf(operation["parameters"])].flatMap((p) => {
        const node = deref(ctx, p, pointer)?.node;
        return node === undefined ? [] : [node];
      });
      operations.push(parameters);
    }
  }
  DECLARED.set(ctx.document, operations);
  return operations;
}
