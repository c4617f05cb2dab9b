// Turns the `paths` object into model Operations: one per path + method, parameters merged, ids assigned.
import type {
  HttpMethod,
  Operation,
  OperationSummary,
  Parameter,
  RequestBody,
  ResponseModel,
  Server,
} from "../model/api-model.js";
import { join } from "../util/pointer.js";
import { deref, entriesAt, type IngestContext, type Located, type RawOperation } from "./context.js";
import { documentKeys, keyOf } from "./every-call-keys.js";
import { assignOperationIds, type AssignedId } from "./operation-ids.js";
import { checkPathTemplate, operationParameters } from "./operation-parameters.js";
import { borrowedListFilters } from "./list-filters.js";
import { withoutBorrowedDescriptions } from "./borrowed-path-descriptions.js";
import { queryParametersFromPath, withoutQuery } from "./path-query.js";
import { sendableBody } from "./read-body.js";
import { withSlashedPaths } from "./resource-paths.js";
import { requestBodyToModel } from "./request-body.js";
import { withoutFragment } from "./safety.js";
import { pickSuccess, responseToModel, swagger2ResponseToModel } from "./responses.js";
import { withStringIds } from "./string-ids.js";
import { withJsonSuffix } from "./format-suffix.js";
import { bearerAlternatives, bearerSchemes, schemeAliases, withoutAliases } from "./scheme-aliases.js";
import { securityRequirementsToModel } from "./security.js";
import { serversToModel } from "./servers.js";
import { swagger2MediaTypes } from "./request-body.js";
import { arrayOf, extensionsOf, isRecord, optional, stringOf } from "./walk.js";

/** Methods in the order operations of one path are listed. */
export const HTTP_METHODS: readonly HttpMethod[] = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
];

/** Every operation in `paths`, paths in spec order, methods in HTTP_METHODS order; malformed entries diagnosed. */
function collectOperations(ctx: IngestContext): RawOperation[] {
  const paths = ctx.document["paths"];
  if (paths === undefined) {
    if (ctx.dialect !== "openapi-3.1")
      ctx.reporter.report("SPEC_INVALID_STRUCTURE", "", { message: "the document has no `paths` object" });
    return [];
  }
  if (!isRecord(paths)) {
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", "/paths", {
      message: "`paths` must be an object mapping path templates to path items",
    });
    return [];
  }
  const found: RawOperation[] = [];
  for (const [path, raw, pointer] of entriesAt(paths, "/paths")) {
    if (path.startsWith("x-")) continue;
    if (!path.startsWith("/"))
      ctx.reporter.report("SPEC_INVALID_STRUCTURE", pointer, { message: `path "${path}" must start with "/"` });
    const pathItem = deref(ctx, raw, pointer);
    if (pathItem === undefined) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem.node[method];
      if (operation === undefined) continue;
      const at = join(pathItem.pointer, method);
      if (isRecord(operation)) found.push({ path, method, pathItem, operation: { node: operation, pointer: at } });
      else
        ctx.reporter.report("SPEC_INVALID_STRUCTURE", at, {
          message: `${method.toUpperCase()} ${path} must be an Operation object`,
        });
    }
  }
  return found;
}

/** One operation as found in the spec, with its summary: what working out its details starts from. */
export interface SummarisedOperation {
  readonly raw: RawOperation;
  readonly summary: OperationSummary;
}

/** All operations of the document with unique ids (duplicates diagnosed), details not yet worked out. */
export function operationSummaries(ctx: IngestContext): SummarisedOperation[] {
  const raws = collectOperations(ctx);
  const called = raws.map((raw) => `${raw.method} ${withoutQuery(withoutFragment(raw.path))}`);
  const counts = new Map<string, number>();
  for (const c of called) counts.set(c, (counts.get(c) ?? 0) + 1);
  const ids = assignOperationIds(
    raws.map((raw, i) => ({
      method: raw.method,
      // A query string in the path names the id only where it tells twins apart (`/x?a={a}`, `/x?b={b}`).
      path: (counts.get(called[i] as string) ?? 0) > 1 ? raw.path : withoutQuery(withoutFragment(raw.path)),
      pointer: raw.operation.pointer,
      ...optional("operationId", stringOf(raw.operation.node["operationId"])),
    })),
    ctx.reporter,
  );
  return raws.map((raw, i) => ({ raw, summary: summaryOf(ctx, raw, ids[i] as AssignedId) }));
}

/** All operations of the document, details worked out operation by operation. */
export function operationsToModel(ctx: IngestContext): Operation[] {
  return operationSummaries(ctx).map((operation) => operationToModel(ctx, operation));
}

