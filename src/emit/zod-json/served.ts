// Turns a compiled plan's Zod source into each tool's input and output JSON Schemas exactly as the generated server
// advertises them (defineTool's strict object and `request_id`, then the runtime's zodToJsonSchema), never running it.
import { inlinedNodes, MAX_INLINE_NODES } from "../../runtime/adapters/shared.js";
import { REQUEST_ID_DESCRIPTION } from "../../runtime/tool.js";
import type { ZodDeclaration } from "../zod/index.js";
import { type Io, type Json, nodeToJsonSchema, type Reused } from "./convert.js";
import { childNodes, cloneOf, evaluate, type Scope, type ZodNode } from "./nodes.js";

const scopes = new WeakMap<readonly ZodDeclaration[], Scope>();

/**
 * The shared consts of a compiled plan (schemas as nodes, patterns as RegExps), built once per plan: sizing and the
 * catalog read the same nodes (a `z.lazy` reads its name when first converted; nothing converting a node changes it).
 */
export function sharedScope(shared: readonly ZodDeclaration[]): Scope {
  const known = scopes.get(shared);
  if (known !== undefined) return known;
  const names = new Map<string, unknown>();
  for (const declaration of shared) names.set(declaration.name, evaluate(declaration.code, names));
  scopes.set(shared, names);
  return names;
}

/** A tool's own locals over the shared scope. */
export function toolScope(shared: Scope, locals: readonly ZodDeclaration[]): Scope {
  const own = new Map<string, unknown>();
  const scope: Scope = { get: (name) => (own.has(name) ? own.get(name) : shared.get(name)) };
  for (const local of locals) own.set(local.name, evaluate(local.code, scope));
  return scope;
}

const never = (): ZodNode => ({ type: "never", checks: [] });

/** defineTool: the input made a strict object; a gated tool's also takes an optional `request_id`. */
export function servedInput(input: ZodNode, gated: boolean): ZodNode {
  if (input.type !== "object") return input;
  const strict = cloneOf(input, { catchall: never() }, false);
  if (!gated) return strict;
  const optional: ZodNode = { type: "optional", checks: [], innerType: { type: "string", checks: [] } };
  const requestId: ZodNode = { ...optional, parent: optional, meta: { description: REQUEST_ID_DESCRIPTION } };
  const extended = cloneOf(strict, { shape: { ...strict.shape, request_id: requestId } }, false);
  return cloneOf(extended, { catchall: never() }, false);
}

/** Below this many schemas written in place, a schema is converted in place at once (the runtime's FEW_SCHEMAS). */
const FEW_SCHEMAS = 2_000;

/** The runtime's `zodToJsonSchema(schema, "input")` without `$schema`, as sizing measures it. */
export function inputJsonSchema(schema: ZodNode): Json {
  const { $schema: _, ...shown } = servedJsonSchema(schema, "input");
  return shown;
}

/**
 * The runtime's `zodToJsonSchema(schema, io)`: shared subschemas in place unless that expands past MAX_INLINE_NODES,
 * then under `$defs`.
 */
export function servedJsonSchema(schema: ZodNode, io: Io): Json {
  const convert = (reused: Reused): Json => nodeToJsonSchema(schema, reused, io);
  if (expandedSchemas(schema, FEW_SCHEMAS) < FEW_SCHEMAS) {
    const inline = convert("inline");
    if (inlinedNodes(inline) <= MAX_INLINE_NODES) return inline;
  }
  const referenced = convert("ref");
  if (inlinedNodes(referenced) > MAX_INLINE_NODES) return referenced;
  return convert("inline");
}

/** The runtime's count of the schemas `root` has with each shared one counted where used, up to `limit`. */
function expandedSchemas(root: ZodNode, limit: number): number {
  const open = new Set<ZodNode>();
  const stack: (ZodNode | { leave: ZodNode })[] = [root];
  let count = 0;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ("leave" in item) {
      open.delete(item.leave);
      continue;
    }
    if (++count >= limit) return limit;
    if (open.has(item)) continue;
    open.add(item);
    stack.push({ leave: item }, ...childNodes(item));
  }
  return count;
}
