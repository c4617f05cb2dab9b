// A queued request (redacted arguments) + its tool's spec → what approving it will do, step by step, as data.
import { parseExpression, parseTemplate, referencesOf, resolvePointer, type Expression } from "../expressions/index.js";
import { isSecretKey, REDACTED } from "../redact.js";
import type { ParamSpec, StepSpec, ToolSpec, ValueExpr } from "../types.js";

/** Where one value of a step comes from when the operator approves. */
export type ValueSource =
  /** Known now: a literal of the goal, or an argument of the request (`[REDACTED]` where secret). */
  | { readonly kind: "known"; readonly value: unknown; readonly input?: string }
  /** An optional argument the request left out: not sent. */
  | { readonly kind: "absent"; readonly input: string }
  /** Chosen at run time from the answer of earlier steps: unknown until the call runs. */
  | { readonly kind: "run-time"; readonly steps: readonly string[]; readonly expression: string };

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
  /** Step ids whose answers pick this step's target (a path parameter): the item is chosen at run time. */
  readonly targetChosenBy: readonly string[];
  /** A PUT that reads the resource first: the body properties not given, which keep their current values. */
  readonly keepsCurrent?: { readonly operationId: string; readonly properties: readonly string[] };
}

/** What approving a request runs. */
export interface ApprovalPreview {
  readonly tool: string;
  readonly steps: readonly StepPreview[];
  /** How many steps change state. */
  readonly changes: number;
  /** True when a step that changes state has a target chosen at run time (find-then-delete). */
  readonly targetChosenAtRunTime: boolean;
}

type Args = Readonly<Record<string, unknown>>;

interface Inputs {
  /** Expression name (`$inputs.petId`) → argument name (`pet_id`). */
  readonly names: ReadonlyMap<string, string>;
  readonly args: Args;
}

const MISSING = Symbol("missing");

function inputValue(inputs: Inputs, name: string): unknown {
  const arg = inputs.names.get(name) ?? name;
  if (!Object.hasOwn(inputs.args, arg)) return MISSING;
  return isSecretKey(arg) ? REDACTED : inputs.args[arg];
}

function exprSource(inputs: Inputs, expr: Expression, text: string): ValueSource {
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
    if (source.kind === "known")
      rendered.push(typeof source.value === "string" ? source.value : JSON.stringify(source.value));
  }
  return { kind: "known", value: rendered.join("") };
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

function structureSource(inputs: Inputs, value: ValueExpr & { kind: "object" | "array" | "each" }): ValueSource {
  if (value.kind === "each") return { kind: "run-time", steps: [], expression: value.source };
  const leaves = value.kind === "object" ? value.entries.map(([, v]) => v) : value.items;
  const sources = leaves.map((leaf) => valueSource(inputs, leaf));
  const late = sources.filter((s): s is ValueSource & { kind: "run-time" } => s.kind === "run-time");
  if (late.length > 0)
    return {
      kind: "run-time",
      steps: [...new Set(late.flatMap((s) => s.steps))],
      expression: late.map((s) => s.expression).join(", "),
    };
  const known = (s: ValueSource): unknown => (s.kind === "known" ? s.value : undefined);
  if (value.kind === "array") return { kind: "known", value: sources.map(known) };
  return {
    kind: "known",
    value: Object.fromEntries(
      value.entries
        .map(([k], i) => [k, isSecretKey(k) ? REDACTED : known(sources[i]!)])
        .filter(([, v]) => v !== undefined),
    ),
  };
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

const secretKnown = (name: string, source: ValueSource): ValueSource =>
  source.kind === "known" && isSecretKey(name) ? { ...source, value: REDACTED } : source;

function filledPath(step: StepSpec, values: readonly PreviewValue[]): string {
  return step.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const source = values.find((v) => v.in === "path" && v.name === name)?.source;
    if (source?.kind !== "known") return whole;
    return encodeURIComponent(typeof source.value === "string" ? source.value : JSON.stringify(source.value));
  });
}

function stepPreview(inputs: Inputs, step: StepSpec): StepPreview {
  const values = [
    ...step.params.map(
      (p): PreviewValue => ({ name: p.name, in: p.in, source: secretKnown(p.name, valueSource(inputs, p.value)) }),
    ),
    ...bodyValues(inputs, step),
  ];
  const chosenBy = values.flatMap((v) => (v.in === "path" && v.source.kind === "run-time" ? v.source.steps : []));
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
    ...(keep === undefined
      ? {}
      : {
          keepsCurrent: {
            operationId: keep.operationId,
            properties: keep.properties.filter((p) => !given.has(p)),
          },
        }),
  };
}

/**
 * What approving `request` will do: each step's method and path filled with the request's (redacted) arguments,
 * whether it reads or changes state, and which targets only an earlier step's answer decides. Pure: reads no store.
 */
export function previewApproval(
  request: { readonly tool: string; readonly arguments: Args },
  spec: ToolSpec,
): ApprovalPreview {
  const inputs: Inputs = {
    names: new Map(spec.inputs.map((i) => [i.sourceName ?? i.name, i.name])),
    args: request.arguments,
  };
  const steps = spec.steps.map((step) => stepPreview(inputs, step));
  return {
    tool: request.tool,
    steps,
    changes: steps.filter((s) => s.effect === "change").length,
    targetChosenAtRunTime: steps.some((s) => s.effect === "change" && s.targetChosenBy.length > 0),
  };
}
