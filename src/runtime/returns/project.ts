// A successful execution + the tool's returns spec → the result object before the byte cap.
import type { EvaluationContext } from "../expressions/index.js";
import { withFailedItemsNote } from "./failed-items.js";
import type { StartedTask, UnfinishedStatus } from "../execute/step.js";
import {
  type AnswerHeaders,
  asResultObject,
  defaultResult,
  withAcceptedNote,
  withMorePagesNote,
  withTaskNote,
  withUnfinishedNote,
  withCallLimitNotes,
} from "./shape.js";

/** What projection needs from a run: the final context, the projection (if any), the last response. */
export interface ProjectionInput {
  readonly context: EvaluationContext;
  readonly projection?: (context: EvaluationContext) => unknown;
  readonly last?: {
    readonly status: number;
    readonly body: unknown;
    readonly headers?: AnswerHeaders;
    readonly url?: string;
    readonly unfinished?: UnfinishedStatus;
    readonly failedItems?: string;
    readonly startedTask?: StartedTask;
    /** The last step reads: a 202 to it says what it asks for is not ready (see `StepResponse.read`). */
    readonly read?: true;
    /** Its spec documents a bodiless 202 as none found (see `StepResponse.noneFound`). */
    readonly noneFound?: string;
  };
}

/**
 * The projection evaluated in the final context, else the last step's response body denoised; with the note that the
 * work is not finished when the last answer's status says so, it names a background task or it is a 202 Accepted,
 * which items failed when its per-item results say so, and that it is one page of several when its headers or body
 * say so.
 */
export function projectResult(input: ProjectionInput): Record<string, unknown> {
  const last = input.last;
  const result =
    input.projection !== undefined
      ? asResultObject(input.projection(input.context))
      : defaultResult(last?.body, last?.status, last?.headers, last?.url, last);
  const noted = withTaskNote(withUnfinishedNote(result, last?.unfinished), last?.startedTask);
  const unfinished = withAcceptedNote(noted, last?.status, last?.headers, last?.read);
  const paged = withMorePagesNote(withFailedItemsNote(unfinished, last?.failedItems), last?.headers, last?.body);
  return withCallLimitNotes(paged, last?.body);
}
