// Turns OAS 3 `servers` and Swagger 2 host/basePath/schemes into model Servers.
import type { Server, ServerVariable } from "../model/api-model.js";
import { withScheme } from "./safety.js";
import { isRecord, type JsonRecord, optional, recordOf, setEntry, stringOf } from "./walk.js";

/** OAS 3 `servers` → Server list in spec order; undefined when absent (callers decide the default). */
export function serversToModel(value: unknown): Server[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.filter(isRecord).map((server) => ({
    url: withScheme(stringOf(server["url"]) ?? "/"),
    ...optional("description", stringOf(server["description"])),
    variables: variablesToModel(server["variables"]),
  }));
}

/** OAS 3: with no `servers`, the server is `/` (OpenAPI 3.0.3 §4.7.1, `servers`). */
export const DEFAULT_SERVERS: readonly Server[] = [{ url: "/", variables: {} }];

/**
 * Swagger 2 → one server per scheme: `scheme://host basePath`. Without `schemes`, https is assumed (the
 * spec says "the scheme used to access the spec"); `ws`/`wss` are left out; without `host`, the URL is the relative basePath.
 */
export function swagger2ServersToModel(document: JsonRecord): Server[] {
  const host = stringOf(document["host"]);
  const basePath = stringOf(document["basePath"]) ?? "";
  if (host === undefined) return [{ url: basePath === "" ? "/" : basePath, variables: {} }];
  const declared = Array.isArray(document["schemes"])
    ? document["schemes"].filter((s): s is string => s === "http" || s === "https")
    : [];
  const schemes = declared.length > 0 ? declared : ["https"];
  return schemes.map((scheme) => ({ url: `${scheme}://${host}${basePath === "/" ? "" : basePath}`, variables: {} }));
}

function variablesToModel(value: unknown): Record<string, ServerVariable> {
  const out: Record<string, ServerVariable> = {};
  for (const [name, raw] of Object.entries(recordOf(value))) {
    const variable = recordOf(raw);
    const values = Array.isArray(variable["enum"]) ? variable["enum"].map(String) : undefined;
    setEntry(out, name, {
      default: variable["default"] === undefined ? (values?.[0] ?? "") : String(variable["default"]),
      ...optional("enum", values),
      ...optional("description", stringOf(variable["description"])),
    });
  }
  return out;
}

/**
 * The server URL without a base path that every operation path starts with again (Ticketmaster's Discovery server
 * `//www.ticketmaster.com/discovery/v2` beside `/discovery/v2/events`, `/discovery/v2/venues`, …): written twice,
 * every call would go to `/discovery/v2/discovery/v2/events`. Undefined when the URL has no such path (no path, a
 * templated one, no operation paths, or one path that does not repeat it).
 */
export function withoutRepeatedBase(url: string, paths: readonly string[]): string | undefined {
  const match = /^((?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*)?(\/[^?#]*)$/i.exec(url);
  const origin = match?.[1] ?? "";
  const base = (match?.[2] ?? "").replace(/\/+$/, "");
  if (base === "" || base.includes("{") || paths.length === 0) return undefined;
  if (!paths.every((path) => path === base || path.startsWith(`${base}/`))) return undefined;
  return origin === "" ? "/" : origin;
}
