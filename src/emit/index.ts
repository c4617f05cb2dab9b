// The emit stage: ToolPlan → every file of the generated package (in memory), formatted, with its lockfile.
import { basename } from "node:path";
import type { Diagnostic } from "../diagnostics/types.js";
import type { ToolPlan } from "../planner/types.js";
import { compareStrings } from "../util/order.js";
import { commentText, jsLiteral } from "./escape.js";
import { formatFile } from "./format.js";
import { buildLockfile, LOCKFILE, sha256 } from "./lockfile.js";
import { packageJson, tsconfigJson } from "./package-files.js";
import { readmeView } from "./readme.js";
import { render } from "./render.js";
import { runtimeFiles } from "./runtime-files.js";
import { toToolsetSpec } from "./specs.js";
import { compilePlanSchemas } from "./tool-schema.js";
import { indexToolViews, toolFileView, toolNamesOf } from "./tools.js";

export interface EmitInput {
  readonly plan: ToolPlan;
  readonly generatorVersion: string;
  /** The API's own title and version (the package version is the API's). */
  readonly api: { readonly title: string; readonly version: string };
  /** The spec and goals files as given, and their bytes, for the lockfile's hashes. */
  readonly sources: { readonly spec: { file: string; text: string }; readonly goals?: { file: string; text: string } };
}

export interface EmitResult {
  /** Path relative to the output folder → contents; sorted by path. */
  readonly files: Record<string, string>;
  readonly diagnostics: readonly Diagnostic[];
}

/** Renders, formats and locks the package; pure apart from reading aci-gen's own templates and runtime. */
export async function emitPackage(input: EmitInput): Promise<EmitResult> {
  const { plan } = input;
  const compiled = compilePlanSchemas(plan);
  const spec = toToolsetSpec(plan.toolset, plan.tools, input.api.version);
  const sourceComment = commentText(basename(input.sources.spec.file), 80);
  const names = toolNamesOf(plan, compiled);
  const raw: Record<string, string> = {
    "package.json": JSON.stringify(packageJson(spec), null, 2),
    "tsconfig.json": JSON.stringify(tsconfigJson(), null, 2),
    "README.md": render("README.md.hbs", readmeView(plan, spec, { apiTitle: input.api.title, specFile: basename(input.sources.spec.file), ...(input.sources.goals ? { goalsFile: basename(input.sources.goals.file) } : {}) })),
    "src/toolset.ts": render("toolset.ts.hbs", { toolset: commentText(spec.name, 80), specLiteral: jsLiteral(spec) }),
    "src/schemas.ts": render("schemas.ts.hbs", { toolset: commentText(spec.name, 80), sourceComment, declarations: compiled.shared }),
    "src/index.ts": render("index.ts.hbs", { toolset: commentText(spec.name, 80), tools: indexToolViews(plan, names) }),
    "src/server.ts": render("server.ts.hbs", {}),
    "src/approvals.ts": render("approvals.ts.hbs", {}),
    ...adapterFiles(),
  };
  for (const tool of plan.tools) {
    const view = toolFileView(tool, compiled, sourceComment, names);
    raw[`src/tools/${view.file}.ts`] = render("tool.ts.hbs", view);
  }
  const formatted = await formatAll(raw);
  for (const [path, text] of Object.entries(runtimeFiles())) formatted[`src/${path}`] = text;
  const lock = buildLockfile({ plan, generatorVersion: input.generatorVersion, inputs: lockInputs(input), files: formatted });
  formatted[LOCKFILE] = `${JSON.stringify(lock, null, 2)}\n`;
  return { files: sortByPath(formatted), diagnostics: compiled.diagnostics };
}

function adapterFiles(): Record<string, string> {
  return Object.fromEntries(["mcp", "anthropic", "openai", "vercel-ai"].map((name) => [`src/adapters/${name}.ts`, render(`adapters/${name}.ts.hbs`, {})]));
}

async function formatAll(files: Record<string, string>): Promise<Record<string, string>> {
  const entries = await Promise.all(Object.entries(files).map(async ([path, text]) => [path, await formatFile(path, text)] as const));
  return Object.fromEntries(entries);
}

function lockInputs(input: EmitInput): Record<string, { file: string; sha256: string }> {
  const { spec, goals } = input.sources;
  return {
    spec: { file: basename(spec.file), sha256: sha256(spec.text) },
    ...(goals ? { goals: { file: basename(goals.file), sha256: sha256(goals.text) } } : {}),
  };
}

function sortByPath(files: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of Object.keys(files).sort(compareStrings)) out[path] = files[path] as string;
  return out;
}
