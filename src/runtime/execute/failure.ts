// A failed step (HTTP status, transport error, missing output) → the error the model sees, naming the step.
import { DEFAULT_SUGGESTIONS, errorDetail, httpStatusError, timedSuggestion } from "../errors.js";
import type { Redactor } from "../redact.js";
import type { ErrorCode, ErrorEnvelope, StepSpec } from "../types.js";
import type { TransportError } from "../transport.js";
import { headerWaits } from "../http/retry.js";
import { criteriaRefusal } from "./refusal.js";

/** The error body of an envelope. */
export type ErrorBody = ErrorEnvelope["error"];

/** The generic suggestion for an error code. */
export function defaultSuggestion(code: ErrorCode): string {
  return DEFAULT_SUGGESTIONS[code];
}

/** `step "update" (PUT /secrets/{name})`: how messages name a step. */
export const label = (step: StepSpec): string => `step "${step.id}" (${step.method.toUpperCase()} ${step.path})`;

/**
 * A response that failed the step: by status (spec description + upstream summary), or by unmet success criteria on a
 * 2xx.
 */
export function responseFailure(
  step: StepSpec,
  response: { status: number; headers: Headers; body: unknown },
  redact?: Redactor,
): ErrorBody {
  const { status } = response;
  if (status >= 200 && status < 300) return criteriaRefusal(step, response, redact);
  const detail = httpStatusError({
    step,
    status,
    body: response.body,
    ...headerWaits(response.headers, Date.now()),
    ...(redact === undefined ? {} : { redact }),
  });
  return { ...detail, message: `Step "${step.id}": ${detail.message}`, step: step.id };
}

/**
 * A transport error (a non-2xx status, network, timeout, …) attributed to the step; the step's hint for that status or
 * code wins.
 */
export function transportFailure(step: StepSpec, error: TransportError): ErrorBody {
  const suggestion =
    (error.status === undefined ? undefined : step.errorHints[String(error.status)]) ??
    step.errorHints[error.code] ??
    error.suggestion;
  return {
    ...error,
    message: `${label(step)}: ${error.message}`,
    suggestion: timedSuggestion(suggestion, error.retry_after_seconds),
    step: step.id,
  };
}

/**
 * A polling step whose retries ran out while the API answered 2xx without meeting the success criteria: still under
 * way, not failed. Carries the step's path parameters (the ids to poll with) and the tool that polls, when there is
 * one.
 */
export function stillInProgress(
  step: StepSpec,
  { checks, ids }: { checks: number; ids: Readonly<Record<string, unknown>> },
): ErrorBody {
  const tool = step.pollWith?.tool;
  const args = step.pollWith
    ? Object.fromEntries(Object.entries(ids).map(([name, value]) => [step.pollWith?.inputs[name] ?? name, value]))
    : ids;
  const shown = Object.entries(args)
    .map(([name, value]) => `${name} ${JSON.stringify(value)}`)
    .join(", ");
  return errorDetail({
    code: "IN_PROGRESS",
    message: `${label(step)} still reports the work under way after ${checks} check${checks === 1 ? "" : "s"}`,
    suggestion:
      tool === undefined
        ? `The API is still working on it; do not start it again. Check again in a while (${shown}).`
        : `The API is still working on it; do not start it again. Call ${tool} with ${shown} in a while to see ` +
          "when it is done.",
    step: step.id,
    retryable: true,
    poll: { ...(tool === undefined ? {} : { tool }), arguments: args },
  });
}

/** A declared output that resolved to nothing (missing or an empty list): the goal cannot go on. */
export function missingOutput(step: StepSpec, output: string): ErrorBody {
  return {
    code: "NOT_FOUND",
    message:
      `${label(step)} found nothing: its output "${output}" (${step.outputs[output]}) is missing or ` +
      `empty in the response`,
    suggestion: step.errorHints.NOT_FOUND ?? DEFAULT_SUGGESTIONS.NOT_FOUND,
    step: step.id,
    retryable: false,
  };
}

/** A required parameter whose value is missing: nothing is sent. */
export function missingParameter(step: StepSpec, name: string): ErrorBody {
  return {
    code: "INVALID_ARGUMENT",
    message: `${label(step)} needs the ${name} parameter, but no value was given for it`,
    suggestion: step.errorHints.INVALID_ARGUMENT ?? `Pass the input that supplies "${name}".`,
    step: step.id,
    retryable: false,
  };
}

/**
 * Adds which steps already ran and whether any changed state (`"unknown"` from the failed step itself stays unless an
 * earlier step certainly did), so the model never repeats a committed action blindly.
 * Once state changed, the failed step's own advice stays only when it is not "retry" advice (a retryable error's
 * suggestion says to call again, which would repeat the committed steps).
 */
export function withProgress(error: ErrorBody, completed: readonly string[], committed: readonly string[]): ErrorBody {
  if (completed.length === 0) return error;
  if (committed.length === 0)
    return { ...error, completed_steps: completed, side_effects_committed: error.side_effects_committed ?? false };
  const names = committed.map((id) => `"${id}"`).join(", ");
  const warning =
    `Step${committed.length === 1 ? "" : "s"} ${names} already ran and changed state: do not ` +
    `repeat this call blindly — check the current state first, then continue only with what is missing.`;
  const keep = !error.retryable || error.code === "IN_PROGRESS";
  const suggestion = keep ? `${error.suggestion} ${warning}` : warning;
  return { ...error, completed_steps: completed, side_effects_committed: true, retryable: false, suggestion };
}
