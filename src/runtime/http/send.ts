// A PreparedRequest + credentials → the final Response, following up to 5 read redirects within the API's base URL.
import { errorDetail, type ErrorDetail } from "../errors.js";
import type { AppliedAuth } from "../auth/types.js";
import { discardBody } from "./read-body.js";
import type { PreparedRequest } from "./types.js";

/** Redirects followed at most (the fetch standard's limit is 20; an API needs few). */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Methods whose redirects are followed; every other method is an action. */
const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** One request on the way: where it goes and whether it still carries the body. */
interface Hop {
  readonly method: string;
  readonly url: URL;
  readonly withBody: boolean;
}

/** The response and the URL it answered for (without credentials). */
export type Sent =
  | { readonly ok: true; readonly response: Response; readonly url: URL }
  | { readonly ok: false; readonly error: ErrorDetail };

/** What every hop shares. */
export interface SendContext {
  readonly fetch: (url: URL, init: RequestInit) => Promise<Response>;
  readonly userAgent: string;
  readonly operationId: string;
  /** The base URL every hop must stay within. */
  readonly base: URL;
}

function headersFor(prepared: PreparedRequest, hop: Hop, auth: AppliedAuth, userAgent: string): Headers {
  const accept = prepared.accept ?? "application/json, text/plain;q=0.9, */*;q=0.8";
  const headers = new Headers({ accept, "user-agent": userAgent });
  for (const [name, value] of prepared.headers) headers.append(name, value);
  if (hop.withBody && prepared.contentType) headers.set("content-type", prepared.contentType);
  for (const [name, value] of auth.headers) headers.set(name, value);
  const cookies = [...prepared.cookies, ...auth.cookies];
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  return headers;
}

function urlFor(url: URL, auth: AppliedAuth): URL {
  if (auth.query.length === 0) return url;
  return new URL(`${url.href}${url.search ? "&" : "?"}${auth.query.join("&")}`);
}

/**
 * RFC 9110 §15.4: a read repeats itself at the target (a 303 of OPTIONS continues as GET), without a body after a 303.
 */
function nextHop(hop: Hop, status: number, target: URL): Hop {
  const toGet = status === 303 && hop.method !== "HEAD";
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

function redirectError(ctx: SendContext, reason: string, status: number): Sent {
  return {
    ok: false,
    error: errorDetail({
      code: "UPSTREAM_ERROR",
      status,
      message: `${ctx.operationId}: the API ${reason}.`,
      suggestion: "Tell the user the API redirects somewhere this tool will not follow; retrying will not help.",
      retryable: false,
    }),
  };
}

function actionRedirected(ctx: SendContext, method: string, status: number, target: URL): Sent {
  return {
    ok: false,
    error: errorDetail({
      code: "UPSTREAM_ERROR",
      status,
      message:
        `${ctx.operationId}: the API answered ${status}, redirecting this ${method} to ` +
        `${target.origin}; redirects of actions are never followed.`,
      suggestion:
        "The API may already have carried out the action (a 303 usually means it did): check with a read tool " +
        "before calling again, and tell the user the API redirected.",
      retryable: false,
    }),
  };
}

/**
 * Why a read's redirect target is refused — the rules the first URL obeys (url.ts): the base URL's origin and path, no
 * credentials in the URL — or undefined.
 */
export function redirectTargetProblem(target: URL, base: URL): string | undefined {
  if (target.protocol !== "http:" && target.protocol !== "https:")
    return `redirected to a non-http(s) URL (${target.protocol})`;
  if (target.origin !== base.origin)
    return (
      `redirected to ${target.origin}, another origin than ${base.origin}; reads follow redirects only ` +
      `within the API's origin`
    );
  if (target.username !== "" || target.password !== "") return "redirected to a URL with credentials in it";
  const basePath = base.pathname.replace(/\/+$/, "");
  if (basePath !== "" && target.pathname !== basePath && !target.pathname.startsWith(`${basePath}/`))
    return `redirected outside the API's base path ${basePath} on ${base.origin}`;
  return undefined;
}

/**
 * Sends with `redirect: "manual"` (undici then hands back the 3xx with its Location) and follows redirects itself,
 * only for reads (GET, HEAD, OPTIONS) and only to a URL that passes {@link redirectTargetProblem}, so credentials
 * never leave the API. A redirect of an action (POST, PUT, PATCH, DELETE) is an error naming the status and the
 * target's origin (never its path or query).
 */
export async function sendFollowingRedirects(
  ctx: SendContext,
  prepared: PreparedRequest,
  auth: AppliedAuth,
  signal: AbortSignal,
): Promise<Sent> {
  let hop: Hop = { method: prepared.method, url: prepared.url, withBody: prepared.body !== undefined };
  for (let redirects = 0; ; redirects++) {
    const init: RequestInit = {
      method: hop.method,
      headers: headersFor(prepared, hop, auth, ctx.userAgent),
      redirect: "manual",
      signal,
      ...(hop.withBody ? { body: prepared.body ?? null } : {}),
    };
    const response = await ctx.fetch(urlFor(hop.url, auth), init);
    const target = redirectTarget(response, hop.url);
    if (!target) return { ok: true, response, url: hop.url };
    await discardBody(response);
    if (!READ_METHODS.has(prepared.method)) return actionRedirected(ctx, prepared.method, response.status, target);
    if (redirects >= MAX_REDIRECTS)
      return redirectError(ctx, `redirected more than ${MAX_REDIRECTS} times`, response.status);
    const problem = redirectTargetProblem(target, ctx.base);
    if (problem !== undefined) return redirectError(ctx, problem, response.status);
    const next = nextHop(hop, response.status, stripCredentialQuery(target, auth));
    if (next.withBody && !prepared.replayable)
      return redirectError(ctx, "redirected a request whose body cannot be sent twice", response.status);
    hop = next;
  }
}
