// Configured credentials + the tools' security → start-up checks: a malformed one refused, a `Bearer ` prefix
// removed, one line when none is set, one when several are, and one when they would go out over plain http.
import { ConfigError } from "../config.js";
import type { Credential, SecuritySchemeSpec, StepSpec, ToolsetSpec } from "../types.js";
import { credentialVariable, envVariable, schemeVariables } from "./env.js";
import { isApiVersionScheme, selectRequirement } from "./select.js";
import { isAwsCredential } from "./sigv4.js";

const BEARER_PREFIX = /^bearer\s+/i;

/** Schemes the runtime itself sends as `Authorization: Bearer <credential>`. */
function sendsBearer(scheme: SecuritySchemeSpec): boolean {
  return (
    (scheme.type === "http" && scheme.scheme.toLowerCase() === "bearer") ||
    scheme.type === "oauth2" ||
    scheme.type === "openIdConnect"
  );
}

function withoutBearer(credential: Credential): Credential {
  if (isAwsCredential(credential)) return credential;
  if (typeof credential === "string") return credential.replace(BEARER_PREFIX, "");
  return credential.accessToken === undefined
    ? credential
    : { ...credential, accessToken: credential.accessToken.replace(BEARER_PREFIX, "") };
}

const hasBearer = (credential: Credential): boolean =>
  !isAwsCredential(credential) &&
  BEARER_PREFIX.test(typeof credential === "string" ? credential : (credential.accessToken ?? ""));

/**
 * The credentials as they are sent: a `Bearer ` prefix the runtime adds itself is removed. Throws ConfigError (one
 * line, never the value) for http basic without the `user:password` colon.
 */
export function checkCredentials(
  toolset: Pick<ToolsetSpec, "envPrefix" | "securitySchemes">,
  credentials: Readonly<Record<string, Credential>>,
): Record<string, Credential> {
  const checked: Record<string, Credential> = {};
  for (const [name, credential] of Object.entries(credentials)) {
    const scheme = toolset.securitySchemes[name];
    const variable = credentialVariable(toolset.envPrefix, name);
    if (scheme?.type === "http" && scheme.scheme.toLowerCase() === "basic" && typeof credential === "string")
      if (!credential.includes(":"))
        throw new ConfigError(
          `${variable} must be \`user:password\` (for an API token, \`user:token\`), but the value set has no colon; ` +
            `set it again with the user name and a colon in front.`,
        );
    checked[name] = scheme !== undefined && sendsBearer(scheme) ? withoutBearer(credential) : credential;
  }
  return checked;
}

/** A tool's name and the security of its steps, as start-up lines need them. */
export interface SecuredTool {
  readonly name: string;
  readonly steps: readonly Pick<StepSpec, "security">[];
}

const list = (names: readonly string[], most = 4): string =>
  names.length <= most ? names.join(", ") : `${names.slice(0, most).join(", ")} and ${names.length - most} more`;

/** Which configured scheme each tool's first step uses (`anonymous` when none fits and `{}` is allowed). */
function usage(
  toolset: Pick<ToolsetSpec, "securitySchemes">,
  tools: readonly SecuredTool[],
  credentials: Readonly<Record<string, unknown>>,
): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const tool of tools) {
    const step = tool.steps.find((s) => s.security.some((r) => Object.keys(r).length > 0));
    if (step === undefined) continue;
    const chosen = selectRequirement({ security: step.security, schemes: toolset.securitySchemes, credentials });
    const key = !chosen.ok
      ? "none"
      : chosen.schemes.length === 0
        ? "anonymous"
        : chosen.schemes.map((s) => s.name).join("+");
    used.set(key, [...(used.get(key) ?? []), tool.name]);
  }
  return used;
}

/**
 * One start-up line each: a `Bearer ` prefix removed; no credential set although tools need or accept one (which go out
 * anonymously, which fail); more than one set (which scheme each tool uses: the first its operation lists that is set).
 */
export function credentialNotices(
  toolset: Pick<ToolsetSpec, "envPrefix" | "securitySchemes">,
  tools: readonly SecuredTool[],
  credentials: Readonly<Record<string, Credential>>,
): string[] {
  const variable = (name: string): string => credentialVariable(toolset.envPrefix, name);
  const variables = (name: string): string[] => schemeVariables(toolset.envPrefix, name, toolset.securitySchemes[name]);
  const notices: string[] = [];
  const prefixed = Object.entries(credentials).filter(
    ([name, value]) =>
      toolset.securitySchemes[name] !== undefined && sendsBearer(toolset.securitySchemes[name]) && hasBearer(value),
  );
  for (const [name] of prefixed)
    notices.push(`${variable(name)} starts with "Bearer "; the prefix was removed (the server adds it itself).`);
  const credentialSchemes = Object.keys(toolset.securitySchemes).filter(
    (name) => !isApiVersionScheme(toolset.securitySchemes[name]),
  );
  const set = Object.keys(credentials).filter((name) => credentialSchemes.includes(name));
  const used = usage(toolset, tools, credentials);
  // With no credential scheme at all (only an API version sent as one) there is no variable to name, nothing to say.
  if (set.length === 0 && used.size > 0 && credentialSchemes.length > 0) {
    const schemes = credentialSchemes.flatMap(variables);
    const anonymous = used.get("anonymous") ?? [];
    const failing = used.get("none") ?? [];
    const parts = [
      anonymous.length > 0
        ? `${list(anonymous)} send requests anonymously (the API may answer with less than the user can see, ` +
          "e.g. empty lists)"
        : "",
      failing.length > 0 ? `${list(failing)} fail with UNAUTHORIZED` : "",
    ].filter((p) => p !== "");
    if (parts.length > 0) notices.push(`no credential is set (${list(schemes)}): ${parts.join("; ")}.`);
  }
  if (set.length > 1) {
    const where = [...used.entries()]
      .filter(([key]) => key !== "none" && key !== "anonymous")
      .map(([key, names]) => `${key} for ${list(names)}`);
    notices.push(
      `${list(set.flatMap(variables))} are all set; each call uses the first scheme its operation lists that is set` +
        (where.length > 0 ? `: ${where.join("; ")}.` : "."),
    );
  }
  return notices;
}

/** Host names of the operator's own machine or network: loopback, `.localhost`, `.local`. */
const OWN_NAMES = /^(localhost|.+\.localhost|.+\.local|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;
/** RFC 1918 private addresses. */
const PRIVATE_ADDRESSES = /^(10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2})$/;

/**
 * One start-up line when a credential is set and the base URL the calls go to is plain http on a host outside the
 * operator's own network: the credential would go out unencrypted. It names the variables and the https URL to set.
 */
export function plainHttpNotice(
  toolset: Pick<ToolsetSpec, "envPrefix" | "securitySchemes">,
  baseUrl: string,
  credentials: Readonly<Record<string, Credential>>,
): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" || OWN_NAMES.test(url.hostname) || PRIVATE_ADDRESSES.test(url.hostname))
    return undefined;
  const set = Object.keys(credentials).filter(
    (name) => toolset.securitySchemes[name] !== undefined && !isApiVersionScheme(toolset.securitySchemes[name]),
  );
  if (set.length === 0) return undefined;
  const variables = set.flatMap((name) => schemeVariables(toolset.envPrefix, name, toolset.securitySchemes[name]));
  const https = `https://${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  return (
    `calls go to ${url.origin} over plain http, so ${list(variables)} go${variables.length === 1 ? "es" : ""} out ` +
    `unencrypted; if the API serves https, set ${envVariable(toolset.envPrefix, "baseUrl")} to ${https}.`
  );
}
