// The `approvals` binary: definitions + toolset + argv → runtime from the environment, the operator command, exit code.
import { configErrorLine } from "../config.js";
import { consoleToStderr, startTelemetry, telemetrySwitch, type TelemetryHandle } from "../telemetry/index.js";
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

/** The commands that decide, and so export telemetry: the executed call's spans and the decision metric. */
const DECIDING: ReadonlySet<string> = new Set(["approve", "reject", "resolve"]);

/**
 * The OpenTelemetry SDK, started as the server starts it when an OTEL_* variable asks; the console moves to stderr
 * first, so stdout holds only the command's output.
 */
async function startCommandTelemetry(
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<TelemetryHandle | undefined> {
  if (telemetrySwitch(env) === undefined) return undefined;
  consoleToStderr();
  const { handle, notice } = await startTelemetry(env);
  if (notice !== undefined) io.err(`warning: ${notice}`);
  return handle;
}

/**
 * Resolves the runtime (a configuration error → its one line, exit 2, never a stack trace), starts telemetry for a
 * decision, runs the command, closes the store and flushes telemetry.
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
  const telemetry = DECIDING.has(init.argv[0] ?? "")
    ? await startCommandTelemetry(init.env ?? process.env, io)
    : undefined;
  try {
    return await runApprovalsCli(init.argv, bindToolset(init.definitions, runtime), runtime, io);
  } finally {
    await runtime.state.close().catch(() => undefined);
    await telemetry?.shutdown();
  }
}
