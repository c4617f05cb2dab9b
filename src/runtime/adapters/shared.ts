// What every adapter shares: a tool's advertised JSON Schemas, result classification, and the text a model reads.
import { Buffer } from "node:buffer";
import { z } from "zod";
import { isPendingAnswer, type ErrorEnvelope, type PendingApproval, type Tool, type ToolResult } from "../types.js";

/** A JSON Schema document as plain data. */
export type JsonSchema = Record<string, unknown>;

/**
 * The input JSON Schema every adapter advertises: `z.toJSONSchema` of the tool's input schema in its *input* view
 * (a field with a default is optional to the caller; a plain `z.object` does not forbid extra keys), draft 2020-12.
 */
export function toolInputJsonSchema(tool: Tool): JsonSchema {
  return shownInputJsonSchema(tool, zodToJsonSchema(tool.inputSchema, "input"));
}

/** The input JSON Schema as advertised, from the whole one: cut to the definition depth, descriptions made brief. */
export function shownInputJsonSchema(
  tool: Pick<
    Tool,
    "definitionDepth" | "definitionBrief" | "definitionOutline" | "definitionOpen" | "definitionOutlined"
  >,
  schema: JsonSchema,
): JsonSchema {
  const cut =
    tool.definitionDepth === undefined
      ? schema
      : schemaToDepth(
          schema,
          tool.definitionDepth,
          CUT_NOTE,
          tool.definitionOutline === true,
          tool.definitionOpen,
          tool.definitionOutlined,
        );
  return tool.definitionBrief === undefined ? cut : briefDescriptions(cut, tool.definitionBrief);
}

/** Nodes a schema may expand to when every shared subschema is written in place (as tools/list shows it). */
export const MAX_INLINE_NODES = 100_000;

/**
 * `z.toJSONSchema` with shared subschemas written in place, as models read best — unless that would expand a schema
 * that shares subschemas many times over (a `$ref` fan-out grows exponentially when inlined) past
 * {@link MAX_INLINE_NODES}: then each shared subschema is written once under `$defs` and referenced.
 */
export function zodToJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const convert = io === "input" ? inputView(schema) : (reused: Reused) => outputView(schema, reused);
  if (expandedSchemas(schema, FEW_SCHEMAS) < FEW_SCHEMAS) {
    const inline = convert("inline");
    if (inlinedNodes(inline) <= MAX_INLINE_NODES) return inline;
  }
  const referenced = convert("ref");
  if (inlinedNodes(referenced) > MAX_INLINE_NODES) return referenced;
  return convert("inline");
}

/** Below this many schemas written in place, a schema is converted in place at once, not first by reference. */
const FEW_SCHEMAS = 2_000;

/**
 * How many schemas `root` has when each shared one is counted wherever it is used (a cycle once per path), counting
 * no further than `limit`; a kind of schema this walk does not know counts as `limit`.
 */
function expandedSchemas(root: z.core.$ZodType, limit: number): number {
  const open = new Set<z.core.$ZodType>();
  const stack: (z.core.$ZodType | { leave: z.core.$ZodType })[] = [root];
  let count = 0;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ("leave" in item) {
      open.delete(item.leave);
      continue;
    }
    if (++count >= limit) return limit;
    if (open.has(item)) continue;
    const children = childrenOf(item._zod.def as z.core.$ZodTypeDef & Record<string, unknown>);
    if (children === undefined) return limit;
    open.add(item);
    stack.push({ leave: item }, ...children);
  }
  return count;
}

/** How `z.toJSONSchema` writes a subschema used more than once: under `$defs` and referenced, or in place. */
export type Reused = "ref" | "inline";

function outputView(schema: z.ZodType, reused: Reused): JsonSchema {
  return z.toJSONSchema(schema, { io: "output", unrepresentable: "any", reused }) as JsonSchema;
}

/**
 * `z.toJSONSchema(schema, {io: "input"})`, in linear time where it can be: Zod's input view asks at every node whether
 * its subtree transforms (a walk of the whole subtree from each node, quadratic in a deep schema). A schema with no
 * transform, pipe, prefault or catch, no tuple or keyed record whose optionality differs between input and output, and
 * no described copy of an object with a defaulted key differs from its output view only in its objects, which are put
 * right as they are written: a plain `z.object` leaves extra keys allowed and a key with a default is not required.
 */
export function inputView(schema: z.ZodType): (reused: Reused) => JsonSchema {
  if (!inputDiffersOnlyInObjects(schema))
    return (reused) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any", reused }) as JsonSchema;
  return (reused) =>
    z.toJSONSchema(schema, { io: "output", unrepresentable: "any", reused, override: asInput }) as JsonSchema;
}

