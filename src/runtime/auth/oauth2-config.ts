// An oauth2 scheme's flows + configured credential parts → the grant to use, or a one-line error that shows no value.
import { TransportConfigError } from "../http/server-url.js";
import type { OAuth2Credential, OAuth2FlowsSpec } from "../types.js";
import { credentialVariable } from "./env.js";

/** How access tokens are obtained for one scheme, decided at startup. */
export type OAuth2Grant =
  | { readonly kind: "access_token"; readonly accessToken: string }
  | {
      readonly kind: "client_credentials";
      readonly tokenUrl: URL;
      readonly clientId: string;
      readonly clientSecret: string;
      /** The endpoint takes a JSON body (the spec declares so), with the client's id and secret in it when `body`. */
      readonly json?: "basic" | "body";
    }
  | {
      readonly kind: "refresh_token";
      readonly tokenUrl: URL;
      readonly refreshToken: string;
      readonly clientId?: string;
      readonly clientSecret?: string;
      readonly accessToken?: string;
    };

/**
 * The variables of one oauth2 scheme: `PREFIX_<SCHEME>` and its `_ACCESS_TOKEN`, `_REFRESH_TOKEN`, `_CLIENT_ID`,
 * `_CLIENT_SECRET`.
 */
export interface OAuth2Variables {
  readonly single: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export function oauth2Variables(prefix: string, scheme: string): OAuth2Variables {
  const single = credentialVariable(prefix, scheme);
  return {
    single,
    accessToken: `${single}_ACCESS_TOKEN`,
    refreshToken: `${single}_REFRESH_TOKEN`,
    clientId: `${single}_CLIENT_ID`,
    clientSecret: `${single}_CLIENT_SECRET`,
  };
}

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/**
 * The scheme's credential from the environment: `PREFIX_<SCHEME>` as a string (an access token, or
 * `client_id:client_secret`), else the `PREFIX_<SCHEME>_*` parts; both at once is a configuration error.
 */
export function readOAuth2Credential(env: Env, variables: OAuth2Variables): string | OAuth2Credential | undefined {
  const single = read(env, variables.single);
  const parts: OAuth2Credential = {
    ...optional("accessToken", read(env, variables.accessToken)),
    ...optional("refreshToken", read(env, variables.refreshToken)),
    ...optional("clientId", read(env, variables.clientId)),
    ...optional("clientSecret", read(env, variables.clientSecret)),
  };
  const split = Object.keys(parts).length > 0;
  if (single !== undefined && split)
    throw new TransportConfigError(
      `${variables.single} and ${variables.single}_* are both set; set either ${variables.single} or the ` +
        `${variables.single}_* variables, not both.`,
    );
  return single ?? (split ? parts : undefined);
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** The flow names a scheme declares, for messages. */
const flowNames = (flows: OAuth2FlowsSpec): string =>
  Object.keys(flows).length === 0 ? "no flow" : Object.keys(flows).join(", ");

/**
 * Where a refresh token is redeemed: the authorization-code flow's token URL, else the password flow's, else the
 * client-credentials flow's.
 */
export function refreshTokenUrl(flows: OAuth2FlowsSpec): string | undefined {
  return flows.authorizationCode?.tokenUrl ?? flows.password?.tokenUrl ?? flows.clientCredentials?.tokenUrl;
}

/** The forms a scheme with these flows accepts, in words naming the variables. */
export function acceptedForms(flows: OAuth2FlowsSpec, v: OAuth2Variables): string[] {
  return [
    `${v.accessToken} (or ${v.single}, when the token has no colon) set to an access token`,
    ...(flows.clientCredentials
      ? [
          `${v.clientId} and ${v.clientSecret} (or ${v.single} as client_id:client_secret) for the ` +
            `client-credentials flow`,
        ]
      : []),
    ...(refreshTokenUrl(flows) !== undefined
      ? [`${v.refreshToken} with ${v.clientId} (and ${v.clientSecret} for a confidential client)`]
      : []),
  ];
}

function misfit(scheme: string, flows: OAuth2FlowsSpec, v: OAuth2Variables, what: string): TransportConfigError {
  return new TransportConfigError(
    `${what}, which security scheme \`${scheme}\` (flows: ${flowNames(flows)}) does not accept; it accepts ` +
      `${acceptedForms(flows, v).join("; or ")}.`,
  );
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * A token URL from the API description, resolved against the base URL: https, or http to a loopback address only; never
 * with user:password.
 */
export function checkTokenUrl(scheme: string, raw: string, base: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new TransportConfigError(
      `The token URL of security scheme \`${scheme}\` in the API description is not a URL; credentials are ` +
        `only sent to an https token endpoint.`,
    );
  }
  const loopbackHttp = url.protocol === "http:" && LOOPBACK.test(url.hostname);
  if ((url.protocol !== "https:" && !loopbackHttp) || url.username !== "" || url.password !== "") {
    throw new TransportConfigError(
      `The token URL of security scheme \`${scheme}\` (${url.protocol}//${url.host}${url.pathname}) is not ` +
        `https; credentials are only sent to an https token endpoint (http only to a loopback address).`,
    );
  }
  url.hash = "";
  return url;
}

function fromSingle(scheme: string, flows: OAuth2FlowsSpec, v: OAuth2Variables, value: string): OAuth2Credential {
  const colon = value.indexOf(":");
  if (colon < 0) return { accessToken: value };
  if (!flows.clientCredentials)
    throw misfit(scheme, flows, v, `${v.single} contains a colon, read as client_id:client_secret`);
  return { clientId: value.slice(0, colon), clientSecret: value.slice(colon + 1) };
}

interface GrantInput {
  readonly scheme: string;
  readonly flows: OAuth2FlowsSpec;
  readonly variables: OAuth2Variables;
  readonly credential: string | OAuth2Credential;
  readonly base: URL;
}

/**
 * RFC 6749: a refresh token (§6) where a declared flow has a token URL, client credentials (§4.4) only where the
 * client-credentials flow is declared, a ready access token for any flow (implicit and password flows included: the
 * runtime never asks for a user's password). Anything else is a configuration error naming the variables.
 */
export function oauth2Grant(input: GrantInput): OAuth2Grant {
  const { scheme, flows, variables: v, base } = input;
  const c = typeof input.credential === "string" ? fromSingle(scheme, flows, v, input.credential) : input.credential;
  if (c.clientSecret !== undefined && c.clientId === undefined)
    throw misfit(scheme, flows, v, `${v.clientSecret} is set without ${v.clientId}`);
  if (c.refreshToken !== undefined) {
    const url = refreshTokenUrl(flows);
    if (url === undefined)
      throw misfit(scheme, flows, v, `${v.refreshToken} is set but no declared flow has a token URL`);
    return {
      kind: "refresh_token",
      tokenUrl: checkTokenUrl(scheme, url, base),
      refreshToken: c.refreshToken,
      ...optional("clientId", c.clientId),
      ...optional("clientSecret", c.clientSecret),
      ...optional("accessToken", c.accessToken),
    };
  }
  if (c.clientId !== undefined) {
    if (c.accessToken !== undefined)
      throw misfit(scheme, flows, v, `${v.accessToken} and ${v.clientId} are both set without ${v.refreshToken}`);
    if (!flows.clientCredentials)
      throw misfit(scheme, flows, v, `${v.clientId} is set for the client-credentials flow`);
    if (c.clientSecret === undefined) throw misfit(scheme, flows, v, `${v.clientId} is set without ${v.clientSecret}`);
    return {
      kind: "client_credentials",
      tokenUrl: checkTokenUrl(scheme, flows.clientCredentials.tokenUrl, base),
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      ...(flows.clientCredentials.body === "json"
        ? { json: flows.clientCredentials.client === "body" ? ("body" as const) : ("basic" as const) }
        : {}),
    };
  }
  if (c.accessToken === undefined) throw misfit(scheme, flows, v, "no credential part is set");
  return { kind: "access_token", accessToken: c.accessToken };
}

/** The secret strings of a grant (tokens and the client secret; a client id is not a secret). */
export function grantSecrets(grant: OAuth2Grant): string[] {
  if (grant.kind === "access_token") return [grant.accessToken];
  if (grant.kind === "client_credentials") return [grant.clientSecret];
  return [
    grant.refreshToken,
    ...(grant.clientSecret === undefined ? [] : [grant.clientSecret]),
    ...(grant.accessToken === undefined ? [] : [grant.accessToken]),
  ];
}
