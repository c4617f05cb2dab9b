// A served plan + where each tool is written → `src/catalog.ts`, the manifest the MCP server starts from.
import type { ToolDef, ToolPlan } from "../planner/types.js";
import type { CatalogEntry, CatalogHead, CatalogSearchFields } from "../runtime/catalog.js";
import { seq, str } from "./code.js";
import { flat, print } from "./print.js";
import { toolHead } from "./specs.js";
import type { ToolNames } from "./tools.js";

/** A tool's top-level inputs as its advertised input schema lists them (without `request_id`). */
export interface CatalogInputs {
  readonly inputNames: readonly string[];
  readonly requiredInputs: readonly string[];
}

/** The inputs an advertised input JSON Schema lists at its top level, and those it requires. */
export function catalogInputs(inputSchema: Readonly<Record<string, unknown>>): CatalogInputs {
  const properties = inputSchema["properties"];
  const required = inputSchema["required"];
  const names = properties !== null && typeof properties === "object" ? Object.keys(properties) : [];
  return {
    inputNames: names.filter((name) => name !== "request_id"),
    requiredInputs: Array.isArray(required)
      ? required.filter((name): name is string => typeof name === "string" && name !== "request_id")
      : [],
  };
}

/** One tool's manifest entry; optional fields only when the tool has them. */
export function catalogEntry(
  tool: ToolDef,
  names: ToolNames,
  inputs: CatalogInputs,
  definition?: Readonly<Record<string, unknown>>,
): CatalogEntry {
  const security = tool.steps.find((step) => step.security.some((r) => Object.keys(r).length > 0))?.security;
  return {
    ...toolHead(tool),
    ...(tool.tags === undefined ? {} : { tags: tool.tags }),
    ...(tool.profile === undefined ? {} : { profile: tool.profile }),
    ...(tool.deferLoading === true ? { deferLoading: true } : {}),
    inputNames: inputs.inputNames,
    requiredInputs: inputs.requiredInputs,
    ...(security === undefined ? {} : { security }),
    ...(definition === undefined ? {} : { definition }),
    module: names.file,
    export: names.ident,
  };
}

/** An entry as the server reads it at start (`src/catalog.ts`), and the rest of it, by name (`src/catalog-search.ts`). */
export function splitEntry(entry: CatalogEntry): { head: CatalogHead; search: CatalogSearchFields } {
  const { deferLoading, security, definition, module, export: exported, ...search } = entry;
  return {
    head: {
      name: entry.name,
      ...(deferLoading === undefined ? {} : { deferLoading }),
      ...(security === undefined ? {} : { security }),
      ...(definition === undefined ? {} : { definition }),
      module,
      export: exported,
    },
    search,
  };
}

/**
 * JSON text with every character past ASCII written as `\uXXXX`: the same value when parsed, and a generated module
 * of it stays one byte per character in V8 (one non-Latin-1 character makes the whole source two bytes a character).
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Each value as one JSON string literal, cut into `"…" +` pieces within the line width. */
function jsonLiterals(values: readonly unknown[]): string[] {
  return values.map((value) => print(seq(str(asciiJson(value), true), ","), { indent: 2 }));
}

/**
 * The bodies of `src/catalog.ts` (each tool's head: what the server reads at start) and `src/catalog-search.ts` (each
 * tool's search fields, read by the first search), each entry one JSON text parsed at run time (which costs less than
 * evaluating object literals and keeps the type checker out of them), and a dynamic import per module.
 */
export function catalogView(
  plan: ToolPlan,
  names: ReadonlyMap<string, ToolNames>,
  inputs: ReadonlyMap<string, CatalogInputs>,
  listed: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
): { heads: string[]; searchEntries: string[]; modules: string[] } {
  const split = plan.tools.map((tool) => {
    const own = names.get(tool.name);
    const toolInputs = inputs.get(tool.name);
    if (own === undefined || toolInputs === undefined)
      throw new Error(`no catalog names or inputs for tool ${tool.name}`);
    return splitEntry(catalogEntry(tool, own, toolInputs, listed.get(tool.name)));
  });
  const modules = [...new Set([...names.values()].map((n) => n.file))].map(
    (file) =>
      `${/^[A-Za-z_$][\w$]*$/.test(file) ? file : flat(str(file))}: () => import(${flat(str(`./tools/${file}.js`))}),`,
  );
  return {
    heads: jsonLiterals(split.map((entry) => entry.head)),
    searchEntries: jsonLiterals(split.map((entry) => entry.search)),
    modules,
  };
}
