// OAuth2 grants (RFC 6749 §4.4 client credentials, §6 refresh) → access tokens, cached until shortly before expiry.
import { Buffer } from "node:buffer";
import { errorDetail, statusToCode, summarizeErrorBody, type ErrorDetail } from "../errors.js";
import { createRedactor } from "../redact.js";
import { discardBody, readBody } from "../http/read-body.js";
import type { OAuth2Grant } from "./oauth2-config.js";

/** A token is renewed this long before it expires: 10% of its lifetime, at most 30 s. */
export function expiryMargin(lifetimeMs: number): number {
  return Math.min(30_000, lifetimeMs / 10);
}

/** A grant that fetches tokens (not a ready access token). */
export type FetchingGrant = Exclude<OAuth2Grant, { readonly kind: "access_token" }>;

/** What a token request needs; `variables` names the settings an operator must fix when the endpoint refuses. */
export interface TokenRequest {
  readonly scheme: string;
  readonly grant: FetchingGrant;
  /** Scopes the operation asks for (client credentials only; a refresh keeps the scopes first granted, §6). */
  readonly scopes: readonly string[];
  readonly variables: string;
  readonly refresh: boolean;
  readonly signal?: AbortSignal;
}

/** A token, or the UNAUTHORIZED / UPSTREAM_ERROR answer of the token endpoint. Network failures are thrown. */
export type TokenOutcome =
  | { readonly ok: true; readonly token: string }
  | { readonly ok: false; readonly error: ErrorDetail };

interface Cached {
  readonly token: string;
  readonly renewAt: number;
}

/** Where tokens come from; `tokens()` lists every token seen (access and rotated refresh tokens), for redaction. */
export interface TokenSource {
  token(request: TokenRequest): Promise<TokenOutcome>;
  tokens(): string[];
}

/** RFC 6749 §2.3.1: client id and secret are form-encoded before they are joined for Basic authentication. */
const formEncode = (text: string): string => encodeURIComponent(text).replaceAll("%20", "+");

function clientAuthorization(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`, "utf8").toString("base64")}`;
}

/** The form and client authentication of one grant; a public client (id, no secret) names itself in the body. */
function grantForm(
  request: TokenRequest,
  refreshToken: string | undefined,
): { body: URLSearchParams; authorization?: string } {
  const grant = request.grant;
  if (grant.kind === "client_credentials") {
    const body = new URLSearchParams({ grant_type: "client_credentials" });
    if (request.scopes.length > 0) body.set("scope", request.scopes.join(" "));
    return { body, authorization: clientAuthorization(grant.clientId, grant.clientSecret) };
  }
  const body = new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken ?? grant.refreshToken });
  if (grant.clientSecret !== undefined && grant.clientId !== undefined)
    return { body, authorization: clientAuthorization(grant.clientId, grant.clientSecret) };
  if (grant.clientId !== undefined) body.set("client_id", grant.clientId);
  return { body };
}

/**
 * A client-credentials request in the JSON body the spec declares: the grant and scopes, and the client's id and
 * secret in the body or in HTTP Basic as the spec's body has them.
 */
function jsonTokenRequest(request: TokenRequest): { body: string; authorization?: string } | undefined {
  const grant = request.grant;
  if (grant.kind !== "client_credentials" || grant.json === undefined) return undefined;
  const inBody = grant.json === "body";
  const body = JSON.stringify({
    grant_type: "client_credentials",
    ...(inBody ? { client_id: grant.clientId, client_secret: grant.clientSecret } : {}),
    ...(request.scopes.length > 0 ? { scope: request.scopes.join(" ") } : {}),
  });
  return inBody ? { body } : { body, authorization: clientAuthorization(grant.clientId, grant.clientSecret) };
}

