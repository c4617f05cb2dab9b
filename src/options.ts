// Resolves the options of generate/plan/check/lint (CLI or API) once into a frozen context with every default filled in.
import type { HttpMethod } from "./model/api-model.js";
import type { OperationFilter } from "./planner/all-operations.js";

export const DEFAULT_MAX_RETURN_BYTES = 2048;
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Options shared by `generate`, `plan`, `check` and `lint`, as the CLI flags and the API take them. */
export interface PlanOptions {
  /** Path to the OpenAPI document (JSON or YAML), or the already-parsed document. */
  readonly spec: string | object;
  /** Path to the goals file (ours or Arazzo), or the already-parsed document. */
  readonly goals?: string | object;
  /** One single-step tool per operation; no goals file needed. */
  readonly allOperations?: boolean;
  readonly includeTags?: readonly string[];
  readonly excludeTags?: readonly string[];
  readonly includeOperations?: readonly string[];
  readonly methods?: readonly string[];
  /** Toolset (package) name; else the goals file's, else the spec title. */
  readonly name?: string;
  readonly maxReturnBytes?: number;
  /** Context budget of the toolset's definitions in o200k tokens (default 5,000); past it the toolset is served with tool search. */
  readonly definitionBudget?: number;
  /** Upper bound of one tool definition in o200k tokens (default 4,000); a larger input schema is described to the depth that fits. */
  readonly toolTokenCap?: number;
}

/** How the generated package is named, versioned and published (`generate` and `check`). */
export interface PackageOptions {
  /** npm name of the package (`@scope/name`); default the toolset name. */
  readonly packageName?: string;
  /** Version of the package, its MCP Bundle and registry entry; default the API's version. */
  readonly packageVersion?: string;
  /** Not private: `files`, `prepublishOnly`, a bin named as the package, and a registry entry (server.json). */
  readonly publishable?: boolean;
  /** The server's name in the MCP registry (`io.github.owner/name`); default from the package's scope. */
  readonly mcpName?: string;
}

export interface ResolvedOptions {
  readonly spec: string | object;
  readonly goals: string | object | undefined;
  readonly allOperations: boolean;
  readonly filter: OperationFilter;
  readonly name: string | undefined;
  readonly maxReturnBytes: number | undefined;
}

const METHODS: ReadonlySet<string> = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

export function isHttpMethod(text: string): text is HttpMethod {
  return METHODS.has(text);
}

export function resolveOptions(options: PlanOptions): ResolvedOptions {
  return Object.freeze({
    spec: options.spec,
    goals: options.goals,
    allOperations: options.allOperations ?? false,
    filter: Object.freeze({
      includeTags: [...(options.includeTags ?? [])],
      excludeTags: [...(options.excludeTags ?? [])],
      includeOperations: [...(options.includeOperations ?? [])],
      methods: (options.methods ?? []).map((m) => m.toLowerCase()).filter(isHttpMethod),
    }),
    name: options.name,
    maxReturnBytes: options.maxReturnBytes,
  });
}
