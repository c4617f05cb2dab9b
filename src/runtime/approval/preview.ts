// A queued request (redacted arguments) + its tool's spec → what approving it will do, step by step, as data.
import { parseExpression, parseTemplate, referencesOf, resolvePointer, type Expression } from "../expressions/index.js";
import { isSecretKey, REDACTED } from "../redact.js";
import type { ParamSpec, StepSpec, ToolSpec, ValueExpr } from "../types.js";
import type { ResolvedReads } from "./target-reads.js";

/** Where one value of a step comes from when the operator approves. */
export type ValueSource =
  /** Known now: a literal of the goal, or an argument of the request (`[REDACTED]` where secret). */
  | { readonly kind: "known"; readonly value: unknown; readonly input?: string }
  /** An optional argument the request left out: not sent. */
  | { readonly kind: "absent"; readonly input: string }
  /**
   * Found by a read when the request was queued (`steps`: which): approval reads it again and refuses when it changed.
   */
  | { readonly kind: "read"; readonly value: unknown; readonly steps: readonly string[]; readonly expression: string }
  /** Chosen at run time from the answer of earlier steps: unknown until the call runs. */
  | { readonly kind: "run-time"; readonly steps: readonly string[]; readonly expression: string }
  /** An object of which some leaf is read or chosen at run time: every member shown, each with its own source. */
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, ValueSource])[] }
  /** A list of which some item is read or chosen at run time. */
  | { readonly kind: "array"; readonly items: readonly ValueSource[] };

/** One request parameter or body field and its source. */
export interface PreviewValue {
  readonly name: string;
  readonly in: ParamSpec["in"] | "body";
  readonly source: ValueSource;
}

/** One step as the operator should read it. */
export interface StepPreview {
  readonly id: string;
  readonly operationId: string;
  /** Upper case: `DELETE`. */
  readonly method: string;
  /** The path template with what is known filled in; a value chosen at run time stays `{name}`. */
  readonly path: string;
  /** `read`: GET/HEAD/OPTIONS; `change`: changes state upstream. */
  readonly effect: "read" | "change";
  readonly destructive: boolean;
  readonly values: readonly PreviewValue[];
  /**
   * Step ids whose answers pick this step's target (a path parameter) only when the call runs (not read before
   * queueing).
   */
  readonly targetChosenBy: readonly string[];
  /** A PUT that reads the resource first: the body properties not given, which keep their current values. */
  readonly keepsCurrent?: {
    readonly operationId: string;
    readonly properties: readonly string[];
    /** The PUT creates the target when the read finds nothing. */
    readonly createsWhenAbsent?: true;
  };
  /** Step ids whose answers, read when the request was queued, fill values of this step. */
  readonly targetReadBy: readonly string[];
}

/** What approving a request runs. */
export interface ApprovalPreview {
  readonly tool: string;
  readonly steps: readonly StepPreview[];
  /** How many steps change state. */
  readonly changes: number;
  /** True when a step that changes state has a target chosen at run time (find-then-delete). */
  readonly targetChosenAtRunTime: boolean;
  /** True when a step that changes state acts on values reads found when the request was queued. */
  readonly targetResolved: boolean;
}

type Args = Readonly<Record<string, unknown>>;

interface Inputs {
  /** Expression name (`$inputs.petId`) → argument name (`pet_id`). */
  readonly names: ReadonlyMap<string, string>;
  readonly args: Args;
  /** What the target reads found when the request was queued. */
  readonly resolved: ResolvedReads;
  /** The toolset's configured values (`$config.NAME`), known before anything runs. */
  readonly config: Readonly<Record<string, unknown>>;
}

const MISSING = Symbol("missing");

function inputValue(inputs: Inputs, name: string): unknown {
  const arg = inputs.names.get(name) ?? name;
  if (!Object.hasOwn(inputs.args, arg)) return MISSING;
  return isSecretKey(arg) ? REDACTED : inputs.args[arg];
}

