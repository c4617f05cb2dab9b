// An input example + the tool's advertised input JSON Schema → whether the example fits, and where and why not (the tool's Zod is never run).
import { FORMAT_PREDICATES } from "./zod/formats.js";
import { ROUNDED_MESSAGE } from "./zod/number.js";
import { canon } from "./zod/literal.js";

/** Why an example does not fit: the path into it, what is wrong, and a top-level key the schema does not allow, if any. */
export interface ExampleIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly unknownKey?: string;
}

/** Checks values against one schema: undefined when a value fits, else the issue that says what broke. */
export type ExampleCheck = (value: unknown) => ExampleIssue | undefined;

type Json = Readonly<Record<string, unknown>>;
type Path = readonly (string | number)[];

interface Failure {
  readonly path: Path;
  readonly keyword: string;
  readonly message: string;
}

/**
 * A check against the schema `schemaOf` gives (read when the first value is checked): the input JSON Schema the tool
 * advertises (zod-json/: what its Zod shows), interpreted by the rules the tool's Zod checks them with — string
 * lengths in code points, patterns with the `u` flag, formats by the same predicates (zod/formats.ts), JSON equality
 * by canonical text, `multipleOf` on decimals. Its verdict is the Zod's wherever the schema shows every rule the Zod
 * checks; a rule the Zod refines without showing it (`not`, `if`/`then`/`else`, `contains`, `patternProperties`,
 * `propertyNames`, `dependentRequired`/`dependentSchemas`) is not checked (test/emit/example-check.test.ts). Interpreted,
 * not compiled: a toolset checks one or two values per tool, thousands of tools.
 */
export function exampleCheck(schemaOf: () => Json): ExampleCheck {
  let root: Json | undefined;
  return (value) => {
    root ??= schemaOf();
    const failures: Failure[] = [];
    check(root, value, [], { root, failures, depth: 0 });
    if (failures.length === 0) return undefined;
    const order = Object.keys((root["properties"] ?? {}) as Json);
    return firstIssue(failures, order);
  };
}

interface Context {
  readonly root: Json;
  readonly failures: Failure[];
  depth: number;
}

/** Schemas followed within one value before the check gives up (a `$ref` cycle that reads no deeper into the value). */
const MAX_DEPTH = 1_000;

function fail(ctx: Context, path: Path, keyword: string, message: string): void {
  ctx.failures.push({ path, keyword, message });
}

/** Checks `value` at `path` against `schema`, recording each failure; returns whether it fits. */
function check(schema: unknown, value: unknown, path: Path, ctx: Context): boolean {
  if (schema === true || schema === undefined) return true;
  if (schema === false || schema === null || typeof schema !== "object") {
    fail(ctx, path, "false", "nothing is allowed here");
    return false;
  }
  if (ctx.depth >= MAX_DEPTH) {
    fail(ctx, path, "$ref", "too deeply nested to check");
    return false;
  }
  ctx.depth++;
  const before = ctx.failures.length;
  const s = schema as Json;
  for (const keyword of Object.keys(s)) KEYWORDS[keyword]?.(s, value, path, ctx);
  ctx.depth--;
  return ctx.failures.length === before;
}

type Keyword = (schema: Json, value: unknown, path: Path, ctx: Context) => void;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** An integral number past 2^53 − 1 the emitted Zod refuses for an integer (zod/number.ts: it arrived rounded). */
const isRounded = (value: unknown): boolean =>
  typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value);

const hasType = (value: unknown, type: unknown): boolean => {
  const actual = jsonType(value);
  if (type === "integer" && isRounded(value)) return false;
  return actual === type || (type === "number" && actual === "integer");
};

function resolve(ref: string, root: Json): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/$defs/")) return true;
  const name = ref.slice("#/$defs/".length).replace(/~1/g, "/").replace(/~0/g, "~");
  const defs = (root["$defs"] ?? {}) as Json;
  return Object.hasOwn(defs, name) ? defs[name] : true;
}

const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let compiled = patterns.get(source);
  if (compiled === undefined) patterns.set(source, (compiled = new RegExp(source, "u")));
  return compiled;
}

let formats: Readonly<Record<string, (s: string) => boolean>> | undefined;
/** The generated packages' format predicates (fixed text of ours, zod/formats.ts, not read from any spec). */
function formatPredicate(name: string): ((s: string) => boolean) | undefined {
  formats ??= Object.fromEntries(
    Object.entries(FORMAT_PREDICATES).map(([format, source]) => [format, new Function(`return ${source}`)()]),
  );
  return Object.hasOwn(formats, name) ? formats[name] : undefined;
}

