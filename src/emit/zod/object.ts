// Turns the object keywords of a schema (properties, required, additional/pattern properties, counts, dependencies) into a Zod object.
import type { JsonSchema, JsonSchemaObject } from "../../model/api-model.js";
import { join } from "../../util/pointer.js";
import { setOwn } from "../../util/set-own.js";
import {
  arrow,
  atom,
  block,
  type Code,
  chain,
  type Entry,
  type Link,
  link,
  method,
  object,
  operands,
  seq,
  statement,
  zod,
} from "../code.js";
import { flat } from "../print.js";
import { hoist, isObject } from "./context.js";
import type { Env } from "./env.js";
import { checkPattern } from "../../schema/pattern-safety.js";
import { lit, regexLit, text } from "./literal.js";
import { patternAllowed } from "./pattern.js";
import { UNSENT_KEY } from "../../planner/request-side.js";

const HAS = "Object.prototype.hasOwnProperty.call";

/**
 * A refinement on the raw input (typed `any`), skipped for non-objects, which the object part already rejects; its
 * message fixed text, or an `error` function of the issue when it says what the input held.
 */
const rawRefine = (body: Code, message: string | Code): Link =>
  link(
    "refine",
    arrow("(o)", operands("||", [atom("o === null"), atom('typeof o !== "object"'), atom("Array.isArray(o)"), body])),
    object([typeof message === "string" ? ["message", text(message)] : ["error", message]]),
  );

const isSchema = (value: unknown): value is JsonSchema => typeof value === "boolean" || isObject(value);

/** Names Zod would read through the prototype chain (`constructor`, `toString`, `__proto__`…): checked by a refinement instead. */
const inheritedName = (key: string): boolean => key in Object.prototype;

interface ObjectParts {
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required: readonly string[];
  readonly additional: JsonSchema;
  /** `additional` compiled, when it is a schema: compiled once, as each compile of it compiles everything below it. */
  readonly additionalCode?: Code;
  readonly patterns: readonly (readonly [string, JsonSchema])[];
}

/** `additionalProperties` that accepts nothing is `false`: Zod's `.catchall(z.never())` is strictness, and strictness is lost in intersections. */
function withNeverAsFalse(parts: ObjectParts, env: Env): ObjectParts {
  if (typeof parts.additional === "boolean") return parts;
  const expression = env.compile(parts.additional, join(env.pointer, "additionalProperties"));
  return flat(expression).startsWith("z.never()")
    ? { ...parts, additional: false }
    : { ...parts, additionalCode: expression };
}

const additionalCode = (parts: ObjectParts, env: Env): Code =>
  parts.additionalCode ?? env.compile(parts.additional, join(env.pointer, "additionalProperties"));

function partsOf(schema: JsonSchemaObject): ObjectParts {
  const properties: Record<string, JsonSchema> = {};
  const props = isObject(schema["properties"]) ? schema["properties"] : {};
  for (const [key, value] of Object.entries(props)) {
    setOwn(properties, key, isSchema(value) ? value : true);
  }
  const required = Array.isArray(schema["required"])
    ? [...new Set(schema["required"].filter((r): r is string => typeof r === "string"))]
    : [];
  const additional = isSchema(schema["additionalProperties"]) ? schema["additionalProperties"] : true;
  const patterns = isObject(schema["patternProperties"])
    ? Object.entries(schema["patternProperties"]).map(([p, s]) => [p, isSchema(s) ? s : true] as const)
    : [];
  return { properties, required, additional, patterns };
}

/**
 * One shape entry: required as is, else `.optional()`. A spec `default` is what the server assumes when the key is
 * absent, so it never becomes a Zod `.default()`: that would fill the key in and send it unasked.
 */
function propertyEntry(key: string, expr: Code, required: boolean): Entry {
  return [key, chain(expr, [required ? undefined : link("optional")])];
}

