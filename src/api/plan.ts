// The `plan` API: spec (+ goals) → ingested model and planned tools, with every diagnostic collected.
import { diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { loadGoals } from "../goals/index.js";
import type { GoalSpec } from "../goals/types.js";
import { ingest } from "../ingest/index.js";
import { IN_MEMORY_FILE } from "../ingest/load.js";
import type { ApiModel } from "../model/api-model.js";
import { resolveOptions, type PlanOptions, type ResolvedOptions } from "../options.js";
import { planAllOperations, type OperationFilter } from "../planner/all-operations.js";
import { planAuth, withDefaultSecurity } from "../planner/auth.js";
import { baseUrlDiagnostics, type BaseUrlSite } from "../planner/base-url.js";
import { planGoals } from "../planner/goals/index.js";
import { planSchemas } from "../planner/schemas.js";
import { planToolset } from "../planner/toolset.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";
import type { SourceDoc } from "../source/source.js";

export interface PlanResult {
  /** The planned tools (empty when an error stopped planning). */
  readonly tools: readonly ToolDef[];
  /** The whole plan, present when planning succeeded. */
  readonly plan?: ToolPlan;
  readonly model?: ApiModel;
  readonly goals?: GoalSpec;
  readonly diagnostics: readonly Diagnostic[];
}

/** Plans the toolset for `options` without writing anything. */
export async function plan(options: PlanOptions): Promise<PlanResult> {
  const resolved = resolveOptions(options);
  if (!resolved.allOperations && resolved.goals === undefined)
    return { tools: [], diagnostics: [diagnostic("GOALS_REQUIRED")] };
  // Goals read a few operations and the schemas they reach: the model works those out on first read (ingest's `lazy`).
  const lazy = !resolved.allOperations;
  const [ingested, loaded] = await Promise.all([
    ingest(resolved.spec, { lazy }),
    resolved.goals === undefined || resolved.allOperations
      ? undefined
      : loadGoals(resolved.goals, typeof resolved.spec === "string" ? { specOverride: resolved.spec } : {}),
  ]);
  const early = [...(loaded?.diagnostics ?? []), ...ingested.diagnostics];
  if (!ingested.model || hasErrors(early) || (loaded && !loaded.goals)) return { tools: [], diagnostics: early };
  const read = ingested.diagnostics.length;
  const planned = planModel(ingested.model, resolved, loaded?.goals);
  // Said once the plan is otherwise sound: only a plan that generates needs a server to call.
  const unreachable = hasErrors(planned.diagnostics)
    ? []
    : baseUrlDiagnostics(planned.toolset, baseUrlSite(ingested.source, loaded?.goals));
  // Structural problems in the operations planning read, found as it read them: ingest findings, so listed first.
  const diagnostics = [...early, ...ingested.diagnostics.slice(read), ...unreachable, ...planned.diagnostics];
  const base = { model: ingested.model, ...(loaded?.goals ? { goals: loaded.goals } : {}) };
  if (hasErrors(diagnostics)) return { tools: [], ...base, diagnostics };
  return { tools: planned.tools, plan: { ...planned, diagnostics }, ...base, diagnostics };
}

/** Where a missing base URL is reported: the goals file's `server:` when it replaced the spec's servers, else the spec's `servers` (or `host`). */
function baseUrlSite(source: SourceDoc | undefined, goals: GoalSpec | undefined): BaseUrlSite {
  if (goals?.server !== undefined) return { file: goals.file, pointer: "/server" };
  const root =
    source?.value !== null && typeof source?.value === "object" ? (source.value as Record<string, unknown>) : {};
  const swagger2 = root["swagger"] !== undefined;
  const hasServers = Array.isArray(root["servers"]) && root["servers"].length > 0;
  const pointer = hasServers ? "/servers/0/url" : swagger2 && "basePath" in root ? "/basePath" : "";
  const missing = swagger2
    ? typeof root["host"] === "string"
      ? undefined
      : "host"
    : hasServers
      ? undefined
      : "servers";
  const position = source?.locate(pointer);
  return {
    file: source?.file ?? IN_MEMORY_FILE,
    pointer,
    ...(position === undefined ? {} : { position }),
    ...(missing === undefined ? {} : { missing }),
  };
}

/** Why `--all-operations` found nothing: the filters given, or (with none) a spec without operations. */
function noOperations(model: ApiModel, filter: OperationFilter): Diagnostic {
  const filtered = Object.values(filter).some((list: readonly unknown[]) => list.length > 0);
  if (filtered) return diagnostic("NO_OPERATIONS_SELECTED");
  return diagnostic("NO_OPERATIONS_SELECTED", {
    message: `the spec has no operations to turn into tools (${model.operations.length === 0 ? "its `paths` is empty" : "none of them could be planned"})`,
    hint: "add operations under `paths`; a spec that only describes webhooks or callbacks has nothing for an agent to call",
  });
}

function planModel(model: ApiModel, resolved: ResolvedOptions, goals: GoalSpec | undefined): ToolPlan {
  const goalsPlan =
    goals === undefined
      ? { tools: planAllOperations(model, resolved.filter), diagnostics: [] }
      : planGoals(model, goals);
  const auth = goals?.auth === undefined ? undefined : planAuth(model, goals.auth, goals.file);
  const planned =
    auth === undefined
      ? goalsPlan
      : {
          tools: withDefaultSecurity(goalsPlan.tools, auth.security),
          diagnostics: [...goalsPlan.diagnostics, ...auth.diagnostics],
        };
  const toolset = planToolset(model, {
    names: [resolved.name, goals?.toolset, goals?.sources?.[0]?.name],
    maxReturnBytes: resolved.maxReturnBytes ?? goals?.defaults.maxReturnBytes,
    timeoutMs: goals?.defaults.timeoutMs,
    ...(goals?.server === undefined ? {} : { server: goals.server }),
    ...(auth === undefined ? {} : { securitySchemes: auth.schemes }),
  });
  const inputs = planned.tools.flatMap((t) => t.inputs.map((i) => i.schema));
  const empty = planned.tools.length === 0 && !hasErrors(planned.diagnostics);
  const diagnostics = [
    ...planned.diagnostics,
    ...(empty && goals === undefined ? [noOperations(model, resolved.filter)] : []),
  ];
  return {
    toolset,
    tools: planned.tools,
    schemas: planSchemas(
      inputs,
      planned.tools.map((t) => t.returns.schema),
      model.schemas,
    ),
    diagnostics,
  };
}
