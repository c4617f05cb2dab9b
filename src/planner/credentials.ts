// An operation's parameters and form fields that carry a credential → the security scheme that fills them, never an input.
import type {
  JsonSchema,
  Operation,
  OperationSummary,
  Parameter,
  ParameterLocation,
  SecurityRequirement,
  SecurityScheme,
  Server,
} from "../model/api-model.js";
import type { ApiSource, SchemaLookup } from "../model/api-source.js";
import { isSecretKey, REDACTED } from "../runtime/redact.js";
import { toSnakeCase } from "../util/naming.js";
import { preferredContent } from "./media.js";
import { operationProfile } from "./profile.js";
import { derefTop } from "./schemas.js";
import type { BodyCredentialKind, CredentialField, StepPlan, ToolDef } from "./types.js";

export type { CredentialField } from "./types.js";

/** The body fields an API takes as its caller's credential, each with how it takes it. */
export type BodyCredentials = ReadonlyMap<string, BodyCredentialKind>;

/** A credential a bearer-type scheme (oauth2, openIdConnect, http bearer) sends as its token. */
const TOKEN_WORDS: ReadonlySet<string> = new Set([
  "token",
  "access_token",
  "auth_token",
  "oauth_token",
  "bearer_token",
  "authorization",
  "session_token",
]);

/** A credential an apiKey scheme sends, whatever name the scheme gives it. */
const KEY_WORDS: ReadonlySet<string> = new Set(["api_key", "apikey", "api_token", "app_key", "access_key"]);

/** Credentials no scheme of another name stands for (a client's or user's secret). */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  "client_secret",
  "password",
  "passwd",
  "secret",
  "api_secret",
  "app_secret",
  "consumer_secret",
  "secret_key",
  "private_token",
  "refresh_token",
]);

/**
 * `X-Api-Key` → `api_key`, `access-token` → `access_token`, `apiKey` → `api_key`; a compound written as one lower-case
 * word is split like its camel-case spelling (Jumpseller's `authtoken` → `auth_token`, `accesstoken` → `access_token`).
 */
function credentialWord(name: string): string {
  return toSnakeCase(name)
    .replace(/^x_/, "")
    .replace(/^(auth|access|api|app|bearer|oauth|session|consumer|client)(token|key|secret)$/, "$1_$2");
}

/** AWS Signature Version 4's per-request headers: a signer computes them from each request and the caller's keys. */
const SIGNING_HEADERS: ReadonlySet<string> = new Set([
  "x-amz-algorithm",
  "x-amz-credential",
  "x-amz-date",
  "x-amz-signature",
  "x-amz-signedheaders",
  "x-amz-content-sha256",
]);

/**
 * Whether the parameter is an optional request-signing header (AWS's `X-Amz-Signature`, `X-Amz-Date`, …, declared on
 * every operation of the directory's AWS specs): no model can compute it, so it is never an input. The session token
 * (`X-Amz-Security-Token`) is a credential like any other.
 */
export function isSigningHeader(parameter: Pick<Parameter, "name" | "in" | "required">): boolean {
  return parameter.in === "header" && !parameter.required && SIGNING_HEADERS.has(parameter.name.toLowerCase());
}

/** Whether a field of this name carries a credential: token, access_token, api_key, client_secret, password, …. */
export function isCredentialName(name: string): boolean {
  const word = credentialWord(name);
  return TOKEN_WORDS.has(word) || KEY_WORDS.has(word) || SECRET_WORDS.has(word);
}

/**
 * Whether a header of this name carries a credential under a name of the API's own: its last word is `token`, `secret`
 * or `signature` (`X-Postmark-Server-Token`, `X-Auth-Token`; Walmart's `WM_SEC.AUTH_SIGNATURE`, Open Banking's
 * `x-jws-signature`: signed with the caller's private key, which no model holds), `authentication`, `authorization` or
 * `auth` (bunq's `X-Bunq-Client-Authentication`, Tyk's `x-tyk-authorization`, Docker's `X-Registry-Auth`: what
 * `Authorization` carries, under the API's own name), or it ends in a key word (`Ocp-Apim-Subscription-Key`,
 * `X-Functions-Api-Key`). An idempotency token or key names the request, not the caller.
 */
export function isCredentialHeaderName(name: string): boolean {
  const word = credentialWord(name);
  if (word.startsWith("idempotency")) return false;
  return /(^|_)(token|secret|signature|auth|authentication|authorization|api_key|access_key|subscription_key)$/.test(
    word,
  );
}

/**
 * A description opening by calling the field the caller's own key: Google's "API key. Your API key identifies your
 * project…", "Your unique API key.", "FraudLabs Pro API key.", "an application key." — not "The API key to revoke".
 */
const CALLER_KEY =
  /^\s*(your\s+|an?\s+|the\s+)?((registered|personal|unique|valid)\s+)?([\w-]+\s+){0,2}?(api|application|license|licence|access|security)[ -]?key\b(?!\s+(to|of|for|that|which|whose)\b)/i;

/**
 * A login sent beside the caller's token, named so (`login`, `username`, `api_user`) and described as the API's or
 * OAuth's login (Jumpseller's `login`, "API OAuth login.", every call `?login=…&authtoken=…`): the caller's account,
 * configured with the token, never a user the call acts on (a user search's `username`, "The user name to find").
 */
const LOGIN_WORDS: ReadonlySet<string> = new Set([
  "login",
  "username",
  "user_name",
  "api_login",
  "api_user",
  "api_username",
]);
const API_LOGIN = /\b(api|oauth)\s+(?:oauth\s+)?(login|user\s?name|user)\b/i;

/** A description of a paging token: "which page of results", "the next set of results", a continuation or cursor. */
const PAGING = /\b(pages?|paginat\w*|paging|next set|continuation|cursor)\b/i;

/**
 * A description of a value the call acts on, not the caller's credential: IAM's "The new password for the user", "The
 * invite token to resolve", SNS's "Short-lived token sent to an endpoint during the Subscribe action" (to confirm it),
 * a device's push token. Configured once, it would be the same for every call; the model gives it.
 */
