// The ToolPlan IR: one planned tool per goal, read by emit, plan, lint and check (never OpenAPI types).
import type { Diagnostic } from "../diagnostics/types.js";
import type { BodyKind, HttpMethod, JsonSchema, ParameterLocation, ParameterStyle, SecurityRequirement, SecurityScheme, Server } from "../model/api-model.js";

export type Risk = "low" | "medium" | "high";
export type Category = "data" | "action" | "orchestration";

/** The four MCP tool annotations, always explicit. */
export interface Annotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** A value bound into a request: a literal, an Arazzo runtime expression, a `{$…}` template, or a structure of those. */
export type ValueExpr =
  | { readonly kind: "literal"; readonly value: unknown }
  | { readonly kind: "expr"; readonly text: string }
  | { readonly kind: "template"; readonly text: string }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, ValueExpr])[] }
  | { readonly kind: "array"; readonly items: readonly ValueExpr[] };

/** Where a planned thing came from, for diagnostics and lint findings. */
export interface Origin {
  readonly file: string;
  readonly pointer: string;
  readonly line?: number;
  readonly column?: number;
}

export interface ToolInput {
  /** snake_case, unique within the tool; what the model passes. */
  readonly name: string;
  /** The name the goals file's expressions use (`$inputs.petId`), when it differs from `name`. */
  readonly sourceName?: string;
  /** 2020-12 JSON Schema of the input; `$ref`s point into `ToolPlan.schemas`. */
  readonly schema: JsonSchema;
  readonly required: boolean;
  /** Description the model reads (without constraints in words: schema→Zod adds those). */
  readonly description?: string;
  /** What the input is bound to, e.g. `getPetById path petId`, for plan output and lint. */
  readonly boundTo: readonly string[];
}

export interface ParamBinding {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  readonly contentType?: string;
  readonly required: boolean;
  readonly value: ValueExpr;
}

export interface BodyBinding {
  readonly mediaType: string;
  readonly kind: BodyKind;
  readonly value: ValueExpr;
  /** Arazzo payload replacements: values set at JSON pointers of the evaluated payload, in order. */
  readonly replacements?: readonly { readonly pointer: string; readonly value: ValueExpr }[];
}

/** An Arazzo criterion, checked at generation time and evaluated by the runtime. */
export interface CriterionPlan {
  readonly type: "simple" | "regex" | "jsonpath";
  readonly condition: string;
  /** Runtime expression a regex or JSONPath applies to. */
  readonly context?: string;
}

/** What to do after a step succeeds or fails (Arazzo Success/Failure Action). */
export interface ActionPlan {
  readonly type: "end" | "retry" | "goto";
  readonly stepId?: string;
  /** Seconds to wait before a retry (a Retry-After header overrules it). */
  readonly retryAfter?: number;
  readonly retryLimit?: number;
  /** All must hold for the action to apply; empty means always. */
  readonly criteria: readonly CriterionPlan[];
}

export interface StepPlan {
  readonly id: string;
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly params: readonly ParamBinding[];
  readonly body?: BodyBinding;
  /** Step outputs: name → runtime expression over this step's response. */
  readonly outputs: Readonly<Record<string, string>>;
  /** Ids of earlier steps that must finish first: the steps whose outputs it reads, and every earlier action. */
  readonly dependsOn: readonly string[];
  /** True for GET/HEAD/OPTIONS: may run concurrently with other read-only steps. */
  readonly readOnly: boolean;
  /** Security alternatives of the bound operation. */
  readonly security: readonly SecurityRequirement[];
  /** The status code taken as success, and the spec's descriptions of the others (for error messages). */
  readonly successStatus: string;
  readonly responseDescriptions: Readonly<Record<string, string>>;
  /** Repair hints by status or error code, from the goals file or derived. */
  readonly errorHints: Readonly<Record<string, string>>;
  /** All must hold for success; empty: the HTTP status decides (2xx). */
  readonly successCriteria: readonly CriterionPlan[];
  readonly onSuccess: readonly ActionPlan[];
  readonly onFailure: readonly ActionPlan[];
  readonly origin: Origin;
}

export interface ReturnsPlan {
  /** The projection; undefined means "the last step's response, denoised". */
  readonly projection?: ValueExpr;
  /** Schema of what `run` returns on success, before the byte cap. */
  readonly schema: JsonSchema;
  /** Inputs that narrow a large result (limit, page, filters), named in `_truncated` hints. */
  readonly narrowingInputs: readonly string[];
}

export interface ToolDef {
  /** `^[a-z][a-z0-9_]*$`, at most 64 characters, unique in the toolset. */
  readonly name: string;
  readonly title: string;
  /** What the model reads: purpose, when to use, when not to. */
  readonly description: string;
  readonly risk: Risk;
  readonly category: Category;
  readonly annotations: Annotations;
  readonly approval: "required" | "none";
  readonly inputs: readonly ToolInput[];
  readonly steps: readonly StepPlan[];
  readonly returns: ReturnsPlan;
  readonly origin: Origin;
}

export interface ToolsetInfo {
  /** kebab-case package and server name. */
  readonly name: string;
  /** UPPER_SNAKE prefix of the generated package's environment variables. */
  readonly envPrefix: string;
  readonly servers: readonly Server[];
  readonly securitySchemes: Readonly<Record<string, SecurityScheme>>;
  readonly maxReturnBytes: number;
  readonly timeoutMs: number;
}

export interface ToolPlan {
  readonly toolset: ToolsetInfo;
  readonly tools: readonly ToolDef[];
  /** Named schemas the tools' input and return schemas reference (only those reached). */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  readonly diagnostics: readonly Diagnostic[];
}
