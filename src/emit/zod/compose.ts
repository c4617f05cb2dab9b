// Turns the type-independent keywords (allOf, anyOf, oneOf, not, if/then/else) into Zod combinators and refinements.
import type { JsonSchema, JsonSchemaObject } from "../../model/api-model.js";
import { join } from "../../util/pointer.js";
import { array, arrow, atom, type Code, type Link, link, object, seq, zod } from "../code.js";
import { hoist, isObject } from "./context.js";
import type { Env } from "./env.js";
import { text } from "./literal.js";
import { targetOf } from "./ref.js";

const schemasAt = (schema: JsonSchemaObject, key: string): JsonSchema[] | undefined => {
  const list = schema[key];
  return Array.isArray(list)
    ? list.map((s): JsonSchema => (typeof s === "boolean" || isObject(s) ? s : true))
    : undefined;
};

const compileAll = (key: string, list: readonly JsonSchema[], env: Env, operand: boolean): Code[] =>
  list.map((s, i) => env.compile(s, join(env.pointer, key, i), operand));

/** `allOf` → the parts, to be intersected by the caller. */
export function allOfParts(schema: JsonSchemaObject, env: Env): Code[] {
  const list = schemasAt(schema, "allOf");
  return list === undefined ? [] : compileAll("allOf", list, env, true);
}

/** `anyOf` → `z.union` (at least one matches). */
export function anyOfToZod(schema: JsonSchemaObject, env: Env): Code | undefined {
  const list = schemasAt(schema, "anyOf");
  if (list === undefined) return undefined;
  if (list.length === 0) return zod("never");
  const parts = compileAll("anyOf", list, env, list.length === 1);
  return parts.length === 1 ? parts[0] : zod("union", array(parts));
}

const refOf = (schema: unknown): string | undefined =>
  isObject(schema) && typeof schema["$ref"] === "string" ? schema["$ref"] : undefined;

/** The `$ref`s an alternative's `allOf` holds, itself or behind its own `$ref`. */
function heldRefs(branch: unknown, env: Env): string[] {
  const ref = refOf(branch);
  const target = ref === undefined ? branch : targetOf(ref, env);
  const members = isObject(target) && Array.isArray(target["allOf"]) ? (target["allOf"] as unknown[]) : [];
  return members.map(refOf).filter((r): r is string => r !== undefined);
}

/** The `default` of a required string member `name` a branch leaves open (no `enum`, no `const`). */
function openDefault(branch: unknown, name: string): string | undefined {
  if (!isObject(branch) || !Array.isArray(branch["required"]) || !branch["required"].includes(name)) return undefined;
  const member = isObject(branch["properties"]) ? branch["properties"][name] : undefined;
  if (!isObject(member) || member["type"] !== "string" || "enum" in member || "const" in member) return undefined;
  return typeof member["default"] === "string" ? member["default"] : undefined;
}

/**
 * Whether every alternative requires the same string member and gives it a default of its own, with nothing else
 * to tell them apart by (Shotstack's clip `asset`: `VideoAsset`, `ImageAsset`, `AudioAsset` … each `type: string`,
 * `default: "video"` / `"image"` / `"audio"`, all `{type, src}`): a discriminator the spec did not declare.
 */
function taggedByDefaults(list: readonly unknown[], env: Env): boolean {
  const branches = list.map((branch) => {
    const ref = refOf(branch);
    return ref === undefined ? branch : targetOf(ref, env);
  });
  const first = branches[0];
  const names = isObject(first) && Array.isArray(first["required"]) ? (first["required"] as unknown[]) : [];
  return names.some((name) => {
    if (typeof name !== "string") return false;
    const defaults = branches.map((b) => openDefault(b, name));
    return defaults.every((d) => d !== undefined) && new Set(defaults).size === defaults.length;
  });
}

/**
 * Whether a `oneOf` means "one of these shapes" rather than "exactly one": it has a `discriminator` (the named member
 * tells the API which alternative it reads: DigitalOcean's droplet action `type`), or its alternatives are told apart
 * only by the defaults of one member (`taggedByDefaults`), or one alternative is an `allOf` holding another (`snapshot
 * = allOf[action, {name}]`), so every value of the first fits the second too and "exactly one" could never accept it.
 * Such a `oneOf` is checked as `anyOf`.
 */
export function oneOfMeansAnyOf(schema: JsonSchemaObject, env: Env): boolean {
  const list = schema["oneOf"];
  if (!Array.isArray(list) || list.length < 2) return false;
  if (isObject(schema["discriminator"]) || taggedByDefaults(list, env)) return true;
  const refs = list.map(refOf);
  return list.some((branch, i) => heldRefs(branch, env).some((held) => refs.some((r, j) => j !== i && r === held)));
}

/** `oneOf` → `z.xor` (exactly one matches; shown as `oneOf` by z.toJSONSchema). */
export function oneOfToZod(schema: JsonSchemaObject, env: Env): Code | undefined {
  const list = schemasAt(schema, "oneOf");
  if (list === undefined) return undefined;
  if (list.length === 0) return zod("never");
  const parts = compileAll("oneOf", list, env, list.length === 1);
  return parts.length === 1 ? parts[0] : zod("xor", array(parts));
}

const refinement = (test: string, message: string): Link =>
  link("refine", arrow("(v)", atom(test)), object([["message", text(message)]]));

/** `not` and `if`/`then`/`else` → refinements against hoisted schemas (Zod has no negation or conditional). */
export function conditionRefinements(schema: JsonSchemaObject, env: Env): Link[] {
  const not = schema["not"];
  const refinements: Link[] = [];
  if (typeof not === "boolean" || isObject(not)) {
    const name = hoist(env.ctx, "not", env.compile(not, join(env.pointer, "not")));
    refinements.push(refinement(`!${name}.safeParse(v).success`, "must not match the excluded schema"));
  }
  const condition = schema["if"];
  if (typeof condition === "boolean" || isObject(condition)) refinements.push(ifThenElse(schema, condition, env));
  return refinements;
}

function ifThenElse(schema: JsonSchemaObject, condition: JsonSchema, env: Env): Link {
  const branch = (key: "then" | "else"): string => {
    const sub = schema[key];
    if (typeof sub !== "boolean" && !isObject(sub)) return "true";
    return `${hoist(env.ctx, key === "then" ? "thenSchema" : "elseSchema", env.compile(sub, join(env.pointer, key)))}.safeParse(v).success`;
  };
  const test = hoist(env.ctx, "ifSchema", env.compile(condition, join(env.pointer, "if")));
  const check = arrow("(v)", seq(`(${test}.safeParse(v).success ? `, branch("then"), " : ", branch("else"), ")"));
  return link("refine", check, object([["message", text("must satisfy the conditional (if/then/else) schema")]]));
}
