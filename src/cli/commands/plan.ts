// `aci-gen plan`: prints the tools that would be generated, or the whole plan as JSON; writes nothing.
import { Command } from "commander";
import { plan } from "../../api/plan.js";
import { hasErrors } from "../../diagnostics/diagnostic.js";
import { planToText } from "../../report/plan-text.js";
import { addCommonOptions, toPlanOptions, type CommonFlags } from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

export function planCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return addCommonOptions(new Command("plan").description("show the tools that would be generated; writes nothing"))
    .action(async (flags: CommonFlags) => done(await runPlan(flags, io)));
}

export async function runPlan(flags: CommonFlags, io: CliIo): Promise<ExitCode> {
  const result = await plan(toPlanOptions(flags));
  const failed = hasErrors(result.diagnostics);
  if (flags.json) {
    io.out(JSON.stringify({ ...(result.plan ?? {}), diagnostics: diagnosticsToJson(result.diagnostics) }, null, 2) + "\n");
    return failed ? EXIT.badInput : EXIT.ok;
  }
  const shown = flags.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  io.err(formatDiagnostics(shown));
  if (failed || !result.plan) return EXIT.badInput;
  if (!flags.quiet) io.out(planToText(result.plan, flags.allOperations ? "all operations" : "goals"));
  return EXIT.ok;
}
