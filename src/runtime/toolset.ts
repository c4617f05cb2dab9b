// ToolsetSpec + ToolsetOptions (+ the environment) → the resolved runtime, and tool definitions bound into a toolset.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { createAuditLog } from "./audit.js";
import { envVariable } from "./auth/env.js";
import { ConfigError, positiveSetting, readSetting as read } from "./config.js";
import { resolveConfigValues } from "./configured.js";
import { errorEnvelope } from "./errors.js";
import { createTransport, resolveTransportSettings } from "./http/index.js";
import { TransportConfigError } from "./http/server-url.js";
import { isApiVersionScheme } from "./auth/select.js";
import { createRedactor, type Redactor } from "./redact.js";
import { createStateStore } from "./state/index.js";
import type { StateStore } from "./state/types.js";
import { createNotifier, resolveWebhook } from "./notify/webhook.js";
import { traceAttempt, traceTransport } from "./telemetry/index.js";
import { DEFAULT_MAX_CALL_BYTES, DEFAULT_MAX_STRING_BYTES, type ArgumentLimits } from "./limits.js";
import { DEFAULT_MAX_RETURN_BYTES } from "./returns/index.js";
import {
  bindTool,
  EXECUTE_APPROVED,
  TOOL_SPEC,
  toolFields,
  type BoundTool,
  type Runtime,
  type ToolDefinition,
} from "./tool.js";
import type { CallTransport, Transport } from "./transport.js";
import type { ApprovalMode, ToolsetOptions, ToolsetSpec } from "./types.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Longest wait of one Arazzo retry, whatever the goals file or Retry-After say. */
const MAX_RETRY_WAIT_MS = 30_000;

const APPROVAL_MODES = ["queue", "elicit", "auto"] as const;

/** For tests and embedders: parts to use instead of the ones built from the environment. */
export interface RuntimeOverrides {
  readonly transport?: CallTransport;
  readonly sleep?: Runtime["sleep"];
  readonly state?: StateStore;
}

/**
 * `options.approval`, else `PREFIX_APPROVAL` (queue | elicit | auto), else `queue`; anything else is a configuration
 * error.
 */
export function resolveApprovalMode(prefix: string, options: ToolsetOptions, env: Env): ApprovalMode {
  if (options.approval !== undefined) return options.approval;
  const raw = read(env, envVariable(prefix, "approval"))?.toLowerCase() ?? "queue";
  const mode = APPROVAL_MODES.find((m) => m === raw);
  if (mode === undefined)
    throw new ConfigError(
      `${envVariable(prefix, "approval")} must be one of ${APPROVAL_MODES.join(", ")} (default queue), got ` +
        `\`${raw.slice(0, 20)}\`.`,
    );
  return mode;
}

/**
 * `options.stateDir`, else `PREFIX_STATE_DIR`, else a per-user folder that does not depend on the working
 * directory (the MCP server and the operator's `approvals` command must agree): `$XDG_STATE_HOME/aci/<toolset>`,
 * else `~/.local/state/aci/<toolset>` (`%LOCALAPPDATA%\aci\<toolset>` on Windows). Relative paths resolve against the
 * cwd.
 */
export function resolveStateDir(toolset: ToolsetSpec, options: ToolsetOptions, env: Env): string {
  const explicit = options.stateDir ?? read(env, envVariable(toolset.envPrefix, "stateDir"));
  if (explicit !== undefined) return isAbsolute(explicit) ? explicit : resolve(explicit);
  const windows = process.platform === "win32" ? read(env, "LOCALAPPDATA") : undefined;
  const base = windows ?? read(env, "XDG_STATE_HOME") ?? join(homedir(), ".local", "state");
  return join(base, "aci", toolset.name);
}

/**
 * `options.stateUrl`, else `PREFIX_STATE_URL`: a PostgreSQL URL for a store shared by replicas; undefined → the file
 * store.
 */
export function resolveStateUrl(prefix: string, options: ToolsetOptions, env: Env): string | undefined {
  const url = options.stateUrl ?? read(env, envVariable(prefix, "stateUrl"));
  if (url === undefined || (/^postgres(ql)?:\/\/[^/]/i.test(url) && URL.canParse(url))) return url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  const got =
    scheme === undefined || !URL.canParse(url) ? "a value that is not a URL" : `a ${scheme.toLowerCase()}: URL`;
  throw new ConfigError(
    `${envVariable(prefix, "stateUrl")} must be a PostgreSQL URL, postgres://user:password@host:5432/db (or ` +
      `postgresql://…), or unset for files under ${envVariable(prefix, "stateDir")}; got ${got}.`,
  );
}

/**
 * `options.maxStringBytes` / `maxCallBytes`, else `PREFIX_MAX_STRING_BYTES` / `PREFIX_MAX_CALL_BYTES`, else 1 MiB / 4
 * MiB.
 */
export function resolveArgumentLimits(prefix: string, options: ToolsetOptions, env: Env): ArgumentLimits {
  return {
    maxStringBytes: positiveSetting(
      env,
      envVariable(prefix, "maxStringBytes"),
      DEFAULT_MAX_STRING_BYTES,
      options.maxStringBytes,
    ),
    maxCallBytes: positiveSetting(
      env,
      envVariable(prefix, "maxCallBytes"),
      DEFAULT_MAX_CALL_BYTES,
      options.maxCallBytes,
    ),
  };
}

/**
 * `PREFIX_TRACE_ARGS`: unset (no argument values in spans) or `redacted` (the redacted arguments on each tool span).
 */
