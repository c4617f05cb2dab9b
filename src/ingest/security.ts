// Turns OAS 3 security schemes, Swagger 2 security definitions and security requirements into the model's.
import type { OAuthFlows, SecurityRequirement, SecurityScheme } from "../model/api-model.js";
import { isRecord, type JsonRecord, optional, recordOf, setEntry, stringOf } from "./walk.js";

type Scopes = Readonly<Record<string, string>>;

const API_KEY_LOCATIONS = new Set(["header", "query", "cookie"]);

/** OAS 3 scheme types → builders; a type missing here is not an OpenAPI scheme. */
const SCHEME_BUILDERS: Readonly<
  Record<string, (node: JsonRecord, description: { description?: string }) => SecurityScheme | undefined>
> = {
  apiKey: (node, d) => apiKeyScheme(node, d),
  http: (node, d) => ({
    type: "http",
    scheme: (stringOf(node["scheme"]) ?? "bearer").toLowerCase(),
    ...optional("bearerFormat", stringOf(node["bearerFormat"])),
    ...d,
  }),
  oauth2: (node, d) => ({ type: "oauth2", flows: flowsToModel(recordOf(node["flows"])), ...d }),
  openIdConnect: (node, d) => ({
    type: "openIdConnect",
    openIdConnectUrl: stringOf(node["openIdConnectUrl"]) ?? "",
    ...d,
  }),
  mutualTLS: (_node, d) => ({ type: "mutualTLS", ...d }),
};

/** Swagger 2 oauth2 `flow` → the OAS 3 flow it became. */
const SWAGGER2_FLOWS: Readonly<Record<string, (node: JsonRecord, scopes: Scopes) => OAuthFlows>> = {
  implicit: (node, scopes) => ({ implicit: { authorizationUrl: stringOf(node["authorizationUrl"]) ?? "", scopes } }),
  password: (node, scopes) => ({ password: { tokenUrl: stringOf(node["tokenUrl"]) ?? "", scopes } }),
  application: (node, scopes) => ({ clientCredentials: { tokenUrl: stringOf(node["tokenUrl"]) ?? "", scopes } }),
  accessCode: (node, scopes) => ({
    authorizationCode: {
      authorizationUrl: stringOf(node["authorizationUrl"]) ?? "",
      tokenUrl: stringOf(node["tokenUrl"]) ?? "",
      scopes,
    },
  }),
};

/** An OAS 3 Security Scheme object → SecurityScheme; undefined for an unknown type or a malformed apiKey. */
export function securitySchemeToModel(node: JsonRecord): SecurityScheme | undefined {
  const build = SCHEME_BUILDERS[stringOf(node["type"]) ?? ""];
  return build?.(node, optional("description", stringOf(node["description"])));
}

/** Swagger 2 definition types → builders: basic → http basic, apiKey as is, oauth2 by its `flow`. */
const SWAGGER2_SCHEMES: Readonly<
  Record<string, (node: JsonRecord, description: { description?: string }) => SecurityScheme | undefined>
> = {
  basic: (_node, d) => ({ type: "http", scheme: "basic", ...d }),
  apiKey: (node, d) => apiKeyScheme(node, d),
  oauth2: (node, d) => {
    const flow = SWAGGER2_FLOWS[stringOf(node["flow"]) ?? ""];
    return flow ? { type: "oauth2", flows: flow(node, scopesOf(node["scopes"])), ...d } : undefined;
  },
};

/** A Swagger 2 Security Definition → SecurityScheme; undefined for an unknown type or flow. */
export function swagger2SecuritySchemeToModel(node: JsonRecord): SecurityScheme | undefined {
  const build = SWAGGER2_SCHEMES[stringOf(node["type"]) ?? ""];
  return build?.(node, optional("description", stringOf(node["description"])));
}

/** A `security` array → requirements; each alternative maps scheme name → scopes. */
export function securityRequirementsToModel(value: unknown): SecurityRequirement[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((requirement) => {
    const out: Record<string, readonly string[]> = {};
    for (const [name, scopes] of Object.entries(requirement))
      setEntry(out, name, Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === "string") : []);
    return out;
  });
}

function apiKeyScheme(node: JsonRecord, description: { description?: string }): SecurityScheme | undefined {
  const location = stringOf(node["in"]);
  const name = stringOf(node["name"]);
  if (name === undefined || location === undefined || !API_KEY_LOCATIONS.has(location)) return undefined;
  return { type: "apiKey", name, in: location as "header" | "query" | "cookie", ...description };
}

