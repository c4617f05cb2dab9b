// An operation at a declared OAuth flow URL, one answering an OAuth token, or a user:password sign-in answering the
// token the other operations send → the API's own sign-in, not a tool.
import { catalog } from "../diagnostics/catalog.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { SchemaLookup } from "../model/api-source.js";
import type {
  ApiModel,
  JsonSchema,
  Operation,
  OperationSummary,
  SecurityRequirement,
  SecurityScheme,
  Server,
} from "../model/api-model.js";
import { toSnakeCase } from "../util/naming.js";
import { isHttpBasic, isRecordCredential } from "./credentials.js";
import { preferredContent } from "./media.js";
import { derefTop } from "./schemas.js";

/** The paths of the token and authorization URLs the spec's OAuth2 flows declare, without a trailing slash. */
export function oauthFlowPaths(schemes: Readonly<Record<string, SecurityScheme>>): Set<string> {
  const urls = Object.values(schemes).flatMap((s) =>
    s.type === "oauth2"
      ? [
          s.flows.clientCredentials?.tokenUrl,
          s.flows.authorizationCode?.tokenUrl,
          s.flows.authorizationCode?.authorizationUrl,
          s.flows.implicit?.authorizationUrl,
          s.flows.password?.tokenUrl,
        ]
      : [],
  );
  return new Set(urls.filter((u): u is string => u !== undefined && u !== "").map(urlPath));
}

function urlPath(url: string): string {
  let path: string;
  try {
    path = new URL(url, "http://relative.invalid").pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? "";
  }
  return path.replace(/\/+$/, "");
}

/** What tells a sign-in: the flows' URLs, the servers, the schemas, and (for a user:password sign-in) the schemes. */
export interface SignInContext {
  readonly flowPaths: ReadonlySet<string>;
  readonly servers: readonly Server[];
  readonly schemas: SchemaLookup;
  readonly schemes?: Readonly<Record<string, SecurityScheme>>;
  /** The schemes some operation of the API requires, each once. */
  readonly used?: ReadonlySet<string>;
}

/**
 * Whether the operation is the API's own sign-in: its path, under a server of the spec, is a token or authorization URL
 * an OAuth2 flow declares (Shutterstock's `POST /v2/oauth/access_token`, Slack's `oauth.access`), its success answers
 * an OAuth token (`access_token` beside `token_type` or `expires_in`: Velo's `POST /v1/authenticate`; or, with no
 * schema, its example does: Trakt's device token poll), it presents the API client's `client_id` and `client_secret`
 * (see {@link presentsClient}), it is an authorization request (see {@link authorizationRequest}), it is an OAuth 1.0a
 * token request the caller signs (see {@link signsOAuth1}), or it signs in
 * with a user and password to answer the token the API's other operations send (see {@link isBasicSignIn}). The runtime
 * runs the flows the spec declares from the operator's configuration, and the operator sets the token the others send;
 * such an operation asks the model for a client secret, a code, a refresh token or a password, and answers tokens the
 * runtime redacts, so no tool is made of it unless it is named.
 */
export function isOAuthEndpoint(
  operation: Pick<Operation, "path" | "success" | "servers"> &
    Partial<Pick<Operation, "security" | "requestBody" | "parameters">>,
  context: SignInContext,
): boolean {
  if (context.flowPaths.size > 0) {
    const servers = operation.servers ?? context.servers;
    const bases = servers.length === 0 ? [""] : servers.map((s) => urlPath(s.url.replace(/\{[^}]*\}/g, "x")));
    const own = operation.path.replace(/\/+$/, "");
    if (bases.some((base) => context.flowPaths.has(`${base}${own}`)) || context.flowPaths.has(own)) return true;
  }
  const contents = operation.success?.contents ?? [];
  const answers = contents.map((c) => derefTop(c.schema, context.schemas));
  if (answers.some(answersToken) || contents.some((c) => c.examples.some(exampleIsToken))) return true;
  const body = bodyFields(operation, context.schemas);
  if (body.some((name) => toSnakeCase(name) === "grant_type")) return true;
  const fields = [...body, ...signInParameters(operation)];
  if (presentsClient(operation, body) || authorizationRequest(operation) || signsOAuth1(fields)) return true;
  const signsIn = isBasicSignIn(operation.security ?? [], context) || isPasswordSignIn(operation, fields, context);
  return (signsIn && answers.some((a) => holdsToken(a, context.schemas))) || isWithheldSignIn(operation, context);
}

