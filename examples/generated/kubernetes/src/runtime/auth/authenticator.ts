// Toolset security schemes + credentials → an Authenticator that applies the chosen requirement to each step (tokens fetched and cached).
import { errorDetail, type ErrorDetail } from "../errors.js";
import { headerValueProblem } from "../http/params.js";
import type { SecuritySchemeSpec, StepSpec, ToolsetSpec } from "../types.js";
import { schemeParts, type SchemeParts } from "./apply.js";
import { credentialVariable } from "./env.js";
import { createTokenSource, splitClientCredentials, type TokenSource } from "./oauth2.js";
import { selectRequirement, type SelectedScheme } from "./select.js";
import type { AppliedAuth, AuthOutcome, Authenticator } from "./types.js";

/** What an authenticator needs; `baseUrl` resolves relative token URLs. */
export interface AuthenticatorSettings {
  readonly toolset: ToolsetSpec;
  readonly credentials: Readonly<Record<string, string>>;
  readonly fetch: typeof fetch;
  readonly baseUrl: URL;
  readonly maxResponseBytes: number;
  readonly now?: () => number;
}

type Step = Pick<StepSpec, "operationId" | "security">;

function missingCredentials(settings: AuthenticatorSettings, step: Step, missing: readonly string[]): ErrorDetail {
  const variables = missing.map((name) => credentialVariable(settings.toolset.envPrefix, name));
  const named = missing.map((name) => `\`${name}\``).join(", ");
  return errorDetail({
    code: "UNAUTHORIZED",
    message: `${step.operationId} needs credentials (security scheme ${named}) and none are configured; nothing was sent.`,
    suggestion: `Do not retry; tell the user the operator must set ${variables.join(" and ")} in the tool server's environment.`,
    retryable: false,
  });
}

function usesTokenEndpoint(scheme: SecuritySchemeSpec, credential: string): scheme is SecuritySchemeSpec & { type: "oauth2"; tokenUrl: string } {
  return scheme.type === "oauth2" && scheme.tokenUrl !== undefined && splitClientCredentials(credential) !== undefined;
}

function merge(parts: readonly (SchemeParts & { refreshable?: string; variable: string })[]): AppliedAuth {
  return {
    headers: parts.flatMap((p) => p.headers),
    query: parts.flatMap((p) => p.query),
    queryNames: parts.flatMap((p) => p.queryNames),
    cookies: parts.flatMap((p) => p.cookies),
    refreshable: parts.flatMap((p) => (p.refreshable ? [p.refreshable] : [])),
    variables: parts.map((p) => p.variable),
  };
}

function badCredential(parts: SchemeParts, variable: string): ErrorDetail | undefined {
  const bad = [...parts.headers.map(([, v]) => v), ...parts.cookies].some((value) => headerValueProblem(value) !== undefined);
  if (!bad) return undefined;
  return errorDetail({ code: "UNAUTHORIZED", message: `The credential in ${variable} contains a line break or a character that cannot be sent in a header; nothing was sent.`, suggestion: `Do not retry; tell the user the operator must fix ${variable}.`, retryable: false });
}

/** A step that needs no credentials: nothing to add. */
const NO_AUTH: AuthOutcome = Object.freeze({ ok: true, auth: Object.freeze(merge([])) });

/** Builds the authenticator of one transport: one token cache, shared by every step. */
export function createAuthenticator(settings: AuthenticatorSettings): Authenticator {
  const tokens: TokenSource = createTokenSource({ fetch: settings.fetch, now: settings.now ?? Date.now, maxResponseBytes: settings.maxResponseBytes });

  async function partsOf(selected: SelectedScheme, signal: AbortSignal | undefined, refresh: boolean) {
    const variable = credentialVariable(settings.toolset.envPrefix, selected.name);
    const credential = settings.credentials[selected.name] ?? "";
    if (!usesTokenEndpoint(selected.scheme, credential)) return { ok: true as const, parts: { ...schemeParts(selected.scheme, credential), variable } };
    const tokenUrl = new URL(selected.scheme.tokenUrl, settings.baseUrl);
    const got = await tokens.token({ scheme: selected.name, tokenUrl, credential, scopes: selected.scopes, variable, refresh, ...(signal ? { signal } : {}) });
    if (!got.ok) return got;
    return { ok: true as const, parts: { ...schemeParts(selected.scheme, got.token), variable, refreshable: selected.name } };
  }

  async function authorize(step: Step, signal?: AbortSignal, options?: { readonly refresh?: boolean }): Promise<AuthOutcome> {
    const selection = selectRequirement({ security: step.security, schemes: settings.toolset.securitySchemes, credentials: settings.credentials });
    if (!selection.ok) return { ok: false, error: missingCredentials(settings, step, selection.missing) };
    if (selection.schemes.length === 0) return NO_AUTH;
    const collected = [];
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
    const configured = Object.values(settings.credentials);
    const parts = configured.flatMap((c) => [c.slice(c.indexOf(":") + 1)]);
    return [...new Set([...configured, ...parts, ...tokens.tokens()])];
  }

  return { authorize, secrets };
}
