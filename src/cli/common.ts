// Options every command shares (spec, goals, all-operations filters, caps) and their conversion to PlanOptions.
import { InvalidArgumentError, Option, type Command } from "commander";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { isHttpMethod } from "../options.js";
import type { PackageOptions, PlanOptions } from "../options.js";
import { EXIT, type CliIo, type ExitCode } from "./io.js";
import { diagnosticsToJson, formatDiagnostics } from "./report.js";

export interface CommonFlags {
  readonly spec?: string;
  readonly goals?: string;
  readonly allOperations?: boolean;
  readonly includeTag: string[];
  readonly excludeTag: string[];
  readonly includeOperation: string[];
  readonly methods?: string[];
  readonly name?: string;
  readonly maxReturnBytes?: number;
  readonly definitionBudget?: number;
  readonly toolTokenCap?: number;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [
    ...previous,
    ...value
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v !== ""),
  ];
}

export function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return n;
}

function methodList(value: string, previous: string[] | undefined): string[] {
  const methods = collect(value.toLowerCase(), previous ?? []);
  const unknown = methods.filter((m) => !isHttpMethod(m));
  if (unknown.length > 0)
    throw new InvalidArgumentError(
      `unknown HTTP method ${unknown.join(", ")}; use get, put, post, delete, patch, head, options or trace`,
    );
  return methods;
}

/** Adds the shared flags to a command. */
export function addCommonOptions(command: Command): Command {
  return command
    .option(
      "--spec <file>",
      "OpenAPI document (JSON or YAML; Swagger 2.0, OpenAPI 3.0.x or 3.1.x); default the goals file's `spec:`",
    )
    .option("--goals <file>", "goals file: ours (aci: 1) or an Arazzo 1.0.x document")
    .option("--all-operations", "one single-step tool per operation (no goals file needed)")
    .option("--include-tag <tags>", "only operations with one of these tags (repeatable, comma-separated)", collect, [])
    .option("--exclude-tag <tags>", "leave out operations with any of these tags", collect, [])
    .option("--include-operation <ids>", 'only these operations: operationIds or "METHOD /path"', collect, [])
    .addOption(new Option("--methods <methods>", "only these HTTP methods, e.g. get,post").argParser(methodList))
    .option("--name <name>", "toolset (package and server) name")
    .addOption(
      new Option("--max-return-bytes <n>", "byte cap on what a tool returns (default 2048)").argParser(positiveInteger),
    )
    .addOption(
      new Option(
        "--definition-budget <tokens>",
        "context budget of the tool definitions; past it the toolset is served with tool search (default: the goals file's lint.budget, else 5000)",
      ).argParser(positiveInteger),
    )
    .addOption(
      new Option(
        "--tool-token-cap <tokens>",
        "largest tool definition; a larger input schema is described to the depth that fits (default 4000)",
      ).argParser(positiveInteger),
    )
    .option("--json", "machine-readable output on stdout")
    .option("--quiet", "print only errors");
}

/** The flags of the generated package's name, version and publishing (`generate`, and `check` to compare alike). */
export interface PackageFlags {
  readonly packageName?: string;
  readonly packageVersion?: string;
  readonly publishable?: boolean;
  readonly mcpName?: string;
}

/** Adds the package flags to a command. */
export function addPackageOptions(command: Command): Command {
  return command
    .option(
      "--package-name <name>",
      "npm name of the generated package, e.g. @your-scope/petstore-tools (default the toolset name)",
    )
    .option(
      "--package-version <version>",
      "version of the package, its MCP Bundle and registry entry (default the API's version)",
    )
    .option(
      "--publishable",
      "a package to publish: not private, ships dist, `npx <name>` starts the MCP server, with server.json",
    )
    .option(
      "--mcp-name <name>",
      "its name in the MCP registry, io.github.<owner>/<name> (default from the package's @scope)",
    );
}

/** The package flags as options (absent ones left out, so the defaults apply). */
export function toPackageOptions(flags: PackageFlags): PackageOptions {
  return {
    ...(flags.packageName === undefined ? {} : { packageName: flags.packageName }),
    ...(flags.packageVersion === undefined ? {} : { packageVersion: flags.packageVersion }),
    ...(flags.publishable === undefined ? {} : { publishable: flags.publishable }),
    ...(flags.mcpName === undefined ? {} : { mcpName: flags.mcpName }),
  };
}

/** The flags' PlanOptions; without `--spec` the spec is the goals file's `spec:` (relative to that file), else a diagnostic. */
export async function toPlanOptions(flags: CommonFlags): Promise<PlanOptions | Diagnostic[]> {
  if (flags.spec !== undefined) return planOptions(flags, flags.spec);
  if (flags.goals === undefined) return [diagnostic("GOALS_SPEC_MISSING")];
  const { loadGoals, resolveSpecPath } = await import("../goals/index.js");
  const loaded = await loadGoals(flags.goals, flags.allOperations ? { settingsOnly: true } : {});
  if (!loaded.goals) return loaded.diagnostics;
  const choice = resolveSpecPath(loaded.goals);
  return choice.ok ? planOptions(flags, choice.path) : [choice.diagnostic];
}

function planOptions(flags: CommonFlags, spec: string): PlanOptions {
  return {
    spec,
    ...(flags.goals === undefined ? {} : { goals: flags.goals }),
    ...(flags.allOperations === undefined ? {} : { allOperations: flags.allOperations }),
    includeTags: flags.includeTag,
    excludeTags: flags.excludeTag,
    includeOperations: flags.includeOperation,
    ...(flags.methods === undefined ? {} : { methods: flags.methods }),
    ...(flags.name === undefined ? {} : { name: flags.name }),
    ...(flags.maxReturnBytes === undefined ? {} : { maxReturnBytes: flags.maxReturnBytes }),
    ...(flags.definitionBudget === undefined ? {} : { definitionBudget: flags.definitionBudget }),
    ...(flags.toolTokenCap === undefined ? {} : { toolTokenCap: flags.toolTokenCap }),
  };
}

/** Reports options that name no usable spec (stderr, or `{ diagnostics }` on stdout with --json); always exit 2. */
export function reportBadOptions(io: CliIo, flags: CommonFlags, diagnostics: readonly Diagnostic[]): ExitCode {
  if (flags.json) io.out(`${JSON.stringify({ diagnostics: diagnosticsToJson(diagnostics) }, null, 2)}\n`);
  else io.err(formatDiagnostics(diagnostics));
  return EXIT.badInput;
}