/**
 * Whether the operation signs in again with the user and password http basic already sends on it (Traccar's
 * `POST /session`, a form requiring `email` and `password`, answering the user and a session cookie): the form's
 * password is a credential the server never sends (no scheme carries a form field), so the call could only be refused,
 * and the session it opens is one no call uses. Every alternative of its security is http basic, its form requires a
 * user and a password, its words make no account (a sign-up's password is a new one) and it writes no credential
 * record (Twilio's SIP credential's password is the new credential's, see {@link isRecordCredential}).
 */
function isWithheldSignIn(
  operation: Partial<Pick<Operation, "security" | "requestBody" | "id" | "idName" | "summary" | "path">>,
  context: SignInContext,
): boolean {
  const schemes = context.schemes ?? {};
  const security = operation.security ?? [];
  if (security.length === 0 || !security.every((r) => Object.keys(r).some((n) => isHttpBasic(schemes[n]))))
    return false;
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (content === undefined || (content.kind !== "form" && content.kind !== "multipart")) return false;
  const schema = derefTop(content.schema, context.schemas);
  const required = typeof schema === "object" && Array.isArray(schema["required"]) ? schema["required"] : [];
  const names = required.filter((k): k is string => typeof k === "string");
  const password = names.find((k) => PASSWORD_FIELD.test(toSnakeCase(k)));
  if (password === undefined || !names.some((k) => USER_FIELD.test(toSnakeCase(k)))) return false;
  const words = [operation.idName ?? operation.id, operation.summary, operation.path]
    .map((w) => toSnakeCase(w ?? ""))
    .join("_");
  const said = derefTop(propertiesOf(content.schema, context.schemas)[password] ?? {}, context.schemas);
  return !MAKES_ACCOUNT.test(words) && !writesCredential(operation, typeof said === "object" ? said : {});
}

/**
 * Whether the operation writes a record whose credential the password is (Twilio's SIP `Credentials`, a bundle's
 * "Password for this bundle."): no sign-in.
 */
function writesCredential(operation: Partial<OperationSummary>, password: Readonly<Record<string, unknown>>): boolean {
  if (operation.method === undefined || operation.path === undefined || operation.tags === undefined) return false;
  const said = typeof password["description"] === "string" ? password["description"] : undefined;
  return isRecordCredential(operation as OperationSummary, said);
}

/** The top-level property names of the operation's preferred JSON or form request body. */
function bodyFields(operation: Partial<Pick<Operation, "requestBody">>, schemas: SchemaLookup): string[] {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (content === undefined || (content.kind !== "json" && content.kind !== "form" && content.kind !== "multipart"))
    return [];
  return Object.keys(propertiesOf(content.schema, schemas));
}

/** The names of the operation's query and path parameters, where a user and password may be sent instead of a body. */
function signInParameters(operation: Partial<Pick<Operation, "parameters">>): string[] {
  return (operation.parameters ?? []).filter((p) => p.in === "query" || p.in === "path").map((p) => p.name);
}

/** A body field holding the caller's password: `password`, `Pw`, `passwd`, `pwd`, `user_password`. */
const PASSWORD_FIELD = /^(user_)?(password|passwd|pwd|pw)$/;
/** A body field naming who signs in: `username`, `Username`, `login`, `email`, `user`, `user_id`, `healthId`. */
const USER_FIELD = /(^|_)(user_?name|login|e_?mail(_address)?|user|user_?id|account|health_id)$/;
/** Words of an operation that makes an account (a sign-up): its password is a new one the user chooses. */
const MAKES_ACCOUNT =
  /(^|_)(register|registration|signup|sign_up|enrol|enroll|setup)(_|$)|(^|_)(create|add|new|invite)_(\w+_)?(user|account|consumer|member|customer|profile)s?(_|$)/;

