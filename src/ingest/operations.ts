// Turns the `paths` object into model Operations: one per path + method, parameters merged, ids assigned.
import type { HttpMethod, Operation, Parameter, RequestBody, ResponseModel, Server } from "../model/api-model.js";
import { join } from "../util/pointer.js";
import { deref, entriesAt, type IngestContext, type Located, type RawOperation } from "./context.js";
import { assignOperationIds, type AssignedId } from "./operation-ids.js";
import { checkPathTemplate, operationParameters } from "./operation-parameters.js";
import { requestBodyToModel } from "./request-body.js";
import { withoutFragment } from "./safety.js";
import { pickSuccess, responseToModel, swagger2ResponseToModel } from "./responses.js";
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

/**
 * All operations of the document, with unique ids (duplicates diagnosed). With `lazy`, each operation's parameters,
 * request body and responses (and the structural findings in them) are only worked out when one of them is first
 * read; otherwise all of them now, operation by operation.
 */
export function operationsToModel(ctx: IngestContext, options: { readonly lazy?: boolean } = {}): Operation[] {
  const raws = collectOperations(ctx);
  const ids = assignOperationIds(
    raws.map((raw) => ({
      method: raw.method,
      path: raw.path,
      pointer: raw.operation.pointer,
      ...optional("operationId", stringOf(raw.operation.node["operationId"])),
    })),
    ctx.reporter,
  );
  return raws.map((raw, i) => operationToModel(ctx, { raw, id: ids[i] as AssignedId }, options));
}

/** The parts of an Operation that cost a walk of its parameters, body and responses (and may report findings). */
interface OperationDetails {
  readonly parameters: readonly Parameter[];
  readonly requestBody?: RequestBody;
  readonly responses: readonly ResponseModel[];
  readonly success?: ResponseModel;
}

const DETAIL_KEYS = ["parameters", "requestBody", "responses", "success"] as const;

/**
 * One spec operation → Operation: parameters merged with the path's, body, responses, effective security. With
 * `lazy`, the details are getters that work all four out on the first read of any, then become plain properties
 * (an absent body or success is deleted), so a forced Operation has the same keys, in the same order, as an eager one.
 */
function operationToModel(
  ctx: IngestContext,
  input: { raw: RawOperation; id: AssignedId },
  options: { readonly lazy?: boolean } = {},
): Operation {
  const { method, pathItem, operation } = input.raw;
  const path = withoutFragment(input.raw.path);
  const { node, pointer } = operation;
  const details = (): OperationDetails => {
    const { parameters, requestBody } = operationParameters(ctx, input.raw);
    checkPathTemplate(ctx, { path, parameters, pointer });
    const body: RequestBody | undefined = requestBody ?? openapiRequestBody(ctx, operation);
    const responses = responsesToModel(ctx, operation);
    return { parameters, requestBody: body, responses, success: pickSuccess(responses) };
  };
  const eager = options.lazy === true ? undefined : details();
  const servers: Server[] | undefined =
    ctx.dialect === "swagger-2.0"
      ? undefined
      : (serversToModel(node["servers"]) ?? serversToModel(pathItem.node["servers"]));
  const summary = stringOf(node["summary"]) ?? stringOf(pathItem.node["summary"]);
  const description = stringOf(node["description"]) ?? stringOf(pathItem.node["description"]);
  let settled: OperationDetails | undefined;
  const settle = (): OperationDetails => {
    if (settled !== undefined) return settled;
    settled = details();
    for (const key of DETAIL_KEYS) {
      if (settled[key] === undefined) Reflect.deleteProperty(model, key);
      else
        Object.defineProperty(model, key, {
          value: settled[key],
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return settled;
  };
  const model: Operation = {
    id: input.id.id,
    idSynthesized: input.id.synthesized,
    method,
    path,
    ...optional("summary", summary),
    ...optional("description", description),
    tags: arrayOf(node["tags"]).filter((t): t is string => typeof t === "string"),
    deprecated: node["deprecated"] === true,
    ...(eager === undefined
      ? { parameters: undefined, requestBody: undefined, responses: undefined, success: undefined } // keys reserved in eager order; the getters below replace them
      : {
          parameters: eager.parameters,
          ...optional("requestBody", eager.requestBody),
          responses: eager.responses,
          ...optional("success", eager.success),
        }),
    security: securityRequirementsToModel(
      Array.isArray(node["security"]) ? node["security"] : ctx.document["security"],
    ),
    ...optional("servers", servers),
    extensions: extensionsOf(node),
    pointer,
  } as Operation;
  if (eager !== undefined) return model;
  return Object.defineProperties(
    model,
    Object.fromEntries(
      DETAIL_KEYS.map((key) => [key, { enumerable: true, configurable: true, get: () => settle()[key] }]),
    ),
  ) as Operation;
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
