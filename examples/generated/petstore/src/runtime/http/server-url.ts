// The toolset's servers and the configured override → one absolute http(s) base URL, or a configuration error naming the variable to set.
import { envVariable } from "../auth/env.js";
import type { ServerSpec, ToolsetSpec } from "../types.js";

/** A configuration mistake found before any call (bad base URL, bad number in the environment). Thrown by the settings functions only. */
export class TransportConfigError extends Error {
  override readonly name = "TransportConfigError";
}

function substituteVariables(server: ServerSpec): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole);
}

function checkAbsolute(candidate: string, source: string, variable: string): URL {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new TransportConfigError(`${source} \`${candidate}\` is not an absolute URL; set ${variable} to the API's absolute URL, e.g. https://api.example.com/v1.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TransportConfigError(`${source} \`${candidate}\` must use http or https; set ${variable} to the API's http(s) URL.`);
  if (url.username !== "" || url.password !== "") throw new TransportConfigError(`${source} must not carry credentials in the URL; set ${variable} without user:password and configure the credential variables instead.`);
  if (/\{[^}]*\}/.test(decodeURI(url.href))) throw new TransportConfigError(`${source} \`${candidate}\` has a server variable without a default; set ${variable}.`);
  url.hash = "";
  return url;
}

/**
 * base URL = the explicit override (options.baseUrl or PREFIX_BASE_URL), else the first server with its variables'
 * defaults. It must be absolute http(s) without credentials; a relative server URL needs the override.
 */
export function resolveBaseUrl(toolset: ToolsetSpec, override?: string): URL {
  const variable = envVariable(toolset.envPrefix, "baseUrl");
  if (override !== undefined && override.trim() !== "") return checkAbsolute(override.trim(), "The base URL", variable);
  const server = toolset.servers[0];
  if (!server) throw new TransportConfigError(`The API description names no server; set ${variable} to the API's absolute URL.`);
  const url = substituteVariables(server);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) throw new TransportConfigError(`The API description's server URL \`${server.url}\` is relative; set ${variable} to the API's absolute URL (e.g. https://api.example.com${url.startsWith("/") ? url : `/${url}`}).`);
  return checkAbsolute(url, "The API description's server URL", variable);
}
