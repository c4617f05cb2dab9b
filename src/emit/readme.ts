// Builds the generated package's README view: tools table, per-tool description and diagram, environment variables, adapter SDK versions.
import type { ToolPlan } from "../planner/types.js";
import { toolToMermaid } from "../report/mermaid.js";
import { summariseSchema } from "../report/schema-summary.js";
import { ENV_SETTINGS, envVariable, type EnvSetting } from "../runtime/auth/env.js";
import { schemeVariables } from "../runtime/auth/env.js";
import { oauth2Variables } from "../runtime/auth/oauth2-config.js";
import type { SecurityRequirement, ToolsetSpec } from "../runtime/types.js";
import { isApiVersionScheme } from "../runtime/auth/select.js";
import {
  claudeCodeArgs,
  claudeCodeHttpArgs,
  claudeDesktopConfig,
  type ClientVariable,
  configuredVariables,
  cursorConfig,
  folderPlaceholder,
  localLaunch,
  OPTIONAL_CREDENTIAL,
  SCOPELESS_KEY,
  npxLaunch,
  shellCommand,
  shellWord,
  variableListText,
  vscodeConfig,
} from "./client-setup.js";
import { jsonText } from "./escape.js";
import { ADAPTER_SDKS, GENERATED_DEPENDENCIES, TELEMETRY_SDK, type AdapterSdk } from "./package-files.js";
import type { PackageSettings } from "./package-settings.js";
import { environmentOf } from "./specs.js";
import { CALL_TOOL, SEARCH_TOOLS } from "../runtime/adapters/search.js";

/** Markdown-safe text: one line, no raw HTML, table pipes escaped, invisible and bidi characters shown as `[U+202E]`. */
function markdownText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(
      /[\u0080-\u009f\p{Cf}\u115f\u1160\u3164\uffa0]/gu,
      (c) => `[U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}]`,
    )
    .replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replaceAll("|", "\\|")
    .replace(/\s+/g, " ")
    .trim();
}

/** Every `PREFIX_…` setting's variable, by its name in code, for the README's prose. */
function settingVariables(prefix: string): Record<EnvSetting, string> {
  const settings = Object.keys(ENV_SETTINGS) as EnvSetting[];
  return Object.fromEntries(settings.map((setting) => [setting, envVariable(prefix, setting)])) as Record<
    EnvSetting,
    string
  >;
}

/** One oauth2 scheme's variables with the scheme left as `<SCHEME>`, and each part's suffix after `PREFIX_<SCHEME>`. */
function oauth2Placeholders(prefix: string): Record<string, string> {
  const named = oauth2Variables(prefix, "SCHEME");
  const single = `${prefix}_<SCHEME>`;
  const suffix = (name: string): string => name.slice(named.single.length);
  return {
    single,
    accessToken: `${single}${suffix(named.accessToken)}`,
    accessTokenSuffix: suffix(named.accessToken),
    refreshTokenSuffix: suffix(named.refreshToken),
    clientIdSuffix: suffix(named.clientId),
    clientSecretSuffix: suffix(named.clientSecret),
  };
}

export function readmeView(
  plan: ToolPlan,
  spec: ToolsetSpec,
  meta: {
    apiTitle: string;
    specFile: string;
    goalsFile?: string;
    settings: PackageSettings;
    variables: readonly ClientVariable[];
    /** Tools written one module per tag or resource (see groups.ts). */
    grouped?: boolean;
    /** Built one compiler project at a time by scripts/build.mjs (see build-projects.ts). */
    batched?: boolean;
  },
): object {
  const optional = new Set(meta.variables.filter((v) => v.optional === true).map((v) => v.name));
  const scopeless = new Set(meta.variables.filter((v) => v.scopeless === true).map((v) => v.name));
  return {
    grouped: meta.grouped === true,
    batched: meta.batched === true,
    toolset: markdownText(spec.name),
    packageName: meta.settings.name,
    clients: clientsView(spec, meta.settings, meta.variables),
    apiTitle: markdownText(meta.apiTitle),
    specFile: markdownText(meta.specFile).replaceAll("`", "'"),
    goalsFile: meta.goalsFile === undefined ? "" : markdownText(meta.goalsFile).replaceAll("`", "'"),
    env: settingVariables(spec.envPrefix),
    oauth2Env: oauth2Placeholders(spec.envPrefix),
    tools: plan.tools.map((tool) => ({
      name: tool.name,
      risk: tool.risk,
      category: tool.category,
      approval: tool.approval,
      inputs:
        tool.inputs.length === 0
          ? "—"
          : tool.inputs
              .map((i) => markdownText(`${i.name}${i.required ? "*" : ""}: ${summariseSchema(i.schema)}`))
              .join(", "),
      description: markdownText(tool.description),
      steps:
        tool.steps.length > 1
          ? tool.steps.map((s) => markdownText(`${s.id} (${s.method.toUpperCase()} ${s.path})`)).join(" → ")
          : "",
      diagram: tool.steps.length > 1 ? toolToMermaid(tool) : "",
    })),
    environment: environmentOf(spec).map((e) => ({
      name: e.name,
      description: markdownText(
        optional.has(e.name)
          ? `${e.description} ${OPTIONAL_CREDENTIAL}`
          : scopeless.has(e.name)
            ? `${e.description} ${SCOPELESS_KEY}`
            : e.description,
      ),
    })),
    noCredential: Object.keys(plan.toolset.securitySchemes).length === 0,
    oauth2: Object.values(spec.securitySchemes).some((scheme) => scheme.type === "oauth2"),
    configured: Object.keys(spec.config ?? {}).length > 0,
    schemeChoice: schemeChoice(plan, spec),
    search: searchView(plan),
    adapters: ADAPTER_SDKS.map(adapterRow),
    mcpSdk: GENERATED_DEPENDENCIES.runtime["@modelcontextprotocol/sdk"],
    otelSdk: `${TELEMETRY_SDK.sdk}@${TELEMETRY_SDK.tested}`,
  };
}