/** A number as the decimal its JSON text denotes: digits and a power of ten (zod/number.ts DECIMAL). */
function decimal(x: number): { d: bigint; e: number } {
  const r = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  const f = r?.[3] ?? "";
  return { d: BigInt((r?.[1] ?? "") + (r?.[2] ?? "0") + f), e: Number(r?.[4] ?? 0) - f.length };
}

function isMultipleOf(n: number, m: number): boolean {
  const a = decimal(n);
  const b = decimal(m);
  const e = Math.min(a.e, b.e);
  return (a.d * 10n ** BigInt(a.e - e)) % (b.d * 10n ** BigInt(b.e - e)) === 0n;
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
}

const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** A numeric keyword: the bound, and whether `value` keeps it. */
const bound =
  (words: string, keeps: (value: number, limit: number) => boolean): Keyword =>
  (schema, value, path, ctx) => {
    const limit = schema[words.split(" ")[0] as string];
    if (typeof value === "number" && typeof limit === "number" && !keeps(value, limit))
      fail(ctx, path, words.split(" ")[0] as string, `must be ${words.split(" ")[1]} ${limit}`);
  };

/** Branches of a union checked on their own; their failures are kept only when no branch fits. */
function branches(schema: Json, key: "anyOf" | "oneOf", value: unknown, path: Path, ctx: Context): void {
  const options = schema[key];
  if (!Array.isArray(options)) return;
  const start = ctx.failures.length;
  let fitting = 0;
  for (const option of options) {
    const before = ctx.failures.length;
    if (check(option, value, path, ctx)) fitting++;
    else if (fitting > 0) ctx.failures.length = before;
  }
  if (key === "anyOf" ? fitting > 0 : fitting === 1) {
    ctx.failures.length = start;
    return;
  }
  if (fitting > 1) ctx.failures.length = start;
  fail(
    ctx,
    path,
    key,
    fitting > 1 ? "matches more than one of the allowed shapes" : "matches none of the allowed shapes",
  );
}

