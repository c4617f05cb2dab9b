// A server URL (and whether its API description is a public one) → why it is a placeholder the operator must replace.
import type { Server } from "../model/api-model.js";

/** A host label that stands for the reader's own: `your-domain`, `yourcompany`, `YOUR_SUBDOMAIN`. */
const YOUR_LABEL = /^your[-_]?[a-z0-9]*$/i;
/** Names reserved for documentation and tests (RFC 2606, RFC 6761) and for the local link (`.local`, RFC 6762). */
const RESERVED = /(^|\.)(example\.(com|org|net)|example|test|invalid|local)$/i;
const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A host that points nowhere real: a `your-…` label always; in the description of a public API (one that names a real
 * host elsewhere) also a name reserved for documentation (`api.example.com`) or loopback. A description that is
 * made up throughout (a test fixture, a tutorial's pet store) keeps its made-up host.
 */
export function placeholderHost(host: string, publicApi: boolean): string | undefined {
  const label = host.split(".").find((part) => YOUR_LABEL.test(part));
  if (label !== undefined) return `\`${label}\` stands for your own domain`;
  if (!publicApi) return undefined;
  if (RESERVED.test(host))
    return `\`${host}\` is a reserved name (for documentation, tests or the local link), not a real host`;
  if (LOOPBACK.test(host)) return `\`${host}\` is the describer's own machine, not the public API`;
  return undefined;
}

/** The server URL with its variables' defaults, as the runtime would call it. */
function substituted(server: Server): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole);
}

/** Whether a URL names a real host: neither loopback nor a placeholder. */
export function isPublicUrl(url: unknown): boolean {
  if (typeof url !== "string") return false;
  const host = hostOf(url);
  return host !== undefined && !LOOPBACK.test(host) && placeholderHost(host, true) === undefined;
}

/** The server marked with why it is a placeholder, when it is one. */
export function markPlaceholder<S extends Server>(server: S, publicApi: boolean): S & { placeholder?: string } {
  const host = hostOf(substituted(server));
  const reason = host === undefined ? undefined : placeholderHost(host, publicApi);
  return reason === undefined ? server : { ...server, placeholder: reason };
}

/** A server URL that is one variable (Azure's data planes: `{batchUrl}`, `{endpoint}`): each user's own address. */
const VARIABLE_ONLY = /^\{[^{}]+\}(?:\/[^{}]*)?$/;

/**
 * Whether an API description describes a public API: a server, Swagger 2 `host`, terms of service, contact or external
 * docs URL on a real host, or a server whose URL is only a variable (the service runs at each user's own address, so
 * another server's reserved name stands in for it). A description that names only loopback is someone's local service.
 */
export function describesPublicApi(root: Readonly<Record<string, unknown>>): boolean {
  const record = (value: unknown): Readonly<Record<string, unknown>> =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const info = record(root["info"]);
  const servers = Array.isArray(root["servers"]) ? root["servers"].map((s) => record(s)["url"]) : [];
  const host = typeof root["host"] === "string" ? `https://${root["host"]}` : undefined;
  return [
    ...servers,
    host,
    info["termsOfService"],
    record(info["contact"])["url"],
    record(root["externalDocs"])["url"],
  ].some((url) => isPublicUrl(url) || (typeof url === "string" && VARIABLE_ONLY.test(url)));
}
