// Secrets and secret-looking fields → `[REDACTED]`, in strings and deep inside objects (error messages, audit records).
import { Buffer } from "node:buffer";

/** The text that replaces a secret. */
export const REDACTED = "[REDACTED]";

/** Secrets shorter than this are not searched for in text: replacing every `a` would destroy the message. */
export const MIN_SECRET_LENGTH = 4;

/**
 * Replaces secrets in any value; never mutates its argument. Returns a copy when something was replaced, the value
 * itself when nothing needed replacing. `json`, when given, must be `JSON.stringify(value)`: a redactor may then skip
 * searching every string when no secret occurs in that text.
 */
export type Redactor = <T>(value: T, json?: string) => T;

const SECRET_KEYS = new Set([
  "authorization",
  "proxyauthorization",
  "apikey",
  "xapikey",
  "apisecret",
  "password",
  "passwd",
  "pwd",
  "passphrase",
  "token",
  "accesstoken",
  "refreshtoken",
  "idtoken",
  "authtoken",
  "bearertoken",
  "xauthtoken",
  "sessiontoken",
  "secret",
  "clientsecret",
  "secretkey",
  "privatekey",
  "accesskey",
  "cookie",
  "setcookie",
  "sessionid",
  "credentials",
  "credential",
]);

const SECRET_KEY_SUFFIXES = ["password", "secret", "apikey", "accesstoken", "refreshtoken", "authtoken", "privatekey"];

/**
 * Words that, just before a last word `token`, `key` or `pass`, say it grants access (`api_token`, `sasToken`,
 * `secretAccessKey`, `PreSharedKey`). Paging, idempotency and kind words (`next_token`, `ClientRequestToken`,
 * `token_type`) are not among them, nor is a plural (`tokens_used`) or another last word.
 */
const GRANTING_QUALIFIERS: Readonly<Record<"token" | "key" | "pass", ReadonlySet<string>>> = {
  token: new Set([
    "access",
    "api",
    "app",
    "auth",
    "authentication",
    "authorization",
    "bearer",
    "bot",
    "clone",
    "csrf",
    "join",
    "jwt",
    "oauth",
    "oidc",
    "personal",
    "private",
    "refresh",
    "sas",
    "secret",
    "session",
    "user",
    "xsrf",
  ]),
  key: new Set(["access", "api", "auth", "authorization", "master", "private", "secret", "session", "shared"]),
  // A password's short name after whose it is (`root_pass`, `registry_pass`, `keyPass`, `userPass`,
  // `temporaryAccessPass`), never a pass that is a thing or a count (`PayPass`, `rushPass`, `enableTwoPass`).
  pass: new Set([
    "access",
    "admin",
    "api",
    "cert",
    "db",
    "ftp",
    "key",
    "login",
    "p12",
    "proxy",
    "registry",
    "root",
    "user",
  ]),
};

/** A field name's words, lower case: `secretAccessKey` → secret, access, key; `api_token` → api, token. */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Whether the name ends in `token`, `key` or `pass` after a word saying it grants access. */
function grantsAccess(key: string): boolean {
  const words = keyWords(key);
  const last = words.at(-1);
  if (last !== "token" && last !== "key" && last !== "pass") return false;
  const qualifier = words.at(-2);
  return qualifier !== undefined && GRANTING_QUALIFIERS[last].has(qualifier);
}

function classifyKey(key: string): boolean {
  const normal = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  return SECRET_KEYS.has(normal) || SECRET_KEY_SUFFIXES.some((suffix) => normal.endsWith(suffix)) || grantsAccess(key);
}

/** Field names seen so far → whether they look secret; API answers repeat the same few keys on every item. */
const KEY_CACHE = new Map<string, boolean>();
const KEY_CACHE_LIMIT = 4096;

/** Whether a field name looks like it holds a secret (`Authorization`, `api_key`, `client-secret`, `X-Api-Key`, …). */
export function isSecretKey(key: string): boolean {
  const known = KEY_CACHE.get(key);
  if (known !== undefined) return known;
  const secret = classifyKey(key);
  if (KEY_CACHE.size >= KEY_CACHE_LIMIT) KEY_CACHE.clear();
  KEY_CACHE.set(key, secret);
  return secret;
}

