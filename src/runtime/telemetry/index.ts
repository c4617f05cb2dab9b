// Public surface of the runtime's OpenTelemetry instrumentation: spans, metrics and the server's SDK switch.
export {
  activeTraceContext,
  parentContext,
  traceAttempt,
  traceHeaders,
  traceStep,
  traceToolCall,
  traceTransport,
  type ToolCallTrace,
} from "./spans.js";
export { instruments, observePending, recordDecision, recordPending, SCOPE, SCOPE_VERSION } from "./metrics.js";
export { redactedUrlFull, REDACTED } from "./url-full.js";
export {
  consoleToStderr,
  OTEL_SWITCHES,
  SDK_PACKAGE,
  SDK_VERSION,
  startTelemetry,
  telemetrySwitch,
  type TelemetryHandle,
  type TelemetryStart,
} from "./sdk.js";
