// `aci-gen check`: would regenerating change --out? Prints the contract diff per tool; exit 0 none, 1 drift, 2 bad input.
import { Command } from "commander";
import { hasErrors } from "../../diagnostics/diagnostic.js";
import {
  addCommonOptions,
  addPackageOptions,
  reportBadOptions,
  toPackageOptions,
  toPlanOptions,
  type CommonFlags,
  type PackageFlags,
} from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

interface CheckFlags extends CommonFlags, PackageFlags {
  readonly out: string;
}

export function checkCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return addPackageOptions(
    addCommonOptions(
      new Command("check").description(
        "would regenerating change --out? print the contract diff per tool; writes nothing",
      ),
    ),
  )
    .requiredOption("--out <dir>", "folder of the generated package to compare against (its aci.lock.json)")
    .action(async (flags: CheckFlags) => done(await runCheck(flags, io)));
}

async function runCheck(flags: CheckFlags, io: CliIo): Promise<ExitCode> {
  const options = await toPlanOptions(flags);
  if (Array.isArray(options)) return reportBadOptions(io, flags, options);
  const [{ check }, { reportToText }] = await Promise.all([
    import("../../api/check.js"),
    import("../../check/index.js"),
  ]);
  const result = await check({ ...options, ...toPackageOptions(flags), outDir: flags.out });
  const code = hasErrors(result.diagnostics) ? EXIT.badInput : result.report?.drift ? EXIT.findings : EXIT.ok;
  if (flags.json) {
    io.out(
      `${JSON.stringify({ ok: code === EXIT.ok, out: flags.out, ...(result.report ?? {}), diagnostics: diagnosticsToJson(result.diagnostics) }, null, 2)}\n`,
    );
    return code;
  }
  io.err(
    formatDiagnostics(flags.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics),
  );
  if (result.report && (!flags.quiet || result.report.drift)) io.out(reportToText(result.report, flags.out));
  return code;
}