/**
 * Whether the operation signs in with a user's password in its body to get the token the rest of the API sends
 * (Jellyfin's `POST /Users/AuthenticateByName`, Docker Hub's `POST /v2/users/login`, Probely's `POST /auth/obtain/`),
 * or in its query and path (Jellyfin's `POST /Users/{userId}/Authenticate?pw=…`): its fields name a user and a password, no alternative of its own security sends a token (it is called signed out),
 * another operation requires a token scheme, and its words make no account (a sign-up, where the password is new).
 */
function isPasswordSignIn(
  operation: Partial<Pick<Operation, "security" | "requestBody" | "id" | "idName" | "summary" | "path">>,
  sent: readonly string[],
  context: SignInContext,
): boolean {
  const fields = sent.map(toSnakeCase);
  if (!fields.some((f) => PASSWORD_FIELD.test(f)) || !fields.some((f) => USER_FIELD.test(f))) return false;
  const schemes = context.schemes ?? {};
  const security = operation.security ?? [];
  if (security.some((r) => Object.keys(r).some((n) => sendsToken(schemes[n])))) return false;
  const words = [operation.idName ?? operation.id, operation.summary, operation.path]
    .map((w) => toSnakeCase(w ?? ""))
    .join("_");
  if (MAKES_ACCOUNT.test(words)) return false;
  const mine = new Set(security.flatMap((r) => Object.keys(r)));
  return [...(context.used ?? [])].some((n) => !mine.has(n) && sendsToken(schemes[n]));
}

/** A scheme whose credential is a token sent with each call: http bearer (or another non-basic http), OAuth2, OIDC, an API key. */
function sendsToken(scheme: SecurityScheme | undefined): boolean {
  return scheme !== undefined && scheme.type !== "mutualTLS" && scheme.type !== "awsSigV4" && !isHttpBasic(scheme);
}

/**
 * Whether the operation signs in with a user and password the rest of the API does not take: every alternative of its
 * security is an http basic one without a token scheme, and another operation requires a token scheme it does not use
 * (WhatsApp's `POST /users/login` with `httpBasic`, every other operation with `bearerAuth`; AppCenter's
 * `POST /v0.1/api_tokens` with `Basic`, the others with `APIToken`).
 */
function isBasicSignIn(security: readonly SecurityRequirement[], context: SignInContext): boolean {
  const schemes = context.schemes ?? {};
  if (security.length === 0) return false;
  const mine = new Set(security.flatMap((r) => Object.keys(r)));
  const basic = security.every(
    (r) => Object.keys(r).some((n) => isHttpBasic(schemes[n])) && !Object.keys(r).some((n) => sendsToken(schemes[n])),
  );
  return basic && [...(context.used ?? [])].some((n) => !mine.has(n) && sendsToken(schemes[n]));
}

/** A property that holds a token: `token`, `access_token`, `accessToken`, `api_token`, `id_token`, `jwt`. */
const TOKEN_PROPERTY = /^((access|auth|session|bearer|id|api)_)?token$|^jwt$/;

/** How many schemas (an `allOf` and its members) one answer's properties are read from at most. */
const MAX_PARTS = 16;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "boolean" || (value !== null && typeof value === "object" && !Array.isArray(value));

/** The properties of a schema and of its `allOf` members, through `$ref`s, without recursion. */
function propertiesOf(schema: JsonSchema, schemas: SchemaLookup): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  const stack: JsonSchema[] = [schema];
  for (let read = 0; stack.length > 0 && read < MAX_PARTS; read++) {
    const part = derefTop(stack.pop() ?? false, schemas);
    if (typeof part !== "object") continue;
    const properties = part["properties"];
    if (properties !== null && typeof properties === "object")
      for (const [name, value] of Object.entries(properties)) if (isSchema(value)) found[name] = value;
    if (Array.isArray(part["allOf"])) stack.push(...part["allOf"].filter(isSchema));
  }
  return found;
}

/**
 * Whether an answer holds a token at its top or one level in, an object's or a list item's (WhatsApp's
 * `{"users": [{"token": …, "expires_after": …}]}`).
 */
