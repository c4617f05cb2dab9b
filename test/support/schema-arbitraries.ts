// fast-check arbitraries: OpenAPI 3.0 / 3.1 JSON Schemas, and instances biased towards (and mutated from) each one.
import fc from "fast-check";
import { FORMAT_STRINGS } from "./differential-formats.js";
import { FORMATS, isObject, setOwn, type Dialect } from "./oracle.js";

type Json = unknown;
type Node = Json;
type Mutable = Record<string, unknown>;

/** One generated case: the root schema and the named schemas its `#/components/schemas/…` refs reach. */
export interface SchemaCase {
  readonly dialect: Dialect;
  readonly schema: Node;
  readonly components?: Record<string, Node>;
}

/** Regexes valid under the `u` flag, each with strings that do and do not match (JSON Schema: unanchored search). */
export const PATTERNS: readonly { readonly source: string; readonly samples: readonly string[] }[] = [
  { source: "^[a-z]+$", samples: ["abc", "a", "ABC", "ab1", ""] },
  { source: "^\\d{3}-\\d{4}$", samples: ["555-1234", "55-1234", "555-12345", "٣٣٣-1234"] },
  { source: "\\p{L}", samples: ["é", "1", "😀", "1a", ""] },
  { source: "^\\p{Lu}\\p{Ll}*$", samples: ["Hello", "hello", "Émile", "ÉMILE", "Σσ"] },
  { source: "^.$", samples: ["😀", "a", "ab", "\n", ""] },
  { source: "^(foo|bar)+$", samples: ["foo", "foobar", "fooba", "barfoo", ""] },
  { source: "[0-9]", samples: ["a1b", "abc", "9", ""] },
  { source: "^[\\u{1F600}-\\u{1F64F}]+$", samples: ["😀😃", "😀", "a", "\u{1F680}"] },
  { source: "^\\S+@\\S+$", samples: ["a@b", "a b@c", "@", "x@y@z"] },
  { source: "a{2,}", samples: ["aa", "a", "baaa", ""] },
  { source: "^$", samples: ["", " ", "a"] },
  { source: "^[A-Z]{2}-\\d+$", samples: ["AB-1", "ab-1", "ABC-12", "AB-"] },
  { source: "\\bword\\b", samples: ["a word here", "swordfish", "word"] },
  { source: "^[^\\s]*$", samples: ["abc", "a b", "", "\u00a0"] },
];

/** `patternProperties` keys, each with property names that do and do not match. */
export const KEY_PATTERNS: readonly { readonly source: string; readonly samples: readonly string[] }[] = [
  { source: "^x-", samples: ["x-a", "x-", "y-a", "X-a"] },
  { source: "^[0-9]+$", samples: ["1", "42", "a1", ""] },
  { source: "\\p{Lu}", samples: ["aB", "ab", "É"] },
  { source: "^a", samples: ["a", "ab", "ba"] },
];

/** Property names, including ones that trip naive `obj[key]` code. */
export const KEYS = [
  "a",
  "b",
  "id",
  "name",
  "__proto__",
  "constructor",
  "toString",
  "x-y",
  "",
  "😀",
  "0",
  "ä",
] as const;

/**
 * Names for `properties`: all of KEYS but `__proto__`, which ajv drops from `properties` (its
 * allSchemaProperties filter), so no oracle exists there; the tricky-case table pins the spec verdict.
 */
const PROPERTY_KEYS = KEYS.filter((k) => k !== "__proto__");

const CHARS = ["a", "Z", "é", "😀", "𝒳", "\u0000", " ", "\n", "字"] as const;
const MULTIPLES = [1, 2, 3, 10, 0.5, 0.25, 0.1, 0.01, 2.5, 0.001, 1e-7] as const;
const NUMBERS = [0, 1, -1, 2, 5, 10, 100, 0.5, 1.5, -2.5, 0.1, 0.3, 2.25, 99.99, 1e15, 2 ** 53, 1e308, -1e308] as const;
const TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"] as const;

