// Projects planned tools and toolset onto the runtime's plain-data specs (what the generated files hold as literals).
import type { OAuthFlows, SecurityScheme } from "../model/api-model.js";
import { oauth2Variables, refreshTokenUrl } from "../runtime/auth/oauth2-config.js";
import { isPublicPlainHttp } from "../planner/plain-http.js";
import type { ToolDef, ToolsetInfo } from "../planner/types.js";
import { resolveBaseUrl, TransportConfigError } from "../runtime/http/server-url.js";
import { sentAsWholeAuthorization } from "../runtime/auth/apply.js";
import { AWS_VARIABLES, credentialVariable, envVariable, signingServiceVariable } from "../runtime/auth/env.js";
import type {
  ConfigRule,
  ConfigSpec,
  OAuth2FlowsSpec,
  SecuritySchemeSpec,
  StepSpec,
  ToolHead,
  ToolSpec,
  ToolsetSpec,
} from "../runtime/types.js";
import { DEFAULT_MAX_CALL_BYTES, DEFAULT_MAX_STRING_BYTES } from "../runtime/limits.js";

/** What a tool's spec and its catalog entry both open with: how it is named, described and risked. */
export function toolHead(tool: ToolDef): ToolHead {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    risk: tool.risk,
    category: tool.category,
    annotations: tool.annotations,
    approval: tool.approval,
  };
}

/** The runtime spec of one tool: everything `run` needs, nothing it does not (no schemas, no source positions). */
export function toToolSpec(tool: ToolDef): ToolSpec {
  return {
    ...toolHead(tool),
    inputs: tool.inputs.map((i) => ({
      name: i.name,
      ...(i.sourceName === undefined ? {} : { sourceName: i.sourceName }),
      required: i.required,
    })),
    steps: tool.steps.map(({ origin: _origin, credentials: _credentials, ...step }): StepSpec => step),
    returns: {
      ...(tool.returns.projection === undefined ? {} : { projection: tool.returns.projection }),
      narrowingInputs: tool.returns.narrowingInputs,
    },
    ...servingFields(tool),
  };
}

