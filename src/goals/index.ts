// Goals file (path or parsed object) → GoalSpec, in either format, with every problem as a located diagnostic.
import { dirname, resolve as resolvePath } from "node:path";
import type { z } from "zod";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { defaultSourceLimits, depthProblem, parseSource, sourceOfValue } from "../source/source.js";
import { readText } from "../util/read-text.js";
import { aciDocument, aciSettingsDocument } from "./aci/schema.js";
import { aciToGoalSpec, type PathResolver } from "./aci/to-goal-spec.js";
import { createContext, errorCount, type LoadContext, report } from "./context.js";
import { detectFormat } from "./detect.js";
import type { GoalSpec } from "./types.js";
import { childLists, namesIn, reportDuplicates } from "./uniqueness.js";
import { reportIssues } from "./zod-issues.js";

export type * from "./types.js";
export { resolveSpecPath, type SpecChoice } from "./spec-path.js";

/** Options of `loadGoals`. */
export interface LoadGoalsOptions {
  /** `--spec`: replaces the goals file's `spec` / Arazzo source URL. */
  readonly specOverride?: string;
  /** Name to report for an already-parsed object (default `<goals>`). */
  readonly file?: string;
  /** `--all-operations`: the file sets the toolset; its goals may be left out, and any listed are not planned. */
  readonly settingsOnly?: boolean;
}

/** The result: `goals` only when no error was found. */
export interface LoadGoalsResult {
  readonly goals?: GoalSpec;
  readonly diagnostics: Diagnostic[];
}

/**
 * Loads a goals file: our `aci: 1` format or Arazzo 1.0.x, told apart by the first key.
 * Never throws for bad input; reads no network.
 */
export async function loadGoals(input: string | object, options: LoadGoalsOptions = {}): Promise<LoadGoalsResult> {
  const opened = typeof input === "string" ? await openFile(input) : openValue(input, options.file ?? "<goals>");
  if (opened.ctx === undefined) return { diagnostics: opened.diagnostics };
  const ctx = opened.ctx;
  const base = typeof input === "string" ? dirname(resolvePath(input)) : process.cwd();
  const goals = await convert(
    ctx,
    { resolve: (relative) => resolvePath(base, relative) },
    options.settingsOnly === true,
  );
  const withSpec =
    goals && options.specOverride !== undefined ? { ...goals, spec: resolvePath(options.specOverride) } : goals;
  const diagnostics = unique(ctx.diagnostics).sort(
    (a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0),
  );
  return errorCount(ctx) > 0 || withSpec === undefined ? { diagnostics } : { goals: withSpec, diagnostics };
}

async function openFile(file: string): Promise<{ ctx?: LoadContext; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { diagnostics: [diagnostic("GOALS_UNREADABLE", { file, message: `cannot read ${file} (${reason})` })] };
  }
  const parsed = parseSource(file, text);
  if (!parsed.ok) return { diagnostics: [...parsed.diagnostics] };
  const doc = parsed.doc;
  return { ctx: createContext({ file, doc: doc.value, locate: (p) => doc.locate(p) }), diagnostics: [] };
}

/** An already-parsed goals document, held to the nesting limit a goals file is (SOURCE_TOO_DEEP). */
function openValue(value: object, file: string): { ctx?: LoadContext; diagnostics: Diagnostic[] } {
  const tooDeep = depthProblem(sourceOfValue(file, value), defaultSourceLimits.maxDepth);
  return tooDeep === undefined
    ? { ctx: createContext({ file, doc: value }), diagnostics: [] }
    : { diagnostics: [tooDeep] };
}

/** A goals format's schema and the reader of what it accepts. */
interface FormatReader {
  readonly schema: z.ZodType;
  readonly toGoalSpec: (ctx: LoadContext, data: unknown, paths: PathResolver) => GoalSpec;
}