/** The schema a required-but-undeclared key must satisfy: the matching pattern schemas, else `additionalProperties`. */
function undeclaredSchema(key: string, parts: ObjectParts): JsonSchema {
  const matching = parts.patterns.filter(([p]) => safeTest(p, key)).map(([, s]) => s);
  if (matching.length > 0) return { allOf: matching };
  return parts.additional;
}

/** Runs a spec pattern at generation time only when it compiles and cannot backtrack catastrophically. */
function safeTest(pattern: string, key: string): boolean {
  return checkPattern(pattern).ok && new RegExp(pattern, "u").test(key);
}

/** A generated check's issue on the value of key `k` (the path is the key's, so the refusal names it). */
const valueIssue = (message: string): Code =>
  statement(
    "ctx.addIssue(",
    object([
      ["code", text("custom")],
      ["path", atom("[k]")],
      ["message", text(message)],
    ]),
    ")",
  );

/**
 * Checks every own key against `patternProperties` and `additionalProperties` (Zod has no pattern keys; a closed
 * intersection operand is loose, as Zod drops an operand's own unknown keys). A key the object does not take is
 * reported by name — a `custom` issue with `params.unknownKeys` (and the key `patterns` it does take), read by the
 * runtime as unknown keys —, a value not fitting its key's schema by its key's path.
 */
function patternCheck(parts: ObjectParts, env: Env): Link {
  const allowed = parts.patterns.filter(([p]) => patternAllowed(p, join(env.pointer, "patternProperties", p), env));
  const tests = allowed.map(([p, s]) => {
    const re = hoist(env.ctx, "pattern", regexLit(p));
    const sub =
      s === true
        ? []
        : [
            seq(
              `if (!${hoist(env.ctx, "patternProperty", env.compile(s, join(env.pointer, "patternProperties", p)))}.safeParse(v).success) `,
              valueIssue("does not fit the schema of patternProperties"),
            ),
          ];
    return seq(`if (${re}.test(k)) `, block([statement("matched = true"), ...sub]));
  });
  const names = Object.keys(parts.properties);
  const additional =
    parts.additional === true
      ? []
      : parts.additional === false
        ? [atom("if (!matched) unknownKeys.push(k);")]
        : [
            seq(
              `if (!matched && !${hoist(env.ctx, "additionalProperty", additionalCode(parts, env))}.safeParse(v).success) `,
              valueIssue("does not fit the schema of additionalProperties"),
            ),
          ];
  const loop = block([
    statement("const v = o[k]"),
    statement("let matched = false"),
    ...tests,
    ...(names.length === 0 ? [] : [seq("if (", method(lit(names), "includes", atom("k")), ") continue;")]),
    ...additional,
  ]);
  const params: Entry[] = [
    ["unknownKeys", atom("unknownKeys")],
    ...(allowed.length === 0 ? [] : [["patterns", lit(allowed.map(([p]) => p))] as Entry]),
  ];
  const issue = object([
    ["code", text("custom")],
    ["message", seq(text("not allowed by additionalProperties: "), ' + unknownKeys.join(", ")')],
    ["params", object(params)],
  ]);
  const body = [
    atom('if (o === null || typeof o !== "object" || Array.isArray(o)) return;'),
    ...(parts.additional === false ? [statement("const unknownKeys = []")] : []),
    seq("for (const k of Object.keys(o)) ", loop),
    ...(parts.additional === false
      ? [seq("if (unknownKeys.length > 0) ", statement("ctx.addIssue(", issue, ")"))]
      : []),
  ];
  return link("superRefine", arrow("(o, ctx)", block(body)));
}

