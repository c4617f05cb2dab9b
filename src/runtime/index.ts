// Public runtime API of a generated package: define and bind tools, resolve the runtime, run the approvals command.
export type * from "./types.js";
export {
  defineTool,
  bindTool,
  EXECUTE_APPROVED,
  TOOL_SPEC,
  invalidArgument,
  type BoundTool,
  type Runtime,
  type ToolDefinition,
} from "./tool.js";
export {
  createRuntime,
  createToolset,
  bindToolset,
  lazyToolset,
  resolveApprovalMode,
  resolveArgumentLimits,
  resolveStateDir,
  resolveStateUrl,
  type RuntimeOverrides,
} from "./toolset.js";
export { ConfigError, isConfigError } from "./config.js";
export {
  toolCatalog,
  type CatalogEntry,
  type CatalogHead,
  type CatalogSearchFields,
  type ToolCatalog,
  type ToolModule,
} from "./catalog.js";
export { DEFAULT_MAX_CALL_BYTES, DEFAULT_MAX_STRING_BYTES, type ArgumentLimits } from "./limits.js";
export {
  runApprovalsCommand,
  type ApprovalsCommandInit,
  runApprovalsCli,
  previewApproval,
  previewLines,
  type ApprovalPreview,
  type StepPreview,
  listApprovals,
  showApproval,
  approveRequest,
  rejectRequest,
  resolveRequest,
  type ApprovalRecord,
  type CliIo,
} from "./approval/index.js";
export {
  createStateStore,
  createFileStore,
  createPostgresStore,
  type AuditRecord,
  type StateStore,
  type StateStoreOptions,
} from "./state/index.js";
export { createAuditLog, auditPath, type AuditLog } from "./audit.js";
export { capResult, projectResult, denoise, DEFAULT_MAX_RETURN_BYTES } from "./returns/index.js";
export { MAX_MEDIA_BYTES, mediaOf, RESULT_MEDIA, type ResultMedia } from "./media.js";
export { startTelemetry, traceToolCall, type TelemetryHandle, type TelemetryStart } from "./telemetry/index.js";
export type { CallTransport, HttpOutcome, OperationRequest, Transport } from "./transport.js";