/** Our format's reader; Arazzo's is loaded only for an Arazzo file (a run with our format skips its modules). */
async function readerOf(format: "aci" | "arazzo", settingsOnly: boolean): Promise<FormatReader> {
  if (format === "aci")
    return {
      schema: settingsOnly ? aciSettingsDocument : aciDocument,
      toGoalSpec: (ctx, data, paths) => aciToGoalSpec(ctx, data as Parameters<typeof aciToGoalSpec>[1], paths),
    };
  const [{ arazzoDocument }, { arazzoToGoalSpec }] = await Promise.all([
    import("./arazzo/schema.js"),
    import("./arazzo/to-goal-spec.js"),
  ]);
  return {
    schema: arazzoDocument,
    toGoalSpec: (ctx, data, paths) => arazzoToGoalSpec(ctx, data as Parameters<typeof arazzoToGoalSpec>[1], paths),
  };
}

async function convert(ctx: LoadContext, paths: PathResolver, settingsOnly: boolean): Promise<GoalSpec | undefined> {
  const format = detectFormat(ctx, ctx.doc);
  if (format === undefined) return undefined;
  if (settingsOnly) reportUnplannedGoals(ctx, format);
  reportRawDuplicates(ctx, format);
  const { schema, toGoalSpec } = await readerOf(format, settingsOnly);
  const parsed = schema.safeParse(ctx.doc);
  if (!parsed.success) {
    reportIssues(ctx, schema, parsed.error.issues);
    return undefined;
  }
  if (errorCount(ctx) > 0) return undefined;
  const spec = toGoalSpec(ctx, parsed.data, paths);
  for (const goal of spec.goals ?? [])
    if (goal.steps.length > MAX_GOAL_STEPS)
      report(ctx, "GOALS_TOO_MANY_STEPS", goal.pointer, {
        message: `goal "${goal.name}" makes ${goal.steps.length} API calls (its workflow calls inlined); one tool makes at most ${MAX_GOAL_STEPS}`,
      });
  return spec;
}

/**
 * With `--all-operations` a goals file sets only the toolset: the goals (workflows) it lists are not planned, which
 * GOALS_WITH_ALL_OPERATIONS says once, at the list.
 */
function reportUnplannedGoals(ctx: LoadContext, format: "aci" | "arazzo"): void {
  const [key, noun] = format === "aci" ? ["goals", "goal"] : ["workflows", "workflow"];
  const listed = (ctx.doc as Record<string, unknown>)[key];
  if (!Array.isArray(listed) || listed.length === 0) return;
  report(ctx, "GOALS_WITH_ALL_OPERATIONS", `/${key}`, {
    message: `--all-operations plans one tool per operation: the ${listed.length} ${noun}${listed.length === 1 ? "" : "s"} of \`${key}:\` ${listed.length === 1 ? "is" : "are"} not planned; the file's toolset settings apply`,
  });
}

/**
 * API calls one goal may make: a tool's steps are walked as chains of steps that read one another (what feeds an
 * approval, what a change targets), here and in the generated runtime, so their number is a depth to bound.
 */
const MAX_GOAL_STEPS = 256;

/** Duplicate goal names / workflow ids and step ids, checked on the raw document so they show with other errors. */
function reportRawDuplicates(ctx: LoadContext, format: "aci" | "arazzo"): void {
  const root = ctx.doc as Record<string, unknown>;
  const [list, pointer, nameKey, stepKey] =
    format === "aci"
      ? [root["goals"], "/goals", "name", "id"]
      : [root["workflows"], "/workflows", "workflowId", "stepId"];
  reportDuplicates(
    ctx,
    namesIn(list, pointer, nameKey),
    "GOALS_DUPLICATE_NAME",
    format === "aci" ? "goal name" : "workflowId",
  );
  for (const steps of childLists(list, pointer, "steps")) {
    reportDuplicates(ctx, namesIn(steps.list, steps.pointer, stepKey), "GOALS_DUPLICATE_STEP_ID", "step id");
  }
}

function unique(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.code}\u0000${d.pointer ?? ""}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
