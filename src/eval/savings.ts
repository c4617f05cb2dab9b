// A planned goal + the spec's examples and schemas → what it saves by construction: calls (1 instead of one per step) and the bytes the model reads against what the endpoints return.
import { projectReturn, sampleResponse } from "../lint/projected-return.js";
import type { ApiSource } from "../model/api-source.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";

/** One goal's savings, measured on paper (no model, no API). */
export interface GoalSavings {
  readonly tool: string;
  /** Calls the model makes with the goal tool: always 1. */
  readonly calls: 1;
  /** Calls the model makes with one tool per operation: one per step. */
  readonly endpointCalls: number;
  /** JSON bytes of the goal's result as the model reads it (projected, then capped at the toolset's byte cap). */
  readonly resultBytes: number;
  /** JSON bytes the steps' endpoints return in all, from each success response's first example, else its schema. */
  readonly endpointBytes: number;
}

const jsonBytes = (value: unknown): number =>
  value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value), "utf8");

/** The savings of one tool. */
export function goalSavings(api: ApiSource, tool: ToolDef, maxReturnBytes: number): GoalSavings {
  return {
    tool: tool.name,
    calls: 1,
    endpointCalls: tool.steps.length,
    resultBytes: Math.min(projectReturn(api, tool).bytes, maxReturnBytes),
    endpointBytes: tool.steps.reduce((n, step) => n + jsonBytes(sampleResponse(api, step).body), 0),
  };
}

/** Every tool's savings, in plan order. */
export function planSavings(api: ApiSource, plan: ToolPlan): GoalSavings[] {
  return plan.tools.map((tool) => goalSavings(api, tool, plan.toolset.maxReturnBytes));
}

const n = (value: number): string => value.toLocaleString("en-US");

/** The `plan`/`lint` section: per goal and in total, calls and bytes. */
export function savingsToText(savings: readonly GoalSavings[]): string {
  if (savings.length === 0) return "";
  const lines = savings.map((s) => {
    const calls = s.endpointCalls > 1 ? `1 call instead of ${s.endpointCalls}` : "1 call (1 endpoint)";
    const where = s.endpointCalls > 1 ? "the endpoints return" : "the endpoint returns";
    return `  ${s.tool}: ${calls}; reads ${n(s.resultBytes)} bytes where ${where} ${n(s.endpointBytes)}`;
  });
  const sum = (pick: (s: GoalSavings) => number): number => savings.reduce((total, s) => total + pick(s), 0);
  const total = `  total: ${savings.length} calls instead of ${sum((s) => s.endpointCalls)}; reads ${n(sum((s) => s.resultBytes))} bytes where the endpoints return ${n(sum((s) => s.endpointBytes))}`;
  return `savings by construction (one call per goal; bytes from the spec's examples, else its schemas):\n${[...lines, total].join("\n")}\n`;
}
