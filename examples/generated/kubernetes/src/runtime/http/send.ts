// A PreparedRequest + credentials → the final Response, following up to 5 redirects by hand and never carrying credentials to another origin.
import { errorDetail, type ErrorDetail } from "../errors.js";
import type { AppliedAuth } from "../auth/types.js";
import { discardBody } from "./read-body.js";
import type { PreparedRequest } from "./types.js";

/** Redirects followed at most (the fetch standard's limit is 20; an API needs few). */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** One request on the way: where it goes and whether it still carries the body. */
interface Hop {
  readonly method: string;
  readonly url: URL;
  readonly withBody: boolean;
}

/** The response and the URL it answered for (without credentials). */
export type Sent = { readonly ok: true; readonly response: Response; readonly url: URL } | { readonly ok: false; readonly error: ErrorDetail };

/** What every hop shares. */
export interface SendContext {
  readonly fetch: typeof fetch;
  readonly userAgent: string;
  readonly operationId: string;
}

function headersFor(prepared: PreparedRequest, hop: Hop, auth: AppliedAuth | undefined, userAgent: string): Headers {
  const headers = new Headers({ accept: "application/json, text/plain;q=0.9, */*;q=0.8", "user-agent": userAgent });
  for (const [name, value] of prepared.headers) headers.append(name, value);
  if (hop.withBody && prepared.contentType) headers.set("content-type", prepared.contentType);
  for (const [name, value] of auth?.headers ?? []) headers.set(name, value);
  const cookies = auth ? [...prepared.cookies, ...auth.cookies] : [];
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  return headers;
}

function urlFor(url: URL, auth: AppliedAuth | undefined): URL {
  if (!auth || auth.query.length === 0) return url;
  return new URL(`${url.href}${url.search ? "&" : "?"}${auth.query.join("&")}`);
}

/** RFC 9110 §15.4: 303 (and 301/302 after POST) continue as GET without a body; 307/308 repeat the request. */
function nextHop(hop: Hop, status: number, target: URL): Hop {
  const toGet = (status === 303 && hop.method !== "HEAD") || ((status === 301 || status === 302) && hop.method === "POST");
  return { method: toGet ? "GET" : hop.method, url: target, withBody: toGet ? false : hop.withBody };
}

function stripCredentialQuery(target: URL, auth: AppliedAuth): URL {
  const names = auth.queryNames.filter((name) => target.searchParams.has(name));
  if (names.length === 0) return target;
  const stripped = new URL(target.href);
  for (const name of names) stripped.searchParams.delete(name);
  return stripped;
}

function redirectTarget(response: Response, from: URL): URL | undefined {
  const location = response.headers.get("location");
  if (!REDIRECT_STATUSES.has(response.status) || location === null) return undefined;
  try {
    return new URL(location, from);
  } catch {
    return undefined;
  }
}

function redirectError(ctx: SendContext, reason: string): Sent {
  return { ok: false, error: errorDetail({ code: "UPSTREAM_ERROR", message: `${ctx.operationId}: the API ${reason}.`, suggestion: "Tell the user the API redirects somewhere this tool will not follow; retrying will not help.", retryable: false }) };
}

/**
 * Sends with `redirect: "manual"` (undici then hands back the 3xx with its Location) and follows redirects itself:
 * credentials (auth headers, credential query parameters, cookies) go only to the original origin; once a
 * redirect leaves it, no later hop carries them, even one that comes back.
 */
export async function sendFollowingRedirects(ctx: SendContext, prepared: PreparedRequest, auth: AppliedAuth, signal: AbortSignal): Promise<Sent> {
  const origin = prepared.url.origin;
  let hop: Hop = { method: prepared.method, url: prepared.url, withBody: prepared.body !== undefined };
  let crossed = false;
  for (let redirects = 0; ; redirects++) {
    crossed ||= hop.url.origin !== origin;
    const carried = crossed ? undefined : auth;
    const init: RequestInit = { method: hop.method, headers: headersFor(prepared, hop, carried, ctx.userAgent), redirect: "manual", signal, ...(hop.withBody ? { body: prepared.body ?? null } : {}) };
    const response = await ctx.fetch(urlFor(hop.url, carried), init);
    const target = redirectTarget(response, hop.url);
    if (!target) return { ok: true, response, url: hop.url };
    await discardBody(response);
    if (redirects >= MAX_REDIRECTS) return redirectError(ctx, `redirected more than ${MAX_REDIRECTS} times`);
    if (target.protocol !== "http:" && target.protocol !== "https:") return redirectError(ctx, `redirected to a non-http(s) URL (${target.protocol})`);
    const next = nextHop(hop, response.status, target.origin === origin ? target : stripCredentialQuery(target, auth));
    if (next.withBody && !prepared.replayable) return redirectError(ctx, "redirected a request whose body cannot be sent twice");
    hop = next;
  }
}
