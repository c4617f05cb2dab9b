// A request body's declared media types (and a goal's `content_type`) → the one media type a step sends, with its body kind.
import type { BodyKind, JsonSchema, MediaContent } from "../model/api-model.js";
import { isBinaryMedia } from "../runtime/http/read-body.js";
import { MAX_MEDIA_BYTES } from "../runtime/media.js";
import {
  bareMediaType,
  isAnyBytes,
  isMediaRange,
  mediaKind,
  mediaTypeCovers,
  repairedMediaType,
} from "../util/media-type.js";

/** What a step sends: the content it was matched to, the concrete media type for the Content-Type header, and its kind. */
export interface BodyMedia {
  readonly content: MediaContent;
  readonly mediaType: string;
  readonly kind: BodyKind;
}

export type BodyMediaChoice =
  | { readonly ok: true; readonly media: BodyMedia }
  | { readonly ok: false; readonly accepted: readonly string[] };

const BODY_PREFERENCE: Readonly<Record<BodyKind, number>> = { json: 0, form: 1, multipart: 2, text: 3, binary: 4 };

/**
 * The request media type a tool sends: JSON first, then form, multipart, text, binary; among JSON types the resource
 * itself first, then a merge patch (an object of the fields to change), a JSON Patch's operation list last (models
 * write the first two far more reliably); a type the operation names before a range of the same rank (`*\/*`, `""`).
 */
export function preferredContent(contents: readonly MediaContent[]): MediaContent | undefined {
  const rank = (c: MediaContent): number =>
    BODY_PREFERENCE[c.kind] * 10 +
    (c.kind === "json" ? jsonRank(c.mediaType) : 0) +
    (isMediaRange(c.mediaType) ? 0.5 : 0);
  return [...contents].sort((a, b) => rank(a) - rank(b))[0];
}

/** What a tool says when its body is an upload's metadata (see `sendsMetadataOnly`): the file's bytes never go. */
export const METADATA_ONLY =
  "This tool sends the fields given as JSON metadata; it takes no file content, so it cannot upload a file's bytes.";

/**
 * Whether the body a tool sends is only an upload's metadata: `application/octet-stream` read as JSON (an object of
 * named members, see `contentKind`), as Google's upload methods declare it (Drive's `files.create`, YouTube's
 * `videos.insert`), whose descriptions speak of the media they accept.
 */
export function sendsMetadataOnly(contents: readonly MediaContent[]): boolean {
  const content = preferredContent(contents);
  return content !== undefined && content.kind === "json" && isAnyBytes(content.mediaType);
}

/**
 * The schema of what a tool returns for a success answer of `contents`: the preferred content's schema, or, when every
 * content is binary media, the runtime's note (`{content_type, byte_length}` with `not_delivered`, or `attached` where
 * an MCP server hands an image or audio answer on as a content block; never the bytes in the JSON), so the spec's
 * `{type: string, format: binary}` does not promise the model a `result` string it never gets.
 */
export function successResultSchema(contents: readonly MediaContent[]): JsonSchema {
  if (contents.length > 0 && contents.every((c) => isBinaryMedia(c.mediaType))) return BINARY_RESULT;
  return preferredContent(contents)?.schema ?? {};
}

const MEDIA_LIMIT = `${MAX_MEDIA_BYTES / (1024 * 1024)} MiB`;

const BINARY_RESULT: JsonSchema = {
  type: "object",
  description:
    "The API answered with binary content, described here by its type and size. Over MCP, an audio answer or a " +
    `PNG, JPEG, GIF or WebP image of at most ${MEDIA_LIMIT} comes attached after this text as an MCP audio or image ` +
    "content block (`attached`); any other content, or a larger one, is not passed on (`not_delivered`).",
  properties: {
    content_type: { type: "string", description: "The media type the API answered with." },
    byte_length: { type: "integer", description: "The size of the content in bytes." },
    not_delivered: {
      type: "string",
      description: "Present when the content itself was not passed on or saved: you do not have it.",
    },
    attached: {
      type: "string",
      description: "Present when the content is attached to this result as an MCP image or audio content block.",
    },
  },
  required: ["content_type", "byte_length"],
};

function jsonRank(mediaType: string): number {
  const bare = bareMediaType(mediaType);
  if (bare === "application/json-patch+json") return 2;
  return bare === "application/merge-patch+json" || bare === "application/strategic-merge-patch+json" ? 1 : 0;
}

