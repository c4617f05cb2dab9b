// Runtime-expression text (`$steps.find.outputs.id`) → a typed Expression, or an error with offset and hint.

import type { ComponentSection, Expression, ParseResult } from "./ast.js";
import { isIdChar, isLetter, isNameChar, isWhitespace, STANDALONE } from "./chars.js";
import { type Cursor, fail, ok, peek, rest, scanWhile, type Step } from "./cursor.js";
import { closest, suggest } from "./hints.js";
import { messageSource, REQUEST_SOURCES, RESPONSE_SOURCES } from "./message-source.js";
import { expectDot, inputReference, outputReference, scanName } from "./scan-parts.js";

type RootParser = (c: Cursor, start: number) => Step<Expression>;

const EXAMPLES = "$inputs.NAME, $steps.ID.outputs.NAME, $response.body#/field or $statusCode";

const constant =
  (expr: Expression): RootParser =>
  () =>
    ok(expr);

const afterDot =
  (root: string, example: string, tail: RootParser): RootParser =>
  (c, start) => {
    const dot = expectDot(c, `$${root}`, example);
    return dot.ok ? tail(c, start) : dot;
  };

function inputsTail(c: Cursor): Step<Expression> {
  const ref = inputReference(c, "$inputs");
  return ref.ok ? ok({ kind: "inputs", ...ref.value }) : ref;
}

function outputsTail(c: Cursor): Step<Expression> {
  const ref = outputReference(c, "$outputs");
  return ref.ok ? ok({ kind: "outputs", ...ref.value }) : ref;
}

function stepsTail(c: Cursor): Step<Expression> {
  const stepId = scanName(c, isIdChar, "a step id", "$steps.ID.outputs.NAME");
  if (!stepId.ok) return stepId;
  const prefix = `$steps.${stepId.value}`;
  const fieldStart = c.pos + 1;
  if (peek(c) !== "." || !expectField(c, "outputs")) return missingOutputs(c, prefix, fieldStart);
  const dot = expectDot(c, `${prefix}.outputs`, `${prefix}.outputs.NAME`);
  if (!dot.ok) return dot;
  const ref = outputReference(c, `${prefix}.outputs`);
  return ref.ok ? ok({ kind: "stepOutput", stepId: stepId.value, ...ref.value }) : ref;
}

/** Consumes `.FIELD` when FIELD is exactly `field`; otherwise leaves the cursor where it was. */
function expectField(c: Cursor, field: string): boolean {
  const save = c.pos;
  c.pos++;
  if (scanWhile(c, isIdChar) === field) return true;
  c.pos = save;
  return false;
}

