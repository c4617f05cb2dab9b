// ToolsetSpec + ToolsetOptions (+ the environment) → the resolved runtime, and tool definitions bound into a toolset.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { createAuditLog } from "./audit.js";
import { envVariable } from "./auth/env.js";
import { createTransport, resolveTransportSettings } from "./http/index.js";
import { TransportConfigError } from "./http/server-url.js";
import { createRedactor, type Redactor } from "./redact.js";
import { createStateStore } from "./state/index.js";
import type { StateStore } from "./state/types.js";
import { createNotifier, resolveWebhook } from "./notify/webhook.js";
import { traceTransport } from "./telemetry/index.js";
import { DEFAULT_MAX_RETURN_BYTES } from "./returns/index.js";
import { bindTool, type BoundTool, type Runtime, type ToolDefinition } from "./tool.js";
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

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/** `options.approval`, else `PREFIX_APPROVAL` (queue | elicit | auto), else `queue`; anything else is a configuration error. */
export function resolveApprovalMode(prefix: string, options: ToolsetOptions, env: Env): ApprovalMode {
  if (options.approval !== undefined) return options.approval;
  const raw = read(env, envVariable(prefix, "approval"))?.toLowerCase() ?? "queue";
  const mode = APPROVAL_MODES.find((m) => m === raw);
  if (mode === undefined) throw new Error(`${envVariable(prefix, "approval")} must be one of ${APPROVAL_MODES.join(", ")}, got \`${raw}\`.`);
  return mode;
}

/**
 * `options.stateDir`, else `PREFIX_STATE_DIR`, else a per-user folder that does not depend on the working
 * directory (the MCP server and the operator's `approvals` command must agree): `$XDG_STATE_HOME/aci/<toolset>`,
 * else `~/.local/state/aci/<toolset>` (`%LOCALAPPDATA%\aci\<toolset>` on Windows). Relative paths resolve against the cwd.
 */
export function resolveStateDir(toolset: ToolsetSpec, options: ToolsetOptions, env: Env): string {
  const explicit = options.stateDir ?? read(env, envVariable(toolset.envPrefix, "stateDir"));
  if (explicit !== undefined) return isAbsolute(explicit) ? explicit : resolve(explicit);
  const windows = process.platform === "win32" ? read(env, "LOCALAPPDATA") : undefined;
  const base = windows ?? read(env, "XDG_STATE_HOME") ?? join(homedir(), ".local", "state");
  return join(base, "aci", toolset.name);
}

/** `options.stateUrl`, else `PREFIX_STATE_URL`: a PostgreSQL URL for a store shared by replicas; undefined → the file store. */
export function resolveStateUrl(prefix: string, options: ToolsetOptions, env: Env): string | undefined {
  return options.stateUrl ?? read(env, envVariable(prefix, "stateUrl"));
}

/** `PREFIX_TRACE_ARGS`: unset (no argument values in spans) or `redacted` (the redacted arguments on each tool span). */
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
 * Resolves everything once: base URL, credentials and timeouts through the HTTP
 * layer's `resolveTransportSettings`, approval mode, state store (file under the state dir, or PostgreSQL), byte cap,
 * redactor and audit log. Nothing connects to a database here; `runtime.state.ready()` does.
 * Throws for a malformed setting, at configuration time, never during a call.
 */
export function createRuntime(toolset: ToolsetSpec, options: ToolsetOptions = {}, overrides: RuntimeOverrides = {}): Runtime {
  const env = options.env ?? process.env;
  const settings = resolveTransportSettings(toolset, options);
  const transport = overrides.transport ?? createTransport(settings);
  const own = (transport as Partial<Pick<Transport, "redact">>).redact;
  const redact: Redactor = own ?? createRedactor(Object.values(settings.credentials).flatMap((c) => (typeof c === "string" ? [c] : Object.values(c).filter((v): v is string => typeof v === "string"))));
  const stateDir = resolveStateDir(toolset, options, env);
  const url = resolveStateUrl(toolset.envPrefix, options, env);
  const state = overrides.state ?? createStateStore({ toolset: toolset.name, stateDir, ...(url === undefined ? {} : { url }) });
  const traceArguments = resolveTraceArguments(toolset.envPrefix, env);
  const webhook = resolveWebhook(toolset.envPrefix, env);
  return Object.freeze({
    toolset,
    transport: traceTransport(transport),
    traceArguments,
    ...(webhook === undefined ? {} : { notifyPending: createNotifier(webhook, { warn: (line: string) => process.stderr.write(`warning: ${line}\n`) }) }),
    approval: resolveApprovalMode(toolset.envPrefix, options, env),
    stateDir,
    state,
    maxReturnBytes: toolset.maxReturnBytes > 0 ? toolset.maxReturnBytes : DEFAULT_MAX_RETURN_BYTES,
    redact,
    audit: createAuditLog(state, redact),
    sleep: overrides.sleep ?? sleep,
    maxRetryWaitMs: MAX_RETRY_WAIT_MS,
  });
}

/** Binds every definition to one runtime: tool name → tool. */
export function bindToolset(defs: readonly ToolDefinition[], runtime: Runtime): Record<string, BoundTool> {
  return Object.fromEntries(defs.map((def) => [def.spec.name, bindTool(def, runtime)]));
}

/** `createToolset` of the generated package: the tools bound to these options, defaults from the environment. */
export function createToolset(defs: readonly ToolDefinition[], toolset: ToolsetSpec, options: ToolsetOptions = {}, overrides: RuntimeOverrides = {}): Record<string, BoundTool> {
  return bindToolset(defs, createRuntime(toolset, options, overrides));
}
