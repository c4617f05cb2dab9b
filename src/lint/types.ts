// Lint data shapes: rule names, findings, the context every rule reads, the rule signature, and the budget report.
import type { ToolDefinitionView } from "../emit/definitions.js";
import type { Goal, GoalSpec } from "../goals/types.js";
import type { ApiSource } from "../model/api-source.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";

/** The stable rule names of docs/lint.md. */
export const RULE_NAMES = [
  "too-many-tools",
  "missing-when-to-use",
  "placeholder-text",
  "similar-tool-names",
  "undescribed-parameter",
  "unconstrained-string",
  "action-without-approval",
  "return-over-cap",
  "generic-tool",
  "split-goal",
  "description-too-long",
  "name-too-long",
  "definition-budget",
  "delete-target-from-search",
  "required-body-field-optional",
  "credential-input",
  "account-input",
  "action-target-not-named",
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

/** The meta rule reporting a mistake in the goals file's `lint:` section (not configurable). */
export const CONFIG_RULE = "lint-config";

export type FindingSeverity = "error" | "warn";
export type RuleSetting = "off" | FindingSeverity;

/** Where a finding is: the goals file for a goal, the spec for an operation (line when known). */
export interface FindingLocation {
  readonly file?: string;
  readonly line?: number;
  readonly pointer?: string;
}

/** One lint finding, as `lint --json` prints it. */
export interface Finding extends FindingLocation {
  readonly rule: RuleName | typeof CONFIG_RULE;
  readonly severity: FindingSeverity;
  readonly tool?: string;
  readonly message: string;
  /** The concrete repair. */
  readonly hint: string;
}

/** What a rule reports; the runner adds the rule name and the configured severity. */
export interface RuleFinding extends FindingLocation {
  readonly tool?: string;
  readonly message: string;
  readonly hint: string;
  /** Caps the severity (a medium-risk `approval: none` is a warning even when the rule is an error). */
  readonly atMost?: "warn";
}

/** Everything the rules read; built once per lint run, never mutated. */
export interface LintContext {
  readonly plan: ToolPlan;
  /** The API; rules resolve only the operations the plan calls, which planning resolved already. */
  readonly api: ApiSource;
  /** Absent in all-operations mode. */
  readonly goals?: GoalSpec;
  /** Each tool as a client lists it, with its o200k token count. */
  readonly definitions: readonly ToolDefinitionView[];
  readonly budget: BudgetReport;
  /** Line of a pointer in the goals file, when it was read from a file. */
  readonly goalsLine: (pointer: string) => number | undefined;
  /** Line of a pointer in the spec, when it was read from a file. */
  readonly specLine: (pointer: string) => number | undefined;
}

/** A rule: a pure function from the context to its findings. */
export type Rule = (ctx: LintContext) => readonly RuleFinding[];

/** A rule's definition: its default severity and what it checks. */
export interface RuleDefinition {
  readonly severity: FindingSeverity;
  readonly check: Rule;
}

/** The goal a tool was planned from (goals mode only). */
export function goalOf(ctx: LintContext, tool: ToolDef): Goal | undefined {
  return ctx.goals?.goals.find((g) => g.name === tool.name);
}

/** One tool's line of the report. */
export interface ToolBudget {
  readonly name: string;
  /** o200k tokens of `{name, description, inputSchema}` as an MCP client lists it. */
  readonly tokens: number;
  readonly descriptionChars: number;
  /** The description passes 2,048 characters, where clients cut it. */
  readonly cutByClients: boolean;
  /** Why the input schema as written is not accepted by OpenAI strict mode (the openai adapter lowers it). */
  readonly strictMode: readonly string[];
  /** Why Anthropic/OpenAI reject the name (`^[a-zA-Z0-9_-]{1,64}$`), when they do. */
  readonly nameProblem?: string;
}

/**
 * How the toolset is served, which decides what a model sees before the user types: every definition (`all`), or
 * the core tools plus the search tools (`search`, when all the definitions pass the budget).
 */
export type Serving =
  | { readonly mode: "all" }
  | {
      readonly mode: "search";
      /** The tools listed upfront. */
      readonly core: readonly string[];
    };

export interface BudgetReport {
  readonly tools: readonly ToolBudget[];
  /** o200k tokens of every definition together. */
  readonly totalTokens: number;
  readonly budget: number;
  /** `totalTokens` passes the budget (the toolset is then served with tool search). */
  readonly overBudget: boolean;
  readonly serving: Serving;
  /** What the model is shown before any search: every definition, or the core plus `search_tools` and `call_tool`. */
  readonly upfrontTokens: number;
  /** The members of a definition the counts include, and those an MCP tools/list entry also carries that they leave out. */
  readonly counted: { readonly included: readonly string[]; readonly excluded: readonly string[] };
}
