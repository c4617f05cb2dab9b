// One step: evaluate its request, call the transport (Arazzo retries), check criteria, compute outputs, pick the next.
import { type EvaluationContext, readHeader, resolvePointer } from "../expressions/index.js";
import { pointerTokens } from "../expressions/pointer.js";
import type { CallTransport, HttpOutcome, HttpResponse, OperationRequest } from "../transport.js";
import type { ResultMedia } from "../media.js";
import type { Redactor } from "../redact.js";
import { createHash, randomUUID } from "node:crypto";
import type { ActionSpec, ParamSpec, ProgressSpec, RequestStampSpec, TaskSpec } from "../types.js";
import type { CompiledAction, CompiledStep } from "./compile.js";
import { rateLimitWaitMs } from "../http/retry.js";
import { repeatsSafely, saysNotDone } from "../http/repeats.js";
import { withCurrentState } from "./keep-current.js";
import { pickItem } from "./pick.js";
import { pageAfter } from "./paging.js";
import { exactlyOneItem } from "./exactly-one.js";
import { answerRefusal } from "./refusal.js";
import { failedItemsNote, joinNotes, notDoneNote } from "../returns/failed-items.js";
import {
  missingOutput,
  missingParameter,
  responseFailure,
  stillInProgress,
  transportFailure,
  type ErrorBody,
} from "./failure.js";

/** Waits `ms` milliseconds unless the signal aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What a step needs from the run. */
export interface StepEnv {
  readonly transport: CallTransport;
  readonly signal?: AbortSignal;
  readonly sleep: Sleep;
  /** Upper bound for one retry wait, whatever retryAfter or Retry-After say. */
  readonly maxRetryWaitMs: number;
  /** Scrubs credentials from upstream error text. */
  readonly redact?: Redactor;
  /** The toolset's configured values (`$config.NAME`). */
  readonly config?: Readonly<Record<string, string | number>>;
  /** The idempotency key of a step's next run (`seededKeys` of a queued request); absent: a fresh random key. */
  readonly idempotencyKey?: (stepId: string) => string;
}

/** The response a step received, kept for the default projection. */
export interface StepResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  /** The URL the request went to (its query is what a paged step asked for). */
  readonly url?: string;
  /** The body's status member says the work is still under way (see `StepSpec.progress`). */
  readonly unfinished?: UnfinishedStatus;
  /**
   * The note saying which of the answer's per-item results failed (see `StepSpec.itemErrors`) and what its members say
   * was not done (see `StepSpec.notDone`).
   */
  readonly failedItems?: string;
  /** The background task the answer names (see `StepSpec.task`). */
  readonly startedTask?: StartedTask;
  /** An image or audio answer's bytes (see `HttpResponse.media`), for the result to carry beside its note. */
  readonly media?: ResultMedia;
  /** A 202 answered a read (a GET or an RPC read): what it asks for is not ready, no work was queued. */
  readonly read?: true;
  /** The spec's description of a read's 202 when it says the read found none ("no blacklist found"). */
  readonly noneFound?: string;
  /** The members whose null or empty string the answer keeps (see `StepSpec.keepEmpty`). */
  readonly keepEmpty?: readonly string[];
}

/**
 * Where an answer says its work is not finished, the value it says so with (`running`), and whether the call only read
 * the record (rev.ai's `GET /jobs/{id}` of a job `in_progress`) rather than starting the work.
 */
export interface UnfinishedStatus {
  readonly at: string;
  readonly value: string;
  readonly read?: true;
}

/** Where a write's answer names the background task it started, its id, and the tool that reads the task. */
export interface StartedTask {
  readonly at: string;
  readonly id: string | number;
  readonly reader?: { readonly tool: string; readonly input: string };
}

/** The task the body names at the step's task pointer, when it names one (a non-blank string or a number). */
export function startedTask(task: TaskSpec | undefined, body: unknown): StartedTask | undefined {
  if (task === undefined) return undefined;
  const id = resolvePointer(body, pointerTokens(task.pointer));
  const named = (typeof id === "string" && id.trim() !== "") || (typeof id === "number" && Number.isFinite(id));
  return named ? { at: task.pointer, id, ...(task.reader === undefined ? {} : { reader: task.reader }) } : undefined;
}

