// The toolset's base URL and credential variables → what MCP clients are given: the variables, and each client's config.
import { sentAsWholeAuthorization } from "../runtime/auth/apply.js";
import { isApiVersionScheme } from "../runtime/auth/select.js";
import { AWS_VARIABLES, credentialVariable, envVariable, toEnvWord } from "../runtime/auth/env.js";
import { credentialVariables, resolveBaseUrl, TransportConfigError } from "../runtime/http/server-url.js";
import type { SecurityRequirement, SecuritySchemeSpec, ToolsetSpec } from "../runtime/types.js";
import type { PackageSettings } from "./package-settings.js";
import { environmentOf } from "./specs.js";

/** One variable a client sets for the server: the base URL or one security scheme's credential. */
export interface ClientVariable {
  /** `PREFIX_API_KEY`. */
  readonly name: string;
  /** `api_key`: the MCP Bundle's user_config key and, prefixed with the toolset, VS Code's input id. */
  readonly key: string;
  /** Short label for a settings form: `API key (api_key)`. */
  readonly title: string;
  /** The README's description of the variable. */
  readonly description: string;
  /** A credential: never written into a config, shown as a placeholder, masked by clients. */
  readonly secret: boolean;
  /** The server cannot serve without it: no absolute base URL in the API description; a scheme every tool needs alone. */
  readonly required: boolean;
  /** What a config shows in its place: `<API key>`. */
  readonly placeholder: string;
  /** A credential that serves every tool alone, as at least one other does: set one of them, not all. */
  readonly alone?: true;
  /** A credential no step requires (each step that may send it may also go without): unset, requests go without it. */
  readonly optional?: true;
  /** An API key the generator lists after OAuth2 requirements with scopes: sent only without a token, granting none. */
  readonly scopeless?: true;
  /** The value the server uses when it is not set (the base URL from the API description). */
  readonly default?: string;
}

/** The steps of the planned tools, as far as which credentials they need. */
export type SecuredTools = readonly {
  readonly steps: readonly { readonly security: readonly SecurityRequirement[] }[];
}[];

/** An apiKey whose own name says what it is (`access_token`, `PLAID-SECRET`, `X-Postmark-Server-Token`), in words. */
function namedSecret(name: string): string | undefined {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "" && w !== "x");
  return ["token", "secret", "password"].includes(words.at(-1) ?? "") ? words.join(" ") : undefined;
}

const CREDENTIAL_KIND: Readonly<Record<SecuritySchemeSpec["type"], (s: SecuritySchemeSpec) => string>> = {
  apiKey: (s) =>
    sentAsWholeAuthorization(s)
      ? "Authorization header value"
      : s.type === "apiKey"
        ? (namedSecret(s.name) ?? "API key")
        : "API key",
  http: (s) => (s.type === "http" && s.scheme === "basic" ? "user:password" : "Bearer token"),
  oauth2: () => "access token",
  openIdConnect: () => "access token",
  mutualTLS: () => "",
  awsSigV4: () => "AWS key",
};

/**
 * The base URL variable, one variable per security scheme (mutualTLS has none: it is configured on the fetch) and one
 * per configured value (`$config.NAME`), described as the README's environment section describes them.
 */
