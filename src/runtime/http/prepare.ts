// An OperationRequest → a PreparedRequest (method, checked URL, headers, cookies, body), or INVALID_ARGUMENT unsent.
import { isRecord } from "../types.js";
import type { OperationRequest, PreparedRequest } from "./types.js";
import { encodeBody } from "./body.js";
import { invalidArgument, serializeParams, type Checked } from "./params.js";
import { buildUrl } from "./url.js";

/** Serialises parameters and body against the base URL; every argument check happens here, before any I/O. */
export function prepareRequest(request: OperationRequest, base: URL): Checked<PreparedRequest> {
  const params = serializeParams(request.params);
  if (!params.ok) return params;
  const url = buildUrl(base, request.step.path, params.value.path, params.value.query);
  if (!url.ok) return url;
  const body = request.body ? encodeBody(request.body.spec, request.body.value) : { ok: true as const, value: {} };
  if (!body.ok) return body;
  const replayable = !(body.value.body instanceof ReadableStream);
  return {
    ok: true,
    value: {
      method: request.step.method.toUpperCase(),
      url: url.value,
      headers: params.value.headers,
      cookies: params.value.cookies,
      replayable,
      ...(request.step.accept === undefined ? {} : { accept: request.step.accept }),
      ...(body.value.body !== undefined ? { body: body.value.body } : {}),
      ...(body.value.contentType !== undefined ? { contentType: body.value.contentType } : {}),
    },
  };
}

/**
 * The prepared request with the credential fields an API takes in its body (Mandrill's `key`) set in the body object,
 * replacing any of the same name; the request as it was when there are none. A body that is not an object of fields
 * cannot carry them: INVALID_ARGUMENT, unsent.
 */
export function withBodyCredentials(
  request: OperationRequest,
  prepared: PreparedRequest,
  fields: readonly (readonly [string, string])[],
): Checked<PreparedRequest> {
  if (fields.length === 0) return { ok: true, value: prepared };
  const given = request.body?.value;
  if (given !== undefined && (!isRecord(given) || given instanceof Blob))
    return invalidArgument(
      `${request.step.operationId} takes its credential as a field of the request body, which is not an object ` +
        "of fields.",
      "Pass the request body as an object.",
    );
  const spec = request.body?.spec ?? {
    mediaType: "application/json",
    kind: "json" as const,
    value: { kind: "literal" as const, value: null },
  };
  const body = encodeBody(spec, { ...given, ...Object.fromEntries(fields) });
  if (!body.ok) return body;
  const { body: _old, contentType: _type, ...rest } = prepared;
  return {
    ok: true,
    value: {
      ...rest,
      replayable: !(body.value.body instanceof ReadableStream),
      ...(body.value.body !== undefined ? { body: body.value.body } : {}),
      ...(body.value.contentType !== undefined ? { contentType: body.value.contentType } : {}),
    },
  };
}
