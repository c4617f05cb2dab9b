// Turns the Zod source emit builds (Code nodes) into a graph shaped as Zod builds it, without running any Zod: each call
// a node, clones linked to their parents, shared consts one node — what the JSON Schema conversion reads.
import type { Code } from "../code.js";
import { setOwn } from "../../util/set-own.js";

/** A check as Zod records it on a schema's definition (`def.checks`): only what the JSON Schema conversion reads. */
export interface ZodCheck {
  readonly check:
    | "min_length"
    | "max_length"
    | "greater_than"
    | "less_than"
    | "multiple_of"
    | "string_format"
    | "custom";
  readonly value?: number;
  readonly inclusive?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly format?: string;
  readonly pattern?: RegExp;
}

/** One Zod schema object: its `def` fields, the parent a clone refines, and the metadata registered on it. */
export interface ZodNode {
  readonly type: string;
  readonly checks: readonly ZodCheck[];
  /** `z.int()`: the schema is its own `number_format` check. */
  readonly numberFormat?: "safeint";
  readonly innerType?: ZodNode;
  readonly element?: ZodNode;
  readonly shape?: Readonly<Record<string, ZodNode>>;
  readonly catchall?: ZodNode;
  readonly options?: readonly ZodNode[];
  /** `false` for `z.xor` (exactly one option). */
  readonly inclusive?: boolean;
  readonly left?: ZodNode;
  readonly right?: ZodNode;
  readonly items?: readonly ZodNode[];
  readonly rest?: ZodNode | null;
  /** `z.enum` and `z.literal` values, as Zod keeps them. */
  readonly values?: readonly unknown[];
  /** `z.lazy`: the schema its getter returns, asked for when first read. */
  readonly getter?: () => ZodNode;
  /** Set on clones made by `.describe`, `.meta` and added checks (Zod's `_zod.parent`). */
  readonly parent?: ZodNode;
  /** What `.describe` / `.meta` registered on this very node. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** Zod's `optin`: "optional" when an absent key is accepted on input (read through wrappers, as Zod's lazy getters do). */
export function optinOf(schema: ZodNode): "optional" | undefined {
  if (schema.type === "optional") return "optional";
  if (schema.type === "nullable") return optinOf(schema.innerType as ZodNode);
  if (schema.type === "lazy") return optinOf((schema.getter as () => ZodNode)());
  if (schema.type === "union") return schema.options?.some((o) => optinOf(o) !== undefined) ? "optional" : undefined;
  return undefined;
}

/** The schemas directly inside a node, as the runtime's `childrenOf` lists them (a clone's parent is not among them). */
export function childNodes(node: ZodNode): readonly ZodNode[] {
  switch (node.type) {
    case "optional":
    case "nullable":
      return [node.innerType as ZodNode];
    case "array":
      return [node.element as ZodNode];
    case "lazy":
      return [(node.getter as () => ZodNode)()];
    case "object":
      return [...Object.values(node.shape ?? {}), ...(node.catchall === undefined ? [] : [node.catchall])];
    case "union":
      return [...(node.options ?? [])];
    case "intersection":
      return [node.left as ZodNode, node.right as ZodNode];
    case "tuple":
      return [...(node.items ?? []), ...(node.rest ? [node.rest] : [])];
    default:
      return [];
  }
}

/** Names in scope while reading source: shared consts and a tool's locals. */
export interface Scope {
  get(name: string): unknown;
}

class OpaqueValue {
  constructor(readonly text: string) {}
}

const Z = Symbol("z");
type Value = ZodNode | typeof Z | OpaqueValue | RegExp | unknown;

const isNode = (v: unknown): v is ZodNode =>
  typeof v === "object" && v !== null && !(v instanceof OpaqueValue) && !(v instanceof RegExp) && "checks" in v;

const node = (fields: Omit<ZodNode, "checks"> & { checks?: readonly ZodCheck[] }): ZodNode => ({
  checks: [],
  ...fields,
});

/** What `new inst._zod.constr(def)` keeps of a node when Zod clones it (the constructor's traits and def). */
export function cloneOf(from: ZodNode, changes: Partial<ZodNode>, parent: boolean): ZodNode {
  const { parent: _p, meta: _m, ...def } = from;
  return { ...def, ...changes, ...(parent ? { parent: from } : {}) };
}

const withCheck = (from: ZodNode, ...checks: ZodCheck[]): ZodNode =>
  cloneOf(from, { checks: [...from.checks, ...checks] }, true);

const CUSTOM: ZodCheck = { check: "custom" };

/** The numeric argument of a call. */
function numberArg(args: readonly Value[]): number {
  const n = args[0];
  if (typeof n !== "number") throw new Error("zod-json: a numeric argument was expected");
  return n;
}

function nodeArg(value: Value): ZodNode {
  if (!isNode(value)) throw new Error("zod-json: a schema argument was expected");
  return value;
}

const lengthChecks = {
  min: (n: number): ZodCheck => ({ check: "min_length", minimum: n }),
  max: (n: number): ZodCheck => ({ check: "max_length", maximum: n }),
};

/** The methods the emitted source calls on a schema, each as Zod defines it. */
const METHODS: Readonly<Record<string, (target: ZodNode, args: readonly Value[]) => ZodNode>> = {
  optional: (t) => node({ type: "optional", innerType: t }),
  exactOptional: (t) => node({ type: "optional", innerType: t }),
  nullable: (t) => node({ type: "nullable", innerType: t }),
  describe: (t, [description]) => ({ ...cloneOf(t, {}, true), meta: { description } }),
  meta: (t, [meta]) => ({ ...cloneOf(t, {}, true), meta: meta as Record<string, unknown> }),
  refine: (t) => withCheck(t, CUSTOM),
  superRefine: (t) => withCheck(t, CUSTOM),
  check: (t, args) => withCheck(t, ...args.map(checkArg)),
  regex: (t, [pattern]) => withCheck(t, { check: "string_format", format: "regex", pattern: pattern as RegExp }),
  min: (t, args) =>
    t.type === "number"
      ? withCheck(t, { check: "greater_than", value: numberArg(args), inclusive: true })
      : withCheck(t, lengthChecks.min(numberArg(args))),
  max: (t, args) =>
    t.type === "number"
      ? withCheck(t, { check: "less_than", value: numberArg(args), inclusive: true })
      : withCheck(t, lengthChecks.max(numberArg(args))),
  gt: (t, args) => withCheck(t, { check: "greater_than", value: numberArg(args), inclusive: false }),
  lt: (t, args) => withCheck(t, { check: "less_than", value: numberArg(args), inclusive: false }),
  catchall: (t, [catchall]) => cloneOf(t, { catchall: nodeArg(catchall) }, false),
  strict: (t) => cloneOf(t, { catchall: node({ type: "never" }) }, false),
  extend: (t, [shape]) =>
    cloneOf(t, { shape: { ...t.shape, ...(shape as Record<string, ZodNode>) } as Record<string, ZodNode> }, false),
};

/** A standalone check passed to `.check(…)`. */
function checkArg(value: Value): ZodCheck {
  const check = (value as { readonly standaloneCheck?: ZodCheck }).standaloneCheck;
  if (check === undefined) throw new Error("zod-json: a check was expected");
  return check;
}

/** `z.enum` keeps its values as the keys of an object: integer-like keys first, ascending, then the rest in order. */
function enumValues(values: readonly string[]): unknown[] {
  const entries = Object.fromEntries(values.map((v) => [v, v]));
  return Object.values(entries);
}

/** The `z.*` factories the emitted source calls. */
const FACTORIES: Readonly<Record<string, (args: readonly Value[], scope: Scope) => unknown>> = {
  string: () => node({ type: "string" }),
  number: () => node({ type: "number" }),
  int: () => node({ type: "number", numberFormat: "safeint" }),
  boolean: () => node({ type: "boolean" }),
  null: () => node({ type: "null" }),
  any: () => node({ type: "any" }),
  unknown: () => node({ type: "unknown" }),
  never: () => node({ type: "never" }),
  enum: ([values]) => node({ type: "enum", values: enumValues(values as string[]) }),
  literal: ([value]) => node({ type: "literal", values: Array.isArray(value) ? value : [value] }),
  array: ([element]) => node({ type: "array", element: nodeArg(element) }),
  object: ([shape]) => node({ type: "object", shape: shape as Record<string, ZodNode> }),
  strictObject: ([shape]) =>
    node({ type: "object", shape: shape as Record<string, ZodNode>, catchall: node({ type: "never" }) }),
  looseObject: ([shape]) =>
    node({ type: "object", shape: shape as Record<string, ZodNode>, catchall: node({ type: "unknown" }) }),
  union: ([options]) => unionNode((options as Value[]).map(nodeArg), undefined),
  xor: ([options]) => unionNode((options as Value[]).map(nodeArg), false),
  intersection: ([left, right]) => node({ type: "intersection", left: nodeArg(left), right: nodeArg(right) }),
  tuple: ([items, rest]) =>
    node({ type: "tuple", items: (items as Value[]).map(nodeArg), rest: rest === undefined ? null : nodeArg(rest) }),
  lazy: ([getter]) => lazyNode(getter as Thunk),
  minLength: (args) => ({ standaloneCheck: lengthChecks.min(numberArg(args)) }),
  maxLength: (args) => ({ standaloneCheck: lengthChecks.max(numberArg(args)) }),
};

function unionNode(options: readonly ZodNode[], inclusive: false | undefined): ZodNode {
  return node({ type: "union", options, ...(inclusive === false ? { inclusive } : {}) });
}

/** An arrow `() => name` as `z.lazy` receives it: read when the lazy schema is first converted. */
class Thunk {
  constructor(
    readonly body: Code,
    readonly scope: Scope,
  ) {}
}

function lazyNode(thunk: Thunk): ZodNode {
  let inner: ZodNode | undefined;
  const getter = (): ZodNode => {
    inner ??= nodeArg(evaluate(thunk.body, thunk.scope));
    return inner;
  };
  return { type: "lazy", checks: [], getter };
}

const NUMBER = /^-?(?:\d+(?:\.\d*)?(?:e[+-]?\d+)?|Infinity)$|^NaN$/i;

function atomValue(text: string, scope: Scope): Value {
  if (text === "z") return Z;
  const named = scope.get(text);
  if (named !== undefined) return named;
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "null") return null;
  if (NUMBER.test(text)) return Number(text);
  return new OpaqueValue(text);
}