/** Declared properties whose names are inherited from Object.prototype, checked on own properties only. */
function inheritedCheck(parts: ObjectParts, env: Env): Link[] {
  const names = [...new Set([...Object.keys(parts.properties), ...parts.required])].filter(inheritedName);
  return names.map((name) => {
    const schema = Object.hasOwn(parts.properties, name)
      ? (parts.properties[name] as JsonSchema)
      : undeclaredSchema(name, parts);
    const sub = hoist(env.ctx, "property", env.compile(schema, join(env.pointer, "properties", name)));
    const missing = parts.required.includes(name) ? "false" : "true";
    return rawRefine(
      seq(`(${HAS}(o, `, lit(name), `) ? ${sub}.safeParse(o[`, lit(name), `]).success : ${missing})`),
      `property ${name} is invalid or missing`,
    );
  });
}

function shapeOf(parts: ObjectParts, env: Env): Code {
  const declared = Object.entries(parts.properties)
    .filter(([key]) => !inheritedName(key))
    .map(([key, sub]) =>
      propertyEntry(key, env.compile(sub, join(env.pointer, "properties", key)), parts.required.includes(key)),
    );
  const undeclared = parts.required
    .filter((key) => !Object.hasOwn(parts.properties, key) && !inheritedName(key))
    .map((key): Entry => [key, env.compile(undeclaredSchema(key, parts), join(env.pointer, "required"))]);
  return object([...declared, ...undeclared]);
}

/** Picks the Zod object flavour: loose (`additionalProperties` absent/true), strict (false), or `.catchall(schema)`. */
function baseObject(parts: ObjectParts, env: Env, raw: Link[]): Code {
  const shape = shapeOf(parts, env);
  const manual =
    parts.patterns.length > 0 ||
    (parts.additional !== true && Object.keys(parts.properties).some(inheritedName)) ||
    (parts.additional === false && (env.operand || raw.length > 0));
  if (manual) raw.push(patternCheck(parts, env));
  if (manual && parts.additional === false)
    return method(zod("looseObject", shape), "meta", object([["additionalProperties", atom("false")]]));
  if (manual || parts.additional === true) return zod("looseObject", shape);
  if (parts.additional === false) return zod("strictObject", shape);
  const additional = hoist(env.ctx, "additionalProperty", additionalCode(parts, env));
  if (!Object.hasOwn(parts.properties, "__proto__")) {
    raw.push(
      rawRefine(
        seq(
          "(",
          operands("||", [atom(`!${HAS}(o, "__proto__")`), atom(`${additional}.safeParse(o["__proto__"]).success`)]),
          ")",
        ),
        "property __proto__ is not allowed by additionalProperties",
      ),
    );
  }
  return method(zod("object", shape), "catchall", atom(additional));
}

function propertyCount(schema: JsonSchemaObject): Link | undefined {
  const min = typeof schema["minProperties"] === "number" ? Math.ceil(schema["minProperties"]) : undefined;
  const max = typeof schema["maxProperties"] === "number" ? Math.floor(schema["maxProperties"]) : undefined;
  const checks = [
    min === undefined ? undefined : `Object.keys(o).length >= ${min}`,
    max === undefined ? undefined : `Object.keys(o).length <= ${max}`,
  ].filter((c) => c !== undefined);
  if (checks.length === 0) return undefined;
  return rawRefine(atom(`(${checks.join(" && ")})`), `must have ${min ?? 0}–${max ?? "any number of"} properties`);
}

/** `minProperties`/`maxProperties` shown on the object itself, as Zod has no such check to show them. */
function propertyCountMeta(schema: JsonSchemaObject): Link | undefined {
  const shown: Record<string, number> = {};
  if (typeof schema["minProperties"] === "number") shown["minProperties"] = Math.ceil(schema["minProperties"]);
  if (typeof schema["maxProperties"] === "number") shown["maxProperties"] = Math.floor(schema["maxProperties"]);
  return Object.keys(shown).length === 0 ? undefined : link("meta", lit(shown));
}

function propertyNames(schema: JsonSchemaObject, env: Env): Link | undefined {
  const sub = schema["propertyNames"];
  if (!isSchema(sub) || sub === true) return undefined;
  const name = hoist(env.ctx, "propertyName", env.compile(sub, join(env.pointer, "propertyNames")));
  return rawRefine(atom(`Object.keys(o).every((k) => ${name}.safeParse(k).success)`), "a property name is not allowed");
}

