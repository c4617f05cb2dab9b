// Turns a Zod-shaped node graph (nodes.ts) into the JSON Schema `z.toJSONSchema(schema, {io})` gives for the
// same schema, by Zod's own steps (process, extract $defs, flatten, fold), with no Zod object built or run.
import { optinOf, type ZodCheck, type ZodNode } from "./nodes.js";
import { setOwn } from "../../util/set-own.js";

export type Json = Record<string, unknown>;

/** How a subschema used more than once is written: under `$defs` and referenced, or in place. */
export type Reused = "ref" | "inline";

/** Zod's `io`: the view of what a schema accepts ("input") or of what it gives back ("output"). */
export type Io = "input" | "output";

interface Seen {
  schema: Json;
  count: number;
  cycle: boolean;
  /** Being processed: a node met again while open closes a cycle (Zod keeps these in a set of its own). */
  open: boolean;
  ref?: ZodNode | null;
  def?: Json;
  defId?: string;
  isParent?: boolean;
}

interface Context {
  readonly seen: Map<ZodNode, Seen>;
  readonly reused: Reused;
  readonly io: Io;
  readonly intersections: unknown[][];
  counter: number;
}

function assignProp(target: Json, key: string, value: unknown): void {
  setOwn(target, key, value);
}

function assignProps(target: Json, source: Json): Json {
  for (const key of Object.keys(source)) assignProp(target, key, source[key]);
  return target;
}

/** metaOf per node: nodes do not change once built, and only read copies of the metadata are written out. */
const metas = new WeakMap<ZodNode, Json | null>();

/**
 * The metadata Zod's registry gives a node: its parent's (without `id`), overlaid by its own (key order as
 * `{ ...inherited, ...own }` gives it). Read-only: callers copy it out.
 */
function metaOf(schema: ZodNode): Json | undefined {
  if (schema.parent === undefined) return schema.meta as Json | undefined;
  const known = metas.get(schema);
  if (known !== undefined) return known ?? undefined;
  const inherited = metaOf(schema.parent);
  const merged: Json = {};
  let any = false;
  if (inherited !== undefined)
    for (const key of Object.keys(inherited))
      if (key !== "id") {
        setOwn(merged, key, inherited[key]);
        any = true;
      }
  const own = schema.meta as Json | undefined;
  if (own !== undefined)
    for (const key of Object.keys(own)) {
      setOwn(merged, key, own[key]);
      any = true;
    }
  metas.set(schema, any ? merged : null);
  return any ? merged : undefined;
}

interface Aggregate {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number[];
  patterns?: Set<RegExp>;
  format?: string;
  isInt?: boolean;
}

type Bound = "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum";

const narrowMin = (agg: Aggregate, key: Bound, value: number): void => {
  const now = agg[key];
  if (now === undefined || value > now) agg[key] = value;
};
const narrowMax = (agg: Aggregate, key: Bound, value: number): void => {
  const now = agg[key];
  if (now === undefined || value < now) agg[key] = value;
};

const CONTRIBUTORS: Readonly<Record<ZodCheck["check"], (agg: Aggregate, check: ZodCheck) => void>> = {
  greater_than: (agg, c) => narrowMin(agg, c.inclusive ? "minimum" : "exclusiveMinimum", c.value as number),
  less_than: (agg, c) => narrowMax(agg, c.inclusive ? "maximum" : "exclusiveMaximum", c.value as number),
  multiple_of: (agg, c) => {
    agg.multipleOf ??= [];
    if (!agg.multipleOf.includes(c.value as number)) agg.multipleOf.push(c.value as number);
  },
  min_length: (agg, c) => narrowMin(agg, "minimum", c.minimum as number),
  max_length: (agg, c) => narrowMax(agg, "maximum", c.maximum as number),
  string_format: (agg, c) => {
    agg.format = c.format as string;
    if (c.pattern !== undefined) (agg.patterns ??= new Set()).add(c.pattern);
  },
  custom: () => undefined,
};

/** Zod's `aggregateChecks`: what a node's checks (and, for `z.int()`, the node itself) say about its bounds. */
function aggregate(schema: ZodNode): Aggregate {
  const agg: Aggregate = {};
  if (schema.numberFormat === "safeint") {
    agg.format = "safeint";
    agg.isInt = true;
    narrowMin(agg, "minimum", Number.MIN_SAFE_INTEGER);
    narrowMax(agg, "maximum", Number.MAX_SAFE_INTEGER);
  }
  for (const check of schema.checks) CONTRIBUTORS[check.check](agg, check);
  return agg;
}

