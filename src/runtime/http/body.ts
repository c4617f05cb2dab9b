// An evaluated request body → what fetch sends: JSON, form-urlencoded (per-property style), FormData, text or bytes.
import { isRecord, type BodyPropertyEncoding, type BodySpec, type BodyKind } from "../types.js";
import { pointerTokens } from "../expressions/pointer.js";
import { queryEncoder } from "./encode.js";
import { invalidArgument, type Checked } from "./params.js";
import { scalarText, stylePairs } from "./style.js";

/** A body ready for fetch; `contentType` is undefined for FormData (fetch adds the boundary). */
export interface EncodedBody {
  readonly body?: NonNullable<RequestInit["body"]>;
  readonly contentType?: string;
}

type Encoder = (spec: BodySpec, value: unknown) => Checked<EncodedBody>;

/** An object of fields to encode: a record, but not a file. */
const isFields = (value: unknown): value is Record<string, unknown> => isRecord(value) && !(value instanceof Blob);
const present = (entries: [string, unknown][]): [string, unknown][] =>
  entries.filter(([, v]) => v !== undefined && v !== null);

function propertyPairs(name: string, value: unknown, encoding: BodyPropertyEncoding | undefined): string[] {
  const style = encoding?.style ?? "form";
  const wireValue = encoding?.contentType && /json/i.test(encoding.contentType) ? JSON.stringify(value) : value;
  return stylePairs(style, {
    name,
    value: wireValue,
    explode: encoding?.explode ?? style === "form",
    encode: queryEncoder(encoding?.allowReserved ?? false),
  });
}

const json: Encoder = (spec, value) => ({
  ok: true,
  value: { body: exactJson(value, spec.exactIntegers ?? []), contentType: spec.mediaType || "application/json" },
});

/** A string of an integer's digits, as the tool's input (or an answer read back) carries a 64-bit value. */
const DIGITS = /^-?(0|[1-9]\d*)$/;
/** Marks a digit string for the text below; the random part keeps any string a model writes from matching it. */
const MARK = `\u0001${Math.random().toString(36).slice(2)}\u0001`;
const MARKED = new RegExp(`"${JSON.stringify(MARK).slice(1, -1).replace(/\\/g, "\\\\")}(-?\\d+)"`, "g");

/** `value` with each digit string at a place (`*`: any item or key) marked; the rest shared, not copied. */
function marked(value: unknown, tokens: readonly string[], at: number): unknown {
  if (at === tokens.length) return typeof value === "string" && DIGITS.test(value) ? MARK + value : value;
  if (value === null || typeof value !== "object") return value;
  const token = tokens[at] as string;
  const keys = token === "*" ? Object.keys(value) : Object.hasOwn(value, token) ? [token] : [];
  let copy: Record<string, unknown> | unknown[] | undefined;
  for (const key of keys) {
    const before = (value as Record<string, unknown>)[key];
    const after = marked(before, tokens, at + 1);
    if (after === before) continue;
    copy ??= Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
    (copy as Record<string, unknown>)[key] = after;
  }
  return copy ?? value;
}

/**
 * `JSON.stringify`, except that a string of digits at one of `places` (the spec's 64-bit integers) is written as a
 * JSON number with exactly those digits: the API wants a number there, and past 2^53 − 1 a JS number is rounded.
 */
export function exactJson(value: unknown, places: readonly string[]): string {
  let out = value;
  for (const place of places) out = marked(out, pointerTokens(place), 0);
  const text = JSON.stringify(out);
  return out === value ? text : text.replace(MARKED, "$1");
}

const form: Encoder = (spec, value) => {
  if (typeof value === "string") return { ok: true, value: { body: value, contentType: spec.mediaType } };
  if (!isFields(value))
    return invalidArgument("The form body must be an object of fields.", "Pass the request body as an object.");
  const pairs = present(Object.entries(value)).flatMap(([name, v]) => propertyPairs(name, v, spec.encoding?.[name]));
  return {
    ok: true,
    value: { body: pairs.join("&"), contentType: spec.mediaType || "application/x-www-form-urlencoded" },
  };
};

function appendPart(data: FormData, name: string, value: unknown, encoding: BodyPropertyEncoding | undefined): void {
  if (value instanceof Blob) return data.append(name, value);
  if (typeof value === "object" && value !== null)
    return data.append(name, new Blob([JSON.stringify(value)], { type: encoding?.contentType ?? "application/json" }));
  if (encoding?.contentType && !/^text\/plain/i.test(encoding.contentType))
    return data.append(name, new Blob([scalarText(value)], { type: encoding.contentType }));
  data.append(name, scalarText(value));
}

const multipart: Encoder = (spec, value) => {
  if (!isFields(value))
    return invalidArgument("The multipart body must be an object of parts.", "Pass the request body as an object.");
  const data = new FormData();
  for (const [name, part] of present(Object.entries(value))) {
    const items = Array.isArray(part) ? part : [part];
    for (const item of items) appendPart(data, name, item, spec.encoding?.[name]);
  }
  return { ok: true, value: { body: data } };
};

const text: Encoder = (spec, value) => ({
  ok: true,
  value: { body: scalarText(value), contentType: spec.mediaType || "text/plain" },
});

/** Base64 text (either alphabet, padding optional, line breaks ignored); anything else is not the file's bytes. */
const BASE64 = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}(?:==)?|[A-Za-z0-9+/_-]{3}=?)?$/;

const bytesOf: Encoder = (spec, value) => {
  const said = typeof value === "string" ? value.replace(/\s+/g, "") : undefined;
  if (said === undefined || said === "" || !BASE64.test(said))
    return invalidArgument(
      "The file must be its bytes in base64 text; nothing was sent.",
      "Pass the whole file's content base64-encoded (RFC 4648); a file name, path or URL is not its content.",
    );
  const bytes = Buffer.from(said.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return {
    ok: true,
    value: { body: new Uint8Array(bytes), contentType: spec.mediaType || "application/octet-stream" },
  };
};

const binary: Encoder = (spec, value) => {
  if (spec.base64) return bytesOf(spec, value);
  const raw =
    value instanceof Blob || value instanceof ArrayBuffer || ArrayBuffer.isView(value) || typeof value === "string";
  if (!raw)
    return invalidArgument("The binary body must be a string, Blob or bytes.", "Pass the file content as a string.");
  return {
    ok: true,
    value: {
      body: value as NonNullable<RequestInit["body"]>,
      contentType: spec.mediaType || "application/octet-stream",
    },
  };
};

const ENCODERS: Readonly<Record<BodyKind, Encoder>> = { json, form, multipart, text, binary };

/**
 * Encodes a body by its kind; an `undefined` value sends no body. Payload replacements are applied by the caller
 * beforehand.
 */
export function encodeBody(spec: BodySpec, value: unknown): Checked<EncodedBody> {
  if (value === undefined) return { ok: true, value: {} };
  return ENCODERS[spec.kind](spec, value);
}
