// A fetch Response → its parsed body (JSON, text, a note for binary content, or undefined), read under a byte ceiling.
import { attachableKind, MAX_MEDIA_BYTES } from "../media.js";
import { boundDepth } from "./depth.js";

/**
 * The body (with the raw bytes of binary media, which the body only describes), or the ceiling it passed (counted
 * after decompression). Stream failures are thrown for the caller to classify.
 */
export type BodyRead =
  | { readonly ok: true; readonly body: unknown; readonly bytes?: Uint8Array }
  | { readonly ok: false; readonly limit: number };

const NO_CONTENT_STATUSES = new Set([204, 205, 304]);
const JSON_TYPE = /^(?:application|text)\/(?:[\w.+-]+\+)?json\b|\+json\b/i;
const BINARY_APPLICATION = [
  "octet-stream",
  "pdf",
  "zip",
  "gzip",
  "x-tar",
  "x-7z-compressed",
  "vnd\\.ms-excel",
  "vnd\\.openxmlformats",
  "msword",
  "x-protobuf",
  "protobuf",
  "wasm",
];
const BINARY_TYPE = new RegExp(`^(?:image|audio|video|font)/|^application/(?:${BINARY_APPLICATION.join("|")})`, "i");

function declaredTooLarge(response: Response, limit: number): boolean {
  const encoding = (response.headers.get("content-encoding") ?? "identity").toLowerCase();
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  return (encoding === "identity" || encoding === "") && Number.isFinite(length) && length > limit;
}

async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const UTF8 = new TextDecoder("utf-8");

/** Media types of JSON lines, one JSON value per line (Ollama's and Elasticsearch's `application/x-ndjson`). */
const JSON_LINES_TYPE = /^application\/(?:x-)?(?:ndjson|jsonl|json-?lines)\b/i;

/** What a Content-Type value means for reading: binary, JSON, and the decoder of its charset (utf-8 when unknown). */
interface MediaType {
  readonly binary: boolean;
  readonly json: boolean;
  readonly jsonLines: boolean;
  readonly decoder: InstanceType<typeof TextDecoder>;
}

function mediaType(contentType: string): MediaType {
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? "utf-8";
  let decoder = UTF8;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    // an unknown charset is read as utf-8
  }
  const jsonLines = JSON_LINES_TYPE.test(contentType);
  return { binary: BINARY_TYPE.test(contentType), json: jsonLines || JSON_TYPE.test(contentType), jsonLines, decoder };
}

/** Content-Type values seen so far: an API answers with the same one or two, so each is examined once. */
const MEDIA_TYPES = new Map<string, MediaType>();
const MEDIA_TYPES_LIMIT = 256;

function mediaTypeOf(contentType: string): MediaType {
  const known = MEDIA_TYPES.get(contentType);
  if (known !== undefined) return known;
  const media = mediaType(contentType);
  if (MEDIA_TYPES.size >= MEDIA_TYPES_LIMIT) MEDIA_TYPES.clear();
  MEDIA_TYPES.set(contentType, media);
  return media;
}

/**
 * The text of Docker's stream framing, when `bytes` is wholly made of its frames: an 8-byte header (the stream, 0
 * stdin, 1 stdout or 2 stderr, three zero bytes, the payload's size as a big-endian 32-bit number), then the payload; a
 * container's logs, an exec's output and an attach are sent so when the container has no TTY. Undefined otherwise: a
 * text never starts with such a header, so nothing else is read as one.
 */
export function unframedStream(bytes: Uint8Array): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let offset = 0;
  while (offset < bytes.byteLength) {
    if (bytes.byteLength - offset < 8) return undefined;
    const kind = bytes[offset] as number;
    if (kind > 2 || bytes[offset + 1] !== 0 || bytes[offset + 2] !== 0 || bytes[offset + 3] !== 0) return undefined;
    const size = new DataView(bytes.buffer, bytes.byteOffset + offset + 4, 4).getUint32(0);
    if (offset + 8 + size > bytes.byteLength) return undefined;
    parts.push(bytes.subarray(offset + 8, offset + 8 + size));
    offset += 8 + size;
  }
  if (parts.length === 0) return undefined;
  const text = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    text.set(part, at);
    at += part.byteLength;
  }
  return text;
}

/** The lists {@link parseBody} read from JSON lines: records of a stream, not a list the API answered as one value. */
const JSON_LINES = new WeakSet<readonly unknown[]>();

/** Whether a body is the records of a JSON-lines answer (see {@link parseBody}). */
export function isJsonLines(body: unknown): body is readonly unknown[] {
  return Array.isArray(body) && JSON_LINES.has(body);
}

/**
 * A text of one JSON value per line (two lines at least, blank lines aside) as the list of those values: Docker's
 * `POST /images/create` answers 200 `application/json` with a progress record per line, the last one an error when the
 * pull failed. Undefined when a line is not JSON.
 */
function jsonLines(text: string): unknown[] | undefined {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2) return undefined;
  const records: unknown[] = [];
  for (const line of lines) {
    try {
      records.push(boundDepth(parseJsonExact(line)));
    } catch {
      return undefined;
    }
  }
  JSON_LINES.add(records);
  return records;
}

/**
 * Parses by content type: JSON (`application/json`, `text/json`, `+json`) when it parses (nested at most
 * MAX_RESPONSE_DEPTH levels, deeper parts a marker), else, when each line is a JSON value (or the type says JSON
 * lines: `application/x-ndjson`), the list of them ({@link isJsonLines}); a `{ content_type, byte_length }` note for
 * binary media, text otherwise, read out of Docker's stream framing when it is sent so ({@link unframedStream}), even
 * labelled `application/octet-stream`.
 */
