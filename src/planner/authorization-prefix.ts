// An apiKey scheme in the `Authorization` header + its description → the word the API wants before the key (`Bearer`).
import type { SecurityScheme } from "../model/api-model.js";

export type AuthorizationPrefix = "Bearer" | "Token";

const WORD = "(Bearer|Token)";
/**
 * The ways a description writes the header's format: the word before a placeholder (`Bearer <your-api-key>`,
 * `Token {apitoken}`), before one quoted example (`'Bearer 12345abcdef'`), after "prefix(ed with)", or "the Bearer
 * scheme". `Token token=<…>` (a key=value form) and a bare mention ("your JWT Bearer token") are not formats.
 */
const FORMATS: readonly RegExp[] = [
  new RegExp(`\\b${WORD}\\s+(?:<[^<>\\s][^<>]*>|\\{[^{}\\s][^{}]*\\}|\\[[^[\\]\\s][^[\\]]*\\])`, "gi"),
  new RegExp(`["'\`]${WORD} [\\w.~+/-]+=*["'\`]`, "gi"),
  new RegExp(`\\bprefix(?:ed)?(?: with)?(?: the(?: word)?)?\\s*["'\`]?${WORD}\\b`, "gi"),
  new RegExp(`\\busing the ${WORD} scheme\\b`, "gi"),
];

const canonical = (word: string): AuthorizationPrefix => (word.toLowerCase() === "bearer" ? "Bearer" : "Token");

/** Other schemes a description may write a format of; naming one beside `Bearer` makes the format ambiguous. */
const OTHER_FORMAT = /\bBasic\s+(?:<|\{|\[|["'`]|auth)/i;

/**
 * The prefix an apiKey scheme sent as `Authorization` needs before its key, when its description writes the header's
 * format with exactly one of `Bearer`/`Token`; undefined for any other scheme, or a description naming none, both, or
 * also a `Basic` format.
 */
export function authorizationPrefix(scheme: SecurityScheme): AuthorizationPrefix | undefined {
  if (scheme.type !== "apiKey" || scheme.in !== "header" || scheme.name.toLowerCase() !== "authorization")
    return undefined;
  const text = scheme.description ?? "";
  if (OTHER_FORMAT.test(text)) return undefined;
  const words = new Set(FORMATS.flatMap((format) => [...text.matchAll(format)].map((m) => canonical(m[1] ?? ""))));
  return words.size === 1 ? [...words][0] : undefined;
}

const ANY_WORD = "(Basic|Bearer|Token)";
/**
 * The header's format written with any scheme word: a `FORMATS` one, `the word "Basic"`, `"Basic" followed by`, an
 * example header line (ART19's `Authorization: Token token="…", credential="…"`), or a key=value form after the word
 * (Conjur's `Token token=<base64_encoded_token>`), or a key used as Basic credentials (Bitbucket's "API Keys can be used
 * as Basic HTTP Authentication credentials": the value is `Basic` and the base64 of the name and the key).
 */
const WRITTEN: readonly RegExp[] = [
  ...FORMATS.map((f) => new RegExp(f.source.replaceAll(WORD, ANY_WORD), "gi")),
  new RegExp(`\\bthe word\\s+["'\`]?${ANY_WORD}\\b`, "gi"),
  new RegExp(`["'\`]${ANY_WORD}["'\`]\\s+followed by\\b`, "gi"),
  /\b(Basic)\s+(?:<|\{|\[|auth)/gi,
  new RegExp(`\\bAuthorization:[ \\t]*${ANY_WORD}[ \\t]+[^\\s<{[]`, "gi"),
  new RegExp(`\\b${ANY_WORD}[ \\t]+\\w+=`, "gi"),
  /\b(?:used|sent|passed|given) as (?:the )?(?:HTTP )?(Basic)(?: HTTP)? auth(?:entication|orization)?\b/gi,
];

/**
 * The one scheme word an apiKey `Authorization` scheme's description writes the value with when no prefix is added
 * for it (Codat's "The word "Basic" followed by a space and your API Key, base64 encoded": the key is transformed, so
 * the whole value is the operator's); undefined when a prefix is added, or the description writes none or several.
 */
export function writtenWord(scheme: SecurityScheme): string | undefined {
  if (scheme.type !== "apiKey" || scheme.in !== "header" || scheme.name.toLowerCase() !== "authorization")
    return undefined;
  if (authorizationPrefix(scheme) !== undefined) return undefined;
  const text = scheme.description ?? "";
  const words = new Set(WRITTEN.flatMap((format) => [...text.matchAll(format)].map((m) => titled(m[1] ?? ""))));
  return words.size === 1 ? [...words][0] : undefined;
}

const titled = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/**
 * The schemes with each apiKey `Authorization` scheme whose description writes a prefix marked with it, or marked with
 * the word its description writes the value with when none is added.
 */
export function withAuthorizationPrefixes(
  schemes: Readonly<Record<string, SecurityScheme>>,
): Record<string, SecurityScheme> {
  return Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => {
      if (scheme.type !== "apiKey") return [name, scheme];
      const prefix = authorizationPrefix(scheme);
      if (prefix !== undefined) return [name, { ...scheme, prefix }];
      const written = writtenWord(scheme);
      return [name, written === undefined ? scheme : { ...scheme, written }];
    }),
  );
}
