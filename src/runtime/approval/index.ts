// Public surface of the approval queue, gate and operator command.
export {
  approveRequest,
  createApproval,
  listApprovals,
  rejectRequest,
  resolveRequest,
  showApproval,
  type ApprovalRecord,
  type ApprovalState,
  type Decision,
  type Resolution,
} from "./queue.js";
export { gate, pendingMessage, rejected, requestOutcome, type GateCall } from "./gate.js";
export { runApprovalsCli, EXIT, type CliIo } from "./cli.js";
export { runApprovalsCommand, type ApprovalsCommandInit } from "./command.js";
export { claimRequest, type Claim } from "./claim.js";
export { isRequestId, queueDir } from "./store.js";
export {
  previewApproval,
  type ApprovalPreview,
  type PreviewValue,
  type StepPreview,
  type ValueSource,
} from "./preview.js";
export {
  previewHeading,
  previewLines,
  requestSummary,
  sourceSegments,
  type RequestSummary,
  type Segment,
} from "./preview-lines.js";
export { changedReads, targetReadIds, targetSelectingInputs, type ResolvedReads } from "./target-reads.js";
