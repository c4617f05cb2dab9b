// Tool calls, steps, HTTP requests → OpenTelemetry spans (GenAI and HTTP conventions), no argument values unless asked.
import { Buffer } from "node:buffer";
import type { Attributes, Context, Link, Span, SpanContext } from "@opentelemetry/api";
import type { AttemptHook } from "../http/types.js";
import type { QueuedTraceContext } from "../state/types.js";
import type { CallTransport } from "../transport.js";
import { isPendingAnswer, type StepSpec, type ToolResult } from "../types.js";
import { loadedOtel, whenTraced, type Otel } from "./api.js";
import { instruments, SCOPE, SCOPE_VERSION } from "./metrics.js";
import { redactedUrlFull } from "./url-full.js";

/** One tool call as the tracer sees it. */
export interface ToolCallTrace {
  readonly tool: string;
  readonly risk: string;
  /** `gen_ai.tool.call.id`: the client's id of this call (the MCP JSON-RPC request id), when known. */
  readonly callId?: string;
  /** W3C trace context of the caller (`traceparent`, `tracestate`), e.g. an MCP request's `_meta`. */
  readonly carrier?: Readonly<Record<string, string>>;
  /** Redacted arguments as JSON, only when `PREFIX_TRACE_ARGS=redacted`. */
  readonly arguments?: () => string;
  /** An operator's approved execution of a queued request: its id, who decided, and the span that queued it. */
  readonly approved?: {
    readonly requestId: string;
    readonly by: string;
    readonly queuedIn?: QueuedTraceContext;
  };
}

const tracer = (api: Otel) => api.trace.getTracer(SCOPE, SCOPE_VERSION);

/** The caller's context: the active one, continued from `carrier` when it holds a valid traceparent. */
export function parentContext(api: Otel, carrier: Readonly<Record<string, string>> | undefined): Context {
  const { context, propagation, trace } = api;
  const active = context.active();
  if (carrier === undefined) return active;
  const extracted = propagation.extract(active, carrier);
  return trace.getSpanContext(extracted) === undefined ? active : extracted;
}

const errorCode = (result: ToolResult): string | undefined =>
  Object.hasOwn(result, "error") ? (result as { error: { code: string } }).error.code : undefined;

function outcomeOf(result: ToolResult): string {
  const code = errorCode(result);
  if (code !== undefined) return code;
  return isPendingAnswer(result) ? "pending_approval" : "ok";
}

function finishToolSpan(api: Otel, span: Span, call: ToolCallTrace, result: ToolResult, startedAt: number): void {
  const outcome = outcomeOf(result);
  const code = errorCode(result);
  const bytes = Buffer.byteLength(JSON.stringify(result), "utf8");
  const truncated = Object.hasOwn(result, "_truncated");
  span.setAttributes({
    "aci.tool.outcome": outcome,
    "aci.tool.result.size": bytes,
    ...(truncated ? { "aci.tool.truncated": true } : {}),
  });
  if (code !== undefined)
    span.setAttribute("error.type", code).setStatus({ code: api.SpanStatusCode.ERROR, message: code });
  if (outcome === "pending_approval")
    span.setAttribute("aci.approval.request_id", String((result as { request_id?: unknown }).request_id));
  const attributes = {
    "gen_ai.tool.name": call.tool,
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
    "aci.tool.outcome": outcome,
  };
  const meters = instruments(api);
  meters.calls.add(1, attributes);
  if (code !== undefined) meters.errors.add(1, { "gen_ai.tool.name": call.tool, "error.type": code });
  meters.duration.record((performance.now() - startedAt) / 1000, {
    ...attributes,
    ...(code === undefined ? {} : { "error.type": code }),
  });
  meters.resultBytes.record(bytes, { "gen_ai.tool.name": call.tool });
  if (truncated) meters.truncations.add(1, { "gen_ai.tool.name": call.tool });
}

function toolAttributes(call: ToolCallTrace): Attributes {
  return {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": call.tool,
    "gen_ai.tool.type": "function",
    "aci.tool.risk": call.risk,
    ...(call.callId === undefined ? {} : { "gen_ai.tool.call.id": call.callId }),
    ...(call.arguments === undefined ? {} : { "gen_ai.tool.call.arguments": call.arguments() }),
    ...(call.approved === undefined
      ? {}
      : { "aci.approval.request_id": call.approved.requestId, "aci.approval.decided_by": call.approved.by }),
  };
}

/**
 * The active span as a W3C trace context, to keep with a request queued for approval; undefined when no tracer
 * records (no SDK).
 */
