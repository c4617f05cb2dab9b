// Turns one JSON Schema (any supported dialect) into the source of an equivalent Zod v4 expression.
import { diagnostic, DiagnosticsError, hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import type { JsonSchema, JsonSchemaObject, SpecDialect } from "../../model/api-model.js";
import { normalizeSchema } from "../../schema/normalize.js";
import { sortedEntries } from "../../util/order.js";
import { join } from "../../util/pointer.js";
import { array, atom, type Code, chain, constDecl, iife, link, statement, zod } from "../code.js";
import { flat } from "../print.js";
import { ARRAY_KEYWORDS, arrayToZod } from "./array.js";
import { allOfParts, anyOfToZod, conditionRefinements, oneOfMeansAnyOf, oneOfToZod } from "./compose.js";
import { hoist, layeredNames, type CompileContext, type Local } from "./context.js";
import { formatHelpersModule } from "./formats.js";
import { describeSchema } from "./describe.js";
import type { Env } from "./env.js";
import { text } from "./literal.js";
import { integerToZod, NUMBER_KEYWORDS, numberToZod } from "./number.js";
import { OBJECT_KEYWORDS, objectToZod } from "./object.js";
import { refToZod } from "./ref.js";
import { STRING_KEYWORDS, stringToZod } from "./string.js";
import { valuesToZod } from "./values.js";

type Kind = "null" | "boolean" | "object" | "array" | "number" | "integer" | "string";
type Branch = (schema: JsonSchemaObject, env: Env) => Code;

const BRANCHES = {
  null: () => zod("null"),
  boolean: () => zod("boolean"),
  object: objectToZod,
  array: arrayToZod,
  number: (schema) => numberToZod(schema),
  integer: (schema, env) => integerToZod(schema, env.ctx.formatHelpers === "import"),
  string: stringToZod,
} satisfies Record<Kind, Branch>;

const KIND_KEYWORDS: Readonly<Record<Kind, readonly string[]>> = {
  null: [],
  boolean: [],
  object: OBJECT_KEYWORDS,
  array: ARRAY_KEYWORDS,
  number: NUMBER_KEYWORDS,
  integer: NUMBER_KEYWORDS,
  string: STRING_KEYWORDS,
};

/** When `type` is absent, every JSON type is allowed; the keywords of each type still constrain it. */
const ALL_KINDS: readonly Kind[] = ["null", "boolean", "object", "array", "number", "string"];

const UNSUPPORTED = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef"] as const;

/** Keywords whose check is a refinement, so `.describe()` must state them in words. */
const HIDDEN = [
  "not",
  "if",
  "uniqueItems",
  "contains",
  "format",
  "maxLength",
  "minLength",
  "multipleOf",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "patternProperties",
  "minProperties",
  "maxProperties",
  "oneOf",
];

export interface CompileOptions {
  readonly dialect: SpecDialect;
  /** `components.schemas` of the document, as written in the dialect (they are normalised here). */
  readonly components?: Readonly<Record<string, unknown>>;
  /** Refs the caller already emitted as named consts (`{"#/components/schemas/Pet": "petSchema"}`): referenced by name. */
  readonly external?: Readonly<Record<string, string>>;
  /** Set when `schema` and `components` are already normalised (ApiModel schemas are). */
  readonly normalized?: boolean;
  /**
   * `inline` (default): each `format` predicate is written out, so the source evaluates with only `z` in scope.
   * `import`: it names a helper (`formatEmail`, see formats.ts) that the caller must put in scope; the emitter's
   * path, where the generated package's `formats.ts` defines each once.
   */
  readonly formatHelpers?: "inline" | "import";
}

/** What compiling one schema produced. */
export interface CompiledSchema {
  /** The Zod expression; it may name the `locals`. */
  readonly code: Code;
  /** `code` on one line. */
  readonly expression: string;
  /** Consts the expression needs, in definition order (dependencies first). */
  readonly locals: readonly Local[];
  readonly diagnostics: readonly Diagnostic[];
  /** Every `$ref` met, mapped to the const that holds it. */
  readonly refs: Readonly<Record<string, string>>;
}

function kindsOf(schema: JsonSchemaObject): Kind[] | undefined {
  const type = schema["type"];
  if (type === undefined) return undefined;
  const listed = (Array.isArray(type) ? type : [type]).filter(
    (t): t is Kind => typeof t === "string" && Object.hasOwn(BRANCHES, t),
  );
  const unique = [...new Set(listed)];
  return unique.includes("number") ? unique.filter((k) => k !== "integer") : unique;
}

const hasKindKeywords = (schema: JsonSchemaObject, kind: Kind): boolean =>
  KIND_KEYWORDS[kind].some((k) => Object.hasOwn(schema, k));

function combineBranches(branches: readonly Code[], kinds: readonly Kind[]): Code {
  if (branches.length === 0) return zod("never");
  if (branches.length === 1) return branches[0] as Code;
  const nullAt = kinds.indexOf("null");
  if (branches.length === 2 && nullAt >= 0) return chain(branches[1 - nullAt] as Code, [link("nullable")]);
  return zod("union", array(branches));
}

/** The type part: one branch per allowed JSON type, each carrying its own keywords; undefined when unconstrained. */
function typeToZod(
  schema: JsonSchemaObject,
  env: Env,
): { expression: Code | undefined; bare: boolean; kinds: Kind[] | undefined } {
  const declared = kindsOf(schema);
  const kinds = declared ?? ALL_KINDS;
  const bare = !kinds.some((k) => hasKindKeywords(schema, k));
  if (declared === undefined && bare) return { expression: undefined, bare, kinds: undefined };
  return {
    expression: combineBranches(
      kinds.map((k) => BRANCHES[k](schema, env)),
      kinds,
    ),
    bare,
    kinds: declared,
  };
}

function jsonKind(value: unknown): Kind[] {
  if (value === null) return ["null"];
  if (Array.isArray(value)) return ["array"];
  if (typeof value === "number") return Number.isInteger(value) ? ["number", "integer"] : ["number"];
  return [typeof value as Kind];
}

function valuesPart(schema: JsonSchemaObject, kinds: Kind[] | undefined): Code[] {
  const ofKind = (values: readonly unknown[]): unknown[] =>
    kinds === undefined ? [...values] : values.filter((v) => jsonKind(v).some((k) => kinds.includes(k)));
  const parts: Code[] = [];
  if (Array.isArray(schema["enum"])) parts.push(valuesToZod(ofKind(schema["enum"])));
  if (Object.hasOwn(schema, "const")) parts.push(valuesToZod(ofKind([schema["const"]])));
  return parts;
}

function warnUnsupported(schema: JsonSchemaObject, env: Env): void {
  for (const keyword of UNSUPPORTED.filter((k) => Object.hasOwn(schema, k))) {
    env.ctx.diagnostics.push(
      diagnostic("SCHEMA_UNSUPPORTED_KEYWORD", {
        pointer: join(env.pointer, keyword),
        message: `\`${keyword}\` is not enforced by the generated Zod schema`,
      }),
    );
  }
}

/** A `oneOf` that means "one of these shapes" ({@link oneOfMeansAnyOf}) as the `anyOf` it is checked as. */
function asChecked(schema: JsonSchemaObject, env: Env): JsonSchemaObject {
  if (Object.hasOwn(schema, "anyOf") || !oneOfMeansAnyOf(schema, env)) return schema;
  const { oneOf, ...rest } = schema;
  return { ...rest, anyOf: oneOf };
}

function objectSchemaToZod(given: JsonSchemaObject, env: Env): Code {
  const schema = asChecked(given, env);
  warnUnsupported(schema, env);
  const combined = ["enum", "const", "$ref", "allOf", "anyOf", "oneOf"].some((k) => Object.hasOwn(schema, k));
  const typed = typeToZod(schema, combined ? { ...env, operand: true } : env);
  const values = valuesPart(schema, typed.kinds);
  const keepTyped = typed.expression !== undefined && !(values.length > 0 && typed.bare);
  const parts = [
    ...(keepTyped ? [typed.expression as Code] : []),
    ...values,
    ...(typeof schema["$ref"] === "string" ? [refToZod(schema["$ref"], env)] : []),
    ...allOfParts(schema, env),
    ...[anyOfToZod(schema, env), oneOfToZod(schema, env)].filter((p): p is Code => p !== undefined),
  ];
  const expression = parts.length === 0 ? zod("unknown") : parts.reduce((a, b) => zod("intersection", a, b));
  const description = describeSchema(schema, { withConstraints: HIDDEN.some((k) => Object.hasOwn(schema, k)) });
  return chain(expression, [
    ...conditionRefinements(schema, env),
    description === undefined ? undefined : link("describe", text(description)),
  ]);
}

/** Compiles one normalised schema position. */
function compileNode(schema: JsonSchema, env: Env): Code {
  if (schema === true) return zod("unknown");
  if (schema === false) return zod("never");
  return objectSchemaToZod(schema, env);
}

/**
 * The sorted, normalised copy of a components object, built once per (components, dialect, normalized) and
 * shared by every compile against it: a plan compiles two schemas per tool against the same components, and
 * copying ~1,000 of them each time was most of the compile time on large specs. Never mutated after creation.
 */
const componentCache = new WeakMap<object, Map<string, Readonly<Record<string, JsonSchema>>>>();

function componentsFor(options: CompileOptions): Readonly<Record<string, JsonSchema>> {
  const source = options.components ?? {};
  const key = `${options.dialect}|${options.normalized === true}`;
  const cached = componentCache.get(source)?.get(key);
  if (cached !== undefined) return cached;
  const components: Record<string, JsonSchema> = {};
  for (const [name, sub] of sortedEntries(source)) {
    Object.defineProperty(components, name, {
      value: options.normalized ? (sub as JsonSchema) : normalizeSchema(sub, options.dialect),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  if (!componentCache.has(source)) componentCache.set(source, new Map());
  componentCache.get(source)?.set(key, components);
  return components;
}

function createContext(options: CompileOptions, root: JsonSchema): CompileContext {
  const components = componentsFor(options);
  return {
    dialect: options.dialect,
    root,
    components,
    external: options.external ?? {},
    diagnostics: [],
    locals: [],
    localsByExpression: new Map(),
    nextSuffix: new Map(),
    refs: new Map(),
    refDepth: { current: 0 },
    nesting: { current: 0 },
    compiled: new WeakMap(),
    usedNames: layeredNames(baseNames(options)),
    ...(options.formatHelpers === undefined ? {} : { formatHelpers: options.formatHelpers }),
  };
}

/** External const names plus (with `formatHelpers: "import"`) the helpers' names, per `external` object and mode. */
const baseNameCache = new WeakMap<object, Map<string, ReadonlySet<string>>>();
const NO_EXTERNAL: Readonly<Record<string, string>> = {};

function baseNames(options: CompileOptions): ReadonlySet<string> {
  const external = options.external ?? NO_EXTERNAL;
  const key = options.formatHelpers ?? "";
  const cached = baseNameCache.get(external)?.get(key);
  if (cached !== undefined) return cached;
  const names = new Set([
    ...Object.values(external),
    ...(options.formatHelpers === "import" ? formatHelpersModule().map((h) => h.name) : []),
  ]);
  if (!baseNameCache.has(external)) baseNameCache.set(external, new Map());
  baseNameCache.get(external)?.set(key, names);
  return names;
}

function envFor(ctx: CompileContext, pointer: string, operand = false): Env {
  return {
    ctx,
    pointer,
    operand,
    compile: (schema, at, asOperand) => compileOnce(ctx, schema, at, asOperand ?? false),
  };
}

/**
 * Past this many schemas compiled inside one another, inline or through `$ref`s, the next is not compiled (a warning,
 * `z.unknown()`): a chain of named schemas each nesting the next a hundred levels down would otherwise overflow the
 * stack here and in every later walk of the code. A document nests at most 256 levels (SOURCE_TOO_DEEP) and at most
 * MAX_REF_DEPTH `$ref`s are followed, but the two multiply.
 */
export const MAX_NESTING = 256;

function compileOnce(ctx: CompileContext, schema: JsonSchema, pointer: string, operand: boolean): Code {
  if (typeof schema === "boolean") return compileNode(schema, envFor(ctx, pointer, operand));
  const key = `${operand}|${ctx.refDepth.current}`;
  const seen = ctx.compiled.get(schema)?.get(key);
  if (seen !== undefined) return atom(hoist(ctx, "shared", seen));
  if (ctx.nesting.current >= MAX_NESTING) {
    ctx.diagnostics.push(
      diagnostic("SCHEMA_TOO_DEEP", {
        pointer,
        message: `this schema is the ${MAX_NESTING + 1}th nested in one another (inline or through \`$ref\`): the tool does not check the value below it`,
      }),
    );
    return zod("unknown");
  }
  ctx.nesting.current += 1;
  let code: Code;
  try {
    code = compileNode(schema, envFor(ctx, pointer, operand));
  } finally {
    ctx.nesting.current -= 1;
  }
  const byKey = ctx.compiled.get(schema) ?? new Map<string, Code>();
  byKey.set(key, code);
  ctx.compiled.set(schema, byKey);
  return code;
}

function refsOf(ctx: CompileContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [ref, state] of ctx.refs) out[ref] = state.local.name;
  return out;
}

/**
 * The richer API behind `schemaToZod`: the expression, the consts it needs, the diagnostics (collected,
 * never thrown) and the refs met. `schema` may be boolean or an object; its `#…` refs resolve against it.
 */
export function compileSchema(schema: unknown, options: CompileOptions): CompiledSchema {
  const root = options.normalized ? (schema as JsonSchema) : normalizeSchema(schema, options.dialect);
  const ctx = createContext(options, root);
  const code = compileNode(root, envFor(ctx, ""));
  return { code, expression: flat(code), locals: ctx.locals, diagnostics: ctx.diagnostics, refs: refsOf(ctx) };
}

/** One named const of a component set. */
export interface ZodDeclaration {
  readonly name: string;
  readonly code: Code;
  /** `code` on one line. */
  readonly expression: string;
  /** Part of a reference cycle: TypeScript needs `const name: z.ZodType = …`. */
  readonly recursive: boolean;
}

/**
 * Emits a set of named component schemas as consts (dependencies first, cycles through `z.lazy`) so that
 * tools can share them: pass the returned `refs` as `external` to later `compileSchema` calls.
 */
export function componentsToZod(options: CompileOptions & { readonly components: Readonly<Record<string, unknown>> }): {
  declarations: readonly ZodDeclaration[];
  refs: Readonly<Record<string, string>>;
  diagnostics: readonly Diagnostic[];
} {
  const ctx = createContext(options, {});
  for (const [name] of sortedEntries(ctx.components))
    refToZod(join("#/components/schemas", name), envFor(ctx, join("/components/schemas", name)));
  const declarations = ctx.locals.map((l) => ({
    name: l.name,
    code: l.code,
    expression: l.expression,
    recursive: l.recursive,
  }));
  return { declarations, refs: refsOf(ctx), diagnostics: ctx.diagnostics };
}

/** An expression with its locals: the bare expression, or an IIFE defining the consts first. */
export function compiledToCode(
  compiled: { readonly code: Code; readonly locals: readonly Pick<Local, "name" | "code" | "recursive">[] },
  options: { typescript?: boolean } = {},
): Code {
  if (compiled.locals.length === 0) return compiled.code;
  const consts = compiled.locals.map((l) =>
    constDecl({ name: l.name, ...(options.typescript && l.recursive ? { type: "z.ZodType" } : {}), value: l.code }),
  );
  return iife([...consts, statement("return ", compiled.code)]);
}

/**
 * CONTRACT §2: the Zod source expression for one schema. Evaluating it with `z` from zod in scope yields a
 * schema accepting exactly the instances the JSON Schema accepts (see src/emit/zod/README notes in JSDoc
 * of each construct for the few known gaps). Throws `DiagnosticsError` when the schema has errors
 * (an invalid `pattern`, an unresolvable `$ref`).
 */
export function schemaToZod(
  schema: unknown,
  options: { dialect: SpecDialect; components?: Readonly<Record<string, unknown>> },
): string {
  const compiled = compileSchema(schema, options);
  if (hasErrors(compiled.diagnostics)) throw new DiagnosticsError(compiled.diagnostics);
  if (compiled.locals.length === 0) return compiled.expression;
  // flat(compiledToCode(compiled)), from the parts already printed flat.
  const consts = compiled.locals.map((l) => `const ${l.name} = ${l.expression};`);
  return `(() => { ${consts.join(" ")} return ${compiled.expression}; })()`;
}
