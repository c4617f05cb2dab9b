// `aci-gen lint`: the ACI rules over the planned tools; exit 1 on an error finding, 2 on bad input.
import { Command, InvalidArgumentError, Option } from "commander";
import { hasErrors } from "../../diagnostics/diagnostic.js";
import { addCommonOptions, reportBadOptions, toPlanOptions, type CommonFlags } from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

interface LintFlags extends CommonFlags {
  readonly budget?: number;
}

function tokenBudget(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return n;
}

export function lintCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return addCommonOptions(
    new Command("lint").description("check the planned tools against the ACI rules; writes nothing"),
  )
    .addOption(
      new Option(
        "--budget <tokens>",
        "context budget of what the model sees upfront; past it the toolset is served with tool search (default: --definition-budget, the goals file's lint.budget, else 5000)",
      ).argParser(tokenBudget),
    )
    .action(async (flags: LintFlags) => done(await runLint(flags, io)));
}

async function runLint(flags: LintFlags, io: CliIo): Promise<ExitCode> {
  const options = await toPlanOptions(flags);
  if (Array.isArray(options)) return reportBadOptions(io, flags, options);
  const [{ lint }, { hasErrorFindings }, { lintToJson, lintToText }, { planSavings, savingsToText }] =
    await Promise.all([
      import("../../api/lint.js"),
      import("../../lint/index.js"),
      import("../../lint/report.js"),
      import("../../eval/savings.js"),
    ]);
  const result = await lint({ ...options, ...(flags.budget === undefined ? {} : { budget: flags.budget }) });
  const failed = hasErrors(result.diagnostics) || result.budget === undefined;
  const code = failed ? EXIT.badInput : hasErrorFindings(result.findings) ? EXIT.findings : EXIT.ok;
  const savings =
    flags.allOperations || result.plan === undefined || result.api === undefined
      ? []
      : planSavings(result.api, result.plan);
  if (flags.json) {
    io.out(
      `${JSON.stringify({ ...lintToJson(result.findings, result.budget), ...(savings.length === 0 ? {} : { savings }), diagnostics: diagnosticsToJson(result.diagnostics) }, null, 2)}\n`,
    );
    return code;
  }
  io.err(
    formatDiagnostics(flags.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics),
  );
  if (failed || result.budget === undefined) return code;
  const shown = flags.quiet ? result.findings.filter((f) => f.severity === "error") : result.findings;
  io.out(`${lintToText(shown, result.budget)}${flags.quiet ? "" : savingsToText(savings)}`);
  return code;
}