/** The type a range stands in for on the wire: `*\/*` carrying JSON is sent as `application/json`. */
const RANGE_WIRE_TYPES: Readonly<Record<BodyKind, string>> = {
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  multipart: "multipart/form-data",
  text: "text/plain",
  binary: "application/octet-stream",
};

/**
 * A declared content as sent: a range becomes the concrete type of its kind, and so does `application/octet-stream`
 * read as JSON (an object of named members: `application/json`); a misspelled name the name it misspells
 * (`application/form-data` → `multipart/form-data`), a concrete type stays as written.
 */
export function sentMedia(content: MediaContent): BodyMedia {
  const mediaType =
    isMediaRange(content.mediaType) || (isAnyBytes(content.mediaType) && content.kind === "json")
      ? RANGE_WIRE_TYPES[content.kind]
      : (repairedMediaType(content.mediaType) ?? content.mediaType);
  return { content, mediaType, kind: content.kind };
}

/**
 * The body media for `wanted` (a goal's `content_type`), else the operation's preferred one. `wanted` must be a
 * concrete type the operation declares, or one a declared range covers (`application/merge-patch+json` under `*\/*`);
 * anything else — a range itself included — is refused with the types the operation accepts.
 */
export function chooseBodyMedia(
  contents: readonly MediaContent[],
  wanted: string | undefined,
): BodyMediaChoice | undefined {
  if (wanted === undefined) {
    const preferred = preferredContent(contents);
    return preferred === undefined ? undefined : { ok: true, media: sentMedia(preferred) };
  }
  const refused: BodyMediaChoice = { ok: false, accepted: contents.map((c) => c.mediaType) };
  if (isMediaRange(wanted)) return refused;
  const exact = contents.find((c) => bareMediaType(c.mediaType) === bareMediaType(wanted));
  if (exact !== undefined) return { ok: true, media: sentMedia(exact) };
  const covering = contents.find((c) => mediaTypeCovers(c.mediaType, wanted));
  return covering === undefined
    ? refused
    : { ok: true, media: { content: covering, mediaType: wanted, kind: mediaKind(wanted) } };
}

/** Media that are text a model writes as it is (LGTM's `application/x-yaml` project config, an XML document). */
const TEXT_MEDIA = /xml|yaml|javascript|ecmascript|sql|graphql|csv|jwt/i;
/** Keywords that give a schema a shape other than a string's. */
const SHAPED = ["$ref", "allOf", "oneOf", "anyOf", "not", "enum", "const", "properties", "items"];

/**
 * A raw-bytes body (Orthanc's `POST /instances`, `application/dicom` with `{description: "DICOM file to be uploaded"}`;
 * a `{type: string, format: binary}` upload) as the model can give it: base64 text the runtime decodes to the bytes
 * sent. A model writes JSON, so a string it gives is text: sent as is, a DICOM file or a ZIP is corrupted, and a
 * schema with no type invites a file name or path, which the server would store as the file. A schema saying the body
 * is already text of some kind (`format: byte`, a `contentEncoding`, a non-string type), or text media (YAML, XML), is
 * left as the spec has it.
 */
export function bytesTyped(media: { kind: BodyKind; mediaType: string }, schema: JsonSchema): JsonSchema | undefined {
  if (media.kind !== "binary" || TEXT_MEDIA.test(media.mediaType) || typeof schema !== "object") return undefined;
  if (SHAPED.some((k) => k in schema) || schema["contentEncoding"] !== undefined) return undefined;
  const type = schema["type"];
  if (type !== undefined && type !== "string") return undefined;
  const format = schema["format"];
  if (format !== undefined && format !== "binary") return undefined;
  const { format: _, ...rest } = schema;
  const said = typeof schema["description"] === "string" ? schema["description"].trim() : "";
  const what = `The file's bytes (${media.mediaType}), base64-encoded (RFC 4648)`;
  const told = `${what}; a file name, path or URL is not sent.`;
  return {
    ...rest,
    type: "string",
    contentEncoding: "base64",
    contentMediaType: media.mediaType,
    minLength: 1,
    description: said === "" ? told : `${said.replace(/[.\s]*$/, ".")} ${told}`,
  };
}
