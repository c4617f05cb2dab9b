// Turns OAS 3 and Swagger 2 Responses objects into ResponseModels and picks the success response.
import type { JsonSchema, ResponseModel } from "../model/api-model.js";
import { join } from "../util/pointer.js";
import { deref, entriesAt, type IngestContext, type Located } from "./context.js";
import { contentKind, contentsToModel, withoutServerReturnTypes } from "./media.js";
import { swagger2Schema } from "./parameters.js";
import { optional, recordOf, setEntry, stringOf } from "./walk.js";

type Headers = ResponseModel["headers"];

/** An OAS 3 Response object (dereferenced) → ResponseModel. */
export function responseToModel(ctx: IngestContext, input: { status: string; response: Located }): ResponseModel {
  const { node, pointer } = input.response;
  const headers: Record<string, Headers[string]> = {};
  for (const [name, raw, at] of entriesAt(node["headers"], join(pointer, "headers"))) {
    const header = deref(ctx, raw, at);
    if (header === undefined) continue;
    const media = recordOf(Object.values(recordOf(header.node["content"]))[0]);
    const source = header.node["schema"] ?? media["schema"];
    setEntry(headers, name, {
      schema: source === undefined ? {} : ctx.schemas.schemaOf(source),
      ...optional("description", stringOf(header.node["description"])),
      required: header.node["required"] === true,
    });
  }
  return {
    status: input.status,
    description: stringOf(node["description"]) ?? "",
    contents: withoutServerReturnTypes(ctx, contentsToModel(ctx, node["content"], join(pointer, "content"))),
    headers,
    pointer,
  };
}

/** A Swagger 2 Response object → ResponseModel: its one schema served as each `produces` media type. */
export function swagger2ResponseToModel(
  ctx: IngestContext,
  input: { status: string; response: Located; produces: readonly string[] },
): ResponseModel {
  const { node, pointer } = input.response;
  const examples = recordOf(node["examples"]);
  const schema: JsonSchema | undefined = "schema" in node ? ctx.schemas.schemaOf(node["schema"]) : undefined;
  const contents =
    schema === undefined
      ? []
      : input.produces.map((mediaType) => ({
          mediaType,
          kind: contentKind(ctx, mediaType, schema),
          schema,
          examples: mediaType in examples ? [examples[mediaType]] : [],
          pointer: join(pointer, "schema"),
        }));
  const headers: Record<string, Headers[string]> = {};
  for (const [name, raw] of Object.entries(recordOf(node["headers"]))) {
    const header = recordOf(raw);
    setEntry(headers, name, {
      schema: ctx.schemas.schemaOf(swagger2Schema(header)),
      ...optional("description", stringOf(header["description"])),
      required: false,
    });
  }
  return {
    status: input.status,
    description: stringOf(node["description"]) ?? "",
    contents: withoutServerReturnTypes(ctx, contents),
    headers,
    pointer,
  };
}

/** Rank of a status for success: explicit 2xx codes by number, then `2XX`; anything else is not a success. */
function successRank(status: string): number | undefined {
  if (/^2\d\d$/.test(status)) return Number(status);
  return status.toUpperCase() === "2XX" ? 300 : undefined;
}

/** The lowest 2xx with content, else the lowest 2xx, else `default` (see `Operation.success`). */
export function pickSuccess(responses: readonly ResponseModel[]): ResponseModel | undefined {
  const ranked = responses
    .map((response) => ({ response, rank: successRank(response.status) }))
    .filter((r): r is { response: ResponseModel; rank: number } => r.rank !== undefined)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => r.response);
  return ranked.find((r) => r.contents.length > 0) ?? ranked[0] ?? responses.find((r) => r.status === "default");
}