export function resolveTraceArguments(prefix: string, env: Env): boolean {
  const raw = read(env, envVariable(prefix, "traceArgs"));
  if (raw === undefined) return false;
  if (raw.toLowerCase() === "redacted") return true;
  throw new TransportConfigError(`${prefix}_TRACE_ARGS must be \`redacted\` or unset, got \`${raw}\``);
}

const sleep: Runtime["sleep"] = (ms, signal) =>
  new Promise((done) => {
    if (signal?.aborted) return done();
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), done()), { once: true });
  });

/**
 * Resolves everything once: base URL, credentials and timeouts through the HTTP layer's `resolveTransportSettings`,
 * the configured values (`$config.NAME`), approval mode, state store (file under the state dir, or PostgreSQL), byte
 * cap, redactor and audit log. Nothing connects to a database here; `runtime.state.ready()` does.
 * Throws ConfigError for a malformed setting, at configuration time, never during a call.
 */
export function createRuntime(
  toolset: ToolsetSpec,
  options: ToolsetOptions = {},
  overrides: RuntimeOverrides = {},
): Runtime {
  const env = options.env ?? process.env;
  const settings = resolveTransportSettings(toolset, options);
  const config = resolveConfigValues(toolset, {
    env,
    credentials: settings.credentials,
    ...(options.config === undefined ? {} : { explicit: options.config }),
  });
  const limits = resolveArgumentLimits(toolset.envPrefix, options, env);
  const approval = resolveApprovalMode(toolset.envPrefix, options, env);
  const transport = overrides.transport ?? createTransport({ ...settings, onAttempt: traceAttempt });
  const own = (transport as Partial<Pick<Transport, "redact">>).redact;
  const redact: Redactor =
    own ??
    createRedactor(
      Object.entries(settings.credentials)
        .filter(([name]) => !isApiVersionScheme(toolset.securitySchemes[name]))
        .flatMap(([, c]) =>
          typeof c === "string" ? [c] : Object.values(c).filter((v): v is string => typeof v === "string"),
        ),
    );
  const stateDir = resolveStateDir(toolset, options, env);
  const url = resolveStateUrl(toolset.envPrefix, options, env);
  const state =
    overrides.state ?? createStateStore({ toolset: toolset.name, stateDir, ...(url === undefined ? {} : { url }) });
  const traceArguments = resolveTraceArguments(toolset.envPrefix, env);
  const webhook = resolveWebhook(toolset.envPrefix, env);
  return Object.freeze({
    toolset,
    transport: traceTransport(transport),
    traceArguments,
    ...(webhook === undefined
      ? {}
      : {
          notifyPending: createNotifier(webhook, {
            warn: (line: string) => process.stderr.write(`warning: ${line}\n`),
          }),
        }),
    approval,
    limits,
    stateDir,
    state,
    maxReturnBytes: toolset.maxReturnBytes > 0 ? toolset.maxReturnBytes : DEFAULT_MAX_RETURN_BYTES,
    redact,
    audit: createAuditLog(state, redact),
    sleep: overrides.sleep ?? sleep,
    maxRetryWaitMs: MAX_RETRY_WAIT_MS,
    ...(toolset.config === undefined ? {} : { config }),
  });
}

/** Binds every definition to one runtime: tool name → tool. */
export function bindToolset(defs: readonly ToolDefinition[], runtime: Runtime): Record<string, BoundTool> {
  return Object.fromEntries(defs.map((def) => [def.spec.name, bindTool(def, runtime)]));
}

/** `createToolset` of the generated package: the tools bound to these options, defaults from the environment. */
export function createToolset(
  defs: readonly ToolDefinition[],
  toolset: ToolsetSpec,
  options: ToolsetOptions = {},
  overrides: RuntimeOverrides = {},
): Record<string, BoundTool> {
  return bindToolset(defs, createRuntime(toolset, options, overrides));
}

function notConfigured(error: unknown): ReturnType<typeof errorEnvelope> {
  const reason = error instanceof ConfigError ? error.message : "the toolset could not be set up from its settings.";
  return errorEnvelope({
    code: "UPSTREAM_ERROR",
    message: `This tool is not configured: ${reason}`,
    suggestion: "Do not retry; tell the user the operator must fix the tool's configuration.",
    retryable: false,
  });
}

/**
 * A tool that binds on its first call, through `bound()`; its name, schemas, risk and annotations come from the
 * definition.
 */
function lazyTool(def: ToolDefinition, bound: () => Record<string, BoundTool>): BoundTool {
  const target = async (): Promise<BoundTool | ReturnType<typeof notConfigured>> => {
    try {
      return bound()[def.spec.name]!;
    } catch (error) {
      return notConfigured(error);
    }
  };
  return {
    ...toolFields(def),
    run: async (input, ctx) => {
      const tool = await target();
      return "run" in tool ? tool.run(input, ctx) : tool;
    },
    [EXECUTE_APPROVED]: async (args, ctx, queued) => {
      const tool = await target();
      return "run" in tool ? tool[EXECUTE_APPROVED](args, ctx, queued) : tool;
    },
    [TOOL_SPEC]: def.spec,
  };
}

/**
 * The generated package's `tools`: every tool, bound to `build()`'s runtime on the first call of any of them (so
 * importing the package does nothing that can fail). A configuration error becomes that call's error result; once
 * built, the tools are kept.
 */
export function lazyToolset(
  defs: readonly ToolDefinition[],
  build: () => Record<string, BoundTool>,
): Record<string, BoundTool> {
  let built: Record<string, BoundTool> | undefined;
  const bound = (): Record<string, BoundTool> => (built ??= build());
  return Object.fromEntries(defs.map((def) => [def.spec.name, lazyTool(def, bound)]));
}
