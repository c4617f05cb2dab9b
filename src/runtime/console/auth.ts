// Operator tokens → server-side console sessions (random cookie, stored hashed, revoked by sign-out, expiry) and CSRF.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { StateStore } from "../state/types.js";
import type { Operator } from "./settings.js";

/** The session cookie's name. */
export const SESSION_COOKIE = "aci_console";
/** How long a console sign-in lasts. */
export const SESSION_MS = 12 * 60 * 60 * 1000;

/** A signed-in operator. */
export interface Session {
  /** The operator's configured name; decisions are recorded as `console:<name>`. */
  readonly name: string;
  /** The cookie's value, which the CSRF token is bound to; empty for a bearer-token client. */
  readonly cookie: string;
}

/** Constant-time equality of two strings (hashed first, so lengths never leak). */
export function sameSecret(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The operator whose token this is (every token compared, in constant time each). */
export function operatorOf(operators: readonly Operator[], token: string): Operator | undefined {
  let found: Operator | undefined;
  for (const operator of operators) if (sameSecret(token, operator.token)) found = operator;
  return found;
}

/** What the store keeps for a cookie: its SHA-256, so a copy of the store opens no console. */
export const sessionHash = (cookie: string): string => createHash("sha256").update(cookie).digest("hex");

/** Starts a session for `operator`: stored server-side, valid for {@link SESSION_MS}; returns the cookie value. */
export async function startSession(store: StateStore, operator: Operator, now: number): Promise<string> {
  const cookie = randomBytes(32).toString("base64url");
  await store.createSession({
    idHash: sessionHash(cookie),
    operator: operator.name,
    expiresAt: new Date(now + SESSION_MS).toISOString(),
  });
  return cookie;
}

/** The session a cookie opens: one the store holds, not expired, whose operator is still configured. */
export async function findSession(
  store: StateStore,
  operators: readonly Operator[],
  cookie: string | undefined,
  now: number,
): Promise<Session | undefined> {
  if (cookie === undefined || !/^[A-Za-z0-9_-]{43}$/.test(cookie)) return undefined;
  const stored = await store.getSession(sessionHash(cookie), now);
  if (stored === undefined || !operators.some((o) => o.name === stored.operator)) return undefined;
  return { name: stored.operator, cookie };
}

/** The CSRF token of a session: forms carry it, and every state change must present it. */
export const csrfToken = (session: Session): string =>
  createHmac("sha256", session.cookie).update("aci-console csrf").digest("base64url");

/** Whether `presented` is the session's CSRF token. */
export const csrfMatches = (session: Session, presented: string | undefined): boolean =>
  presented !== undefined && sameSecret(presented, csrfToken(session));

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The bearer token of an Authorization header. */
export const bearerOf = (header: string | undefined): string | undefined =>
  /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "")?.[1];
