// The emit stage: ToolPlan → every file of the generated package (in memory), formatted, with its lockfile.
import { basename } from "node:path";
import type { Diagnostic } from "../diagnostics/types.js";
import type { ToolPlan } from "../planner/types.js";
import { compareStrings } from "../util/order.js";
import { constDecl, importDecl, valueToCode } from "./code.js";
import { commentText, jsonText } from "./escape.js";
import { formatFile } from "./format.js";
import { sizePlan, type SizingOptions } from "./definitions.js";
import { layoutJson } from "./json-layout.js";
import { wrapMarkdown } from "./markdown.js";
import { commentLines, print } from "./print.js";
import { buildLockfile, LOCKFILE, sha256 } from "./lockfile.js";
import { clientVariables } from "./client-setup.js";
import { mcpbManifest } from "./mcpb-manifest.js";
import { packageJson, tsconfigJson } from "./package-files.js";
import type { PackageSettings } from "./package-settings.js";
import { registryEntry } from "./registry-entry.js";
import { readmeView } from "./readme.js";
import { render } from "./render.js";
import { runtimeFiles } from "./runtime-files.js";
import { toToolsetSpec } from "./specs.js";
import { compilePlanSchemas } from "./tool-schema.js";
import { BUILD_BATCH_BYTES, buildProjects, buildsInBatches } from "./build-projects.js";
import { catalogInputs, catalogView } from "./catalog.js";
import { groupFiles, groupsModules } from "./groups.js";
import { listedDefinitions } from "./listed.js";
import {
  formatHelpersUsed,
  groupFileView,
  indexToolViews,
  toolFileView,
  toolNamesOf,
  type ToolFileView,
} from "./tools.js";
import { formatHelpersModule } from "./zod/formats.js";
import type { ZodDeclaration } from "./zod/index.js";

export interface EmitInput {
  readonly plan: ToolPlan;
  readonly generatorVersion: string;
  /** The API's own title and version (the package version is the API's). */
  readonly api: { readonly title: string; readonly version: string };
  /** The spec and goals files as given, and their bytes (or text), for the lockfile's hashes. */
  readonly sources: {
    readonly spec: { file: string; text: string | Uint8Array };
    readonly goals?: { file: string; text: string | Uint8Array };
  };
  /** The context budget and per-tool cap the tools are served within. */
  readonly sizing?: SizingOptions;
  /** npm name, version and publishing of the package; default private, named after the toolset, the API's version. */
  readonly package?: PackageSettings;
  /** One tool per operation (`--all-operations`): tools are then written in grouped modules (see groups.ts). */
  readonly allOperations?: boolean;
  /** The most bytes of group modules a grouped package compiles in one batch (default BUILD_BATCH_BYTES; see build-projects.ts). */
  readonly buildBatchBytes?: number;
}

export interface EmitResult {
  /** Path relative to the output folder → contents; sorted by path. */
  readonly files: Record<string, string>;
  readonly diagnostics: readonly Diagnostic[];
}