export function clientVariables(spec: ToolsetSpec, tools: SecuredTools): ClientVariable[] {
  const described = new Map(environmentOf(spec).map((e) => [e.name, e.description]));
  const describe = (name: string): string => described.get(name) ?? "";
  const baseUrl = envVariable(spec.envPrefix, "baseUrl");
  const fallback = defaultBaseUrl(spec);
  const alone = schemesEnoughAlone(spec, tools);
  const optional = optionalSchemes(tools);
  const scopeless = scopelessKeys(spec, tools);
  const credentials = Object.entries(spec.securitySchemes)
    .filter(([, scheme]) => scheme.type !== "mutualTLS")
    .flatMap(([scheme, definition]): ClientVariable[] => {
      if (definition.type === "awsSigV4") return awsKeyVariables(tools, scheme, describe);
      const name = credentialVariable(spec.envPrefix, scheme);
      if (definition.type === "apiKey" && definition.apiVersion !== undefined)
        return [apiVersionVariable(scheme, name, definition.apiVersion.default, describe(name))];
      const kind = CREDENTIAL_KIND[definition.type](definition);
      const unneeded = optional.has(scheme);
      const note = unneeded ? ` ${OPTIONAL_CREDENTIAL}` : scopeless.has(scheme) ? ` ${SCOPELESS_KEY}` : "";
      return [
        {
          name,
          key: credentialKey(scheme),
          title: `${kind[0]?.toUpperCase()}${kind.slice(1)} (${scheme})`,
          description: `${describe(name)}${note}`,
          secret: true,
          required: needsAlone(tools, scheme),
          placeholder: `<${kind}>`,
          ...(alone.includes(scheme) ? { alone: true as const } : {}),
          ...(unneeded ? { optional: true as const } : {}),
          ...(scopeless.has(scheme) ? { scopeless: true as const } : {}),
        },
      ];
    });
  const configured = Object.entries(spec.config ?? {}).map(
    ([name, config]): ClientVariable => ({
      name: config.variable,
      key: `config_${toEnvWord(name).toLowerCase()}`,
      title: `${name} (configured value)`,
      description: describe(config.variable),
      secret: false,
      required: config.basicUserOf === undefined,
      placeholder: `<${name}>`,
    }),
  );
  return [
    {
      name: baseUrl,
      key: "base_url",
      title: "API base URL",
      description: describe(baseUrl),
      secret: false,
      required: fallback === undefined,
      placeholder: fallback?.url ?? "<API base URL>",
      ...(fallback === undefined || fallback.template ? {} : { default: fallback.url }),
    },
    ...credentials,
    ...configured,
  ];
}

/**
 * The AWS key pair an awsSigV4 scheme signs with, as clients set it; the session token, region and signing name are
 * optional and left to the README (a placeholder left in a config would be sent as a token).
 */
function awsKeyVariables(tools: SecuredTools, scheme: string, describe: (name: string) => string): ClientVariable[] {
  const required = needsAlone(tools, scheme);
  return [
    { name: AWS_VARIABLES.accessKeyId, title: "AWS access key id", placeholder: "<AWS access key id>" },
    { name: AWS_VARIABLES.secretAccessKey, title: "AWS secret access key", placeholder: "<AWS secret access key>" },
  ].map((v) => ({ ...v, key: v.name.toLowerCase(), description: describe(v.name), secret: true, required }));
}

/** A scheme that carries the API version: no secret, never required (unset, the spec's version or no header). */
function apiVersionVariable(
  scheme: string,
  name: string,
  fallback: string | undefined,
  description: string,
): ClientVariable {
  return {
    name,
    key: credentialKey(scheme),
    title: `API version (${scheme})`,
    description,
    secret: false,
    required: false,
    placeholder: fallback ?? "<API version>",
    ...(fallback === undefined ? {} : { default: fallback }),
  };
}

/** The scheme's user_config key: its name in snake_case, never the base URL's key. */
function credentialKey(scheme: string): string {
  const key = toEnvWord(scheme).toLowerCase();
  return key === "base_url" ? "base_url_credential" : key;
}

/**
 * The variables a client config names: every credential, the base URL when the server has none of its own, and each
 * configured value the server cannot start without.
 */
export function configuredVariables(variables: readonly ClientVariable[]): ClientVariable[] {
  return variables.filter((v) => v.secret || v.required);
}

/**
 * The base URL the server uses when none is set, or undefined when the API description gives no absolute one; a URL
 * with a credential in it (`bot{token}`) is given as its template, never as a value a config would pass on.
 */
function defaultBaseUrl(spec: ToolsetSpec): { readonly url: string; readonly template: boolean } | undefined {
  try {
    const url = resolveBaseUrl(spec).href.replace(/\/$/, "");
    return credentialVariables(spec).size === 0
      ? { url, template: false }
      : { url: spec.servers[0]?.url ?? url, template: true };
  } catch (error) {
    if (error instanceof TransportConfigError) return undefined;
    throw error;
  }
}

/**
 * The schemes each of which serves every tool by itself (each step that takes a credential, and cannot go without one,
 * lists an alternative of that scheme alone, API-version schemes aside), when at least two do: the operator sets one of
 * them. AWS keys, which come as a pair, are left out; no such step → none (steps that name no scheme send every key
 * configured, and may go without: Billbee wants its key and basic credentials together).
 */
