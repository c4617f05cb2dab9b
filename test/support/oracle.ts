// Reference validators for the differential tests: ajv (2020-12 / draft-04) + ajv-formats, with named spec corrections.
import { Ajv2020 } from "ajv/dist/2020.js";
import AjvDraft04Module from "ajv-draft-04";
import addFormatsModule from "ajv-formats";
import type { FormatName } from "ajv-formats";

export type Dialect = "openapi-3.0" | "openapi-3.1";
export type Flavour = "ajv" | "spec";
type Validator = (instance: unknown) => boolean;
type AjvLike = InstanceType<typeof Ajv2020>;
type Mutable = Record<string, unknown>;

export const FORMATS = ["date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname"] as const;
export type Format = (typeof FORMATS)[number];

const AjvDraft04 = interopDefault(AjvDraft04Module) as unknown as typeof Ajv2020;
const addFormats = interopDefault(addFormatsModule) as unknown as typeof addFormatsModule.default;

function interopDefault<T>(module: T): T {
  const inner = (module as { default?: T }).default;
  return inner ?? module;
}

/**
 * `strict: false` also turns `strictNumbers` off, which lets NaN/Infinity pass `type: number`; they are not
 * JSON, so it is switched back on. `ownProperties`: without it `required: ["constructor"]` is met by `{}`.
 */
const AJV_OPTIONS = {
  strict: false,
  strictNumbers: true,
  ownProperties: true,
  validateFormats: true,
  unicodeRegExp: true,
} as const;

function makeAjv(dialect: Dialect, flavour: Flavour): AjvLike {
  const ajv = dialect === "openapi-3.1" ? new Ajv2020(AJV_OPTIONS) : new AjvDraft04(AJV_OPTIONS);
  addFormats(ajv, { mode: "full", formats: [...FORMATS] as FormatName[] });
  if (flavour === "spec") applySpecCorrections(ajv);
  return ajv;
}

const ajvCache = new Map<string, AjvLike>();
function ajvFor(dialect: Dialect, flavour: Flavour): AjvLike {
  const key = `${dialect}/${flavour}`;
  const found = ajvCache.get(key);
  if (found) return found;
  const made = makeAjv(dialect, flavour);
  ajvCache.set(key, made);
  return made;
}

/**
 * Compiles `schema` (with `components` reachable as `#/components/schemas/NAME`) into a predicate.
 * `spec` (the default) is ajv with the corrections below, where ajv departs from the JSON Schema spec;
 * `ajv` is ajv exactly as configured, used to pin those departures in the tricky-case table.
 */
export function compileOracle(
  schema: unknown,
  options: { dialect: Dialect; components?: Record<string, unknown>; flavour?: Flavour },
): Validator {
  const flavour = options.flavour ?? "spec";
  const root = withComponents(prepare(schema, options.dialect, flavour), { ...options, flavour });
  const ajv = ajvFor(options.dialect, flavour);
  const validate = ajv.compile(root as object);
  if (isObject(root)) ajv.removeSchema(root);
  return (instance) => validate(instance) === true;
}

/** Whether `value` satisfies `format` according to the oracle (strings only, as `format` asserts). */
export function formatOracle(format: Format, value: string, flavour: Flavour = "spec"): boolean {
  const fn = ajvFor("openapi-3.1", flavour).formats[format];
  if (typeof fn === "function") return fn(value);
  if (fn instanceof RegExp) return fn.test(value);
  if (typeof fn === "object" && fn !== null && "validate" in fn) {
    const v = fn.validate;
    return typeof v === "function" ? (v as (s: string) => boolean)(value) : (v as RegExp).test(value);
  }
  throw new Error(`format ${format} is not registered`);
}

function withComponents(
  root: unknown,
  options: { dialect: Dialect; components?: Record<string, unknown>; flavour: Flavour },
): unknown {
  if (!options.components) return root;
  const schemas: Mutable = {};
  for (const [name, sub] of Object.entries(options.components))
    setOwn(schemas, name, prepare(sub, options.dialect, options.flavour));
  const base: Mutable = isObject(root) ? { ...root } : { allOf: [root] };
  base["components"] = { schemas };
  return base;
}

