// Public surface of the runtime's OpenTelemetry instrumentation: spans, metrics and the server's SDK switch.
export { parentContext, traceHeaders, traceStep, traceToolCall, traceTransport, type ToolCallTrace } from "./spans.js";
export { instruments, observePending, recordDecision, recordPending, SCOPE } from "./metrics.js";
export {
  OTEL_SWITCHES,
  SDK_PACKAGE,
  SDK_VERSION,
  startTelemetry,
  telemetrySwitch,
  type TelemetryHandle,
  type TelemetryStart,
} from "./sdk.js";