/** Port of the Streamable HTTP examples. */
const HTTP_EXAMPLE_PORT = 3000;

/** The client-setup section: each client's config for the package's own variables, ready to paste. */
function clientsView(spec: ToolsetSpec, settings: PackageSettings, variables: readonly ClientVariable[]): object {
  const toolset = spec.name;
  const configured = configuredVariables(variables);
  const launch = settings.publishable ? npxLaunch(settings) : localLaunch(toolset);
  const serverToken = envVariable(spec.envPrefix, "serverToken");
  const serve = [
    ...configured.map((v) => `${v.name}=${shellWord(v.placeholder)}`),
    `${serverToken}=${shellWord("<server token>")}`,
  ];
  return {
    folder: folderPlaceholder(toolset),
    localServer: `${folderPlaceholder(toolset)}/dist/server.js`,
    windowsServer: `C:\\path\\to\\${toolset}\\dist\\server.js`,
    variableList: variableListText(configured),
    claudeCode: shellCommand("claude", claudeCodeArgs(toolset, launch, configured)),
    httpServer: `${serve.join(" \\\n  ")} \\\n  node dist/server.js --http ${HTTP_EXAMPLE_PORT}`,
    claudeCodeHttp: shellCommand("claude", claudeCodeHttpArgs(toolset, `http://127.0.0.1:${HTTP_EXAMPLE_PORT}/mcp`)),
    claudeDesktop: jsonText(claudeDesktopConfig(toolset, launch, configured)),
    cursor: jsonText(cursorConfig(toolset, launch, configured)),
    vscode: jsonText(vscodeConfig(toolset, launch, configured)),
    bundleFields: markdownText(
      variables.map((v) => `${v.title}${v.secret ? ", sensitive" : ""}${v.required ? ", required" : ""}`).join("; "),
    ),
    publishable: settings.publishable,
    bin: settings.name.replace(/^@[^/]+\//, ""),
    mcpName: settings.mcpName ?? "",
  };
}

/** The tool-search section's facts, for a toolset served with search (some tool deferred), else undefined. */
function searchView(plan: ToolPlan): object | undefined {
  if (!plan.tools.some((tool) => tool.deferLoading === true)) return undefined;
  const core = plan.tools.filter((tool) => tool.deferLoading !== true).map((tool) => `\`${tool.name}\``);
  return {
    count: plan.tools.length,
    core: core.length === 0 ? "no tool" : core.join(", "),
    search: SEARCH_TOOLS,
    call: CALL_TOOL,
  };
}

const ADAPTER_USE: Readonly<Record<AdapterSdk["adapter"], string>> = {
  anthropic: "`anthropicTools` for `client.beta.messages.toolRunner`",
  openai: "`openaiTools.definitions` and `openaiTools.call` (Chat Completions, strict function tools)",
  "vercel-ai": "`vercelTools` for `generateText` / `streamText` (`tool()` with `needsApproval`)",
};

function adapterRow(entry: AdapterSdk): object {
  return {
    adapter: entry.adapter,
    use: ADAPTER_USE[entry.adapter],
    sdk: entry.sdk,
    range: entry.range,
    tested: entry.tested.join(", "),
  };
}

/**
 * With more than one security scheme, which one each tool uses when several credentials are set: the first alternative
 * its operation lists whose credentials are all set (the runtime's `selectRequirement`). Empty with fewer than two.
 */
function schemeChoice(plan: ToolPlan, spec: ToolsetSpec): string {
  if (Object.values(spec.securitySchemes).filter((s) => !isApiVersionScheme(s)).length < 2) return "";
  const orders = new Map<string, string[]>();
  for (const tool of plan.tools) {
    const step = tool.steps.find((s) => s.security.some((r) => Object.keys(r).length > 0));
    if (step === undefined) continue;
    const credentials = (r: SecurityRequirement): string[] =>
      Object.keys(r).filter((n) => !isApiVersionScheme(spec.securitySchemes[n]));
    const alternatives = step.security.map((r) =>
      credentials(r).length === 0
        ? "anonymous"
        : credentials(r)
            .flatMap((n) => schemeVariables(spec.envPrefix, n, spec.securitySchemes[n]).map((v) => `\`${v}\``))
            .join(" + "),
    );
    const order = [...new Set(alternatives)].join(", then ");
    if (!alternatives.some((a) => a !== "anonymous")) continue;
    orders.set(order, [...(orders.get(order) ?? []), tool.name]);
  }
  if (orders.size === 0) return "";
  const lines = [...orders.entries()].map(([order, names]) => `${names.map((n) => `\`${n}\``).join(", ")}: ${order}`);
  return markdownText(
    "When more than one credential is set, each call uses the first security alternative its operation lists whose " +
      `credentials are all set, and the server says at start which is used where. In order: ${lines.join("; ")}.`,
  );
}