export function schemesEnoughAlone(spec: ToolsetSpec, tools: SecuredTools): string[] {
  const credentials = (r: SecurityRequirement): string[] =>
    Object.keys(r).filter((name) => {
      const scheme = spec.securitySchemes[name];
      return scheme === undefined || !isApiVersionScheme(scheme);
    });
  const steps = tools
    .flatMap((tool) => tool.steps)
    .filter(
      (step) =>
        step.security.some((r) => Object.keys(r).length) && !step.security.some((r) => Object.keys(r).length === 0),
    );
  if (steps.length === 0) return [];
  const scopeless = scopelessKeys(spec, tools);
  const enough = Object.entries(spec.securitySchemes)
    .filter(
      ([name, s]) => !isApiVersionScheme(s) && s.type !== "awsSigV4" && s.type !== "mutualTLS" && !scopeless.has(name),
    )
    .map(([name]) => name)
    .filter((name) => steps.every((step) => step.security.some((r) => credentials(r).join() === name)));
  return enough.length >= 2 ? enough : [];
}

/**
 * The API keys no requirement of the spec names that the generator lists as one more alternative beside OAuth2 (or
 * OpenID Connect) requirements asking scopes (Google's `key`, "Required unless you provide an OAuth 2.0 token."): a
 * key names the caller's project and grants none of the scopes, so it is never enough alone for those operations —
 * the API serves with it only what it serves without a user's grant (People's contacts are not). A key the spec
 * lists itself as an alternative, and a parameter named as a token (DRACOON's `X-Sds-Auth-Token`), are left as they are.
 */
export function scopelessKeys(spec: ToolsetSpec, tools: SecuredTools): Set<string> {
  const scoped = (r: SecurityRequirement): boolean =>
    Object.entries(r).some(([name, scopes]) => {
      const type = spec.securitySchemes[name]?.type;
      return (type === "oauth2" || type === "openIdConnect") && scopes.length > 0;
    });
  const keys = new Set<string>();
  for (const { security } of tools.flatMap((tool) => tool.steps))
    for (const alternative of security) {
      const [name, ...more] = Object.keys(alternative);
      const scheme = name === undefined ? undefined : spec.securitySchemes[name];
      if (name === undefined || more.length > 0 || scheme?.type !== "apiKey" || scheme.fromParameter !== true) continue;
      if (CREDENTIAL_KIND.apiKey(scheme) !== "API key") continue;
      const others = security.filter((r) => r !== alternative);
      if (others.length > 0 && others.every(scoped)) keys.add(name);
    }
  return keys;
}

/** What the README and a client's settings add to the description of a key that grants none of the scopes asked. */
export const SCOPELESS_KEY =
  "Sent only when no token is set; it grants none of the OAuth2 scopes the operations ask, so with it alone the API " +
  "serves only what it serves without a user's grant.";

/**
 * The README's list of the variables a config sets: each named (a secret said so), and credentials any one of which
 * serves every tool joined by "or", with a word that one is enough and the lines of the others are to be deleted
 * (a placeholder left in would be sent as a credential).
 */
export function variableListText(configured: readonly ClientVariable[]): string {
  if (configured.length === 0) return "none";
  const named = (v: ClientVariable): string =>
    `\`${v.name}\`${v.secret ? ", a secret" : ""}${v.optional ? ", optional: unset, requests go out without it" : ""}` +
    (v.scopeless ? ", sent only without a token: it grants none of the OAuth2 scopes the operations ask" : "");
  const alone = configured.filter((v) => v.alone === true);
  if (alone.length < 2) return configured.map(named).join("; ");
  const either =
    `${alone.map(named).join(", or ")}: one is enough, as every tool accepts ${alone.length === 2 ? "either" : "any"}; ` +
    "set it and delete the other lines, or a placeholder left there is sent as the credential";
  return [...configured.filter((v) => v.alone !== true).map(named), either].join("; ");
}

/** What the README and a client's settings add to the description of a credential no step requires. */
export const OPTIONAL_CREDENTIAL =
  "Optional as the API description has it (no operation requires it): unset, requests go out without it, and the API " +
  "may refuse them.";

/**
 * The schemes some step may send and none requires: each alternative of a step that names the scheme is listed without
 * it too (the empty one: Wordnik's `api_key`, which the spec declares and no requirement names; Bungie.Net's `X-API-Key`
 * beside its OAuth alternative, listed also alone).
 */