/** Puts an object written in the output view right for input (Zod calls it on every schema it writes). */
function asInput({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema }) {
  const def = zodSchema._zod.def;
  if (def.type !== "object") return;
  const object = def as z.core.$ZodObjectDef;
  const plain = object.catchall === undefined;
  if (plain && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  if (!Array.isArray(jsonSchema.required)) return;
  const required = Object.keys(object.shape).filter((key) => object.shape[key]?._zod.optin === undefined);
  if (required.length > 0) jsonSchema.required = required;
  else delete jsonSchema.required;
}

const INPUT_ONLY = new Set(["transform", "pipe", "prefault", "catch"]);

/** Whether nothing reachable from `root` looks different on input other than objects (one visit per schema). */
export function inputDiffersOnlyInObjects(root: z.core.$ZodType): boolean {
  const seen = new Set<z.core.$ZodType>();
  const stack: z.core.$ZodType[] = [root];
  const optionalIn = (s: z.core.$ZodType): boolean => s._zod.optin !== undefined;
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (INPUT_ONLY.has(def.type)) return false;
    const children = childrenOf(def);
    if (children === undefined) return false;
    if (def.type === "tuple") {
      const items = def["items"] as z.core.$ZodType[];
      if (items.some((item) => optionalIn(item) !== (item._zod.optout === "optional"))) return false;
    }
    if (def.type === "record" && optionalIn(def["valueType"] as z.core.$ZodType)) return false;
    // A described copy of an object drops the `required` its definition states only when Zod compares input views.
    if (def.type === "object" && node._zod.parent !== undefined && hasDefaultedKey(def["shape"] as z.core.$ZodShape))
      return false;
    stack.push(...children);
  }
  return true;
}

function hasDefaultedKey(shape: z.core.$ZodShape): boolean {
  return Object.values(shape).some((field) => field._zod.optin !== undefined && field._zod.optout === undefined);
}

const LEAVES = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "symbol",
  "null",
  "undefined",
  "void",
  "never",
  "any",
  "unknown",
  "date",
  "literal",
  "enum",
  "nan",
  "file",
  "template_literal",
  "custom",
]);
const WRAPPERS = new Set(["optional", "nonoptional", "nullable", "readonly", "default", "promise", "success"]);

/** The schemas directly inside a definition; undefined for a kind this walk does not know (then Zod decides). */
function childrenOf(def: z.core.$ZodTypeDef & Record<string, unknown>): z.core.$ZodType[] | undefined {
  const type = def.type as string;
  if (LEAVES.has(type)) return [];
  if (WRAPPERS.has(type)) return [def["innerType"] as z.core.$ZodType];
  switch (type) {
    case "array":
      return [def["element"] as z.core.$ZodType];
    case "set":
      return [def["valueType"] as z.core.$ZodType];
    case "lazy":
      return [(def["getter"] as () => z.core.$ZodType)()];
    case "object": {
      const shape = def["shape"] as Record<string, z.core.$ZodType>;
      const catchall = def["catchall"] as z.core.$ZodType | undefined;
      return [...Object.values(shape), ...(catchall === undefined ? [] : [catchall])];
    }
    case "union":
      return [...(def["options"] as z.core.$ZodType[])];
    case "intersection":
      return [def["left"] as z.core.$ZodType, def["right"] as z.core.$ZodType];
    case "record":
    case "map":
      return [def["keyType"] as z.core.$ZodType, def["valueType"] as z.core.$ZodType];
    case "tuple": {
      const rest = def["rest"] as z.core.$ZodType | null | undefined;
      return [...(def["items"] as z.core.$ZodType[]), ...(rest ? [rest] : [])];
    }
    default:
      return undefined;
  }
}

/**
 * How many nodes `schema` has once each `$ref` into its `$defs` is replaced by the definition (a cycle counts once).
 */
export function inlinedNodes(schema: JsonSchema): number {
  const defs = (schema["$defs"] ?? {}) as Readonly<Record<string, unknown>>;
  const sizes = new Map<string, number>();
  const open = new Set<string>();
  const size = (node: unknown): number => {
    if (node === null || typeof node !== "object") return 1;
    let n = 1;
    if (Array.isArray(node)) {
      for (const value of node) {
        n += size(value);
        if (n > MAX_INLINE_NODES) return n;
      }
      return n;
    }
    for (const key in node) {
      if (key === "$defs") continue;
      const value = (node as Record<string, unknown>)[key];
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const name = value.slice("#/$defs/".length);
        if (open.has(name) || !(name in defs)) continue;
        let known = sizes.get(name);
        if (known === undefined) {
          open.add(name);
          known = size(defs[name]);
          open.delete(name);
          sizes.set(name, known);
        }
        n += known;
      } else n += size(value);
      if (n > MAX_INLINE_NODES) return n;
    }
    return n;
  };
  return size(schema);
}