/** Values for `enum`, `const` and as raw instances: key-order twins, 1 vs "1", {} vs [], non-BMP text. */
export const VALUE_POOL: readonly Json[] = [
  {},
  [],
  { a: 1, b: 2 },
  { b: 2, a: 1 },
  [1, 2],
  [2, 1],
  1,
  1.5,
  -0,
  0,
  "1",
  "",
  null,
  true,
  false,
  "😀",
  { a: [{}] },
  [{ a: 1 }],
  "a",
  2.5,
  1e308,
  JSON.parse('{"__proto__":1}'),
];

const obj = (entries: [string, unknown][]): Mutable => {
  const out: Mutable = {};
  for (const [k, v] of entries) setOwn(out, k, v);
  return out;
};

/** Drops absent optional fields and the null prototype fast-check may give records. */
function optional<T extends Record<string, fc.Arbitrary<unknown>>>(model: T): fc.Arbitrary<Mutable> {
  return fc.record(model, { requiredKeys: [], noNullPrototype: true }).map((r) => obj(Object.entries(r)));
}

const nonNegative = (max: number): fc.Arbitrary<number> => fc.integer({ min: 0, max });
const number = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.integer({ min: -20, max: 20 }),
  fc.double({ min: -100, max: 100, noNaN: true }),
);

export const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    fc.constantFrom(...VALUE_POOL),
    number,
    fc.array(fc.constantFrom(...CHARS), { maxLength: 4 }).map((c) => c.join("")),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie("value")), { maxLength: 3 }).map(obj),
  ),
})).value;

const stringKeywords = optional({
  minLength: nonNegative(3),
  maxLength: nonNegative(5),
  pattern: fc.constantFrom(...PATTERNS.map((p) => p.source)),
  format: fc.constantFrom(...FORMATS),
});

function numberKeywords(dialect: Dialect): fc.Arbitrary<Mutable> {
  const base = optional({ minimum: number, maximum: number, multipleOf: fc.constantFrom(...MULTIPLES) });
  if (dialect === "openapi-3.1") {
    return fc
      .tuple(base, optional({ exclusiveMinimum: number, exclusiveMaximum: number }))
      .map(([a, b]) => ({ ...a, ...b }));
  }
  return fc.tuple(base, fc.boolean(), fc.boolean()).map(([a, lo, hi]) => {
    const out = { ...a };
    if ("minimum" in out) out["exclusiveMinimum"] = lo;
    if ("maximum" in out) out["exclusiveMaximum"] = hi;
    return out;
  });
}

function objectKeywords(child: fc.Arbitrary<Node>): fc.Arbitrary<Mutable> {
  const properties = fc.uniqueArray(fc.tuple(fc.constantFrom(...PROPERTY_KEYS), child), {
    maxLength: 3,
    selector: ([k]) => k,
  });
  return fc
    .tuple(
      properties,
      fc.subarray([...KEYS]),
      fc.nat(5),
      optional({
        additionalProperties: fc.oneof(fc.boolean(), child),
        patternProperties: fc
          .uniqueArray(fc.tuple(fc.constantFrom(...KEY_PATTERNS.map((p) => p.source)), child), {
            minLength: 1,
            maxLength: 2,
            selector: ([k]) => k,
          })
          .map(obj),
        minProperties: nonNegative(3),
        maxProperties: nonNegative(4),
      }),
    )
    .map(([props, extraRequired, pick, rest]) => {
      const out: Mutable = { ...rest };
      if (props.length > 0) out["properties"] = obj(props);
      const required = [
        ...props.map(([k]) => k).filter((_, i) => (pick >> i) & 1),
        ...extraRequired.slice(0, pick % 2),
      ];
      if (required.length > 0) out["required"] = [...new Set(required)];
      return out;
    });
}

function arrayKeywords(dialect: Dialect, child: fc.Arbitrary<Node>): fc.Arbitrary<Mutable> {
  const limits = optional({ minItems: nonNegative(3), maxItems: nonNegative(4), uniqueItems: fc.boolean() });
  const tuple = fc.array(child, { minLength: 1, maxLength: 2 });
  const shape =
    dialect === "openapi-3.1"
      ? optional({ items: fc.oneof(child, fc.constant(false)), prefixItems: tuple })
      : fc.oneof(
          optional({ items: child }),
          fc
            .tuple(tuple, optional({ additionalItems: fc.oneof(fc.boolean(), child) }))
            .map(([items, rest]) => ({ items, ...rest })),
        );
  return fc.tuple(limits, shape).map(([a, b]) => ({ ...a, ...b }));
}