export function optionalSchemes(tools: SecuredTools): Set<string> {
  const key = (names: readonly string[]): string => [...names].sort().join("\n");
  const named = new Set<string>();
  const required = new Set<string>();
  for (const step of tools.flatMap((tool) => tool.steps)) {
    const listed = new Set(step.security.map((r) => key(Object.keys(r))));
    for (const requirement of step.security)
      for (const name of Object.keys(requirement)) {
        const without = key(Object.keys(requirement).filter((n) => n !== name));
        (listed.has(without) ? named : required).add(name);
      }
  }
  return new Set([...named].filter((name) => !required.has(name)));
}

/** True when every tool has a step that accepts no security alternative without this scheme. */
function needsAlone(tools: SecuredTools, scheme: string): boolean {
  return tools.every((tool) =>
    tool.steps.some((step) => step.security.length > 0 && step.security.every((alternative) => scheme in alternative)),
  );
}

/** How a client starts the server: `node <absolute path>/dist/server.js`, or `npx -y <package>` once it is published. */
export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
}

/** Stands for the package's folder in every config; the README explains it once. */
export function folderPlaceholder(toolset: string): string {
  return `/absolute/path/to/${toolset}`;
}

export function localLaunch(toolset: string): Launch {
  return { command: "node", args: [`${folderPlaceholder(toolset)}/dist/server.js`] };
}

export function npxLaunch(settings: PackageSettings): Launch {
  return { command: "npx", args: ["-y", settings.name] };
}

/** `{ "mcpServers": { name: { command, args, env } } }`: Claude Desktop's claude_desktop_config.json, secrets as placeholders. */
export function claudeDesktopConfig(toolset: string, launch: Launch, variables: readonly ClientVariable[]): object {
  const env = Object.fromEntries(variables.map((v) => [v.name, v.placeholder]));
  return { mcpServers: { [toolset]: { command: launch.command, args: launch.args, env } } };
}

/** Cursor's .cursor/mcp.json: the same shape, secrets read from Cursor's environment with `${env:NAME}`. */
export function cursorConfig(toolset: string, launch: Launch, variables: readonly ClientVariable[]): object {
  const env = Object.fromEntries(variables.map((v) => [v.name, v.secret ? `\${env:${v.name}}` : v.placeholder]));
  return { mcpServers: { [toolset]: { type: "stdio", command: launch.command, args: launch.args, env } } };
}

/** VS Code's .vscode/mcp.json: `servers` (not `mcpServers`), each variable asked once through an input, secrets masked. */
export function vscodeConfig(toolset: string, launch: Launch, variables: readonly ClientVariable[]): object {
  const id = (v: ClientVariable): string => `${toolset}-${v.key.replaceAll("_", "-")}`;
  const inputs = variables.map((v) => ({
    type: "promptString",
    id: id(v),
    description: `${v.title} for ${toolset}`,
    ...(v.secret ? { password: true } : {}),
  }));
  const env = Object.fromEntries(variables.map((v) => [v.name, `\${input:${id(v)}}`]));
  return { inputs, servers: { [toolset]: { type: "stdio", command: launch.command, args: launch.args, env } } };
}

/** The `claude mcp add` arguments after `claude`: name first, one `--env` per variable, the server after `--`. */
export function claudeCodeArgs(toolset: string, launch: Launch, variables: readonly ClientVariable[]): string[] {
  return [
    "mcp",
    "add",
    toolset,
    "--transport",
    "stdio",
    ...variables.flatMap((v) => ["--env", `${v.name}=${v.placeholder}`]),
    "--",
    launch.command,
    ...launch.args,
  ];
}

/** `claude mcp add` of the server's Streamable HTTP endpoint, with the server token as a placeholder. */
export function claudeCodeHttpArgs(toolset: string, url: string): string[] {
  return ["mcp", "add", "--transport", "http", toolset, url, "--header", "Authorization: Bearer <server token>"];
}

/** One POSIX shell word: as it is when it holds nothing the shell reads, else single-quoted. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Flags that start a continued line, so each variable and the server command stand on their own line. */
const LINE_BREAKS: ReadonlySet<string> = new Set(["--env", "--header", "--"]);

/** A command as POSIX shell text, continued with a backslash before each `--env`, `--header` and `--`. */
export function shellCommand(program: string, args: readonly string[]): string {
  const lines: string[][] = [[program]];
  for (const arg of args) {
    if (LINE_BREAKS.has(arg)) lines.push([]);
    (lines.at(-1) as string[]).push(arg);
  }
  return lines.map((words) => words.map(shellWord).join(" ")).join(" \\\n  ");
}