/** Renders, formats and locks the package; pure apart from reading aci-gen's own templates and runtime. */
export async function emitPackage(input: EmitInput): Promise<EmitResult> {
  const compiled = compilePlanSchemas(input.plan);
  // Only the served plan and the findings are kept: the measured definitions are garbage before the files are laid out.
  // A shortened tool's whole definition is counted as it is cut, so its text is not held while the rest are sized
  // (Microsoft Graph: 2.3 GB peak when held, 1.8 GB when not, and no slower).
  const { plan, diagnostics: sizing, inputs } = sizedWithInputs(input, compiled);
  const spec = toToolsetSpec(plan.toolset, plan.tools, input.api.version);
  const sourceComment = commentText(basename(input.sources.spec.file), 80);
  const grouped = groupsModules(plan, input.allOperations === true);
  const names = toolNamesOf(plan, compiled, grouped ? groupFiles(plan) : undefined);
  const sharedFormats = formatHelpersUsed(compiled.shared.map((d) => d.expression));
  const toolsetComment = commentText(spec.name, 80);
  const settings = input.package ?? { name: spec.name, version: spec.version, publishable: false };
  const variables = clientVariables(spec, plan.tools);
  const raw: Record<string, string> = {
    "tsconfig.json": layoutJson(tsconfigJson()),
    "manifest.json": jsonText(
      mcpbManifest({ toolset: spec.name, apiTitle: input.api.title, settings, tools: plan.tools, variables }),
    ),
    ...(settings.mcpName === undefined
      ? {}
      : {
          "server.json": jsonText(
            registryEntry({
              apiTitle: input.api.title,
              settings: { ...settings, mcpName: settings.mcpName },
              variables,
            }),
          ),
        }),
    "scripts/bundle.mjs": render("bundle.mjs.hbs", {}),
    "src/toolset.ts": render("toolset.ts.hbs", {
      header: commentLines(
        `Settings shared by every tool of ${toolsetComment}: servers, security schemes, caps. Generated by aci-gen; regenerate instead of editing.`,
      ),
      declaration: print(
        constDecl({ exported: true, name: "toolset", type: "ToolsetSpec", value: valueToCode(spec, { split: true }) }),
      ),
    }),
    "src/schemas.ts": render("schemas.ts.hbs", {
      header: commentLines(
        `Named schemas shared by the tools of ${toolsetComment}, as Zod. Generated by aci-gen from ${sourceComment}; regenerate instead of editing.`,
      ),
      imports: sharedFormats.length > 0 ? print(importDecl(sharedFormats, "./formats.js")) : "",
      declarations: compiled.shared.map((d) => declarationText(d, grouped)),
    }),
    "src/index.ts": render("index.ts.hbs", {
      header: commentLines(
        `The ${toolsetComment} toolset: every tool, each by name, and createToolset to bind them to other settings. Generated by aci-gen; regenerate instead of editing.`,
      ),
      tools: indexToolViews(plan, names),
    }),
    ...catalogFiles(toolsetComment, catalogView(plan, names, inputs, listedDefinitions(plan, compiled))),
    "src/server.ts": render("server.ts.hbs", {}),
    "src/approvals.ts": render("approvals.ts.hbs", {}),
    ...adapterFiles(),
  };
  const formatsUsed = new Set(sharedFormats);
  const modules = new Map<string, ToolFileView[]>();
  for (const tool of plan.tools) {
    const view = toolFileView(tool, compiled, sourceComment, names, grouped);
    modules.set(view.file, [...(modules.get(view.file) ?? []), view]);
    for (const name of view.formatsUsed) formatsUsed.add(name);
  }
  for (const [file, views] of modules)
    raw[`src/tools/${file}.ts`] = grouped
      ? render("group.ts.hbs", groupFileView(file, views, sourceComment))
      : render("tool.ts.hbs", views[0] as ToolFileView);
  if (formatsUsed.size > 0) raw["src/formats.ts"] = formatsModule(formatsUsed);
  const batchBytes = input.buildBatchBytes ?? BUILD_BATCH_BYTES;
  const batched = grouped && buildsInBatches(raw, batchBytes);
  raw["package.json"] = layoutJson(
    packageJson(spec, settings, batched ? "batched" : grouped ? "unchecked" : "checked"),
  );
  raw["README.md"] = wrapMarkdown(
    render(
      "README.md.hbs",
      readmeView(plan, spec, {
        apiTitle: input.api.title,
        specFile: basename(input.sources.spec.file),
        ...(input.sources.goals ? { goalsFile: basename(input.sources.goals.file) } : {}),
        settings,
        variables,
        grouped,
        batched,
      }),
    ),
  );
  const formatted = formatAll(raw);
  if (batched) Object.assign(formatted, buildFiles(formatted, batchBytes));
  for (const [path, text] of Object.entries(runtimeFiles())) formatted[`src/${path}`] = text;
  const lock = buildLockfile({
    plan,
    generatorVersion: input.generatorVersion,
    inputs: lockInputs(input),
    files: formatted,
  });
  formatted[LOCKFILE] = `${jsonText(lock)}\n`;
  return { files: sortByPath(formatted), diagnostics: [...compiled.diagnostics, ...sizing] };
}