type Processor = (schema: ZodNode, ctx: Context, json: Json) => void;

const stringProcessor: Processor = (schema, _ctx, json) => {
  json["type"] = "string";
  const { minimum, maximum, patterns } = aggregate(schema);
  if (typeof minimum === "number") json["minLength"] = minimum;
  if (typeof maximum === "number") json["maxLength"] = maximum;
  if (patterns !== undefined && patterns.size > 0) {
    const list = [...patterns];
    if (list.length === 1) json["pattern"] = (list[0] as RegExp).source;
    else json["allOf"] = list.map((regex) => ({ pattern: regex.source }));
  }
};

const numberProcessor: Processor = (schema, _ctx, json) => {
  const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregate(schema);
  json["type"] = isInt ? "integer" : "number";
  const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
  const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
  if (exMin) json["exclusiveMinimum"] = exclusiveMinimum;
  else if (typeof minimum === "number") json["minimum"] = minimum;
  if (exMax) json["exclusiveMaximum"] = exclusiveMaximum;
  else if (typeof maximum === "number") json["maximum"] = maximum;
  if (multipleOf !== undefined) {
    const divisors = new Set(multipleOf.filter((d) => Number.isFinite(d) && d !== 0).map(Math.abs));
    const [first, ...rest] = divisors;
    if (first !== undefined) json["multipleOf"] = first;
    if (rest.length > 0)
      json["allOf"] = [...((json["allOf"] as unknown[]) ?? []), ...rest.map((m) => ({ multipleOf: m }))];
  }
};

const enumProcessor: Processor = (schema, _ctx, json) => {
  const values = schema.values ?? [];
  if (values.length === 0) {
    json["not"] = {};
    return;
  }
  if (values.every((v) => typeof v === "number")) json["type"] = "number";
  if (values.every((v) => typeof v === "string")) json["type"] = "string";
  json["enum"] = values;
};

const literalProcessor: Processor = (schema, _ctx, json) => {
  const values = (schema.values ?? []).filter((v) => v !== undefined);
  if ((schema.values ?? []).length === 0) {
    json["not"] = {};
    return;
  }
  if (values.length === 1) {
    const value = values[0];
    json["type"] = value === null ? "null" : typeof value;
    json["const"] = value;
  } else if (values.length > 1) {
    if (values.every((v) => typeof v === "number")) json["type"] = "number";
    if (values.every((v) => typeof v === "string")) json["type"] = "string";
    if (values.every((v) => typeof v === "boolean")) json["type"] = "boolean";
    if (values.every((v) => v === null)) json["type"] = "null";
    json["enum"] = values;
  }
};

const arrayProcessor: Processor = (schema, ctx, json) => {
  const { minimum, maximum } = aggregate(schema);
  if (typeof minimum === "number") json["minItems"] = minimum;
  if (typeof maximum === "number") json["maxItems"] = maximum;
  json["type"] = "array";
  json["items"] = processNode(schema.element as ZodNode, ctx);
};

const objectProcessor: Processor = (schema, ctx, json) => {
  const shape = schema.shape ?? {};
  json["type"] = "object";
  const properties: Json = {};
  json["properties"] = properties;
  const keys = Object.keys(shape);
  for (const key of keys) assignProp(properties, key, processNode(shape[key] as ZodNode, ctx));
  const required = keys.filter((key) => optinOf(shape[key] as ZodNode) === undefined);
  if (required.length > 0) json["required"] = required;
  const catchall = schema.catchall;
  if (catchall?.type === "never") json["additionalProperties"] = false;
  else if (catchall === undefined) {
    if (ctx.io === "output") json["additionalProperties"] = false;
  } else json["additionalProperties"] = processNode(catchall, ctx);
};

const unionProcessor: Processor = (schema, ctx, json) => {
  const options = (schema.options ?? []).map((option) => processNode(option, ctx));
  json[schema.inclusive === false ? "oneOf" : "anyOf"] = options;
};

