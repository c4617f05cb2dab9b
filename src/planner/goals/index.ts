// Plans every goal of a GoalSpec against an ApiModel: tools, shared schemas, hints, and the diagnostics found.
import { diagnostic, uniqueDiagnostics } from "../../diagnostics/diagnostic.js";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { GoalSpec } from "../../goals/types.js";
import type { ApiSource } from "../../model/api-source.js";
import type { ToolDef } from "../types.js";
import { indexOperations } from "./bind-operation.js";
import { planGoal } from "./goal.js";
import { withErrorHints } from "./hints.js";
import { withPollTools, withTaskReaders } from "./poll-with.js";

export interface GoalsPlan {
  readonly tools: ToolDef[];
  readonly diagnostics: Diagnostic[];
  /** Findings in the operations the goals call, made resolving them (spec findings: the caller lists them first). */
  readonly specDiagnostics: readonly Diagnostic[];
}

/** One tool per goal, in the goals file's order; a goals file none of whose operations exist is one clear error. */
export function planGoals(api: ApiSource, spec: GoalSpec): GoalsPlan {
  const model = api.index;
  const index = indexOperations(model);
  const plans = spec.goals.map((goal) => planGoal(api, index, goal, spec.file));
  const specDiagnostics = [...new Set(plans.flatMap((p) => p.resolved))].flatMap((r) => r.diagnostics);
  const totalSteps = spec.goals.reduce((n, g) => n + g.steps.length, 0);
  const boundSteps = plans.reduce((n, p) => n + p.boundSteps, 0);
  if (totalSteps > 1 && boundSteps === 0) {
    return {
      tools: [],
      diagnostics: [
        diagnostic("PLAN_GOALS_FOR_OTHER_SPEC", {
          file: spec.file,
          message: `none of the ${totalSteps} operations the goals file calls exist in ${model.file} ("${model.title}")`,
        }),
      ],
      specDiagnostics,
    };
  }
  const diagnostics = uniqueDiagnostics(plans.flatMap((p) => p.context.diagnostics)).sort(byPosition);
  const tools = plans.flatMap((p) => (p.tool ? [p.tool] : []));
  const explicit = new Map(spec.goals.map((g) => [g.name, g.errors]));
  return {
    tools: withTaskReaders(withPollTools(withErrorHints(tools, explicit, api.schema))),
    diagnostics,
    specDiagnostics,
  };
}

/** Goals-file order, as the goals loader reports (diagnostics without a position last, in the order found). */
function byPosition(a: Diagnostic, b: Diagnostic): number {
  return (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0);
}