const ACTED_ON =
  /\b(the|a) new\b|\bto (resolve|revoke|validate|verify|confirm|check|inspect|introspect|invalidate)\b|\bsent to an? (endpoint|device|email|phone)\b/i;

/**
 * A description speaking of a device (SNS's "for an app on a device", "device APNS token"): the device's token, unless
 * it calls the value the caller's authentication token (bunq's "The authentication token is used to authenticate the
 * source of the API call … the device and session calls are using the token from …").
 */
const DEVICE = /\bdevice\b/i;

/**
 * A description saying an earlier answer carried the value: Vercel's "The token returned when the login was requested"
 * (to verify that login), Jellyfin's "Secret previously returned from the Initiate endpoint", OpenChannel's "The Stripe
 * token returned by the Stripe.js … createToken call". Configured once, the operator's own token would be sent in its
 * place. A login, session or access token so returned is the caller's credential (LetMC's "The login token returned
 * from the /session POST call").
 */
const RETURNED = /\breturned (by|when|from|in|after)\b/i;
const CALLERS_TOKEN = /\b(login|session|access|auth(entication|orization)?|bearer)[ _-]token\b/i;

/** Whether the description says the field is a value the call acts on or an earlier answer gave, not a credential. */
export function isActedOnValue(description: string): boolean {
  return (
    ACTED_ON.test(description) ||
    ((DEVICE.test(description) || RETURNED.test(description)) && !CALLERS_TOKEN.test(description))
  );
}

/**
 * Whether a parameter named like a credential is said to be a value an earlier answer returned (Vercel's verification
 * `token`, "The token returned when the login was requested"): the call continues that earlier one.
 */
export function isReturnedToken(parameter: Pick<Parameter, "name" | "in" | "description">): boolean {
  const said = parameter.description ?? "";
  const named =
    isCredentialName(parameter.name) || (parameter.in === "header" && isCredentialHeaderName(parameter.name));
  return named && RETURNED.test(said) && !CALLERS_TOKEN.test(said);
}

/**
 * How the credential of one field reaches the API: `scheme` — a scheme the operation uses sends it already (the
 * field is left out of the request); `add` — a declared apiKey scheme has this very name and place, so it is
 * added to the operation's requirement; `variable` — no scheme carries it, so a generated apiKey scheme named after
 * the field fills it from its own environment variable (a body field too, where the API takes its credential in every
 * body); `unsent` — a form field named like a credential that no scheme carries and the API does not take on every call.
 */
export type CredentialFill =
  | { readonly kind: "scheme"; readonly scheme: string }
  | { readonly kind: "add"; readonly scheme: string }
  | { readonly kind: "variable" }
  | { readonly kind: "unsent" };

type Schemes = Readonly<Record<string, SecurityScheme>>;

function sameKey(scheme: SecurityScheme, field: CredentialField): boolean {
  if (scheme.type !== "apiKey" || scheme.in !== field.in) return false;
  return field.in === "header" ? scheme.name.toLowerCase() === field.name.toLowerCase() : scheme.name === field.name;
}

/** Headers AWS Signature Version 4 sets itself: the signature, and the session token of temporary keys it signs. */
const SIGNED_BY_SIGNER: ReadonlySet<string> = new Set(["authorization", "x-amz-security-token"]);

/** Whether the scheme sends a bearer token: oauth2, openIdConnect, http bearer. */
function isBearerScheme(scheme: SecurityScheme | undefined): boolean {
  return (
    scheme?.type === "oauth2" ||
    scheme?.type === "openIdConnect" ||
    (scheme?.type === "http" && scheme.scheme.toLowerCase() === "bearer")
  );
}

/** A description saying the header is sent in place of the `Authorization` header's token. */
const STANDS_IN = /\b(instead of|in place of|as an alternative to)\b|代わりに/i;

/** A description saying the value is needed only without a token: Google's key, "Required unless you provide an OAuth 2.0 token." */
const UNLESS_TOKEN =
  /\brequired unless (?:you (?:provide|send|use|pass) )?an? (?:oauth(?: ?2(?:\.0)?)?|access|bearer) token\b/i;

/**
 * Whether an optional credential header no scheme carries stands in for the operation's bearer token: every
 * alternative of the operation is bearer schemes only, and the header is described as the caller's own token
 * (DRACOON's `X-Sds-Auth-Token`, "Authentication token") or as sent instead of the `Authorization` header (shop-pro's
 * `X-Appstore-Usage-Charge-Token`). It is then one more alternative, never required on top of the bearer token; a
 * header described otherwise (trakt's `trakt-api-key`, "e.g. [client_id]") is sent beside it. So is an optional query
 * key said to be needed only without a token (Google's `key`: "Required unless you provide an OAuth 2.0 token.").
 */
export function standsInForToken(
  field: CredentialField,
  security: readonly SecurityRequirement[],
  schemes: Schemes,
): boolean {
  if (field.required) return false;
  const said = field.description ?? "";
  const header = field.in === "header" && (CALLERS_TOKEN.test(said) || STANDS_IN.test(said));
  if (!header && !(field.in === "query" && UNLESS_TOKEN.test(said))) return false;
  return (
    security.length > 0 &&
    security.every((r) => Object.keys(r).length > 0 && Object.keys(r).every((name) => isBearerScheme(schemes[name])))
  );
}

/**
 * Whether `scheme` sends the credential the field names (its token, its key, its Authorization header, or an apiKey
 * of the same name elsewhere: Plaid's `PLAID-SECRET` header for the body's `secret`); an AWS signer sends the
 * `Authorization` and `X-Amz-Security-Token` headers.
 */
