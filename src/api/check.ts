// The `check` API: generate in memory, compare with --out's aci.lock.json and files on disk; writes nothing.
import { lstat, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  checkReport,
  errorsByGoal,
  fileDrift,
  parseLockfile,
  withoutGoals,
  type CheckReport,
  type DiskEntry,
  goalPlaces,
  type GoalAt,
  type GoalPlaces,
  type OperationRef,
  type UnplannableGoal,
} from "../check/index.js";
import { diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { LOCKFILE, sha256, type Lockfile } from "../emit/lockfile.js";
import { loadGoals } from "../goals/index.js";
import type { PackageOptions, PlanOptions } from "../options.js";
import { parseSource, type SourceDoc } from "../source/source.js";
import { readText } from "../util/read-text.js";
import { safeRelativePath } from "../write/output.js";
import { generate, type GenerateResult } from "./generate.js";
import { plan } from "./plan.js";

export interface CheckOptions extends PlanOptions, PackageOptions {
  /** The generated package to compare against (its aci.lock.json and files). */
  readonly outDir: string;
}

export interface CheckResult {
  /** The contract and file diff; absent when the lockfile or the spec could not be read at all. */
  readonly report?: CheckReport;
  /**
   * Errors here mean the change could not be judged (exit 2). Errors of goals that no longer plan are not here:
   * each is a breaking change of its tool in the report, with the planner's hint as its fix.
   */
  readonly diagnostics: readonly Diagnostic[];
}

/** The goals file as check reads it: its goals with their places, and its document, to plan without some goals. */
interface GoalsFile {
  readonly file: string;
  readonly goals: readonly GoalAt[];
  /** Where each goal, its inputs and its returns are, by tool name. */
  readonly places: Readonly<Record<string, GoalPlaces>>;
  readonly document: unknown;
  readonly doc?: SourceDoc;
}

/** Diagnostics of goals given as an object carry this file name (loadGoals' default). */
const IN_MEMORY_GOALS = "<goals>";

/** Would regenerating change `outDir`? Reads only; bad input comes back as diagnostics. */
export async function check(options: CheckOptions): Promise<CheckResult> {
  const root = resolve(options.outDir);
  const locked = await readLockfile(root);
  if ("problem" in locked) return { diagnostics: [locked.problem] };
  const { outDir: _ignored, ...planOptions } = options;
  const [fresh, goals] = await Promise.all([generate(planOptions), readGoals(planOptions)]);
  const places = goals?.places ?? {};
  if (hasErrors(fresh.diagnostics)) return judgeWithout(locked.lock, planOptions, fresh.diagnostics, goals);
  const next = freshLockfile(fresh);
  const spec = operationsDiffer(locked.lock, next) ? await specOperations(planOptions) : [];
  const freshHashes = Object.fromEntries(Object.entries(fresh.files).map(([p, text]) => [p, sha256(text)]));
  const disk = await diskEntries(root, [...Object.keys(locked.lock.files), ...Object.keys(freshHashes)]);
  const files = fileDrift({ locked: locked.lock.files, fresh: freshHashes, disk });
  return {
    report: checkReport({ previous: locked.lock, next, spec, files, goals: places }),
    diagnostics: fresh.diagnostics,
  };
}

function freshLockfile(fresh: GenerateResult): Lockfile {
  const next = parseLockfile(fresh.files[LOCKFILE] ?? "");
  if (!next.ok) throw new Error(`generate produced an unreadable lockfile: ${next.reason}`);
  return next.lock;
}

/**
 * The plan failed. Errors that each fall inside a locked tool's goal make that tool breaking ("no longer plans");
 * the other goals are planned without them, round by round (dropping a goal can surface another's error), and
 * compared as usual. An error no locked goal owns (the spec, the goals file as a whole, a new goal) leaves the
 * change unjudged: only what became of the locked operations is reported.
 */
async function judgeWithout(
  previous: Lockfile,
  options: PlanOptions,
  diagnostics: readonly Diagnostic[],
  goals: GoalsFile | undefined,
): Promise<CheckResult> {
  if (goals === undefined) return unjudged(previous, options, diagnostics);
  const broken = new Map<string, Diagnostic[]>();
  let current = diagnostics;
  for (let round = 0; round < goals.goals.length; round++) {
    const { byGoal, rest } = errorsByGoal(current.filter(isError), goals.goals, goals.file);
    const stray = [...byGoal.keys()].some((name) => !Object.hasOwn(previous.tools, name));
    if (rest.length > 0 || byGoal.size === 0 || stray) return unjudged(previous, options, diagnostics);
    for (const [name, errors] of byGoal) broken.set(name, [...(broken.get(name) ?? []), ...errors]);
    const kept = goals.goals.filter((g) => !broken.has(g.name));
    const unplannable = [...broken].map(
      ([tool, errors]): UnplannableGoal => ({ tool, diagnostics: errors, steps: stepsOf(goals, tool) }),
    );
    if (kept.length === 0) return judged({ previous, options, goals, unplannable, warnings: [] });
    const document = withoutGoals(
      goals.document,
      goals.goals.filter((g) => broken.has(g.name)).map((g) => g.pointer),
    );
    if (document === undefined) return unjudged(previous, options, diagnostics);
    const run = await generate({ ...options, goals: document });
    const found = run.diagnostics.map((d) => inGoalsFile(d, kept, goals));
    if (!hasErrors(found))
      return judged({ previous, options, goals, unplannable, next: freshLockfile(run), warnings: found });
    current = found;
  }
  return unjudged(previous, options, diagnostics);
}

async function judged(init: {
  previous: Lockfile;
  options: PlanOptions;
  goals: GoalsFile;
  unplannable: readonly UnplannableGoal[];
  next?: Lockfile;
  warnings: readonly Diagnostic[];
}): Promise<CheckResult> {
  const spec = await specOperations(init.options);
  const report = checkReport({
    previous: init.previous,
    ...(init.next === undefined ? {} : { next: init.next }),
    unplannable: init.unplannable,
    spec,
    goals: init.goals.places,
  });
  return { report, diagnostics: init.warnings };
}

async function unjudged(
  previous: Lockfile,
  options: PlanOptions,
  diagnostics: readonly Diagnostic[],
): Promise<CheckResult> {
  const spec = await specOperations(options);
  if (spec.length === 0) return { diagnostics };
  return { report: checkReport({ previous, spec }), diagnostics };
}

function isError(d: Diagnostic): boolean {
  return d.severity === "error";
}

/** A diagnostic of the pruned goals document, moved back to its goal in the goals file (pointer, file, line). */
function inGoalsFile(d: Diagnostic, kept: readonly GoalAt[], goals: GoalsFile): Diagnostic {
  if (d.file !== IN_MEMORY_GOALS || d.pointer === undefined) return d;
  const match = /^\/[^/]+\/(\d+)(.*)$/.exec(d.pointer);
  const goal = match === null ? undefined : kept[Number(match[1])];
  if (match === null || goal === undefined) return { ...d, file: goals.file };
  const pointer = `${goal.pointer}${match[2] ?? ""}`;
  const position = goals.doc?.locate(pointer);
  const { line: _line, column: _column, ...rest } = d;
  return { ...rest, file: goals.file, pointer, ...(position === undefined ? {} : position) };
}

/** The goals file's goals and document, when a goals file plans the toolset; undefined when it cannot be read. */
async function readGoals(options: PlanOptions): Promise<GoalsFile | undefined> {
  if (options.goals === undefined || options.allOperations) return undefined;
  const loaded = await loadGoals(options.goals, typeof options.spec === "string" ? { specOverride: options.spec } : {});
  if (loaded.goals === undefined) return undefined;
  const spec = loaded.goals;
  const goals = spec.goals.map(
    (g): GoalAt => ({
      name: g.name,
      pointer: g.pointer,
      steps: g.steps.map((s) => ({ id: s.id, pointer: s.pointer })),
    }),
  );
  const places = Object.fromEntries(spec.goals.map((g) => [g.name, goalPlaces(g)]));
  if (typeof options.goals !== "string") return { file: spec.file, goals, places, document: options.goals };
  const parsed = parseSource(options.goals, await readText(options.goals));
  return parsed.ok ? { file: spec.file, goals, places, document: parsed.doc.value, doc: parsed.doc } : undefined;
}

function stepsOf(goals: GoalsFile, tool: string): Record<string, string> {
  const goal = goals.goals.find((g) => g.name === tool);
  return Object.fromEntries((goal?.steps ?? []).map((s) => [s.id, s.pointer]));
}

async function readLockfile(root: string): Promise<{ lock: Lockfile } | { problem: Diagnostic }> {
  const path = join(root, LOCKFILE);
  const stat = await lstat(path).catch(() => undefined);
  if (stat === undefined)
    return {
      problem: diagnostic("CHECK_NO_LOCKFILE", {
        file: path,
        message: `${path} does not exist, so there is nothing to compare against`,
      }),
    };
  if (!stat.isFile())
    return { problem: diagnostic("CHECK_BAD_LOCKFILE", { file: path, message: `${path} is not a regular file` }) };
  const text = await readFile(path, "utf8").catch((error: Error) => error);
  if (text instanceof Error)
    return {
      problem: diagnostic("CHECK_BAD_LOCKFILE", { file: path, message: `${path} cannot be read: ${text.message}` }),
    };
  const parsed = parseLockfile(text);
  return parsed.ok
    ? { lock: parsed.lock }
    : {
        problem: diagnostic("CHECK_BAD_LOCKFILE", {
          file: path,
          message: `${path} is not an aci-gen lockfile: ${parsed.reason}`,
        }),
      };
}

/** True when some locked step is bound differently now: only then is the new spec searched by operationId and method + path. */
function operationsDiffer(previous: Lockfile, next: Lockfile): boolean {
  const now = new Set(bindingKeys(next));
  return bindingKeys(previous).some((k) => !now.has(k));
}

function bindingKeys(lock: Lockfile): string[] {
  return Object.entries(lock.tools).flatMap(([tool, t]) =>
    t.operations.map((o) => `${tool}\u0000${o.step}\u0000${o.operationId}\u0000${o.method}\u0000${o.path}`),
  );
}

async function specOperations(options: PlanOptions): Promise<OperationRef[]> {
  const planned = await plan(options);
  return (planned.api?.index.operations ?? []).map((o) => ({ id: o.id, method: o.method.toUpperCase(), path: o.path }));
}

async function diskEntries(root: string, paths: readonly string[]): Promise<Record<string, DiskEntry>> {
  const unique = [...new Set(paths)];
  const entries = await Promise.all(unique.map(async (p) => [p, await diskEntry(root, p)] as const));
  return Object.fromEntries(entries);
}

async function diskEntry(root: string, path: string): Promise<DiskEntry> {
  if (safeRelativePath(path) === undefined) return { kind: "other" };
  const target = join(root, path);
  const stat = await lstat(target).catch(() => undefined);
  if (stat === undefined) return { kind: "missing" };
  if (!stat.isFile()) return { kind: "other" };
  return { kind: "file", sha256: sha256(await readFile(target)) };
}
