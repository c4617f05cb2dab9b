// Security schemes + credentials → an Authenticator applying each step's chosen requirement (tokens fetched, cached).
import { errorDetail, type ErrorDetail } from "../errors.js";
import { headerValueProblem } from "../http/params.js";
import { TransportConfigError } from "../http/server-url.js";
import type { AwsCredential, Credential, StepSpec, ToolsetSpec } from "../types.js";
import { schemeParts, type SchemeParts, sentAsWholeAuthorization } from "./apply.js";
import { AWS_VARIABLES, schemeVariables, signingServiceVariable } from "./env.js";
import { createTokenSource, type FetchingGrant, type TokenSource } from "./oauth2.js";
import { grantSecrets, oauth2Grant, oauth2Variables, type OAuth2Grant } from "./oauth2-config.js";
import { isApiVersionScheme, selectRequirement, type SelectedScheme } from "./select.js";
import { createSigner, isAwsCredential, type RequestSigner } from "./sigv4.js";
import type { AppliedAuth, AuthOutcome, Authenticator } from "./types.js";

/** What an authenticator needs; `baseUrl` resolves relative token URLs. */
export interface AuthenticatorSettings {
  readonly toolset: ToolsetSpec;
  readonly credentials: Readonly<Record<string, Credential>>;
  readonly fetch: typeof fetch;
  readonly baseUrl: URL;
  readonly maxResponseBytes: number;
  readonly now?: () => number;
  /** The operator's region and signing name for awsSigV4 schemes (`AWS_REGION`, `PREFIX_SIGNING_SERVICE`), when set. */
  readonly signing?: { readonly region?: string; readonly service?: string };
}

type Step = Pick<StepSpec, "operationId" | "security">;

function missingCredentials(settings: AuthenticatorSettings, step: Step, missing: readonly string[]): ErrorDetail {
  const variables = [
    ...new Set(
      missing.flatMap((name) =>
        schemeVariables(settings.toolset.envPrefix, name, settings.toolset.securitySchemes[name]),
      ),
    ),
  ];
  const named = missing.map((name) => `\`${name}\``).join(", ");
  return errorDetail({
    code: "UNAUTHORIZED",
    message:
      `${step.operationId} needs credentials (security scheme ${named}) and none are configured; ` +
      `nothing was sent.`,
    suggestion:
      `Do not retry; tell the user the operator must set ${variables.join(" and ")} in the tool ` +
      `server's environment.`,
    retryable: false,
  });
}

/**
 * Each configured oauth2 scheme's grant, checked against its flows; a credential that does not fit is a configuration
 * error.
 */
function grantsOf(settings: AuthenticatorSettings): Map<string, OAuth2Grant> {
  const grants = new Map<string, OAuth2Grant>();
  for (const [name, scheme] of Object.entries(settings.toolset.securitySchemes)) {
    const credential = settings.credentials[name];
    if (credential === undefined) continue;
    if (scheme.type === "awsSigV4") {
      if (!isAwsCredential(credential))
        throw new TransportConfigError(
          `The credential of security scheme \`${name}\` (awsSigV4) must be AWS keys: accessKeyId and secretAccessKey.`,
        );
      continue;
    }
    if (isAwsCredential(credential) || scheme.type !== "oauth2") {
      if (typeof credential !== "string")
        throw new TransportConfigError(
          `The credential of security scheme \`${name}\` (${scheme.type}) must be a string.`,
        );
      continue;
    }
    grants.set(
      name,
      oauth2Grant({
        scheme: name,
        flows: scheme.flows,
        variables: oauth2Variables(settings.toolset.envPrefix, name),
        credential,
        base: settings.baseUrl,
      }),
    );
  }
  return grants;
}

/** The settings an operator fixes when the token endpoint refuses a grant. */
function grantVariables(prefix: string, scheme: string, grant: FetchingGrant): string {
  const v = oauth2Variables(prefix, scheme);
  return grant.kind === "client_credentials" ? `${v.clientId} and ${v.clientSecret} (or ${v.single})` : v.refreshToken;
}

function secretsOf(credential: Credential): string[] {
  if (isAwsCredential(credential))
    return [credential.secretAccessKey, ...(credential.sessionToken === undefined ? [] : [credential.sessionToken])];
  if (typeof credential !== "string")
    return [credential.accessToken, credential.refreshToken, credential.clientSecret].filter(
      (s): s is string => s !== undefined,
    );
  return [credential, credential.slice(credential.indexOf(":") + 1)];
}

type Parts = SchemeParts & {
  refreshable?: string;
  variable: string;
  sign?: RequestSigner;
  signedFor?: string;
  whole?: boolean;
  /** The word the API description writes a whole `Authorization` value with (`Basic`). */
  written?: string;
  /** The API version a scheme carries: sent, but no credential an API can reject. */
  version?: boolean;
};

function merge(parts: readonly Parts[]): AppliedAuth {
  const signing = parts.find((p) => p.sign !== undefined);
  return {
    headers: parts.flatMap((p) => p.headers),
    query: parts.flatMap((p) => p.query),
    queryNames: parts.flatMap((p) => p.queryNames),
    cookies: parts.flatMap((p) => p.cookies),
    bodyFields: parts.flatMap((p) => p.bodyFields),
    refreshable: parts.flatMap((p) => (p.refreshable ? [p.refreshable] : [])),
    variables: parts.flatMap((p) => (p.version === true ? [] : [p.variable])),
    ...(parts.some((p) => p.whole === true)
      ? { wholeAuthorization: parts.flatMap((p) => (p.whole === true ? [p.variable] : [])) }
      : {}),
    ...(parts.some((p) => p.whole === true && p.written !== undefined)
      ? { writtenWords: parts.flatMap((p) => (p.whole === true && p.written !== undefined ? [p.written] : [])) }
      : {}),
    ...(signing?.sign === undefined ? {} : { sign: signing.sign }),
    ...(signing?.signedFor === undefined ? {} : { signedFor: signing.signedFor }),
  };
}