/** The value a piece of emitted source stands for; calls on `z` and on schemas build nodes, functions stay opaque. */
export function evaluate(code: Code, scope: Scope): Value {
  switch (code.kind) {
    case "atom":
      return atomValue(code.text, scope);
    case "string":
      return code.value;
    case "array":
      return code.items.map((item) => evaluate(item, scope));
    case "object": {
      const out: Record<string, Value> = {};
      for (const [key, value] of code.entries) setOwn(out, key, evaluate(value, scope));
      return out;
    }
    case "comment":
      return evaluate(code.code, scope);
    case "parens":
      return evaluate(code.code, scope);
    case "regex":
      return new RegExp(code.source, code.flags);
    case "arrow":
      return new Thunk(code.body, scope);
    case "call":
      return callValue(code, scope);
    default:
      return new OpaqueValue(code.kind);
  }
}

function callValue(code: Extract<Code, { kind: "call" }>, scope: Scope): Value {
  const callee = code.callee;
  if (callee.kind === "atom" && callee.text === "new RegExp") {
    const [source, flags] = code.args.map((a) => evaluate(a, scope));
    return new RegExp(String(source), typeof flags === "string" ? flags : "");
  }
  if (callee.kind !== "member") return new OpaqueValue("call");
  const target = evaluate(callee.object, scope);
  const args = code.args.map((a) => evaluate(a, scope));
  if (target === Z) {
    const factory = FACTORIES[callee.name];
    if (factory === undefined) throw new Error(`zod-json: z.${callee.name} is not known`);
    return factory(args, scope);
  }
  if (!isNode(target)) return new OpaqueValue("call");
  const apply = METHODS[callee.name];
  if (apply === undefined) throw new Error(`zod-json: .${callee.name}() is not known`);
  return apply(target, args);
}

/** The schema a piece of emitted source builds. */
export function evaluateSchema(code: Code, scope: Scope): ZodNode {
  return nodeArg(evaluate(code, scope));
}
