// Turns OAS 3 requestBody objects and Swagger 2 `body` / `formData` parameters into a RequestBody.
import type { MediaContent, ParameterStyle, RequestBody } from "../model/api-model.js";
import { join } from "../util/pointer.js";
import type { IngestContext, Located } from "./context.js";
import { contentKind, contentsToModel, withJsonDocument } from "./media.js";
import { swagger2Schema } from "./parameters.js";
import { optional, recordOf, setEntry, stringOf } from "./walk.js";

const FORM_MEDIA = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Swagger 2 `collectionFormat` of a formData array → the encoding OAS 3 would write for that property. */
const FORM_ENCODINGS: Readonly<Record<string, { style: ParameterStyle; explode: boolean }>> = {
  csv: { style: "form", explode: false },
  ssv: { style: "spaceDelimited", explode: false },
  tsv: { style: "tabDelimited", explode: false },
  pipes: { style: "pipeDelimited", explode: false },
  multi: { style: "form", explode: true },
};

/** An OAS 3 Request Body object (dereferenced) → RequestBody, media types in spec order. */
export function requestBodyToModel(ctx: IngestContext, { node, pointer }: Located): RequestBody {
  return {
    required: node["required"] === true,
    ...optional("description", stringOf(node["description"])),
    contents: withJsonDocument(ctx, contentsToModel(ctx, node["content"], join(pointer, "content"))),
    pointer,
  };
}

/** A Swagger 2 `in: body` parameter → RequestBody with one content per `consumes` media type. */
export function swagger2BodyToRequestBody(
  ctx: IngestContext,
  input: { body: Located; consumes: readonly string[] },
): RequestBody {
  const { node, pointer } = input.body;
  const schema = ctx.schemas.schemaOf(node["schema"] ?? {});
  const example = node["x-example"];
  const contents: MediaContent[] = input.consumes.map((mediaType) => ({
    mediaType,
    kind: contentKind(ctx, mediaType, schema),
    schema,
    examples: example === undefined ? [] : [example],
    pointer: join(pointer, "schema"),
  }));
  return {
    required: node["required"] === true,
    ...optional("description", stringOf(node["description"])),
    contents: withJsonDocument(ctx, contents),
    pointer,
  };
}

/**
 * Swagger 2 `in: formData` parameters → one object-schema RequestBody. Media types are the form types in
 * `consumes`; with none, multipart when a parameter is a file, else urlencoded.
 */
export function swagger2FormDataToRequestBody(
  ctx: IngestContext,
  input: { fields: readonly Located[]; consumes: readonly string[] },
): RequestBody {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const encoding: Record<string, { style: ParameterStyle; explode: boolean }> = {};
  for (const { node } of input.fields) {
    const name = String(node["name"]);
    setEntry(properties, name, { ...swagger2Schema(node), ...optional("description", stringOf(node["description"])) });
    if (node["required"] === true) required.push(name);
    const format = FORM_ENCODINGS[stringOf(node["collectionFormat"]) ?? "csv"];
    if (node["type"] === "array" && format) setEntry(encoding, name, format);
  }
  const hasFile = input.fields.some(({ node }) => node["type"] === "file");
  const declared = input.consumes.filter((type) => FORM_MEDIA.has(type.split(";")[0]?.trim() ?? ""));
  const mediaTypes =
    declared.length > 0 ? declared : [hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded"];
  const schema = ctx.schemas.schemaOf({ type: "object", properties, ...(required.length > 0 ? { required } : {}) });
  const pointer = input.fields[0]?.pointer ?? "";
  const contents: MediaContent[] = mediaTypes.map((mediaType) => ({
    mediaType,
    kind: contentKind(ctx, mediaType, schema),
    schema,
    examples: [],
    ...(Object.keys(encoding).length > 0 ? { encoding } : {}),
    pointer,
  }));
  return { required: required.length > 0, contents, pointer };
}

/** Swagger 2 `consumes`/`produces`: the operation's list wins over the document's; JSON when neither says. */
export function swagger2MediaTypes(operation: unknown, document: unknown, key: "consumes" | "produces"): string[] {
  const own = recordOf(operation)[key];
  const list = Array.isArray(own) ? own : recordOf(document)[key];
  const types = Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  return types.length > 0 ? types : ["application/json"];
}
