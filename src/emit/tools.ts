// Builds the view model of each tool file and of the shared-schema file, every string already escaped for its place.
import type { ToolDef, ToolPlan } from "../planner/types.js";
import { atom, call, constDecl, importDecl, object, str, valueToCode } from "./code.js";
import { commentText, toIdentifier } from "./escape.js";
import { commentLines, flat, print } from "./print.js";
import { withoutSpecDefaults } from "../runtime/spec-defaults.js";
import { toToolSpec } from "./specs.js";
import type { CompiledPlanSchemas } from "./tool-schema.js";
import { formatHelpersModule } from "./zod/formats.js";
import { compiledToCode } from "./zod/index.js";

/** Every piece of a tool file, printed: the template only places them. */
export interface ToolFileView {
  readonly name: string;
  readonly file: string;
  readonly header: string;
  /** `Tool name: title.`, the comment above the tool in a grouped module. */
  readonly summary: string;
  /** `import { … } from "../schemas.js";` and the like, one per module the tool needs (empty when none). */
  readonly imports: string;
  /** The `formats.ts` predicates the tool's schemas call. */
  readonly formatsUsed: readonly string[];
  /** The `schemas.ts` schemas the tool's schemas use. */
  readonly sharedUsed: readonly string[];
  readonly inputDeclaration: string;
  readonly inputType: string;
  readonly outputDeclaration: string;
  readonly toolDeclaration: string;
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The file name (without extension) of a tool: its name, unless that is a Windows device name. */
function toolFileName(name: string): string {
  return WINDOWS_DEVICE.test(name) ? `${name}_tool` : name;
}

/** What a tool is called in the generated source: its module's export and its file name (without extension). */
export interface ToolNames {
  readonly ident: string;
  readonly file: string;
}

/**
 * Unique idents and file names for every tool, in plan order: an ident never equals another tool's, a shared
 * schema's (imported beside it), or such a name with `Input`/`Output`; a file name never equals another's
 * ignoring case (case-insensitive file systems) nor a Windows device name. A clash takes `2`, `3`, …. With `groups`,
 * each tool's file is its group's.
 */
export function toolNamesOf(
  plan: ToolPlan,
  compiled: CompiledPlanSchemas,
  groups?: ReadonlyMap<string, string>,
): ReadonlyMap<string, ToolNames> {
  const idents = new Set([...compiled.shared.map((d) => d.name), ...formatHelpersModule().map((h) => h.name)]);
  const files = new Set<string>();
  const names = new Map<string, ToolNames>();
  const identFree = (id: string): boolean => ![id, `${id}Input`, `${id}Output`].some((n) => idents.has(n));
  for (const tool of plan.tools) {
    let ident = toIdentifier(tool.name);
    for (let n = 2; !identFree(ident); n++) ident = toIdentifier(tool.name, String(n));
    for (const used of [ident, `${ident}Input`, `${ident}Output`]) idents.add(used);
    const group = groups?.get(tool.name);
    if (group !== undefined) {
      names.set(tool.name, { ident, file: group });
      continue;
    }
    const wanted = toolFileName(tool.name);
    let file = wanted;
    for (let n = 2; files.has(file.toLowerCase()); n++) file = `${wanted}_${n}`;
    files.add(file.toLowerCase());
    names.set(tool.name, { ident, file });
  }
  return names;
}

function namesOf(names: ReadonlyMap<string, ToolNames>, tool: string): ToolNames {
  const found = names.get(tool);
  if (!found) throw new Error(`no names allocated for tool ${tool}`);
  return found;
}

export function toolFileView(
  tool: ToolDef,
  compiled: CompiledPlanSchemas,
  sourceComment: string,
  names: ReadonlyMap<string, ToolNames>,
  grouped = false,
): ToolFileView {
  const schemas = compiled.tools[tool.name];
  if (!schemas) throw new Error(`no compiled schemas for tool ${tool.name}`);
  const { ident, file } = namesOf(names, tool.name);
  const input = compiledToCode({ code: schemas.inputCode, locals: schemas.inputLocals }, { typescript: true });
  const output = compiledToCode({ code: schemas.outputCode, locals: schemas.outputLocals }, { typescript: true });
  const identifiers = identifiersIn([
    schemas.input,
    schemas.output,
    ...[...schemas.inputLocals, ...schemas.outputLocals].map((l) => l.expression),
  ]);
  const formatsUsed = namesAmong(identifiers, formatHelperNames());
  const shared = namesAmong(identifiers, sharedNamesOf(compiled));
  const title = commentText(tool.title.endsWith(".") ? tool.title : `${tool.title}.`);
  // A grouped module's schemas are typed `z.ZodType`: no Zod type is inferred for the declarations (see groups.ts).
  const schemaType = grouped ? { type: "z.ZodType" } : {};
  const definition = object([
    ["spec", valueToCode(withoutSpecDefaults(toToolSpec(tool)), { split: true })],
    ["inputSchema", atom(`${ident}Input`)],
    ["outputSchema", atom(`${ident}Output`)],
  ]);
  return {
    name: tool.name,
    file,
    header: commentLines(
      `Tool ${tool.name}: ${title} Generated by aci-gen from ${sourceComment}; regenerate instead of editing.`,
    ),
    summary: commentLines(`Tool ${tool.name}: ${title}`),
    imports: toolImports(formatsUsed, shared),
    formatsUsed,
    sharedUsed: shared,
    inputDeclaration: print(constDecl({ exported: true, name: `${ident}Input`, ...schemaType, value: input })),
    inputType: grouped ? "" : `export type ${typeName(ident)}Input = z.infer<typeof ${ident}Input>;`,
    outputDeclaration: print(constDecl({ exported: true, name: `${ident}Output`, ...schemaType, value: output })),
    toolDeclaration: print(constDecl({ exported: true, name: ident, value: call("defineTool", definition) })),
  };
}

/** The import lines of a tool module: the format predicates and shared schemas it uses (empty when none). */
function toolImports(formats: readonly string[], shared: readonly string[]): string {
  return [
    ...(formats.length > 0 ? [print(importDecl(formats, "../formats.js"))] : []),
    ...(shared.length > 0 ? [print(importDecl(shared, "../schemas.js"))] : []),
  ].join("\n");
}

/** `adoptPet` → `AdoptPet`: the tool's types beside its consts. */
function typeName(ident: string): string {
  return ident.charAt(0).toUpperCase() + ident.slice(1);
}

/** Names of the `formats.ts` helpers that appear as identifiers in `sources`, sorted. */
export function formatHelpersUsed(sources: readonly string[]): string[] {
  const known = formatHelperNames();
  const found = new Set<string>();
  for (const source of sources)
    for (const word of source.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []) if (known.has(word)) found.add(word);
  return [...found].sort();
}

/** Every identifier-like word of the sources (string contents included: a superset is harmless for imports). */
function identifiersIn(sources: readonly string[]): Set<string> {
  const identifiers = new Set<string>();
  for (const source of sources)
    for (const word of source.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []) identifiers.add(word);
  return identifiers;
}

/** The names of `known` among `identifiers`, sorted; walks the smaller of the two (a tool uses few of ~1,000 shared names). */
function namesAmong(identifiers: ReadonlySet<string>, known: ReadonlySet<string>): string[] {
  const [small, large] = identifiers.size < known.size ? [identifiers, known] : [known, identifiers];
  return [...small].filter((name) => large.has(name)).sort();
}

let helperNames: ReadonlySet<string> | undefined;
function formatHelperNames(): ReadonlySet<string> {
  return (helperNames ??= new Set(formatHelpersModule().map((h) => h.name)));
}

const sharedNames = new WeakMap<CompiledPlanSchemas, ReadonlySet<string>>();
function sharedNamesOf(compiled: CompiledPlanSchemas): ReadonlySet<string> {
  let names = sharedNames.get(compiled);
  if (names === undefined) sharedNames.set(compiled, (names = new Set(compiled.shared.map((d) => d.name))));
  return names;
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
  readonly importLine: string;
}

export function indexToolViews(plan: ToolPlan, names: ReadonlyMap<string, ToolNames>): IndexToolView[] {
  return plan.tools.map((tool) => ({
    ...namesOf(names, tool.name),
    key: tool.name,
    keyLiteral: flat(str(tool.name)),
    importLine: print(
      importDecl(
        [`${namesOf(names, tool.name).ident} as ${namesOf(names, tool.name).ident}Definition`],
        `./tools/${namesOf(names, tool.name).file}.js`,
      ),
    ),
    exportName: safeName(tool.name),
  }));
}

/** Every piece of a grouped module (`src/tools/<group>.ts`): its tools' declarations, imports merged. */
export interface GroupFileView {
  readonly header: string;
  readonly imports: string;
  readonly tools: readonly ToolFileView[];
}

/** The view of one group's module from the views of its tools (in plan order). */
export function groupFileView(group: string, tools: readonly ToolFileView[], sourceComment: string): GroupFileView {
  const formats = [...new Set(tools.flatMap((t) => t.formatsUsed))].sort();
  const shared = [...new Set(tools.flatMap((t) => t.sharedUsed))].sort();
  const count = tools.length === 1 ? "1 tool" : `${tools.length} tools`;
  return {
    header: commentLines(
      `Tools of the ${commentText(group)} group (${count}, by tag or resource). Generated by aci-gen from ` +
        `${sourceComment}; regenerate instead of editing.`,
    ),
    imports: toolImports(formats, shared),
    tools,
  };
}
