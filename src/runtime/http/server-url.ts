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

function substituteVariables(server: ServerSpec, values: Readonly<Record<string, string>>): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    server.variables[name] === undefined ? whole : (values[name] ?? server.variables[name].default),
  );
}

/**
 * How a URL is named in a message: the spec's server URL without userinfo; the operator's override never (it may hold a
 * secret).
 */
function shown(candidate: string, source: string, override: boolean): string {
  return override ? source : `${source} \`${candidate.replace(/\/\/[^/@]*@/, "//")}\``;
}

function checkAbsolute(candidate: string, source: string, variable: string, override = false): URL {
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
  if (/(\{|%7B).*(\}|%7D)/i.test(url.href))
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
 * credentials; a relative server URL needs the override.
 */
export function resolveBaseUrl(
  toolset: ToolsetSpec,
  override?: string,
  values: Readonly<Record<string, string>> = {},
): URL {
  const variable = envVariable(toolset.envPrefix, "baseUrl");
  if (override !== undefined && override.trim() !== "")
    return checkAbsolute(override.trim(), `The base URL (${variable})`, variable, true);
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
  const url = substituteVariables(server, values);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url))
    throw new TransportConfigError(
      `The API description's server URL \`${server.url}\` is relative; set ${variable} to the API's absolute ` +
        `http(s) URL (e.g. https://api.example.com${url.startsWith("/") ? url : `/${url}`}).`,
    );
  return checkAbsolute(url, "The API description's server URL", variable);
}
