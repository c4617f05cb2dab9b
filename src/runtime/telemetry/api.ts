// Whether OpenTelemetry is in use in this process → @opentelemetry/api, imported the first time it is.
import type * as OtelApi from "@opentelemetry/api";

/** The OpenTelemetry API module. */
export type Otel = typeof OtelApi;

/**
 * Where every `@opentelemetry/api` 1.x keeps what was registered with it (tracer and meter providers, propagator,
 * context manager, logger); until something is, each of its calls is a no-op.
 */
const GLOBAL = Symbol.for("opentelemetry.js.api.1");

let loaded: Otel | undefined;
let loading: Promise<Otel> | undefined;

/** Whether anything in this process registered an OpenTelemetry global (an SDK, the server's OTEL_* switch, a test). */
export const otelInUse = (): boolean => (globalThis as Record<symbol, unknown>)[GLOBAL] !== undefined;

/** The API, imported the first time (by the OTEL_* switch before it starts the SDK, or by {@link otelApi}). */
export async function importOtel(): Promise<Otel> {
  loaded ??= await (loading ??= import("@opentelemetry/api"));
  return loaded;
}

/** The API when OpenTelemetry is in use, imported the first time; undefined when every call would be a no-op. */
export const otelApi = async (): Promise<Otel | undefined> => (otelInUse() ? importOtel() : undefined);

/** The API when OpenTelemetry is in use and the API was imported already (see {@link otelApi}). */
export const loadedOtel = (): Otel | undefined => (otelInUse() ? loaded : undefined);

/**
 * `traced` with the API when OpenTelemetry is in use (importing it the first time), else `plain`, which runs at once:
 * without a registered global, spans and metrics would record nothing.
 */
export function whenTraced<T>(traced: (api: Otel) => Promise<T>, plain: () => Promise<T>): Promise<T> {
  if (!otelInUse()) return plain();
  return loaded === undefined ? otelApi().then((api) => (api === undefined ? plain() : traced(api))) : traced(loaded);
}