const KEYWORDS: Readonly<Record<string, Keyword>> = {
  $ref: (schema, value, path, ctx) => void check(resolve(String(schema["$ref"]), ctx.root), value, path, ctx),
  type: (schema, value, path, ctx) => {
    const type = schema["type"];
    const types = Array.isArray(type) ? type : [type];
    if (!types.some((t) => hasType(value, t)))
      fail(
        ctx,
        path,
        "type",
        types.includes("integer") && isRounded(value)
          ? `${String(value)} ${ROUNDED_MESSAGE}`
          : `must be ${types.join(" or ")}, got ${jsonType(value)}`,
      );
  },
  enum: (schema, value, path, ctx) => {
    const values = schema["enum"];
    if (Array.isArray(values) && !values.map(canon).includes(canon(value)))
      fail(ctx, path, "enum", `must be one of ${shortJson(values)}`);
  },
  const: (schema, value, path, ctx) => {
    if (canon(value) !== canon(schema["const"])) fail(ctx, path, "const", `must equal ${shortJson(schema["const"])}`);
  },
  not: (schema, value, path, ctx) => {
    const before = ctx.failures.length;
    const matched = check(schema["not"], value, path, ctx);
    ctx.failures.length = before;
    if (matched) fail(ctx, path, "not", "must not match the excluded schema");
  },
  allOf: (schema, value, path, ctx) => {
    const parts = schema["allOf"];
    if (Array.isArray(parts)) for (const part of parts) check(part, value, path, ctx);
  },
  anyOf: (schema, value, path, ctx) => branches(schema, "anyOf", value, path, ctx),
  oneOf: (schema, value, path, ctx) => branches(schema, "oneOf", value, path, ctx),
  minLength: (schema, value, path, ctx) => {
    const n = schema["minLength"];
    if (typeof value === "string" && typeof n === "number" && codePoints(value) < n)
      fail(ctx, path, "minLength", `must be at least ${n} characters long`);
  },
  maxLength: (schema, value, path, ctx) => {
    const n = schema["maxLength"];
    if (typeof value === "string" && typeof n === "number" && codePoints(value) > n)
      fail(ctx, path, "maxLength", `must be at most ${n} characters long`);
  },
  pattern: (schema, value, path, ctx) => {
    const source = schema["pattern"];
    if (typeof value === "string" && typeof source === "string" && !pattern(source).test(value))
      fail(ctx, path, "pattern", `must match the pattern ${source}`);
  },
  format: (schema, value, path, ctx) => {
    const predicate = typeof schema["format"] === "string" ? formatPredicate(schema["format"]) : undefined;
    if (typeof value === "string" && predicate !== undefined && !predicate(value))
      fail(ctx, path, "format", `must be a valid ${String(schema["format"])}`);
  },
  minimum: bound("minimum >=", (v, n) => v >= n),
  maximum: bound("maximum <=", (v, n) => v <= n),
  exclusiveMinimum: bound("exclusiveMinimum >", (v, n) => v > n),
  exclusiveMaximum: bound("exclusiveMaximum <", (v, n) => v < n),
  multipleOf: (schema, value, path, ctx) => {
    const m = schema["multipleOf"];
    if (typeof value === "number" && typeof m === "number" && Number.isFinite(m) && m > 0 && !isMultipleOf(value, m))
      fail(ctx, path, "multipleOf", `must be a multiple of ${m}`);
  },
  minItems: (schema, value, path, ctx) => {
    const n = schema["minItems"];
    if (Array.isArray(value) && typeof n === "number" && value.length < n)
      fail(ctx, path, "minItems", `must have at least ${n} items`);
  },
  maxItems: (schema, value, path, ctx) => {
    const n = schema["maxItems"];
    if (Array.isArray(value) && typeof n === "number" && value.length > n)
      fail(ctx, path, "maxItems", `must have at most ${n} items`);
  },
  uniqueItems: (schema, value, path, ctx) => {
    if (schema["uniqueItems"] === true && Array.isArray(value) && new Set(value.map(canon)).size !== value.length)
      fail(ctx, path, "uniqueItems", "items must be unique");
  },
  prefixItems: (schema, value, path, ctx) => {
    const items = schema["prefixItems"];
    if (!Array.isArray(value) || !Array.isArray(items)) return;
    for (const [i, item] of items.entries()) if (i < value.length) check(item, value[i], [...path, i], ctx);
  },
  items: (schema, value, path, ctx) => {
    if (!Array.isArray(value)) return;
    const from = Array.isArray(schema["prefixItems"]) ? schema["prefixItems"].length : 0;
    for (let i = from; i < value.length; i++) check(schema["items"], value[i], [...path, i], ctx);
  },
  minProperties: (schema, value, path, ctx) => {
    const n = schema["minProperties"];
    if (isObject(value) && typeof n === "number" && Object.keys(value).length < n)
      fail(ctx, path, "minProperties", `must have at least ${n} properties`);
  },
  maxProperties: (schema, value, path, ctx) => {
    const n = schema["maxProperties"];
    if (isObject(value) && typeof n === "number" && Object.keys(value).length > n)
      fail(ctx, path, "maxProperties", `must have at most ${n} properties`);
  },
  required: (schema, value, path, ctx) => {
    const required = schema["required"];
    if (!isObject(value) || !Array.isArray(required)) return;
    for (const key of required)
      if (!Object.hasOwn(value, key)) fail(ctx, [...path, key], "required", "required, missing");
  },
  properties: (schema, value, path, ctx) => {
    const properties = schema["properties"];
    if (!isObject(value) || !isObject(properties)) return;
    for (const key of Object.keys(properties))
      if (Object.hasOwn(value, key)) check(properties[key], value[key], [...path, key], ctx);
  },
  additionalProperties: (schema, value, path, ctx) => {
    if (!isObject(value)) return;
    const properties = (schema["properties"] ?? {}) as Json;
    const additional = schema["additionalProperties"];
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(properties, key)) continue;
      if (additional === false) fail(ctx, [...path, key], "additionalProperties", "not a property allowed here");
      else check(additional, value[key], [...path, key], ctx);
    }
  },
};

const UNION_KEYWORDS = new Set(["anyOf", "oneOf"]);

/**
 * The issue Zod would report first: inputs in the schema's order, unknown keys after them; for an input, the failure
 * deepest in its value (inside a union, the branch that got furthest), a union's own summary only when nothing deeper.
 */
function firstIssue(failures: readonly Failure[], order: readonly string[]): ExampleIssue {
  const rank = (failure: Failure): number => {
    if (failure.path.length === 1 && failure.keyword === "additionalProperties") return order.length + 1;
    const top = failure.path[0];
    const index = typeof top === "string" ? order.indexOf(top) : -1;
    return index === -1 ? order.length : index;
  };
  let best: { failure: Failure; rank: number; depth: number } | undefined;
  for (const failure of failures) {
    const r = rank(failure);
    const depth = failure.path.length - (UNION_KEYWORDS.has(failure.keyword) ? 0.5 : 0);
    if (best === undefined || r < best.rank || (r === best.rank && depth > best.depth))
      best = { failure, rank: r, depth };
  }
  const chosen = (best as { failure: Failure }).failure;
  const unknown = failures.find((f) => f.path.length === 1 && f.keyword === "additionalProperties");
  const unknownKey = typeof unknown?.path[0] === "string" ? unknown.path[0] : undefined;
  return { path: chosen.path, message: chosen.message, ...(unknownKey === undefined ? {} : { unknownKey }) };
}
