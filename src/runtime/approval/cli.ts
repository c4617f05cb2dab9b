// The operator command `approvals list | show | approve | reject | resolve | audit` → readable output and an exit code.
import { QUEUED_ELSEWHERE, queuingSpec } from "./origin.js";
import type { Runtime } from "../tool.js";
import type { ToolSpec } from "../types.js";
import { shownStored } from "../media.js";
import { TOOL_SPEC, type BoundTool } from "../tool.js";
import { approveAudited, rejectAudited, resolveAudited } from "./decide.js";
import { previewApproval } from "./preview.js";
import { previewLines, requestSummary } from "./preview-lines.js";
import { listApprovals, showApproval, type ApprovalRecord, type Decision } from "./queue.js";

/** Where the command writes. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/**
 * 0 done; 1 the approved call failed; 2 usage error, unknown request or unreachable state store; 3 already decided, or
 * another process is on it.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, decided: 3 } as const;

const USAGE =
  "usage: approvals list | show ID | approve ID | reject ID [--reason R] | resolve ID --done|--failed " +
  "[--reason R] | audit";

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The state as an operator should read it: an execution whose process is gone shows as `interrupted`. */
const shownState = (record: ApprovalRecord): string => (record.interrupted === true ? "interrupted" : record.state);

/** One request per line: id, state, tool, the request it changes and the target its reads found, time, arguments. */
function summaryLine(record: ApprovalRecord, spec: ToolSpec | undefined, runtime: Runtime): string {
  const args = JSON.stringify(record.arguments);
  const shown = args.length > 80 ? `${args.slice(0, 79)}…` : args;
  const own = queuingSpec(record, spec, runtime.toolset);
  const summary = own === undefined ? undefined : requestSummary(previewApproval(record, own, runtime.config));
  const call =
    summary === undefined ? "" : `${summary.method} ${summary.path}${summary.target ? ` → ${summary.target}` : ""}  `;
  const elsewhere = spec !== undefined && own === undefined ? "(another package's)  " : "";
  const state = shownState(record).padEnd(11);
  return `${record.id}  ${state}  ${record.tool}  ${elsewhere}${call}${record.createdAt}  ${shown}`;
}

async function list(tools: Readonly<Record<string, BoundTool>>, runtime: Runtime, io: CliIo): Promise<number> {
  const records = await listApprovals(runtime.state);
  if (records.length === 0) io.out(`no approval requests in ${runtime.state.location}`);
  for (const record of records) io.out(summaryLine(record, tools[record.tool]?.[TOOL_SPEC], runtime));
  return EXIT.ok;
}

function interruptedNote(record: ApprovalRecord): string {
  return [
    `interrupted: ${record.claimedBy ?? "a process"} started executing it at ${record.claimedAt ?? record.updatedAt} ` +
      `and stopped before recording the outcome.`,
    "The call may or may not have reached the API, and it will never be re-run. Check the API, then record " +
      "what you found:",
    `  approvals resolve ${record.id} --done --reason "…"    or    approvals resolve ${record.id} --failed ` +
      `--reason "…"`,
  ].join("\n");
}

async function show(
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  id: string,
  io: CliIo,
): Promise<number> {
  const record = await showApproval(runtime.state, id);
  if (record === undefined) return unknown(id, io);
  const result = record.result === undefined ? {} : { result: shownStored(record.result) };
  io.out(JSON.stringify({ ...record, ...result }, null, 2));
  const spec = tools[record.tool]?.[TOOL_SPEC];
  const own = queuingSpec(record, spec, runtime.toolset);
  if (own !== undefined)
    for (const line of previewLines(previewApproval(record, own, runtime.config), record.state, record.result))
      io.out(line);
  if (spec !== undefined && own === undefined) io.out(`note: ${QUEUED_ELSEWHERE(record.id, record.tool)}.`);
  else if (record.interrupted === true) io.out(interruptedNote(record));
  else if (record.state === "executing")
    io.out(
      `note: executing on ${record.claimedBy ?? "another process"} since ` +
        `${record.claimedAt ?? record.updatedAt}; wait for it to finish.`,
    );
  return EXIT.ok;
}