function flowsToModel(flows: JsonRecord): OAuthFlows {
  const flow = (key: string): JsonRecord | undefined => (isRecord(flows[key]) ? flows[key] : undefined);
  const url = (node: JsonRecord, key: string): string => stringOf(node[key]) ?? "";
  const cc = flow("clientCredentials");
  const ac = flow("authorizationCode");
  const im = flow("implicit");
  const pw = flow("password");
  return {
    ...(cc ? { clientCredentials: { tokenUrl: url(cc, "tokenUrl"), scopes: scopesOf(cc["scopes"]) } } : {}),
    ...(ac
      ? {
          authorizationCode: {
            authorizationUrl: url(ac, "authorizationUrl"),
            tokenUrl: url(ac, "tokenUrl"),
            scopes: scopesOf(ac["scopes"]),
          },
        }
      : {}),
    ...(im ? { implicit: { authorizationUrl: url(im, "authorizationUrl"), scopes: scopesOf(im["scopes"]) } } : {}),
    ...(pw ? { password: { tokenUrl: url(pw, "tokenUrl"), scopes: scopesOf(pw["scopes"]) } } : {}),
  };
}

function scopesOf(value: unknown): Scopes {
  const out: Record<string, string> = {};
  for (const [scope, description] of Object.entries(recordOf(value)))
    setEntry(out, scope, typeof description === "string" ? description : "");
  return out;
}

/** The path of a URL, absolute or relative, without a trailing slash. */
function pathOf(url: string): string {
  try {
    return new URL(url, "http://relative.invalid").pathname.replace(/\/+$/, "");
  } catch {
    return (url.split(/[?#]/)[0] ?? "").replace(/\/+$/, "");
  }
}

/** The operation the document declares at the token URL, found under any of the servers, or undefined. */
function tokenOperation(
  tokenUrl: string,
  document: JsonRecord,
  servers: readonly { readonly url: string }[],
): JsonRecord | undefined {
  const wanted = pathOf(tokenUrl);
  const bases = ["", ...servers.map((s) => pathOf(s.url.replace(/\{[^}]*\}/g, "x")))];
  const found = Object.entries(recordOf(document["paths"])).find(([path]) =>
    bases.some((base) => `${base}${path.replace(/\/+$/, "")}` === wanted),
  );
  return found === undefined ? undefined : recordOf(recordOf(found[1])["post"]);
}

/** The top-level property names of a body schema, through one `#/components/schemas/…` reference. */
function propertyNames(schema: unknown, document: JsonRecord): string[] {
  const ref = stringOf(recordOf(schema)["$ref"]);
  const name = ref?.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined;
  const resolved =
    name === undefined ? recordOf(schema) : recordOf(recordOf(recordOf(document["components"])["schemas"])[name]);
  return Object.keys(recordOf(resolved["properties"]));
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/;

/**
 * The oauth2 scheme with its client-credentials flow marked `body: "json"` when the document's own `POST` at the
 * flow's token URL takes a JSON body with a top-level `grant_type` and no form (Sakari's `TokenRequest`
 * `{grant_type, client_id, client_secret}`; MotaWord's `{grant_type, scope, …}`), and `client: "body"` when that body
 * also has `client_id` (else the client signs in with HTTP Basic, as RFC 6749 §2.3.1 has it). The runtime then asks
 * for tokens as the spec declares, not with RFC 6749's form, which such an endpoint refuses. A JSON body that nests the
 * grant (Twine's JSON:API `{data: {attributes: …}}`) is no body the runtime can build; its form is left as it was.
 */
export function withTokenBody(
  scheme: SecurityScheme,
  document: JsonRecord,
  servers: readonly { readonly url: string }[],
): SecurityScheme {
  if (scheme.type !== "oauth2" || scheme.flows.clientCredentials === undefined) return scheme;
  const operation = tokenOperation(scheme.flows.clientCredentials.tokenUrl, document, servers);
  const content = recordOf(recordOf(operation?.["requestBody"])["content"]);
  const types = Object.keys(content);
  if (types.some((t) => t.toLowerCase().startsWith("application/x-www-form-urlencoded"))) return scheme;
  const json = types.find((t) => JSON_TYPE.test(t.toLowerCase()));
  const names = json === undefined ? [] : propertyNames(recordOf(content[json])["schema"], document);
  if (!names.includes("grant_type")) return scheme;
  const flow = { ...scheme.flows.clientCredentials, body: "json" as const };
  return {
    ...scheme,
    flows: { ...scheme.flows, clientCredentials: names.includes("client_id") ? { ...flow, client: "body" } : flow },
  };
}