/**
 * Names of a field that holds a secret when its value is a string or number: a payment card's number
 * (`card_number`, `primary_account_number`) or verification code (`cvc`, `cvv2`, `card_verification_code`,
 * `CardSecurityCode`), and a cluster's credentials file (`kubeconfig`, `kubeConfig`: Linode's base64 kubeconfig holds
 * a cluster-admin token). A boolean or an object under such a name (`useCvv`, `kubeconfig: true` asking for a new
 * one, bunq's `CardGeneratedCvc2` record) is no secret.
 */
const CARD_NUMBER = new Set(["cardnumber", "creditcardnumber", "debitcardnumber", "primaryaccountnumber"]);
const CARD_CODE = /(?:^|card)(?:cvc|cvv)$|card(?:verification(?:code|value)|securitycode)$/;
/** A card's number or code under a plain name, read as the card's beside one of the names above (Increase's
 * `verification_code` beside `primary_account_number`, Stripe's issuing card `number` beside `cvc`). */
const CARD_SIBLINGS = new Set(["number", "verificationcode", "securitycode"]);

type ScalarSecret = "card" | "sibling" | "file" | undefined;
const SCALAR_CACHE = new Map<string, ScalarSecret>();

function scalarSecret(key: string): ScalarSecret {
  if (SCALAR_CACHE.has(key)) return SCALAR_CACHE.get(key);
  const normal = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  const bare = normal.replace(/\d+$/, "");
  const kind: ScalarSecret =
    CARD_NUMBER.has(normal) || CARD_CODE.test(bare)
      ? "card"
      : CARD_SIBLINGS.has(normal)
        ? "sibling"
        : normal.endsWith("kubeconfig")
          ? "file"
          : undefined;
  if (SCALAR_CACHE.size >= KEY_CACHE_LIMIT) SCALAR_CACHE.clear();
  SCALAR_CACHE.set(key, kind);
  return kind;
}

const isScalar = (value: unknown): boolean => typeof value === "string" || typeof value === "number";

/** Whether the record holds a card's number or verification code under a card's name. */
function holdsCard(record: Record<string, unknown>): boolean {
  for (const key in record)
    if (Object.hasOwn(record, key) && scalarSecret(key) === "card" && isScalar(record[key])) return true;
  return false;
}

/** Whether the record's field holds a secret: by its name alone, or a card's or a kubeconfig's text (see above). */
function secretField(record: Record<string, unknown>, key: string, item: unknown): boolean {
  if (item === null || item === undefined) return false;
  if (isSecretKey(key)) return true;
  const kind = scalarSecret(key);
  if (kind === undefined || !isScalar(item)) return false;
  return kind !== "sibling" || holdsCard(record);
}

function base64Forms(secret: string): string[] {
  const standard = Buffer.from(secret, "utf8").toString("base64");
  const unpadded = standard.replace(/=+$/, "");
  return [standard, unpadded, unpadded.replaceAll("+", "-").replaceAll("/", "_")];
}

/**
 * A secret as it may appear in text: raw, URL-encoded (both space forms), and base64 (standard, unpadded, URL-safe).
 */
export function secretForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const forms = [secret, encoded, encoded.replaceAll("%20", "+"), ...base64Forms(secret)];
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function allForms(secrets: readonly string[]): string[] {
  const forms = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).flatMap(secretForms))];
  return forms.sort((a, b) => b.length - a.length);
}

/**
 * Values that are secrets whatever field holds them, by the prefix their vendor gives them: webhook signing secrets
 * (`whsec_`, Svix's and Stripe's), Stripe secret and restricted keys (`sk_live_`, `rk_test_`), Slack tokens
 * (`xoxb-`, `xoxp-`, …), GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), Google API keys
 * (`AIza`), SendGrid keys (`SG.….…`), Anthropic and OpenAI project keys (`sk-ant-`, `sk-proj-`) and PEM private keys.
 * AWS access key ids (`AKIA…`) are not secrets (S3's presigned URLs carry them).
 */