function holdsToken(schema: JsonSchema, schemas: SchemaLookup): boolean {
  const isToken = (name: string): boolean => TOKEN_PROPERTY.test(toSnakeCase(name));
  const top = propertiesOf(schema, schemas);
  if (Object.keys(top).some(isToken)) return true;
  return Object.values(top).some((value) => {
    const inner = derefTop(value, schemas);
    const items = typeof inner === "object" && isSchema(inner["items"]) ? inner["items"] : inner;
    return Object.keys(propertiesOf(items, schemas)).some(isToken);
  });
}

/**
 * Whether the operation presents the API client's own OAuth credentials, a `client_id` and a `client_secret` in its body,
 * named as OAuth names them (RFC 6749; Trakt's `POST /oauth/device/token` and `/oauth/revoke`, Mastodon's
 * `POST /oauth/revoke`): the model, asked for them, has no client secret to give. A `client_secret` query parameter is
 * the operator's credential (see undeclared-credential.ts: Slack's `apps.uninstall` sends it from the configuration).
 * Not where the words register a client (PhantAuth's `POST /client` makes one, its secret new), nor a `client_secret`
 * alone (Stripe's PaymentIntent `client_secret` is the intent's own, no credential of the API client). A `clientId` and
 * `clientSecret` are settings an operator stores (Azure's auth settings, an identity provider's configuration).
 */
function presentsClient(
  operation: Partial<Pick<Operation, "id" | "idName" | "summary" | "path">>,
  fields: readonly string[],
): boolean {
  if (!fields.includes("client_id") || !fields.includes("client_secret")) return false;
  const words = [operation.idName ?? operation.id, operation.summary, operation.path]
    .map((w) => toSnakeCase(w ?? ""))
    .join("_");
  return !MAKES_CLIENT.test(words);
}

/**
 * Whether the operation is an OAuth 1.0a token request whose signature the caller computes: an `oauth_consumer_key`
 * beside an `oauth_signature` in its body or query (Interactive Brokers' `POST /oauth/request_token`,
 * `/oauth/access_token`, `/oauth/live_session_token`; Flickr's and Clever Cloud's `/oauth/request_token`). The model,
 * asked for them, has neither the consumer's key nor its private key to sign with.
 */
function signsOAuth1(fields: readonly string[]): boolean {
  const names = fields.map((f) => f.toLowerCase());
  return names.includes("oauth_consumer_key") && names.includes("oauth_signature");
}

/**
 * Whether the operation is an OAuth authorization request (RFC 6749 4.1.1): a `response_type` and a `client_id` in its
 * query, the URL a browser is sent to so the user signs in and consents (Trakt's `GET /oauth/authorize`: "Construct
 * then redirect to this URL"); the API answers a sign-in page or a redirect, nothing a model can use.
 */