export function parseBody(bytes: Uint8Array, contentType: string): unknown {
  if (bytes.byteLength === 0) return undefined;
  const media = mediaTypeOf(contentType);
  const unframed =
    media.binary && !/^application\/octet-stream\b/i.test(contentType) ? undefined : unframedStream(bytes);
  if (media.binary && unframed === undefined)
    return { content_type: contentType.split(";")[0]?.trim(), byte_length: bytes.byteLength };
  const text = media.decoder.decode(unframed ?? bytes);
  if (!media.json) return text;
  try {
    const value = boundDepth(parseJsonExact(text));
    if (!media.jsonLines || value === null || typeof value !== "object") return value;
    const one = [value];
    JSON_LINES.add(one);
    return one;
  } catch {
    return jsonLines(text) ?? text;
  }
}

/** A run of 16 digits: the shortest integer literal that may be past 2^53 (9007199254740991 has 16). */
const LONG_DIGITS = /\d{16}/;

/**
 * `JSON.parse`, except that an integer literal past what a JS number holds exactly (±2^53: a nanosecond timestamp,
 * a 64-bit id) is read as the string of its digits. As a number it would be rounded (1517562000015577088 →
 * 1517562000015577000), so ticks a nanosecond apart read as one time and a chain would send another record's id.
 */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(LONG_DIGITS.test(text) ? quoteUnsafeIntegers(text) : text);
}

/** Whether `c` (a char code) can go on a JSON number after its integer digits: `.`, `e`, `E`, `+`, `-`, a digit. */
function numberTail(c: number): boolean {
  return c === 46 || c === 101 || c === 69 || c === 43 || c === 45 || (c >= 48 && c <= 57);
}

/** The text with each unsafe integer literal outside strings quoted (written as the string of its digits). */
function quoteUnsafeIntegers(text: string): string {
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 ? 2 : 1;
      i++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
      if (end < text.length && numberTail(text.charCodeAt(end))) {
        while (end < text.length && numberTail(text.charCodeAt(end))) end++;
      } else if (end - i >= 16 && !Number.isSafeInteger(Number(text.slice(i, end)))) {
        out += `${text.slice(copied, i)}"${text.slice(i, end)}"`;
        copied = end;
      }
      i = end;
    } else i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Whether a Content-Type names binary media (images, audio, video, fonts, PDF, archives, octet-stream, …). */
export function isBinaryMedia(contentType: string): boolean {
  return mediaTypeOf(contentType).binary;
}

/**
 * A successful binary answer's note (`{content_type, byte_length}`) with `not_delivered` saying the content itself
 * was not passed on: a result of only a type and a size reads as if the speech, image or file reached the model. An
 * image or audio answer an MCP server could attach says why this one was not (its size). Anything else as it is.
 */
export function withBinaryNotDelivered(body: unknown): unknown {
  if (body === null || typeof body !== "object" || !("byte_length" in body)) return body;
  const { content_type: type, byte_length: length } = body as { content_type?: string; byte_length: number };
  const what = type === undefined || type === "" ? "binary content" : type;
  const why =
    type !== undefined && attachableKind(type) !== undefined && length > MAX_MEDIA_BYTES
      ? ` (it is larger than the ${MAX_MEDIA_BYTES} bytes of image or audio this tool can attach)`
      : "";
  const not_delivered =
    `The API answered with ${length} bytes of ${what}, which were not passed on to you${why}: ` +
    "you did not receive it and cannot reach it, so you cannot play, show or hand it to the user. " +
    "Tell them the API sent it but that it could not be delivered here; never say you have it or describe it.";
  return { ...body, not_delivered };
}

/**
 * Reads and parses a response body; 204/205/304 and HEAD answers have none. Past `limit` bytes the stream is cancelled.
 */
export async function readBody(response: Response, method: string, limit: number): Promise<BodyRead> {
  if (method === "HEAD" || NO_CONTENT_STATUSES.has(response.status) || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: true, body: undefined };
  }
  if (declaredTooLarge(response, limit)) {
    await response.body.cancel().catch(() => undefined);
    return { ok: false, limit };
  }
  const bytes = await readCapped(response.body, limit);
  if (bytes === undefined) return { ok: false, limit };
  const contentType = response.headers.get("content-type") ?? "";
  const body = parseBody(bytes, contentType);
  return isBinaryMedia(contentType) && body !== undefined ? { ok: true, body, bytes } : { ok: true, body };
}

/** Discards a body we will not read (redirects, retried answers) so the connection can be reused. */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/**
 * A 2xx body the spec declares as a JSON object or array that came as text: labelled as text (`text/plain`, no type),
 * or labelled JSON but encoded twice (a JSON string whose text is the object: Xero's examples, a gateway that
 * stringifies). Parsed when it is that JSON, so the answer is read as the API meant it; any other text stays text (and
 * is reported as not the declared type).
 */
export function declaredJson(body: unknown, declared: "object" | "array" | undefined): unknown {
  if (declared === undefined || typeof body !== "string") return body;
  const text = body.trim();
  if (!(declared === "object" ? text.startsWith("{") : text.startsWith("["))) return body;
  try {
    const parsed = boundDepth(parseJsonExact(text));
    const isArray = Array.isArray(parsed);
    const fits = declared === "array" ? isArray : parsed !== null && typeof parsed === "object" && !isArray;
    return fits ? parsed : body;
  } catch {
    return body;
  }
}
