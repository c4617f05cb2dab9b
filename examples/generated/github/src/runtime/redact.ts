// Secrets and secret-looking fields → `[REDACTED]`, in strings and deep inside objects (error messages, audit records).
import { Buffer } from "node:buffer";

/** The text that replaces a secret. */
export const REDACTED = "[REDACTED]";

/** Secrets shorter than this are not searched for in text: replacing every `a` would destroy the message. */
export const MIN_SECRET_LENGTH = 4;

/** Replaces secrets in any value; returns a copy, never mutates its argument. */
export type Redactor = <T>(value: T) => T;

const SECRET_KEYS = new Set([
  "authorization", "proxyauthorization", "apikey", "xapikey", "apisecret", "password", "passwd", "pwd", "passphrase",
  "token", "accesstoken", "refreshtoken", "idtoken", "authtoken", "bearertoken", "xauthtoken", "sessiontoken",
  "secret", "clientsecret", "secretkey", "privatekey", "accesskey", "cookie", "setcookie", "sessionid", "credentials", "credential",
]);

const SECRET_KEY_SUFFIXES = ["password", "secret", "apikey", "accesstoken", "refreshtoken", "authtoken", "privatekey"];

/** Whether a field name looks like it holds a secret (`Authorization`, `api_key`, `client-secret`, `X-Api-Key`, …). */
export function isSecretKey(key: string): boolean {
  const normal = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  return SECRET_KEYS.has(normal) || SECRET_KEY_SUFFIXES.some((suffix) => normal.endsWith(suffix));
}

function base64Forms(secret: string): string[] {
  const standard = Buffer.from(secret, "utf8").toString("base64");
  const unpadded = standard.replace(/=+$/, "");
  return [standard, unpadded, unpadded.replaceAll("+", "-").replaceAll("/", "_")];
}

/** A secret as it may appear in text: raw, URL-encoded (both space forms), and base64 (standard, unpadded, URL-safe). */
export function secretForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const forms = [secret, encoded, encoded.replaceAll("%20", "+"), ...base64Forms(secret)];
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function secretPattern(secrets: readonly string[]): RegExp | undefined {
  const forms = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).flatMap(secretForms))];
  if (forms.length === 0) return undefined;
  forms.sort((a, b) => b.length - a.length);
  return new RegExp(forms.map(escapeRegExp).join("|"), "g");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function redactDeep(value: unknown, text: (s: string) => string, seen: WeakMap<object, unknown>): unknown {
  if (typeof value === "string") return text(value);
  if (Array.isArray(value)) {
    if (seen.has(value)) return seen.get(value);
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(redactDeep(item, text, seen));
    return out;
  }
  if (!isPlainObject(value)) return value;
  if (seen.has(value)) return seen.get(value);
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const [key, item] of Object.entries(value)) {
    const secret = isSecretKey(key) && item !== null && item !== undefined;
    out[key] = secret ? REDACTED : redactDeep(item, text, seen);
  }
  return out;
}

/**
 * Builds a redactor for the given secrets (credentials, fetched tokens). Strings are searched for every
 * form of every secret; plain objects and arrays are copied with secret-looking keys' values replaced.
 * Other objects (Date, Headers, class instances) pass through untouched.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const pattern = secretPattern(secrets);
  const text = (s: string): string => (pattern ? s.replace(pattern, REDACTED) : s);
  return <T>(value: T): T => redactDeep(value, text, new WeakMap()) as T;
}