/** The body's progress status when it holds one of the values that say the work is not finished. */
export function unfinishedStatus(progress: ProgressSpec | undefined, body: unknown): UnfinishedStatus | undefined {
  if (progress === undefined) return undefined;
  if (progress.items !== undefined) return unfinishedItem(progress, progress.items, body);
  const value = resolvePointer(body, pointerTokens(progress.pointer));
  return typeof value === "string" && progress.unfinished.includes(value) ? { at: progress.pointer, value } : undefined;
}

/** The first item of the answer's list whose status says its work is not finished (`/actions/1/status`). */
function unfinishedItem(progress: ProgressSpec, items: string, body: unknown): UnfinishedStatus | undefined {
  const list = resolvePointer(body, pointerTokens(items));
  if (!Array.isArray(list)) return undefined;
  const tokens = pointerTokens(progress.pointer);
  const index = list.findIndex((item) => {
    const value = resolvePointer(item, tokens);
    return typeof value === "string" && progress.unfinished.includes(value);
  });
  if (index < 0) return undefined;
  return { at: `${items}/${index}${progress.pointer}`, value: resolvePointer(list[index], tokens) as string };
}

/** A step's result: its outputs and next move, or its error and (for a failure `goto`) where to go. */
export type StepOutcome =
  | {
      readonly ok: true;
      readonly outputs: Record<string, unknown>;
      readonly response: StepResponse;
      readonly next?: ActionSpec;
    }
  | { readonly ok: false; readonly error: ErrorBody; readonly next?: ActionSpec };

type Built =
  | { readonly ok: true; readonly request: OperationRequest }
  | { readonly ok: false; readonly error: ErrorBody };

/**
 * Idempotency keys fixed by `seed` (a queued request's id): the n-th run of a step gets the same key every time the
 * request executes, each step its own, so executing it again sends what the API already recognises.
 */
export function seededKeys(seed: string): (stepId: string) => string {
  const runs = new Map<string, number>();
  return (stepId) => {
    const run = (runs.get(stepId) ?? 0) + 1;
    runs.set(stepId, run);
    const hex = createHash("sha256").update(`${seed}\n${stepId}\n${run}`).digest("hex");
    const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
    const parts = [hex.slice(0, 8), hex.slice(8, 12), `4${hex.slice(13, 16)}`, `${variant}${hex.slice(17, 20)}`];
    return [...parts, hex.slice(20, 32)].join("-");
  };
}

/** The idempotency key of one run of a step, as a header or query parameter: one key for all its retries. */
function idempotencyParam(step: CompiledStep, key: string | undefined): { spec: ParamSpec; value: string }[] {
  const place = step.spec.idempotencyKey;
  if (place === undefined || key === undefined || place.in === "body") return [];
  const query = place.in === "query";
  const spec: ParamSpec = {
    name: place.name,
    in: place.in,
    required: false,
    value: { kind: "literal", value: key },
    style: query ? "form" : "simple",
    explode: query,
    allowReserved: false,
  };
  return [{ spec, value: key }];
}

/** The value of a stamp at `now`: a fresh UUID, or the time in the stamp's format. */
export function stampValue(value: RequestStampSpec["value"], now: Date): string {
  switch (value) {
    case "uuid":
      return randomUUID();
    case "epoch-ms":
      return String(now.getTime());
    case "epoch-s":
      return String(Math.floor(now.getTime() / 1000));
    case "http-date":
      return now.toUTCString();
    case "date-time":
      return now.toISOString();
  }
}

/** The headers that name or date this request (a request id, the time it is sent), made afresh for each request. */
function stampParams(step: CompiledStep): { spec: ParamSpec; value: string }[] {
  const now = new Date();
  return (step.spec.stamps ?? []).map((stamp) => {
    const value = stampValue(stamp.value, now);
    const spec: ParamSpec = {
      name: stamp.name,
      in: "header",
      required: false,
      value: { kind: "literal", value },
      style: "simple",
      explode: false,
      allowReserved: false,
    };
    return { spec, value };
  });
}