/** What a schema cut by {@link schemaToDepth} says, once, at its root. */
export const CUT_NOTE =
  "Objects marked (fields not listed) are described in part; the whole value is checked when the tool is " +
  "called, and an error names the exact field and rule.";
/** What a cut schema says in place of the fields it leaves out. */
export const CUT_MARK = "(fields not listed)";

const NESTED_KEYS = [
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "patternProperties",
] as const;

/**
 * `schema` with its properties described `depth` levels deep: a value at that depth keeps its type and description
 * and is otherwise accepted as is by the advertised schema (the tool's own Zod schema still checks all of it).
 * `$defs` a cut schema no longer references are dropped. With `outline`, a union cut away whose alternatives are
 * objects keeps each alternative's own fields, their types and the values that tell them apart (see unionOutline).
 * The nodes at the `open` paths (see {@link cutAway}) are described one level further than the depth reaches them;
 * those at the `outlined` paths list their fields by name, type and whether required, without descriptions.
 */
export function schemaToDepth(
  schema: JsonSchema,
  depth: number,
  note = CUT_NOTE,
  outline = false,
  open: readonly string[] = [],
  outlined: readonly string[] = [],
): JsonSchema {
  const defs = (schema["$defs"] ?? {}) as Record<string, JsonSchema>;
  const cutNode = nodeCutter(defs, outline, new Set(open), new Set(outlined));
  const cut = cutNode(schema, depth + 1, true, "", true) as JsonSchema;
  const used = referencedDefs(cut, defs);
  const { $defs: _, ...body } = cut;
  const rest = {
    ...body,
    description: typeof body["description"] === "string" ? `${body["description"]} ${note}` : note,
  };
  if (used.size === 0) return rest;
  return {
    ...rest,
    $defs: Object.fromEntries(
      [...used]
        .sort()
        .map((name) => [name, cutNode(defs[name], Math.max(1, depth), false, `/$defs/${pathKey(name)}`, false)]),
    ),
  };
}

/**
 * A node the cut of {@link schemaToDepth} leaves out: its path, whether every field on the way is required, whether its
 * own object requires it, and whether it is a field of an outlined node (which can only be outlined in turn).
 */
export interface CutAwayNode {
  readonly path: string;
  readonly required: boolean;
  readonly needed: boolean;
  readonly listed: boolean;
}

/**
 * The nodes `schemaToDepth(schema, depth, …, open)` marks (fields not listed), in document order: their paths are
 * JSON pointers into `schema` (`/properties/from`, `/properties/to/items`), what `open` names to describe them further.
 */
export function cutAway(
  schema: JsonSchema,
  depth: number,
  open: readonly string[] = [],
  outlined: readonly string[] = [],
  outline = false,
): CutAwayNode[] {
  const defs = (schema["$defs"] ?? {}) as Record<string, JsonSchema>;
  const found: CutAwayNode[] = [];
  const cutNode = nodeCutter(defs, outline, new Set(open), new Set(outlined), (path, required, needed, listed) =>
    found.push({ path, required, needed, listed }),
  );
  cutNode(schema, depth + 1, true, "", true);
  return found;
}

function pathKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * Cuts a node to `levels` of properties; what is cut keeps its type (found through `$defs` refs and `allOf`). A node
 * whose path is `open` is described one level further; `onCut` hears of each node cut away.
 */
function nodeCutter(
  defs: Readonly<Record<string, JsonSchema>>,
  outline: boolean,
  open: ReadonlySet<string>,
  outlined: ReadonlySet<string>,
  onCut?: (path: string, required: boolean, needed: boolean, listed: boolean) => void,
): (node: unknown, levels: number, root: boolean, path: string, required: boolean) => unknown {
  const cutNode = (node: unknown, levels: number, root: boolean, path: string, required: boolean): unknown => {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
    const schema = node as JsonSchema;
    if (levels <= 0 && !root) {
      if (outlined.has(path)) return fieldsOutline(schema, defs, { path, required, outlined }, onCut);
      if (!open.has(path)) {
        const shown = collapsed(schema, defs, outline);
        // A union outlined by its alternatives' fields already says more than one level of it would.
        if (onCut !== undefined && shown !== schema && shown["anyOf"] === undefined)
          onCut(path, required, required, false);
        return shown;
      }
      levels = 1;
    }
    const needed = new Set(Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : []);
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === "properties" || key === "patternProperties")
        out[key] = Object.fromEntries(
          Object.entries(value as JsonSchema).map(([k, v]) => [
            k,
            cutNode(
              v,
              levels - 1,
              false,
              `${path}/${key}/${pathKey(k)}`,
              required && key === "properties" && needed.has(k),
            ),
          ]),
        );
      else if ((NESTED_KEYS as readonly string[]).includes(key))
        out[key] = Array.isArray(value)
          ? value.map((v, i) => cutNode(v, levels, false, `${path}/${key}/${i}`, required && key !== "not"))
          : cutNode(value, levels, false, `${path}/${key}`, required && key === "items");
      else out[key] = value;
    }
    return out;
  };
  return cutNode;
}

