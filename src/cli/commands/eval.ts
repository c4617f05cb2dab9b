// `aci-gen eval`: runs a tasks file through a model with the goal toolset and the all-operations baseline; prints the table, writes report.json and report.html.
import { constants } from "node:fs";
import { access, mkdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Command, Option } from "commander";
import { diagnostic } from "../../diagnostics/diagnostic.js";
import { positiveInteger, reportBadOptions, toPlanOptions, type CommonFlags } from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { diagnosticsToJson, formatDiagnostics } from "../report.js";

interface EvalFlags {
  readonly spec?: string;
  readonly goals: string;
  readonly tasks: string;
  readonly model: string;
  readonly upstream?: string;
  readonly reportDir: string;
  readonly definitionBudget?: number;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

export function evalCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return new Command("eval")
    .description(
      "run a tasks file through a model with the goal toolset and with all operations (the baseline) against a mock of the API; needs the provider's API key",
    )
    .option("--spec <file>", "OpenAPI document; default the goals file's `spec:`")
    .requiredOption("--goals <file>", "goals file: ours (aci: 1) or an Arazzo 1.0.x document")
    .requiredOption("--tasks <file>", "tasks file (docs/eval.md); `aci-gen init --tasks-out` drafts one")
    .requiredOption("--model <provider:model>", "anthropic:MODEL (ANTHROPIC_API_KEY) or openai:MODEL (OPENAI_API_KEY)")
    .option(
      "--upstream <url>",
      "send the tools' requests here instead of `prism mock` of the spec (a real API only if you say so)",
    )
    .option("--report-dir <dir>", "where report.json and report.html go", "aci-eval")
    .addOption(
      new Option(
        "--definition-budget <tokens>",
        "context budget of the tool definitions; past it tool search serves them",
      ).argParser(positiveInteger),
    )
    .option("--json", "print the report as JSON on stdout instead of the table")
    .option("--quiet", "print only errors and the table")
    .action(async (flags: EvalFlags) => done(await runEvalCommand(flags, io)));
}

async function runEvalCommand(flags: EvalFlags, io: CliIo): Promise<ExitCode> {
  const common: CommonFlags = {
    goals: flags.goals,
    includeTag: [],
    excludeTag: [],
    includeOperation: [],
    ...(flags.spec === undefined ? {} : { spec: flags.spec }),
    ...(flags.definitionBudget === undefined ? {} : { definitionBudget: flags.definitionBudget }),
    ...(flags.json === undefined ? {} : { json: flags.json }),
  };
  const options = await toPlanOptions(common);
  if (Array.isArray(options)) return reportBadOptions(io, common, options);
  if (typeof options.spec !== "string") return reportBadOptions(io, common, [diagnostic("GOALS_SPEC_MISSING")]);
  const unwritable = await reportDirProblem(flags.reportDir);
  if (unwritable !== undefined)
    return reportBadOptions(io, common, [
      diagnostic("EVAL_REPORT_WRITE_FAILED", {
        file: flags.reportDir,
        message: `cannot write the report into ${flags.reportDir}: ${unwritable}`,
      }),
    ]);
  const [{ runEval }, { reportToTable }, { reportToHtml }] = await Promise.all([
    import("../../eval/index.js"),
    import("../../eval/report/table.js"),
    import("../../eval/report/html.js"),
  ]);
  const result = await runEval({
    plan: { ...options, spec: options.spec, goals: flags.goals },
    tasks: flags.tasks,
    model: flags.model,
    ...(flags.upstream === undefined ? {} : { upstream: flags.upstream }),
    onRun: (task, run) => {
      if (!flags.quiet) io.err(`${task.id} (${run.toolset}): ${run.success ? "pass" : "FAIL"} in ${run.turns} turns\n`);
    },
  });
  if (result.report === undefined) return reportBadOptions(io, common, result.diagnostics);
  const report = result.report;
  const json = `${JSON.stringify(report, null, 2)}\n`;
  try {
    await mkdir(flags.reportDir, { recursive: true });
    await writeFile(join(flags.reportDir, "report.json"), json, "utf8");
    await writeFile(join(flags.reportDir, "report.html"), reportToHtml(report), "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return reportBadOptions(io, common, [
      diagnostic("EVAL_REPORT_WRITE_FAILED", {
        file: flags.reportDir,
        message: `cannot write the report into ${flags.reportDir} (${reason})`,
      }),
    ]);
  }
  if (flags.json)
    io.out(`${JSON.stringify({ ...report, diagnostics: diagnosticsToJson(result.diagnostics) }, null, 2)}\n`);
  else {
    if (!flags.quiet) io.err(formatDiagnostics(result.diagnostics));
    io.out(reportToTable(report));
    if (!flags.quiet)
      io.err(`wrote ${join(flags.reportDir, "report.json")} and ${join(flags.reportDir, "report.html")}\n`);
  }
  return report.totals.goal.passed === report.totals.goal.tasks ? EXIT.ok : EXIT.findings;
}

/** Why the report could not be written into `dir` (checked before any model call, writing nothing), if it could not. */
async function reportDirProblem(dir: string): Promise<string | undefined> {
  let at = resolve(dir);
  for (;;) {
    const found = await stat(at).catch(() => undefined);
    if (found !== undefined) {
      if (!found.isDirectory()) return `${at} is not a folder`;
      return (await access(at, constants.W_OK).then(
        () => true,
        () => false,
      ))
        ? undefined
        : `${at} is not writable`;
    }
    const parent = dirname(at);
    if (parent === at) return `no part of ${dir} exists`;
    at = parent;
  }
}
