// The state one goal's planning accumulates: diagnostics, input uses, bound steps and their output schemas.
import { diagnostic } from "../../diagnostics/diagnostic.js";
import type { DiagnosticCode } from "../../diagnostics/catalog.js";
import type { Diagnostic } from "../../diagnostics/types.js";
import type { Goal, Located } from "../../goals/types.js";
import type { JsonSchema, Operation } from "../../model/api-model.js";
import type { ApiSource } from "../../model/api-source.js";

/** One place an input is bound: what it must satisfy there. */
export interface InputUse {
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly description?: string;
  readonly examples: readonly unknown[];
  /** e.g. `getUserByEmail query email`. */
  readonly boundTo: string;
  readonly node: Located;
  /** Spliced into a string template: text of any type, required unless the goal declares it optional. */
  readonly inTemplate?: boolean;
  /** Its description says what the tool finally does with the value (a pick's exact match), over the API's text. */
  readonly decisive?: true;
}

/** One place a configured value (`$config.NAME`) is bound in a step's request. */
export interface ConfigUse {
  readonly name: string;
  readonly stepIndex: number;
  /** The schema of where it goes (`{type: string}` inside a template). */
  readonly schema: JsonSchema;
  /** e.g. `path parameter "AccountSid" of CreateMessage`. */
  readonly place: string;
  readonly description?: string;
  readonly node: Located;
}

export interface BoundStep {
  readonly index: number;
  readonly operation: Operation;
  /** Output name → schema of the value it yields (`{}` when unknown). */
  readonly outputs: Map<string, JsonSchema>;
  /** The item a `pick` keeps: the schema `$response.body` has in the step's outputs. */
  readonly item?: JsonSchema;
}

export interface GoalContext {
  readonly api: ApiSource;
  readonly goal: Goal;
  /** Goals file path, for diagnostics of nodes without a position. */
  readonly file: string;
  readonly diagnostics: Diagnostic[];
  readonly inputUses: Map<string, InputUse[]>;
  /** Where `$config.NAME` values are bound, in the order found. */
  readonly configUses: ConfigUse[];
  readonly steps: Map<string, BoundStep>;
  /** Step ids in written order. */
  readonly stepOrder: readonly string[];
  /** Data dependencies: step id → ids of steps whose outputs it reads. */
  readonly reads: Map<string, Set<string>>;
}

export function createGoalContext(api: ApiSource, goal: Goal, file: string): GoalContext {
  return {
    api,
    goal,
    file,
    diagnostics: [],
    inputUses: new Map(),
    configUses: [],
    steps: new Map(),
    stepOrder: goal.steps.map((s) => s.id),
    reads: new Map(goal.steps.map((s) => [s.id, new Set<string>()])),
  };
}

/** Adds a diagnostic located at a goals-file node. */
export function report(
  ctx: Pick<GoalContext, "diagnostics" | "file">,
  code: DiagnosticCode,
  node: Located,
  init: { message?: string; hint?: string } = {},
): void {
  ctx.diagnostics.push(
    diagnostic(code, {
      ...init,
      file: node.position?.file ?? ctx.file,
      pointer: node.pointer,
      ...(node.position === undefined ? {} : { position: { line: node.position.line, column: node.position.column } }),
    }),
  );
}

export function recordInputUse(ctx: GoalContext, name: string, use: InputUse): void {
  const uses = ctx.inputUses.get(name) ?? [];
  uses.push(use);
  ctx.inputUses.set(name, uses);
}