/** What an outlined node says after its own description: its fields are listed, not described. */
export const OUTLINE_MARK = "(fields listed by name and type only)";

/**
 * A node cut away that still lists its fields (an array its items' fields): each with its type, its `const` or short
 * `enum`, which are required, and (fields not listed) where a field nests more (see branchOutline) — unless that
 * field's path is outlined too. `onCut` hears of each field left (fields not listed).
 */
function fieldsOutline(
  schema: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
  at: { readonly path: string; readonly required: boolean; readonly outlined: ReadonlySet<string> },
  onCut?: (path: string, required: boolean, needed: boolean, listed: boolean) => void,
): JsonSchema {
  const said = typeof schema["description"] === "string" ? `${schema["description"]} ` : "";
  const target = resolved(schema, defs, new Set()) ?? schema;
  const items = target["items"];
  const listed = (node: JsonSchema, base: string): JsonSchema =>
    branchOutline(node, defs, (name, value, needed) => {
      const path = `${base}/properties/${pathKey(name)}`;
      const required = at.required && needed;
      if (at.outlined.has(path)) return fieldsOutline(value, defs, { ...at, path, required }, onCut);
      const shown = fieldOutline(value, defs);
      if (shown["description"] === CUT_MARK) onCut?.(path, required, needed, true);
      return shown;
    });
  if (items !== null && typeof items === "object" && !Array.isArray(items)) {
    const inner = listed(items as JsonSchema, `${at.path}/items`);
    if (inner["properties"] !== undefined)
      return { type: "array", items: inner, description: `${said}${OUTLINE_MARK}` };
  }
  const outlined = listed(target, at.path);
  if (outlined["properties"] === undefined) return collapsed(schema, defs, false);
  return { ...outlined, description: `${said}${OUTLINE_MARK}` };
}

function collapsed(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>, outlined: boolean): JsonSchema {
  const nested =
    NESTED_KEYS.some((k) => schema[k] !== undefined && typeof schema[k] === "object") || schema["$ref"] !== undefined;
  if (!nested) return schema;
  const described = typeof schema["description"] === "string" ? `${schema["description"]} ${CUT_MARK}` : CUT_MARK;
  const outline = outlined ? unionOutline(schema, defs) : undefined;
  if (outline !== undefined) return { anyOf: outline, description: described };
  const type = typeOf(schema, defs, new Set());
  return { ...(type === undefined ? {} : { type }), description: described };
}

/** Most alternatives a cut union is outlined with; past it, only its type is kept. */
const MAX_OUTLINED_BRANCHES = 32;

/** Most values an outlined field keeps its `enum` with. */
const MAX_OUTLINED_ENUM = 8;

/**
 * A cut union whose alternatives are objects, as each alternative's own fields (merged over its `allOf` parts), each
 * with its type, its `const` or short `enum` (what tells the alternatives apart, as a `type`/`channel` field does),
 * and which are required; undefined when no alternative has fields, or there are too many.
 */
function unionOutline(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>): JsonSchema[] | undefined {
  const branches = unionBranches(schema, defs, new Set());
  if (branches.length < 2 || branches.length > MAX_OUTLINED_BRANCHES) return undefined;
  const outlined = branches.map((branch) => branchOutline(branch, defs));
  return outlined.some((branch) => branch["properties"] !== undefined) ? outlined : undefined;
}

/** The alternatives of a union, nested unions and `$defs` refs followed; a schema that is no union is its own. */
function unionBranches(
  schema: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
  seen: Set<string>,
): JsonSchema[] {
  const target = resolved(schema, defs, seen);
  if (target === undefined) return [schema];
  const union = [target["anyOf"], target["oneOf"]].find(Array.isArray) as unknown[] | undefined;
  if (union === undefined || Object.keys(target).some((key) => key === "properties" || key === "allOf"))
    return [target];
  return union.flatMap((branch) =>
    branch !== null && typeof branch === "object" ? unionBranches(branch as JsonSchema, defs, new Set(seen)) : [],
  );
}

