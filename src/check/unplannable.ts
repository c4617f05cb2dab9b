// Goals that no longer plan against the new spec → which locked tool each error belongs to, and its breaking diff.
import type { Diagnostic } from "../diagnostics/types.js";
import type { ToolContract } from "../emit/lockfile.js";
import { breaking } from "./change.js";
import { lockedOperationFindings } from "./operations.js";
import { toolDiff } from "./tools.js";
import type { ContractChange, OperationRef, SourceAt, ToolDiff } from "./types.js";

/** A goal of the goals file as check needs it: the tool it becomes, where it is in the document, its steps. */
export interface GoalAt {
  readonly name: string;
  /** RFC 6901 pointer of the goal in the goals document (`/goals/2`, `/workflows/0`). */
  readonly pointer: string;
  /** Each step's id and pointer, so an error about a step's operation meets the locked operation it called. */
  readonly steps?: readonly { readonly id: string; readonly pointer: string }[];
}

/** A locked tool whose goal no longer plans, with the planner's errors about it. */
export interface UnplannableGoal {
  readonly tool: string;
  readonly diagnostics: readonly Diagnostic[];
  /** Step id → pointer in the goals file (from GoalAt). */
  readonly steps?: Readonly<Record<string, string>>;
}

/** The planner's code for a step whose operation the spec does not have. */
const UNKNOWN_OPERATION = "PLAN_UNKNOWN_OPERATION";

/** Errors sorted to the goal whose pointer they fall under; `rest` holds those no goal owns (the spec, the whole file). */
export function errorsByGoal(
  errors: readonly Diagnostic[],
  goals: readonly GoalAt[],
  goalsFile: string,
): { byGoal: Map<string, Diagnostic[]>; rest: Diagnostic[] } {
  const byGoal = new Map<string, Diagnostic[]>();
  const rest: Diagnostic[] = [];
  for (const error of errors) {
    const goal = error.file === goalsFile ? goals.find((g) => within(error.pointer, g.pointer)) : undefined;
    if (goal === undefined) rest.push(error);
    else byGoal.set(goal.name, [...(byGoal.get(goal.name) ?? []), error]);
  }
  return { byGoal, rest };
}

function within(pointer: string | undefined, parent: string): boolean {
  return pointer !== undefined && (pointer === parent || pointer.startsWith(`${parent}/`));
}

/**
 * The goals document without the goals at `pointers` (each `/<list>/<index>`), for planning what still plans.
 * Returns undefined when a pointer does not name an item of a list in the document.
 */
export function withoutGoals(document: unknown, pointers: readonly string[]): Record<string, unknown> | undefined {
  const drop = new Map<string, Set<number>>();
  for (const pointer of pointers) {
    const match = /^\/([^/]+)\/(\d+)$/.exec(pointer);
    if (match === null) return undefined;
    const [, list, index] = match as unknown as [string, string, string];
    drop.set(list, (drop.get(list) ?? new Set()).add(Number(index)));
  }
  if (document === null || typeof document !== "object" || Array.isArray(document)) return undefined;
  const out: Record<string, unknown> = { ...document };
  for (const [list, indexes] of drop) {
    const items = out[list];
    if (!Array.isArray(items)) return undefined;
    out[list] = items.filter((_item, i) => !indexes.has(i));
  }
  return out;
}

/**
 * The breaking diff of a locked tool that no longer plans: what became of its operations (each gone one with the fix
 * and the step's place, standing in for the planner's "unknown operation" error about that step), then each other error.
 */
export function unplannableDiff(
  goal: UnplannableGoal,
  old: ToolContract | undefined,
  spec: readonly OperationRef[],
): ToolDiff {
  const seen = new Set<string>();
  const unique = goal.diagnostics.filter((d) => !seen.has(d.message) && seen.add(d.message));
  const gone = (old === undefined ? [] : lockedOperationFindings(old, spec)).map((c) => withStepFix(c, goal, unique));
  const covered = new Set(gone.flatMap((c) => (c.at?.pointer === undefined ? [] : [c.at.pointer])));
  const errors = unique.filter((d) => !(d.code === UNKNOWN_OPERATION && covered.has(d.pointer ?? "")));
  const changes: ContractChange[] = [
    ...gone,
    ...errors.map((d) =>
      breaking("tool-unplannable", `no longer plans: ${d.message}`, {
        fix: d.hint,
        code: d.code,
        ...(d.file === undefined ? {} : { at: diagnosticAt(d, d.file) }),
      }),
    ),
  ];
  return toolDiff(goal.tool, "unplannable", changes);
}

/** An operation gone from the spec: where its step is, and what to bind instead (its successor at the same place, if any). */
function withStepFix(change: ContractChange, goal: UnplannableGoal, errors: readonly Diagnostic[]): ContractChange {
  if (change.kind !== "operation-gone" || change.step === undefined) return change;
  const pointer = goal.steps?.[change.step];
  const error = errors.find((d) => d.code === UNKNOWN_OPERATION && d.pointer !== undefined && d.pointer === pointer);
  const fix =
    change.to === undefined
      ? `bind step "${change.step}" to another operation, or remove the goal`
      : `bind step "${change.step}" to ${change.to}, the operation now at the same method and path`;
  return {
    ...change,
    fix,
    ...(error?.file === undefined ? {} : { at: diagnosticAt(error, error.file) }),
  };
}

function diagnosticAt(d: Diagnostic, file: string): SourceAt {
  return {
    file,
    ...(d.line === undefined ? {} : { line: d.line }),
    ...(d.column === undefined ? {} : { column: d.column }),
    ...(d.pointer === undefined ? {} : { pointer: d.pointer }),
  };
}
