// Tool inputs → their request-side schemas: a property the spec marks `readOnly` is not offered, at any depth (named schemas get request copies).
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema } from "../model/api-model.js";
import { isRecord as isObject, type MemberUpdate, updateMembers } from "../ingest/walk.js";
import { componentName, derefTop, reachableSchemas, refsOfComponent } from "./schemas.js";
import type { ToolDef } from "./types.js";

/**
 * Past this many subschemas inside one another, nothing deeper is changed (readOnly properties there stay offered):
 * the walk has no recursion on the depth of the input, and the rewrite stays bounded.
 */
const MAX_DEPTH = 64;

/** How deep an example value is followed along its schema to take out the keys a request does not send. */
const MAX_VALUE_DEPTH = 32;

const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
const SINGLES = ["items", "additionalProperties"] as const;
const VALUES = ["example", "examples", "default"] as const;

type Rename = (name: string) => string | undefined;

/**
 * The names a request-side object no longer declares because the server sets them: the compiled schema refuses them
 * with a message that says so (a loose object would otherwise pass one the model sends, and the API ignore it).
 */
export const UNSENT_KEY = "x-aci-server-sets";

function marked(node: unknown, names: readonly string[]): unknown {
  return isObject(node) ? { ...node, [UNSENT_KEY]: names } : node;
}

/** `readOnly` and not also `writeOnly`: the server's alone. */
function marksReadOnly(node: Record<string, unknown>): boolean {
  return node["readOnly"] === true && node["writeOnly"] !== true;
}

/** The property is the server's: `readOnly` on it or on the named schema it is (and not also `writeOnly`). */
function readOnlyItself(schema: JsonSchema, schemas: SchemaLookup): boolean {
  if (!isObject(schema)) return false;
  if (schema["readOnly"] === true) return marksReadOnly(schema);
  const top = derefTop(schema, schemas);
  return isObject(top) && marksReadOnly(top);
}

/** An object all of whose declared properties are the server's (Linode's `backups` status minus its schedule is not). */
function allServers(schema: JsonSchema, schemas: SchemaLookup): boolean {
  const top = derefTop(schema, schemas);
  if (!isObject(top) || !isObject(top["properties"])) return false;
  if (LISTS.some((k) => top[k] !== undefined) || isObject(top["additionalProperties"])) return false;
  const members = Object.values(top["properties"]) as JsonSchema[];
  return members.length > 0 && members.every((m) => readOnlyItself(m, schemas));
}

/** Whether a request never sends this property: the server sets it. */
export function notSent(schema: JsonSchema, schemas: SchemaLookup): boolean {
  return readOnlyItself(schema, schemas) || allServers(schema, schemas);
}

/** The names of `node`'s properties a request does not send. */
function unsentNames(node: Record<string, unknown>, schemas: SchemaLookup): string[] {
  const properties = node["properties"];
  if (!isObject(properties)) return [];
  return Object.keys(properties).filter((k) => notSent(properties[k] as JsonSchema, schemas));
}

/** Each subschema of `node` with the tokens that lead to it. */
function children(node: Record<string, unknown>): [string[], unknown][] {
  const out: [string[], unknown][] = [];
  const properties = node["properties"];
  if (isObject(properties)) for (const [k, v] of Object.entries(properties)) out.push([["properties", k], v]);
  const patterns = node["patternProperties"];
  if (isObject(patterns)) for (const [k, v] of Object.entries(patterns)) out.push([["patternProperties", k], v]);
  for (const key of SINGLES) if (isObject(node[key])) out.push([[key], node[key]]);
  for (const key of LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const [i, v] of list.entries()) out.push([[key, String(i)], v]);
  }
  return out;
}