export function activeTraceContext(): QueuedTraceContext | undefined {
  const api = loadedOtel();
  const span = api?.trace.getSpanContext(api.context.active());
  if (api === undefined || span === undefined || !api.isSpanContextValid(span)) return undefined;
  const flags = span.traceFlags.toString(16).padStart(2, "0");
  const state = span.traceState?.serialize();
  return {
    traceparent: `00-${span.traceId}-${span.spanId}-${flags}`,
    ...(state === undefined || state === "" ? {} : { tracestate: state }),
  };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The span a stored trace context names, as a link; none when the stored value is not a valid traceparent. */
function linksTo(api: Otel, queued: QueuedTraceContext | undefined): Link[] {
  const match = queued === undefined ? null : TRACEPARENT.exec(queued.traceparent);
  if (match === null) return [];
  const [, traceId = "", spanId = "", flags = "00"] = match;
  const spanContext: SpanContext = {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
    ...(queued?.tracestate === undefined ? {} : { traceState: api.createTraceState(queued.tracestate) }),
  };
  return api.isSpanContextValid(spanContext) ? [{ context: spanContext }] : [];
}

/**
 * Runs one tool call inside an `execute_tool {name}` span (a child of the caller's trace; an approved execution links
 * to the span that queued it) and records its metrics.
 */
export function traceToolCall(call: ToolCallTrace, run: () => Promise<ToolResult>): Promise<ToolResult> {
  return whenTraced(
    (api) =>
      tracer(api).startActiveSpan(
        `execute_tool ${call.tool}`,
        { kind: api.SpanKind.INTERNAL, attributes: toolAttributes(call), links: linksTo(api, call.approved?.queuedIn) },
        parentContext(api, call.carrier),
        async (span) => {
          const startedAt = performance.now();
          try {
            const result = await run();
            finishToolSpan(api, span, call, result, startedAt);
            return result;
          } finally {
            span.end();
          }
        },
      ),
    run,
  );
}

/** Runs one goal step inside a `step {id}` span; a failed step sets `error.type` to its error code. */
export function traceStep<T extends { readonly ok: boolean; readonly error?: { readonly code: string } }>(
  step: StepSpec,
  run: () => Promise<T>,
): Promise<T> {
  const attributes = {
    "aci.step.id": step.id,
    "aci.step.operation_id": step.operationId,
    "aci.step.read_only": step.readOnly,
  };
  return whenTraced(
    (api) =>
      tracer(api).startActiveSpan(`step ${step.id}`, { kind: api.SpanKind.INTERNAL, attributes }, async (span) => {
        try {
          const outcome = await run();
          if (!outcome.ok && outcome.error !== undefined)
            span
              .setAttribute("error.type", outcome.error.code)
              .setStatus({ code: api.SpanStatusCode.ERROR, message: outcome.error.code });
          return outcome;
        } finally {
          span.end();
        }
      }),
    run,
  );
}

function serverAttributes(url: URL): Attributes {
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return { "server.address": url.hostname, "server.port": port };
}

/**
 * The path template under the base URL's path, as `url.template` wants it (never the filled URL: no values, no
 * credentials).
 */
const urlTemplate = (baseUrl: string | undefined, path: string): string => {
  const basePath =
    baseUrl === undefined
      ? ""
      : new URL(baseUrl).pathname.replace(/%7B/gi, "{").replace(/%7D/gi, "}").replace(/\/$/, "");
  return `${basePath}${path}`;
};

/**
 * The active trace context as W3C headers (`traceparent`, `tracestate`) for an upstream request; none without an SDK's
 * propagator.
 */
export function traceHeaders(): [string, string][] {
  const api = loadedOtel();
  const carrier: Record<string, string> = {};
  api?.propagation.inject(api.context.active(), carrier);
  return Object.entries(carrier);
}

/** `error.type` of a request that got no answer: the network error's code (`ECONNREFUSED`, …) or the error's name. */
function thrownType(thrown: unknown): string {
  const code = (thrown as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  if (typeof code === "string") return code;
  return thrown instanceof Error ? thrown.name : "Error";
}

/**
 * One physical request as an HTTP client span `{METHOD} {url.template}` (`{METHOD}` alone for a redirect's target),
 * carrying that span's own `traceparent` upstream; a resend says how many requests went before it.
 */
export const traceAttempt: AttemptHook = (attempt, send) => {
  const attributes: Attributes = {
    "http.request.method": attempt.method,
    "url.full": redactedUrlFull(attempt.url, attempt.template),
    ...serverAttributes(attempt.url),
    ...(attempt.template === undefined ? {} : { "url.template": attempt.template }),
    ...(attempt.resendCount > 0 ? { "http.request.resend_count": attempt.resendCount } : {}),
  };
  const name = attempt.template === undefined ? attempt.method : `${attempt.method} ${attempt.template}`;
  return whenTraced(
    (api) =>
      tracer(api).startActiveSpan(name, { kind: api.SpanKind.CLIENT, attributes }, async (span) => {
        try {
          const response = await send(traceHeaders());
          span.setAttribute("http.response.status_code", response.status);
          if (response.status >= 400)
            span.setAttribute("error.type", String(response.status)).setStatus({ code: api.SpanStatusCode.ERROR });
          return response;
        } catch (thrown) {
          span.setAttribute("error.type", thrownType(thrown)).setStatus({ code: api.SpanStatusCode.ERROR });
          throw thrown;
        } finally {
          span.end();
        }
      }),
    () => send([]),
  );
};

/**
 * Wraps a transport so each operation call is a span `call {operationId}` around the client spans of its physical
 * requests (see {@link traceAttempt}), with the answer that counted: the last status, or the error.
 */
export function traceTransport<T extends CallTransport>(transport: T): T {
  const baseUrl = (transport as { baseUrl?: string }).baseUrl;
  const call: CallTransport["call"] = (request, signal) => {
    const attributes = {
      "aci.operation.id": request.step.operationId,
      "http.request.method": request.step.method.toUpperCase(),
      "url.template": urlTemplate(baseUrl, request.step.path),
    };
    const name = `call ${request.step.operationId}`;
    return whenTraced(
      (api) =>
        tracer(api).startActiveSpan(name, { kind: api.SpanKind.INTERNAL, attributes }, async (span) => {
          try {
            const outcome = await transport.call(request, signal);
            const status = outcome.ok ? outcome.status : outcome.response?.status;
            if (status !== undefined) span.setAttribute("http.response.status_code", status);
            if (!outcome.ok)
              span
                .setAttribute("error.type", status !== undefined && status >= 400 ? String(status) : outcome.error.code)
                .setStatus({ code: api.SpanStatusCode.ERROR });
            return outcome;
          } finally {
            span.end();
          }
        }),
      () => transport.call(request, signal),
    );
  };
  return { ...transport, call };
}
