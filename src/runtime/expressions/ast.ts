// Types for parsed Arazzo runtime expressions, embedded-expression templates, criteria and parse errors.

/** Decoded RFC 6901 reference tokens (`~0`/`~1` already unescaped); `[]` addresses the whole value. */
export type Pointer = readonly string[];

/** The Components Object sections a `$components.SECTION.NAME` expression may name (Arazzo §Components Object). */
export type ComponentSection = "parameters" | "inputs" | "successActions" | "failureActions";

/**
 * One runtime expression (Arazzo 1.0.1 §Runtime Expressions), refined from the ABNF's `name = *CHAR`:
 * ids follow the spec's recommended `[A-Za-z0-9_-]+`, output and component names its required
 * `[A-Za-z0-9.\-_]+`, header names the RFC 7230 `token`.
 */
export type Expression =
  | { readonly kind: "url" }
  | { readonly kind: "method" }
  | { readonly kind: "statusCode" }
  /** `$request.header.NAME`; looked up case-insensitively. */
  | { readonly kind: "requestHeader"; readonly name: string }
  | { readonly kind: "requestQuery"; readonly name: string }
  | { readonly kind: "requestPath"; readonly name: string }
  | { readonly kind: "requestBody"; readonly pointer: Pointer }
  /** `$response.header.NAME`; looked up case-insensitively. */
  | { readonly kind: "responseHeader"; readonly name: string }
  | { readonly kind: "responseBody"; readonly pointer: Pointer }
  /** `$inputs.NAME`, `$inputs.NAME#/a/b` or `$inputs.NAME.a.b`; both forms become `pointer`. */
  | { readonly kind: "inputs"; readonly name: string; readonly pointer: Pointer }
  | { readonly kind: "outputs"; readonly name: string; readonly pointer: Pointer }
  | { readonly kind: "stepOutput"; readonly stepId: string; readonly name: string; readonly pointer: Pointer }
  | {
      readonly kind: "workflow";
      readonly workflowId: string;
      readonly field: "inputs" | "outputs";
      readonly name: string;
      readonly pointer: Pointer;
    }
  /** `$sourceDescriptions.NAME.X`: X is `url` or an operationId / workflowId of that source. */
  | { readonly kind: "sourceDescription"; readonly source: string; readonly reference: string }
  | { readonly kind: "component"; readonly section: ComponentSection; readonly name: string }
  /**
   * `$config.NAME` (our extension, not Arazzo): a value the operator configures, read from the environment variable
   * `PREFIX_NAME` when the toolset starts; never a model input.
   */
  | { readonly kind: "config"; readonly name: string };

export type ExpressionKind = Expression["kind"];

/** Half-open character range `[start, end)` in the text that was parsed. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A string with `{$expr}` parts (Arazzo §Runtime Expressions: "embedded into string values … `{}`"). */
export interface Template {
  readonly parts: readonly TemplatePart[];
}

export type TemplatePart = string | { readonly expr: Expression; readonly span: Span };

/** A step in an operand's postfix chain: `[0]` gives a number, `['a']` and `.a` give a string. */
export type Accessor = string | number;

/** A literal of a simple condition (Arazzo §Criterion Object, Literals). */
export type LiteralValue = string | number | boolean | null;

export type Operand =
  | { readonly kind: "literal"; readonly value: LiteralValue; readonly span: Span }
  | {
      readonly kind: "expression";
      readonly expr: Expression;
      readonly accessors: readonly Accessor[];
      readonly span: Span;
    };

export type ComparisonOperator = "==" | "!=" | "<" | "<=" | ">" | ">=";

/** A simple condition (Arazzo §Criterion Object, Operators). */
export type Condition =
  | { readonly kind: "or"; readonly operands: readonly Condition[] }
  | { readonly kind: "and"; readonly operands: readonly Condition[] }
  | { readonly kind: "not"; readonly operand: Condition }
  | { readonly kind: "compare"; readonly op: ComparisonOperator; readonly left: Operand; readonly right: Operand }
  /** A bare operand: true when its value is truthy (not undefined, null, false, 0, NaN or ''). */
  | { readonly kind: "test"; readonly operand: Operand };

/** A parsed Criterion Object of a supported type (`simple`, the default, or `regex`). */
export type Criterion =
  | { readonly type: "simple"; readonly condition: Condition; readonly context?: Expression }
  | { readonly type: "regex"; readonly context: Expression; readonly regex: RegExp };

/** Every way parsing can fail; tests and callers switch on it, people read `message` and `hint`. */
export type ExpressionErrorCode =
  | "empty"
  | "expected-dollar"
  | "unknown-root"
  | "expected-dot"
  | "expected-name"
  | "unknown-source"
  | "unknown-field"
  | "missing-outputs"
  | "body-needs-pointer"
  | "pointer-start"
  | "pointer-escape"
  | "unexpected-text"
  | "unterminated-expression"
  | "expected-operand"
  | "expected-operator"
  | "unterminated-string"
  | "invalid-literal"
  | "chained-comparison"
  | "unbalanced"
  | "too-deep"
  | "invalid-accessor"
  | "missing-context"
  | "invalid-regex"
  | "unsupported-criterion";

export interface ExpressionError {
  readonly code: ExpressionErrorCode;
  readonly message: string;
  /** 0-based offset into the parsed text (the criterion field named by `field`, if any). */
  readonly offset: number;
  readonly hint: string;
  /** For criteria: which field of the Criterion Object the offset is in. */
  readonly field?: "condition" | "context" | "type";
}

export type Parsed<T> = { readonly ok: true } & T;
export type Failed = { readonly ok: false; readonly error: ExpressionError };
export type ParseResult<T> = Parsed<T> | Failed;
