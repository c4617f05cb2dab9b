// A planned read-only goal whose result is its last step's list → that step's PagingSpec and the `continuation` input.
import type { Goal } from "../../goals/types.js";
import type { Operation } from "../../model/api-model.js";
import { CONTINUATION_INPUT } from "../../runtime/paged.js";
import { pagingOf } from "../paging.js";
import type { ReturnsPlan, StepPlan, ToolInput } from "../types.js";
import { report, type GoalContext } from "./context.js";

export const CONTINUATION: ToolInput = {
  name: CONTINUATION_INPUT,
  schema: { type: "string", minLength: 1 },
  required: false,
  description:
    "To read on: `_continuation` of the previous result, passed exactly as it was (with the same other arguments). " +
    "Left out, the list starts at its first page.",
  boundTo: [],
};

/**
 * Pages a goal that lists: every step reads, the result is the last step's list (no `returns`, no `pick`), and the
 * operation pages in a way the spec shows; the paging parameters then no longer count as narrowing the result (the
 * continuation reads on). `pages` on a step that cannot page is PLAN_PAGES_UNSUPPORTED.
 */
export function withPaging(
  ctx: GoalContext,
  {
    goal,
    steps,
    operations,
    returns,
    inputs,
  }: {
    goal: Goal;
    steps: readonly StepPlan[];
    operations: readonly Operation[];
    returns: ReturnsPlan;
    inputs: readonly ToolInput[];
  },
): { steps: StepPlan[]; inputs: ToolInput[]; returns: ReturnsPlan } {
  const lastIndex = steps.length - 1;
  const last = steps[lastIndex];
  const operation = operations[lastIndex];
  const eligible =
    last !== undefined &&
    operation !== undefined &&
    last.pick === undefined &&
    last.exactlyOne === undefined &&
    returns.projection === undefined &&
    steps.every((s) => s.readOnly) &&
    !inputs.some((i) => i.name === CONTINUATION_INPUT);
  const paging = eligible ? pagingOf(operation, ctx.api.schema) : undefined;
  for (const [index, step] of goal.steps.entries())
    if (step.pages !== undefined && (index !== lastIndex || paging === undefined))
      report(ctx, "PLAN_PAGES_UNSUPPORTED", step.pages, {
        message: `step "${step.id}" asks for pages, but ${index !== lastIndex ? "it is not the goal's last step" : "its goal does not return its list as it is, or its operation shows no way to ask for another page"}`,
      });
  if (paging === undefined || last === undefined) return { steps: [...steps], inputs: [...inputs], returns };
  const maxItems = goal.steps[lastIndex]?.pages?.maxItems;
  // The runtime sends the paging parameters on later pages: a refusal naming one is no field the goal left out.
  const runtimeSent = new Set([paging.size, paging.page, paging.offset, paging.cursor]);
  const { unsent: left = [], ...step } = last;
  const unsent = left.filter((name) => !runtimeSent.has(name));
  const paged: StepPlan = {
    ...step,
    paging: { ...paging, ...(maxItems === undefined ? {} : { maxItems }) },
    ...(unsent.length === 0 ? {} : { unsent }),
  };
  const pagers = new Set(
    [paging.size, paging.page, paging.offset, paging.cursor].map((name) => `${last.operationId} query ${name}`),
  );
  const pagingInputs = new Set(inputs.filter((i) => i.boundTo.some((b) => pagers.has(b))).map((i) => i.name));
  return {
    steps: [...steps.slice(0, lastIndex), paged],
    inputs: [...inputs, CONTINUATION],
    returns: { ...returns, narrowingInputs: returns.narrowingInputs.filter((n) => !pagingInputs.has(n)) },
  };
}
