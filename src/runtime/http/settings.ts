// ToolsetOptions + the environment → TransportSettings: base URL, credentials per scheme, timeout and response ceiling.
import { checkCredentials } from "../auth/check.js";
import { AWS_VARIABLES, credentialVariable, envVariable, signingServiceVariable } from "../auth/env.js";
import { oauth2Variables, readOAuth2Credential } from "../auth/oauth2-config.js";
import type { AwsCredential, Credential, SecuritySchemeSpec, ToolsetOptions, ToolsetSpec } from "../types.js";
import { resolveBaseUrl, TransportConfigError } from "./server-url.js";
import type { TransportSettings } from "./types.js";

/** Raw response ceiling when neither the caller nor PREFIX_MAX_RESPONSE_BYTES sets one (10 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0)
    throw new TransportConfigError(
      `${name} must be a positive whole number (e.g. ${fallback}), got \`${raw.slice(0, 20)}\`.`,
    );
  return Number(raw);
}

function given(value: Credential | undefined): Credential | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (value === undefined) return undefined;
  const parts = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== "",
  );
  return parts.length === 0 ? undefined : Object.fromEntries(parts.map(([k, v]) => [k, v.trim()]));
}

/**
 * Scheme name → credential: options.credentials first, then `PREFIX_<SCHEME>` (for oauth2 also the
 * `PREFIX_<SCHEME>_ACCESS_TOKEN`, `_REFRESH_TOKEN`, `_CLIENT_ID`, `_CLIENT_SECRET` parts); blank values count as unset.
 * A `Bearer ` prefix the runtime adds itself is removed; a malformed one (basic without a colon) is a ConfigError.
 */
export function resolveCredentials(
  toolset: ToolsetSpec,
  options: Pick<ToolsetOptions, "credentials">,
  env: Env,
): Record<string, Credential> {
  return checkCredentials(toolset, readCredentials(toolset, options, env));
}

/** The credentials as configured, before `checkCredentials` (the start-up lines report what it changed). */
export function readCredentials(
  toolset: ToolsetSpec,
  options: Pick<ToolsetOptions, "credentials">,
  env: Env,
): Record<string, Credential> {
  const credentials: Record<string, Credential> = {};
  for (const [scheme, spec] of Object.entries(toolset.securitySchemes)) {
    const fromEnv = () =>
      spec.type === "oauth2"
        ? readOAuth2Credential(env, oauth2Variables(toolset.envPrefix, scheme))
        : spec.type === "awsSigV4"
          ? readAwsCredential(env)
          : read(env, credentialVariable(toolset.envPrefix, scheme));
    const value = given(options.credentials?.[scheme]) ?? fromEnv() ?? apiVersionDefault(spec);
    if (value !== undefined) credentials[scheme] = value;
  }
  return credentials;
}

/**
 * The AWS keys of `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`; none set: undefined. Throws
 * TransportConfigError when one of the pair is set without the other.
 */
function readAwsCredential(env: Env): AwsCredential | undefined {
  const accessKeyId = read(env, AWS_VARIABLES.accessKeyId);
  const secretAccessKey = read(env, AWS_VARIABLES.secretAccessKey);
  const sessionToken = read(env, AWS_VARIABLES.sessionToken);
  if (accessKeyId === undefined && secretAccessKey === undefined) return undefined;
  if (accessKeyId === undefined || secretAccessKey === undefined)
    throw new TransportConfigError(
      `${accessKeyId === undefined ? AWS_VARIABLES.secretAccessKey : AWS_VARIABLES.accessKeyId} is set without ` +
        `${accessKeyId === undefined ? AWS_VARIABLES.accessKeyId : AWS_VARIABLES.secretAccessKey}; set both (the AWS ` +
        `access key pair requests are signed with), or neither.`,
    );
  return { accessKeyId, secretAccessKey, ...(sessionToken === undefined ? {} : { sessionToken }) };
}

/**
 * The operator's region (`AWS_REGION`) and signing name (`PREFIX_SIGNING_SERVICE`) for a toolset that signs requests
 * with AWS Signature Version 4; undefined for any other.
 */
function signingSettings(toolset: ToolsetSpec, env: Env): TransportSettings["signing"] {
  if (!Object.values(toolset.securitySchemes).some((scheme) => scheme.type === "awsSigV4")) return undefined;
  const region = read(env, AWS_VARIABLES.region);
  const service = read(env, signingServiceVariable(toolset.envPrefix));
  return { ...(region === undefined ? {} : { region }), ...(service === undefined ? {} : { service }) };
}

/**
 * Reads `PREFIX_BASE_URL`, one `PREFIX_<SCHEME>` per security scheme, `PREFIX_TIMEOUT_MS` and
 * `PREFIX_MAX_RESPONSE_BYTES` from `options.env ?? process.env`; explicit options win.
 * Throws TransportConfigError for a relative or non-http(s) base URL or a malformed number — at configuration time,
 * never in a call. A toolset signing with AWS Signature Version 4 also reads `AWS_REGION` (the server URL's `{region}`
 * and the region signed for) and `PREFIX_SIGNING_SERVICE`.
 */
export function resolveTransportSettings(toolset: ToolsetSpec, options: ToolsetOptions = {}): TransportSettings {
  const env = options.env ?? process.env;
  const prefix = toolset.envPrefix;
  const signing = signingSettings(toolset, env);
  const variables: Record<string, string> = signing?.region === undefined ? {} : { region: signing.region };
  const baseUrl = resolveBaseUrl(toolset, options.baseUrl ?? read(env, envVariable(prefix, "baseUrl")), variables).href;
  return {
    toolset,
    baseUrl,
    ...(signing === undefined ? {} : { signing }),
    credentials: resolveCredentials(toolset, options, env),
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: positiveInteger(env, envVariable(prefix, "timeoutMs"), toolset.timeoutMs),
    maxResponseBytes: positiveInteger(env, envVariable(prefix, "maxResponseBytes"), DEFAULT_MAX_RESPONSE_BYTES),
  };
}

/** The version the API description is written for, for a scheme that carries the API version (no credential). */
function apiVersionDefault(scheme: SecuritySchemeSpec): string | undefined {
  return scheme.type === "apiKey" ? scheme.apiVersion?.default : undefined;
}
