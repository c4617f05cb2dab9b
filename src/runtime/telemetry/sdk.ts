// The standard OTEL_* variables → the OpenTelemetry Node SDK for the server (operator-installed, imported on request).
import { Console } from "node:console";
import { format } from "node:util";
import type { DiagLogger } from "@opentelemetry/api";
import { importOtel, type Otel } from "./api.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Any of these set (and OTEL_SDK_DISABLED not `true`) asks the server to start the SDK. */
export const OTEL_SWITCHES = [
  "OTEL_TRACES_EXPORTER",
  "OTEL_METRICS_EXPORTER",
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
] as const;

/** The package the server imports; not a dependency of the generated package (install it to export telemetry). */
export const SDK_PACKAGE = "@opentelemetry/sdk-node";
/**
 * The SDK version this runtime is tested with: its line runs on Node 20 and takes this runtime's `@opentelemetry/api`.
 */
export const SDK_VERSION = "0.223.0";

/** A started SDK: flush and stop it on shutdown (once; a second call waits for the first). */
export interface TelemetryHandle {
  shutdown(): Promise<void>;
}

/**
 * What the switch did: nothing (no OTEL_* switch), started the SDK (`handle`), or could not (`notice`, one line to
 * log).
 */
export interface TelemetryStart {
  readonly handle?: TelemetryHandle;
  readonly notice?: string;
}

/** The variable that asks for the SDK, or undefined when telemetry stays a no-op. */
export function telemetrySwitch(env: Env): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  return OTEL_SWITCHES.find((name) => (env[name]?.trim() ?? "") !== "");
}

/**
 * Points every method of the global console at stderr, for a process whose stdout is a protocol or a command's output:
 * the SDK's `console` exporters (OTEL_TRACES_EXPORTER, OTEL_METRICS_EXPORTER, OTEL_LOGS_EXPORTER) print with
 * `console.dir`, which writes to stdout.
 */
export function consoleToStderr(): void {
  const onStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  for (const [name, method] of Object.entries(onStderr))
    if (typeof method === "function") Object.assign(console, { [name]: method });
}

interface NodeSdkModule {
  readonly NodeSDK: new (config?: Record<string, unknown>) => { start(): void; shutdown(): Promise<void> };
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split(/\r?\n/, 1)[0]?.slice(0, 200) ?? "";

/** Whether loading failed because the SDK itself is absent (not one of its own imports, which is a broken install). */
function sdkMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && firstLine(error).includes(`'${SDK_PACKAGE}'`)
  );
}

const stderrLine =
  (level: string) =>
  (message: string, ...args: unknown[]): void =>
    void process.stderr.write(`otel ${level}: ${format(message, ...args).replace(/\s*[\r\n]+\s*/g, " ")}\n`);

/** The SDK's diagnostics, one line each on stderr. */
const STDERR_DIAG: DiagLogger = {
  error: stderrLine("error"),
  warn: stderrLine("warn"),
  info: stderrLine("info"),
  debug: stderrLine("debug"),
  verbose: stderrLine("verbose"),
};

/**
 * Builds the SDK with its diagnostics (OTEL_LOG_LEVEL) on stderr: its constructor would install a console logger that
 * writes info and debug lines to stdout, the stdio server's protocol channel, so it never sees the variable.
 */
function constructQuietly(sdkModule: NodeSdkModule, env: Env, api: Otel): InstanceType<NodeSdkModule["NodeSDK"]> {
  const level = env.OTEL_LOG_LEVEL?.trim().toUpperCase();
  if (level !== undefined && level !== "") {
    const { diag, DiagLogLevel } = api;
    const logLevel = DiagLogLevel[level as keyof typeof DiagLogLevel] ?? DiagLogLevel.INFO;
    diag.setLogger(STDERR_DIAG, { logLevel, suppressOverrideMessage: true });
  }
  const own = process.env.OTEL_LOG_LEVEL;
  delete process.env.OTEL_LOG_LEVEL;
  try {
    return new sdkModule.NodeSDK();
  } finally {
    if (own !== undefined) process.env.OTEL_LOG_LEVEL = own;
  }
}

/**
 * Starts `@opentelemetry/sdk-node` (which reads every OTEL_* variable itself: exporters, endpoint, protocol, headers,
 * service name, sampler) when one of {@link OTEL_SWITCHES} is set. Telemetry never stops the server: without the SDK
 * installed, or when it fails to start, the result is a one-line notice and the runtime's spans stay no-ops.
 */
export async function startTelemetry(
  env: Env,
  load: (name: string) => Promise<unknown> = (name) => import(name),
): Promise<TelemetryStart> {
  const variable = telemetrySwitch(env);
  if (variable === undefined) return {};
  let sdkModule: NodeSdkModule;
  try {
    sdkModule = (await load(SDK_PACKAGE)) as NodeSdkModule;
  } catch (error) {
    return {
      notice: sdkMissing(error)
        ? `${variable} is set, but ${SDK_PACKAGE} is not installed, so nothing is exported: install it beside ` +
          `this package (\`npm install --no-save ${SDK_PACKAGE}@${SDK_VERSION}\`), or unset the OTEL_* variables (or ` +
          `set OTEL_SDK_DISABLED=true).`
        : `${variable} is set, but ${SDK_PACKAGE} could not be loaded (${firstLine(error)}), so nothing is exported.`,
    };
  }
  try {
    const sdk = constructQuietly(sdkModule, env, await importOtel());
    sdk.start();
    let stopped: Promise<void> | undefined;
    return { handle: { shutdown: () => (stopped ??= sdk.shutdown().catch(() => undefined)) } };
  } catch (error) {
    return { notice: `${SDK_PACKAGE} did not start (${firstLine(error)}), so nothing is exported.` };
  }
}
