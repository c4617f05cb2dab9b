// The operator command `approvals list | show ID | approve ID | reject ID [--reason R]` → readable output and an exit code.
import type { Runtime } from "../tool.js";
import { EXECUTE_APPROVED, type BoundTool } from "../tool.js";
import type { ToolResult } from "../types.js";
import { approveRequest, listApprovals, rejectRequest, showApproval, type ApprovalRecord, type Decision } from "./queue.js";

/** Where the command writes. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** 0 done; 1 the approved call failed; 2 usage error or unknown request; 3 already decided or in progress. */
export const EXIT = { ok: 0, failed: 1, usage: 2, decided: 3 } as const;

const USAGE = "usage: approvals list | show ID | approve ID | reject ID [--reason R]";

const defaultIo: CliIo = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };

function summaryLine(record: ApprovalRecord): string {
  const args = JSON.stringify(record.arguments);
  return `${record.id}  ${record.state.padEnd(9)}  ${record.tool}  ${record.createdAt}  ${args.length > 80 ? `${args.slice(0, 79)}…` : args}`;
}

async function list(runtime: Runtime, io: CliIo): Promise<number> {
  const records = await listApprovals(runtime.stateDir);
  if (records.length === 0) io.out(`no approval requests in ${runtime.stateDir}`);
  for (const record of records) io.out(summaryLine(record));
  return EXIT.ok;
}

async function show(runtime: Runtime, id: string, io: CliIo): Promise<number> {
  const record = await showApproval(runtime.stateDir, id);
  if (record === undefined) return unknown(id, io);
  io.out(JSON.stringify(record, null, 2));
  if (record.state === "executing") io.out("note: executing — if no process is running it, the call may or may not have reached the API; check before acting.");
  return EXIT.ok;
}

function unknown(id: string, io: CliIo): number {
  io.err(`no approval request ${id}`);
  return EXIT.usage;
}

function reportDecision(decision: Decision, id: string, io: CliIo, verb: string): number {
  if (decision.outcome === "unknown") return unknown(id, io);
  if (decision.outcome === "already-decided") {
    io.err(`request ${id} is already ${decision.record.state}; nothing was done`);
    return EXIT.decided;
  }
  io.out(`${verb} ${id} (${decision.record.tool}): ${decision.record.state}`);
  if (decision.record.result !== undefined) io.out(JSON.stringify(decision.record.result, null, 2));
  return decision.record.state === "failed" ? EXIT.failed : EXIT.ok;
}

async function approve(tools: Readonly<Record<string, BoundTool>>, runtime: Runtime, id: string, io: CliIo): Promise<number> {
  const execute = async (tool: string, args: Record<string, unknown>): Promise<ToolResult> => {
    const bound = tools[tool];
    if (bound === undefined) return { error: { code: "UPSTREAM_ERROR", message: `this package has no tool ${tool}`, suggestion: "Reject the request.", retryable: false } };
    return bound[EXECUTE_APPROVED](args);
  };
  const decision = await approveRequest(runtime.stateDir, id, execute);
  if (decision.outcome === "decided") {
    const record = decision.record;
    await runtime.audit.append({ event: "approved", tool: record.tool, request_id: id, arguments: record.arguments, outcome: "approved", by: "operator" });
    const error = record.result !== undefined && Object.hasOwn(record.result, "error") ? (record.result as { error: { code: string; status?: number } }).error : undefined;
    await runtime.audit.append({ event: "executed", tool: record.tool, request_id: id, arguments: record.arguments, outcome: error?.code ?? "ok", ...(error?.status === undefined ? {} : { status: error.status }), by: "operator" });
  }
  return reportDecision(decision, id, io, "approved");
}

async function reject(runtime: Runtime, id: string, reason: string | undefined, io: CliIo): Promise<number> {
  const decision = await rejectRequest(runtime.stateDir, id, reason);
  if (decision.outcome === "decided") {
    const record = decision.record;
    await runtime.audit.append({ event: "rejected", tool: record.tool, request_id: id, arguments: record.arguments, outcome: "rejected", by: "operator", ...(reason === undefined ? {} : { reason }) });
  }
  return reportDecision(decision, id, io, "rejected");
}

function reasonOf(args: readonly string[]): string | undefined {
  const at = args.indexOf("--reason");
  return at < 0 ? undefined : args[at + 1];
}

/** Runs the operator command; returns the exit code (the generated `src/approvals.ts` passes `process.argv.slice(2)`). */
export async function runApprovalsCli(argv: readonly string[], tools: Readonly<Record<string, BoundTool>>, runtime: Runtime, io: CliIo = defaultIo): Promise<number> {
  const [command, id, ...rest] = argv;
  if (command === "list") return list(runtime, io);
  if (id === undefined || !["show", "approve", "reject"].includes(command ?? "")) {
    io.err(USAGE);
    return EXIT.usage;
  }
  if (command === "show") return show(runtime, id, io);
  if (command === "approve") return approve(tools, runtime, id, io);
  return reject(runtime, id, reasonOf(rest), io);
}
