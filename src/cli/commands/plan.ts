// `aci-gen plan`: prints the tools that would be generated, or the whole plan as JSON; writes nothing.
import { Command } from "commander";
import { plan } from "../../api/plan.js";
import { hasErrors } from "../../diagnostics/diagnostic.js";
import { toolDefinitions } from "../../emit/definitions.js";
import { budgetReport, budgetToText } from "../../lint/budget.js";
import { toolToMermaid } from "../../report/mermaid.js";
import { planToText } from "../../report/plan-text.js";
import { addCommonOptions, reportBadOptions, toPlanOptions, type CommonFlags } from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

export function planCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return addCommonOptions(new Command("plan").description("show the tools that would be generated; writes nothing"))
    .action(async (flags: CommonFlags) => done(await runPlan(flags, io)));
}

export async function runPlan(flags: CommonFlags, io: CliIo): Promise<ExitCode> {
  const options = await toPlanOptions(flags);
  if (Array.isArray(options)) return reportBadOptions(io, flags, options);
  const result = await plan(options);
  const failed = hasErrors(result.diagnostics);
  const definitions = result.plan ? toolDefinitions(result.plan) : [];
  const budget = budgetReport(definitions, result.goals?.lint?.budget);
  if (flags.json) {
    const tokens = new Map(definitions.map((d) => [d.name, d]));
    const tools = (result.plan?.tools ?? []).map((t) => ({
      ...t,
      definition: tokens.get(t.name),
      ...(t.steps.length > 1 ? { mermaid: toolToMermaid(t) } : {}),
    }));
    const totalTokens = definitions.reduce((n, d) => n + d.tokens, 0);
    io.out(JSON.stringify({ ...(result.plan ?? {}), tools, totalTokens, budget, diagnostics: diagnosticsToJson(result.diagnostics) }, null, 2) + "\n");
    return failed ? EXIT.badInput : EXIT.ok;
  }
  const shown = flags.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  io.err(formatDiagnostics(shown));
  if (failed || !result.plan) return EXIT.badInput;
  if (!flags.quiet) io.out(planToText(result.plan, flags.allOperations ? "all operations" : "goals", definitions) + "\n" + budgetToText(budget));
  return EXIT.ok;
}