interface Tie {
  node: Node;
  guarded: Node;
}

/** Schemas of `dialect`; `refs` may appear only below properties/items, so every cycle consumes instance depth. */
export function schemaNodeArb(dialect: Dialect, refs: readonly string[]): fc.Arbitrary<Node> {
  const is31 = dialect === "openapi-3.1";
  return fc.letrec<Tie>((tie) => {
    const node = tie("node");
    const guarded = tie("guarded");
    const typed = (type: string, keywords: fc.Arbitrary<Mutable>): fc.Arbitrary<Node> =>
      fc.tuple(keywords, fc.nat(7)).map(([k, n]) => (n === 0 ? k : { type, ...k }));
    const leaves: fc.Arbitrary<Node>[] = [
      typed("string", stringKeywords),
      fc.constantFrom("number", "integer").chain((t) => typed(t, numberKeywords(dialect))),
      fc.constantFrom<Node>({ type: "boolean" }, { type: "null" }, {}),
      fc
        .tuple(
          fc.uniqueArray(fc.constantFrom(...VALUE_POOL), {
            minLength: 1,
            maxLength: 4,
            selector: is31 ? (v) => v : canonical,
          }),
          fc.option(fc.constantFrom(...TYPES), { nil: undefined }),
        )
        .map(([values, type]) => (type ? { type, enum: values } : { enum: values })),
    ];
    // Boolean schemas and `const` are 2020-12 only: draft-4 has neither, yet ajv-draft-04 enforces `const`.
    // `nullable` is OAS 3.0 only (ajv applies it in 3.1 too and throws without `type`); `$ref` never has siblings,
    // which OAS 3.0 ignores and 2020-12 applies.
    if (is31)
      leaves.push(
        fc.constantFrom<Node>(true, false),
        jsonValue.map((v) => ({ const: v })),
      );
    const composite: fc.Arbitrary<Node>[] = [
      typed("object", objectKeywords(guarded)),
      typed("array", arrayKeywords(dialect, guarded)),
      fc
        .tuple(fc.constantFrom("anyOf", "oneOf", "allOf"), fc.array(node, { minLength: 1, maxLength: 3 }))
        .map(([k, subs]) => ({ [k]: subs })),
      node.map((sub) => ({ not: sub })),
      fc
        .tuple(
          fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
          stringKeywords,
          numberKeywords(dialect),
          objectKeywords(guarded),
          arrayKeywords(dialect, guarded),
          fc.nat(15),
        )
        .map(([types, s, n, o, a, mask]) => ({
          ...pick(s, mask & 1),
          ...pick(n, mask & 2),
          ...pick(o, mask & 4),
          ...pick(a, mask & 8),
          type: types,
        })),
    ];
    const nodeArb = fc.oneof({ depthSize: "small", maxDepth: 3, depthIdentifier: "schema" }, ...leaves, ...composite);
    const withNullable = is31
      ? nodeArb
      : fc.tuple(nodeArb, fc.nat(5)).map(([n, r]) => (r === 0 && isObject(n) ? { ...n, nullable: true } : n));
    const guardedArb =
      refs.length === 0
        ? node
        : fc.oneof(
            { weight: 4, arbitrary: node },
            { weight: 1, arbitrary: fc.constantFrom(...refs).map((r) => ({ $ref: r })) },
          );
    return { node: withNullable, guarded: guardedArb };
  }).node;
}

/** Key-order-free JSON text: draft-04's meta-schema wants `enum` items unique by JSON equality. */
export function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** The same JSON value with every object's keys in reverse order. */
export function reorderKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reorderKeys);
  if (isObject(value))
    return obj(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reorderKeys(v)]),
    );
  return value;
}

const pick = (keywords: Mutable, on: number): Mutable => (on ? keywords : {});

const TREE = (ref: string, dialect: Dialect): Node => ({
  type: "object",
  properties: {
    value: { type: "integer", minimum: 0 },
    children: { type: "array", items: { $ref: ref }, maxItems: 3 },
  },
  required: ["value"],
  additionalProperties: dialect === "openapi-3.1" ? { $ref: ref } : false,
});