const VENDOR_SECRET_SOURCES = [
  String.raw`\bwhsec_[A-Za-z0-9+/=]{16,}`,
  String.raw`\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}`,
  String.raw`\bxox[abposr]-[A-Za-z0-9-]{10,}`,
  String.raw`\bgh[pousr]_[A-Za-z0-9]{36,}`,
  String.raw`\bgithub_pat_[A-Za-z0-9_]{22,}`,
  String.raw`\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])`,
  String.raw`\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}`,
  String.raw`\bsk-(?:ant|proj)-[A-Za-z0-9_-]{20,}`,
  String.raw`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)`,
];

/** Whether a text holds a value shaped as a vendor's secret (see `VENDOR_SECRET_SOURCES`). */
const VENDOR_SECRET = new RegExp(VENDOR_SECRET_SOURCES.join("|"));

/** Whether a text holds a value shaped as a vendor's secret (`whsec_…`, `sk_live_…`, `ghp_…`, a PEM private key). */
export function holdsVendorSecret(text: string): boolean {
  return VENDOR_SECRET.test(text);
}

/** The configured secrets' forms, then the vendor secret shapes, as one global pattern. */
function secretPattern(forms: readonly string[]): RegExp {
  return new RegExp([...forms.map(escapeRegExp), ...VENDOR_SECRET_SOURCES].join("|"), "g");
}

/**
 * Each form as it appears inside JSON text (quotes, backslashes and control characters escaped), or undefined when a
 * form holds a surrogate code unit: JSON.stringify escapes a lone surrogate but not a pair, so its JSON text could
 * differ from its text inside a longer string.
 */
function jsonForms(forms: readonly string[]): string[] | undefined {
  if (forms.some((form) => /[\ud800-\udfff]/.test(form))) return undefined;
  return forms.map((form) => JSON.stringify(form).slice(1, -1));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Deeper than this, `untouched` gives up (a cycle, or absurd nesting) and the copying walk decides. */
const MAX_CHECK_DEPTH = 256;

/**
 * Whether redaction would leave the value as it is: no secret-looking key holds a value and (unless `checkStrings`
 * is false) no string holds a secret. Allocates nothing.
 */
function untouched(value: unknown, pattern: RegExp, checkStrings: boolean, depth: number): boolean {
  if (typeof value === "string") {
    if (!checkStrings) return true;
    pattern.lastIndex = 0;
    return !pattern.test(value);
  }
  if (value === null || typeof value !== "object") return true;
  if (depth > MAX_CHECK_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!untouched(value[i], pattern, checkStrings, depth + 1)) return false;
    return true;
  }
  if (!isPlainObject(value)) return true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = value[key];
    if (secretField(value, key, item)) return false;
    if (!untouched(item, pattern, checkStrings, depth + 1)) return false;
  }
  return true;
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
    out[key] = secretField(value, key, item) ? REDACTED : redactDeep(item, text, seen);
  }
  return out;
}

/**
 * Builds a redactor for the given secrets (credentials, fetched tokens). Strings are searched for every form of every
 * secret and for values shaped as a vendor's secret (`VENDOR_SECRET_SOURCES`); plain objects and arrays are copied with
 * secret-looking keys' values replaced. Other objects (Date, Headers, class instances) pass through untouched. A value
 * with nothing to replace is returned as it is, after one walk that allocates nothing; given the value's JSON text,
 * that walk skips the strings when no form of any secret occurs in the text (one `includes` per form).
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const forms = allForms(secrets);
  const pattern = secretPattern(forms);
  const inJson = jsonForms(forms);
  const text = (s: string): string => s.replace(pattern, REDACTED);
  return <T>(value: T, json?: string): T => {
    if (typeof value === "string") return text(value) as T;
    if (value === null || typeof value !== "object") return value;
    const checkStrings =
      json === undefined ||
      inJson === undefined ||
      inJson.some((form) => json.includes(form)) ||
      holdsVendorSecret(json);
    if (untouched(value, pattern, checkStrings, 0)) return value;
    return redactDeep(value, text, new WeakMap()) as T;
  };
}
