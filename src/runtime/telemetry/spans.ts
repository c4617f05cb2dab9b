// Tool calls, steps, HTTP requests → OpenTelemetry spans (GenAI and HTTP conventions), no argument values unless asked.
import { Buffer } from "node:buffer";
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from "@opentelemetry/api";
import type { CallTransport } from "../transport.js";
import type { StepSpec, ToolResult } from "../types.js";
import { instruments, SCOPE } from "./metrics.js";

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
}

const tracer = () => trace.getTracer(SCOPE);

/** The caller's context: the active one, continued from `carrier` when it holds a valid traceparent. */
export function parentContext(carrier: Readonly<Record<string, string>> | undefined): Context {
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
  return (result as { status?: unknown }).status === "pending_approval" ? "pending_approval" : "ok";
}

function finishToolSpan(span: Span, call: ToolCallTrace, result: ToolResult, startedAt: number): void {
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
    span.setAttribute("error.type", code).setStatus({ code: SpanStatusCode.ERROR, message: code });
  const attributes = {
    "gen_ai.tool.name": call.tool,
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
    "aci.tool.outcome": outcome,
  };
  const meters = instruments();
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
  };
}

/** Runs one tool call inside an `execute_tool {name}` span (a child of the caller's trace) and records its metrics. */
export function traceToolCall(call: ToolCallTrace, run: () => Promise<ToolResult>): Promise<ToolResult> {
  const parent = parentContext(call.carrier);
  return tracer().startActiveSpan(
    `execute_tool ${call.tool}`,
    { kind: SpanKind.INTERNAL, attributes: toolAttributes(call) },
    parent,
    async (span) => {
      const startedAt = performance.now();
      try {
        const result = await run();
        finishToolSpan(span, call, result, startedAt);
        return result;
      } finally {
        span.end();
      }
    },
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
  return tracer().startActiveSpan(`step ${step.id}`, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      const outcome = await run();
      if (!outcome.ok && outcome.error !== undefined)
        span
          .setAttribute("error.type", outcome.error.code)
          .setStatus({ code: SpanStatusCode.ERROR, message: outcome.error.code });
      return outcome;
    } finally {
      span.end();
    }
  });
}

function serverAttributes(baseUrl: string | undefined): Attributes {
  if (baseUrl === undefined) return {};
  try {
    const url = new URL(baseUrl);
    const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
    return { "server.address": url.hostname, "server.port": port };
  } catch {
    return {};
  }
}

/**
 * The path template under the base URL's path, as `url.template` wants it (never the filled URL: no values, no
 * credentials).
 */
const urlTemplate = (baseUrl: string | undefined, path: string): string => {
  const basePath = baseUrl === undefined ? "" : new URL(baseUrl).pathname.replace(/\/$/, "");
  return `${basePath}${path}`;
};

/**
 * The active trace context as W3C headers (`traceparent`, `tracestate`) for an upstream request; none without an SDK's
 * propagator.
 */
export function traceHeaders(): [string, string][] {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.entries(carrier);
}

/** Wraps a transport so each operation call is an HTTP client span `{METHOD} {url.template}`. */
export function traceTransport<T extends CallTransport>(transport: T): T {
  const baseUrl = (transport as { baseUrl?: string }).baseUrl;
  const server = serverAttributes(baseUrl);
  const call: CallTransport["call"] = (request, signal) => {
    const method = request.step.method.toUpperCase();
    const template = urlTemplate(baseUrl, request.step.path);
    const attributes = { "http.request.method": method, "url.template": template, ...server };
    return tracer().startActiveSpan(`${method} ${template}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        const outcome = await transport.call(request, signal);
        const status = outcome.ok ? outcome.status : outcome.response?.status;
        if (status !== undefined) span.setAttribute("http.response.status_code", status);
        if (!outcome.ok)
          span
            .setAttribute("error.type", status !== undefined && status >= 400 ? String(status) : outcome.error.code)
            .setStatus({ code: SpanStatusCode.ERROR });
        return outcome;
      } finally {
        span.end();
      }
    });
  };
  return { ...transport, call };
}