function carries(scheme: SecurityScheme, field: CredentialField): boolean {
  if (scheme.type === "awsSigV4") return field.in === "header" && SIGNED_BY_SIGNER.has(field.name.toLowerCase());
  if (sameKey(scheme, field)) return true;
  const word = credentialWord(field.name);
  if (scheme.type === "apiKey" && scheme.in !== field.in) {
    const sent = credentialWord(scheme.name);
    if (sent === word || sent.endsWith(`_${word}`)) return true;
  }
  if (word === "authorization" && field.in === "header") return scheme.type !== "apiKey" && scheme.type !== "mutualTLS";
  const bearer = isBearerScheme(scheme);
  if (TOKEN_WORDS.has(word)) return bearer;
  if (KEY_WORDS.has(word)) return scheme.type === "apiKey" || bearer;
  return false;
}

/**
 * Whether a variable of the server URL carries the caller's credential (Telegram's `https://api.telegram.org/bot{token}`,
 * "Each bot is given a unique authentication token"): named as a credential parameter would be, and not described as a
 * page or a value the call acts on. Its spec default is an example, never a credential to send.
 */
export function isCredentialVariable(name: string, description: string | undefined): boolean {
  const text = description ?? "";
  const named =
    isCredentialName(name) || isCredentialHeaderName(name) || (credentialWord(name) === "key" && CALLER_KEY.test(text));
  return named && !PAGING.test(text) && !isActedOnValue(text);
}

/** The variables of a server URL that carry the caller's credential, in the order the URL names them. */
export function credentialVariablesOf(server: Pick<Server, "variables"> | undefined): string[] {
  if (server === undefined) return [];
  return Object.entries(server.variables)
    .filter(([name, variable]) => isCredentialVariable(name, variable.description))
    .map(([name]) => name);
}

/** The server with each credential variable's default dropped: the spec's example token never reaches a request. */
export function withoutCredentialDefaults<S extends Server>(server: S): S {
  const credentials = new Set(credentialVariablesOf(server));
  if (credentials.size === 0) return server;
  const variables = Object.fromEntries(
    Object.entries(server.variables).map(([name, v]) => [name, credentials.has(name) ? { ...v, default: "" } : v]),
  );
  return { ...server, variables };
}

/**
 * One generated apiKey scheme (`in: "server"`) per credential variable of the server the tools call, named after the
 * variable (with `_server` appended when that name is taken): the package reads it from `PREFIX_<NAME>` and fills it
 * into the base URL, and every step requires it (see {@link withServerCredentials}).
 */
export function serverCredentialSchemes(
  server: Pick<Server, "url" | "variables"> | undefined,
  declared: Schemes,
): Record<string, SecurityScheme> {
  const schemes: Record<string, SecurityScheme> = {};
  for (const variable of credentialVariablesOf(server)) {
    const base = toSnakeCase(variable) || "credential";
    const name = Object.hasOwn(declared, base) || Object.hasOwn(schemes, base) ? `${base}_server` : base;
    const said = server?.variables[variable]?.description?.trim();
    schemes[name] = {
      type: "apiKey",
      name: variable,
      in: "server",
      description: `The variable \`{${variable}}\` of the server URL \`${server?.url ?? ""}\`${said ? `: ${said}` : ""}`,
      fromParameter: true,
    };
  }
  return schemes;
}

/**
 * Every step with each scheme sent in the server URL required in all its alternatives: every request goes to that URL,
 * so a call without the credential fails before anything is sent instead of going out with the spec's example.
 */
export function withServerCredentials(tools: readonly ToolDef[], schemes: Schemes): ToolDef[] {
  const names = Object.keys(schemes).filter((name) => {
    const scheme = schemes[name];
    return scheme?.type === "apiKey" && scheme.in === "server";
  });
  if (names.length === 0) return [...tools];
  const secured = (step: StepPlan): StepPlan => ({
    ...step,
    security: names.reduce<SecurityRequirement[]>((r, name) => requireScheme(r, name, true), [...step.security]),
  });
  return tools.map((t) => ({ ...t, steps: t.steps.map(secured) }));
}

/** How the field is filled, or undefined when it carries no credential. */
export function credentialFill(
  field: CredentialField,
  security: readonly SecurityRequirement[],
  schemes: Schemes,
  apiWide = false,
): CredentialFill | undefined {
  const duplicate = Object.keys(schemes).find((name) => sameKey(schemes[name] as SecurityScheme, field));
  const named =
    apiWide ||
    field.apiVersion !== undefined ||
    ((isCredentialName(field.name) ||
      (field.in === "header" && isCredentialHeaderName(field.name)) ||
      (field.in !== "body" && credentialWord(field.name) === "key" && CALLER_KEY.test(field.description ?? "")) ||
      (field.in !== "body" &&
        LOGIN_WORDS.has(credentialWord(field.name)) &&
        API_LOGIN.test(field.description ?? ""))) &&
      !PAGING.test(field.description ?? "") &&
      !isActedOnValue(field.description ?? ""));
  if (duplicate === undefined && !named) return undefined;
  const used = [...new Set(security.flatMap((r) => Object.keys(r)))];
  const carrier = used.find((name) => schemes[name] !== undefined && carries(schemes[name], field));
  if (carrier !== undefined) return { kind: "scheme", scheme: carrier };
  if (duplicate !== undefined) return { kind: "add", scheme: duplicate };
  return field.in === "body" && !apiWide ? { kind: "unsent" } : { kind: "variable" };
}

/** A token described as the OAuth one (Google's `access_token` "OAuth access token.", `oauth_token` "OAuth 2.0 token …"). */
const SAYS_OAUTH_TOKEN = /\bOAuth(?:\s*2(?:\.0)?)?\s+(?:access\s+)?token\b/i;

/**
 * The operation's security, or, when it lists no scheme while declaring token parameters every one of which is
 * described as the OAuth token (five of YouTube's operations, which Google's Discovery document gives no scopes),
 * each bearer scheme the document declares as one alternative, then none: the token is the one those schemes send, in
 * their own place, and a call still goes out without it as the spec allows. The parameters are then no credential of
 * their own for the operator to set a second time.
 */
