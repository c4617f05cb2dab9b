// The command line: commander definitions for every command, run in-process and mapped to exit codes.
import { Command, CommanderError } from "commander";
import { formatDiagnostic } from "./report.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import { GENERATOR_VERSION } from "../version.js";
import { EXIT, processIo, type CliIo, type ExitCode } from "./io.js";
import { generateCommand } from "./commands/generate.js";
import { planCommand } from "./commands/plan.js";
import { initCommand } from "./commands/init.js";
import { lintCommand } from "./commands/lint.js";
import { checkCommand } from "./commands/check.js";
import { evalCommand } from "./commands/eval.js";

/** Runs the CLI on `argv` (as in process.argv) and returns the exit code; never throws for bad input. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const done = (c: ExitCode): void => {
    code = c;
  };
  const program = new Command("aci-gen")
    .description("Turn an HTTP API into goal-shaped tools an LLM agent can use well.")
    .version(GENERATOR_VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => undefined })
    .showHelpAfterError(false);
  program.addCommand(generateCommand(io, done));
  program.addCommand(planCommand(io, done));
  program.addCommand(initCommand(io, done));
  program.addCommand(lintCommand(io, done));
  program.addCommand(checkCommand(io, done));
  program.addCommand(evalCommand(io, done));
  for (const command of program.commands)
    command.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => undefined });
  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    return commanderFailure(error, io);
  }
  return code;
}

function commanderFailure(error: unknown, io: CliIo): ExitCode {
  if (!(error instanceof CommanderError)) throw error;
  if (error.exitCode === 0) return EXIT.ok;
  const message = error.message.replace(/^error: /, "");
  io.err(`${formatDiagnostic(diagnostic("USAGE", { message }))}\n`);
  return EXIT.badInput;
}
