// The auth module's data contract: credentials applied to one request, or the reason none could be.
import type { ErrorDetail } from "../errors.js";
import type { StepSpec } from "../types.js";
import type { RequestSigner } from "./sigv4.js";

/** Credentials to add to a request; all of it is dropped on a redirect to another origin. */
export interface AppliedAuth {
  readonly headers: readonly (readonly [string, string])[];
  /** Encoded `name=value` query pairs. */
  readonly query: readonly string[];
  /** Query parameter names that carry credentials (removed from cross-origin redirect targets). */
  readonly queryNames: readonly string[];
  /** `name=value` cookie pairs. */
  readonly cookies: readonly string[];
  /** Fields set in the request body, replacing any of the same name. */
  readonly bodyFields: readonly (readonly [string, string])[];
  /** Schemes whose token came from a token endpoint: a 401 fetches a new one once. */
  readonly refreshable: readonly string[];
  /** Environment variables of the schemes used, for a 401's suggestion. */
  readonly variables: readonly string[];
  /** Of those, the ones sent as the whole `Authorization` header value (no prefix known), for a 401's suggestion. */
  readonly wholeAuthorization?: readonly string[];
  /** The words the API description writes those values with (`Basic`), not added: the variable must hold them. */
  readonly writtenWords?: readonly string[];
  /** Signs each request right before it is sent (AWS Signature Version 4), after everything else is set. */
  readonly sign?: RequestSigner;
  /** What the signature is made for and where each part is set, for the suggestion when the API refuses it. */
  readonly signedFor?: string;
}

/** Credentials for a call, or UNAUTHORIZED / token-endpoint failure before anything is sent. */
export type AuthOutcome =
  | { readonly ok: true; readonly auth: AppliedAuth }
  | { readonly ok: false; readonly error: ErrorDetail };

/**
 * Applies the toolset's credentials to steps; network failures of a token endpoint are thrown for the caller to
 * classify.
 */
export interface Authenticator {
  authorize(
    step: Pick<StepSpec, "operationId" | "security">,
    signal?: AbortSignal,
    options?: { readonly refresh?: boolean },
  ): Promise<AuthOutcome>;
  /** Every credential and every token fetched so far, for redaction. */
  secrets(): string[];
  /** The error a step gets for want of a configured credential, found without fetching anything; undefined if none. */
  missing(step: Pick<StepSpec, "operationId" | "security">): ErrorDetail | undefined;
}

/** No credentials at all (an operation without security). */
export const NO_AUTH: AppliedAuth = {
  headers: [],
  query: [],
  queryNames: [],
  cookies: [],
  bodyFields: [],
  refreshable: [],
  variables: [],
};
