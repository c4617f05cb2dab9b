// Parameter values → their OpenAPI `style`/`explode` wire form (OAS 3.1.1 §Style Values and §Style Examples, RFC 6570).
import { isRecord, type ParameterStyle } from "../types.js";

/** A value reduced to what the styles distinguish; nested structures inside arrays and objects become JSON text. */
export type Normalized =
  | { readonly kind: "primitive"; readonly text: string }
  | { readonly kind: "array"; readonly items: readonly string[] }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, string])[] };

/** How one value is written: name, normalised value, explode flag and the encoder of the location. */
export interface StyleInput {
  readonly name: string;
  readonly value: unknown;
  readonly explode: boolean;
  readonly encode: (text: string) => string;
}

/** A scalar as text: `null` → empty, objects and arrays → JSON. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Classifies a value as primitive, array or object (entries with null/undefined values are left out). */
export function normalize(value: unknown): Normalized {
  if (Array.isArray(value)) return { kind: "array", items: value.map(scalarText) };
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
    return { kind: "object", entries: entries.map(([k, v]) => [k, scalarText(v)] as const) };
  }
  return { kind: "primitive", text: scalarText(value) };
}

const flat = (entries: Normalized & { kind: "object" }, encode: (t: string) => string): string[] =>
  entries.entries.flatMap(([k, v]) => [encode(k), encode(v)]);
const pairs = (entries: Normalized & { kind: "object" }, encode: (t: string) => string): string[] =>
  entries.entries.map(([k, v]) => `${encode(k)}=${encode(v)}`);

function joined(input: StyleInput, separator: string): string {
  const value = normalize(input.value);
  const { encode, explode } = input;
  if (value.kind === "primitive") return encode(value.text);
  if (value.kind === "array") return value.items.map(encode).join(explode ? separator : ",");
  return explode ? pairs(value, encode).join(separator) : flat(value, encode).join(",");
}

function matrix(input: StyleInput): string {
  const value = normalize(input.value);
  const { encode, explode } = input;
  const name = encode(input.name);
  const named = (text: string): string => (text === "" ? `;${name}` : `;${name}=${text}`);
  if (value.kind === "primitive") return named(encode(value.text));
  if (value.kind === "array")
    return explode && value.items.length > 0
      ? value.items.map((i) => `;${name}=${encode(i)}`).join("")
      : named(value.items.map(encode).join(","));
  return explode
    ? pairs(value, encode)
        .map((p) => `;${p}`)
        .join("")
    : named(flat(value, encode).join(","));
}

/** Path and header styles: one string. */
export type SingleStyle = "simple" | "label" | "matrix";

const SINGLE_STYLES: Readonly<Record<SingleStyle, (input: StyleInput) => string>> = {
  simple: (input) => joined(input, ","),
  label: (input) => `.${joined(input, ".")}`,
  matrix,
};

/** Writes a path or header value; a query-only style falls back to `simple`. */
export function styleSingle(style: ParameterStyle, input: StyleInput): string {
  const handler = SINGLE_STYLES[style as SingleStyle] ?? SINGLE_STYLES.simple;
  return handler(input);
}

function form(input: StyleInput): string[] {
  const value = normalize(input.value);
  const { encode, explode } = input;
  const name = encode(input.name);
  if (value.kind === "primitive") return [`${name}=${encode(value.text)}`];
  if (value.kind === "array")
    return explode ? value.items.map((i) => `${name}=${encode(i)}`) : [`${name}=${value.items.map(encode).join(",")}`];
  return explode ? pairs(value, encode) : [`${name}=${flat(value, encode).join(",")}`];
}

function delimited(separator: string): (input: StyleInput) => string[] {
  return (input) => {
    const value = normalize(input.value);
    if (input.explode || value.kind === "primitive") return form(input);
    const parts = value.kind === "array" ? value.items.map(input.encode) : flat(value, input.encode);
    return [`${input.encode(input.name)}=${parts.join(separator)}`];
  };
}

function deepPairs(prefix: string, value: unknown, encode: (t: string) => string): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => deepPairs(`${prefix}%5B${index}%5D`, item, encode));
  if (isRecord(value))
    return Object.entries(value).flatMap(([k, v]) => deepPairs(`${prefix}%5B${encode(k)}%5D`, v, encode));
  return [`${prefix}=${encode(scalarText(value))}`];
}

/** `color[R]=100&color[G]=200`, nested objects and arrays as `a[b][0]=x` (the de-facto form, e.g. Stripe's). */
function deepObject(input: StyleInput): string[] {
  if (!isRecord(input.value)) return form({ ...input, explode: true });
  return deepPairs(input.encode(input.name), input.value, input.encode);
}

/** Query, cookie and form-body styles: `name=value` pairs, already encoded. */
export type PairStyle = "form" | "spaceDelimited" | "pipeDelimited" | "tabDelimited" | "deepObject";

const PAIR_STYLES: Readonly<Record<PairStyle, (input: StyleInput) => string[]>> = {
  form,
  spaceDelimited: delimited("%20"),
  pipeDelimited: delimited("%7C"),
  tabDelimited: delimited("%09"),
  deepObject,
};

/** Writes a query, cookie or form-body value as pairs; a path-only style falls back to `form`. */
export function stylePairs(style: ParameterStyle, input: StyleInput): string[] {
  const handler = PAIR_STYLES[style as PairStyle] ?? PAIR_STYLES.form;
  return handler(input);
}
