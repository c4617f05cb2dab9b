// A successful execution + the tool's returns spec → the result object before the byte cap.
import type { EvaluationContext } from "../expressions/index.js";
import { type AnswerHeaders, asResultObject, defaultResult } from "./shape.js";

/** What projection needs from a run: the final context, the projection (if any), the last response. */
export interface ProjectionInput {
  readonly context: EvaluationContext;
  readonly projection?: (context: EvaluationContext) => unknown;
  readonly last?: {
    readonly status: number;
    readonly body: unknown;
    readonly headers?: AnswerHeaders;
    readonly url?: string;
  };
}

/** The projection evaluated in the final context, else the last step's response body denoised. */
export function projectResult(input: ProjectionInput): Record<string, unknown> {
  if (input.projection !== undefined) return asResultObject(input.projection(input.context));
  const last = input.last;
  return defaultResult(last?.body, last?.status, last?.headers, last?.url);
}