/** The body with the run's idempotency key set, when the operation takes it as a top-level body field. */
function keyedBody(step: CompiledStep, value: unknown, key: string | undefined): unknown {
  const place = step.spec.idempotencyKey;
  if (place?.in !== "body" || key === undefined) return value;
  if (value === undefined) return { [place.name]: key };
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return { ...(value as Record<string, unknown>), [place.name]: key };
}

function buildRequest(step: CompiledStep, ctx: EvaluationContext, key: string | undefined): Built {
  const params = [
    ...step.params.map((p) => ({ spec: p.spec, value: p.value(ctx) })),
    ...idempotencyParam(step, key),
    ...stampParams(step),
  ];
  const missing = params.find((p) => p.spec.required && p.value === undefined);
  if (missing !== undefined) return { ok: false, error: missingParameter(step.spec, missing.spec.name) };
  const body =
    step.body === undefined ? undefined : { spec: step.body.spec, value: keyedBody(step, step.body.value(ctx), key) };
  return { ok: true, request: { step: step.spec, params, ...(body === undefined ? {} : { body }) } };
}

/** The answer of the API, if it answered: a 2xx outcome, or the response a failed outcome carries. */
function answerOf(outcome: HttpOutcome): HttpResponse | undefined {
  return outcome.ok ? outcome : outcome.response;
}

function responseContext(
  base: EvaluationContext,
  request: OperationRequest,
  response: HttpResponse | undefined,
): EvaluationContext {
  const requestPart = { body: request.body?.value };
  if (response === undefined) return { ...base, method: request.step.method.toUpperCase(), request: requestPart };
  return {
    ...base,
    method: request.step.method.toUpperCase(),
    url: response.url,
    statusCode: response.status,
    request: requestPart,
    response: { headers: response.headers, body: response.body },
  };
}

const isEmpty = (value: unknown): boolean => value === undefined || (Array.isArray(value) && value.length === 0);

function firstApplying(actions: readonly CompiledAction[], ctx: EvaluationContext): ActionSpec | undefined {
  return actions.find((action) => action.applies(ctx))?.spec;
}

/** The context the outputs read: with a `pick`, `$response.body` is the one matching item. */
function pickedContext(
  step: CompiledStep,
  ctx: EvaluationContext,
): { ok: true; ctx: EvaluationContext } | { ok: false; error: ErrorBody } {
  if (step.pick === undefined || ctx.response === undefined) return { ok: true, ctx };
  const response = ctx.response;
  const identify = (item: unknown): string =>
    step.outputs
      .map(
        ([name, evaluator]) =>
          `${name} ${JSON.stringify(evaluator({ ...ctx, response: { ...response, body: item } }))}`,
      )
      .join(", ");
  const after = pageAfter(step.pick.spec.next, { body: response.body, link: readHeader(response.headers, "link") });
  const picked = pickItem(step.spec, step.pick, { body: response.body, ctx, identify, after });
  return picked.ok ? { ok: true, ctx: { ...ctx, response: { ...response, body: picked.item } } } : picked;
}

/** The context the outputs read: with `exactlyOne`, the one item meant is the only one of its list. */
function oneItemContext(
  step: CompiledStep,
  ctx: EvaluationContext,
  request: OperationRequest,
): { ok: true; ctx: EvaluationContext } | { ok: false; error: ErrorBody } {
  if (step.exactlyOne === undefined || ctx.response === undefined) return { ok: true, ctx };
  const answer = { body: ctx.response.body, link: readHeader(ctx.response.headers, "link") };
  const after = pageAfter(step.exactlyOne.spec.next, answer);
  const one = exactlyOneItem(step.spec, step.exactlyOne, { body: ctx.response.body, request, after });
  return one.ok ? { ok: true, ctx: { ...ctx, response: { ...ctx.response, body: one.body } } } : one;
}