/** A schema with a `$defs` ref followed (undefined on a cycle or a missing entry). */
function resolved(
  schema: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
  seen: Set<string>,
): JsonSchema | undefined {
  const ref = schema["$ref"];
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return schema;
  const name = ref.slice("#/$defs/".length);
  if (seen.has(name) || defs[name] === undefined) return undefined;
  seen.add(name);
  return resolved(defs[name], defs, seen);
}

/** One alternative of an outlined union: its fields (see {@link unionOutline}), else only its type. */
function branchOutline(
  branch: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
  field: (name: string, value: JsonSchema, required: boolean) => JsonSchema = (_, value) => fieldOutline(value, defs),
): JsonSchema {
  const type = typeOf(branch, defs, new Set());
  const fields = new Map<string, JsonSchema>();
  const required = new Set<string>();
  const parts = objectParts(branch, defs, new Set());
  for (const part of parts)
    for (const name of Array.isArray(part["required"]) ? (part["required"] as unknown[]) : [])
      if (typeof name === "string") required.add(name);
  for (const part of parts) {
    for (const [name, value] of Object.entries((part["properties"] ?? {}) as Record<string, unknown>)) {
      const shown =
        value !== null && typeof value === "object" ? field(name, value as JsonSchema, required.has(name)) : {};
      const known = fields.get(name);
      if (known === undefined || outlineWeight(shown) > outlineWeight(known)) fields.set(name, shown);
    }
  }
  if (fields.size === 0) return type === undefined ? {} : { type };
  return {
    type: "object",
    properties: Object.fromEntries(fields),
    ...(required.size === 0 ? {} : { required: [...required] }),
  };
}

/** How much an outlined field says: its keys, a description kept for want of a type counting less than a type. */
function outlineWeight(field: JsonSchema): number {
  const bare = field["type"] === undefined && field["description"] !== undefined && field["description"] !== CUT_MARK;
  return Object.keys(field).length - (bare ? 0.5 : 0);
}

/** The parts of an object schema that list fields: itself, and its `allOf` parts and `$defs` refs, in order. */
function objectParts(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>, seen: Set<string>): JsonSchema[] {
  const target = resolved(schema, defs, seen);
  if (target === undefined) return [];
  const parts = Array.isArray(target["allOf"]) ? (target["allOf"] as unknown[]) : [];
  return [
    ...(target["properties"] !== null && typeof target["properties"] === "object" ? [target] : []),
    ...parts.flatMap((part) =>
      part !== null && typeof part === "object" ? objectParts(part as JsonSchema, defs, seen) : [],
    ),
  ];
}

/**
 * A field of an outlined alternative: its type, its `const` or short `enum`, and the mark when it nests more; a field
 * with none of these keeps its description (`{}` alone tells the model nothing, as Vonage's untyped `message`).
 */
function fieldOutline(field: JsonSchema, defs: Readonly<Record<string, JsonSchema>>): JsonSchema {
  const target = resolved(field, defs, new Set()) ?? field;
  const type = typeOf(target, defs, new Set());
  const values = allowedValues(target, defs, new Set());
  const structured = [type].flat().some((one) => one === "object" || one === "array");
  const nested =
    structured || (type === undefined && NESTED_KEYS.some((k) => target[k] !== undefined && target[k] !== null));
  const said = typeof target["description"] === "string" ? target["description"] : undefined;
  const bare = type === undefined && values === undefined && !nested;
  return {
    ...(type === undefined ? {} : { type }),
    ...(values === undefined ? {} : values),
    ...(nested ? { description: CUT_MARK } : bare && said !== undefined ? { description: said } : {}),
  };
}