export function securityOf(
  operation: Pick<Operation, "parameters" | "security">,
  schemes: Schemes,
): readonly SecurityRequirement[] {
  if (operation.security.some((r) => Object.keys(r).length > 0)) return operation.security;
  const tokens = operation.parameters.filter(
    (p) =>
      (p.in === "query" || p.in === "header") &&
      TOKEN_WORDS.has(credentialWord(p.name)) &&
      credentialWord(p.name) !== "authorization",
  );
  if (tokens.length === 0 || !tokens.every((p) => SAYS_OAUTH_TOKEN.test(p.description ?? "")))
    return operation.security;
  const bearers = Object.keys(schemes).filter((name) => isBearerScheme(schemes[name]));
  return bearers.length === 0 ? operation.security : [...bearers.map((name) => ({ [name]: [] })), {}];
}

/** The operation's parameters that carry a credential, with how each is filled. */
export function credentialParameters(
  operation: Pick<Operation, "parameters" | "security"> & { readonly path?: string },
  schemes: Schemes,
): { readonly field: CredentialField; readonly fill: CredentialFill }[] {
  const security = securityOf(operation, schemes);
  return operation.parameters.flatMap((p) => {
    if (p.in === "path" || isSigningHeader(p)) return [];
    const description = p.description ?? (typeof p.schema === "object" ? p.schema["description"] : undefined);
    const field: CredentialField = {
      name: p.name,
      in: p.in,
      required: p.required,
      ...(typeof description === "string" ? { description } : {}),
      ...(isApiVersionHeader(p, description) ? { apiVersion: specVersionOf(p) } : {}),
    };
    const fill = credentialFill(field, security, schemes, p.everyCallKey === true);
    if (fill === undefined || (fill.kind !== "add" && recordsToken(field.description, operation.path))) return [];
    // The bearers securityOf names stand for the operation's own listing: the key is their alternative (the call going
    // out without any, which it adds last, is what the spec's empty listing allowed, no optional auth the spec states).
    const listed = security === operation.security ? security : security.filter((r) => Object.keys(r).length > 0);
    const alternative = fill.kind === "variable" && standsInForToken(field, listed, schemes);
    return [{ field: alternative ? { ...field, alternative } : field, fill }];
  });
}

/**
 * A token the description names after a record the operation's own path names: Files.com's "Lock token" of
 * `DELETE /locks/{path}`, GitHub's "package token" of `POST …/packages/{package_type}/{package_name}/restore`. It is
 * that record's (the lock's, from the call that made it), different for every record, so the model gives it; a
 * configured credential would send the caller's API token in its place. One got by signing in stays a credential.
 */
export function recordsToken(description: string | undefined, path: string | undefined): boolean {
  const word = /^\s*(?:the\s+|an?\s+)?([a-z]+)\s+token\b/i.exec(description ?? "")?.[1]?.toLowerCase();
  if (word === undefined || path === undefined || CREDENTIAL_NOUNS.has(word) || SAYS_SIGN_IN.test(description ?? ""))
    return false;
  return path
    .split("/")
    .map((s) => s.toLowerCase())
    .some((s) => s === word || s === `${word}s` || s === `${word}es`);
}

/** A token got by signing in (ClearBlade's "Developer Token obtained through admin authentication"): the caller's. */
const SAYS_SIGN_IN = /\bauthenticat|\bcredentials?\b|\b(log|sign)[ -]?in\b/i;

/** Words before "token" that name the caller's credential, whatever the path holds (`/oauth/…` "OAuth token"). */
const CREDENTIAL_NOUNS: ReadonlySet<string> = new Set([
  "access",
  "api",
  "auth",
  "authentication",
  "authorization",
  "bearer",
  "bot",
  "oauth",
  "refresh",
  "security",
  "session",
]);

/** `in name` of each credential parameter, per operation and schemes: asked once per parameter, built once per operation. */
const credentialKeys = new WeakMap<object, WeakMap<object, ReadonlySet<string>>>();

/** Whether the parameter is a header that carries the API version (configured, set by the runtime; no credential). */
export function isApiVersionParameter(
  operation: Pick<Operation, "parameters" | "security">,
  schemes: Schemes,
  parameter: { readonly name: string; readonly in: ParameterLocation },
): boolean {
  return credentialParameters(operation, schemes).some(
    (c) => c.field.apiVersion !== undefined && c.field.in === parameter.in && c.field.name === parameter.name,
  );
}

/** Whether the parameter `name` in `location` of the operation carries a credential. */
export function isCredentialParameter(
  operation: Pick<Operation, "parameters" | "security">,
  schemes: Schemes,
  parameter: { readonly name: string; readonly in: ParameterLocation },
): boolean {
  let bySchemes = credentialKeys.get(operation);
  if (bySchemes === undefined) credentialKeys.set(operation, (bySchemes = new WeakMap()));
  let keys = bySchemes.get(schemes);
  if (keys === undefined)
    bySchemes.set(
      schemes,
      (keys = new Set(credentialParameters(operation, schemes).map((c) => `${c.field.in} ${c.field.name}`))),
    );
  return keys.has(`${parameter.in} ${parameter.name}`);
}

/** Whether the scheme is http basic: a user name and a password. */
export function isHttpBasic(scheme: SecurityScheme | undefined): boolean {
  return scheme?.type === "http" && scheme.scheme.toLowerCase() === "basic";
}

/** The http basic schemes named anywhere in these security requirements, each once. */
export function httpBasicSchemes(security: readonly SecurityRequirement[], schemes: Schemes): string[] {
  return [...new Set(security.flatMap((r) => Object.keys(r)))].filter((name) => isHttpBasic(schemes[name]));
}

/** Whether a header's name says it names the caller's application (`x-apideck-app-id`), not a tenant or an account. */
export function namesApplication(name: string): boolean {
  return APP_HEADER.test(credentialWord(name));
}

/** What a configured account value is, as `init` and all-operations mode describe it to the operator. */
export function accountDescription(parameters: readonly string[]): string {
  const apps = parameters.length > 0 && parameters.every(namesApplication);
  return `The ${apps ? "application the requests are made from" : "account the requests are made for"}, sent as ${parameters.join(", ")}.`;
}

