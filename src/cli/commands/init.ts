// `aci-gen init`: drafts a goals file from a spec; writes --out atomically (never over an existing file without --force) or prints it.
import { randomBytes } from "node:crypto";
import { link, mkdir, rename, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { Command, Option } from "commander";
import { diagnostic, hasErrors } from "../../diagnostics/diagnostic.js";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { GoalsDraft } from "../../planner/init/types.js";
import { positiveInteger } from "../common.js";
import { EXIT, type CliIo, type ExitCode } from "../io.js";
import { formatDiagnostics } from "../report.js";

export interface InitFlags {
  readonly spec: string;
  readonly out?: string;
  readonly tasksOut?: string;
  readonly force?: boolean;
  readonly maxTools?: number;
  readonly goalsPerTag?: number;
  readonly quiet?: boolean;
}

export function initCommand(io: CliIo, done: (code: ExitCode) => void): Command {
  return new Command("init")
    .description(
      "draft a goals file from the spec: proposed goals, with multi-step chains where ids flow between operations",
    )
    .requiredOption("--spec <file>", "OpenAPI document (JSON or YAML; Swagger 2.0, OpenAPI 3.0.x or 3.1.x)")
    .option("--out <file>", "write the draft here (default: print it)")
    .option("--tasks-out <file>", "also write a starter tasks file for `aci-gen eval`, one task per drafted goal")
    .option("--force", "overwrite --out (and --tasks-out) when it exists")
    .addOption(new Option("--max-tools <n>", "at most this many goals (default 10)").argParser(positiveInteger))
    .addOption(
      new Option("--goals-per-tag <n>", "at most this many goals per resource (tag or path collection)").argParser(
        positiveInteger,
      ),
    )
    .option("--quiet", "print only errors")
    .action(async (flags: InitFlags) => done(await runInit(flags, io)));
}

async function runInit(flags: InitFlags, io: CliIo): Promise<ExitCode> {
  const { init } = await import("../../api/init.js");
  const result = await init({
    spec: flags.spec,
    ...(flags.out === undefined ? {} : { out: flags.out }),
    ...(flags.maxTools === undefined ? {} : { maxGoals: flags.maxTools }),
    ...(flags.goalsPerTag === undefined ? {} : { goalsPerGroup: flags.goalsPerTag }),
  });
  const shown = (ds: readonly Diagnostic[]): readonly Diagnostic[] =>
    flags.quiet ? ds.filter((d) => d.severity === "error") : ds;
  if (hasErrors(result.diagnostics) || result.text === undefined) {
    io.err(formatDiagnostics(shown(result.diagnostics)));
    return EXIT.badInput;
  }
  const tasksFailure = await writeTasks(flags, result.draft);
  if (tasksFailure !== undefined) {
    io.err(formatDiagnostics(shown([...result.diagnostics, tasksFailure])));
    return EXIT.badInput;
  }
  if (flags.out === undefined) {
    io.err(formatDiagnostics(shown(result.diagnostics)));
    io.out(result.text);
    return EXIT.ok;
  }
  const failure = await writeAtomically(flags.out, result.text, flags.force ?? false);
  io.err(formatDiagnostics(shown([...result.diagnostics, ...(failure ? [failure] : [])])));
  if (failure) return EXIT.badInput;
  const tasks = flags.tasksOut === undefined ? "" : ` and ${flags.tasksOut} (a starter task per goal)`;
  if (!flags.quiet) io.err(`wrote ${flags.out} (${result.draft?.goals.length ?? 0} goals)${tasks}\n`);
  return EXIT.ok;
}

/** Writes the starter tasks file when `--tasks-out` asks for one; the failure, if any. */
async function writeTasks(flags: InitFlags, draft: GoalsDraft | undefined): Promise<Diagnostic | undefined> {
  if (flags.tasksOut === undefined || draft === undefined) return undefined;
  const { draftToTasksYaml } = await import("../../eval/starter-tasks.js");
  return writeAtomically(flags.tasksOut, draftToTasksYaml(draft), flags.force ?? false);
}

/** Writes a temp file beside `file`, then links it into place (fails if `file` exists) or renames over it with `force`. */
async function writeAtomically(file: string, text: string, force: boolean): Promise<Diagnostic | undefined> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temp, text, { encoding: "utf8", flag: "wx" });
    if (force) await rename(temp, file);
    else await link(temp, file);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      return diagnostic("INIT_OUT_EXISTS", { file, message: `${file} already exists; init does not overwrite it` });
    return diagnostic("INIT_WRITE_FAILED", {
      file,
      message: `cannot write ${file} (${code ?? (error as Error).message})`,
    });
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