function exprSource(inputs: Inputs, expr: Expression, text: string): ValueSource {
  if (expr.kind === "stepOutput" && Object.hasOwn(inputs.resolved, expr.stepId)) {
    const outputs = inputs.resolved[expr.stepId] ?? {};
    if (Object.hasOwn(outputs, expr.name)) {
      const value = outputs[expr.name];
      const at = expr.pointer.length === 0 ? value : resolvePointer(value, expr.pointer);
      return { kind: "read", value: at, steps: [expr.stepId], expression: text };
    }
  }
  if (expr.kind === "config" && Object.hasOwn(inputs.config, expr.name))
    return { kind: "known", value: inputs.config[expr.name] };
  if (expr.kind !== "inputs") return { kind: "run-time", steps: referencesOf(expr).steps, expression: text };
  const value = inputValue(inputs, expr.name);
  const input = inputs.names.get(expr.name) ?? expr.name;
  if (value === MISSING) return { kind: "absent", input };
  return { kind: "known", value: expr.pointer.length === 0 ? value : resolvePointer(value, expr.pointer), input };
}

function expressionSource(inputs: Inputs, text: string): ValueSource {
  const parsed = parseExpression(text);
  return parsed.ok ? exprSource(inputs, parsed.expr, text) : { kind: "run-time", steps: [], expression: text };
}

function templateSource(inputs: Inputs, text: string): ValueSource {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return { kind: "run-time", steps: [], expression: text };
  const rendered: string[] = [];
  for (const part of parsed.template.parts) {
    const source =
      typeof part === "string" ? ({ kind: "known", value: part } as const) : exprSource(inputs, part.expr, text);
    if (source.kind === "run-time")
      return { kind: "run-time", steps: referencesOf(parsed.template).steps, expression: text };
    if (source.kind === "known" || source.kind === "read")
      rendered.push(typeof source.value === "string" ? source.value : JSON.stringify(source.value));
  }
  const read = referencesOf(parsed.template).steps;
  return read.length === 0
    ? { kind: "known", value: rendered.join("") }
    : { kind: "read", value: rendered.join(""), steps: read, expression: text };
}

/** Where a bound value comes from; structures are known only when every leaf is. */
export function valueSource(inputs: Inputs, value: ValueExpr): ValueSource {
  switch (value.kind) {
    case "literal":
      return { kind: "known", value: value.value };
    case "expr":
      return expressionSource(inputs, value.text);
    case "template":
      return templateSource(inputs, value.text);
    case "object":
    case "array":
    case "each":
      return structureSource(inputs, value);
  }
}

/** A structure whose every leaf is known collapses to its value; otherwise each member keeps its own source. */
function structureSource(inputs: Inputs, value: ValueExpr & { kind: "object" | "array" | "each" }): ValueSource {
  if (value.kind === "each") return { kind: "run-time", steps: [], expression: value.source };
  if (value.kind === "array") {
    const items = value.items.map((item) => valueSource(inputs, item));
    if (items.every((s) => s.kind === "known")) return { kind: "known", value: items.map((s) => s.value) };
    return { kind: "array", items };
  }
  const entries = value.entries
    .map(([key, v]) => [key, secretKnown(key, valueSource(inputs, v))] as const)
    .filter(([, source]) => source.kind !== "absent");
  if (entries.every(([, s]) => s.kind === "known"))
    return {
      kind: "known",
      value: Object.fromEntries(entries.map(([k, s]) => [k, (s as ValueSource & { kind: "known" }).value])),
    };
  return { kind: "object", entries };
}

/** Every step a source's read or run-time leaves come from. */
export function sourceSteps(source: ValueSource): string[] {
  if (source.kind === "read" || source.kind === "run-time") return [...source.steps];
  if (source.kind === "object") return [...new Set(source.entries.flatMap(([, s]) => sourceSteps(s)))];
  if (source.kind === "array") return [...new Set(source.items.flatMap(sourceSteps))];
  return [];
}