/** A path parameter that names the account itself: `AccountSid`, `account_id`, `accountId`. */
const ACCOUNT_PARAMETER = /^account_?(sid|id)$/;

/**
 * Whether a path parameter names the account or the caller's key: `AccountSid`, `account_id`, or a key word
 * (`api_key`, `apiKey`, `app_key`, `access_key`: Vonage's `/{api_key}/subaccounts`, where the API key is the basic
 * user name).
 */
function namesAccount(name: string): boolean {
  return ACCOUNT_PARAMETER.test(toSnakeCase(name)) || KEY_WORDS.has(credentialWord(name));
}

/**
 * The http basic scheme whose user name is this path parameter's value (Twilio's `AccountSid`: the account's SID signs
 * in as the user; Vonage's `{api_key}`: the API key signs in as the user, its secret as the password), or undefined. Said only where nothing else is possible: a path parameter that names the account,
 * and every security alternative of the operation uses one and the same http basic scheme.
 */
export function basicUserScheme(
  operation: Pick<Operation, "security">,
  schemes: Schemes,
  parameter: Pick<Parameter, "name" | "in">,
): string | undefined {
  if (parameter.in !== "path" || !namesAccount(parameter.name)) return undefined;
  const basic = (name: string): boolean => isHttpBasic(schemes[name]);
  const perAlternative = operation.security.map((r) => Object.keys(r).filter(basic));
  const names = new Set(perAlternative.flat());
  if (operation.security.length === 0 || names.size !== 1 || perAlternative.some((n) => n.length === 0))
    return undefined;
  return [...names][0];
}

/** A header naming the tenant or organisation the calls act for: Xero's `xero-tenant-id`, `X-Tenant-ID`, `Org-Id`. */
const TENANT_HEADER = /(^|_)(tenant|organi[sz]ation|org)_?id$/;
/** A header naming the caller's own application: Apideck's `x-apideck-app-id`, hetras' `App-Id`, Oxford's `app_id`. */
const APP_HEADER = /(^|_)(app|application)_?id$/;

/**
 * Whether a required header names the tenant the calls act for (Xero sends `xero-tenant-id` with every call) or the
 * caller's own application (Apideck's `x-apideck-app-id`, "The ID of your Unify application", on every call): a value
 * the operator's connection fixes and no other tool lists, so a configured value, never a model input.
 */
export function isTenantHeader(parameter: Pick<Parameter, "name" | "in" | "required">): boolean {
  if (parameter.in !== "header" || !parameter.required) return false;
  const word = credentialWord(parameter.name);
  return TENANT_HEADER.test(word) || APP_HEADER.test(word);
}

/**
 * Whether a required header is described as the caller's own ("Your Consumer ID", VictorOps' "Your API ID"): the same
 * value on every call, which the operator knows and the model cannot, so a configured value, never a model input.
 */
export function isCallerHeader(parameter: Pick<Parameter, "in" | "required" | "description" | "schema">): boolean {
  if (parameter.in !== "header" || !parameter.required) return false;
  const said = parameter.description ?? (typeof parameter.schema === "object" ? parameter.schema["description"] : "");
  return typeof said === "string" && /^\s*your\s+\w/i.test(said);
}

/**
 * Whether the parameter names the account the calls are made for, a configured value (`$config.<snake name>`): the
 * path parameter the http basic user names (Twilio's `AccountSid`), a required tenant header (Xero's), or a required
 * header described as the caller's own (Walmart's `WM_CONSUMER.ID`, "Your Consumer ID").
 */
export function isAccountParameter(
  operation: Pick<Operation, "security">,
  schemes: Schemes,
  parameter: Pick<Parameter, "name" | "in" | "required"> & Partial<Pick<Parameter, "description" | "schema">>,
): boolean {
  return (
    isTenantHeader(parameter) ||
    (parameter.schema !== undefined && isCallerHeader({ ...parameter, schema: parameter.schema })) ||
    basicUserScheme(operation, schemes, parameter) !== undefined
  );
}

/**
 * Where a body field is read: whether the body is a form, the body fields the API takes as its credential, and the
 * named schemas (to read a form field's description).
 */
export interface BodyPlace {
  readonly form: boolean;
  readonly apiWide: BodyCredentials;
  readonly schemas: SchemaLookup;
}

/**
 * Whether the property `name` of the operation's body carries a credential: a form field named like one (unless it is
 * the written record's own, see {@link isRecordCredential}), or a field the API takes as its credential in every body
 * (see {@link apiBodyCredentials}).
 */
export function isCredentialBodyField(operation: Operation, schemes: Schemes, name: string, place: BodyPlace): boolean {
  const wide = place.apiWide.has(name);
  if (!place.form && !wide) return false;
  const fill = credentialFill({ name, in: "body", required: false }, operation.security, schemes, wide);
  if (fill?.kind !== "unsent") return fill !== undefined;
  return !isRecordCredential(operation, formFieldDescription(operation, name, place.schemas));
}

/** The description of the form field `name` of the operation's form or multipart body. */
function formFieldDescription(operation: Operation, name: string, schemas: SchemaLookup): string | undefined {
  const forms = (operation.requestBody?.contents ?? []).filter((c) => c.kind === "form" || c.kind === "multipart");
  for (const content of forms) {
    const schema = derefTop(content.schema, schemas);
    const properties = typeof schema === "object" ? schema["properties"] : undefined;
    if (properties !== null && typeof properties === "object" && Object.hasOwn(properties, name))
      return descriptionOf((properties as Record<string, JsonSchema>)[name], schemas);
  }
  return undefined;
}

/** Actions that write the record the path names. */
const WRITES: ReadonlySet<string> = new Set(["create", "add", "update", "replace", "set", "edit", "modify", "change"]);
/** A record that is itself a credential: Twilio's SIP `Credentials` ("credential resource"), a password being set. */
const CREDENTIAL_RECORD = /(^|\s)(credential|password|passphrase)( (resource|object|record|entry))?$/;