/** `value` without the keys a request does not send, followed along `schema`; `value` itself when none is there. */
export function prunedValue(value: unknown, schema: JsonSchema, schemas: SchemaLookup, depth = 0): unknown {
  if (depth > MAX_VALUE_DEPTH || value === null || typeof value !== "object") return value;
  const node = derefTop(schema, schemas);
  if (!isObject(node)) return value;
  if (Array.isArray(value)) {
    const items = node["items"];
    if (!isObject(items)) return value;
    const next = value.map((v) => prunedValue(v, items as JsonSchema, schemas, depth + 1));
    return next.every((v, i) => v === value[i]) ? value : next;
  }
  let out: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  const members = [node, ...(Array.isArray(node["allOf"]) ? (node["allOf"] as JsonSchema[]) : [])]
    .map((m) => derefTop(m, schemas))
    .filter(isObject);
  for (const member of members) {
    const properties = member["properties"];
    if (!isObject(properties)) continue;
    for (const [key, sub] of Object.entries(properties)) {
      if (!Object.hasOwn(record, key)) continue;
      const current = (out ?? record)[key];
      const next = notSent(sub as JsonSchema, schemas)
        ? undefined
        : prunedValue(current, sub as JsonSchema, schemas, depth + 1);
      if (next === current) continue;
      out ??= { ...record };
      if (next === undefined) delete out[key];
      else out[key] = next;
    }
  }
  return out ?? value;
}

/** The example values of `node` pruned along it; `example`/`default` single, `examples` a list. */
function prunedValues(node: Record<string, unknown>, schemas: SchemaLookup, tokens: string[]): MemberUpdate[] {
  const updates: MemberUpdate[] = [];
  for (const key of VALUES) {
    const value = node[key];
    if (value === undefined) continue;
    const next =
      key === "examples" && Array.isArray(value)
        ? listIfChanged(
            value,
            value.map((v) => prunedValue(v, node, schemas)),
          )
        : prunedValue(value, node, schemas);
    if (next !== value) updates.push({ tokens: [...tokens, key], update: () => next });
  }
  return updates;
}

function listIfChanged(before: readonly unknown[], after: readonly unknown[]): readonly unknown[] {
  return after.every((v, i) => v === before[i]) ? before : after;
}

/**
 * The changes that make `root` a request-side schema: unsent properties removed (and from `required`), example
 * values pruned, and refs to named schemas that need a request copy pointed at it. Walked with an explicit stack.
 */
function requestUpdates(root: JsonSchema, schemas: SchemaLookup, rename: Rename): MemberUpdate[] {
  const updates: MemberUpdate[] = [];
  const pending: [unknown, string[], number][] = [[root, [], 0]];
  while (pending.length > 0) {
    const [node, tokens, depth] = pending.pop() as [unknown, string[], number];
    if (!isObject(node) || depth > MAX_DEPTH) continue;
    const target = componentName(node["$ref"]);
    const renamed = target === undefined ? undefined : rename(target);
    if (renamed !== undefined)
      updates.push({
        tokens: [...tokens, "$ref"],
        update: () => `#/components/schemas/${encodeURIComponent(renamed)}`,
      });
    const unsent = new Set(unsentNames(node, schemas));
    for (const name of unsent) updates.push({ tokens: [...tokens, "properties", name], update: () => undefined });
    if (unsent.size > 0 && tokens.length > 0)
      updates.push({ tokens, update: (member) => marked(member, [...unsent].sort()) });
    const required = node["required"];
    if (unsent.size > 0 && Array.isArray(required) && required.some((r) => unsent.has(String(r)))) {
      const kept = required.filter((r) => !unsent.has(String(r)));
      updates.push({ tokens: [...tokens, "required"], update: () => (kept.length === 0 ? undefined : kept) });
    }
    if (marksReadOnly(node) && standsForValue(tokens))
      updates.push({ tokens: [...tokens, "readOnly"], update: () => undefined });
    updates.push(...prunedValues(node, schemas, tokens));
    for (const [path, child] of children(node)) {
      if (path[0] === "properties" && unsent.has(path[1] as string)) continue;
      pending.push([child, [...tokens, ...path], depth + 1]);
    }
  }
  return updates;
}

/**
 * Whether the subschema at `tokens` describes the very value sent there (the root, or a member of its `allOf`, `anyOf`,
 * `oneOf`): a `readOnly` on it only says the spec shares it with responses (Linode's firewall device body is its
 * `entity`, `readOnly` where a firewall lists it), and would be shown to the model as "read-only".
 */
