// The toolset's servers → a warning when the generated tools cannot reach the API without a base URL set at run time
// (none, relative, or a placeholder such as `your-domain`).
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { envVariable } from "../runtime/auth/env.js";
import { resolveBaseUrl, TransportConfigError } from "../runtime/http/server-url.js";
import { isPublicPlainHttp } from "./plain-http.js";
import type { ToolsetInfo } from "./types.js";

/** Where the warning points: the spec (file, pointer, position), or the goals file when its `server:` replaced the spec's. */
export interface BaseUrlSite {
  readonly file: string;
  readonly pointer: string;
  readonly position?: { readonly line: number; readonly column: number };
  /** The member the spec leaves out: Swagger 2 `host` (its URL is then the basePath), OpenAPI `servers` (then `/`). */
  readonly missing?: "host" | "servers";
}

/** `//user:secret@host/x` → `//host/x`: a server URL is shown without userinfo. */
function withoutUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:)?\/\/[^/?#@]*@/i, "$1//");
}

/**
 * The runtime's own rule (it resolves the base URL the same way at start) decides; the warning names the variable the
 * operator must set for the MCP server and the approvals command, `<PREFIX>_BASE_URL`. `siteOf` is asked only when
 * there is a warning (locating a member of a large spec scans its text).
 */
export function baseUrlDiagnostics(toolset: ToolsetInfo, siteOf: () => BaseUrlSite, declared?: string): Diagnostic[] {
  const placeholder = toolset.servers[0];
  if (placeholder?.placeholder !== undefined) return [placeholderDiagnostic(toolset, siteOf(), placeholder)];
  const servers = toolset.servers.map((s) => ({
    url: s.url,
    variables: Object.fromEntries(Object.entries(s.variables).map(([k, v]) => [k, { default: v.default }])),
  }));
  try {
    resolveBaseUrl({
      name: toolset.name,
      version: "",
      envPrefix: toolset.envPrefix,
      servers,
      securitySchemes: {},
      maxReturnBytes: toolset.maxReturnBytes,
      timeoutMs: toolset.timeoutMs,
    });
    return plainHttpDiagnostics(toolset, siteOf, declared);
  } catch (error) {
    if (!(error instanceof TransportConfigError)) throw error;
  }
  const variable = envVariable(toolset.envPrefix, "baseUrl");
  const first = toolset.servers[0] === undefined ? undefined : withoutUserinfo(toolset.servers[0].url);
  const { missing, ...location } = siteOf();
  const what =
    missing !== undefined
      ? `has no \`${missing}\``
      : `gives only the server URL \`${first ?? ""}\`, which is not an absolute http(s) URL`;
  return [
    diagnostic("SPEC_NO_BASE_URL", {
      ...location,
      message: `the API description ${what}; the generated tools have no API to call until ${variable} is set`,
      hint: `set ${variable} to the API's absolute URL (e.g. https://api.example.com${first !== undefined && /^\/[^/]/.test(first) ? first : ""}) wherever the MCP server and the approvals command run, or give the goals file \`server: https://…\``,
    }),
  ];
}

/** The spec's first server is a placeholder: the generated server refuses to start until the operator sets the URL. */
function placeholderDiagnostic(
  toolset: ToolsetInfo,
  site: BaseUrlSite,
  server: ToolsetInfo["servers"][number],
): Diagnostic {
  const variable = envVariable(toolset.envPrefix, "baseUrl");
  const { missing: _missing, ...location } = site;
  return diagnostic("SPEC_PLACEHOLDER_SERVER", {
    ...location,
    message: `the server URL \`${withoutUserinfo(server.url)}\` is a placeholder (${server.placeholder}); the generated server refuses to start until ${variable} is set`,
    hint: `set ${variable} to your API's URL wherever the MCP server and the approvals command run, or give the goals file \`server: https://…\``,
  });
}

/**
 * The spec's plain-http server on a public host, when the tools send a credential: made https (the description calls
 * the host over https elsewhere), or kept, the credential then going out unencrypted. Both name the variable to set.
 */
function plainHttpDiagnostics(toolset: ToolsetInfo, siteOf: () => BaseUrlSite, declared?: string): Diagnostic[] {
  const used = toolset.servers[0]?.url;
  if (declared === undefined || used === undefined || !isPublicPlainHttp(withoutUserinfo(declared))) return [];
  if (Object.keys(toolset.securitySchemes).length === 0) return [];
  const variable = envVariable(toolset.envPrefix, "baseUrl");
  const { missing: _missing, ...location } = siteOf();
  const shown = withoutUserinfo(declared);
  if (/^https:/i.test(used))
    return [
      diagnostic("SERVER_URL_HTTPS_UPGRADED", {
        ...location,
        message: `the server URL \`${shown}\` is plain http, but the API description calls its host over https elsewhere: the generated tools use \`${withoutUserinfo(used)}\``,
        hint: `if the API really serves only plain http, set ${variable} to \`${shown}\` (credentials then go out unencrypted)`,
      }),
    ];
  return [
    diagnostic("SERVER_URL_PLAIN_HTTP", {
      ...location,
      message: `the server URL \`${shown}\` is plain http: the generated tools send the configured credentials unencrypted`,
      hint: `if the API serves https, write \`${shown.replace(/^http:/i, "https:")}\` in the spec or set ${variable} to it wherever the MCP server and the approvals command run`,
    }),
  ];
}