const intersectionProcessor: Processor = (schema, ctx, json) => {
  const a = processNode(schema.left as ZodNode, ctx);
  const b = processNode(schema.right as ZodNode, ctx);
  const simple = (value: Json): boolean => onlyKey(value, "allOf");
  const allOf = [...(simple(a) ? (a["allOf"] as unknown[]) : [a]), ...(simple(b) ? (b["allOf"] as unknown[]) : [b])];
  json["allOf"] = allOf;
  ctx.intersections.push(allOf);
};

const tupleProcessor: Processor = (schema, ctx, json) => {
  const items = schema.items ?? [];
  json["type"] = "array";
  const prefixItems = items.map((item) => processNode(item, ctx));
  const rest = schema.rest ? processNode(schema.rest, ctx) : null;
  let minItems = items.length;
  while (minItems > 0 && optinOf(items[minItems - 1] as ZodNode) !== undefined) minItems--;
  json["prefixItems"] = prefixItems;
  if (!schema.rest) json["items"] = false;
  else if (rest) json["items"] = rest;
  if (minItems > 0) json["minItems"] = minItems;
  if (!schema.rest) json["maxItems"] = items.length;
  const { minimum, maximum } = aggregate(schema);
  if (typeof minimum === "number") json["minItems"] = minimum;
  if (typeof maximum === "number") json["maxItems"] = maximum;
};

/** Wrappers whose JSON is the inner schema's (Zod's `seen.ref`). */
const wrapped =
  (inner: (schema: ZodNode) => ZodNode): Processor =>
  (schema, ctx) => {
    const target = inner(schema);
    processNode(target, ctx);
    (ctx.seen.get(schema) as Seen).ref = target;
  };

const PROCESSORS: Readonly<Record<string, Processor>> = {
  string: stringProcessor,
  number: numberProcessor,
  boolean: (_s, _c, json) => void (json["type"] = "boolean"),
  null: (_s, _c, json) => void (json["type"] = "null"),
  never: (_s, _c, json) => void (json["not"] = {}),
  any: () => undefined,
  unknown: () => undefined,
  enum: enumProcessor,
  literal: literalProcessor,
  array: arrayProcessor,
  object: objectProcessor,
  union: unionProcessor,
  intersection: intersectionProcessor,
  tuple: tupleProcessor,
  nullable: (schema, ctx, json) => {
    json["anyOf"] = [processNode(schema.innerType as ZodNode, ctx), { type: "null" }];
  },
  optional: wrapped((s) => s.innerType as ZodNode),
  lazy: wrapped((s) => (s.getter as () => ZodNode)()),
};

/** Zod's `processSchema` (nothing the emitter writes transforms, so the input view drops nothing for it). */
function processNode(schema: ZodNode, ctx: Context): Json {
  const known = ctx.seen.get(schema);
  if (known !== undefined) {
    known.count++;
    if (known.open) known.cycle = true;
    return known.schema;
  }
  const result: Seen = { schema: {}, count: 1, cycle: false, open: true };
  ctx.seen.set(schema, result);
  const processor = PROCESSORS[schema.type];
  if (processor === undefined) throw new Error(`zod-json: no JSON Schema for ${schema.type}`);
  processor(schema, ctx, result.schema);
  const parent = schema.parent;
  if (parent !== undefined) {
    if (!result.ref) result.ref = parent;
    processNode(parent, ctx);
    (ctx.seen.get(parent) as Seen).isParent = true;
  }
  result.open = false;
  const meta = metaOf(schema);
  if (meta !== undefined) assignProps(result.schema, meta);
  return result.schema;
}

const encodePointer = (segment: string): string => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** Zod's `extractDefs`: the root and every cycle (and, with `reused: "ref"`, every shared schema) go under `$defs`. */
function extractDefs(ctx: Context, root: ZodNode): void {
  const rootSeen = ctx.seen.get(root) as Seen;
  const makeUri = (seen: Seen): { ref: string; defId?: string } => {
    if (seen === rootSeen && !seen.schema["id"]) return { ref: "#" };
    const defId = (seen.schema["id"] as string | undefined) ?? `__schema${ctx.counter++}`;
    return { defId, ref: `#/$defs/${encodePointer(defId)}` };
  };
  const extractToDef = (seen: Seen): void => {
    if (seen.schema["$ref"]) return;
    const { ref, defId } = makeUri(seen);
    seen.def = { ...seen.schema };
    if (defId) seen.defId = defId;
    // Every key deleted, the last added first (the object keeps its fast shape), then only `$ref`.
    const keys = Object.keys(seen.schema);
    for (let i = keys.length - 1; i >= 0; i--) delete seen.schema[keys[i] as string];
    seen.schema["$ref"] = ref;
  };
  for (const [node, seen] of ctx.seen) {
    if (node === root || seen.cycle || (seen.count > 1 && ctx.reused === "ref")) extractToDef(seen);
  }
}

