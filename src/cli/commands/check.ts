// `aci-gen check`: would regenerating change --out? Prints the verdict and the contract diff per tool; exit 0 unchanged, 1 changed, 2 not judged.
import { appendFile } from "node:fs/promises";
import { Command, Option } from "commander";
import type { CheckResult } from "../../api/check.js";
import {
  addCommonOptions,
  addPackageOptions,
  reportBadOptions,
  toPackageOptions,
  toPlanOptions,
  type CommonFlags,
  type PackageFlags,
} from "../common.js";
import type { CliIo, ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

const FORMATS = ["text", "json", "github", "markdown"] as const;
type Format = (typeof FORMATS)[number];

interface CheckFlags extends CommonFlags, PackageFlags {
  readonly out: string;
  readonly format?: Format;
}

export function checkCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return addPackageOptions(
    addCommonOptions(
      new Command("check").description(
        "would regenerating change --out? print the verdict and the contract diff per tool; writes nothing",
      ),
    ),
  )
    .requiredOption("--out <dir>", "folder of the generated package to compare against (its aci.lock.json)")
    .addOption(
      new Option(
        "--format <format>",
        "text; json (as --json); github (workflow annotations on the goals file, and a Markdown job summary in $GITHUB_STEP_SUMMARY); markdown (a pull-request comment)",
      ).choices(FORMATS),
    )
    .action(async (flags: CheckFlags) => done(await runCheck(flags, io)));
}

async function runCheck(flags: CheckFlags, io: CliIo): Promise<ExitCode> {
  const options = await toPlanOptions(flags);
  if (Array.isArray(options)) return reportBadOptions(io, flags, options);
  const [{ check }, report] = await Promise.all([import("../../api/check.js"), import("../../check/index.js")]);
  const result = await check({ ...options, ...toPackageOptions(flags), outDir: flags.out });
  const verdict = result.report?.verdict ?? "could-not-judge";
  const code = report.VERDICT_EXIT[verdict];
  const outcome = { ...result, out: flags.out };
  const format = flags.format ?? (flags.json ? "json" : "text");
  if (format === "json") {
    io.out(`${JSON.stringify(checkJson(result, flags.out, code), null, 2)}\n`);
    return code;
  }
  io.err(
    formatDiagnostics(flags.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics),
  );
  if (format === "markdown") {
    io.out(report.reportToMarkdown(outcome));
    return code;
  }
  if (format === "github") {
    io.out(report.reportToGithub(outcome));
    await githubFiles({ summary: report.reportToMarkdown(outcome), verdict });
    return code;
  }
  if (result.report && (!flags.quiet || result.report.drift)) io.out(report.reportToText(result.report, flags.out));
  return code;
}

/** `verdict` and `ok` first, so a CI step can read the outcome without walking the report. */
function checkJson(result: CheckResult, out: string, code: ExitCode): Record<string, unknown> {
  return {
    ok: code === 0,
    verdict: result.report?.verdict ?? "could-not-judge",
    exitCode: code,
    out,
    ...(result.report ?? {}),
    diagnostics: diagnosticsToJson(result.diagnostics),
  };
}

/** In a GitHub Actions job: the summary appended to the job summary, `verdict=…` to the step's outputs. */
async function githubFiles(init: { summary: string; verdict: string }): Promise<void> {
  const summary = process.env["GITHUB_STEP_SUMMARY"];
  const output = process.env["GITHUB_OUTPUT"];
  if (summary !== undefined && summary !== "") await appendFile(summary, `${init.summary}\n`);
  if (output !== undefined && output !== "") await appendFile(output, `verdict=${init.verdict}\n`);
}
