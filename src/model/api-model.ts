// The ApiModel IR: one dialect-free description of an HTTP API, produced by ingest and read by the planner.

/**
 * A JSON Schema in 2020-12 style, whatever dialect the spec used: `nullable` became a type union,
 * `exclusiveMinimum: true` became the number form, `example` became `examples`. `$ref`s to named
 * schemas read `#/components/schemas/NAME` and point into `ApiModel.schemas`; recursive schemas stay refs.
 */
export type JsonSchema = boolean | JsonSchemaObject;
export interface JsonSchemaObject {
  readonly [keyword: string]: unknown;
}

export type SpecDialect = "swagger-2.0" | "openapi-3.0" | "openapi-3.1";
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/**
 * The whole API, every part worked out (eager ingest: all-operations mode, init). For goals, ingest builds an ApiIndex
 * instead and resolves only the operations and schemas the goals reach, on request (see ApiSource).
 */
export interface ApiModel {
  /** The dialect the spec was written in (schemas here are already normalised). */
  readonly dialect: SpecDialect;
  /** Path of the spec file as given by the user (used in diagnostics), or `<object>` for an in-memory spec. */
  readonly file: string;
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** Servers in spec order; Swagger 2 host/basePath/schemes become one server per scheme. */
  readonly servers: readonly Server[];
  /** Every operation, ordered by path then method (the spec's order, stable across runs). */
  readonly operations: readonly Operation[];
  /**
   * Named schemas, by name, each normalised; refs elsewhere point here as `#/components/schemas/NAME`. The spec's
   * schemas in spec order, then schemas hoisted from other places in the order they are met.
   */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  /** Names of schemas that reach themselves through refs (recursive); emit them as lazy named consts. */
  readonly recursiveSchemas: readonly string[];
  readonly securitySchemes: Readonly<Record<string, SecurityScheme>>;
  /** Document-level security requirements (alternatives; each maps scheme name → scopes). */
  readonly security: readonly SecurityRequirement[];
  readonly tags: readonly Tag[];
}

export interface Server {
  /** URL template with `{variables}`; relative URLs are kept as written. */
  readonly url: string;
  readonly description?: string;
  readonly variables: Readonly<Record<string, ServerVariable>>;
}

export interface ServerVariable {
  readonly default: string;
  readonly enum?: readonly string[];
  readonly description?: string;
}

export interface Tag {
  readonly name: string;
  readonly description?: string;
}

export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

export type SecurityScheme =
  | {
      readonly type: "apiKey";
      readonly name: string;
      readonly in: "header" | "query" | "cookie";
      readonly description?: string;
    }
  | { readonly type: "http"; readonly scheme: string; readonly bearerFormat?: string; readonly description?: string }
  | { readonly type: "oauth2"; readonly flows: OAuthFlows; readonly description?: string }
  | { readonly type: "openIdConnect"; readonly openIdConnectUrl: string; readonly description?: string }
  | { readonly type: "mutualTLS"; readonly description?: string };

export interface OAuthFlows {
  readonly clientCredentials?: { readonly tokenUrl: string; readonly scopes: Readonly<Record<string, string>> };
  readonly authorizationCode?: {
    readonly authorizationUrl: string;
    readonly tokenUrl: string;
    readonly scopes: Readonly<Record<string, string>>;
  };
  readonly implicit?: { readonly authorizationUrl: string; readonly scopes: Readonly<Record<string, string>> };
  readonly password?: { readonly tokenUrl: string; readonly scopes: Readonly<Record<string, string>> };
}

/**
 * The cheap parts of an API, for binding goals and suggesting names: everything but operation details and schema bodies.
 * With an ApiModel's own operations it is that model's index (see modelSource).
 */
export interface ApiIndex extends Omit<ApiModel, "operations" | "schemas" | "recursiveSchemas"> {
  readonly operations: readonly OperationSummary[];
  /** The named schemas' names: the spec's in spec order, then those hoisted from bundled files (more may be hoisted while resolving). */
  readonly schemaNames: readonly string[];
}

/** What an operation is without the parts that cost a walk of its parameters, body and responses. */
export interface OperationSummary {
  /** The operationId, or a stable name synthesised from method + path when the spec has none. */
  readonly id: string;
  readonly idSynthesized: boolean;
  readonly method: HttpMethod;
  /** The path template as written in the spec, e.g. `/pets/{petId}`. */
  readonly path: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** Effective security: the operation's own, else the document's (an empty list means none). */
  readonly security: readonly SecurityRequirement[];
  /** Operation- or path-level servers overriding the document's, when present. */
  readonly servers?: readonly Server[];
  /** `x-*` extensions of the operation, verbatim. */
  readonly extensions: Readonly<Record<string, unknown>>;
  /** JSON pointer of the operation object, e.g. `/paths/~1pets~1{petId}/get`. */
  readonly pointer: string;
}

/** An operation with its details: what planning a step that calls it reads. */
export interface Operation extends OperationSummary {
  /** Path-level and operation-level parameters merged (operation wins on name + in), in spec order. */
  readonly parameters: readonly Parameter[];
  readonly requestBody?: RequestBody;
  /** All responses by status code (`200`, `4XX`, `default`), in spec order. */
  readonly responses: readonly ResponseModel[];
  /** The response taken as success: the lowest 2xx with content, else the lowest 2xx, else `default`. */
  readonly success?: ResponseModel;
}

export interface Parameter {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  readonly description?: string;
  readonly deprecated: boolean;
  readonly schema: JsonSchema;
  /** Serialisation per OpenAPI 3 (Swagger 2 `collectionFormat` is converted). */
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** Media type for a `content`-encoded parameter (OAS 3 `content`), usually application/json. */
  readonly contentType?: string;
  readonly examples: readonly unknown[];
  readonly pointer: string;
}

export type ParameterStyle =
  | "simple"
  | "label"
  | "matrix"
  | "form"
  | "spaceDelimited"
  | "pipeDelimited"
  | "deepObject"
  /** Swagger 2 `collectionFormat: tsv`; no OpenAPI 3 equivalent. */
  | "tabDelimited";

export type BodyKind = "json" | "form" | "multipart" | "text" | "binary";

export interface MediaContent {
  readonly mediaType: string;
  readonly kind: BodyKind;
  readonly schema: JsonSchema;
  readonly examples: readonly unknown[];
  /** Per-property encoding for form and multipart bodies (contentType, style, explode). */
  readonly encoding?: Readonly<
    Record<string, { readonly contentType?: string; readonly style?: ParameterStyle; readonly explode?: boolean }>
  >;
  readonly pointer: string;
}

export interface RequestBody {
  readonly required: boolean;
  readonly description?: string;
  /** Media types in spec order; the planner prefers json, then form, then multipart. */
  readonly contents: readonly MediaContent[];
  readonly pointer: string;
}

export interface ResponseModel {
  /** `200`, `2XX`, `default`, … as written. */
  readonly status: string;
  readonly description: string;
  readonly contents: readonly MediaContent[];
  readonly headers: Readonly<
    Record<string, { readonly schema: JsonSchema; readonly description?: string; readonly required: boolean }>
  >;
  readonly pointer: string;
}
