// Tool-call and approval events → OpenTelemetry metrics via @opentelemetry/api (no-op without a MeterProvider).
import type { Counter, Histogram, Meter } from "@opentelemetry/api";
import { loadedOtel, otelApi, otelInUse, type Otel } from "./api.js";

/** The instrumentation scope of every span and instrument of this runtime. */
export const SCOPE = "aci-gen";
/** The scope's version: the aci-gen release this runtime belongs to (a test keeps it equal to package.json's). */
export const SCOPE_VERSION = "0.1.0";

interface Instruments {
  readonly calls: Counter;
  readonly errors: Counter;
  readonly duration: Histogram;
  readonly resultBytes: Histogram;
  readonly truncations: Counter;
  readonly approvalsRequested: Counter;
  readonly approvalsDecided: Counter;
}

const byMeter = new WeakMap<Meter, Instruments>();

function create(meter: Meter): Instruments {
  return {
    calls: meter.createCounter("aci.tool.calls", {
      description: "Tool calls, by tool and outcome (ok, pending_approval or an error code).",
      unit: "{call}",
    }),
    errors: meter.createCounter("aci.tool.errors", {
      description: "Tool calls that answered an error envelope, by tool and error code.",
      unit: "{call}",
    }),
    duration: meter.createHistogram("gen_ai.execute_tool.duration", {
      description: "Duration of a tool execution (GenAI semantic conventions).",
      unit: "s",
    }),
    resultBytes: meter.createHistogram("aci.tool.result.size", {
      description: "Bytes of JSON a tool call returned to the model.",
      unit: "By",
    }),
    truncations: meter.createCounter("aci.tool.truncations", {
      description: "Results cut to fit the byte cap.",
      unit: "{call}",
    }),
    approvalsRequested: meter.createCounter("aci.approvals.requested", {
      description: "Gated calls queued for a human (pending).",
      unit: "{request}",
    }),
    approvalsDecided: meter.createCounter("aci.approvals.decided", {
      description: "Approval decisions, by decision and who decided.",
      unit: "{request}",
    }),
  };
}

/**
 * The instruments of the meter the global MeterProvider hands out now (a provider registered late is still picked up).
 */
export function instruments(api: Otel): Instruments {
  const meter = api.metrics.getMeter(SCOPE, SCOPE_VERSION);
  let found = byMeter.get(meter);
  if (found === undefined) byMeter.set(meter, (found = create(meter)));
  return found;
}

/** Records with the API: at once when it is imported, once it is when in use, never when OpenTelemetry is not. */
function record(write: (api: Otel) => void): void {
  const api = loadedOtel();
  if (api !== undefined) write(api);
  else if (otelInUse()) void otelApi().then((later) => later && write(later));
}

/** One approval decision: `approved`, `rejected`, `resolved_done` or `resolved_failed`, by `operator`, `auto`, … */
export function recordDecision(tool: string, decision: string, by: string): void {
  record((api) =>
    instruments(api).approvalsDecided.add(1, {
      "gen_ai.tool.name": tool,
      "aci.approval.decision": decision,
      "aci.approval.decided_by": by,
    }),
  );
}

/** One gated call queued for a human. */
export function recordPending(tool: string): void {
  record((api) => instruments(api).approvalsRequested.add(1, { "gen_ai.tool.name": tool }));
}

/**
 * Reports `aci.approvals.pending` at each collection: how many requests wait for a human in the (shared) store now.
 * Resolves once the gauge is registered (nothing to register when OpenTelemetry is not in use).
 */
export async function observePending(count: () => Promise<number>): Promise<void> {
  const api = await otelApi();
  if (api === undefined) return;
  const gauge = api.metrics.getMeter(SCOPE, SCOPE_VERSION).createObservableGauge("aci.approvals.pending", {
    description: "Approval requests waiting for a human in the state store.",
    unit: "{request}",
  });
  gauge.addCallback(async (result) => {
    const pending = await count().catch(() => undefined);
    if (pending !== undefined) result.observe(pending);
  });
}