function authorizationRequest(operation: Partial<Pick<Operation, "parameters">>): boolean {
  const query = new Set((operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
  return query.has("response_type") && query.has("client_id");
}

/** Words of an operation that registers an OAuth client or app: its `client_secret` is the new client's. */
const MAKES_CLIENT = /(^|_)(register|registration|create|add|new)_(\w+_)?(client|app|application)s?(_|$)/;

/** A success example (a spec without a schema for its answer) of an OAuth token: Trakt's device token answer. */
function exampleIsToken(example: unknown): boolean {
  if (example === null || typeof example !== "object" || Array.isArray(example)) return false;
  return isTokenShape((key) => Object.hasOwn(example, key));
}

/** An OAuth token's members (RFC 6749 5.1): `access_token` beside `token_type` or `expires_in`. */
const isTokenShape = (has: (key: string) => boolean): boolean =>
  has("access_token") && (has("token_type") || has("expires_in"));

function answersToken(schema: unknown): boolean {
  if (schema === null || typeof schema !== "object") return false;
  const properties = (schema as Record<string, unknown>)["properties"];
  if (properties === null || typeof properties !== "object") return false;
  return isTokenShape((key) => Object.hasOwn(properties, key));
}

/**
 * The operations of `model` that sign in again with a form password no scheme sends (see {@link isWithheldSignIn}):
 * served anyway, such a call is refused.
 */
export function withheldSignIns(model: ApiModel, schemas: SchemaLookup): (operation: Operation) => boolean {
  const context: SignInContext = {
    flowPaths: new Set(),
    servers: model.servers,
    schemas,
    schemes: model.securitySchemes,
  };
  return (operation) => isWithheldSignIn(operation, context);
}

/** The operations of `model` that are its OAuth sign-in (see {@link isOAuthEndpoint}). */
export function oauthEndpoints(model: ApiModel, schemas: SchemaLookup): (operation: Operation) => boolean {
  const context: SignInContext = {
    flowPaths: oauthFlowPaths(model.securitySchemes),
    servers: model.servers,
    schemas,
    schemes: model.securitySchemes,
    used: new Set(model.operations.flatMap((o) => o.security.flatMap((r) => Object.keys(r)))),
  };
  return (operation) => isOAuthEndpoint(operation, context);
}

const NAMED = 5;

/** The info diagnostic that says which OAuth sign-in operations were left out (the first few named). */
export function oauthEndpointsLeftOut(
  file: string,
  leftOut: readonly Operation[],
  withheld: readonly Operation[] = [],
): Diagnostic {
  const refused = withheld.slice(0, NAMED).map((o) => `${o.method.toUpperCase()} ${o.path}`);
  return diagnostic("PLAN_OAUTH_ENDPOINT_LEFT_OUT", {
    file,
    ...(refused.length === 0
      ? {}
      : {
          hint: `${catalog.PLAN_OAUTH_ENDPOINT_LEFT_OUT.hint}; served, ${refused.join(", ")} still cannot work: ${refused.length === 1 ? "its form requires" : "their forms require"} a password no scheme sends, so the call is refused`,
        }),
    message: `${leftOut.length} sign-in operation${leftOut.length === 1 ? " is" : "s are"} left out (a declared OAuth token or authorization URL, an answer (or its example) of access_token and token_type/expires_in, an OAuth token request (a grant_type in its body), the API client's client_id and client_secret, an OAuth authorization request (response_type and client_id in its query), or a user:password sign-in, in basic auth or in its body, query or path, answering the token the other operations send, or a form sign-in with the user and password http basic already sends; the server signs in from its configuration): ${listed(leftOut)}`,
  });
}

/** The first few operations left out, by method and path, and how many more. */
function listed(leftOut: readonly Operation[]): string {
  const named = leftOut.slice(0, NAMED).map((o) => `${o.method.toUpperCase()} ${o.path}`);
  const more = leftOut.length - named.length;
  return `${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

/** A path's last word that ends the caller's session: `/logout`, `/v1/signout`, `/auth/log-out`, `/logOut`. */
const SIGN_OUT_SEGMENT = /^(?:log|sign)[_-]?(?:out|off)(?:\.json)?$/i;

/**
 * Whether the operation ends the session of the credential it is called with (Velo's `POST /v1/logout`, "Logout";
 * Dracoon's `POST /v4/user/logout`, "Invalidate authentication token"): its path ends in a log-out word, it names no
 * record in its path (Keycloak's `/{realm}/users/{id}/logout` and Google's `/users/{userKey}/signOut` sign another user
 * out, an administrator's action), and it sends a credential. The server calls with the operator's credential, so a
 * model calling it revokes the token every later call needs: like the sign-in, it is the API's own session, not a tool.
 */
export function isSignOut(operation: Operation): boolean {
  return (
    SIGN_OUT_SEGMENT.test(operation.path.split("/").findLast((s) => s !== "") ?? "") &&
    !operation.parameters.some((p) => p.in === "path") &&
    operation.security.some((requirement) => Object.keys(requirement).length > 0)
  );
}

/** The info diagnostic that says which sign-out operations were left out (the first few named). */
export function signOutsLeftOut(file: string, leftOut: readonly Operation[]): Diagnostic {
  return diagnostic("PLAN_SIGN_OUT_LEFT_OUT", {
    file,
    message: `${leftOut.length} sign-out operation${leftOut.length === 1 ? " is" : "s are"} left out (a path ending in logout or signout, naming no other user, called with the credential the server holds: calling it would revoke that credential for every later call): ${listed(leftOut)}`,
  });
}
