// Options every command shares (spec, goals, all-operations filters, caps) and their conversion to PlanOptions.
import { InvalidArgumentError, Option, type Command } from "commander";
import { isHttpMethod } from "../options.js";
import type { PlanOptions } from "../options.js";

export interface CommonFlags {
  readonly spec: string;
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
  return [...previous, ...value.split(",").map((v) => v.trim()).filter((v) => v !== "")];
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return n;
}

function methodList(value: string, previous: string[] | undefined): string[] {
  const methods = collect(value.toLowerCase(), previous ?? []);
  const unknown = methods.filter((m) => !isHttpMethod(m));
  if (unknown.length > 0) throw new InvalidArgumentError(`unknown HTTP method ${unknown.join(", ")}; use get, put, post, delete, patch, head, options or trace`);
  return methods;
}

/** Adds the shared flags to a command. */
export function addCommonOptions(command: Command): Command {
  return command
    .requiredOption("--spec <file>", "OpenAPI document (JSON or YAML; Swagger 2.0, OpenAPI 3.0.x or 3.1.x)")
    .option("--goals <file>", "goals file: ours (aci: 1) or an Arazzo 1.0.x document")
    .option("--all-operations", "one single-step tool per operation (no goals file needed)")
    .option("--include-tag <tags>", "only operations with one of these tags (repeatable, comma-separated)", collect, [])
    .option("--exclude-tag <tags>", "leave out operations with any of these tags", collect, [])
    .option("--include-operation <ids>", 'only these operations: operationIds or "METHOD /path"', collect, [])
    .addOption(new Option("--methods <methods>", "only these HTTP methods, e.g. get,post").argParser(methodList))
    .option("--name <name>", "toolset (package and server) name")
    .addOption(new Option("--max-return-bytes <n>", "byte cap on what a tool returns (default 2048)").argParser(positiveInteger))
    .addOption(new Option("--definition-budget <tokens>", "context budget of the tool definitions; past it the toolset is served with tool search (default: the goals file's lint.budget, else 5000)").argParser(positiveInteger))
    .addOption(new Option("--tool-token-cap <tokens>", "largest tool definition; a larger input schema is described to the depth that fits (default 4000)").argParser(positiveInteger))
    .option("--json", "machine-readable output on stdout")
    .option("--quiet", "print only errors");
}

export function toPlanOptions(flags: CommonFlags): PlanOptions {
  return {
    spec: flags.spec,
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