/** A schema's `const`, or its `enum` of at most {@link MAX_OUTLINED_ENUM} values, its own or an `allOf` part's. */
function allowedValues(
  schema: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
  seen: Set<string>,
): JsonSchema | undefined {
  if ("const" in schema) return { const: schema["const"] };
  const values = schema["enum"];
  if (Array.isArray(values)) return values.length <= MAX_OUTLINED_ENUM ? { enum: values } : undefined;
  for (const part of Array.isArray(schema["allOf"]) ? (schema["allOf"] as unknown[]) : []) {
    const target = part !== null && typeof part === "object" ? resolved(part as JsonSchema, defs, seen) : undefined;
    const found = target === undefined ? undefined : allowedValues(target, defs, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The JSON type a schema has: its own `type`, else what its shape, `$ref` or `allOf` parts say, else undefined. */
function typeOf(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>, seen: Set<string>): unknown {
  if (schema["type"] !== undefined) return schema["type"];
  if (schema["properties"] !== undefined) return "object";
  if (schema["items"] !== undefined) return "array";
  const ref = schema["$ref"];
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
    const name = ref.slice("#/$defs/".length);
    const target = defs[name];
    if (target === undefined || seen.has(name)) return undefined;
    seen.add(name);
    return typeOf(target, defs, seen);
  }
  const parts = Array.isArray(schema["allOf"]) ? (schema["allOf"] as unknown[]) : [];
  const partTypes = parts.flatMap((part) =>
    part !== null && typeof part === "object" ? [typeOf(part as JsonSchema, defs, seen)] : [],
  );
  const shared = commonType(partTypes.filter((type) => type !== undefined));
  if (shared !== undefined) return shared;
  const branches = [schema["anyOf"], schema["oneOf"]].find(Array.isArray) as unknown[] | undefined;
  return branches === undefined ? undefined : unionType(branches, defs, seen);
}

/**
 * The types every part of an `allOf` allows (a part that allows any type, as a degraded `anyOf` of every type does,
 * does not widen an object part to "any"); undefined when none is said or none is shared.
 */
function commonType(types: readonly unknown[]): unknown {
  if (types.length === 0) return undefined;
  const sets = types.map((type) => new Set([type].flat().map(String)));
  const shared = [...(sets[0] ?? [])].filter((type) => sets.every((set) => set.has(type)));
  if (shared.length === 0) return undefined;
  return shared.length === 1 ? shared[0] : shared;
}

/** The types a union's branches have between them (`["object", "string"]`), or undefined when a branch has none. */
function unionType(
  branches: readonly unknown[],
  defs: Readonly<Record<string, JsonSchema>>,
  seen: Set<string>,
): unknown {
  const types = new Set<string>();
  for (const branch of branches) {
    const type =
      branch !== null && typeof branch === "object" ? typeOf(branch as JsonSchema, defs, new Set(seen)) : undefined;
    if (type === undefined) return undefined;
    for (const one of [type].flat()) types.add(String(one));
  }
  return types.size === 1 ? [...types][0] : [...types];
}

function referencedDefs(root: unknown, defs: Readonly<Record<string, JsonSchema>>): Set<string> {
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const name = value.slice("#/$defs/".length);
        if (!used.has(name) && defs[name] !== undefined) {
          used.add(name);
          visit(defs[name]);
        }
      } else if (key !== "$defs") visit(value);
    }
  };
  visit(root);
  return used;
}

/** What a description cut to its first sentence ends with. */
export const BRIEF_MARK = "(description shortened)";

/** Longest first sentence kept whole; a longer one is cut at a word. */
const BRIEF_CHARS = 160;

/** A description's first sentence (at most {@link BRIEF_CHARS} characters) and the mark; the text if no shorter. */
export function briefText(text: string): string {
  const line = (/^[^\n]*?[.!?](?=\s|$)/u.exec(text)?.[0] ?? text.split("\n")[0] ?? text).trim();
  const space = line.lastIndexOf(" ", BRIEF_CHARS);
  const short = line.length <= BRIEF_CHARS ? line : `${line.slice(0, space > 0 ? space : BRIEF_CHARS)}…`;
  const brief = `${short} ${BRIEF_MARK}`;
  return brief.length < text.length ? brief : text;
}

/**
 * `schema` with the descriptions of the top-level properties `names` cut to their first sentence. Types, enums, bounds
 * and patterns stay; the tool still checks its whole schema when called.
 */
