// The `plan` API: spec (+ goals) → ingested model and planned tools, with every diagnostic collected.
import { diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { GoalSpec } from "../goals/types.js";
import { ingest, ingestLazy, type LazyIngestResult } from "../ingest/index.js";
import { IN_MEMORY_FILE } from "../ingest/load.js";
import type { ApiIndex, ApiModel } from "../model/api-model.js";
import { type ApiSource, modelSource } from "../model/api-source.js";
import { resolveOptions, type PlanOptions, type ResolvedOptions } from "../options.js";
import { allOperationsConfig, planAllOperations, type OperationFilter } from "../planner/all-operations.js";
import { withGeneratedSchemes, withServerCredentials, withWithheldCredentialNotes } from "../planner/credentials.js";
import { planConfig } from "../planner/config.js";
import { planAuth, unrequiredSchemes, withDefaultSecurity, withUnnamedSchemes } from "../planner/auth.js";
import { baseUrlDiagnostics, type BaseUrlSite } from "../planner/base-url.js";
import { planSchemas } from "../planner/schemas.js";
import { requestSide, withCopies } from "../planner/request-side.js";
import { describesPublicApi } from "../planner/placeholder-server.js";
import { httpsHostsOf } from "../planner/plain-http.js";
import { httpsFirst, planToolset } from "../planner/toolset.js";
import { undeclaredCredential } from "../planner/undeclared-credential.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";
import type { SourceDoc } from "../source/source.js";

/**
 * Goals planning, imported only when a goals file is given: it brings the goals file's Zod schemas, JSONPath and the
 * runtime's paging, none of which an all-operations run uses (with the `yaml` package, ~0.14 s of CPU to load).
 */
type PlanGoals = typeof import("../planner/goals/index.js").planGoals;

export interface PlanResult {
  /** The planned tools (empty when an error stopped planning). */
  readonly tools: readonly ToolDef[];
  /** The whole plan, present when planning succeeded. */
  readonly plan?: ToolPlan;
  /** The API planned against: with goals, only the operations and schemas they reach have been worked out. */
  readonly api?: ApiSource;
  readonly goals?: GoalSpec;
  readonly diagnostics: readonly Diagnostic[];
}

/** Plans the toolset for `options` without writing anything. */
export async function plan(options: PlanOptions): Promise<PlanResult> {
  const resolved = resolveOptions(options);
  if (!resolved.allOperations && resolved.goals === undefined)
    return { tools: [], diagnostics: [diagnostic("GOALS_REQUIRED")] };
  // Goals read a few operations and the schemas they reach: only those are worked out (ingestLazy). With
  // `--all-operations` a goals file gives only the toolset's settings (its name, server, credentials, config).
  const [ingested, loaded] = await Promise.all([
    resolved.allOperations ? ingestAll(resolved.spec) : ingestLazy(resolved.spec),
    resolved.goals === undefined
      ? undefined
      : import("../goals/index.js").then(({ loadGoals }) =>
          loadGoals(resolved.goals as NonNullable<typeof resolved.goals>, {
            ...(typeof resolved.spec === "string" ? { specOverride: resolved.spec } : {}),
            ...(resolved.allOperations ? { settingsOnly: true } : {}),
          }),
        ),
  ]);
  const early = [...(loaded?.diagnostics ?? []), ...ingested.diagnostics];
  if (!ingested.api || hasErrors(early) || (loaded && !loaded.goals)) return { tools: [], diagnostics: early };
  const goals =
    loaded?.goals === undefined
      ? undefined
      : {
          spec: loaded.goals,
          plan: resolved.allOperations ? undefined : (await import("../planner/goals/index.js")).planGoals,
        };
  const planned = planApi({ ...ingested, api: ingested.api }, resolved, goals);
  // Said once the plan is otherwise sound: only a plan that generates needs a server to call.
  const unreachable = hasErrors(planned.diagnostics)
    ? []
    : baseUrlDiagnostics(
        planned.toolset,
        () => baseUrlSite(ingested.source, loaded?.goals),
        loaded?.goals?.server === undefined ? httpsFirst(ingested.api.index.servers)[0]?.url : undefined,
      );
  // Structural problems in the operations the goals call, found resolving them: ingest findings, so listed first.
  const diagnostics = [...early, ...planned.specDiagnostics, ...unreachable, ...planned.diagnostics];
  const base = { api: ingested.api, ...(loaded?.goals ? { goals: loaded.goals } : {}) };
  if (hasErrors(diagnostics)) return { tools: [], ...base, diagnostics };
  const { specDiagnostics: _spec, ...plan } = planned;
  return { tools: planned.tools, plan: { ...plan, diagnostics }, ...base, diagnostics };
}

/** Eager ingest for all-operations mode, which walks every operation: the model, and its source for what reads one. */
async function ingestAll(spec: string | object): Promise<LazyIngestResult & { model?: ApiModel }> {
  const ingested = await ingest(spec);
  return ingested.model === undefined
    ? ingested
    : { ...ingested, model: ingested.model, api: modelSource(ingested.model) };
}

/** The spec document's root object ({} when it is not one). */
function sourceRoot(source: SourceDoc | undefined): Record<string, unknown> {
  return source?.value !== null && typeof source?.value === "object" ? (source.value as Record<string, unknown>) : {};
}

/** Where a missing base URL is reported: the goals file's `server:` when it replaced the spec's servers, else the spec's `servers` (or `host`). */
function baseUrlSite(source: SourceDoc | undefined, goals: GoalSpec | undefined): BaseUrlSite {
  if (goals?.server !== undefined) return { file: goals.file, pointer: "/server" };
  const root = sourceRoot(source);
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
function noOperations(model: ApiIndex, filter: OperationFilter): Diagnostic {
  const filtered = Object.values(filter).some((list: readonly unknown[]) => list.length > 0);
  if (filtered) return diagnostic("NO_OPERATIONS_SELECTED");
  return diagnostic("NO_OPERATIONS_SELECTED", {
    message: `the spec has no operations to turn into tools (${model.operations.length === 0 ? "its `paths` is empty" : "none of them could be planned"})`,
    hint: "add operations under `paths`; a spec that only describes webhooks or callbacks has nothing for an agent to call",
  });
}

/**
 * All-operations mode plans over the eager model (a goals file, if given, sets only the toolset); goals over the
 * source, resolving what they call.
 */
function planApi(
  ingested: { readonly api: ApiSource; readonly model?: ApiModel; readonly source?: SourceDoc },
  resolved: ResolvedOptions,
  goalsFile: { readonly spec: GoalSpec; readonly plan: PlanGoals | undefined } | undefined,
): ToolPlan & { readonly specDiagnostics: readonly Diagnostic[] } {
  const { api } = ingested;
  const goals = goalsFile?.spec;
  const model = api.index;
  const planGoals = goalsFile?.plan;
  if (planGoals === undefined && ingested.model === undefined)
    throw new Error("all-operations planning needs the whole model");
  const goalsPlan =
    planGoals === undefined || goals === undefined
      ? { ...planAllOperations(ingested.model as ApiModel, resolved.filter), specDiagnostics: [] }
      : planGoals(api, goals);
  const auth = goals?.auth === undefined ? undefined : planAuth(model, goals.auth, goals.file);
  const stated = auth !== undefined && auth.security.length > 0;
  const security = stated ? auth.security : unrequiredSchemes(model);
  const planned = {
    tools: withDefaultSecurity(stated ? goalsPlan.tools : withUnnamedSchemes(goalsPlan.tools, model), security),
    diagnostics: [...goalsPlan.diagnostics, ...(auth?.diagnostics ?? [])],
  };
  const generated = withGeneratedSchemes(planned.tools, { ...model.securitySchemes, ...auth?.schemes });
  const toolset = planToolset(model, {
    names: [resolved.name, goals?.toolset, goals?.sources?.[0]?.name],
    maxReturnBytes: resolved.maxReturnBytes ?? goals?.defaults.maxReturnBytes,
    timeoutMs: goals?.defaults.timeoutMs,
    ...(goals?.server === undefined ? {} : { server: goals.server }),
    securitySchemes: { ...auth?.schemes, ...generated.schemes },
    publicApi: describesPublicApi(sourceRoot(ingested.source)),
    httpsHosts: () => httpsHostsOf(ingested.source?.value),
  });
  const secured = withServerCredentials(generated.tools, toolset.securitySchemes);
  const noted = withWithheldCredentialNotes(secured, generated.schemes, api.schema);
  const configured = planConfig(noted, {
    toolset,
    ...(goals?.config !== undefined
      ? { declared: goals.config }
      : resolved.allOperations
        ? { declared: allOperationsConfig(noted, model.securitySchemes) }
        : {}),
    file: goals?.file ?? model.file,
    schemas: api.schema,
  });
  const requested = requestSide(configured.tools, api.schema, model.schemaNames);
  const tools = requested.tools;
  const inputs = tools.flatMap((t) => t.inputs.map((i) => i.schema));
  const empty = tools.length === 0 && !hasErrors(planned.diagnostics);
  const undeclared = undeclaredCredential(toolset.securitySchemes, ingested.source?.value, {
    file: ingested.source?.file ?? model.file,
    locate: (pointer) => ingested.source?.locate(pointer),
    goals: goals !== undefined,
    envPrefix: toolset.envPrefix,
  });
  const diagnostics = [
    ...planned.diagnostics,
    ...configured.diagnostics,
    ...undeclared,
    ...(empty && resolved.allOperations ? [noOperations(model, resolved.filter)] : []),
  ];
  return {
    toolset: configured.config === undefined ? toolset : { ...toolset, config: configured.config },
    tools,
    schemas: planSchemas(
      inputs,
      tools.map((t) => t.returns.schema),
      withCopies(api.schema, requested.schemas),
    ),
    diagnostics,
    specDiagnostics: goalsPlan.specDiagnostics,
  };
}