/** Whether some leaf of a source is still unknown (chosen at run time). */
export function hasRunTime(source: ValueSource): boolean {
  if (source.kind === "run-time") return true;
  if (source.kind === "object") return source.entries.some(([, s]) => hasRunTime(s));
  if (source.kind === "array") return source.items.some(hasRunTime);
  return false;
}

function bodyValues(inputs: Inputs, step: StepSpec): PreviewValue[] {
  const body = step.body;
  if (body === undefined) return [];
  if (body.value.kind !== "object") return [{ name: "(body)", in: "body", source: valueSource(inputs, body.value) }];
  return body.value.entries.map(([name, v]) => ({
    name,
    in: "body",
    source: secretKnown(name, valueSource(inputs, v)),
  }));
}

function secretKnown(name: string, source: ValueSource): ValueSource {
  return (source.kind === "known" || source.kind === "read") && isSecretKey(name)
    ? { ...source, value: REDACTED }
    : source;
}

function filledPath(step: StepSpec, values: readonly PreviewValue[]): string {
  return step.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const source = values.find((v) => v.in === "path" && v.name === name)?.source;
    if (source?.kind !== "known" && source?.kind !== "read") return whole;
    return encodeURIComponent(typeof source.value === "string" ? source.value : JSON.stringify(source.value));
  });
}

function stepPreview(inputs: Inputs, step: StepSpec): StepPreview {
  const resolved = inputs.resolved;
  const values = [
    ...step.params.map(
      (p): PreviewValue => ({ name: p.name, in: p.in, source: secretKnown(p.name, valueSource(inputs, p.value)) }),
    ),
    ...bodyValues(inputs, step),
  ];
  const chosenBy = values.flatMap((v) => (v.in === "path" && hasRunTime(v.source) ? sourceSteps(v.source) : []));
  const readBy = values.flatMap((v) => sourceSteps(v.source)).filter((id) => Object.hasOwn(resolved, id));
  const keep = step.body?.keepCurrent;
  const given = new Set(values.filter((v) => v.in === "body" && v.source.kind !== "absent").map((v) => v.name));
  return {
    id: step.id,
    operationId: step.operationId,
    method: step.method.toUpperCase(),
    path: filledPath(step, values),
    effect: step.readOnly ? "read" : "change",
    destructive: step.method === "delete",
    values,
    targetChosenBy: [...new Set(chosenBy)],
    targetReadBy: [...new Set(readBy)],
    ...(keep === undefined
      ? {}
      : {
          keepsCurrent: {
            operationId: keep.operationId,
            properties: keep.properties.filter((p) => !given.has(p)),
            ...(keep.createsWhenAbsent === undefined ? {} : { createsWhenAbsent: true as const }),
          },
        }),
  };
}

/**
 * What approving `request` will do: each step's method and path filled with the request's (redacted) arguments,
 * whether it reads or changes state, and which targets only an earlier step's answer decides; a configured value
 * (`$config.NAME`) shows as configured. Pure: reads no store.
 */
export function previewApproval(
  request: { readonly tool: string; readonly arguments: Args; readonly resolved?: ResolvedReads },
  spec: ToolSpec,
  config: Readonly<Record<string, unknown>> = {},
): ApprovalPreview {
  const inputs: Inputs = {
    names: new Map(spec.inputs.map((i) => [i.sourceName ?? i.name, i.name])),
    args: request.arguments,
    resolved: request.resolved ?? {},
    config,
  };
  const steps = spec.steps.map((step) => stepPreview(inputs, step));
  const changing = steps.filter((s) => s.effect === "change");
  return {
    tool: request.tool,
    steps,
    changes: changing.length,
    targetChosenAtRunTime: changing.some((s) => s.targetChosenBy.length > 0),
    targetResolved: changing.some((s) => s.targetReadBy.length > 0),
  };
}
