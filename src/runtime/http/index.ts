// The HTTP module's surface: settings from the environment, the transport, and the serialisation helpers it uses.
export { createTransport } from "./transport.js";
export { resolveTransportSettings, resolveCredentials, DEFAULT_MAX_RESPONSE_BYTES } from "./settings.js";
export { resolveBaseUrl, TransportConfigError } from "./server-url.js";
export { prepareRequest } from "./prepare.js";
export {
  serializeParams,
  pathValueProblem,
  headerValueProblem,
  type SerializedParams,
  type Checked,
} from "./params.js";
export { styleSingle, stylePairs, normalize, type StyleInput } from "./style.js";
export { encodeComponent, encodeReserved } from "./encode.js";
export { encodeBody, type EncodedBody } from "./body.js";
export { buildUrl } from "./url.js";
export { declaredJson, parseBody, readBody } from "./read-body.js";
export {
  DEFAULT_RETRY,
  decideRetry,
  parseRetryAfter,
  type NoAnswer,
  type RetryDecision,
} from "./retry.js";
export { isIdempotent, repeatsSafely, type StepEffect } from "./repeats.js";
export { MAX_REDIRECTS } from "./send.js";
export type {
  Attempt,
  AttemptHook,
  HttpOutcome,
  HttpResponse,
  OperationRequest,
  PreparedRequest,
  RetryPolicy,
  Transport,
  TransportSettings,
} from "./types.js";