/** A root schema of `dialect` with 0–2 named schemas (local `$defs`/`definitions` or components), recursion included. */
export function schemaCaseArb(dialect: Dialect): fc.Arbitrary<SchemaCase> {
  const arbs = [0, 1, 2].flatMap((count) =>
    (["local", "components"] as const).map((style) => {
      const names = ["Tree", "Item"].slice(0, count);
      const prefix =
        style === "components" ? "#/components/schemas/" : dialect === "openapi-3.1" ? "#/$defs/" : "#/definitions/";
      const refs = names.map((n) => prefix + n);
      const nodes = schemaNodeArb(dialect, refs);
      const defs = fc.tuple(
        ...names.map((_, i) => (i === 0 ? fc.oneof(fc.constant(TREE(refs[0] ?? "", dialect)), nodes) : nodes)),
      );
      return fc.tuple(nodes, defs, fc.boolean()).map(([root, defValues, refRoot]): SchemaCase => {
        const named = obj(names.map((n, i) => [n, defValues[i]]));
        const rootNode =
          refRoot && refs[0] ? { type: "object", properties: { root: { $ref: refs[0] }, other: root } } : root;
        if (count === 0) return { dialect, schema: root };
        if (style === "components") return { dialect, schema: rootNode, components: named };
        const key = dialect === "openapi-3.1" ? "$defs" : "definitions";
        return {
          dialect,
          schema: isObject(rootNode) ? { ...rootNode, [key]: named } : { allOf: [rootNode], [key]: named },
        };
      });
    }),
  );
  return fc.oneof({ weight: 6, arbitrary: arbs[0]! }, ...arbs.slice(1));
}

interface Ctx {
  readonly schemaCase: SchemaCase;
  readonly root: Node;
}

function resolve(ref: string, ctx: Ctx): Node {
  const parts = ref.replace(/^#\//u, "").split("/");
  let at: unknown = parts[0] === "components" ? { components: { schemas: ctx.schemaCase.components ?? {} } } : ctx.root;
  for (const part of parts) at = isObject(at) ? at[part] : undefined;
  return at ?? {};
}

const codePointString = (length: number): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...CHARS), { minLength: Math.max(0, length), maxLength: Math.max(0, length) })
    .map((c) => c.join(""));

function stringCandidates(schema: Mutable): fc.Arbitrary<Json> {
  const lengths = [schema["minLength"], schema["maxLength"]]
    .filter((n): n is number => typeof n === "number")
    .flatMap((n) => [n - 1, n, n + 1]);
  const arbs: fc.Arbitrary<Json>[] = [fc.nat(6).chain(codePointString)];
  if (lengths.length > 0) arbs.push(fc.constantFrom(...lengths).chain(codePointString));
  const pattern = PATTERNS.find((p) => p.source === schema["pattern"]);
  if (pattern) arbs.push(fc.constantFrom(...pattern.samples));
  const format = FORMATS.find((f) => f === schema["format"]);
  if (format) arbs.push(FORMAT_STRINGS[format], FORMAT_STRINGS[format]);
  return fc.oneof(...arbs);
}

function numberCandidates(schema: Mutable, integer: boolean): fc.Arbitrary<Json> {
  const bounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
    .map((k) => schema[k])
    .filter((n): n is number => typeof n === "number");
  const near = bounds.flatMap((b) => [b, b - 1, b + 1, nextUp(b), nextDown(b), Math.ceil(b), Math.floor(b)]);
  const step = typeof schema["multipleOf"] === "number" ? schema["multipleOf"] : undefined;
  const arbs: fc.Arbitrary<Json>[] = [fc.constantFrom(...NUMBERS, -0), fc.integer({ min: -30, max: 30 })];
  if (near.length > 0) arbs.push(fc.constantFrom(...near));
  if (step !== undefined) {
    const anchor = bounds[0] ?? 0;
    arbs.push(
      fc
        .integer({ min: -20, max: 20 })
        .map((k) => finiteOr(Number((Math.round(anchor / step) * step + k * step).toPrecision(12)), k * step)),
    );
    arbs.push(fc.constantFrom(0.07, 1.13, 19.99, 0.3, 7.5, 0.0075, step * 3, nextUp(step * 3)));
  }
  const arb = fc.oneof(...arbs);
  return integer
    ? fc.oneof(
        arb.map((n) => (typeof n === "number" ? Math.round(n) : n)),
        arb,
      )
    : arb;
}

