// Spec + goals → the goal toolset and the all-operations baseline, planned, sized and bound in process to the eval's upstream.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { plan } from "../api/plan.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { sizePlan, sizingOptions, type SizedPlan } from "../emit/definitions.js";
import { evaluateInputs } from "./zod-schemas.js";
import { toToolSpec, toToolsetSpec } from "../emit/specs.js";
import { compilePlanSchemas } from "../emit/tool-schema.js";
import type { PlanOptions } from "../options.js";
import type { ToolPlan } from "../planner/types.js";
import { bindToolset, createRuntime } from "../runtime/toolset.js";
import { defineTool, type BoundTool, type Runtime } from "../runtime/tool.js";
import type { ConfigSpec, Credential, ToolsetOptions } from "../runtime/types.js";
import { optional } from "../goals/optional.js";
import { patternSample } from "../lint/pattern-sample.js";
import { GENERATOR_VERSION } from "../version.js";

/** Which toolset a run used: the goals file's tools, or one tool per operation (served with tool search past its budget). */
export type ToolsetKind = "goal" | "baseline";

/** A toolset planned and sized as `generate` would serve it, not yet bound to an upstream. */
export interface PlannedToolset {
  readonly kind: ToolsetKind;
  readonly sized: SizedPlan;
  /** Milliseconds spent planning, sizing and evaluating the input schemas. */
  readonly loadMs: number;
  /** Tokens of every definition, and of what the model sees before any search. */
  readonly definitionTokens: number;
  readonly upfrontTokens: number;
  bind(options: BindOptions): BoundToolset;
}

export interface BindOptions {
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  /** Scheme name → credential; for the mock upstream a placeholder for every scheme. */
  readonly credentials?: Readonly<Record<string, Credential>>;
  /** Configured values by name (`$config.NAME`); for the mock upstream a placeholder that fits each one's rules. */
  readonly config?: Readonly<Record<string, string>>;
  /** Environment the runtime reads its other defaults from. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Tools bound to one runtime whose approval queue lives in a fresh folder. */
export interface BoundToolset {
  readonly tools: Readonly<Record<string, BoundTool>>;
  readonly runtime: Runtime;
  /** Removes the temporary state folder (approvals, audit log) this binding made; call once the run is read. */
  dispose(): void;
}

/** Plans `options` (goals, or all operations) into a servable toolset; diagnostics when planning fails. */
export async function planToolset(
  kind: ToolsetKind,
  options: PlanOptions,
): Promise<{ toolset?: PlannedToolset; plan?: ToolPlan; diagnostics: readonly Diagnostic[] }> {
  const started = performance.now();
  const planned = await plan(options);
  if (planned.plan === undefined || hasErrors(planned.diagnostics)) return { diagnostics: planned.diagnostics };
  const compiled = compilePlanSchemas(planned.plan);
  const sized = sizePlan(
    planned.plan,
    compiled,
    sizingOptions(options, planned.goals?.lint?.budget, planned.goals !== undefined && options.allOperations !== true),
  );
  const schemas = evaluateInputs(compiled);
  const definitions = sized.plan.tools.map((tool) => {
    const inputSchema = schemas[tool.name];
    if (inputSchema === undefined) throw new Error(`no input schema was compiled for ${tool.name}`);
    return defineTool({ spec: toToolSpec(tool), inputSchema });
  });
  const toolsetSpec = toToolsetSpec(sized.plan.toolset, sized.plan.tools, GENERATOR_VERSION);
  const definitionTokens = sized.definitions.reduce((n, d) => n + d.tokens, 0);
  const loadMs = performance.now() - started;
  const toolset: PlannedToolset = {
    kind,
    sized,
    loadMs,
    definitionTokens,
    upfrontTokens: sized.search?.upfrontTokens ?? definitionTokens,
    bind: (bindOptions) => {
      const stateDir = mkdtempSync(join(tmpdir(), `aci-eval-${kind}-`));
      const runtime = createRuntime(toolsetSpec, {
        baseUrl: bindOptions.baseUrl,
        fetch: bindOptions.fetch,
        approval: "queue",
        stateDir,
        env: bindOptions.env,
        ...(bindOptions.credentials === undefined ? {} : { credentials: bindOptions.credentials }),
        ...(bindOptions.config === undefined ? {} : { config: bindOptions.config }),
      } satisfies ToolsetOptions);
      return {
        tools: bindToolset(definitions, runtime),
        runtime,
        dispose: () => rmSync(stateDir, { recursive: true, force: true }),
      };
    },
  };
  return { toolset, plan: sized.plan, diagnostics: planned.diagnostics };
}

/** A placeholder credential for every security scheme the toolset uses: a mock upstream checks only that one is sent. */
export function placeholderCredentials(toolset: PlannedToolset): Record<string, Credential> {
  const spec = toToolsetSpec(toolset.sized.plan.toolset, toolset.sized.plan.tools, GENERATOR_VERSION);
  return Object.fromEntries(
    Object.entries(spec.securitySchemes).map(([name, scheme]): [string, Credential] => [
      name,
      scheme.type === "awsSigV4"
        ? { accessKeyId: "AKIAACIEVALPLACEHOLDER", secretAccessKey: "aci-eval-placeholder" }
        : scheme.type === "http" && scheme.scheme.toLowerCase() === "basic"
          ? "aci-eval:placeholder"
          : "aci-eval-placeholder",
    ]),
  );
}

/** A value of one configured value that meets its rules: built from its pattern, else its first allowed value or bound. */
function placeholderValue(spec: ConfigSpec): string {
  const rule = spec.rules[0];
  if (rule?.enum !== undefined && rule.enum.length > 0) return String(rule.enum[0]);
  if (spec.type !== "string") return String(rule?.minimum ?? 1);
  const bounds = { ...optional({ minLength: rule?.minLength, maxLength: rule?.maxLength }) };
  const sample = rule?.pattern === undefined ? undefined : patternSample(rule.pattern, bounds);
  return sample ?? "aci-eval-placeholder".padEnd(rule?.minLength ?? 0, "x").slice(0, rule?.maxLength);
}

/** A placeholder for every configured value the toolset sends (`$config.NAME`): the mock upstream checks only its shape. */
export function placeholderConfig(toolset: PlannedToolset): Record<string, string> {
  const config = toolset.sized.plan.toolset.config ?? {};
  return Object.fromEntries(Object.entries(config).map(([name, spec]) => [name, placeholderValue(spec)]));
}