function tokenInit(request: TokenRequest, refreshToken: string | undefined): RequestInit {
  const json = jsonTokenRequest(request);
  if (json !== undefined)
    return {
      method: "POST",
      headers: {
        ...(json.authorization ? { authorization: json.authorization } : {}),
        "content-type": "application/json",
        accept: "application/json",
      },
      body: json.body,
      redirect: "manual",
      ...(request.signal ? { signal: request.signal } : {}),
    };
  const form = grantForm(request, refreshToken);
  return {
    method: "POST",
    headers: {
      ...(form.authorization ? { authorization: form.authorization } : {}),
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: form.body.toString(),
    redirect: "manual",
    ...(request.signal ? { signal: request.signal } : {}),
  };
}

function tokenFailure(request: TokenRequest, status: number, body: unknown, secrets: string[]): TokenOutcome {
  const code = status >= 500 ? statusToCode(status) : "UNAUTHORIZED";
  const said = summarizeErrorBody(body, createRedactor(secrets));
  const what =
    request.grant.kind === "client_credentials" ? "valid client credentials" : "a valid refresh token (and client id)";
  return {
    ok: false,
    error: errorDetail({
      code,
      status,
      message:
        `The OAuth2 token endpoint of scheme \`${request.scheme}\` answered HTTP ` +
        `${status}${said ? `: ${said}` : ""}.`,
      suggestion:
        code === "UNAUTHORIZED"
          ? `Do not retry; tell the user the operator must set ${what} in ${request.variables}.`
          : undefined,
    }),
  };
}

function tokenOf(body: unknown): { token: string; expiresIn?: number; refreshToken?: string } | undefined {
  if (body === null || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.access_token !== "string" || record.access_token === "") return undefined;
  const expiresIn = Number(record.expires_in);
  const refreshToken =
    typeof record.refresh_token === "string" && record.refresh_token !== "" ? record.refresh_token : undefined;
  return {
    token: record.access_token,
    ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { expiresIn } : {}),
    ...(refreshToken ? { refreshToken } : {}),
  };
}

/** One token per scheme for a refresh grant; per scheme and scope set for client credentials. */
function cacheKey(request: TokenRequest): string {
  const scopes = request.grant.kind === "client_credentials" ? request.scopes.join(" ") : "";
  return `${request.scheme}\u0000${request.grant.kind}\u0000${scopes}`;
}

/**
 * Token endpoint client sharing one cache per transport; concurrent requests for the same token share one fetch.
 * A refresh grant starts from its configured access token, if any, and keeps the newest refresh token the endpoint
 * issued (rotation, §6) in memory only.
 */
export function createTokenSource(options: {
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly maxResponseBytes: number;
}): TokenSource {
  const cache = new Map<string, Cached>();
  const inflight = new Map<string, Promise<TokenOutcome>>();
  const rotated = new Map<string, string>();
  const seeded = new Set<string>();
  const seen = new Set<string>();

  async function fetchToken(request: TokenRequest, key: string): Promise<TokenOutcome> {
    const refreshToken = rotated.get(request.scheme);
    const secrets = [
      ...seen,
      ...(request.grant.kind === "client_credentials"
        ? [request.grant.clientSecret]
        : [
            request.grant.refreshToken,
            ...(request.grant.clientSecret === undefined ? [] : [request.grant.clientSecret]),
          ]),
    ];
    const started = options.now();
    const response = await options.fetch(request.grant.tokenUrl, tokenInit(request, refreshToken));
    if (response.status >= 300 && response.status < 400) {
      await discardBody(response);
      return tokenFailure(
        request,
        response.status,
        "the token endpoint redirected; redirects are not followed with credentials",
        secrets,
      );
    }
    const read = await readBody(response, "POST", Math.min(options.maxResponseBytes, 1024 * 1024));
    const body = read.ok ? read.body : undefined;
    if (!response.ok) return tokenFailure(request, response.status, body, secrets);
    const found = tokenOf(body);
    if (!found)
      return {
        ok: false,
        error: errorDetail({
          code: "UPSTREAM_ERROR",
          status: response.status,
          message: `The OAuth2 token endpoint of scheme \`${request.scheme}\` answered without an access_token.`,
        }),
      };
    seen.add(found.token);
    if (found.refreshToken !== undefined && request.grant.kind === "refresh_token")
      seen.add(found.refreshToken), rotated.set(request.scheme, found.refreshToken);
    const lifetime = found.expiresIn === undefined ? Number.POSITIVE_INFINITY : found.expiresIn * 1000;
    cache.set(key, { token: found.token, renewAt: started + lifetime - expiryMargin(lifetime) });
    return { ok: true, token: found.token };
  }

  function seed(request: TokenRequest, key: string): void {
    if (request.grant.kind !== "refresh_token" || request.grant.accessToken === undefined || seeded.has(key)) return;
    seeded.add(key);
    cache.set(key, { token: request.grant.accessToken, renewAt: Number.POSITIVE_INFINITY });
  }

  function token(request: TokenRequest): Promise<TokenOutcome> {
    const key = cacheKey(request);
    seed(request, key);
    const cached = request.refresh ? undefined : cache.get(key);
    if (cached && options.now() < cached.renewAt) return Promise.resolve({ ok: true, token: cached.token });
    cache.delete(key);
    const pending = inflight.get(key) ?? fetchToken(request, key).finally(() => inflight.delete(key));
    inflight.set(key, pending);
    return pending;
  }

  return { token, tokens: () => [...seen] };
}