function missingOutputs(c: Cursor, prefix: string, fieldStart: number): Step<Expression> {
  const written = c.pos < c.text.length && peek(c) === "." ? rest(c, fieldStart) : "";
  const field = written.split(/[.#]/)[0] ?? "";
  if (field !== "" && closest(field, ["outputs"]) !== undefined) {
    const fixed = `${prefix}.outputs${written.slice(field.length)}`;
    return fail("unknown-field", `unknown step field "${field}"`, fieldStart, `did you mean ${fixed}?`);
  }
  const offset = written === "" ? c.pos : fieldStart;
  const source = /^(response|request)\.(.*)$/.exec(written);
  if (source !== null) {
    const name = /([A-Za-z_][A-Za-z0-9_]*)[^A-Za-z0-9_]*$/.exec(source[2] ?? "")?.[1] ?? "NAME";
    const hint = `declare it on the step, outputs: { ${name}: $${written} }, then use ${prefix}.outputs.${name}`;
    return fail("missing-outputs", "a step is referenced through its outputs", offset, hint);
  }
  const fixed = written === "" ? `${prefix}.outputs.NAME` : `${prefix}.outputs.${written}`;
  return fail("missing-outputs", "a step is referenced through its outputs", offset, `did you mean ${fixed}?`);
}

const WORKFLOW_FIELDS = { inputs: inputReference, outputs: outputReference } as const;

function workflowsTail(c: Cursor): Step<Expression> {
  const workflowId = scanName(c, isIdChar, "a workflow id", "$workflows.ID.outputs.NAME");
  if (!workflowId.ok) return workflowId;
  const prefix = `$workflows.${workflowId.value}`;
  const dot = expectDot(c, prefix, `${prefix}.outputs.NAME`);
  if (!dot.ok) return dot;
  const fieldStart = c.pos;
  const field = scanWhile(c, isIdChar);
  if (field !== "inputs" && field !== "outputs") {
    const hint = suggest(field, Object.keys(WORKFLOW_FIELDS), (f) => `${prefix}.${f}`);
    return fail("unknown-field", `unknown workflow field "${field}"`, fieldStart, hint);
  }
  const fieldDot = expectDot(c, `${prefix}.${field}`, `${prefix}.${field}.NAME`);
  if (!fieldDot.ok) return fieldDot;
  const ref = WORKFLOW_FIELDS[field](c, `${prefix}.${field}`);
  return ref.ok ? ok({ kind: "workflow", workflowId: workflowId.value, field, ...ref.value }) : ref;
}

function sourceDescriptionsTail(c: Cursor): Step<Expression> {
  const source = scanName(c, isIdChar, "a source description name", "$sourceDescriptions.petstore.url");
  if (!source.ok) return source;
  const prefix = `$sourceDescriptions.${source.value}`;
  const dot = expectDot(c, prefix, `${prefix}.url or ${prefix}.OPERATION_ID`);
  if (!dot.ok) return dot;
  const reference = scanName(c, (ch) => !isWhitespace(ch), "url or an operationId / workflowId", `${prefix}.url`);
  return reference.ok ? ok({ kind: "sourceDescription", source: source.value, reference: reference.value }) : reference;
}

function configTail(c: Cursor): Step<Expression> {
  const name = scanName(c, isIdChar, "a configuration name", "$config.account_sid");
  return name.ok ? ok({ kind: "config", name: name.value }) : name;
}

const COMPONENT_SECTIONS: readonly ComponentSection[] = ["parameters", "inputs", "successActions", "failureActions"];

function componentsTail(c: Cursor): Step<Expression> {
  const sectionStart = c.pos;
  const section = scanWhile(c, isLetter);
  const known = COMPONENT_SECTIONS.find((s) => s === section);
  if (known === undefined) {
    const hint = suggest(section, COMPONENT_SECTIONS, (s) => `$components.${s}`);
    return fail("unknown-field", `unknown components section "${section}"`, sectionStart, hint);
  }
  const dot = expectDot(c, `$components.${known}`, `$components.${known}.NAME`);
  if (!dot.ok) return dot;
  const name = scanName(c, isNameChar, "a component name", `$components.${known}.NAME`);
  return name.ok ? ok({ kind: "component", section: known, name: name.value }) : name;
}

const ROOTS: Readonly<Record<string, RootParser>> = {
  url: constant({ kind: "url" }),
  method: constant({ kind: "method" }),
  statusCode: constant({ kind: "statusCode" }),
  request: afterDot("request", "$request.header.NAME", messageSource("request", REQUEST_SOURCES)),
  response: afterDot("response", "$response.body#/id", messageSource("response", RESPONSE_SOURCES)),
  inputs: afterDot("inputs", "$inputs.NAME", inputsTail),
  outputs: afterDot("outputs", "$outputs.NAME", outputsTail),
  steps: afterDot("steps", "$steps.ID.outputs.NAME", stepsTail),
  workflows: afterDot("workflows", "$workflows.ID.outputs.NAME", workflowsTail),
  sourceDescriptions: afterDot("sourceDescriptions", "$sourceDescriptions.NAME.url", sourceDescriptionsTail),
  components: afterDot("components", "$components.parameters.NAME", componentsTail),
  config: afterDot("config", "$config.NAME", configTail),
};

function unknownRoot(word: string, start: number): Step<Expression> {
  const roots = Object.keys(ROOTS);
  const prefix = roots.find((r) => word.startsWith(r));
  const match = closest(word, roots);
  const hint =
    prefix !== undefined && match === undefined
      ? `did you mean $${prefix}.${word.slice(prefix.length)}?`
      : suggest(word, roots, (r) => `$${r}`);
  return fail("unknown-root", `unknown expression "$${word}"`, start, hint);
}

/**
 * Reads one runtime expression at the cursor (Arazzo 1.0.1 §Runtime Expressions ABNF). Stops at the
 * first character that cannot continue it; the caller decides whether what follows is allowed.
 */
export function scanExpression(c: Cursor): Step<Expression> {
  const start = c.pos;
  if (peek(c) !== "$") {
    return fail("expected-dollar", 'a runtime expression starts with "$"', start, `e.g. ${EXAMPLES}`);
  }
  c.pos++;
  const word = scanWhile(c, isLetter);
  if (word === "") return fail("expected-name", 'expected an expression name after "$"', c.pos, `e.g. ${EXAMPLES}`);
  const root = Object.hasOwn(ROOTS, word) ? ROOTS[word] : undefined;
  return root === undefined ? unknownRoot(word, start) : root(c, start);
}

function trailingHint(text: string, pos: number): string {
  const ch = text[pos] ?? "";
  if (isWhitespace(ch)) {
    return (
      `an expression cannot contain spaces; to mix text and values write a template: "text ` +
      `{${text.slice(0, pos)}}"`
    );
  }
  return `remove "${text.slice(pos)}", or write a template: "{${text.slice(0, pos)}}${text.slice(pos)}"`;
}

function wholeValueHint(text: string): string {
  if (text.startsWith("{$") && text.endsWith("}"))
    return `a whole value is written without braces: ${text.slice(1, -1)}`;
  return `e.g. ${EXAMPLES}`;
}

/**
 * Parses a whole value as one runtime expression (Arazzo 1.0.1 §Runtime Expressions), e.g. a step
 * output, a parameter value or a Reusable Object `reference`.
 */
export function parseExpression(text: string): ParseResult<{ expr: Expression }> {
  if (text === "") return fail("empty", "empty runtime expression", 0, `e.g. ${EXAMPLES}`);
  if (!text.startsWith("$")) {
    return fail("expected-dollar", 'a runtime expression starts with "$"', 0, wholeValueHint(text));
  }
  const c: Cursor = { text, pos: 0, stop: STANDALONE };
  const expr = scanExpression(c);
  if (!expr.ok) return expr;
  if (c.pos < text.length) {
    const message = `unexpected "${text[c.pos]}" after ${text.slice(0, c.pos)}`;
    return fail("unexpected-text", message, c.pos, trailingHint(text, c.pos));
  }
  return { ok: true, expr: expr.value };
}