/**
 * The properties a request copy no longer declares because the server sets them (Linode's `backups.enabled`): refused
 * by name, so a call that sets one fails saying which and why instead of succeeding with the value ignored.
 */
function serverSetCheck(schema: JsonSchemaObject): Link | undefined {
  const listed = schema[UNSENT_KEY];
  const names = Array.isArray(listed) ? listed.filter((n): n is string => typeof n === "string") : [];
  if (names.length === 0) return undefined;
  const sent = method(lit(names), "filter", atom(`(k) => ${HAS}(issue.input, k)`));
  const said = seq('sent.join(", ") + (sent.length === 1 ? " is" : " are") + ', text(SERVER_SETS));
  return rawRefine(
    seq("!", method(lit(names), "some", atom(`(k) => ${HAS}(o, k)`))),
    arrow("(issue)", block([statement(seq("const sent = ", sent)), statement(seq("return ", said))])),
  );
}

const SERVER_SETS = " set by the server (read-only in the API's description); remove from the arguments";

function dependentRequired(schema: JsonSchemaObject): Link[] {
  const deps = schema["dependentRequired"];
  if (!isObject(deps)) return [];
  return Object.entries(deps)
    .filter(([, needed]) => Array.isArray(needed) && needed.length > 0)
    .map(([key, needed]) =>
      rawRefine(
        seq(`(!${HAS}(o, `, lit(key), ") || ", method(lit(needed), "every", atom(`(k) => ${HAS}(o, k)`)), ")"),
        `when ${key} is present, ${(needed as unknown[]).join(", ")} must be too`,
      ),
    );
}

function dependentSchemas(schema: JsonSchemaObject, env: Env): Link[] {
  const deps = schema["dependentSchemas"];
  if (!isObject(deps)) return [];
  return Object.entries(deps)
    .filter(([, sub]) => isSchema(sub) && sub !== true)
    .map(([key, sub]) => {
      const name = hoist(
        env.ctx,
        "dependentSchema",
        env.compile(sub as JsonSchema, join(env.pointer, "dependentSchemas", key)),
      );
      return rawRefine(
        seq(`(!${HAS}(o, `, lit(key), `) || ${name}.safeParse(o).success)`),
        `when ${key} is present, the object must match its dependent schema`,
      );
    });
}

/**
 * The raw side written as `{type: "object"}` in JSON Schema, not `{}`: Zod then folds the intersection into the one
 * object it describes (a typed map reads `{type: object, additionalProperties: {…}}`, not `allOf: [{…}, {}]`). Not
 * where undeclared keys are refused: the fold keeps `additionalProperties: false` only when every member says it.
 */
function rawSideMeta(parts: ObjectParts): Link | undefined {
  return parts.additional === false ? undefined : link("meta", lit({ type: "object" }));
}

/**
 * The `type: object` branch (never matches arrays or null, as Zod's object schemas do not). Zod's parsed
 * output drops an own `__proto__` key and its shape reads inherited names through the prototype, so the
 * checks that depend on the exact own keys run on the raw input: `z.intersection(object, z.any().refine(…))`.
 */
export function objectToZod(schema: JsonSchemaObject, env: Env): Code {
  const parts = withNeverAsFalse(partsOf(schema), env);
  const raw = [
    ...inheritedCheck(parts, env),
    propertyCount(schema),
    propertyNames(schema, env),
    ...dependentRequired(schema),
    ...dependentSchemas(schema, env),
    serverSetCheck(schema),
  ].filter((r): r is Link => r !== undefined);
  const base = baseObject(parts, env, raw);
  if (raw.length === 0) return base;
  return zod("intersection", chain(base, [propertyCountMeta(schema)]), chain(zod("any"), [...raw, rawSideMeta(parts)]));
}

export const OBJECT_KEYWORDS = [
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
] as const;