function unknown(id: string, io: CliIo): number {
  io.err(`no approval request ${id}`);
  return EXIT.usage;
}

function reportDecision(decision: Decision, id: string, io: CliIo, verb: string): number {
  if (decision.outcome === "unknown") return unknown(id, io);
  if (decision.outcome === "busy") {
    io.err(
      `request ${id} (${shownState(decision.record)}) is being decided or executed by another process; nothing ` +
        `was done`,
    );
    return EXIT.decided;
  }
  if (decision.outcome === "elsewhere") {
    io.err(`${QUEUED_ELSEWHERE(id, decision.record.tool)}; nothing was done`);
    return EXIT.decided;
  }
  if (decision.outcome === "already-decided") {
    io.err(`request ${id} is already ${shownState(decision.record)}; nothing was done`);
    if (decision.record.interrupted === true) io.err(interruptedNote(decision.record));
    return EXIT.decided;
  }
  io.out(`${verb} ${id} (${decision.record.tool}): ${decision.record.state}`);
  if (decision.record.result !== undefined) io.out(JSON.stringify(shownStored(decision.record.result), null, 2));
  return decision.record.state === "failed" ? EXIT.failed : EXIT.ok;
}

async function approve(
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  id: string,
  io: CliIo,
): Promise<number> {
  return reportDecision(await approveAudited(tools, runtime, id, "operator"), id, io, "approved");
}

async function reject(runtime: Runtime, id: string, reason: string | undefined, io: CliIo): Promise<number> {
  return reportDecision(await rejectAudited(runtime, id, reason, "operator"), id, io, "rejected");
}

async function resolve(
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  id: string,
  flags: readonly string[],
  io: CliIo,
): Promise<number> {
  const done = flags.includes("--done");
  if (done === flags.includes("--failed")) {
    io.err("resolve needs exactly one of --done (it took effect upstream) or --failed (it did not)");
    return EXIT.usage;
  }
  const reason = reasonOf(flags);
  const before = await showApproval(runtime.state, id);
  if (before !== undefined && before.state === "executing" && before.interrupted !== true) {
    io.err(
      `request ${id} is still executing on ${before.claimedBy ?? "another process"}; only an interrupted ` +
        `execution can be resolved`,
    );
    return EXIT.decided;
  }
  const decision = await resolveAudited(tools, runtime, id, done ? "done" : "failed", reason, "operator");
  const code = reportDecision(decision, id, io, "resolved");
  return decision.outcome === "decided" ? EXIT.ok : code;
}

async function audit(runtime: Runtime, io: CliIo): Promise<number> {
  for (const record of await runtime.state.readAudit()) io.out(JSON.stringify(record));
  return EXIT.ok;
}

function reasonOf(args: readonly string[]): string | undefined {
  const at = args.indexOf("--reason");
  return at < 0 ? undefined : args[at + 1];
}

async function dispatch(
  argv: readonly string[],
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  io: CliIo,
): Promise<number> {
  const [command, id, ...rest] = argv;
  if (command === "list") return list(tools, runtime, io);
  if (command === "audit") return audit(runtime, io);
  if (id === undefined || !["show", "approve", "reject", "resolve"].includes(command ?? "")) {
    io.err(USAGE);
    return EXIT.usage;
  }
  if (command === "show") return show(tools, runtime, id, io);
  if (command === "approve") return approve(tools, runtime, id, io);
  if (command === "resolve") return resolve(tools, runtime, id, rest, io);
  return reject(runtime, id, reasonOf(rest), io);
}

/**
 * Runs the operator command against the runtime's state store (files, or PostgreSQL shared by every replica); returns
 * the exit code (the generated `src/approvals.ts` passes `process.argv.slice(2)` and closes the store afterwards).
 */
export async function runApprovalsCli(
  argv: readonly string[],
  tools: Readonly<Record<string, BoundTool>>,
  runtime: Runtime,
  io: CliIo = defaultIo,
): Promise<number> {
  try {
    return await dispatch(argv, tools, runtime, io);
  } catch (error) {
    io.err(`approvals: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.usage;
  }
}
