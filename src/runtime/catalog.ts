// A toolset's manifest (each tool's listing and search fields) + its modules' loaders → tools imported on first use.
import { bindTool, type BoundTool, type Runtime, type ToolDefinition } from "./tool.js";
import type { OperationProfile, StepSpec, ToolHead } from "./types.js";

/** One tool as the manifest holds it: what listing, search and start-up need, without its schemas. */
export interface CatalogEntry extends ToolHead {
  readonly tags?: readonly string[];
  readonly profile?: OperationProfile;
  readonly deferLoading?: boolean;
  /** The tool's top-level inputs (without `request_id`), as tool search reads them. */
  readonly inputNames: readonly string[];
  /** Those of them a call must give. */
  readonly requiredInputs: readonly string[];
  /** The security of the tool's first step that has any, for the start-up credential notices. */
  readonly security?: StepSpec["security"];
  /**
   * Its tools/list entry, for a tool listed before any search: computed when the package was generated from the same
   * schemas, exactly as the server would, so listing it imports nothing.
   */
  readonly definition?: Readonly<Record<string, unknown>>;
  /** The module that defines the tool (`src/tools/<module>.ts`) and its export there. */
  readonly module: string;
  readonly export: string;
}

/** A module of tool definitions, by export name. */
export type ToolModule = Readonly<Record<string, unknown>>;

/** The manifest and a loader per module: definitions are imported the first time one of their tools is needed. */
export interface ToolCatalog {
  readonly entries: readonly CatalogEntry[];
  /** The definition of the tool `name`, importing its module the first time; undefined for an unknown name. */
  load(name: string): Promise<ToolDefinition | undefined>;
  /** Every definition, in manifest order (imports every module). */
  loadAll(): Promise<ToolDefinition[]>;
  /** The modules imported so far. */
  loadedModules(): readonly string[];
}

/** The catalog over `entries`; `modules` maps each module name to its dynamic import. */
export function toolCatalog(
  entries: readonly CatalogEntry[],
  modules: Readonly<Record<string, () => Promise<ToolModule>>>,
): ToolCatalog {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const imported = new Map<string, Promise<ToolModule>>();
  const importModule = (name: string): Promise<ToolModule> => {
    let found = imported.get(name);
    if (found === undefined) {
      const loader = Object.hasOwn(modules, name) ? modules[name] : undefined;
      if (loader === undefined) throw new Error(`the toolset has no tool module ${name}`);
      found = loader();
      imported.set(name, found);
    }
    return found;
  };
  const load = async (name: string): Promise<ToolDefinition | undefined> => {
    const entry = byName.get(name);
    if (entry === undefined) return undefined;
    const definition = (await importModule(entry.module))[entry.export] as ToolDefinition | undefined;
    if (definition === undefined) throw new Error(`tools/${entry.module} does not export ${entry.export}`);
    return definition;
  };
  return {
    entries,
    load,
    loadAll: () => Promise.all(entries.map(async (entry) => (await load(entry.name)) as ToolDefinition)),
    loadedModules: () => [...imported.keys()],
  };
}

/** The catalog's tools bound to `runtime`, each bound once, when first loaded. */
export function bindCatalog(catalog: ToolCatalog, runtime: Runtime): (name: string) => Promise<BoundTool | undefined> {
  const bound = new Map<string, Promise<BoundTool | undefined>>();
  return (name) => {
    let tool = bound.get(name);
    if (tool === undefined) {
      tool = catalog.load(name).then((def) => (def === undefined ? undefined : bindTool(def, runtime)));
      bound.set(name, tool);
    }
    return tool;
  };
}
