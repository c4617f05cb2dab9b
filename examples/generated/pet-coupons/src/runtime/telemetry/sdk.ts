// The standard OTEL_* variables → the OpenTelemetry Node SDK started for the server (an optional dependency, imported only when asked for).
import { TransportConfigError } from "../http/server-url.js";

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

/** A started SDK: flush and stop it on shutdown. */
export interface TelemetryHandle {
  shutdown(): Promise<void>;
}

/** The variable that asks for the SDK, or undefined when telemetry stays a no-op. */
export function telemetrySwitch(env: Env): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  return OTEL_SWITCHES.find((name) => (env[name]?.trim() ?? "") !== "");
}

interface NodeSdkModule {
  readonly NodeSDK: new (config?: Record<string, unknown>) => { start(): void; shutdown(): Promise<void> };
}

/**
 * Starts `@opentelemetry/sdk-node` (which reads every OTEL_* variable itself: exporters, endpoint, headers, service
 * name, sampler) when one of {@link OTEL_SWITCHES} is set; undefined otherwise. A switch set without the SDK installed is a
 * configuration error (one line, exit 2): telemetry was asked for and would silently go nowhere.
 */
export async function startTelemetry(
  env: Env,
  load: (name: string) => Promise<unknown> = (name) => import(name),
): Promise<TelemetryHandle | undefined> {
  const variable = telemetrySwitch(env);
  if (variable === undefined) return undefined;
  let sdkModule: NodeSdkModule;
  try {
    sdkModule = (await load(SDK_PACKAGE)) as NodeSdkModule;
  } catch {
    throw new TransportConfigError(
      `${variable} is set, but ${SDK_PACKAGE} is not installed: run \`npm install ${SDK_PACKAGE}\` beside this package, or unset the OTEL_* variables (or set OTEL_SDK_DISABLED=true).`,
    );
  }
  const sdk = new sdkModule.NodeSDK();
  sdk.start();
  return { shutdown: () => sdk.shutdown().catch(() => undefined) };
}