/** Whether `key` is the one own key of a schema (`Object.keys(schema)` is `[key]`). */
function onlyKey(schema: Json, key: string): boolean {
  let keys = 0;
  for (const own in schema) {
    if (!Object.hasOwn(schema, own)) continue;
    if (own !== key || ++keys > 1) return false;
  }
  return keys === 1;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Zod's `flattenRef`: a wrapper or clone takes the schema it refers to, its own keys winning. */
function flattenRef(ctx: Context, node: ZodNode): void {
  const seen = ctx.seen.get(node) as Seen;
  if (seen.ref === null) return;
  const schema = seen.def ?? seen.schema;
  const ref = seen.ref;
  seen.ref = null;
  if (ref) {
    flattenRef(ctx, ref);
    const refSeen = ctx.seen.get(ref) as Seen;
    const refSchema = refSeen.schema;
    // Zod: `Object.assign(schema, refSchema, own)`, then, for a clone, every key it took from its parent dropped
    // but `$ref` and `allOf`: the keys it has keep their values and places; the others come after, in order.
    const clone = node.parent === ref;
    for (const key of Object.keys(refSchema)) {
      if (Object.hasOwn(schema, key)) continue;
      if (clone && key !== "$ref" && key !== "allOf" && !(key in schema)) continue;
      assignProp(schema, key, refSchema[key]);
    }
    if (refSchema["$ref"] && refSeen.def) {
      for (const key in schema) {
        if (key === "$ref" || key === "allOf") continue;
        if (key in refSeen.def && same(schema[key], refSeen.def[key])) delete schema[key];
      }
    }
  }
  const parent = node.parent;
  if (parent !== undefined && parent !== ref) {
    flattenRef(ctx, parent);
    const parentSeen = ctx.seen.get(parent);
    if (parentSeen?.schema["$ref"]) {
      schema["$ref"] = parentSeen.schema["$ref"];
      if (parentSeen.def) {
        for (const key in schema) {
          if (key === "$ref" || key === "allOf") continue;
          if (key in parentSeen.def && same(schema[key], parentSeen.def[key])) delete schema[key];
        }
      }
    }
  }
}

/** Zod's `compactTypeUnion`: `anyOf` of bare types becomes a `type` list. */
function compactTypeUnion(schema: Json): void {
  const options = schema["anyOf"];
  if (!Array.isArray(options) || options.length === 0 || schema["type"] !== undefined) return;
  const types: unknown[] = [];
  for (const option of options) {
    if (!option || typeof option !== "object") return;
    compactTypeUnion(option as Json);
    if (!onlyKey(option as Json, "type")) return;
    const type = (option as Json)["type"];
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member !== "string") return;
      if (!types.includes(member)) types.push(member);
    }
  }
  delete schema["anyOf"];
  schema["type"] = types.length === 1 ? types[0] : types;
}

const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"] as const;

function undeclaredConstraint(member: Json): Json | null {
  const extra = member["additionalProperties"];
  if (extra === undefined || extra === false || typeof extra !== "object" || extra === null) return null;
  return Object.keys(extra).length > 0 ? (extra as Json) : null;
}

