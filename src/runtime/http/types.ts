// The transport's data contract: one evaluated operation call in, one HTTP outcome (or error object) out.
import type { ErrorDetail } from "../errors.js";
import type { ResultMedia } from "../media.js";
import type { Redactor } from "../redact.js";
import type { BodySpec, Credential, ParamSpec, StepSpec, ToolsetSpec } from "../types.js";

/** One API call with every value already evaluated; an `undefined` (or `null`) parameter value means "omit". */
export interface OperationRequest {
  readonly step: StepSpec;
  readonly params: readonly { readonly spec: ParamSpec; readonly value: unknown }[];
  readonly body?: { readonly spec: BodySpec; readonly value: unknown };
}

/** The response as the executor evaluates it (`$statusCode`, `$response.header.*`, `$response.body#/…`, `$url`). */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Headers;
  /**
   * Parsed JSON, text, a `{ content_type, byte_length }` note for binary content (with `not_delivered` on a 2xx), or
   * `undefined` for no content.
   */
  readonly body: unknown;
  /** Final URL after redirects, without credentials. */
  readonly url: string;
  /** A 2xx image or audio answer's bytes within `MAX_MEDIA_BYTES`, beside the note `body` (never inside it). */
  readonly media?: ResultMedia;
}

/**
 * Success: any 2xx answer. Failure: an error object without `step`/`completed_steps` (the executor adds those);
 * when the API answered, `response` carries the answer so Arazzo failure criteria can still look at it.
 */
export type HttpOutcome =
  | ({ readonly ok: true } & HttpResponse)
  | { readonly ok: false; readonly error: ErrorDetail; readonly response?: HttpResponse };

/** Retries on 429/503 of idempotent calls and of writes carrying the idempotency key the runtime set. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 2). */
  readonly maxRetries: number;
  /**
   * Longest wait honoured; a longer Retry-After ends the call with the error and `retry_after_seconds` (default 10 s).
   */
  readonly maxWaitMs: number;
  /** Backoff without Retry-After: base × 2^attempt (default 500 ms). */
  readonly baseDelayMs: number;
}

/** Everything a transport needs, resolved once (see `resolveTransportSettings`). */
export interface TransportSettings {
  readonly toolset: ToolsetSpec;
  /** Absolute http(s) base URL; default: the toolset's first server with its variables' defaults. */
  readonly baseUrl?: string;
  /**
   * Scheme name → credential (apiKey value, bearer token, `user:password`; for oauth2 also `client_id:client_secret` or
   * the parts).
   */
  readonly credentials: Readonly<Record<string, Credential>>;
  /** The operator's region and signing name for AWS Signature Version 4 (`AWS_REGION`, `PREFIX_SIGNING_SERVICE`). */
  readonly signing?: { readonly region?: string; readonly service?: string };
  readonly fetch: typeof fetch;
  /** Deadline of one call, retries, redirects and body reading included. */
  readonly timeoutMs: number;
  /** Ceiling of a raw (decompressed) response body; larger answers fail as UPSTREAM_ERROR. */
  readonly maxResponseBytes: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Clock for token expiry and Retry-After dates (tests). */
  readonly now?: () => number;
  /** Wraps every physical request of a call (the runtime's HTTP client spans). */
  readonly onAttempt?: AttemptHook;
}

/**
 * One physical request: a call's first, a retry on 429/503, the repeat after a token refresh, a redirect, or a request
 * to an OAuth2 token endpoint.
 */
export interface Attempt {
  readonly method: string;
  /** The URL as sent, credential query pairs included (redact it before recording it). */
  readonly url: URL;
  /**
   * The path template of `url`: the base URL's path + the operation's path, or a token endpoint's own path; undefined
   * for a redirect's target.
   */
  readonly template?: string;
  /** Requests of the same call sent before this one (`http.request.resend_count`); 0 for a token request. */
  readonly resendCount: number;
}

/**
 * Sends one physical request through `send`, which adds `headers` (e.g. the W3C trace context) to it; may observe the
 * response or the throw, and must hand back what `send` gave.
 */
export type AttemptHook = (
  attempt: Attempt,
  send: (headers: readonly (readonly [string, string])[]) => Promise<Response>,
) => Promise<Response>;

/** Sends operation calls; never throws. */
export interface Transport {
  call(request: OperationRequest, signal?: AbortSignal): Promise<HttpOutcome>;
  /** Scrubs every configured credential and every fetched token (for errors and audit records). */
  readonly redact: Redactor;
  /** The resolved absolute base URL, with any credential variable of the server URL left as `{name}`. */
  readonly baseUrl: string;
  /**
   * The error a step would get for want of a configured credential, found without sending or fetching anything
   * (undefined when it can be sent): an approval is not asked for a write that cannot be sent.
   */
  unsendable?(step: Pick<StepSpec, "operationId" | "security">): ErrorDetail | undefined;
}

/** A request after serialisation, before credentials: what the argument checks have already approved. */
export interface PreparedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: readonly (readonly [string, string])[];
  readonly cookies: readonly string[];
  readonly body?: NonNullable<RequestInit["body"]>;
  /** Content-Type of the body; undefined for FormData (fetch writes the boundary) and for no body. */
  readonly contentType?: string;
  /** The Accept header the step's documented answer types call for; undefined: the runtime's own. */
  readonly accept?: string;
  /** Whether the body may be sent again (string, URLSearchParams, FormData, Blob, bytes). */
  readonly replayable: boolean;
}