export function briefDescriptions(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = schema["properties"];
  if (properties === null || typeof properties !== "object" || names.length === 0) return schema;
  const cut = new Set(names);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(properties as JsonSchema)) {
    const property = value as JsonSchema;
    const description = property !== null && typeof property === "object" ? property["description"] : undefined;
    Object.defineProperty(out, key, {
      value:
        cut.has(key) && typeof description === "string" ? { ...property, description: briefText(description) } : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ...schema, properties: out };
}

/** An advertised output schema is cut to fewer levels until its JSON is at most this many bytes. */
export const MAX_OUTPUT_SCHEMA_BYTES = 8192;

/** What a cut output schema says, once, at its root. */
export const OUTPUT_CUT_NOTE =
  "Objects marked (fields not listed) are described in part; the result may carry more fields than listed.";

/** Keywords that say something about a value; a schema with none of them accepts anything. */
const CONSTRAINING = ["type", "properties", "items", "anyOf", "oneOf", "allOf", "$ref", "enum", "const", "not"];

/**
 * The output JSON Schema of a tool with an `outputSchema` (its output view), cut in depth to
 * {@link MAX_OUTPUT_SCHEMA_BYTES} like a definition over its budget; undefined when there is none or it would accept
 * anything (a result the API description leaves unknown).
 */
export function toolOutputJsonSchema(tool: Tool): JsonSchema | undefined {
  return tool.outputSchema === undefined
    ? undefined
    : shownOutputJsonSchema(zodToJsonSchema(tool.outputSchema, "output"));
}

/** The output JSON Schema as advertised, from the whole output view (see {@link toolOutputJsonSchema}). */
export function shownOutputJsonSchema(schema: JsonSchema): JsonSchema | undefined {
  if (!CONSTRAINING.some((key) => schema[key] !== undefined)) return undefined;
  return capOutputSchema(schema);
}

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

function capOutputSchema(schema: JsonSchema): JsonSchema {
  if (
    textBytesAtLeast(schema, MAX_OUTPUT_SCHEMA_BYTES) <= MAX_OUTPUT_SCHEMA_BYTES &&
    jsonBytes(schema) <= MAX_OUTPUT_SCHEMA_BYTES
  )
    return schema;
  const atLeast = cutBytesAtLeast(schema, MAX_OUTPUT_SCHEMA_BYTES);
  for (let depth = DEEPEST_BOUND; depth > 0; depth--) {
    if (atLeast(depth) > MAX_OUTPUT_SCHEMA_BYTES) continue;
    const cut = schemaToDepth(schema, depth, OUTPUT_CUT_NOTE);
    if (jsonBytes(cut) <= MAX_OUTPUT_SCHEMA_BYTES) return cut;
  }
  const top = schemaToDepth(schema, 0, OUTPUT_CUT_NOTE);
  return jsonBytes(top) <= MAX_OUTPUT_SCHEMA_BYTES ? top : withoutDescriptions(top);
}

/**
 * A lower bound of the JSON bytes of `value`: each string it holds and each key it writes, quoted (a UTF-16 code unit
 * is at least one UTF-8 byte; escapes only add). Counting stops once the bound passes `enough`, so a schema of
 * hundreds of kilobytes is known too large to serve whole without being serialised.
 */
export function textBytesAtLeast(value: unknown, enough = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const stack: unknown[] = [value];
  for (let node = stack.pop(); node !== undefined || stack.length > 0; node = stack.pop()) {
    if (typeof node === "string") total += node.length + 2;
    else if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (node !== null && typeof node === "object")
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        const item = (node as Record<string, unknown>)[key];
        if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
        total += key.length + 2;
        stack.push(item);
      }
    if (total > enough) return total;
  }
  return total;
}

/** What a cut keeps of a schema, by how many `properties` levels below its root a node sits. */
interface LevelBytes {
  /** Descriptions and property names of the nodes at each level (all kept where the cut keeps the level whole). */
  readonly kept: number[];
  /** Descriptions of the properties at each level (kept where that level is cut: a collapsed node keeps its own). */
  readonly heads: number[];
  /** `$defs` names the `$ref`s at each level name. */
  readonly refs: string[][];
}

/** {@link LevelBytes} of `root` down to level `deepest`, from one walk that builds nothing. */
function levelBytes(root: unknown, deepest: number): LevelBytes {
  const kept = Array.from({ length: deepest + 1 }, () => 0);
  const heads = Array.from({ length: deepest + 1 }, () => 0);
  const refs: string[][] = Array.from({ length: deepest + 1 }, () => []);
  const stack: [unknown, number, boolean][] = [[root, 0, true]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, level, head] = entry;
    if (node === null || typeof node !== "object" || Array.isArray(node)) continue;
    const record = node as JsonSchema;
    const description = record["description"];
    const described = typeof description === "string" ? JSON.stringify(description).length : 0;
    if (head) heads[level] = (heads[level] ?? 0) + described;
    if (level === deepest) continue;
    let own = described;
    const ref = record["$ref"];
    if (typeof ref === "string" && ref.startsWith("#/$defs/")) refs[level]?.push(ref.slice("#/$defs/".length));
    for (const key of NESTED_KEYS) {
      const value = record[key];
      if (value === null || typeof value !== "object") continue;
      if (key === "properties" || key === "patternProperties") {
        for (const [name, child] of Object.entries(value)) {
          own += JSON.stringify(name).length + 1;
          stack.push([child, level + 1, true]);
        }
      } else if (Array.isArray(value)) for (const child of value) stack.push([child, level, false]);
      else stack.push([value, level, false]);
    }
    kept[level] = (kept[level] ?? 0) + own;
  }
  return { kept, heads, refs };
}

