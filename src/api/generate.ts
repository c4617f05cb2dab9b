// The `generate` API: plan, emit every file of the tool package in memory, and write them into outDir when one is given.
import { hasErrors } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { sizingOptions } from "../emit/definitions.js";
import { emitPackage } from "../emit/index.js";
import { resolvePackageSettings } from "../emit/package-settings.js";
import type { PackageOptions, PlanOptions } from "../options.js";
import type { ToolPlan } from "../planner/types.js";
import { readBytes } from "../util/read-text.js";
import { GENERATOR_VERSION } from "../version.js";
import { writeOutput, type WriteResult } from "../write/output.js";
import { plan } from "./plan.js";

export interface GenerateOptions extends PlanOptions, PackageOptions {
  /** Folder to write the package into; nothing is written without it. */
  readonly outDir?: string;
  /** The most bytes of tool modules a grouped package's build compiles in one batch (default 4 MB; tests force it small). */
  readonly buildBatchBytes?: number;
}

export interface GenerateResult {
  /** Path relative to the package folder → contents (empty when an error stopped generation). */
  readonly files: Record<string, string>;
  readonly plan?: ToolPlan;
  readonly diagnostics: readonly Diagnostic[];
  /** What writing did, when `outDir` was given and generation succeeded. */
  readonly written?: WriteResult;
}

/** Generates the tool package for `options`; bad input never throws, it comes back as diagnostics. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const planned = await plan(options);
  if (!planned.plan || !planned.api || hasErrors(planned.diagnostics))
    return { files: {}, diagnostics: planned.diagnostics };
  return emitPlanned(options, {
    plan: planned.plan,
    api: { title: planned.api.index.title, version: planned.api.index.version },
    budget: planned.goals?.lint?.budget,
    diagnostics: planned.diagnostics,
  });
}

/** What emit needs of a plan result: the ingested API and its located source are not kept while the files are built. */
interface Planned {
  readonly plan: ToolPlan;
  readonly api: { readonly title: string; readonly version: string };
  readonly budget: number | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

async function emitPlanned(options: GenerateOptions, planned: Planned): Promise<GenerateResult> {
  const resolved = resolvePackageSettings(options, {
    toolset: planned.plan.toolset.name,
    apiVersion: planned.api.version,
  });
  if (resolved.diagnostics)
    return { files: {}, plan: planned.plan, diagnostics: [...planned.diagnostics, ...resolved.diagnostics] };
  const emitted = await emitPackage({
    plan: planned.plan,
    package: resolved.settings,
    generatorVersion: GENERATOR_VERSION,
    api: planned.api,
    sizing: sizingOptions(options, planned.budget, options.goals !== undefined && options.allOperations !== true),
    allOperations: options.allOperations === true,
    ...(options.buildBatchBytes === undefined ? {} : { buildBatchBytes: options.buildBatchBytes }),
    sources: {
      spec: await sourceOf(options.spec, "spec.json"),
      ...(options.goals === undefined ? {} : { goals: await sourceOf(options.goals, "goals.json") }),
    },
  });
  const diagnostics = [...planned.diagnostics, ...emitted.diagnostics];
  if (hasErrors(diagnostics)) return { files: {}, plan: planned.plan, diagnostics };
  if (options.outDir === undefined) return { files: emitted.files, plan: planned.plan, diagnostics };
  const written = await writeOutput(options.outDir, emitted.files);
  return { files: emitted.files, plan: planned.plan, diagnostics: [...diagnostics, ...written.diagnostics], written };
}

async function sourceOf(
  input: string | object,
  fallbackName: string,
): Promise<{ file: string; text: string | Uint8Array }> {
  if (typeof input === "string") return { file: input, text: await readBytes(input) };
  return { file: fallbackName, text: JSON.stringify(input) };
}
