// A plain-http server on a public host → https when the description itself calls that host over https; otherwise a
// warning, when the tools send a credential, that it goes out unencrypted.
import type { Server } from "../model/api-model.js";
import { isPublicUrl } from "./placeholder-server.js";

/** Private-network addresses (RFC 1918): a service there is the operator's own; its scheme is left as written. */
const PRIVATE = /^(10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2})$/;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** A plain `http://` URL on a public host (not loopback, a placeholder, a private address, nor a templated host). */
export function isPublicPlainHttp(url: string): boolean {
  if (!/^http:\/\//i.test(url) || /^http:\/\/[^/]*\{/i.test(url)) return false;
  const host = hostOf(url);
  return host !== undefined && isPublicUrl(url) && !PRIVATE.test(host);
}

/** The hosts a description's text (descriptions, examples, docs links, servers) writes as `https://host`. */
export function httpsHostsOf(value: unknown): ReadonlySet<string> {
  const text = JSON.stringify(value) ?? "";
  return new Set(
    [...text.matchAll(/https:\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)+)/gi)].map((m) =>
      (m[1] ?? "").toLowerCase(),
    ),
  );
}

/**
 * Each plain-http server on a public host the description also writes as `https://host` (SendGrid's only server
 * `http://api.sendgrid.com/v3`, its examples `https://api.sendgrid.com/v3/…`) → `https://`: the host serves https, and
 * the credential would otherwise go out unencrypted. A host never written with https keeps its `http://`. The
 * description's hosts are read only when some server is plain http.
 */
export function withHttpsWhereServed<S extends Server>(
  servers: readonly S[],
  httpsHosts: () => ReadonlySet<string>,
): S[] {
  if (!servers.some((server) => isPublicPlainHttp(server.url))) return [...servers];
  const hosts = httpsHosts();
  return servers.map((server) => {
    const host = hostOf(server.url);
    return isPublicPlainHttp(server.url) && host !== undefined && hosts.has(host)
      ? { ...server, url: server.url.replace(/^http:/i, "https:") }
      : server;
  });
}
