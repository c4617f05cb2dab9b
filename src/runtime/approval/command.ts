// The `approvals` binary: definitions + toolset + argv → runtime from the environment, the operator command, exit code.
import { configErrorLine } from "../config.js";
import type { ToolDefinition } from "../tool.js";
import { bindToolset, createRuntime } from "../toolset.js";
import type { ToolsetSpec } from "../types.js";
import { EXIT, runApprovalsCli, type CliIo } from "./cli.js";

/** What {@link runApprovalsCommand} runs. */
export interface ApprovalsCommandInit {
  readonly definitions: readonly ToolDefinition[];
  readonly toolset: ToolsetSpec;
  /** Command-line arguments after the script. */
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly io?: CliIo;
}

const stderrIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Resolves the runtime (a configuration error → its one line, exit 2, never a stack trace), runs the command, closes
 * the store.
 */
export async function runApprovalsCommand(init: ApprovalsCommandInit): Promise<number> {
  const io = init.io ?? stderrIo;
  let runtime: ReturnType<typeof createRuntime>;
  try {
    runtime = createRuntime(init.toolset, init.env === undefined ? {} : { env: init.env });
  } catch (error) {
    io.err(configErrorLine(`${init.toolset.name} approvals`, error));
    return EXIT.usage;
  }
  try {
    return await runApprovalsCli(init.argv, bindToolset(init.definitions, runtime), runtime, io);
  } finally {
    await runtime.state.close().catch(() => undefined);
  }
}
