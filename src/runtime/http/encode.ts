// Strings → percent-encoded URL components (RFC 3986), strict or keeping reserved characters (OpenAPI `allowReserved`).

/** Encodes everything but RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`). */
export function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const KEPT_RESERVED: Readonly<Record<string, string>> = {
  "%3A": ":",
  "%2F": "/",
  "%3F": "?",
  "%5B": "[",
  "%5D": "]",
  "%40": "@",
  "%21": "!",
  "%24": "$",
  "%27": "'",
  "%28": "(",
  "%29": ")",
  "%2A": "*",
  "%2C": ",",
  "%3B": ";",
};

/**
 * `allowReserved: true` (OAS 3.1 §Parameter Object): RFC 3986 reserved characters pass unencoded — except
 * `#`, `&`, `=` and `+`, which would end the query or split it into other parameters, so an argument can
 * never add a parameter (or a credential) of its own.
 */
export function encodeReserved(text: string): string {
  return encodeComponent(text).replace(/%[0-9A-F]{2}/g, (triplet) => KEPT_RESERVED[triplet] ?? triplet);
}

/**
 * A path value that names a resource by its path (`allowReserved` on a path parameter: Google's `people/c123`, RFC 6570
 * `{+resourceName}`): each `/`-separated part encoded, the slashes kept, as the API routes by them.
 */
export function encodeSegments(text: string): string {
  return text.split("/").map(encodeComponent).join("/");
}

/** The encoder for a query value. */
export function queryEncoder(allowReserved: boolean): (text: string) => string {
  return allowReserved ? encodeReserved : encodeComponent;
}

/** Header values are not percent-encoded. */
export const identity = (text: string): string => text;
