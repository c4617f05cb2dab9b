// A Criterion Object (`condition`, `type`, `context`) → a parsed Criterion, or an error naming the field.

import type { Criterion, ExpressionError, Failed, ParseResult } from "./ast.js";
import { parseCondition } from "./condition.js";
import { parseExpression } from "./parse-expression.js";

/** The fields of an Arazzo Criterion Object as written in the document. */
export interface CriterionInput {
  readonly condition: string;
  /** `simple` (default), `regex`, `jsonpath`, `xpath`, or a Criterion Expression Type Object. */
  readonly type?: string | { readonly type: string; readonly version?: string };
  readonly context?: string;
}

type Result = ParseResult<{ criterion: Criterion }>;

const inField = (field: ExpressionError["field"], failed: Failed): Failed => ({
  ok: false,
  error: { ...failed.error, field },
});

function failure(error: Omit<ExpressionError, "offset"> & { offset?: number }): Failed {
  return { ok: false, error: { offset: 0, ...error } };
}

function simple(input: CriterionInput): Result {
  const parsed = parseCondition(input.condition);
  if (!parsed.ok) return inField("condition", parsed);
  if (input.context === undefined) return { ok: true, criterion: { type: "simple", condition: parsed.condition } };
  const context = parseExpression(input.context);
  if (!context.ok) return inField("context", context);
  return { ok: true, criterion: { type: "simple", condition: parsed.condition, context: context.expr } };
}

function regex(input: CriterionInput): Result {
  if (input.context === undefined) {
    const hint = "add the value to match, e.g. context: $statusCode or context: $response.header.Content-Type";
    return failure({ code: "missing-context", message: "a regex criterion needs a context", hint, field: "context" });
  }
  const context = parseExpression(input.context);
  if (!context.ok) return inField("context", context);
  try {
    return { ok: true, criterion: { type: "regex", context: context.expr, regex: new RegExp(input.condition, "u") } };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return failure({
      code: "invalid-regex",
      message,
      hint: "write an ECMAScript pattern (u flag), e.g. ^2[0-9]{2}$",
      field: "condition",
    });
  }
}

function jsonPathHint(input: CriterionInput): string {
  const field = /@\.([A-Za-z0-9_-]+)/.exec(input.condition)?.[1] ?? "field";
  const context = input.context ?? "$response.body";
  return `write a simple condition instead, e.g. condition: ${context}#/${field} != null`;
}

const unsupported =
  (name: string, standard: string, hint: (input: CriterionInput) => string) =>
  (input: CriterionInput): Result =>
    failure({
      code: "unsupported-criterion",
      message: `${name} criteria (type: ${name.toLowerCase()}, ${standard}) are not supported`,
      hint: hint(input),
      field: "type",
    });

const BY_TYPE: Readonly<Record<string, (input: CriterionInput) => Result>> = {
  simple,
  regex,
  jsonpath: unsupported("JSONPath", "RFC 9535", jsonPathHint),
  xpath: unsupported("XPath", "XPath 3.1", () => "write a simple condition on a runtime expression instead"),
};

/**
 * Parses a Criterion Object (Arazzo 1.0.1 §Criterion Object). `simple` and `regex` (an ECMAScript
 * pattern compiled once with the `u` flag, tested against the context's value) are supported;
 * `jsonpath` and `xpath` are reported as unsupported with a rewrite hint, never ignored.
 */
export function parseCriterion(input: CriterionInput): Result {
  const type = typeof input.type === "object" ? input.type.type : (input.type ?? "simple");
  const parse = Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type] : undefined;
  if (parse !== undefined) return parse(input);
  const hint = "type is one of simple, regex, jsonpath or xpath";
  return failure({ code: "unsupported-criterion", message: `unknown criterion type "${type}"`, hint, field: "type" });
}