function objectCandidates(schema: Mutable, ctx: Ctx, depth: number): fc.Arbitrary<Json> {
  const props = isObject(schema["properties"]) ? Object.entries(schema["properties"]) : [];
  const required = Array.isArray(schema["required"]) ? (schema["required"] as string[]) : [];
  const patterns = isObject(schema["patternProperties"]) ? Object.entries(schema["patternProperties"]) : [];
  const entry = (key: string, sub: Node): fc.Arbitrary<[string, Json] | undefined> =>
    fc
      .tuple(fc.nat(3), candidates(sub, ctx, depth - 1))
      .map(([r, v]) => (r === 0 && !required.includes(key) ? undefined : [key, v]));
  const named = props.map(([k, sub]) => entry(k, sub));
  const extraRequired = required.filter((k) => !props.some(([p]) => p === k)).map((k) => entry(k, {}));
  const patterned = patterns.map(([source, sub]) =>
    fc
      .tuple(
        fc.constantFrom(...(KEY_PATTERNS.find((p) => p.source === source)?.samples ?? ["x"])),
        candidates(sub, ctx, depth - 1),
        fc.boolean(),
      )
      .map(([k, v, keep]): [string, Json] | undefined => (keep ? [k, v] : undefined)),
  );
  const additional =
    isObject(schema["additionalProperties"]) || typeof schema["additionalProperties"] === "boolean"
      ? schema["additionalProperties"]
      : {};
  const extra = fc.option(fc.tuple(fc.constantFrom(...KEYS), candidates(additional, ctx, depth - 1)), {
    nil: undefined,
    freq: 3,
  });
  return fc.tuple(fc.tuple(...named, ...extraRequired, ...patterned), extra).map(([entries, more]) => {
    const all = [...entries, more].filter((e): e is [string, Json] => e !== undefined);
    return obj(all);
  });
}

function arrayCandidates(schema: Mutable, ctx: Ctx, depth: number): fc.Arbitrary<Json> {
  const prefix = Array.isArray(schema["prefixItems"])
    ? schema["prefixItems"]
    : Array.isArray(schema["items"])
      ? schema["items"]
      : [];
  const rest = Array.isArray(schema["items"]) ? schema["additionalItems"] : schema["items"];
  const restSchema = rest === undefined || rest === false ? {} : rest;
  const lengths = [schema["minItems"], schema["maxItems"]]
    .filter((n): n is number => typeof n === "number")
    .flatMap((n) => [n - 1, n, n + 1]);
  const length = fc.oneof(fc.nat(3), fc.constantFrom(...lengths, prefix.length));
  return fc
    .tuple(
      fc.tuple(...prefix.map((s: Node) => candidates(s, ctx, depth - 1))),
      fc.array(candidates(restSchema, ctx, depth - 1), { maxLength: 4 }),
      length,
      fc.nat(4),
    )
    .map(([head, tail, len, dup]) => {
      const items = [...head, ...tail].slice(0, Math.max(0, len));
      if (dup === 0 && items.length > 0) items.push(reorderKeys(items[0]));
      return items;
    });
}

function typesOf(schema: Mutable): string[] {
  const type = schema["type"];
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return [...TYPES];
}

