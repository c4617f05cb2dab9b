// A request body schema + the object a goal writes → the oneOf/anyOf branch it fits and the properties it must send.
import type { SchemaLookup } from "../../model/api-source.js";
import type { JsonSchema, JsonSchemaObject } from "../../model/api-model.js";

/** A written body entry's value, as the goals file or the plan holds it: only a literal's value is read. */
type EntryValue = { readonly kind: string; readonly value?: unknown };
type Entries = readonly (readonly [string, EntryValue])[];
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { derefTop } from "../schemas.js";

const MAX_DEPTH = 16;

/** Keys every instance of `schema` must have: its `required`, and each `allOf` branch's, following `$ref`s. */
export function requiredKeys(schema: JsonSchema, schemas: SchemaLookup, depth = 0): string[] {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object" || depth > MAX_DEPTH) return [];
  const own = Array.isArray(node["required"]) ? node["required"].filter((k): k is string => typeof k === "string") : [];
  const inherited = Array.isArray(node["allOf"])
    ? (node["allOf"] as JsonSchema[]).flatMap((b) => requiredKeys(b, schemas, depth + 1))
    : [];
  return [...new Set([...own, ...inherited])];
}

/** Whether the branch admits the written object: every key is one of its properties, every constant fits its enum/const. */
function branchFits(branch: JsonSchema, entries: Entries, schemas: SchemaLookup): boolean {
  const names = new Set(propertyNames(branch, schemas));
  return entries.every(([key, value]) => {
    if (!names.has(key)) return false;
    if (value.kind !== "literal") return true;
    const walked = schemaAtPointer(branch, [key], schemas);
    const target = walked.ok ? derefTop(walked.schema, schemas) : true;
    if (typeof target !== "object") return true;
    if (Object.hasOwn(target, "const")) return target["const"] === value.value;
    return !Array.isArray(target["enum"]) || target["enum"].includes(value.value);
  });
}

/** The schema without its top-level `oneOf`/`anyOf` (what every branch shares). */
function shared(node: JsonSchemaObject): JsonSchemaObject {
  const { oneOf: _one, anyOf: _any, discriminator: _d, ...rest } = node;
  return rest;
}

/**
 * The body schema narrowed to the one `oneOf`/`anyOf` branch the goal's object fits (by its keys and constants), as
 * `allOf: [shared part, branch]`, so `required` is followed into that branch (DigitalOcean's droplet create: a body
 * with `name` is the single-droplet branch, which requires `size` and `image`). Unchanged when no branch or several fit.
 */
export function fittingBranch(schema: JsonSchema, entries: Entries, schemas: SchemaLookup): JsonSchema {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object") return schema;
  const keyword = Array.isArray(node["oneOf"]) ? "oneOf" : Array.isArray(node["anyOf"]) ? "anyOf" : undefined;
  if (keyword === undefined) return schema;
  const fitting = (node[keyword] as JsonSchema[]).filter((branch) => branchFits(branch, entries, schemas));
  const fits = fitting.length > 1 ? namedByConstant(fitting, entries) : fitting;
  const [only] = fits;
  return fits.length === 1 && only !== undefined ? { allOf: [shared(node), only] } : schema;
}

/**
 * Of several branches the object fits, the one whose own text names a text constant the goal writes (DigitalOcean's
 * droplet actions: `{type: snapshot, name}` fits both the rename and the snapshot branch; only the snapshot branch
 * says "snapshot"). Enumerations are not read: a shared `type` enum names every action. All of them when not one does.
 */
function namedByConstant(branches: readonly JsonSchema[], entries: Entries): readonly JsonSchema[] {
  const words = entries.flatMap(([, v]) => (v.kind === "literal" && typeof v.value === "string" ? [v.value] : []));
  const text = (branch: JsonSchema): string =>
    JSON.stringify(branch, (key, value: unknown) => (key === "enum" || key === "const" ? undefined : value));
  const names = (branch: JsonSchema, word: string): boolean =>
    new RegExp(`(?<![a-z0-9])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![a-z0-9])`, "i").test(text(branch));
  const named = branches.filter((b) => words.some((w) => w.length > 0 && names(b, w)));
  return named.length === 1 ? named : branches;
}