function standsForValue(tokens: readonly string[]): boolean {
  for (let i = tokens.length; i > 0; i -= 2) {
    if (!["allOf", "anyOf", "oneOf"].includes(tokens[i - 2] as string)) return false;
  }
  return tokens.length % 2 === 0;
}

/**
 * Whether a named schema's own tree (not the schemas it names) holds a property a request does not send, or is itself
 * `readOnly` (its request copy leaves that out).
 */
function hasOwnUnsent(schema: JsonSchema, schemas: SchemaLookup): boolean {
  if (isObject(schema) && marksReadOnly(schema)) return true;
  const pending: [unknown, number][] = [[schema, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (!isObject(node) || depth > MAX_DEPTH) continue;
    if (unsentNames(node, schemas).length > 0) return true;
    for (const [, child] of children(node)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The named schemas (among `names`) that reach a property a request does not send, through any chain of refs. */
function namesNeedingCopies(names: readonly string[], schemas: SchemaLookup): Set<string> {
  const users = new Map<string, string[]>();
  const needed = new Set<string>();
  for (const name of names) {
    const schema = schemas(name);
    if (schema === undefined) continue;
    if (hasOwnUnsent(schema, schemas)) needed.add(name);
    for (const target of refsOfComponent(name, schemas)) {
      const list = users.get(target);
      if (list === undefined) users.set(target, [name]);
      else list.push(name);
    }
  }
  const pending = [...needed];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    for (const user of users.get(name) ?? []) {
      if (needed.has(user)) continue;
      needed.add(user);
      pending.push(user);
    }
  }
  return needed;
}

export interface RequestSide {
  readonly tools: readonly ToolDef[];
  /** Request copies of named schemas (`LinodeRequest`), by their new names. */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
}

/**
 * Each tool's inputs as a request sends them: a `readOnly` property (the server sets it; the API ignores or refuses
 * what a request says) is not offered at any depth. A named schema that reaches one is copied under a name of its
 * own (`LinodeRequest`), so responses keep the schema as the spec wrote it.
 */
export function requestSide(tools: readonly ToolDef[], schemas: SchemaLookup, taken: Iterable<string>): RequestSide {
  const roots = tools.flatMap((t) => t.inputs.map((i) => i.schema));
  const needed = namesNeedingCopies(Object.keys(reachableSchemas(roots, schemas)), schemas);
  const used = new Set(taken);
  const names = new Map<string, string>();
  for (const name of [...needed].sort()) {
    let renamed = `${name}Request`;
    while (used.has(renamed)) renamed = `${renamed}_`;
    used.add(renamed);
    names.set(name, renamed);
  }
  const rename: Rename = (name) => names.get(name);
  const rewrite = (schema: JsonSchema): JsonSchema => {
    if (!isObject(schema)) return schema;
    const updates = requestUpdates(schema, schemas, rename);
    if (updates.length === 0) return schema;
    const rewritten = updateMembers(schema, updates) as JsonSchema;
    const unsent = unsentNames(schema, schemas);
    return unsent.length === 0 ? rewritten : (marked(rewritten, unsent.sort()) as JsonSchema);
  };
  const copies: Record<string, JsonSchema> = {};
  for (const [name, renamed] of names) copies[renamed] = rewrite(schemas(name) as JsonSchema);
  return {
    tools: tools.map((tool) => {
      const inputs = tool.inputs.map((input) => {
        const schema = rewrite(input.schema);
        return schema === input.schema ? input : { ...input, schema };
      });
      return inputs.every((input, i) => input === tool.inputs[i]) ? tool : { ...tool, inputs };
    }),
    schemas: copies,
  };
}

/** `schemas` with the request copies beside them (a copy's name is never one of the spec's). */
export function withCopies(schemas: SchemaLookup, copies: Readonly<Record<string, JsonSchema>>): SchemaLookup {
  if (Object.keys(copies).length === 0) return schemas;
  return (name) => (Object.hasOwn(copies, name) ? copies[name] : schemas(name));
}