/** Zod's `foldObjects`: object members combined into the one object they describe together, else null. */
function foldObjects(members: readonly unknown[]): Json | null {
  const objects: Json[] = [];
  for (const member of members) {
    if (typeof member !== "object" || member === null || (member as Json)["type"] !== "object") return null;
    for (const key in member) if (!FOLDABLE_KEYS.has(key)) return null;
    objects.push(member as Json);
  }
  const properties: Json = {};
  const required = new Set<string>();
  for (const object of objects) {
    const own = (object["properties"] ?? {}) as Json;
    for (const key in own) {
      if (Object.hasOwn(properties, key)) continue;
      const parts: unknown[] = [];
      for (const other of objects) {
        const part = ((other["properties"] ?? {}) as Json)[key] ?? undeclaredConstraint(other);
        if (part === null || part === undefined) continue;
        if (!parts.some((seen) => same(seen, part))) parts.push(part);
      }
      assignProp(properties, key, parts.length === 1 ? parts[0] : (foldObjects(parts) ?? { allOf: parts }));
    }
    for (const key of (object["required"] ?? []) as string[]) required.add(key);
  }
  const folded: Json = { type: "object", properties };
  if (required.size > 0) folded["required"] = [...required];
  if (objects.every((o) => o["additionalProperties"] === false)) folded["additionalProperties"] = false;
  else {
    const constraints: Json[] = [];
    for (const object of objects) {
      const constraint = undeclaredConstraint(object);
      if (constraint && !constraints.some((seen) => same(seen, constraint))) constraints.push(constraint);
    }
    if (constraints.length === 1) folded["additionalProperties"] = constraints[0];
    else if (constraints.length > 1) folded["additionalProperties"] = { allOf: constraints };
  }
  return folded;
}

/** Zod's `foldIntersection`: an `allOf` of objects (or of objects and one union) folded into one object. */
function foldIntersection(json: Json): void {
  const allOf = json["allOf"];
  if (!Array.isArray(allOf) || allOf.length < 2) return;
  for (const key of FOLDABLE_KEYS) if (key in json) return;
  const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray((m as Json)[k])));
  let folded: Json | null = null;
  if (unions.length === 0) folded = foldObjects(allOf);
  else {
    const union = unions[0] as Json;
    const keyword = UNION_KEYS.find((k) => Array.isArray(union[k])) as string;
    if (Object.keys(union).length !== 1) return;
    const rest = allOf.filter((m) => m !== union);
    const branches = (union[keyword] as unknown[]).map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b)) return;
    folded = { [keyword]: branches };
  }
  if (!folded) return;
  delete json["allOf"];
  assignProps(json, folded);
}

/**
 * Zod's `finalize`: flatten, compact, fold, then the root with its `$defs`. Zod copies the result through JSON text;
 * here a subschema written in place several times stays one shared object (the same JSON once serialised, without
 * the copy: a Microsoft Graph body is megabytes). Callers treat the result as read-only.
 */
function finalize(ctx: Context, root: ZodNode): Json {
  for (const node of [...ctx.seen.keys()].reverse()) flattenRef(ctx, node);
  for (const seen of ctx.seen.values()) compactTypeUnion(seen.def ?? seen.schema);
  if (ctx.intersections.length > 0) {
    const carriers = new Map<unknown[], Json[]>();
    const carry = (json: Json | undefined): void => {
      const allOf = json?.["allOf"];
      if (!Array.isArray(allOf)) return;
      const existing = carriers.get(allOf);
      if (existing) existing.push(json as Json);
      else carriers.set(allOf, [json as Json]);
    };
    for (const seen of ctx.seen.values()) {
      carry(seen.schema);
      carry(seen.def);
    }
    for (const allOf of ctx.intersections) for (const json of carriers.get(allOf) ?? []) foldIntersection(json);
  }
  const rootSeen = ctx.seen.get(root) as Seen;
  const result: Json = { $schema: "https://json-schema.org/draft/2020-12/schema" };
  assignProps(result, rootSeen.defId ? rootSeen.schema : (rootSeen.def ?? rootSeen.schema));
  const defs: Json = {};
  for (const seen of ctx.seen.values()) {
    if (seen.def && seen.defId) {
      if (seen.def["id"] === seen.defId) delete seen.def["id"];
      assignProp(defs, seen.defId, seen.def);
    }
  }
  if (Object.keys(defs).length > 0) result["$defs"] = defs;
  return result;
}

/** `z.toJSONSchema(schema, { io, unrepresentable: "any", reused })` of the schema `root` stands for. */
export function nodeToJsonSchema(root: ZodNode, reused: Reused, io: Io = "input"): Json {
  const ctx: Context = { seen: new Map(), reused, io, intersections: [], counter: 0 };
  processNode(root, ctx);
  extractDefs(ctx, root);
  return finalize(ctx, root);
}
