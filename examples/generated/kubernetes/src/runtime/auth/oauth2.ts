// OAuth2 client credentials (RFC 6749 §4.4) → access tokens, fetched from the token endpoint once and cached until shortly before expiry.
import { Buffer } from "node:buffer";
import { errorDetail, statusToCode, summarizeErrorBody, type ErrorDetail } from "../errors.js";
import { createRedactor } from "../redact.js";
import { discardBody, readBody } from "../http/read-body.js";

/** A token is renewed this long before it expires: 10% of its lifetime, at most 30 s. */
export function expiryMargin(lifetimeMs: number): number {
  return Math.min(30_000, lifetimeMs / 10);
}

/** `client_id:client_secret`, split at the first colon; undefined when the credential has no colon (then it is a ready token). */
export function splitClientCredentials(credential: string): { readonly id: string; readonly secret: string } | undefined {
  const colon = credential.indexOf(":");
  return colon < 0 ? undefined : { id: credential.slice(0, colon), secret: credential.slice(colon + 1) };
}

/** What a token request needs. */
export interface TokenRequest {
  readonly scheme: string;
  readonly tokenUrl: URL;
  readonly credential: string;
  readonly scopes: readonly string[];
  readonly variable: string;
  readonly refresh: boolean;
  readonly signal?: AbortSignal;
}

/** A token, or the UNAUTHORIZED / UPSTREAM_ERROR answer of the token endpoint. Network failures are thrown. */
export type TokenOutcome = { readonly ok: true; readonly token: string } | { readonly ok: false; readonly error: ErrorDetail };

interface Cached {
  readonly token: string;
  readonly renewAt: number;
}

/** Where tokens come from; `tokens()` lists every token seen, for redaction. */
export interface TokenSource {
  token(request: TokenRequest): Promise<TokenOutcome>;
  tokens(): string[];
}

const formEncode = (text: string): string => encodeURIComponent(text).replaceAll("%20", "+");

function tokenInit(request: TokenRequest, id: string, secret: string): RequestInit {
  const body = new URLSearchParams({ grant_type: "client_credentials" });
  if (request.scopes.length > 0) body.set("scope", request.scopes.join(" "));
  const basic = Buffer.from(`${formEncode(id)}:${formEncode(secret)}`, "utf8").toString("base64");
  return {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: body.toString(),
    redirect: "manual",
    ...(request.signal ? { signal: request.signal } : {}),
  };
}

function tokenFailure(request: TokenRequest, status: number, body: unknown, secrets: string[]): TokenOutcome {
  const code = status >= 500 ? statusToCode(status) : "UNAUTHORIZED";
  const said = summarizeErrorBody(body, createRedactor(secrets));
  return {
    ok: false,
    error: errorDetail({
      code,
      status,
      message: `The OAuth2 token endpoint of scheme \`${request.scheme}\` answered HTTP ${status}${said ? `: ${said}` : ""}.`,
      suggestion: code === "UNAUTHORIZED" ? `Do not retry; tell the user the operator must set valid client credentials (client_id:client_secret) in ${request.variable}.` : undefined,
    }),
  };
}

function tokenOf(body: unknown): { token: string; expiresIn?: number } | undefined {
  if (body === null || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.access_token !== "string" || record.access_token === "") return undefined;
  const expiresIn = Number(record.expires_in);
  return { token: record.access_token, ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { expiresIn } : {}) };
}

/** Token endpoint client sharing one cache per transport; concurrent requests for the same token share one fetch. */
export function createTokenSource(options: { readonly fetch: typeof fetch; readonly now: () => number; readonly maxResponseBytes: number }): TokenSource {
  const cache = new Map<string, Cached>();
  const inflight = new Map<string, Promise<TokenOutcome>>();
  const seen = new Set<string>();

  async function fetchToken(request: TokenRequest, key: string): Promise<TokenOutcome> {
    const { id, secret } = splitClientCredentials(request.credential)!;
    const started = options.now();
    const response = await options.fetch(request.tokenUrl, tokenInit(request, id, secret));
    if (response.status >= 300 && response.status < 400) {
      await discardBody(response);
      return tokenFailure(request, response.status, "the token endpoint redirected; redirects are not followed with client credentials", [secret]);
    }
    const read = await readBody(response, "POST", Math.min(options.maxResponseBytes, 1024 * 1024));
    const body = read.ok ? read.body : undefined;
    const found = response.ok ? tokenOf(body) : undefined;
    if (!response.ok) return tokenFailure(request, response.status, body, [secret, request.credential]);
    if (!found) return { ok: false, error: errorDetail({ code: "UPSTREAM_ERROR", status: response.status, message: `The OAuth2 token endpoint of scheme \`${request.scheme}\` answered without an access_token.` }) };
    seen.add(found.token);
    const lifetime = found.expiresIn === undefined ? Number.POSITIVE_INFINITY : found.expiresIn * 1000;
    cache.set(key, { token: found.token, renewAt: started + lifetime - expiryMargin(lifetime) });
    return { ok: true, token: found.token };
  }

  function token(request: TokenRequest): Promise<TokenOutcome> {
    const key = `${request.scheme}\u0000${request.tokenUrl.href}\u0000${request.credential}\u0000${request.scopes.join(" ")}`;
    const cached = request.refresh ? undefined : cache.get(key);
    if (cached && options.now() < cached.renewAt) return Promise.resolve({ ok: true, token: cached.token });
    cache.delete(key);
    const pending = inflight.get(key) ?? fetchToken(request, key).finally(() => inflight.delete(key));
    inflight.set(key, pending);
    return pending;
  }

  return { token, tokens: () => [...seen] };
}