/** `src/formats.ts`: the string-format predicates the schemas call, each written once (in formats.ts order). */
/** `src/catalog.ts` (what the server reads at start) and `src/catalog-search.ts` (read by the first search). */
function catalogFiles(toolsetComment: string, view: ReturnType<typeof catalogView>): Record<string, string> {
  return {
    "src/catalog.ts": render("catalog.ts.hbs", {
      header: commentLines(
        `The ${toolsetComment} toolset's catalog: what its MCP server reads at start of each tool (name, security, the listing of a tool listed before any search) and the module that defines it. Generated by aci-gen; regenerate instead of editing.`,
      ),
      heads: view.heads,
      modules: view.modules,
    }),
    "src/catalog-search.ts": render("catalog-search.ts.hbs", {
      header: commentLines(
        `The ${toolsetComment} toolset's search fields: each tool's name, description, risk, tags, profile and inputs, read by its MCP server's first tool search. Generated by aci-gen; regenerate instead of editing.`,
      ),
      entries: view.searchEntries,
    }),
  };
}

function formatsModule(used: ReadonlySet<string>): string {
  const helpers = formatHelpersModule().filter((h) => used.has(h.name));
  const header = commentLines(
    "Checks the schemas share, one each: string formats (JSON Schema `format`) and the refusal of an integer rounded past 2^53 - 1. Generated by aci-gen; regenerate instead of editing.",
  );
  const consts = helpers.map((h) => print(constDecl({ exported: true, name: h.name, value: h.code })));
  return [header, ...consts].join("\n\n");
}

/** A shared declaration that is a value a schema uses (a pattern `new RegExp(…)` or `/…/`), not a schema. */
const NOT_A_SCHEMA = /^(new RegExp\(|\/)/;

/**
 * `export const <name>[: z.ZodType] = …;` for one shared schema of schemas.ts; typed `z.ZodType` when recursive, and
 * always in a grouped package (no Zod type is then inferred for its declarations).
 */
function declarationText(declaration: ZodDeclaration, grouped: boolean): string {
  return print(
    constDecl({
      exported: true,
      name: declaration.name,
      ...(declaration.recursive || (grouped && !NOT_A_SCHEMA.test(declaration.expression))
        ? { type: "z.ZodType" }
        : {}),
      value: declaration.code,
    }),
  );
}

/** A grouped package's build: its compiler projects (replacing the single tsconfig.json) and scripts/build.mjs. */
function buildFiles(files: Readonly<Record<string, string>>, batchBytes: number): Record<string, string> {
  const projects = buildProjects(files, batchBytes);
  return {
    ...Object.fromEntries(
      Object.entries(projects).map(([path, config]) => [path, formatFile(path, layoutJson(config))]),
    ),
    "scripts/build.mjs": formatFile("scripts/build.mjs", render("build.mjs.hbs", {})),
  };
}

function adapterFiles(): Record<string, string> {
  return Object.fromEntries(
    ["mcp", "anthropic", "openai", "vercel-ai"].map((name) => [
      `src/adapters/${name}.ts`,
      render(`adapters/${name}.ts.hbs`, {}),
    ]),
  );
}

function formatAll(files: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) out[path] = formatFile(path, text);
  return out;
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

/** The sized plan, its findings and each tool's input names for the catalog; the measured definitions are dropped. */
function sizedWithInputs(input: EmitInput, compiled: ReturnType<typeof compilePlanSchemas>) {
  const sized = sizePlan(input.plan, compiled, { ...input.sizing, countWhole: true });
  const inputs = new Map(sized.definitions.map((d) => [d.name, catalogInputs(d.inputSchema)]));
  return { plan: sized.plan, diagnostics: sized.diagnostics, inputs };
}