function prepare(schema: unknown, dialect: Dialect, flavour: Flavour): unknown {
  if (dialect === "openapi-3.0") return mapSubschemas(schema, nullableToType);
  return flavour === "spec" ? mapSubschemas(schema, dropNullable) : schema;
}

/** 2020-12 has no `nullable` (an unknown keyword is an annotation), but ajv honours it in every draft. */
function dropNullable(node: Mutable): unknown {
  const out: Mutable = {};
  for (const [k, v] of Object.entries(node)) if (k !== "nullable") setOwn(out, k, v);
  return out;
}

/**
 * OAS 3.0 `nullable: true`, mapped as src/schema/normalize.ts does: `null` joins `type` (and `enum`);
 * a typeless `$ref`/composition becomes `anyOf: [it, {type: "null"}]`. ajv-draft-04's own `nullable`
 * throws on a typeless schema, so the keyword never reaches ajv.
 */
function nullableToType(node: Mutable): unknown {
  if (!Object.hasOwn(node, "nullable")) return node;
  const nullable = node["nullable"] === true;
  const out: Mutable = {};
  for (const [k, v] of Object.entries(node)) if (k !== "nullable") setOwn(out, k, v);
  if (!nullable) return out;
  if (Array.isArray(out["enum"]) && !out["enum"].includes(null)) out["enum"] = [...out["enum"], null];
  const type = out["type"];
  if (typeof type === "string") out["type"] = type === "null" ? type : [type, "null"];
  if (Array.isArray(type) && !type.includes("null")) out["type"] = [...type, "null"];
  if (type !== undefined || !["$ref", "allOf", "anyOf", "oneOf"].some((k) => Object.hasOwn(out, k))) return out;
  const outer: Mutable = {};
  const inner: Mutable = {};
  for (const [k, v] of Object.entries(out)) setOwn(DEFINITION_KEYWORDS.includes(k) ? outer : inner, k, v);
  outer["anyOf"] = [inner, { type: "null" }];
  return outer;
}

/** Kept on the outer schema when a nullable one is wrapped, so `#/definitions/…` still resolves from the root. */
const DEFINITION_KEYWORDS = ["definitions", "$defs", "components"];
const ONE = ["additionalProperties", "additionalItems", "not", "items"];
const MANY = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const MAPS = ["properties", "patternProperties", "$defs", "definitions"];

/** Applies `fn` bottom-up to every object subschema, leaving `enum`/`const` values alone. */
export function mapSubschemas(schema: unknown, fn: (node: Mutable) => unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Mutable = {};
  for (const [key, value] of Object.entries(schema)) {
    let mapped = value;
    if (MANY.includes(key) && Array.isArray(value)) mapped = value.map((s) => mapSubschemas(s, fn));
    else if (ONE.includes(key)) mapped = mapSubschemas(value, fn);
    else if (MAPS.includes(key) && isObject(value)) mapped = mapValues(value, (s) => mapSubschemas(s, fn));
    setOwn(out, key, mapped);
  }
  return fn(out);
}

function mapValues(obj: Mutable, fn: (v: unknown) => unknown): Mutable {
  const out: Mutable = {};
  for (const [k, v] of Object.entries(obj)) setOwn(out, k, fn(v));
  return out;
}

