// A scheme + its credential (or fetched token) → the headers, query pairs, cookies and body fields that carry it.
import { Buffer } from "node:buffer";
import type { SecuritySchemeSpec } from "../types.js";

/** The parts of a request one scheme contributes. */
export interface SchemeParts {
  readonly headers: readonly (readonly [string, string])[];
  readonly query: readonly string[];
  readonly queryNames: readonly string[];
  readonly cookies: readonly string[];
  /** Fields set in the request body (an API that takes its credential there, Mandrill's `key`). */
  readonly bodyFields: readonly (readonly [string, string])[];
}

const EMPTY: SchemeParts = { headers: [], query: [], queryNames: [], cookies: [], bodyFields: [] };

/** RFC 7617: `Basic base64(user:password)`; a credential without `:` is a user with an empty password. */
export function basicAuthorization(credential: string): string {
  const pair = credential.includes(":") ? credential : `${credential}:`;
  return `Basic ${Buffer.from(pair, "utf8").toString("base64")}`;
}

const header = (name: string, value: string): SchemeParts => ({ ...EMPTY, headers: [[name, value]] });

type ApiKeyIn = (name: string, credential: string) => SchemeParts;

/** `Bearer <key>` for a key set alone; a value already starting with the word (any case) is sent as it is. */
export function withPrefix(prefix: string | undefined, credential: string): string {
  if (prefix === undefined || credential === "") return credential;
  return credential.toLowerCase().startsWith(`${prefix.toLowerCase()} `) ? credential : `${prefix} ${credential}`;
}

/**
 * An apiKey scheme in the `Authorization` header whose description names no prefix: its variable is sent as the whole
 * header value, so a prefix the API wants (`Bearer <key>`, `Token <key>`) must be in the variable.
 */
export function sentAsWholeAuthorization(scheme: SecuritySchemeSpec | undefined): boolean {
  return (
    scheme?.type === "apiKey" &&
    scheme.in === "header" &&
    scheme.name.toLowerCase() === "authorization" &&
    scheme.prefix === undefined
  );
}

const API_KEY_PLACES: Readonly<Record<"header" | "query" | "cookie" | "body" | "server", ApiKeyIn>> = {
  header: (name, credential) => header(name, credential),
  query: (name, credential) => ({
    ...EMPTY,
    query: [`${encodeURIComponent(name)}=${encodeURIComponent(credential)}`],
    queryNames: [name],
  }),
  cookie: (name, credential) => ({ ...EMPTY, cookies: [`${name}=${encodeURIComponent(credential)}`] }),
  body: (name, credential) => ({ ...EMPTY, bodyFields: [[name, credential]] }),
  // The transport fills it into the base URL once; a step only needs it configured.
  server: () => EMPTY,
};

function httpScheme(scheme: string, credential: string): SchemeParts {
  const lower = scheme.toLowerCase();
  if (lower === "basic") return header("authorization", basicAuthorization(credential));
  if (lower === "bearer") return header("authorization", `Bearer ${credential}`);
  return header("authorization", `${scheme} ${credential}`);
}

/**
 * Parts for a scheme whose credential is at hand: apiKey in header/query/cookie/body (with the word its description
 * says goes before the key, `Bearer`, when the value lacks it), http basic/bearer (other http
 * schemes send `Scheme credential`), oauth2 and openIdConnect as a bearer token; mutualTLS adds nothing, nor does
 * awsSigV4 (its signer signs the whole request as it is sent).
 */
export function schemeParts(scheme: SecuritySchemeSpec, credential: string): SchemeParts {
  switch (scheme.type) {
    case "apiKey":
      return API_KEY_PLACES[scheme.in](scheme.name, withPrefix(scheme.prefix, credential));
    case "http":
      return httpScheme(scheme.scheme, credential);
    case "oauth2":
    case "openIdConnect":
      return header("authorization", `Bearer ${credential}`);
    case "mutualTLS":
    case "awsSigV4":
      return EMPTY;
  }
}
