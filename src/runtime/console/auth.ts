// The operator token → a signed session cookie and per-session CSRF tokens (HMAC: every replica accepts them).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The session cookie's name. */
export const SESSION_COOKIE = "aci_console";
/** How long a console login lasts. */
export const SESSION_MS = 12 * 60 * 60 * 1000;

/** A signed-in operator. */
export interface Session {
  /** The name the operator gave at login; decisions are recorded as `console:<name>`. */
  readonly name: string;
  /** The cookie's value, which the CSRF token is bound to; empty for a bearer-token client. */
  readonly cookie: string;
}

const b64 = (text: string): string => Buffer.from(text, "utf8").toString("base64url");
const unb64 = (text: string): string => Buffer.from(text, "base64url").toString("utf8");
const sign = (token: string, purpose: string, data: string): string =>
  createHmac("sha256", token).update(`${purpose}\n${data}`).digest("base64url");

/** Constant-time equality of two strings (hashed first, so lengths never leak). */
export function sameSecret(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The cookie value for `name` signed in at `now`. */
export function sessionCookie(token: string, name: string, now: number): string {
  const data = `${b64(name)}.${now}`;
  return `${data}.${sign(token, "session", data)}`;
}

/** The session a cookie value proves, or undefined when it is forged, malformed or expired. */
export function verifySession(token: string, cookie: string | undefined, now: number): Session | undefined {
  const parts = cookie?.split(".") ?? [];
  if (parts.length !== 3) return undefined;
  const [name, issued, mac] = parts as [string, string, string];
  if (!sameSecret(mac, sign(token, "session", `${name}.${issued}`))) return undefined;
  const at = Number(issued);
  if (!Number.isFinite(at) || at > now + 60_000 || now - at > SESSION_MS) return undefined;
  return { name: unb64(name), cookie: cookie as string };
}

/** The CSRF token of a session: forms carry it, and every state change must present it. */
export const csrfToken = (token: string, session: Session): string => sign(token, "csrf", session.cookie);

/** Whether `presented` is the session's CSRF token. */
export const csrfMatches = (token: string, session: Session, presented: string | undefined): boolean =>
  presented !== undefined && sameSecret(presented, csrfToken(token, session));

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
