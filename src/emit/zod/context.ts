// The compile context shared by the schema → Zod constructs: options, collected diagnostics, hoisted locals.
import type { Diagnostic } from "../../diagnostics/index.js";
import type { JsonSchema, JsonSchemaObject, SpecDialect } from "../../model/api-model.js";
import { isRecord } from "../../runtime/types.js";
import type { Code } from "../code.js";
import { flat } from "../print.js";

/** A named const hoisted out of the expression: a `$ref` target or a schema used inside a refinement. */
export interface Local {
  readonly name: string;
  code: Code;
  /** `code` on one line: what identical locals are recognised by. */
  expression: string;
  /** Referenced before its definition completed (a cycle): TS output needs a `z.ZodType` annotation. */
  recursive: boolean;
}

export interface RefState {
  readonly local: Local;
  done: boolean;
}

/** Identifiers taken in one compile: `has` and `add` are all the constructs use. */
export interface NameSet {
  has(name: string): boolean;
  add(name: string): void;
}

/**
 * Names a compile may not reuse: a shared base (the caller's external consts and format helpers, the same for
 * every compile against one components object, so built once) plus the names this compile reserves itself.
 * A plan compiles two schemas per tool against ~1,000 shared names; copying them into a fresh Set per compile
 * was the largest single cost of compiling GitHub's schemas.
 */
export function layeredNames(base: ReadonlySet<string>): NameSet {
  const own = new Set<string>();
  return { has: (name) => base.has(name) || own.has(name), add: (name) => void own.add(name) };
}

export interface CompileContext {
  readonly dialect: SpecDialect;
  /** The normalised root schema, for `#…` refs. */
  readonly root: JsonSchema;
  /** Normalised `components.schemas`, for `#/components/schemas/NAME` refs. */
  readonly components: Readonly<Record<string, JsonSchema>>;
  /** Identifiers the caller already defined for some refs (shared component consts); used as-is. */
  readonly external: Readonly<Record<string, string>>;
  readonly diagnostics: Diagnostic[];
  readonly locals: Local[];
  /** `locals` by expression, so a hoist finds an identical local without scanning them all (components share one context). */
  readonly localsByExpression: Map<string, Local[]>;
  readonly refs: Map<string, RefState>;
  /** How many `$ref` targets are being compiled inside one another right now. */
  readonly refDepth: { current: number };
  /** How many schemas (inline or `$ref`) are being compiled inside one another right now. */
  readonly nesting: { current: number };
  /**
   * Each schema object's code, by operand flag and `$ref` depth: a schema reached twice (an object's
   * `additionalProperties` also stands for its undeclared required keys and pattern matches) is compiled once, so
   * nesting such objects costs linear time, not exponential; a second use names the first's code as a const instead
   * of writing it out again, so the source does not grow exponentially either.
   */
  readonly compiled: WeakMap<object, Map<string, Code>>;
  readonly usedNames: NameSet;
  /** Per base name, the first numeric suffix not yet known to be taken (names are never freed). */
  readonly nextSuffix: Map<string, number>;
  /** `inline` (default): format predicates written out in full; `import`: named helpers the generated package defines once. */
  readonly formatHelpers?: "inline" | "import";
}

/**
 * A compile step for one schema position. `operand` marks a position that becomes a `z.intersection`
 * operand: Zod drops an operand's top-level `unrecognized_keys` unless both sides report the key, so a
 * strict object there must say `additionalProperties: false` through a refinement instead.
 */
export type Compile = (schema: JsonSchema, pointer: string, operand?: boolean) => Code;

export function isObject(value: unknown): value is JsonSchemaObject {
  return isRecord(value);
}

/** Reserves a unique identifier derived from `base`. */
export function reserveName(ctx: CompileContext, base: string): string {
  const clean = base.replace(/[^A-Za-z0-9_$]/gu, "_").replace(/^(?=\d)/u, "_") || "schema";
  let name = clean;
  if (ctx.usedNames.has(name) || name === "z") {
    let i = ctx.nextSuffix.get(clean) ?? 2;
    while (ctx.usedNames.has(`${clean}${i}`)) i += 1;
    name = `${clean}${i}`;
    ctx.nextSuffix.set(clean, i + 1);
  }
  ctx.usedNames.add(name);
  return name;
}

/** Hoists `code` into a named local and returns the name; an identical expression reuses its local. */
export function hoist(ctx: CompileContext, base: string, code: Code): string {
  const expression = flat(code);
  const same = ctx.localsByExpression.get(expression)?.find((l) => !ctx.refs.has(l.name));
  if (same !== undefined) return same.name;
  const local: Local = { name: reserveName(ctx, base), code, expression, recursive: false };
  addLocal(ctx, local);
  return local.name;
}

/** Appends a finished local (its expression final). */
export function addLocal(ctx: CompileContext, local: Local): void {
  ctx.locals.push(local);
  const same = ctx.localsByExpression.get(local.expression);
  if (same === undefined) ctx.localsByExpression.set(local.expression, [local]);
  else same.push(local);
}
