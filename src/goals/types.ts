// GoalSpec: the one shape that both goals formats (our `aci: 1` and Arazzo 1.0.x) are loaded into.
import type { SecurityRequirement, SecurityScheme } from "../model/api-model.js";
import type { EnvelopeSpec } from "../runtime/types.js";

/** Where a node of the goals file is: file plus 1-based line and column, as editors show them. */
export interface FilePosition {
  /** Path of the goals file as the user gave it. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Every node of a GoalSpec carries its origin so later stages can report precise diagnostics. */
export interface Located {
  /** RFC 6901 pointer to the node in the goals document (for an inlined Arazzo step: in the called workflow). */
  readonly pointer: string;
  /** Line and column of that node; absent when the goals were given as an already-parsed object. */
  readonly position?: FilePosition;
}

/** An Arazzo runtime expression kept as text; the planner parses and checks it. */
export interface Expr extends Located {
  /** The expression, e.g. `$response.body#/id` or `$steps.customer.outputs.id`. */
  readonly text: string;
}

/**
 * A value bound into a request or returned to the model. Strings that are a whole runtime expression are
 * `expr`; strings holding `{$…}` are `template`; anything else without expressions inside is `literal`
 * only at the leaves (objects and arrays are walked so each leaf keeps its own location).
 */
export type Value =
  | (Located & { readonly kind: "literal" /** A JSON value used as written. */; readonly value: unknown })
  | (Located & {
      readonly kind: "expr" /** A whole runtime expression, e.g. `$inputs.email`. */;
      readonly text: string;
    })
  | (Located & {
      readonly kind: "template" /** A string with `{$expr}` parts, e.g. `Order for {$inputs.name}`. */;
      readonly text: string;
    })
  | (Located & {
      readonly kind: "object" /** Members in written order. */;
      readonly entries: readonly (readonly [string, Value])[];
    })
  | (Located & { readonly kind: "array" /** Items in written order. */; readonly items: readonly Value[] })
  | (Located & {
      readonly kind: "each";
      /** A runtime expression of a list, e.g. `$steps.reviews.outputs.all`. */
      readonly source: string;
      /** What each item becomes: field name → RFC 6901 pointer into the item (`""` is the whole item). */
      readonly fields: readonly (Located & { readonly name: string; readonly path: string })[];
    });

/** An input override or declaration: a JSON Schema fragment merged by the planner with what the input is bound to. */
export interface InputOverride extends Located {
  /** JSON Schema keywords as written (type, format, enum, pattern, example, …), `description` included. */
  readonly schema: Readonly<Record<string, unknown>>;
  /** What the model reads about this input. */
  readonly description?: string;
  /** Forces the input required (true) or optional (false); absent: the binding decides. */
  readonly required?: boolean;
}

/** The operation a step calls, as the goals file names it; the planner binds it to the spec. */
export type OperationRef =
  | {
      readonly kind: "operationId";
      /** The operationId in the spec. */
      readonly id: string;
      /** Arazzo source description name, from `$sourceDescriptions.NAME.opId`. */
      readonly source?: string;
    }
  | {
      readonly kind: "path";
      /** Upper-case HTTP method, e.g. `POST`. */
      readonly method: string;
      /** Path template as in the spec, e.g. `/store/order/{orderId}`. */
      readonly path: string;
    }
  | {
      readonly kind: "operationPath";
      /** Arazzo source description name the pointer applies to. */
      readonly source: string;
      /** JSON pointer into that description, e.g. `/paths/~1pets/get`. */
      readonly pointer: string;
      /** Upper-case method, when the pointer has the `/paths/{path}/{method}` shape. */
      readonly method?: string;
      /** Path template, when the pointer has the `/paths/{path}/{method}` shape. */
      readonly path?: string;
    };

/** Where a parameter goes; absent means "as the spec declares it". */
export type ParamLocation = "path" | "query" | "header" | "cookie";

/** One request parameter binding. */
export interface Param extends Located {
  /** Parameter name as in the spec (case-sensitive). */
  readonly name: string;
  readonly in?: ParamLocation;
  readonly value: Value;
}

/** A JSON pointer (into the payload) and the value to set there before sending. */
export interface Replacement extends Located {
  /** RFC 6901 pointer into the request body, e.g. `/petId`. */
  readonly target: string;
  readonly value: Value;
}

/** The request body of a step. */
export interface RequestBody extends Located {
  /** Object with expressions in its leaves, a whole expression, or a string template. */
  readonly payload: Value;
  /** Media type to send; absent: the operation's. */
  readonly contentType?: string;
  /** Where `contentType` is written, for diagnostics about it. */
  readonly contentTypeAt?: Located;
  /** Values set into the payload at JSON pointers, in order. */
  readonly replacements: readonly Replacement[];
}

/** The condition languages a criterion may use (`xpath` and versioned JSONPath are rejected at load). */
export type CriterionType = "simple" | "regex" | "jsonpath";

/** One assertion over a response (Arazzo Criterion Object). */
export interface Criterion extends Located {
  /** `$statusCode == 200`, a regex, or an RFC 9535 JSONPath query, per `type`. */
  readonly condition: string;
  /** Runtime expression the regex/JSONPath applies to, e.g. `$response.body`. */
  readonly context?: string;
  readonly type: CriterionType;
}

/** What to do after a step succeeded or failed (Arazzo Success/Failure Action Object). */
export interface Action extends Located {
  readonly name?: string;
  readonly type: "end" | "retry" | "goto";
  /** For `goto`: the step (of this goal) to continue with; a goto to a workflow is resolved to its first step. */
  readonly stepId?: string;
  /** For a `goto` written against a workflow: that workflow's id, kept for messages. */
  readonly workflowId?: string;
  /** For `retry`: seconds to wait before the next attempt (a Retry-After header overrules it). */
  readonly retryAfter?: number;
  /** For `retry`: how many attempts at most (Arazzo default 1). */
  readonly retryLimit?: number;
  /** All must hold for the action to apply; empty means always. */
  readonly criteria: readonly Criterion[];
}

/** The one item of a listed response a step keeps, chosen by exact field values; its outputs read that item. */
export interface Pick extends Located {
  /** RFC 6901 pointer to the list in the response body; `""`: the body is the list. */
  readonly from: string;
  /** Item field (a property name, or an RFC 6901 pointer into the item) → the value it must equal. */
  readonly where: readonly (Located & { readonly field: string; readonly value: Value })[];
}

/** One API call of a goal. */
export interface Step extends Located {
  /** Unique within the goal; inlined workflow steps are `CALLSTEP__STEP`. */
  readonly id: string;
  readonly description?: string;
  readonly operation: OperationRef;
  readonly params: readonly Param[];
  readonly body?: RequestBody;
  /** Output name → runtime expression over this step's response. */
  readonly outputs: Readonly<Record<string, Expr>>;
  /** All must hold for the step to succeed; empty: the operation's success status decides. */
  readonly successCriteria: readonly Criterion[];
  /** First matching action wins; none matching: the next step runs. */
  readonly onSuccess: readonly Action[];
  /** First matching action wins; none matching: the goal stops with the error. */
  readonly onFailure: readonly Action[];
  /** Keeps one item of a listed response; `$response.body` in the outputs is that item. */
  readonly pick?: Pick;
  /**
   * Whether the list whose item 0 the outputs read must hold exactly one item (`exactly_one`): `true` asks for it,
   * `false` keeps "the first listed is meant"; absent, the planner decides (docs/goals.md, "Targets the user names").
   */
  readonly exactlyOne?: Located & { readonly value: boolean };
  /** `false`: a PUT sends only the body written, without reading the current state first (default: read it). */
  readonly keepCurrent?: boolean;
  /** Read pages on, following the API's paging, until this many items are listed (`pages: { max_items: N }`). */
  readonly pages?: Located & { readonly maxItems: number };
  /** How a 2xx body says failure, written in the goals file (`null`: the body is never judged); absent: inferred. */
  readonly envelope?: EnvelopeSpec | null;
  /** Set on steps copied from another Arazzo workflow (a workflow call or a goto to a workflow). */
  readonly inlinedFrom?: { readonly workflowId: string; readonly viaStepId: string };
}

/** One user goal: becomes one tool. */
export interface Goal extends Located {
  /** snake_case tool name, `^[a-z][a-z0-9_]{2,63}$`, unique in the file. */
  readonly name: string;
  /** The Arazzo workflowId this goal came from. */
  readonly workflowId?: string;
  /** What the tool does (Arazzo: summary and description joined). */
  readonly description?: string;
  /** When the model should pick this tool. */
  readonly useWhen?: string;
  /** When it should not, and what to use instead. */
  readonly notFor?: string;
  /** Risk override; absent: inferred from the methods. */
  readonly risk?: "low" | "medium" | "high";
  /** Approval override; absent: required for actions. */
  readonly approval?: "required" | "none";
  /** Always listed, even when the toolset passes its context budget and the other tools are found by search. */
  readonly core?: boolean;
  /** `false`: code execution may not call this data tool (Anthropic programmatic tool calling); actions never may. */
  readonly programmatic?: boolean;
  /** Up to three argument objects shown to the model as input examples (checked against the input schema). */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /** Where each of `examples` is written, in the same order. */
  readonly examplesAt?: readonly Located[];
  /** Input name → override or declaration. */
  readonly inputs: Readonly<Record<string, InputOverride>>;
  readonly steps: readonly Step[];
  /** What the model gets back: an `object` value names the fields; absent: the last step's response. */
  readonly returns?: Value;
  /** Repair hints keyed `<stepId>.<status|code>`, e.g. `customer.404`. */
  readonly errors: Readonly<Record<string, string>>;
  /** Goals (by name) that must be completed before this one (Arazzo `dependsOn`). */
  readonly dependsOn: readonly string[];
}

/** An Arazzo source description, kept so `--spec` can stand in for a remote URL. */
export interface SourceDescription extends Located {
  readonly name: string;
  readonly url: string;
  readonly type: "openapi" | "arazzo";
}

/** A security scheme the goals file declares because the spec does not (GitHub's declares none). */
export interface DeclaredScheme extends Located {
  readonly scheme: SecurityScheme;
}

/**
 * The goals file's `securitySchemes` and `security`: schemes added to the spec's, and the requirement (OpenAPI
 * alternatives; `{}` makes the credential optional) for every step whose operation the spec leaves without one.
 */
export interface GoalsAuth extends Located {
  readonly schemes: Readonly<Record<string, DeclaredScheme>>;
  /** As written, or one alternative per declared scheme when `security` is absent. */
  readonly security: readonly SecurityRequirement[];
  /** Where `security` is (the requirement's names are checked against the spec's schemes when planning). */
  readonly securityAt?: Located;
}

/** A configured value the goals file declares (`config:`): the README's words and where an unset one comes from. */
export interface ConfigDeclaration extends Located {
  /** What the operator sets it to; absent: the description of the first place it is bound. */
  readonly description?: string;
  /** `basic_auth_user`: unset, the user name of the http basic credential the binding steps use, when it fits. */
  readonly default?: "basic_auth_user";
}

/** A lint rule setting from the goals file. */
export type RuleSetting = "off" | "warn" | "error";

/** A loaded goals file, whichever format it was written in. */
export interface GoalSpec {
  readonly format: "aci" | "arazzo";
  /** The goals file path as given (or `<goals>` for an already-parsed object). */
  readonly file: string;
  /** Package / MCP server name, `^[a-z][a-z0-9-]*$`. */
  readonly toolset?: string;
  /** Spec file path resolved against the goals file's folder (or `--spec`, which wins). */
  readonly spec?: string;
  /** Server URL override; absent: the spec's first server. */
  readonly server?: string;
  readonly defaults: { readonly maxReturnBytes?: number; readonly timeoutMs?: number };
  /** `lint:` section: rule severities by rule name, and the definition token budget. */
  readonly lint?: { readonly rules: Readonly<Record<string, RuleSetting>>; readonly budget?: number };
  /** Credentials the spec does not declare (our format only). */
  readonly auth?: GoalsAuth;
  /** Configured values (`$config.NAME`) the goals file declares (`config:`, Arazzo `x-aci-config`), by name. */
  readonly config?: Readonly<Record<string, ConfigDeclaration>>;
  /** Arazzo `sourceDescriptions`, in written order. */
  readonly sources?: readonly SourceDescription[];
  readonly goals: readonly Goal[];
}
