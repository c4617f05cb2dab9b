// A parsed Expression + the values of one workflow run → the referenced value, or undefined when missing.

import type { Expression, ExpressionKind } from "./ast.js";
import { resolvePointer, step } from "./pointer.js";

/** Header maps as plain records (any case, arrays for repeated headers) or a fetch `Headers`. */
export type HeaderSource =
  | Readonly<Record<string, string | readonly string[] | number | undefined>>
  | { get(name: string): string | null };

/** What a run knows when an expression is evaluated; absent parts make their expressions undefined. */
export interface EvaluationContext {
  readonly inputs?: unknown;
  /** The current workflow's outputs (`$outputs.NAME`). */
  readonly outputs?: unknown;
  readonly steps?: Readonly<Record<string, { readonly outputs?: unknown } | undefined>>;
  readonly workflows?: Readonly<Record<string, { readonly inputs?: unknown; readonly outputs?: unknown } | undefined>>;
  readonly statusCode?: number;
  readonly url?: string;
  readonly method?: string;
  readonly request?: {
    readonly headers?: HeaderSource;
    readonly query?: unknown;
    readonly path?: unknown;
    readonly body?: unknown;
  };
  readonly response?: { readonly headers?: HeaderSource; readonly body?: unknown };
  /** The Components Object: `{ parameters: {...}, inputs: {...}, successActions: {...}, failureActions: {...} }`. */
  readonly components?: unknown;
  /** Per source description name, e.g. `{ petstore: { url: "https://…" } }`. */
  readonly sourceDescriptions?: unknown;
  /** The toolset's configured values by name (`$config.NAME`), read from the environment at start-up. */
  readonly config?: Readonly<Record<string, unknown>>;
}

function firstValue(value: unknown): unknown {
  if (Array.isArray(value)) return value[0];
  return typeof value === "number" ? String(value) : value;
}

function hasGet(headers: HeaderSource): headers is { get(name: string): string | null } {
  return typeof (headers as { get?: unknown }).get === "function";
}

/** A header by case-insensitive name (RFC 9110 §5.1); the first value when repeated ("single header values only"). */
export function readHeader(headers: HeaderSource | undefined, name: string): unknown {
  if (headers === undefined || headers === null) return undefined;
  if (hasGet(headers)) return headers.get(name) ?? undefined;
  const exact = step(headers, name);
  if (exact !== undefined) return firstValue(exact);
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === lower) return firstValue(step(headers, key));
  }
  return undefined;
}

type Evaluators = {
  readonly [K in ExpressionKind]: (expr: Extract<Expression, { kind: K }>, ctx: EvaluationContext) => unknown;
};

const EVALUATORS: Evaluators = {
  url: (_, ctx) => ctx.url,
  method: (_, ctx) => ctx.method,
  statusCode: (_, ctx) => ctx.statusCode,
  requestHeader: (e, ctx) => readHeader(ctx.request?.headers, e.name),
  requestQuery: (e, ctx) => step(ctx.request?.query, e.name),
  requestPath: (e, ctx) => step(ctx.request?.path, e.name),
  requestBody: (e, ctx) => resolvePointer(ctx.request?.body, e.pointer),
  responseHeader: (e, ctx) => readHeader(ctx.response?.headers, e.name),
  responseBody: (e, ctx) => resolvePointer(ctx.response?.body, e.pointer),
  inputs: (e, ctx) => resolvePointer(step(ctx.inputs, e.name), e.pointer),
  outputs: (e, ctx) => resolvePointer(step(ctx.outputs, e.name), e.pointer),
  stepOutput: (e, ctx) => resolvePointer(step(step(step(ctx.steps, e.stepId), "outputs"), e.name), e.pointer),
  workflow: (e, ctx) => resolvePointer(step(step(step(ctx.workflows, e.workflowId), e.field), e.name), e.pointer),
  sourceDescription: (e, ctx) => step(step(ctx.sourceDescriptions, e.source), e.reference),
  component: (e, ctx) => step(step(ctx.components, e.section), e.name),
  config: (e, ctx) => step(ctx.config, e.name),
};

/**
 * The value an expression refers to in `context` (Arazzo 1.0.1 §Runtime Expressions: "Runtime
 * expressions preserve the type of the referenced value"), or undefined when anything on the way is
 * missing. Reads own properties only; never parses or builds regular expressions.
 */
export function evaluate(expr: Expression, context: EvaluationContext): unknown {
  const evaluator = EVALUATORS[expr.kind] as (e: Expression, ctx: EvaluationContext) => unknown;
  return evaluator(expr, context);
}