/** Whether the description gives the field to the record the call writes: Files.com's "Password for this bundle." */
function saysOwnedBy(description: string, object: string): boolean {
  const record = (object.split(" ").at(-1) ?? "").replace(/[^a-z0-9]/gi, "");
  return record !== "" && new RegExp(`\\b(for|of) (this|the new|a new) ${record}s?\\b`, "i").test(description);
}

/**
 * Whether a form field named like a credential that no scheme carries is data of the call, never the caller's own: the
 * operation writes a record that is itself a credential (Twilio's `CreateSipCredential` sends the new SIP credential's
 * `Password`, "The password that the username will use when authenticating SIP requests"; its push `Credentials` the
 * FCM `Secret`) or whose own the description calls it (Files.com's `POST /bundles`, "Password for this bundle."), or
 * the description says it is a value the call acts on ("The password of the new user", see {@link isActedOnValue}), as
 * a parameter's does. Withheld, the call could never set it, and one that requires it could
 * never succeed.
 */
export function isRecordCredential(operation: OperationSummary, description: string | undefined): boolean {
  if (description !== undefined && isActedOnValue(description)) return true;
  const profile = operationProfile(operation);
  if (!WRITES.has(profile.action)) return false;
  return (
    CREDENTIAL_RECORD.test(profile.object) || (description !== undefined && saysOwnedBy(description, profile.object))
  );
}

/** The top-level properties of the body the operation prefers (JSON, then form), with the names its schema requires. */
function bodyProperties(
  operation: Pick<Operation, "requestBody">,
  schemas: SchemaLookup,
): { readonly properties: Readonly<Record<string, JsonSchema>>; readonly required: ReadonlySet<string> } | undefined {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  const schema = content && derefTop(content.schema, schemas);
  if (typeof schema !== "object") return undefined;
  const properties = schema["properties"];
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return undefined;
  const required = Array.isArray(schema["required"]) ? schema["required"].filter((k) => typeof k === "string") : [];
  return { properties: properties as Record<string, JsonSchema>, required: new Set(required) };
}

function descriptionOf(schema: JsonSchema | undefined, schemas: SchemaLookup): string | undefined {
  const target = schema === undefined ? undefined : derefTop(schema, schemas);
  return typeof target === "object" && typeof target["description"] === "string" ? target["description"] : undefined;
}

/**
 * A body field's name that may be an API's own credential: a credential word, Mandrill's bare `key`, or Plaid's
 * `client_id` (sent beside its `secret` in every body, or in the headers its schemes name).
 */
function mayBeApiCredential(name: string): boolean {
  const word = credentialWord(name);
  return word === "key" || word === "client_id" || isCredentialName(name);
}

/**
 * A description saying the field is the caller's key, token, secret or client id ("a valid API key", "your auth token",
 * Plaid's "Your Plaid API `secret`").
 */
