// The ToolPlan IR: one planned tool per goal, read by emit, plan, lint and check (never OpenAPI types).
import type { Diagnostic } from "../diagnostics/types.js";
import type { JsonSchema, ParameterLocation, SecurityScheme, Server } from "../model/api-model.js";
import type {
  ActionSpec,
  Annotations,
  BodySpec,
  Category,
  ConfigSpec,
  CriterionSpec,
  ParamSpec,
  Risk,
  StepSpec,
  ToolSpec,
  ValueExpr,
} from "../runtime/types.js";

/** A parameter or form field that carries a credential: filled from configuration, never a model input. */
export interface CredentialField {
  readonly name: string;
  readonly in: ParameterLocation | "body";
  readonly required: boolean;
  /** The spec's description: a `token` that selects a page (`The NextToken string …`) is no credential. */
  readonly description?: string;
  /**
   * A header that carries the API version (`Notion-Version`, `X-GitHub-Api-Version`): no credential, a configured
   * value whose default is the spec's own value for the parameter (default, enum, example), when it has one.
   */
  readonly apiVersion?: { readonly default?: string };
  /** A body field: how the API takes it as its credential (see {@link BodyCredentialKind}). */
  readonly body?: BodyCredentialKind;
  /** An optional header that stands in for the operation's bearer token: sent alone, never on top of it. */
  readonly alternative?: true;
}

/**
 * How an API takes a body field as its credential: `every` — in the body of nearly every operation (Mandrill's `key`,
 * Plaid's `client_id` and `secret`); `beside` — on some operations only, beside such a field, under a credential's name
 * and described as one (Plaid's `access_token` of the Item the calls read).
 */
export type BodyCredentialKind = "every" | "beside";
export type { Annotations, Category, Risk, ValueExpr };
/** A parameter binding as the runtime executes it. */
export type ParamBinding = ParamSpec;
/** A request body binding as the runtime executes it. */
export type BodyBinding = BodySpec;
export type CriterionPlan = CriterionSpec;
export type ActionPlan = ActionSpec;

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

/** A place of one step where a configured value (`$config.NAME`) goes: the toolset pass turns these into ConfigSpecs. */
export interface ConfigBinding {
  readonly name: string;
  /** The schema of where it goes: its type and constraints become the value's start-up checks. */
  readonly schema: JsonSchema;
  /** e.g. `path parameter "AccountSid" of CreateMessage`. */
  readonly place: string;
  readonly description?: string;
  readonly origin: Origin;
}

/** One planned step: what the runtime executes, plus where the goals file defined it. */
export interface StepPlan extends StepSpec {
  readonly origin: Origin;
  /** Configured values the step binds: the toolset pass gathers them into `ToolsetInfo.config` and drops this. */
  readonly config?: readonly ConfigBinding[];
  /** Credential fields no declared scheme fills: the toolset pass names a generated scheme for each and drops this. */
  readonly credentials?: readonly CredentialField[];
}

export interface ReturnsPlan {
  /** The projection; undefined means "the last step's response, denoised". */
  readonly projection?: ValueExpr;
  /** Schema of what `run` returns on success, before the byte cap. */
  readonly schema: JsonSchema;
  /** Inputs that narrow a large result (limit, page, filters), named in `_truncated` hints. */
  readonly narrowingInputs: readonly string[];
}

/** One planned tool: the runtime's identity fields (name ≤ 64 chars of `^[a-z][a-z0-9_]*$`, description, risk, …) plus what emit and lint need. */
export interface ToolDef extends Omit<ToolSpec, "inputs" | "steps" | "returns"> {
  readonly inputs: readonly ToolInput[];
  readonly steps: readonly StepPlan[];
  readonly returns: ReturnsPlan;
  readonly origin: Origin;
  /** The goals file marks it core: listed upfront even when the toolset is served with tool search. */
  readonly core?: boolean;
  /** Why the risk is above what the methods give: the operation's own words (`plan` prints it). */
  readonly riskReason?: string;
  /** Where each of the goals file's `examples` is, for the diagnostic of one that does not fit the input schema. */
  readonly exampleOrigins?: readonly Origin[];
}

export interface ToolsetInfo {
  /** kebab-case package and server name. */
  readonly name: string;
  /** UPPER_SNAKE prefix of the generated package's environment variables. */
  readonly envPrefix: string;
  /** The servers; `placeholder` says why one is not a real API URL (`your-domain`), so the runtime needs a base URL. */
  readonly servers: readonly (Server & { readonly placeholder?: string })[];
  readonly securitySchemes: Readonly<Record<string, SecurityScheme>>;
  /** Values the operator configures (`$config.NAME`), by name: each read from its own variable at start-up. */
  readonly config?: Readonly<Record<string, ConfigSpec>>;
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