/**
 * A bare list where the step finds its item in a page's list (`/collection` of SoundCloud's `{collection, next_href}`,
 * the bare list its deprecated other answer): read as that page, so the item is looked for in what the API listed.
 */
function asDeclaredPage(step: CompiledStep, ctx: EvaluationContext): EvaluationContext {
  const list = step.exactlyOne?.list ?? step.pick?.from;
  const body = ctx.response?.body;
  const [key, ...deeper] = list ?? [];
  if (ctx.response === undefined || key === undefined || deeper.length > 0 || !Array.isArray(body)) return ctx;
  return { ...ctx, response: { ...ctx.response, body: { [key]: body } } };
}

function succeed(
  step: CompiledStep,
  answered: EvaluationContext,
  { outcome, request }: { outcome: HttpResponse; request: OperationRequest },
): StepOutcome {
  const one = oneItemContext(step, asDeclaredPage(step, answered), request);
  if (!one.ok) return one;
  const whole = one.ctx;
  const picked = pickedContext(step, whole);
  if (!picked.ok) return picked;
  const ctx = picked.ctx;
  const outputs: Record<string, unknown> = {};
  for (const [name, evaluator] of step.outputs) {
    const value = evaluator(ctx);
    if (isEmpty(value) && step.requiredOutputs.has(name)) return { ok: false, error: missingOutput(step.spec, name) };
    if (value !== undefined)
      Object.defineProperty(outputs, name, { value, enumerable: true, writable: true, configurable: true });
  }
  const next = firstApplying(step.onSuccess, whole);
  const body = step.pick === undefined && step.exactlyOne === undefined ? outcome.body : ctx.response?.body;
  const status = unfinishedStatus(step.spec.progress, outcome.body);
  const unfinished = status === undefined || !step.spec.readOnly ? status : { ...status, read: true as const };
  const failedItems = joinNotes(
    failedItemsNote(step.spec.itemErrors, outcome.body),
    notDoneNote(step.spec.notDone, outcome.body),
  );
  const task = startedTask(step.spec.task, outcome.body);
  const response = {
    status: outcome.status,
    headers: outcome.headers,
    body,
    url: outcome.url,
    ...(unfinished === undefined ? {} : { unfinished }),
    ...(failedItems === undefined ? {} : { failedItems }),
    ...(task === undefined ? {} : { startedTask: task }),
    ...(step.spec.keepEmpty === undefined ? {} : { keepEmpty: step.spec.keepEmpty }),
    ...(outcome.media === undefined || body !== outcome.body ? {} : { media: outcome.media }),
    ...(outcome.status === 202 && step.spec.readOnly === true ? acceptedRead(step.spec.responseDescriptions) : {}),
  };
  return { ok: true, outputs, response, ...(next === undefined || next.type === "retry" ? {} : { next }) };
}

/** A description saying nothing was found: "no blacklist found", "no processed documents found", "nothing found". */
const NONE_FOUND = /\bno\s+(?:[\w-]+\s+){0,3}(?:was\s+|were\s+)?found\b|\bnothing\s+(?:was\s+)?found\b/i;

/** Whether a read's documented 202 says it found none (Semantria: "Client request accepted, no blacklist found."). */
export const saysNoneFound = (description: string): boolean => NONE_FOUND.test(description);

/** A read's 202: not ready, or found none where the spec's 202 says so (Semantria's "no blacklist found"). */
function acceptedRead(descriptions: Readonly<Record<string, string>>): Pick<StepResponse, "read" | "noneFound"> {
  const documented = descriptions["202"];
  return documented !== undefined && saysNoneFound(documented) ? { read: true, noneFound: documented } : { read: true };
}

function retryDelayMs(action: ActionSpec, response: HttpResponse | undefined, cap: number): number {
  const asked = response === undefined ? undefined : rateLimitWaitMs(response.headers, Date.now());
  return Math.min(Math.max(0, asked ?? (action.retryAfter ?? 0) * 1000), cap);
}

