// Re-scoping runtime expressions when a workflow is inlined: step ids prefixed, inputs bound, call outputs aliased.
import { resolve } from "../../util/pointer.js";
import type { Value } from "../types.js";
import { isTemplate } from "../values.js";

/** How the expressions of one inlined workflow instance map into the goal. */
export interface Scope {
  /** Prepended to this instance's step ids (`""` for the goal's own workflow). */
  readonly prefix: string;
  /** Inputs bound by the calling step, already in the goal's terms; unbound inputs pass through. */
  readonly inputs: ReadonlyMap<string, Value>;
  /** `stepId.outputName` of a workflow-call step → the goal-level expression it stands for. */
  readonly aliases: Map<string, string>;
}

/** The scope of the goal's own workflow: nothing renamed. */
export function rootScope(): Scope {
  return { prefix: "", inputs: new Map(), aliases: new Map() };
}

const NAME = "[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*";
const STEP_REF = new RegExp(`\\$steps\\.([A-Za-z0-9_-]+)\\.outputs\\.(${NAME})(#[^\\s}]*)?`, "g");
const INPUT_REF = new RegExp(`\\$inputs\\.(${NAME})(#[^\\s}]*)?`, "g");
const WHOLE_INPUT = new RegExp(`^\\$inputs\\.(${NAME})(#\\S*)?$`);
const BRACED_INPUT = new RegExp(`\\{\\$inputs\\.(${NAME})(#[^\\s}]*)?\\}`, "g");

/** How a bound literal is written back into text: raw inside a template, as an Arazzo literal in a condition. */
export type TextMode = "expression" | "template" | "condition";

/** Rewrites every `$steps.…` and `$inputs.…` reference inside a string. */
export function rewriteText(text: string, scope: Scope, mode: TextMode): string {
  if (isIdentity(scope)) return text;
  const steps = text.replaceAll(STEP_REF, (_m, id: string, name: string, ptr: string | undefined) =>
    stepRef(scope, id, name, ptr ?? ""),
  );
  const braced =
    mode === "template"
      ? steps.replaceAll(BRACED_INPUT, (match, name: string, ptr: string | undefined) =>
          bracedInput(scope, { match, name, ptr: ptr ?? "" }),
        )
      : steps;
  return braced.replaceAll(INPUT_REF, (match, name: string, ptr: string | undefined) => {
    const bound = scope.inputs.get(name);
    return bound === undefined ? match : valueAsText(bound, ptr ?? "", mode);
  });
}

/** Rewrites a Value tree; a whole `$inputs.x` bound to a value becomes that value. */
export function rewriteValue(value: Value, scope: Scope): Value {
  if (isIdentity(scope)) return value;
  switch (value.kind) {
    case "expr":
      return rewriteWholeExpr(value, scope);
    case "template": {
      const text = rewriteText(value.text, scope, "template");
      return isTemplate(text)
        ? { ...value, text }
        : {
            kind: "literal",
            value: text,
            pointer: value.pointer,
            ...(value.position ? { position: value.position } : {}),
          };
    }
    case "object":
      return { ...value, entries: value.entries.map(([k, v]) => [k, rewriteValue(v, scope)] as const) };
    case "array":
      return { ...value, items: value.items.map((v) => rewriteValue(v, scope)) };
    case "each":
      return { ...value, source: rewriteText(value.source, scope, "expression") };
    case "literal":
      return value;
  }
}

function rewriteWholeExpr(value: Value & { kind: "expr" }, scope: Scope): Value {
  const input = WHOLE_INPUT.exec(value.text);
  const bound = input ? scope.inputs.get(input[1]!) : undefined;
  if (bound === undefined) return { ...value, text: rewriteText(value.text, scope, "expression") };
  const ptr = input![2] ?? "";
  if (ptr === "") return bound;
  if (bound.kind === "expr") return { ...bound, text: appendPointer(bound.text, ptr) };
  return {
    kind: "literal",
    value: resolve(literalOf(bound), ptr.slice(1)),
    pointer: bound.pointer,
    ...(bound.position ? { position: bound.position } : {}),
  };
}

/** `{$inputs.x}` in a template: a bound literal replaces the braces too; a bound expression stays braced. */
function bracedInput(scope: Scope, found: { match: string; name: string; ptr: string }): string {
  const bound = scope.inputs.get(found.name);
  if (bound === undefined) return found.match;
  const text = valueAsText(bound, found.ptr, "template");
  return bound.kind === "expr" ? `{${text}}` : text;
}

function stepRef(scope: Scope, id: string, name: string, ptr: string): string {
  const alias = scope.aliases.get(`${id}.${name}`);
  return alias === undefined ? `$steps.${scope.prefix}${id}.outputs.${name}${ptr}` : appendPointer(alias, ptr);
}

/** `$x#/a` + `#/b` → `$x#/a/b`. */
export function appendPointer(expression: string, ptr: string): string {
  if (ptr === "" || ptr === "#") return expression;
  return expression.includes("#") ? expression + ptr.slice(1) : expression + ptr;
}

function valueAsText(value: Value, ptr: string, mode: TextMode): string {
  if (value.kind === "expr") return appendPointer(value.text, ptr);
  if (value.kind === "template") return value.text;
  const literal = resolve(literalOf(value), ptr.slice(1));
  if (typeof literal === "string") return mode === "condition" ? `'${literal.replaceAll("'", "''")}'` : literal;
  return JSON.stringify(literal) ?? "null";
}

/** The plain JSON a Value stands for, expressions kept as their text. */
function literalOf(value: Value): unknown {
  switch (value.kind) {
    case "literal":
      return value.value;
    case "expr":
    case "template":
      return value.text;
    case "object":
      return Object.fromEntries(value.entries.map(([k, v]) => [k, literalOf(v)]));
    case "array":
      return value.items.map(literalOf);
  }
}

function isIdentity(scope: Scope): boolean {
  return scope.prefix === "" && scope.inputs.size === 0 && scope.aliases.size === 0;
}