/** Bytes a cut to `levels` levels keeps at least: the kept levels whole, and the descriptions at the level cut. */
function keptBytes(bytes: LevelBytes, levels: number): number {
  let total = bytes.heads[levels] ?? 0;
  for (let level = 0; level < levels; level++) total += bytes.kept[level] ?? 0;
  return total;
}

/** Deepest cut {@link cutBytesAtLeast} bounds. */
const DEEPEST_BOUND = 4;

/**
 * A lower bound of the JSON bytes of `schemaToDepth(schema, depth)` (depth at most 4), from walks that build nothing:
 * the descriptions and property names the cut keeps of the schema and of each `$defs` entry its kept `$ref`s reach,
 * and those entries' names. Counting stops once the bound passes `enough`. A cut whose bound passes a cap need not be
 * made to be known too large.
 */
export function cutBytesAtLeast(schema: JsonSchema, enough = Number.POSITIVE_INFINITY): (depth: number) => number {
  const defs = (schema["$defs"] ?? {}) as Readonly<Record<string, unknown>>;
  const own = levelBytes(schema, DEEPEST_BOUND + 1);
  const defBytes = new Map<string, LevelBytes>();
  const edges = new Map<string, readonly string[]>();
  const edgesOf = (name: string): readonly string[] => {
    let known = edges.get(name);
    if (known === undefined) {
      known = [...new Set(directRefs(defs[name]))];
      edges.set(name, known);
    }
    return known;
  };
  const bytesOf = (name: string): LevelBytes => {
    let known = defBytes.get(name);
    if (known === undefined) {
      known = levelBytes(defs[name], DEEPEST_BOUND);
      defBytes.set(name, known);
    }
    return known;
  };
  return (depth) => {
    let total = keptBytes(own, depth + 1);
    const used = new Set<string>();
    const open: string[] = [];
    for (let level = 0; level <= depth; level++) for (const name of own.refs[level] ?? []) open.push(name);
    const levels = Math.max(1, depth);
    for (let name = open.pop(); name !== undefined && total <= enough; name = open.pop()) {
      if (used.has(name) || defs[name] === undefined) continue;
      used.add(name);
      total += JSON.stringify(name).length + 3 + keptBytes(bytesOf(name), levels);
      for (const next of edgesOf(name)) if (!used.has(next)) open.push(next);
    }
    return total;
  };
}

/** The `$defs` names `node`'s own `$ref`s name, anywhere in it (refs are not followed). */
function directRefs(node: unknown): string[] {
  const names: string[] = [];
  const stack: unknown[] = [node];
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    if (at === null || typeof at !== "object") continue;
    if (Array.isArray(at)) {
      for (const item of at) stack.push(item);
      continue;
    }
    for (const [key, value] of Object.entries(at)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/"))
        names.push(value.slice("#/$defs/".length));
      else if (key !== "$defs") stack.push(value);
    }
  }
  return names;
}

/** The schema without `description`s below its root: types and names only, for a result too wide to describe. */
function withoutDescriptions(schema: JsonSchema): JsonSchema {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => key !== "description" || typeof value !== "string")
        .map(([k, v]) => [k, strip(v)]),
    );
  };
  return {
    ...(strip(schema) as JsonSchema),
    ...(schema["description"] === undefined ? {} : { description: schema["description"] }),
  };
}

/** True for the error envelope `{ error: { code, message, … } }`. */
export function isErrorEnvelope(result: ToolResult): result is ErrorEnvelope {
  const error = (result as { error?: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string";
}

/** True for `{ status: "pending_approval", request_id, message }`, not an API's record with that status. */
export function isPendingApproval(result: ToolResult): result is PendingApproval {
  return isPendingAnswer(result);
}

/** The JSON text of a result, exactly what the model reads. */
export function resultText(result: ToolResult): string {
  return JSON.stringify(result);
}

/** An INVALID_ARGUMENT envelope for failures an adapter detects before `run` (unparseable JSON, unknown tool name). */
export function invalidArgument(message: string, suggestion: string): ErrorEnvelope {
  return { error: { code: "INVALID_ARGUMENT", message, suggestion, retryable: false } };
}

/** Runs a tool and turns an unexpected throw (a bug: `run` must never throw) into an UPSTREAM_ERROR envelope. */
export async function runSafely(tool: Tool, input: unknown, ctx?: Parameters<Tool["run"]>[1]): Promise<ToolResult> {
  try {
    return await tool.run(input, ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      error: {
        code: "UPSTREAM_ERROR",
        message: `Tool ${tool.name} failed unexpectedly: ${message}`,
        suggestion: "Report this; retrying is unlikely to help.",
        retryable: false,
      },
    };
  }
}