/** Values shaped like `schema`: near its bounds, from its enum, samples of its pattern or format, sub-instances. */
export function candidates(schema: Node, ctx: Ctx, depth: number): fc.Arbitrary<Json> {
  if (depth <= 0 || !isObject(schema)) return fc.constantFrom(...VALUE_POOL);
  if (typeof schema["$ref"] === "string") return candidates(resolve(schema["$ref"], ctx), ctx, depth - 1);
  const arbs: fc.Arbitrary<Json>[] = [];
  if (Array.isArray(schema["enum"])) arbs.push(fc.constantFrom(...(schema["enum"] as Json[])).map(reorderKeys));
  if ("const" in schema) arbs.push(fc.constant(schema["const"]).map(reorderKeys));
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const subs = schema[key];
    if (Array.isArray(subs)) arbs.push(...subs.map((s: Node) => candidates(s, ctx, depth - 1)));
  }
  const makers: Record<string, () => fc.Arbitrary<Json>> = {
    string: () => stringCandidates(schema),
    number: () => numberCandidates(schema, false),
    integer: () => numberCandidates(schema, true),
    boolean: () => fc.boolean(),
    null: () => fc.constant(null),
    object: () => objectCandidates(schema, ctx, depth),
    array: () => arrayCandidates(schema, ctx, depth),
  };
  if (arbs.length === 0 || "type" in schema) arbs.push(...typesOf(schema).map((t) => makers[t]?.() ?? jsonValue));
  return fc.oneof(...arbs);
}

/** A value from `base` with one structural change: drop/add a key, flip a type, nudge a number, grow an array, duplicate an item. */
export function mutated(base: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc
    .tuple(base, fc.array(fc.nat(1000), { minLength: 4, maxLength: 4 }), jsonValue)
    .map(([v, choices, other]) => mutate(v, choices, other));
}

function mutate(value: Json, choices: number[], other: Json): Json {
  const [c0 = 0, c1 = 0, ...rest] = choices;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (c0 % 5 === 0 && copy.length > 0) {
      const i = c1 % copy.length;
      copy[i] = mutate(copy[i], [...rest, c0, c1], other);
      return copy;
    }
    const dup = copy.length > 0 ? reorderKeys(copy[c1 % copy.length]) : other;
    const ops: (() => Json)[] = [() => [...copy, other], () => [...copy, dup], () => copy.slice(1), () => ({})];
    return ops[c0 % ops.length]!();
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (c0 % 5 === 0 && keys.length > 0) {
      const k = keys[c1 % keys.length]!;
      return obj(Object.entries(value).map(([key, v]) => [key, key === k ? mutate(v, [...rest, c0, c1], other) : v]));
    }
    const ops: (() => Json)[] = [
      () => obj(Object.entries(value).filter(([key]) => key !== keys[c1 % Math.max(1, keys.length)])),
      () => obj([...Object.entries(value), [KEYS[c1 % KEYS.length]!, other]]),
      () => Object.values(value),
    ];
    return ops[c0 % ops.length]!();
  }
  if (typeof value === "number") {
    const ops = [
      nextUp(value),
      nextDown(value),
      value + 1,
      value - 1,
      value + 0.5,
      -value,
      value * 10,
      String(value),
      value + 1e-9,
    ];
    return finiteOr(ops[c0 % ops.length], value);
  }
  if (typeof value === "string") {
    const cps = [...value];
    const ops = [
      value + CHARS[c1 % CHARS.length],
      cps.slice(0, -1).join(""),
      value.toUpperCase(),
      ` ${value}`,
      Number(value.length),
      value.replace(/\d/u, "x"),
      [value],
    ];
    return ops[c0 % ops.length];
  }
  return [null, "", 0, [], {}, other][c0 % 6];
}

/** Instances for one schema: shaped ones, mutated ones and arbitrary JSON, about 4:3:1. */
export function instanceArb(schemaCase: SchemaCase): fc.Arbitrary<Json> {
  const ctx: Ctx = { schemaCase, root: schemaCase.schema };
  const shaped = candidates(schemaCase.schema, ctx, 5);
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 3, arbitrary: mutated(shaped) },
    { weight: 1, arbitrary: jsonValue },
  );
}

const finiteOr = (n: unknown, fallback: number): unknown =>
  typeof n === "number" && !Number.isFinite(n) ? fallback : n;

/** Whether `value` is JSON: no undefined, NaN, ±Infinity, functions or non-plain objects (generator self-check). */
export function isJsonValue(value: Json): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v, i) => i in value && isJsonValue(v));
  if (isObject(value))
    return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isJsonValue);
  return false;
}

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);

/** The next representable double above `x` (finite inputs). */
export function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  f64[0] = x;
  i64[0] = i64[0]! + (x > 0 ? 1n : -1n);
  return Number.isFinite(f64[0]) ? f64[0] : x;
}

export function nextDown(x: number): number {
  return -nextUp(-x);
}
