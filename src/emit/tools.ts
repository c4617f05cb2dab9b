// Builds the view model of each tool file and of the shared-schema file, every string already escaped for its place.
import type { ToolDef, ToolPlan } from "../planner/types.js";
import { commentText, jsLiteral, toIdentifier } from "./escape.js";
import { toToolSpec } from "./specs.js";
import type { CompiledPlanSchemas } from "./tool-schema.js";
import { compiledToSource } from "./zod/index.js";

export interface ToolFileView {
  readonly name: string;
  readonly file: string;
  readonly ident: string;
  readonly headerComment: string;
  readonly sourceComment: string;
  readonly sharedImports: string;
  readonly inputSchema: string;
  readonly outputSchema: string;
  readonly specLiteral: string;
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The file name (without extension) of a tool: its name, unless that is a Windows device name. */
export function toolFileName(name: string): string {
  return WINDOWS_DEVICE.test(name) ? `${name}_tool` : name;
}

export function toolFileView(tool: ToolDef, compiled: CompiledPlanSchemas, sourceComment: string): ToolFileView {
  const schemas = compiled.tools[tool.name];
  if (!schemas) throw new Error(`no compiled schemas for tool ${tool.name}`);
  const inputSchema = compiledToSource({ expression: schemas.input, locals: schemas.inputLocals }, { typescript: true });
  const outputSchema = compiledToSource({ expression: schemas.output, locals: schemas.outputLocals }, { typescript: true });
  return {
    name: tool.name,
    file: toolFileName(tool.name),
    ident: toIdentifier(tool.name),
    headerComment: commentText(tool.title.endsWith(".") ? tool.title : `${tool.title}.`),
    sourceComment,
    sharedImports: sharedNamesUsed(`${inputSchema}\n${outputSchema}`, compiled).join(", "),
    inputSchema,
    outputSchema,
    specLiteral: jsLiteral(toToolSpec(tool)),
  };
}

function sharedNamesUsed(source: string, compiled: CompiledPlanSchemas): string[] {
  const identifiers = new Set(source.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []);
  return compiled.shared.map((d) => d.name).filter((name) => identifiers.has(name)).sort();
}

/** The tool name itself as an export, suffixed when it is a reserved word or a name the index uses. */
function safeName(name: string): string {
  return name.includes("_") ? name : toIdentifier(name);
}

export interface IndexToolView {
  readonly ident: string;
  readonly file: string;
  readonly key: string;
  readonly keyLiteral: string;
  readonly exportName: string;
}

export function indexToolViews(plan: ToolPlan): IndexToolView[] {
  return plan.tools.map((tool) => ({
    ident: toIdentifier(tool.name),
    file: toolFileName(tool.name),
    key: tool.name,
    keyLiteral: jsLiteral(tool.name),
    exportName: safeName(tool.name),
  }));
}
