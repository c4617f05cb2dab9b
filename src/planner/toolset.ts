// Names the toolset and gathers what every tool shares: servers, security schemes, caps and timeouts.
import type { ApiIndex } from "../model/api-model.js";
import { DEFAULT_MAX_RETURN_BYTES, DEFAULT_TIMEOUT_MS } from "../options.js";
import { toKebabCase, toUpperSnake } from "../util/naming.js";
import { withAuthorizationPrefixes } from "./authorization-prefix.js";
import { serverCredentialSchemes, withApiVersionSchemes, withoutCredentialDefaults } from "./credentials.js";
import { markPlaceholder } from "./placeholder-server.js";
import { withHttpsWhereServed } from "./plain-http.js";
import type { ToolsetInfo } from "./types.js";

export interface ToolsetChoices {
  /** `--name`, then the goals file's `toolset`, then an Arazzo document's first source name. */
  readonly names: readonly (string | undefined)[];
  readonly maxReturnBytes: number | undefined;
  readonly timeoutMs: number | undefined;
  /** The goals file's `server`, which replaces the spec's servers. */
  readonly server?: string;
  /** Schemes the goals file declares, added to the spec's. */
  readonly securitySchemes?: ToolsetInfo["securitySchemes"];
  /** The spec describes a public API (a real host somewhere): a loopback server URL is then a placeholder. */
  readonly publicApi?: boolean;
  /** The hosts the description writes as `https://host`: a plain-http server on one of them is called over https. */
  readonly httpsHosts?: () => ReadonlySet<string>;
}

/**
 * The servers with each `https://` one ahead of its `http://` twin (same URL after the scheme): the directory's AWS
 * descriptions list `http://sqs.{region}.amazonaws.com` first, and the tools would send every request in clear text.
 */
export function httpsFirst<S extends { readonly url: string }>(servers: readonly S[]): S[] {
  const rest = (url: string) => url.replace(/^https?:/i, "").toLowerCase();
  const first = new Map<string, number>();
  servers.forEach((s, i) => {
    if (!first.has(rest(s.url))) first.set(rest(s.url), i);
  });
  const rank = (s: S) => (first.get(rest(s.url)) ?? 0) * 2 + (/^https:/i.test(s.url) ? 0 : 1);
  return [...servers].sort((a, b) => rank(a) - rank(b));
}

/** The toolset's identity and shared settings. */
export function planToolset(
  model: Pick<ApiIndex, "title" | "version" | "servers" | "securitySchemes">,
  choices: ToolsetChoices,
): ToolsetInfo {
  const chosen = choices.names.find((n) => n !== undefined && n.trim() !== "") ?? model.title;
  const name = toKebabCase(chosen) || "api";
  const servers =
    choices.server === undefined
      ? withHttpsWhereServed(httpsFirst(model.servers), choices.httpsHosts ?? (() => new Set()))
      : [{ url: choices.server, variables: {} }];
  const declared = { ...model.securitySchemes, ...choices.securitySchemes };
  return {
    name,
    envPrefix: toUpperSnake(name),
    servers: servers.map((server) =>
      withoutCredentialDefaults(markPlaceholder(server, choices.server === undefined && choices.publicApi === true)),
    ),
    securitySchemes: withAuthorizationPrefixes(
      withApiVersionSchemes({ ...declared, ...serverCredentialSchemes(servers[0], declared) }, model.version),
    ),
    maxReturnBytes: choices.maxReturnBytes ?? DEFAULT_MAX_RETURN_BYTES,
    timeoutMs: choices.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}
