// An operation at a declared OAuth flow URL, or one answering an OAuth token → the API's own sign-in, not a tool.
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { SchemaLookup } from "../model/api-source.js";
import type { ApiModel, Operation, SecurityScheme, Server } from "../model/api-model.js";
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

/**
 * Whether the operation is the API's own OAuth sign-in: its path, under a server of the spec, is a token or
 * authorization URL an OAuth2 flow declares (Shutterstock's `POST /v2/oauth/access_token`, Slack's `oauth.access`), or
 * its success answers an OAuth token (`access_token` beside `token_type` or `expires_in`: Velo's `POST /v1/authenticate`).
 * The runtime runs the flows the spec declares from the operator's configuration; such an operation asks the model
 * for a client secret, a code or a refresh token, and answers tokens the runtime redacts, so no tool is made of it
 * unless it is named.
 */
export function isOAuthEndpoint(
  operation: Pick<Operation, "path" | "success" | "servers">,
  context: {
    readonly flowPaths: ReadonlySet<string>;
    readonly servers: readonly Server[];
    readonly schemas: SchemaLookup;
  },
): boolean {
  if (context.flowPaths.size > 0) {
    const servers = operation.servers ?? context.servers;
    const bases = servers.length === 0 ? [""] : servers.map((s) => urlPath(s.url.replace(/\{[^}]*\}/g, "x")));
    const own = operation.path.replace(/\/+$/, "");
    if (bases.some((base) => context.flowPaths.has(`${base}${own}`)) || context.flowPaths.has(own)) return true;
  }
  return (operation.success?.contents ?? []).some((c) => answersToken(derefTop(c.schema, context.schemas)));
}

function answersToken(schema: unknown): boolean {
  if (schema === null || typeof schema !== "object") return false;
  const properties = (schema as Record<string, unknown>)["properties"];
  if (properties === null || typeof properties !== "object") return false;
  const has = (key: string): boolean => Object.hasOwn(properties, key);
  return has("access_token") && (has("token_type") || has("expires_in"));
}

/** The operations of `model` that are its OAuth sign-in (see {@link isOAuthEndpoint}). */
export function oauthEndpoints(model: ApiModel, schemas: SchemaLookup): (operation: Operation) => boolean {
  const context = { flowPaths: oauthFlowPaths(model.securitySchemes), servers: model.servers, schemas };
  return (operation) => isOAuthEndpoint(operation, context);
}

const NAMED = 5;

/** The info diagnostic that says which OAuth sign-in operations were left out (the first few named). */
export function oauthEndpointsLeftOut(file: string, leftOut: readonly Operation[]): Diagnostic {
  const named = leftOut.slice(0, NAMED).map((o) => `${o.method.toUpperCase()} ${o.path}`);
  const more = leftOut.length - named.length;
  return diagnostic("PLAN_OAUTH_ENDPOINT_LEFT_OUT", {
    file,
    message: `${leftOut.length} OAuth sign-in operation${leftOut.length === 1 ? " is" : "s are"} left out (a declared token or authorization URL, or an answer of access_token and token_type/expires_in; the server signs in from its configuration): ${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`,
  });
}
