// The toolset's servers + the configured override → one absolute http(s) base URL, or an error naming the variable.
import { envVariable } from "../auth/env.js";
import { ConfigError } from "../config.js";
import type { ServerSpec, ToolsetSpec } from "../types.js";

/**
 * A configuration mistake of the HTTP layer (bad base URL, bad number in the environment). Thrown by the settings
 * functions only.
 */
export class TransportConfigError extends ConfigError {
  override readonly name = "TransportConfigError";
}

const withoutUserinfo = (url: string): string => url.replace(/\/\/[^/@]*@/, "//");

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The server URL variables that carry the caller's credential: each apiKey scheme sent in the server URL names one. */
export function credentialVariables(toolset: Pick<ToolsetSpec, "securitySchemes">): ReadonlySet<string> {
  return new Set(
    Object.values(toolset.securitySchemes).flatMap((s) => (s.type === "apiKey" && s.in === "server" ? [s.name] : [])),
  );
}

/**
 * A credential as a URL path segment carries it: percent-encoded, except the characters a segment takes as they are
 * (`:` and `@`, RFC 3986 sub-delims), so an `id:secret` token keeps its colon as the API documents it.
 */
function segmentValue(value: string): string {
  return encodeURIComponent(value).replace(/%(3A|40|24|26|2B|2C|3B|3D)/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * The URL with each credential variable (`{token}`, or `%7Btoken%7D` as a parsed URL writes it) replaced by its
 * value; one without a value stays as it is, so no call can be made with it (its scheme is required by every step).
 */
function withCredentials(
  url: string,
  credentials: ReadonlySet<string>,
  secrets: Readonly<Record<string, string>>,
): string {
  if (credentials.size === 0) return url;
  return url.replace(/\{([^{}]+)\}|%7B((?:(?!%7D)[^/?#])+)%7D/gi, (whole, raw?: string, encoded?: string) => {
    const name = raw ?? decoded(encoded ?? "");
    const value = secrets[name];
    return credentials.has(name) && value !== undefined ? segmentValue(value) : whole;
  });
}

function substituteVariables(
  server: ServerSpec,
  values: Readonly<Record<string, string>>,
  credentials: ReadonlySet<string>,
): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    server.variables[name] === undefined || credentials.has(name)
      ? whole
      : (values[name] ?? server.variables[name].default),
  );
}

/** The URL without the credential variables still in it: what is left must hold no other `{variable}`. */
function withoutCredentialVariables(href: string, credentials: ReadonlySet<string>): string {
  return href.replace(/%7B((?:(?!%7D)[^/?#])+)%7D/gi, (whole, name: string) =>
    credentials.has(decoded(name)) ? "" : whole,
  );
}

/**
 * How a URL is named in a message: the spec's server URL without userinfo; the operator's override never (it may hold a
 * secret).
 */
function shown(candidate: string, source: string, override: boolean): string {
  return override ? source : `${source} \`${candidate.replace(/\/\/[^/@]*@/, "//")}\``;
}

function checkAbsolute(
  candidate: string,
  source: string,
  variable: string,
  override = false,
  credentials: ReadonlySet<string> = new Set(),
): URL {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new TransportConfigError(
      `${shown(candidate, source, override)} is not an absolute URL; set ${variable} to the API's absolute ` +
        `http(s) URL, e.g. https://api.example.com/v1.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TransportConfigError(
      `${shown(candidate, source, override)} must use http or https; set ${variable} to the API's http(s) URL, ` +
        `e.g. https://api.example.com/v1.`,
    );
  if (url.username !== "" || url.password !== "")
    throw new TransportConfigError(
      `${source} must not carry credentials in the URL; set ${variable} without user:password and configure ` +
        `the credential variables instead.`,
    );
  if (/(\{|%7B).*(\}|%7D)/i.test(withoutCredentialVariables(url.href, credentials)))
    throw new TransportConfigError(
      `${shown(candidate, source, override)} has a server variable without a default; set ${variable} to the ` +
        `API's absolute http(s) URL.`,
    );
  url.hash = "";
  return url;
}

/**
 * base URL = the explicit override (options.baseUrl or PREFIX_BASE_URL), else the first server with its variables'
 * values as configured (`values`: the region of `AWS_REGION`), else their defaults. It must be absolute http(s) without
 * credentials in its userinfo; a relative server URL needs the override. A variable that carries the caller's
 * credential (see {@link credentialVariables}) never takes a default: it is filled from `secrets` (the credential of
 * its scheme), in the override too, and stays `{name}` without one.
 */
export function resolveBaseUrl(
  toolset: ToolsetSpec,
  override?: string,
  values: Readonly<Record<string, string>> = {},
  secrets: Readonly<Record<string, string>> = {},
): URL {
  const variable = envVariable(toolset.envPrefix, "baseUrl");
  const credentials = credentialVariables(toolset);
  if (override !== undefined && override.trim() !== "")
    return checkAbsolute(
      withCredentials(override.trim(), credentials, secrets),
      `The base URL (${variable})`,
      variable,
      true,
      credentials,
    );
  const server = toolset.servers[0];
  if (!server)
    throw new TransportConfigError(
      `The API description names no server; set ${variable} to the API's absolute http(s) URL, e.g. ` +
        `https://api.example.com/v1.`,
    );
  if (server.placeholder !== undefined)
    throw new TransportConfigError(
      `The API description's server URL \`${withoutUserinfo(server.url)}\` is a placeholder (${server.placeholder}); ` +
        `set ${variable} to your API's absolute http(s) URL.`,
    );
  const url = substituteVariables(server, values, credentials);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url))
    throw new TransportConfigError(
      `The API description's server URL \`${server.url}\` is relative; set ${variable} to the API's absolute ` +
        `http(s) URL (e.g. https://api.example.com${url.startsWith("/") ? url : `/${url}`}).`,
    );
  checkAbsolute(url, "The API description's server URL", variable, false, credentials);
  const filled = withCredentials(url, credentials, secrets);
  return checkAbsolute(filled, "The API description's server URL", variable, true, credentials);
}
