// Turns OAS 3 Media Type objects (and their examples and encodings) into MediaContent.
import type { BodyKind, MediaContent, ParameterStyle } from "../model/api-model.js";
import { valueExamples } from "../schema/placeholder-example.js";
import { hasNamedMembers, isAnyBytes, isJsonCapableRange, isStructuredSchema, mediaKind } from "../util/media-type.js";
import { join, resolve, unescapeToken } from "../util/pointer.js";
import { deref, entriesAt, type IngestContext } from "./context.js";
import { COMPONENT_SCHEMAS } from "./schemas.js";
import { isRecord, type JsonRecord, optional, recordOf, setEntry, stringOf } from "./walk.js";

/** Named-schema lookup for `isStructuredSchema` over the ingest context's registry. */
function namedSchemaOf(ctx: IngestContext): (ref: string) => unknown {
  const prefix = "#/components/schemas/";
  return (ref) => (ref.startsWith(prefix) ? ctx.schemas.schema(unescapeToken(ref.slice(prefix.length))) : undefined);
}

/**
 * The body kind of `mediaType` carrying `schema` (see `mediaKind`): a range with an object or array schema is JSON, and
 * so is `application/octet-stream` with an object of named members (Drive's `files.create` declares its `File`
 * metadata under it; raw bytes cannot carry an object, and the API takes those members as JSON).
 */
export function contentKind(ctx: IngestContext, mediaType: string, schema: unknown): BodyKind {
  const named = namedSchemaOf(ctx);
  const structured = isJsonCapableRange(mediaType)
    ? isStructuredSchema(schema, named)
    : isAnyBytes(mediaType) && hasNamedMembers(schema, named);
  return mediaKind(mediaType, structured);
}

/**
 * `example` then the values of `examples` (refs to `components/examples` followed), in spec order; a template's
 * placeholder (`{{PAGE_ID}}`) is no example.
 */
export function examplesOf(ctx: IngestContext, node: JsonRecord, pointer: string): unknown[] {
  const found: unknown[] = "example" in node ? [node["example"]] : [];
  for (const [, raw, at] of entriesAt(node["examples"], join(pointer, "examples"))) {
    const example = deref(ctx, raw, at);
    if (example && "value" in example.node) found.push(example.node["value"]);
  }
  return valueExamples(found);
}

/** One Media Type object → MediaContent; a missing schema means "any value" (`{}`). */
function mediaContentToModel(
  ctx: IngestContext,
  input: { mediaType: string; node: unknown; pointer: string },
): MediaContent {
  const node = recordOf(input.node);
  const encoding = encodingOf(node["encoding"]);
  const schema = "schema" in node ? ctx.schemas.schemaOf(node["schema"]) : {};
  return {
    mediaType: input.mediaType,
    kind: contentKind(ctx, input.mediaType, schema),
    schema,
    examples: examplesOf(ctx, node, input.pointer),
    ...optional("encoding", encoding),
    pointer: input.pointer,
  };
}

/** A `content` map → MediaContent list in spec order. */
export function contentsToModel(ctx: IngestContext, content: unknown, pointer: string): MediaContent[] {
  return entriesAt(content, pointer).map(([mediaType, node, at]) =>
    mediaContentToModel(ctx, { mediaType, node, pointer: at }),
  );
}

/** Media no schema of named fields can describe: bytes of a file, an image, a sound, a video, a mail message. */
const UPLOAD_MEDIA = /^(?:message|image|audio|video)\/|^application\/octet-stream$/i;

/**
 * A request body declared only under upload media (`message/rfc822`, `image/png`, `application/octet-stream`) with one
 * schema of named fields is a JSON document the converter filed under the API's media-upload types: Gmail's
 * `messages.send` lists 20 `message/*` types, each with the JSON `Message` (`raw`, `threadId`, …) that the API takes as
 * `application/json`; Docker's `POST /networks/{id}/connect` its `{Container, EndpointConfig}` under
 * `application/octet-stream`. Bytes have no fields, so such a body is sent as JSON: an `application/json` content is
 * put first (the upload types stay). Named members as `contentKind` counts them for `application/octet-stream`
 * (DigiLocker's upload schema names only its `Content-Type`: bytes).
 */
export function withJsonDocument(ctx: IngestContext, contents: readonly MediaContent[]): MediaContent[] {
  const first = contents[0];
  if (first === undefined || !contents.every((c) => c.kind === "binary" && UPLOAD_MEDIA.test(c.mediaType)))
    return [...contents];
  const same = contents.every((c) => JSON.stringify(c.schema) === JSON.stringify(first.schema));
  if (!same || !hasNamedMembers(first.schema, namedSchemaOf(ctx))) return [...contents];
  return [{ ...first, mediaType: "application/json", kind: "json" }, ...contents];
}

/**
 * A named schema as the document writes it, for reading its member names only: unlike `namedSchemaOf` it normalises
 * nothing, so a lazy ingest of an operation does not normalise the schemas of its answers.
 */
function writtenSchemaOf(ctx: IngestContext): (ref: string) => unknown {
  const prefix = "#/components/schemas/";
  return (ref) =>
    ref.startsWith(prefix)
      ? resolve(ctx.document, `${COMPONENT_SCHEMAS[ctx.dialect]}/${ref.slice(prefix.length)}`)
      : undefined;
}

/** The named fields of an object schema, a `$ref` to a named one followed. */
function fieldNames(schema: unknown, named: (ref: string) => unknown): string[] {
  const resolved = isRecord(schema) && typeof schema["$ref"] === "string" ? named(schema["$ref"]) : schema;
  return isRecord(resolved) && isRecord(resolved["properties"]) ? Object.keys(resolved["properties"]) : [];
}

/**
 * The fields of a web framework's server-side return type, which the converter documented as the answer instead of
 * what it carries: Spring's `ModelAndView` (`model`, `modelMap`, `view`, `viewName`, …: Europeana's every operation,
 * whose answers are `{success, totalResults, items, …}`) and `ResponseEntity` (`body`, `statusCode`,
 * `statusCodeValue`, `headers`: the answer is the body alone).
 */
const SERVER_TYPES: readonly (readonly string[])[] = [
  ["model", "modelMap", "view", "viewName"],
  ["body", "statusCode", "statusCodeValue"],
];

/** Whether an answer schema's fields are those of a server-side return type (all of its fields, at most 3 more). */
export function isServerReturnType(fields: readonly string[]): boolean {
  return SERVER_TYPES.some((type) => type.every((f) => fields.includes(f)) && fields.length <= type.length + 3);
}

/**
 * Answer contents with a server-side return type's schema (see {@link isServerReturnType}) read as undeclared: the
 * model is then told nothing of the answer's shape rather than fields it never has.
 */
export function withoutServerReturnTypes(ctx: IngestContext, contents: readonly MediaContent[]): MediaContent[] {
  const named = writtenSchemaOf(ctx);
  return contents.map((c) => (isServerReturnType(fieldNames(c.schema, named)) ? { ...c, schema: {} } : c));
}

type Encoding = NonNullable<MediaContent["encoding"]>;

function encodingOf(value: unknown): Encoding | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, Encoding[string]> = {};
  for (const [name, raw] of Object.entries(value)) {
    const entry = recordOf(raw);
    setEntry(out, name, {
      ...optional("contentType", stringOf(entry["contentType"])),
      ...optional("style", stringOf(entry["style"]) as ParameterStyle | undefined),
      ...optional("explode", typeof entry["explode"] === "boolean" ? entry["explode"] : undefined),
    });
  }
  return out;
}
