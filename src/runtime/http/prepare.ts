// An OperationRequest → a PreparedRequest (method, checked URL, headers, cookies, body), or INVALID_ARGUMENT unsent.
import type { OperationRequest, PreparedRequest } from "./types.js";
import { encodeBody } from "./body.js";
import { serializeParams, type Checked } from "./params.js";
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
      ...(body.value.body !== undefined ? { body: body.value.body } : {}),
      ...(body.value.contentType !== undefined ? { contentType: body.value.contentType } : {}),
    },
  };
}
