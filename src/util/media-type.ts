// Media type strings → what they mean for a body: bare type, range or not, which range covers which type, and the body kind.
import type { BodyKind } from "../model/api-model.js";
import { isRecord } from "../runtime/types.js";

/** Exact media types with a known body kind; anything else is decided by `mediaKind`'s prefix rules. */
const KNOWN_MEDIA: Readonly<Record<string, BodyKind>> = {
  "application/json": "json",
  "application/x-www-form-urlencoded": "form",
  "multipart/form-data": "multipart",
  "application/octet-stream": "binary",
};

const JSON_TYPE = /^(?:application|text)\/(?:[\w.-]+\+)?json$/;

const PREFIX_KINDS: readonly (readonly [RegExp, BodyKind])[] = [
  [JSON_TYPE, "json"],
  [/^multipart\//, "multipart"],
  [/^text\//, "text"],
];

/**
 * The ranges (RFC 9110 §12.5.1) that accept JSON: any type, any `application/` type (Kubernetes declares the first on
 * every write), and an empty name, which names no type either (Spoonacular's meal planner declares its bodies under `""`).
 */
const JSON_CAPABLE_RANGES: ReadonlySet<string> = new Set(["*/*", "application/*", ""]);

/** True for `*\/*`, `application/*` and an empty name (parameters and case aside). */
export function isJsonCapableRange(mediaType: string): boolean {
  return JSON_CAPABLE_RANGES.has(bareMediaType(mediaType));
}

/** The media type without parameters, lower case: `Application/JSON; charset=utf-8` → `application/json`. */
export function bareMediaType(mediaType: string): string {
  return (mediaType.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * True for a media range (`*\/*`, `application/*`), which names no type a body can be sent as, and for an empty name,
 * which names none either.
 */
export function isMediaRange(mediaType: string): boolean {
  const bare = bareMediaType(mediaType);
  return bare === "" || bare.includes("*");
}

/**
 * The name a misspelled media-type name can only mean, parameters kept, else undefined: a form named by its subtype
 * alone under another type or none (Mastodon's `application/form-data` on 13 bodies, VTEX's `form-data`) is
 * `multipart/form-data`; a known name that lost its slash (Loket's `applicationjson;version=2018-01-01`) is that name.
 */
export function repairedMediaType(mediaType: string): string | undefined {
  const [name = "", ...parameters] = mediaType.split(";");
  const bare = name.trim().toLowerCase();
  const tail = parameters.length > 0 ? `;${parameters.join(";")}` : "";
  if (bare !== "multipart/form-data" && /^(?:[\w.+-]+\/)?form-data$/.test(bare)) return `multipart/form-data${tail}`;
  const slashless = /^(application|text|multipart)([a-z][\w.+-]*)$/.exec(bare);
  if (slashless === null) return undefined;
  const named = `${slashless[1]}/${slashless[2]}`;
  return KNOWN_MEDIA[named] !== undefined || JSON_TYPE.test(named) ? `${named}${tail}` : undefined;
}

/** The type of any bytes at all: a body declared so with a schema of named members is those members in JSON. */
const ANY_BYTES = "application/octet-stream";

/** True for `application/octet-stream` (parameters and case aside). */
export const isAnyBytes = (mediaType: string): boolean => bareMediaType(mediaType) === ANY_BYTES;

/**
 * How a body of `mediaType` is encoded: `application/vnd.github+json` and `text/json` are json, `text/csv` text,
 * images binary; a misspelled name as the name it misspells (`application/form-data` multipart, `applicationjson`
 * json). A range that accepts JSON (`*\/*`, `application/*`) is json when the body is `structured` (an object or array
 * schema), else binary; so is `application/octet-stream` (the caller says `structured` only for an object of named
 * members there: Google's upload methods declare their JSON metadata, Drive's `File`, under it).
 */
export function mediaKind(mediaType: string, structured = false): BodyKind {
  const bare = bareMediaType(mediaType);
  if (JSON_CAPABLE_RANGES.has(bare) || bare === ANY_BYTES) return structured ? "json" : "binary";
  const repaired = repairedMediaType(bare);
  if (repaired !== undefined) return mediaKind(repaired, structured);
  return KNOWN_MEDIA[bare] ?? PREFIX_KINDS.find(([pattern]) => pattern.test(bare))?.[1] ?? "binary";
}

const COMPOSITIONS = ["allOf", "anyOf", "oneOf"] as const;
const STRUCTURE_KEYWORDS = ["properties", "additionalProperties", "patternProperties", "items", "prefixItems"] as const;

/**
 * True when instances of `schema` are objects or arrays: its `type` says so, or object/array keywords show it, or a
 * member of a composition is one. `$ref`s to named schemas are followed through `named`, at most `depth` deep.
 */
export function isStructuredSchema(schema: unknown, named: (ref: string) => unknown, depth = 8): boolean {
  if (!isRecord(schema) || depth <= 0) return false;
  if (typeof schema["$ref"] === "string") return isStructuredSchema(named(schema["$ref"]), named, depth - 1);
  const types = Array.isArray(schema["type"]) ? schema["type"] : [schema["type"]];
  if (types.some((t) => t === "object" || t === "array")) return true;
  if (schema["type"] === undefined && STRUCTURE_KEYWORDS.some((k) => schema[k] !== undefined)) return true;
  return COMPOSITIONS.some(
    (k) => Array.isArray(schema[k]) && schema[k].some((member) => isStructuredSchema(member, named, depth - 1)),
  );
}

/**
 * True when instances of `schema` are objects of named members: its `properties` (through `$ref`s to named schemas
 * followed by `named`, at most `depth` deep) name two at least: what makes a body under upload media a JSON document
 * (`contentKind` and `withJsonDocument`, ingest/media.ts).
 * Drive's `File` under `application/octet-stream`; not DigiLocker's upload, whose one member is its `Content-Type`.
 */
export function hasNamedMembers(schema: unknown, named: (ref: string) => unknown, depth = 8): boolean {
  if (!isRecord(schema) || depth <= 0) return false;
  if (typeof schema["$ref"] === "string") return hasNamedMembers(named(schema["$ref"]), named, depth - 1);
  if (schema["type"] !== undefined && schema["type"] !== "object") return false;
  return isRecord(schema["properties"]) && Object.keys(schema["properties"]).length >= 2;
}

/** True when the range or type `declared` covers the concrete type `wanted` (`*\/*` covers all, `application/*` every `application/…`). */
export function mediaTypeCovers(declared: string, wanted: string): boolean {
  const [type, subtype] = bareMediaType(declared).split("/");
  const bare = bareMediaType(wanted);
  if (type === "*") return true;
  if (subtype === "*") return bare.startsWith(`${type}/`);
  return bare === bareMediaType(declared);
}
