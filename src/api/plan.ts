// The `plan` API: spec (+ goals) → ingested model and planned tools, with every diagnostic collected.
import { diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { ingest } from "../ingest/index.js";
import type { ApiModel } from "../model/api-model.js";
import { resolveOptions, type PlanOptions, type ResolvedOptions } from "../options.js";
import { planAllOperations } from "../planner/all-operations.js";
import { reachableSchemas } from "../planner/schemas.js";
import { planToolset } from "../planner/toolset.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";

export interface PlanResult {
  /** The planned tools (empty when an error stopped planning). */
  readonly tools: readonly ToolDef[];
  /** The whole plan, present when planning succeeded. */
  readonly plan?: ToolPlan;
  readonly model?: ApiModel;
  readonly diagnostics: readonly Diagnostic[];
}

/** Plans the toolset for `options` without writing anything (CONTRACT.md §2). */
export async function plan(options: PlanOptions): Promise<PlanResult> {
  const resolved = resolveOptions(options);
  const ingested = await ingest(resolved.spec);
  if (!ingested.model || hasErrors(ingested.diagnostics)) return { tools: [], diagnostics: ingested.diagnostics };
  const planned = planModel(ingested.model, resolved);
  const diagnostics = [...ingested.diagnostics, ...planned.diagnostics];
  if (hasErrors(diagnostics)) return { tools: [], model: ingested.model, diagnostics };
  return { tools: planned.tools, plan: { ...planned, diagnostics }, model: ingested.model, diagnostics };
}

function planModel(model: ApiModel, resolved: ResolvedOptions): ToolPlan {
  if (!resolved.allOperations) {
    return emptyPlan(model, resolved, [diagnostic("GOALS_REQUIRED")]);
  }
  const tools = planAllOperations(model, resolved.filter);
  const toolset = planToolset(model, { names: [resolved.name], maxReturnBytes: resolved.maxReturnBytes, timeoutMs: undefined });
  const roots = tools.flatMap((t) => [...t.inputs.map((i) => i.schema), t.returns.schema]);
  const diagnostics = tools.length === 0 ? [diagnostic("NO_OPERATIONS_SELECTED")] : [];
  return { toolset, tools, schemas: reachableSchemas(roots, model.schemas), diagnostics };
}

function emptyPlan(model: ApiModel, resolved: ResolvedOptions, diagnostics: Diagnostic[]): ToolPlan {
  const toolset = planToolset(model, { names: [resolved.name], maxReturnBytes: resolved.maxReturnBytes, timeoutMs: undefined });
  return { toolset, tools: [], schemas: {}, diagnostics };
}
