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

/** The fields of an entry the server reads at start, besides its name (`src/catalog.ts`). */
type HeadField = "deferLoading" | "security" | "definition" | "module" | "export";

/**
 * What start-up reads of a tool, enough to answer initialize and tools/list: its name, whether it waits for a search,
 * its security (for the credential notices), its tools/list entry if listed before any search, and its module.
 */
export type CatalogHead = Pick<CatalogEntry, "name" | HeadField>;

/** The rest of an entry, with its name (`src/catalog-search.ts`): read by the first search. */
export type CatalogSearchFields = Omit<CatalogEntry, HeadField>;

/** A module of tool definitions, by export name. */
export type ToolModule = Readonly<Record<string, unknown>>;

/** The manifest and a loader per module: definitions are imported the first time one of their tools is needed. */
export interface ToolCatalog {
  /** Each tool's head, in the toolset's order. */
  readonly heads: readonly CatalogHead[];
  /** Each tool's whole entry, in the toolset's order; the search fields are read the first time. */
  entries(): Promise<readonly CatalogEntry[]>;
  /** The definition of the tool `name`, importing its module the first time; undefined for an unknown name. */
  load(name: string): Promise<ToolDefinition | undefined>;
  /** Every definition, in manifest order (imports every module). */
  loadAll(): Promise<ToolDefinition[]>;
  /** The modules imported so far. */
  loadedModules(): readonly string[];
}

/**
 * The catalog over `heads`; `searchFields` imports the rest of each entry (in the same order), `modules` maps each
 * module name to its dynamic import.
 */
export function toolCatalog(
  heads: readonly CatalogHead[],
  searchFields: () => Promise<{ readonly entries: readonly CatalogSearchFields[] }>,
  modules: Readonly<Record<string, () => Promise<ToolModule>>>,
): ToolCatalog {
  const byName = new Map(heads.map((head) => [head.name, head]));
  const imported = new Map<string, Promise<ToolModule>>();
  let whole: Promise<readonly CatalogEntry[]> | undefined;
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
    const head = byName.get(name);
    if (head === undefined) return undefined;
    const definition = (await importModule(head.module))[head.export] as ToolDefinition | undefined;
    if (definition === undefined) throw new Error(`tools/${head.module} does not export ${head.export}`);
    return definition;
  };
  return {
    heads,
    entries: () => (whole ??= searchFields().then(({ entries }) => joinEntries(heads, entries))),
    load,
    loadAll: () => Promise.all(heads.map(async (head) => (await load(head.name)) as ToolDefinition)),
    loadedModules: () => [...imported.keys()],
  };
}

/** Each head with its search fields; throws when the two lists do not name the same tools in the same order. */
function joinEntries(heads: readonly CatalogHead[], fields: readonly CatalogSearchFields[]): CatalogEntry[] {
  return heads.map((head, i) => {
    const own = fields[i];
    if (own?.name !== head.name)
      throw new Error(`the catalog's search fields do not match its tools at ${i} (${head.name}, ${own?.name})`);
    return { ...own, ...head };
  });
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