function applySpecCorrections(ajv: AjvLike): void {
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword({
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    validate: (divisor: number, data: number) => isDecimalMultiple(data, divisor),
  });
  // fast-deep-equal (ajv's `equal`, behind const/enum/uniqueItems) calls an own `toString`/`valueOf` and compares `constructor` by identity,
  // so {"toString": 1} throws and {"constructor": {}} differs from itself; §4.2.2 equality is plain JSON equality.
  const equalityKeywords = [
    { keyword: "const", validate: (value: unknown, data: unknown) => jsonEqual(value, data) },
    {
      keyword: "enum",
      schemaType: "array",
      validate: (values: unknown[], data: unknown) => values.some((v) => jsonEqual(v, data)),
    },
    // ajv's `required` treats the empty name as met: {"required": [""]} accepts {}.
    {
      keyword: "required",
      type: "object",
      schemaType: "array",
      validate: (names: string[], data: Mutable) => names.every((k) => Object.hasOwn(data, k)),
    },
    {
      keyword: "uniqueItems",
      type: "array",
      schemaType: "boolean",
      validate: (on: boolean, data: unknown[]) =>
        !on || data.every((x, i) => data.slice(0, i).every((y) => !jsonEqual(x, y))),
    },
  ] as const;
  for (const definition of equalityKeywords) {
    ajv.removeKeyword(definition.keyword);
    ajv.addKeyword({ ...definition, errors: false } as Parameters<AjvLike["addKeyword"]>[0] & object);
  }
  const strict = (name: Format, extra: (s: string) => boolean): void => {
    const base = ajv.formats[name];
    ajv.addFormat(name, (s: string) => extra(s) && runFormat(base, s));
  };
  // RFC 3339 §5.6: date-time = full-date "T" full-time ("t" allowed by the NOTE); ajv also splits on whitespace.
  strict("date-time", (s) => /^.{10}[Tt]/su.test(s) && /(?:[Zz]|[+-]\d\d:\d\d)$/u.test(s));
  // RFC 3339 §5.6: time-numoffset = ("+" / "-") time-hour ":" time-minute; ajv also takes "+01" and "+0100".
  strict("time", (s) => /(?:[Zz]|[+-]\d\d:\d\d)$/u.test(s));
  // RFC 4122 §3: the string representation is the bare 8-4-4-4-12 hex form; ajv also takes a "urn:uuid:" prefix.
  strict("uuid", (s) => !/^urn:/iu.test(s));
  // RFC 5321 §4.1.2 Mailbox: quoted local parts, address literals and one-label domains are valid; ajv rejects them.
  const ipv4 = ajv.formats["ipv4"];
  const ipv6 = ajv.formats["ipv6"];
  ajv.addFormat("email", (s: string) =>
    isMailbox(
      s,
      (a) => runFormat(ipv4, a),
      (a) => runFormat(ipv6, a),
    ),
  );
}

function runFormat(format: unknown, s: string): boolean {
  if (typeof format === "function") return (format as (x: string) => boolean)(s);
  if (format instanceof RegExp) return format.test(s);
  if (isObject(format)) return runFormat(format["validate"], s);
  return true;
}

const DOT_STRING = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/u;
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/u;
const DOMAIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/u;

/** RFC 5321 §4.1.2 `Mailbox` (general address literals and the §4.5.3 size limits aside). */
export function isMailbox(s: string, ipv4: (a: string) => boolean, ipv6: (a: string) => boolean): boolean {
  const at = s.lastIndexOf("@");
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (!DOT_STRING.test(local) && !QUOTED_STRING.test(local)) return false;
  if (DOMAIN.test(domain)) return true;
  const literal = /^\[(.*)\]$/su.exec(domain)?.[1];
  if (literal === undefined) return false;
  const v6 = /^IPv6:(.*)$/isu.exec(literal)?.[1];
  return v6 === undefined ? ipv4(literal) : ipv6(v6);
}

/**
 * JSON Schema 2020-12 §6.2.1: valid iff `data / divisor` is an integer, on the decimal values the JSON
 * text denotes. ajv divides in binary floating point, so 0.07 / 0.01 = 7.000000000000001 fails there.
 */
export function isDecimalMultiple(data: number, divisor: number): boolean {
  const a = toDecimal(data);
  const b = toDecimal(divisor);
  const exp = Math.min(a.exp, b.exp);
  const scaledA = a.digits * 10n ** BigInt(a.exp - exp);
  const scaledB = b.digits * 10n ** BigInt(b.exp - exp);
  return scaledA % scaledB === 0n;
}

function toDecimal(n: number): { digits: bigint; exp: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/u.exec(String(n));
  if (!match) throw new Error(`not a finite number: ${n}`);
  const [, sign = "", int = "", frac = "", e = "0"] = match;
  return { digits: BigInt(`${sign}${int}${frac}`), exp: Number(e) - frac.length };
}

/** JSON Schema 2020-12 §4.2.2 equality: numbers by value, arrays in order, objects as key → value maps. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return a === b;
}

export function setOwn(target: Mutable, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function isObject(value: unknown): value is Mutable {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
