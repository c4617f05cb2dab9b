// Builds the view model of each tool file and of the shared-schema file, every string already escaped for its place.
import type { ToolDef, ToolPlan } from "../planner/types.js";
import { commentText, jsLiteral, jsString, toIdentifier } from "./escape.js";
import { flatLiteral, layoutExpression } from "./layout.js";
import { toToolSpec } from "./specs.js";
import type { CompiledPlanSchemas } from "./tool-schema.js";
import { formatHelpersModule } from "./zod/formats.js";
import { compiledToSource } from "./zod/index.js";

export interface ToolFileView {
  readonly name: string;
  readonly file: string;
  readonly ident: string;
  readonly headerComment: string;
  readonly sourceComment: string;
  readonly sharedImports: string;
  /** The `formats.ts` predicates the tool's schemas call, comma-separated. */
  readonly formatImports: string;
  readonly inputSchema: string;
  readonly outputSchema: string;
  readonly specLiteral: string;
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
 * ignoring case (case-insensitive file systems) nor a Windows device name. A clash takes `2`, `3`, ….
 */
export function toolNamesOf(plan: ToolPlan, compiled: CompiledPlanSchemas): ReadonlyMap<string, ToolNames> {
  const idents = new Set([...compiled.shared.map((d) => d.name), ...formatHelpersModule().map((h) => h.name)]);
  const files = new Set<string>();
  const names = new Map<string, ToolNames>();
  const identFree = (id: string): boolean => ![id, `${id}Input`, `${id}Output`].some((n) => idents.has(n));
  for (const tool of plan.tools) {
    let ident = toIdentifier(tool.name);
    for (let n = 2; !identFree(ident); n++) ident = toIdentifier(tool.name, String(n));
    for (const used of [ident, `${ident}Input`, `${ident}Output`]) idents.add(used);
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
): ToolFileView {
  const schemas = compiled.tools[tool.name];
  if (!schemas) throw new Error(`no compiled schemas for tool ${tool.name}`);
  const { ident, file } = namesOf(names, tool.name);
  const inputSource = compiledToSource(
    { expression: schemas.input, locals: schemas.inputLocals },
    { typescript: true },
  );
  const outputSource = compiledToSource(
    { expression: schemas.output, locals: schemas.outputLocals },
    { typescript: true },
  );
  // Laid out for their places in tool.ts.hbs: `export const <ident>Input = …;` and `  spec: …,`.
  const inputSchema = layoutExpression(inputSource, { column: `export const ${ident}Input = `.length, suffix: 1 });
  const outputSchema = layoutExpression(outputSource, { column: `export const ${ident}Output = `.length, suffix: 1 });
  const identifiers = identifiersIn([inputSource, outputSource]);
  return {
    name: tool.name,
    file,
    ident,
    headerComment: commentText(tool.title.endsWith(".") ? tool.title : `${tool.title}.`),
    sourceComment,
    sharedImports: namesAmong(identifiers, sharedNamesOf(compiled)).join(", "),
    formatImports: namesAmong(identifiers, formatHelperNames()).join(", "),
    inputSchema,
    outputSchema,
    specLiteral: layoutExpression(flatLiteral(toToolSpec(tool), jsString), {
      indent: 2,
      column: "  spec: ".length,
      suffix: 1,
    }),
  };
}

/** Names of the `formats.ts` helpers that appear as identifiers in `sources`, sorted. */
export function formatHelpersUsed(sources: readonly string[]): string[] {
  return namesAmong(identifiersIn(sources), formatHelperNames());
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
}

export function indexToolViews(plan: ToolPlan, names: ReadonlyMap<string, ToolNames>): IndexToolView[] {
  return plan.tools.map((tool) => ({
    ...namesOf(names, tool.name),
    key: tool.name,
    keyLiteral: jsLiteral(tool.name),
    exportName: safeName(tool.name),
  }));
}