const CALLER_CREDENTIAL =
  /\b(api|access|auth\w*|secret|private|account|license|licence|client)[\s_`'"-]{0,3}(key|token|secret|client_?id)s?\b|\bauthenticat|\bcredentials?\b/i;

/**
 * The share of an API's operations a body field must be on to be its credential, and the fewest operations for a field
 * no description calls a credential (SelectPDF's one operation takes "the license key required to use the API").
 */
const NEARLY_EVERY = 0.9;
const FEWEST = 3;

/** Per operations list: the fields found, so a goals file's lazy source resolves the operations once. */
const apiWideCache = new WeakMap<object, BodyCredentials>();

/**
 * The body fields an API takes as its caller's credential (Mandrill's `key`: no security scheme, the API key in every
 * JSON body): a field named `key` or like a credential, in the body of nearly every operation (90%; at least 3 unless a
 * description calls it a credential), never described as anything but a key, token or credential of the caller's. A
 * `key` that is data (a label's, a metadata entry's) is on the few operations about those things, or described as what
 * it is. Stops at the first tenth of the operations without a candidate field, so an API without one resolves few.
 *
 * An API that takes its credential in every body takes any other credential there too: a field named like a
 * credential (not `key` or `client_id`), on at least 3 operations, described as a key, token or credential and never
 * as anything else, is one `beside` it (Plaid's `access_token` of the Item, on 41 of its 200 operations). Where no
 * body carries the caller's credential, such a field is data (a token to revoke, a webhook's secret) and stays an input.
 */
export function apiBodyCredentials(
  operations: readonly OperationSummary[],
  resolve: (operation: OperationSummary) => Pick<Operation, "requestBody">,
  schemas: SchemaLookup,
): BodyCredentials {
  const cached = apiWideCache.get(operations);
  if (cached !== undefined) return cached;
  const counts = new Map<string, number>();
  const otherwise = new Set<string>();
  const said = new Set<string>();
  const allowedMisses = Math.floor(operations.length * (1 - NEARLY_EVERY));
  let misses = 0;
  for (const summary of operations) {
    const body = bodyProperties(resolve(summary), schemas);
    const candidates = Object.keys(body?.properties ?? {}).filter(mayBeApiCredential);
    if (candidates.length === 0 && ++misses > allowedMisses) break;
    for (const name of candidates) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      const description = descriptionOf(body?.properties[name], schemas)?.trim() ?? "";
      if (description !== "") (CALLER_CREDENTIAL.test(description) ? said : otherwise).add(name);
    }
  }
  const least = Math.ceil(operations.length * NEARLY_EVERY);
  const enough = (name: string, count: number): boolean =>
    count >= least && !otherwise.has(name) && (count >= FEWEST || said.has(name));
  const every = new Set(
    misses > allowedMisses ? [] : [...counts].filter(([name, count]) => enough(name, count)).map(([name]) => name),
  );
  const beside = (name: string, count: number): boolean =>
    every.size > 0 &&
    !every.has(name) &&
    isCredentialName(name) &&
    count >= FEWEST &&
    said.has(name) &&
    !otherwise.has(name);
  const found: BodyCredentials = new Map<string, BodyCredentialKind>([
    ...[...every].map((name): [string, BodyCredentialKind] => [name, "every"]),
    ...[...counts]
      .filter(([name, count]) => beside(name, count))
      .map(([name]): [string, BodyCredentialKind] => [name, "beside"]),
  ]);
  apiWideCache.set(operations, found);
  return found;
}

/**
 * {@link apiBodyCredentials} of the API, asked for one operation: an operation whose body has no field that may be a
 * credential needs no look at the others (a goals file resolves only the operations it reaches).
 */
export function bodyCredentialsFor(api: ApiSource, operation: Pick<Operation, "requestBody">): BodyCredentials {
  const body = bodyProperties(operation, api.schema);
  if (!Object.keys(body?.properties ?? {}).some(mayBeApiCredential)) return NONE;
  return apiBodyCredentials(api.index.operations, (o) => api.resolveOperation(o).value, api.schema);
}

const NONE: BodyCredentials = new Map();

/** The operation's body fields that carry a credential, with how each is filled. */
function credentialBodyFields(
  operation: Pick<Operation, "requestBody" | "security">,
  schemas: SchemaLookup,
  schemes: Schemes,
  apiWide: BodyCredentials,
): { readonly field: CredentialField; readonly fill: CredentialFill }[] {
  const body = bodyProperties(operation, schemas);
  if (body === undefined) return [];
  return Object.keys(body.properties).flatMap((name) => {
    const kind = apiWide.get(name);
    if (kind === undefined) return [];
    const description = descriptionOf(body.properties[name], schemas);
    const field: CredentialField = {
      name,
      in: "body",
      required: body.required.has(name),
      ...(description === undefined ? {} : { description }),
      body: kind,
    };
    const fill = credentialFill(field, operation.security, schemes, true);
    return fill === undefined ? [] : [{ field, fill }];
  });
}

/**
 * Whether the runtime builds the operation's body by itself: every property the body requires is a credential field
 * the package fills, one of them set from a generated scheme the call cannot go without (Plaid's `/accounts/get`
 * requires only `client_id`, `secret` and `access_token`), so a step that gives no body still sends one.
 */
export function bodyFilledByCredentials(
  operation: Pick<Operation, "requestBody" | "security">,
  schemes: Schemes,
  schemas: SchemaLookup,
  apiWide: BodyCredentials,
): boolean {
  const body = bodyProperties(operation, schemas);
  if (body === undefined || body.required.size === 0) return false;
  const fields = credentialBodyFields(operation, schemas, schemes, apiWide);
  const filled = new Set(fields.map((f) => f.field.name));
  return (
    [...body.required].every((name) => filled.has(name)) &&
    fields.some((f) => f.field.required && f.fill.kind === "variable")
  );
}

/**
 * The requirement with scheme `name` added: to every alternative when the field is required, else as a first
 * choice beside the alternatives as they were (so a missing credential leaves the call as the spec allows it).
 */
export function requireScheme(
  security: readonly SecurityRequirement[],
  name: string,
  required: boolean,
): SecurityRequirement[] {
  const alternatives = security.length === 0 ? [{}] : security;
  const withScheme = alternatives.map((r) => (Object.hasOwn(r, name) ? r : { ...r, [name]: [] }));
  return required ? dedupe(withScheme) : dedupe([...withScheme, ...alternatives]);
}

/** The requirement with scheme `name` alone as one more alternative, after those the spec gives. */
export function orScheme(security: readonly SecurityRequirement[], name: string): SecurityRequirement[] {
  return dedupe([...security, { [name]: [] }]);
}

function dedupe(requirements: readonly SecurityRequirement[]): SecurityRequirement[] {
  const seen = new Set<string>();
  return requirements.filter((r) => {
    const key = JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The step's requirement with the schemes its unbound credential fields need, and the fields a generated scheme fills. */
export function stepCredentials(
  operation: Pick<Operation, "parameters" | "security" | "requestBody">,
  schemes: Schemes,
  bound: (field: CredentialField) => boolean,
  body?: { readonly schemas: SchemaLookup; readonly apiWide: BodyCredentials },
): { readonly security: SecurityRequirement[]; readonly generated: CredentialField[] } {
  let security = [...securityOf(operation, schemes)];
  const generated: CredentialField[] = [];
  const fields = [
    ...credentialParameters(operation, schemes),
    ...(body === undefined ? [] : credentialBodyFields(operation, body.schemas, schemes, body.apiWide)),
  ];
  for (const { field, fill } of fields) {
    if (bound(field)) continue;
    // A required credential needs its scheme whichever alternative is chosen (Trello's key and token are two
    // alternatives in the spec, and the API wants both).
    if (fill.kind === "add" || (fill.kind === "scheme" && field.required))
      security = requireScheme(security, fill.scheme, field.required);
    if (fill.kind === "variable") generated.push(field);
  }
  return { security, generated };
}

/**
 * Names one generated apiKey scheme per credential field no declared scheme carries (the field's own name, with its
 * place appended when that name is taken), adds each to the steps that need it, and returns the schemes.
 */
export function withGeneratedSchemes(
  tools: readonly ToolDef[],
  declared: Schemes,
): { readonly tools: ToolDef[]; readonly schemes: Record<string, SecurityScheme> } {
  const fields = tools.flatMap((t) => t.steps.flatMap((s) => s.credentials ?? []));
  const keyOf = (f: CredentialField): string => `${f.in} ${f.in === "header" ? f.name.toLowerCase() : f.name}`;
  const names = new Map<string, string>();
  const schemes: Record<string, SecurityScheme> = {};
  const sorted = [...new Map(fields.map((f) => [keyOf(f), f])).values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  for (const field of sorted) {
    if (field.in === "path") continue;
    const base = toSnakeCase(field.name) || "credential";
    const name = Object.hasOwn(declared, base) || Object.hasOwn(schemes, base) ? `${base}_${field.in}` : base;
    names.set(keyOf(field), name);
    schemes[name] = {
      type: "apiKey",
      name: field.name,
      in: field.in,
      description: generatedDescription(field),
      fromParameter: true,
      ...(field.apiVersion === undefined ? {} : { apiVersion: field.apiVersion }),
    };
  }
  const withSchemes = (step: StepPlan): StepPlan => {
    if (step.credentials === undefined) return step;
    const { credentials, ...rest } = step;
    const security = credentials.reduce<SecurityRequirement[]>(
      (requirement, field) => {
        const name = names.get(keyOf(field));
        // A version header goes with every alternative: unset and without a default, it is simply not sent.
        const everywhere = field.required || field.apiVersion !== undefined;
        if (name === undefined) return requirement;
        return field.alternative ? orScheme(requirement, name) : requireScheme(requirement, name, everywhere);
      },
      [...rest.security],
    );
    return { ...rest, security };
  };
  return { tools: tools.map((t) => ({ ...t, steps: t.steps.map(withSchemes) })), schemes };
}

function generatedDescription(field: CredentialField): string {
  if (field.in !== "body")
    return `The ${field.in} parameter \`${field.name}\` the spec declares, which no security scheme of it fills.`;
  return field.body === "beside"
    ? `The request-body field \`${field.name}\` the API takes as a credential on some operations, beside the credential it takes in every body, which no security scheme of its spec fills: one configured value for every call.`
    : `The request-body field \`${field.name}\` the API takes as its credential on nearly every operation, which no security scheme of its spec fills.`;
}