/** The change, tool-search, example and size fields a tool has (absent ones left out, so small toolsets' specs do not change). */
function servingFields(tool: ToolDef): Partial<ToolSpec> {
  const { changeInputs, addInputs, tags, profile, examples, deferLoading, programmatic } = tool;
  const { definitionDepth, definitionBrief, definitionOutline, definitionOpen, definitionOutlined } = tool;
  const fields = {
    changeInputs,
    addInputs,
    tags,
    profile,
    examples,
    deferLoading,
    programmatic,
    definitionDepth,
    definitionBrief,
    definitionOutline,
    definitionOpen,
    definitionOutlined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** The runtime spec of the toolset, with only the security schemes some tool uses. */
export function toToolsetSpec(toolset: ToolsetInfo, tools: readonly ToolDef[], version: string): ToolsetSpec {
  const used = new Set(tools.flatMap((t) => t.steps.flatMap((s) => s.security.flatMap((r) => Object.keys(r)))));
  const schemes: Record<string, SecuritySchemeSpec> = {};
  for (const name of [...used].sort()) {
    const scheme = toolset.securitySchemes[name];
    if (scheme)
      Object.defineProperty(schemes, name, {
        value: toSchemeSpec(scheme),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return {
    name: toolset.name,
    version,
    envPrefix: toolset.envPrefix,
    servers: toolset.servers.map((s) => ({
      url: s.url,
      variables: Object.fromEntries(
        Object.entries(s.variables).map(([k, v]) => [k, { default: v.default, ...(v.enum ? { enum: v.enum } : {}) }]),
      ),
      ...(s.placeholder === undefined ? {} : { placeholder: s.placeholder }),
    })),
    securitySchemes: schemes,
    ...(toolset.config === undefined ? {} : { config: toolset.config }),
    maxReturnBytes: toolset.maxReturnBytes,
    timeoutMs: toolset.timeoutMs,
  };
}

function toSchemeSpec(scheme: SecurityScheme): SecuritySchemeSpec {
  switch (scheme.type) {
    case "apiKey":
      return {
        type: "apiKey",
        name: scheme.name,
        in: scheme.in,
        ...(scheme.fromParameter ? { fromParameter: true } : {}),
        ...(scheme.apiVersion === undefined ? {} : { apiVersion: scheme.apiVersion }),
        ...(scheme.prefix === undefined ? {} : { prefix: scheme.prefix }),
        ...(scheme.written === undefined ? {} : { written: scheme.written }),
      };
    case "http":
      return { type: "http", scheme: scheme.scheme.toLowerCase() };
    case "oauth2":
      return { type: "oauth2", flows: toFlowsSpec(scheme.flows) };
    case "openIdConnect":
      return { type: "openIdConnect", openIdConnectUrl: scheme.openIdConnectUrl };
    case "mutualTLS":
      return { type: "mutualTLS" };
    case "awsSigV4":
      return { type: "awsSigV4", service: scheme.service, region: scheme.region };
  }
}

/**
 * A token URL that is only the server's root (Trakt's `tokenUrl: "/"`, a placeholder) or empty names no token
 * endpoint: its flow is left out, so no refresh or client variables promise tokens from the API's home page.
 */
const namesTokenEndpoint = (url: string): boolean => !/^(?:https?:\/\/[^/?#]+)?\/?$/i.test(url.trim());

/**
 * The flows the runtime acts on, in a fixed order: where tokens come from (the token URLs stay as the spec wrote them;
 * a flow whose token URL is no endpoint, see `namesTokenEndpoint`, is left out).
 */
function toFlowsSpec(all: OAuthFlows): OAuth2FlowsSpec {
  const flows: OAuthFlows = {
    ...all,
    ...(all.clientCredentials && !namesTokenEndpoint(all.clientCredentials.tokenUrl)
      ? { clientCredentials: undefined }
      : {}),
    ...(all.authorizationCode && !namesTokenEndpoint(all.authorizationCode.tokenUrl)
      ? { authorizationCode: undefined }
      : {}),
    ...(all.password && !namesTokenEndpoint(all.password.tokenUrl) ? { password: undefined } : {}),
  };
  return {
    ...(flows.clientCredentials
      ? {
          clientCredentials: {
            tokenUrl: flows.clientCredentials.tokenUrl,
            ...(flows.clientCredentials.body === undefined ? {} : { body: flows.clientCredentials.body }),
            ...(flows.clientCredentials.client === undefined ? {} : { client: flows.clientCredentials.client }),
          },
        }
      : {}),
    ...(flows.authorizationCode ? { authorizationCode: { tokenUrl: flows.authorizationCode.tokenUrl } } : {}),
    ...(flows.password ? { password: { tokenUrl: flows.password.tokenUrl } } : {}),
    ...(flows.implicit ? { implicit: {} } : {}),
  };
}

/** Environment variables of the generated package, in the order its README lists them. */
export function environmentOf(spec: ToolsetSpec): { name: string; description: string }[] {
  const prefix = spec.envPrefix;
  const schemeVars = Object.entries(spec.securitySchemes).flatMap(([name, scheme]) =>
    scheme.type === "oauth2"
      ? oauth2Environment(prefix, name, scheme.flows)
      : scheme.type === "awsSigV4"
        ? signingEnvironment(spec, name, scheme)
        : [{ name: credentialVariable(prefix, name), description: credentialDescription(name, scheme, spec) }],
  );
  const configVars = Object.entries(spec.config ?? {}).map(([name, config]) => ({
    name: config.variable,
    description: configDescription(spec, name, config),
  }));
  return [
    { name: envVariable(prefix, "baseUrl"), description: baseUrlDescription(spec) },
    ...schemeVars.filter((v, i) => schemeVars.findIndex((w) => w.name === v.name) === i),
    ...configVars,
    {
      name: envVariable(prefix, "approval"),
      description:
        "`queue` (default): high-risk calls wait for an operator; `elicit`: ask the human through MCP elicitation, else queue; `auto`: approve everything (tests and trusted runs only).",
    },
    {
      name: envVariable(prefix, "stateDir"),
      description:
        "Folder of the approval queue and the audit log, shared by the MCP server and the approvals command (default `$XDG_STATE_HOME/aci/<toolset>`, else `~/.local/state/aci/<toolset>`).",
    },
    {
      name: envVariable(prefix, "stateUrl"),
      description:
        "`postgres://user:password@host:5432/db`: keep the approval queue and the audit log in PostgreSQL instead, shared by every replica (schema `aci`, created and migrated on start). Holds the real arguments of pending calls: protect it like a credential.",
    },
    {
      name: envVariable(prefix, "timeoutMs"),
      description: `Per-request timeout in milliseconds (default ${spec.timeoutMs}).`,
    },
    {
      name: envVariable(prefix, "maxResponseBytes"),
      description:
        "Largest upstream response body read, in bytes, before the call fails (default 10 MiB); the model still gets at most the result cap.",
    },
    {
      name: envVariable(prefix, "maxStringBytes"),
      description: `Longest string argument a tool accepts, in UTF-8 bytes, whatever the spec allows (default ${DEFAULT_MAX_STRING_BYTES}, 1 MiB).`,
    },
    {
      name: envVariable(prefix, "maxCallBytes"),
      description: `Largest arguments of one call, as JSON in UTF-8 bytes (default ${DEFAULT_MAX_CALL_BYTES}, 4 MiB); the server reads no MCP message longer than this plus 64 KiB.`,
    },
    {
      name: envVariable(prefix, "httpPort"),
      description:
        "Serve MCP over Streamable HTTP on this port (as `node dist/server.js --http PORT` does) instead of stdio; endpoint `/mcp`, stateless.",
    },
    {
      name: envVariable(prefix, "httpHost"),
      description:
        "Interface the HTTP server binds (default `127.0.0.1`, loopback only); anything else is reachable from the network, so set a server token.",
    },
    {
      name: envVariable(prefix, "serverToken"),
      description: "When set, every HTTP request must send `Authorization: Bearer <token>` (else 401).",
    },
    {
      name: envVariable(prefix, "httpAllowedOrigins"),
      description:
        "Comma-separated browser origins allowed to call the HTTP server besides loopback ones; a request from any other Origin gets 403.",
    },
    {
      name: envVariable(prefix, "operatorTokens"),
      description:
        "Turns on the approvals console at `/approvals` of the HTTP server for named operators: `dana:<token>,lee:<token>`, each their own token (at least 16 characters, never the server token); decisions are recorded as `console:<name>`.",
    },
    {
      name: envVariable(prefix, "operatorToken"),
      description:
        "One operator token for the approvals console (at least 16 characters, never the server token), signing in as `operator`; with neither this nor the named tokens set, no console.",
    },
    {
      name: envVariable(prefix, "consoleSecureCookies"),
      description:
        "`auto` (default): the console's session cookie is `Secure` when the sign-in came over https or through a TLS proxy sending `X-Forwarded-Proto: https`; `always` or `never` force it.",
    },
    {
      name: envVariable(prefix, "approvalWebhook"),
      description:
        "`https://…` (http only to loopback): each new pending request is POSTed here (Slack-compatible `text` with the preview `approvals.js show` prints, secrets redacted, plus id, tool, risk and the console link), retried with backoff.",
    },
    {
      name: envVariable(prefix, "consoleUrl"),
      description:
        "The console's address as operators reach it (e.g. `https://ops.example.com`), for the webhook's link; without it the link is the path `/approvals/requests/ID`.",
    },
    {
      name: envVariable(prefix, "traceArgs"),
      description:
        "`redacted`: tool-call spans carry the arguments, secrets redacted (`gen_ai.tool.call.arguments`). Unset (default): no argument value reaches a span.",
    },
  ];
}

/** Optional when the spec's first server is an absolute URL the runtime accepts; else the operator must set it. */
function baseUrlDescription(spec: ToolsetSpec): string {
  const url = spec.servers[0]?.url;
  try {
    resolveBaseUrl(spec);
    const filled = Object.entries(spec.securitySchemes).flatMap(([name, s]) =>
      s.type === "apiKey" && s.in === "server"
        ? [`\`{${s.name}}\` from ${credentialVariable(spec.envPrefix, name)}`]
        : [],
    );
    const clear =
      url !== undefined && isPublicPlainHttp(url) && Object.keys(spec.securitySchemes).length > 0
        ? ` The default is plain http: the credentials go out unencrypted; set the https URL when the API serves it.`
        : "";
    return `Overrides the API's base URL (default ${url}${filled.length === 0 ? "" : `, ${filled.join(", ")}`}).${clear}`;
  } catch (error) {
    if (!(error instanceof TransportConfigError)) throw error;
    const given =
      url === undefined || url === "/"
        ? "none"
        : `only ${spec.servers[0]?.placeholder === undefined ? "" : "the placeholder "}\`${url}\``;
    return `Required: the API's absolute base URL, e.g. https://api.example.com (the API description gives ${given}).`;
  }
}

const CREDENTIAL_WORDS: Record<SecuritySchemeSpec["type"], (s: SecuritySchemeSpec) => string> = {
  apiKey: (s) =>
    s.type !== "apiKey"
      ? ""
      : s.prefix === undefined
        ? sentAsWholeAuthorization(s)
          ? s.written !== undefined
            ? `the whole value of the \`Authorization\` header, sent as it is set: the API description writes it starting with \`${s.written}\`, which is not added, so set the whole value as the API's documentation describes it, \`${s.written} \` included`
            : "the whole value of the `Authorization` header, sent as it is set: the API description names no prefix, so when the API's documentation asks for one (such as `Bearer <key>` or `Token <key>`), include it"
          : `API key, sent in the ${s.in} \`${s.name}\``
        : `API key, sent in the ${s.in} \`${s.name}\` after the word \`${s.prefix}\` (the API description says so); set the key alone: the server adds \`${s.prefix} \` when the value does not start with it`,
  http: (s) =>
    s.type === "http" && s.scheme === "basic" ? "HTTP basic credentials as `user:password`" : "Bearer token",
  oauth2: () => "OAuth2 access token",
  openIdConnect: () => "Bearer token from your OpenID Connect provider",
  mutualTLS: () => "not read: configure the client certificate in the fetch you pass to createToolset",
  awsSigV4: () => "AWS Signature Version 4",
};

/** `has exactly 34 characters`, or the bounds one by one. */
function lengthWords(rule: ConfigRule): string[] {
  const { minLength: min, maxLength: max } = rule;
  if (min !== undefined && min === max) return [`has exactly ${min} characters`];
  return [
    min === undefined ? "" : `has at least ${min} characters`,
    max === undefined ? "" : `has at most ${max} characters`,
  ];
}

/** What a configured value is, the rules it must meet, and what happens unset. */
function configDescription(spec: ToolsetSpec, name: string, config: ConfigSpec): string {
  const rules = config.rules.map((r) => {
    const words = [
      r.pattern === undefined ? "" : `matches \`${r.pattern}\``,
      r.enum === undefined ? "" : `is one of ${r.enum.map((v) => `\`${v}\``).join(", ")}`,
      ...lengthWords(r),
      r.minimum === undefined ? "" : `is at least ${r.minimum}`,
      r.maximum === undefined ? "" : `is at most ${r.maximum}`,
    ].filter((w) => w !== "");
    return `${words.join(", ")} (${r.place})`;
  });
  const checked = rules.length === 0 ? "" : ` Checked at start: it ${rules.join("; and ")}.`;
  const unset =
    config.basicUserOf === undefined
      ? " Required: the server does not start without it."
      : ` Unset, the user name in \`${credentialVariable(spec.envPrefix, config.basicUserOf)}\` stands for it when that name passes the checks; otherwise it is required and the server does not start without it.`;
  return `Configured value \`$config.${name}\`: ${config.description.replace(/\.?$/, ".")}${checked}${unset} Sent in requests, never a model input.`;
}

function credentialDescription(name: string, scheme: SecuritySchemeSpec, spec: ToolsetSpec): string {
  if (scheme.type === "apiKey" && scheme.in === "server")
    return `The credential in the API's server URL: its \`{${scheme.name}}\` (\`${spec.servers[0]?.url ?? ""}\`, and in ${envVariable(spec.envPrefix, "baseUrl")} when that is set), filled into every request's URL; the API description's example value is never sent. Unset, the tools answer UNAUTHORIZED and send nothing. Never shown to the model.`;
  if (scheme.type === "apiKey" && scheme.apiVersion !== undefined) {
    const fallback = scheme.apiVersion.default;
    const declared =
      scheme.fromParameter === true
        ? `the spec declares it as a ${scheme.in === "query" ? "query" : "header"} parameter of its operations; the model is never asked for it`
        : `the spec declares it as the security scheme \`${name}\``;
    const source =
      scheme.fromParameter === true
        ? `the spec's own value for the ${scheme.in === "query" ? "parameter" : "header"}`
        : "the version the API description is written for";
    return `The API version, sent in the ${scheme.in} \`${scheme.name}\` (${declared}; it is no credential and is not redacted). ${fallback === undefined ? `Unset, the ${scheme.in === "query" ? "parameter" : "header"} is not sent.` : `Default \`${fallback}\`, ${source}.`}`;
  }
  if (scheme.type === "apiKey" && scheme.fromParameter === true && scheme.in === "body")
    return `The credential the API takes as the request-body field \`${scheme.name}\` (its spec declares no security scheme for it), set in the body of each request whose operation declares the field: one value for every call. Never shown to the model.`;
  if (scheme.type === "apiKey" && scheme.fromParameter === true)
    return `The credential the API takes as the ${scheme.in} parameter \`${scheme.name}\` (its spec declares the parameter but no security scheme for it), sent as that parameter where an operation declares it. Never shown to the model.`;
  return `Credential for security scheme \`${name}\`: ${CREDENTIAL_WORDS[scheme.type](scheme)}. Never shown to the model.`;
}

/**
 * The variables of an awsSigV4 scheme: the standard AWS keys and region (unprefixed, as the AWS CLI and SDKs read them)
 * and the package's signing name.
 */
function signingEnvironment(
  spec: ToolsetSpec,
  name: string,
  scheme: { readonly service: string; readonly region: string },
): { name: string; description: string }[] {
  const never = "Never shown to the model.";
  const regional = spec.servers[0]?.variables["region"] !== undefined;
  return [
    {
      name: AWS_VARIABLES.accessKeyId,
      description: `AWS access key id every request is signed with (AWS Signature Version 4, security scheme \`${name}\`), with ${AWS_VARIABLES.secretAccessKey}; unset, the tools answer UNAUTHORIZED and send nothing. ${never}`,
    },
    {
      name: AWS_VARIABLES.secretAccessKey,
      description: `The secret access key of ${AWS_VARIABLES.accessKeyId}. ${never}`,
    },
    {
      name: AWS_VARIABLES.sessionToken,
      description: `Session token of temporary credentials (a role, SSO, STS), sent signed as \`X-Amz-Security-Token\`; leave unset for long-term keys. ${never}`,
    },
    {
      name: AWS_VARIABLES.region,
      description: `Region requests are signed for${regional ? ", and the `{region}` of the API's server URL unless the base URL is set" : ""} (default \`${scheme.region}\`).`,
    },
    {
      name: signingServiceVariable(spec.envPrefix),
      description: `Service name requests are signed for (default \`${scheme.service}\`, from the API description); set it only when the service signs under another name.`,
    },
  ];
}

/** The variables of one oauth2 scheme that its flows accept (the runtime refuses to start on any other combination). */
function oauth2Environment(
  prefix: string,
  name: string,
  flows: OAuth2FlowsSpec,
): { name: string; description: string }[] {
  const v = oauth2Variables(prefix, name);
  const declared = Object.keys(flows).join(", ") || "none with a token URL";
  const clientCredentials = flows.clientCredentials !== undefined;
  const refreshAt = refreshTokenUrl(flows);
  const never = "Never shown to the model.";
  return [
    {
      name: v.single,
      description: `Credential for OAuth2 scheme \`${name}\` (flows: ${declared}): an access token without a colon${clientCredentials ? ", or `client_id:client_secret` for the client-credentials flow" : ""}. Or use the variables below instead (not both). ${never}`,
    },
    {
      name: v.accessToken,
      description: `An access token for \`${name}\`, sent as a Bearer token (any flow)${refreshAt ? `; with ${v.refreshToken}, the one used first` : ""}. ${never}`,
    },
    ...(refreshAt
      ? [
          {
            name: v.refreshToken,
            description: `A refresh token for \`${name}\`, redeemed at \`${refreshAt}\` for access tokens (renewed before they expire, and once when the API answers 401). ${never}`,
          },
        ]
      : []),
    ...(clientCredentials || refreshAt
      ? [
          {
            name: v.clientId,
            description: `OAuth2 client id of \`${name}\`${clientCredentials ? ": with the secret, tokens come from the client-credentials flow (with the operation's scopes)" : ""}${refreshAt ? `${clientCredentials ? "; " : ": "}with ${v.refreshToken}, sent when it is redeemed` : ""}.`,
          },
        ]
      : []),
    ...(clientCredentials || refreshAt
      ? [
          {
            name: v.clientSecret,
            description: `OAuth2 client secret of \`${name}\` (with ${v.clientId}; confidential clients only). ${never}`,
          },
        ]
      : []),
  ];
}