function badCredential(parts: SchemeParts, variable: string): ErrorDetail | undefined {
  const bad = [...parts.headers.map(([, v]) => v), ...parts.cookies].some(
    (value) => headerValueProblem(value) !== undefined,
  );
  if (!bad) return undefined;
  return errorDetail({
    code: "UNAUTHORIZED",
    message:
      `The credential in ${variable} contains a line break or a character that cannot be sent in a ` +
      `header; nothing was sent.`,
    suggestion: `Do not retry; tell the user the operator must fix ${variable}.`,
    retryable: false,
  });
}

/** A step that needs no credentials: nothing to add. */
const NO_AUTH: AuthOutcome = Object.freeze({ ok: true, auth: Object.freeze(merge([])) });

/**
 * Builds the authenticator of one transport: one token cache, shared by every step. Throws TransportConfigError
 * (configuration time) for an oauth2 credential its scheme's flows do not accept, or a token URL that is not https.
 */
export function createAuthenticator(settings: AuthenticatorSettings): Authenticator {
  const tokens: TokenSource = createTokenSource({
    fetch: settings.fetch,
    now: settings.now ?? Date.now,
    maxResponseBytes: settings.maxResponseBytes,
  });
  const grants = grantsOf(settings);
  const prefix = settings.toolset.envPrefix;
  const signers = new Map<string, RequestSigner>();

  /** The region and signing name of an awsSigV4 scheme: the operator's, else the scheme's. */
  const signingOf = (scheme: { readonly service: string; readonly region: string }) => ({
    service: settings.signing?.service ?? scheme.service,
    region: settings.signing?.region ?? scheme.region,
  });

  /** One signer per awsSigV4 scheme. */
  function signerOf(name: string, scheme: { readonly service: string; readonly region: string }): RequestSigner {
    let signer = signers.get(name);
    if (signer === undefined) {
      const key = { credential: settings.credentials[name] as AwsCredential, ...signingOf(scheme) };
      signers.set(name, (signer = createSigner(key, settings.now)));
    }
    return signer;
  }

  /** `region eu-west-1 (AWS_REGION) and service sqs (SQS_SIGNING_SERVICE)`. */
  function signedFor(scheme: { readonly service: string; readonly region: string }): string {
    const { region, service } = signingOf(scheme);
    return `region ${region} (${AWS_VARIABLES.region}) and service ${service} ` + `(${signingServiceVariable(prefix)})`;
  }

  async function partsOf(selected: SelectedScheme, signal: AbortSignal | undefined, refresh: boolean) {
    const variable = schemeVariables(prefix, selected.name, selected.scheme).join(" and ");
    if (selected.scheme.type === "awsSigV4")
      return {
        ok: true as const,
        parts: {
          ...schemeParts(selected.scheme, ""),
          variable,
          sign: signerOf(selected.name, selected.scheme),
          signedFor: signedFor(selected.scheme),
        },
      };
    const grant = grants.get(selected.name);
    if (grant === undefined)
      return {
        ok: true as const,
        parts: {
          ...schemeParts(selected.scheme, String(settings.credentials[selected.name] ?? "")),
          variable,
          ...(sentAsWholeAuthorization(selected.scheme) ? { whole: true } : {}),
          ...(selected.scheme.type === "apiKey" && selected.scheme.written !== undefined
            ? { written: selected.scheme.written }
            : {}),
          ...(isApiVersionScheme(selected.scheme) ? { version: true } : {}),
        },
      };
    if (grant.kind === "access_token")
      return { ok: true as const, parts: { ...schemeParts(selected.scheme, grant.accessToken), variable } };
    const got = await tokens.token({
      scheme: selected.name,
      grant,
      scopes: selected.scopes,
      variables: grantVariables(prefix, selected.name, grant),
      refresh,
      ...(signal ? { signal } : {}),
    });
    if (!got.ok) return got;
    return {
      ok: true as const,
      parts: { ...schemeParts(selected.scheme, got.token), variable, refreshable: selected.name },
    };
  }

  async function authorize(
    step: Step,
    signal?: AbortSignal,
    options?: { readonly refresh?: boolean },
  ): Promise<AuthOutcome> {
    const selection = selectRequirement({
      security: step.security,
      schemes: settings.toolset.securitySchemes,
      credentials: settings.credentials,
    });
    if (!selection.ok) return { ok: false, error: missingCredentials(settings, step, selection.missing) };
    if (selection.schemes.length === 0) return NO_AUTH;
    const collected: Parts[] = [];
    for (const selected of selection.schemes) {
      const got = await partsOf(selected, signal, options?.refresh === true);
      if (!got.ok) return got;
      const bad = badCredential(got.parts, got.parts.variable);
      if (bad) return { ok: false, error: bad };
      collected.push(got.parts);
    }
    return { ok: true, auth: merge(collected) };
  }

  function secrets(): string[] {
    const configured = Object.entries(settings.credentials)
      .filter(([name]) => !isApiVersionScheme(settings.toolset.securitySchemes[name]))
      .flatMap(([, credential]) => secretsOf(credential));
    return [...new Set([...configured, ...[...grants.values()].flatMap(grantSecrets), ...tokens.tokens()])];
  }

  function missing(step: Step): ErrorDetail | undefined {
    const selection = selectRequirement({
      security: step.security,
      schemes: settings.toolset.securitySchemes,
      credentials: settings.credentials,
    });
    return selection.ok ? undefined : missingCredentials(settings, step, selection.missing);
  }

  return { authorize, secrets, missing };
}