/** A scheme or header name whose last word is `version` (`plaidVersion`, `Plaid-Version`, `X-API-Version`). */
const VERSION_NAME = /version$/i;

/** A description that speaks of the API's version, not of a resource's (Apicurio's artifact `X-Registry-Version`). */
const API_WORDS = /\b(api|rest|protocol)\b/i;

/**
 * A header parameter that carries the API version: its name ends in `version` and either names the API
 * (`X-GitHub-Api-Version`, `trakt-api-version`) or its description is absent or speaks of the API (`Notion-Version`,
 * `x-ms-version`'s "version of the REST protocol").
 */
function isApiVersionHeader(parameter: Parameter, description: unknown): boolean {
  if (parameter.in === "query") return /^api[-_]?version$/i.test(parameter.name);
  if (parameter.in !== "header" || !VERSION_NAME.test(parameter.name)) return false;
  if (/(^|[-_])api[-_]?version$/i.test(parameter.name)) return true;
  return typeof description !== "string" || description.trim() === "" || API_WORDS.test(description);
}

/** A value a spec gives as a stand-in to replace (Notion's example `{{NOTION_VERSION}}`, `<version>`), not a version. */
const PLACEHOLDER = /[{}<>]/;

/**
 * The version the spec gives for a version header: its default, its only (or latest dated) enum value, else its first
 * example that is no placeholder.
 */
function specVersionOf(parameter: Parameter): { readonly default?: string } {
  const schema = typeof parameter.schema === "object" ? parameter.schema : {};
  const enumerated = Array.isArray(schema["enum"]) ? (schema["enum"] as unknown[]).map(String) : [];
  const dated = enumerated.every((v) => /^\d{4}-\d{2}-\d{2}/.test(v)) ? [...enumerated].sort().reverse() : [];
  const candidates = [
    schema["default"],
    schema["const"],
    enumerated.length === 1 ? enumerated[0] : dated[0],
    ...parameter.examples,
    schema["example"],
    ...(Array.isArray(schema["examples"]) ? (schema["examples"] as unknown[]) : []),
  ];
  const found = candidates.find(
    (v) => (typeof v === "string" && v.trim() !== "" && !PLACEHOLDER.test(v)) || typeof v === "number",
  );
  return found === undefined ? {} : { default: String(found) };
}

/** The date an API description's version starts with (Plaid's `2020-09-14_1.345.1`): the API version it describes. */
const DATED_VERSION = /^(\d{4}-\d{2}-\d{2})(?![\d-])/;

const versionValue = (value: string | undefined): { readonly default?: string } =>
  value === undefined ? {} : { default: value };

/**
 * The schemes with each apiKey header scheme named as a version (Plaid declares its `Plaid-Version` header as one)
 * marked as the API version it is, not a credential, and each version header parameter's generated scheme; its
 * default is the spec's value for the header, else the date the API description's own version starts with, when it
 * starts with one.
 */
export function withApiVersionSchemes(schemes: Schemes, documentVersion: string): Record<string, SecurityScheme> {
  const dated = DATED_VERSION.exec(documentVersion.trim())?.[1];
  return Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => [
      name,
      scheme.type === "apiKey" &&
      scheme.in === "header" &&
      (scheme.fromParameter === true
        ? scheme.apiVersion !== undefined
        : VERSION_NAME.test(name) || VERSION_NAME.test(scheme.name))
        ? { ...scheme, apiVersion: versionValue(scheme.apiVersion?.default ?? dated) }
        : scheme,
    ]),
  );
}

/**
 * The tools whose result holds, at its top level, a body field the package fills from configuration (Plaid's
 * `/item/public_token/exchange` returns the Item's `access_token`), each with a sentence saying so: the runtime
 * withholds any secret-named field of a result, and the model must not look for the value elsewhere to pass it on.
 */
export function withWithheldCredentialNotes(
  tools: readonly ToolDef[],
  schemes: Schemes,
  schemas: SchemaLookup,
): ToolDef[] {
  const configured = new Set(
    Object.values(schemes).flatMap((s) =>
      s.type === "apiKey" && s.in === "body" && s.fromParameter === true ? [s.name] : [],
    ),
  );
  if (configured.size === 0) return [...tools];
  return tools.map((tool) => {
    const result = derefTop(tool.returns.schema, schemas);
    const properties = typeof result === "object" ? result["properties"] : undefined;
    if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return tool;
    const held = Object.keys(properties).filter((name) => configured.has(name) && isSecretKey(name));
    if (held.length === 0) return tool;
    const names = held.map((name) => `\`${name}\``).join(", ");
    return {
      ...tool,
      description: `${tool.description} The ${names} in its result ${held.length === 1 ? "is" : "are"} withheld (${REDACTED}): the tools that send ${names} take it from the package's configuration, never from the model.`,
    };
  });
}