/**
 * Whether a goal's `retry` may send the step again: it repeats safely (a read, a PUT, a write idempotent in words) or
 * carries the runtime's idempotency key, or its answer says the API did not act (`saysNotDone`), or, with no answer,
 * its failure does not leave the outcome unknown (the request never left). The same rule as the runtime's own resends.
 */
function mayResend(step: CompiledStep, keyed: boolean, response: HttpResponse | undefined, error: ErrorBody): boolean {
  const { method, readOnly, repeats, idempotent } = step.spec;
  if (keyed || repeatsSafely({ method, readOnly, repeats: repeats === true, idempotent: idempotent === true }))
    return true;
  return response === undefined ? error.side_effects_committed !== "unknown" : saysNotDone(response.status);
}

/** Said of a step a goal asks to retry but that `mayResend` keeps from a second send. */
export const NOT_RESENT =
  "The goal asks to retry this step after such a failure, but it was not sent again: it is a write the runtime " +
  "repeats only when the API said it did not act, since a repeat could carry it out twice.";

/** The failure of a step not sent again (`mayResend`): said so, not retryable, and its outcome unknown unless known. */
function notResent(error: ErrorBody): ErrorBody {
  return {
    ...error,
    message: `${error.message}${/[.!?]$/.test(error.message) ? "" : "."} ${NOT_RESENT}`,
    retryable: false,
    side_effects_committed: error.side_effects_committed ?? "unknown",
  };
}

/** A read that answered 2xx but did not meet its success criteria: a poll of work that is not done yet. */
function stillUnderWay(step: CompiledStep, request: OperationRequest, response: HttpResponse | undefined): boolean {
  return (
    step.spec.readOnly &&
    request.step.readOnly &&
    response !== undefined &&
    response.status >= 200 &&
    response.status < 300
  );
}

function inProgress(step: CompiledStep, request: OperationRequest, checks: number): ErrorBody {
  const ids = Object.fromEntries(request.params.filter((p) => p.spec.in === "path").map((p) => [p.spec.name, p.value]));
  return stillInProgress(step.spec, { checks, ids });
}

/**
 * Runs one step (Arazzo 1.0.1 §Step Object): success is all successCriteria holding (none: a 2xx status),
 * judged on any answer — a failed outcome that carries the API's response counts as an answer; a 2xx that meets them
 * is still a failure when its error envelope says so or its body is not the declared JSON type;
 * the first action whose criteria hold decides what happens next; `retry` re-sends up to retryLimit times.
 */
export async function runStep(step: CompiledStep, base: EvaluationContext, env: StepEnv): Promise<StepOutcome> {
  const key = step.spec.idempotencyKey === undefined ? undefined : (env.idempotencyKey?.(step.spec.id) ?? randomUUID());
  for (let attempt = 1; ; attempt++) {
    const built = buildRequest(step, base, key);
    if (!built.ok) return built;
    const current = await withCurrentState(built.request, env);
    if (!current.ok) return current;
    const outcome = await env.transport.call(current.request, env.signal);
    const response = answerOf(outcome);
    const ctx = responseContext(base, current.request, response);
    const met = response !== undefined && step.succeeded(ctx);
    const refused = met && outcome.ok ? answerRefusal(step.spec, outcome, env.redact) : undefined;
    if (met && refused === undefined) return succeed(step, ctx, { outcome: response, request: current.request });
    const error =
      refused ??
      (outcome.ok ? responseFailure(step.spec, outcome, env.redact) : transportFailure(step.spec, outcome.error));
    const action = firstApplying(step.onFailure, ctx);
    if (action === undefined || action.type === "end") return { ok: false, error };
    if (action.type === "goto") return { ok: false, error, next: action };
    if (attempt > (action.retryLimit ?? 1))
      return {
        ok: false,
        error: stillUnderWay(step, built.request, response) ? inProgress(step, built.request, attempt) : error,
      };
    if (!mayResend(step, key !== undefined, response, error)) return { ok: false, error: notResent(error) };
    await env.sleep(retryDelayMs(action, response, env.maxRetryWaitMs), env.signal);
  }
}