/** One spec operation → OperationSummary: id, method, path, texts, tags, effective security, servers. */
function summaryOf(ctx: IngestContext, raw: RawOperation, id: AssignedId): OperationSummary {
  const { method, pathItem, operation } = raw;
  const { node, pointer } = operation;
  const servers: Server[] | undefined =
    ctx.dialect === "swagger-2.0"
      ? undefined
      : (serversToModel(node["servers"]) ?? serversToModel(pathItem.node["servers"]));
  return Object.freeze({
    id: id.id,
    idSynthesized: id.synthesized,
    ...optional("idName", id.name),
    method,
    path: withoutQuery(withoutFragment(raw.path)),
    ...optional("summary", stringOf(node["summary"]) ?? stringOf(pathItem.node["summary"])),
    ...optional("description", stringOf(node["description"]) ?? stringOf(pathItem.node["description"])),
    tags: arrayOf(node["tags"]).filter((t): t is string => typeof t === "string"),
    deprecated: node["deprecated"] === true,
    security: bearerAlternatives(
      withoutAliases(
        securityRequirementsToModel(Array.isArray(node["security"]) ? node["security"] : ctx.document["security"]),
        schemeAliases(ctx),
      ),
      bearerSchemes(ctx),
    ),
    ...optional("servers", servers),
    extensions: extensionsOf(node),
    pointer,
  });
}

/**
 * The summary with its parameters (merged with the path's), request body and responses, structural findings reported
 * through `ctx`; the keys in the order an Operation has always listed them (details after `deprecated`).
 */
export function operationToModel(ctx: IngestContext, { raw, summary }: SummarisedOperation): Operation {
  const declared = operationParameters(ctx, raw);
  const { requestBody } = declared;
  const withQuery = queryParametersFromPath(ctx, {
    template: withoutFragment(raw.path),
    parameters: declared.parameters,
    pointer: summary.pointer,
  });
  checkPathTemplate(ctx, { path: summary.path, parameters: withQuery, pointer: summary.pointer });
  const { body, unsendable } = sendableBody(ctx, summary, requestBody ?? openapiRequestBody(ctx, raw.operation));
  const borrowed = borrowedListFilters(ctx, raw, withQuery, body !== undefined);
  if (borrowed.size > 0) {
    ctx.reporter.report("SPEC_LIST_FILTERS_DROPPED", summary.pointer, {
      message: `${summary.method.toUpperCase()} ${summary.path} declares no request body and only the query parameters of the list beside it (${[...borrowed].join(", ")}), without its paging: read as filters copied from that list, which a write neither filters by nor sends as fields; the tool offers none of them`,
    });
  }
  const keys = documentKeys(ctx);
  const parameters = withSlashedPaths(
    ctx,
    summary.path,
    withoutBorrowedDescriptions(
      ctx,
      summary.path,
      withQuery.filter((p) => !(p.in === "query" && borrowed.has(p.name))),
    ).map((p) => (keys.has(keyOf(p)) ? { ...p, everyCallKey: true as const } : p)),
  );
  const responses = responsesToModel(ctx, raw.operation);
  const success = pickSuccess(responses);
  const { security, servers, extensions, pointer, ...head } = summary;
  return Object.freeze({
    ...head,
    parameters: withStringIds(ctx, summary.path, withJsonSuffix(ctx, summary.path, parameters, success), success),
    ...optional("requestBody", body),
    responses,
    ...optional("success", success),
    ...(borrowed.size === 0 ? {} : { listFiltersDropped: [...borrowed] }),
    ...(unsendable ? { bodyUnsendable: true as const } : {}),
    security,
    ...optional("servers", servers),
    extensions,
    pointer,
  });
}

function openapiRequestBody(ctx: IngestContext, operation: Located): RequestBody | undefined {
  if (ctx.dialect === "swagger-2.0" || operation.node["requestBody"] === undefined) return undefined;
  const body = deref(ctx, operation.node["requestBody"], join(operation.pointer, "requestBody"));
  return body && requestBodyToModel(ctx, body);
}

/** The Responses object → ResponseModels in spec order (`x-*` skipped); a missing one is reported. */
function responsesToModel(ctx: IngestContext, operation: Located): ResponseModel[] {
  const at = join(operation.pointer, "responses");
  const responses = operation.node["responses"];
  if (!isRecord(responses)) {
    if (responses !== undefined || ctx.dialect !== "openapi-3.1") {
      ctx.reporter.report("SPEC_INVALID_STRUCTURE", responses === undefined ? operation.pointer : at, {
        severity: responses === undefined ? "warning" : "error",
        message:
          responses === undefined
            ? "the operation has no `responses`; its result is untyped"
            : "`responses` must be an object keyed by status code",
      });
    }
    return [];
  }
  const produces = swagger2MediaTypes(operation.node, ctx.document, "produces");
  const models: ResponseModel[] = [];
  for (const [status, raw, pointer] of entriesAt(responses, at)) {
    if (status.startsWith("x-")) continue;
    const response = deref(ctx, raw, pointer);
    if (response === undefined) continue;
    models.push(
      ctx.dialect === "swagger-2.0"
        ? swagger2ResponseToModel(ctx, { status, response, produces })
        : responseToModel(ctx, { status, response }),
    );
  }
  return models;
}

export type { Parameter };
