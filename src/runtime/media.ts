// An image or audio answer's bytes → a result's attachment, kept out of its JSON, for a server that can hand them on.

/** Largest image or audio answer attached to a result (1 MiB); a larger one keeps the `not_delivered` note. */
export const MAX_MEDIA_BYTES = 1024 * 1024;

/** Image types model clients read (PNG, JPEG, GIF, WebP); other images (SVG, TIFF, BMP, icons) are not attached. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * The bytes of an image or audio answer, beside (never inside) the result's JSON: only an MCP server hands them on, as
 * an `image` or `audio` content block; every other consumer reads the note, which says they were not delivered.
 */
export interface ResultMedia {
  readonly kind: "image" | "audio";
  /** The answer's media type, without parameters (`audio/mpeg`, `image/png`). */
  readonly mimeType: string;
  readonly bytes: Uint8Array;
}

/** Where a result carries its media: a symbol key, not enumerable, so JSON, spreads and copies leave it behind. */
export const RESULT_MEDIA: unique symbol = Symbol.for("aci.resultMedia");

/** The content block a media type would travel in (audio, or an image of a type models read), else undefined. */
export function attachableKind(contentType: string): ResultMedia["kind"] | undefined {
  const mimeType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (/^audio\/[\w.+-]+$/.test(mimeType)) return "audio";
  return IMAGE_TYPES.has(mimeType) ? "image" : undefined;
}

/** The answer's bytes as media to attach when their type is audio or a readable image and they fit the limit. */
export function deliverableMedia(contentType: string, bytes: Uint8Array | undefined): ResultMedia | undefined {
  if (bytes === undefined || bytes.byteLength === 0 || bytes.byteLength > MAX_MEDIA_BYTES) return undefined;
  const kind = attachableKind(contentType);
  const mimeType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return kind === undefined ? undefined : { kind, mimeType, bytes };
}

const NOTE_KEYS = new Set(["content_type", "byte_length", "not_delivered"]);

/**
 * Whether a result is the binary answer's note for these bytes, and nothing else: the media are attached only where
 * the model reads that note, never beside a projection that took other fields or a note of another answer.
 */
function isNoteOf(result: Readonly<Record<string, unknown>>, media: ResultMedia): boolean {
  const keys = Object.keys(result);
  return (
    keys.length === NOTE_KEYS.size &&
    keys.every((key) => NOTE_KEYS.has(key)) &&
    typeof result["not_delivered"] === "string" &&
    result["byte_length"] === media.bytes.byteLength &&
    String(result["content_type"]).toLowerCase() === media.mimeType
  );
}

/** The result carrying `media` (a non-enumerable symbol property) when it is their note; the result as is otherwise. */
export function withMedia<T extends object>(result: T, media: ResultMedia | undefined): T {
  if (media === undefined || !isNoteOf(result as Record<string, unknown>, media)) return result;
  Object.defineProperty(result, RESULT_MEDIA, { value: media, enumerable: false, configurable: true });
  return result;
}

/** The media a result carries, if any. */
export function mediaOf(result: object): ResultMedia | undefined {
  return (result as { [RESULT_MEDIA]?: ResultMedia })[RESULT_MEDIA];
}

/**
 * The note as the model reads it when the bytes travel with it as a content block: `attached` in place of
 * `not_delivered`, saying what came, in which block, and that perceiving it is up to the client.
 */
export function attachedNote(result: Readonly<Record<string, unknown>>, media: ResultMedia): Record<string, unknown> {
  const { not_delivered: _, ...note } = result;
  const attached =
    `The API answered with ${media.bytes.byteLength} bytes of ${media.mimeType}; they are attached to this result, ` +
    `after this text, as an MCP ${media.kind} content block (base64 data, mimeType ${media.mimeType}). ` +
    `Whether you can ${media.kind === "image" ? "see" : "hear"} it depends on your client: describe only what you ` +
    "perceive of it, and do not say it was saved anywhere.";
  return { ...note, attached };
}

/**
 * The member a stored outcome keeps its media in (base64), so a call approved in the queue and fetched later by its
 * `request_id` hands on the same bytes; never shown to the model or an operator (see `shownStored`, `fromStored`).
 */
export const STORED_MEDIA_KEY = "__aci_media";

const isStoredMedia = (value: unknown): value is { kind: ResultMedia["kind"]; mimeType: string; data: string } => {
  if (typeof value !== "object" || value === null) return false;
  const { kind, mimeType, data } = value as Record<string, unknown>;
  return (kind === "image" || kind === "audio") && typeof mimeType === "string" && typeof data === "string";
};

/** The result as a store keeps it: its media, when it carries some, as a base64 member beside the note. */
export function toStored<T extends object>(result: T): T {
  const media = mediaOf(result);
  if (media === undefined) return result;
  const data = Buffer.from(media.bytes).toString("base64");
  return { ...result, [STORED_MEDIA_KEY]: { kind: media.kind, mimeType: media.mimeType, data } };
}

/** A stored result without its media member, for showing to an operator (the note says what came). */
export function shownStored<T extends object>(result: T): T {
  if (!Object.hasOwn(result, STORED_MEDIA_KEY)) return result;
  const { [STORED_MEDIA_KEY]: _, ...rest } = result as Record<string, unknown>;
  return rest as T;
}

/** A stored result as the tool answers it: the note, carrying its media again when the store kept them. */
export function fromStored<T extends object>(result: T): T {
  if (!Object.hasOwn(result, STORED_MEDIA_KEY)) return result;
  const stored = (result as Record<string, unknown>)[STORED_MEDIA_KEY];
  const note = shownStored(result);
  if (!isStoredMedia(stored)) return note;
  const bytes = new Uint8Array(Buffer.from(stored.data, "base64"));
  return withMedia(note, { kind: stored.kind, mimeType: stored.mimeType, bytes });
}
