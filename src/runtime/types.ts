// The runtime's data contract: the serialisable tool and toolset specs generated code hands over, and the tool it gets.
import type { z } from "zod";

export type Risk = "low" | "medium" | "high";
export type Category = "data" | "action" | "orchestration";
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
export type ParameterLocation = "path" | "query" | "header" | "cookie";
export type ParameterStyle =
  | "simple"
  | "label"
  | "matrix"
  | "form"
  | "spaceDelimited"
  | "pipeDelimited"
  | "deepObject"
  | "tabDelimited";
export type BodyKind = "json" | "form" | "multipart" | "text" | "binary";

/** The four MCP tool annotations, always explicit. */
export interface Annotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * A value bound into a request or a result: a literal, an Arazzo runtime expression, a `{$…}` template, or a structure
 * of those.
 */
export type ValueExpr =
  | { readonly kind: "literal"; readonly value: unknown }
  | { readonly kind: "expr"; readonly text: string }
  | { readonly kind: "template"; readonly text: string }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, ValueExpr])[] }
  | { readonly kind: "array"; readonly items: readonly ValueExpr[] }
  /** Each item of the list `source` evaluates to, projected to `fields` (name → RFC 6901 pointer into the item). */
  | { readonly kind: "each"; readonly source: string; readonly fields: readonly (readonly [string, string])[] };

/** One request parameter: where it goes, how it is serialised (OpenAPI style/explode), and the value bound to it. */
export interface ParamSpec {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** Set for an OAS 3 `content`-encoded parameter: the value is serialised as this media type (usually JSON). */
  readonly contentType?: string;
  readonly required: boolean;
  readonly value: ValueExpr;
}

export interface BodySpec {
  readonly mediaType: string;
  readonly kind: BodyKind;
  readonly value: ValueExpr;
  /** Arazzo payload replacements: values set at JSON pointers of the evaluated payload, in order. */
  readonly replacements?: readonly { readonly pointer: string; readonly value: ValueExpr }[];
  /**
   * OAS Encoding Object per property of a form or multipart body; absent: form style exploded, objects as JSON parts.
   */
  readonly encoding?: Readonly<Record<string, BodyPropertyEncoding>>;
  /** A PUT that replaces a resource: read it first and send the current value of each property the body leaves out. */
  readonly keepCurrent?: KeepCurrentSpec;
  /**
   * Places (RFC 6901 pointers, `*` for any item or key) of a JSON body where the spec has a 64-bit integer: a string
   * of digits there is written as a JSON number with those digits (a value past 2^53 − 1 only stays exact so).
   */
  readonly exactIntegers?: readonly string[];
  /**
   * A binary body the model writes as base64 text (RFC 4648, or its URL-safe alphabet): decoded to the bytes sent.
   * Text that is not base64, or decodes to nothing, is refused: the upload would send other bytes, or none.
   */
  readonly base64?: true;
}

/**
 * The read before a PUT: a GET of the same URL (the step's path parameters); the resource is at `pointer` in its
 * answer, and each of `properties` the evaluated body lacks takes the resource's current value (none when absent or
 * null).
 */
export interface KeepCurrentSpec {
  /** The GET operation, for messages. */
  readonly operationId: string;
  /** RFC 6901 pointer to the resource in the GET answer (`/kubernetes_cluster`); `""`: the answer itself. */
  readonly pointer: string;
  /** Top-level body properties kept from the current state when the model does not give them. */
  readonly properties: readonly string[];
  /**
   * The PUT creates what does not exist yet ("create or update", "upsert"): a 404 of the read sends the body as
   * given, a create, when it holds these body properties the schema requires; else the step stops naming them.
   */
  readonly createsWhenAbsent?: { readonly required: readonly string[] };
}

/** How one property of a form or multipart body is written (OAS 3.1 §Encoding Object). */
export interface BodyPropertyEncoding {
  readonly contentType?: string;
  readonly style?: ParameterStyle;
  readonly explode?: boolean;
  readonly allowReserved?: boolean;
}

/** An Arazzo criterion (simple condition, regex, or RFC 9535 JSONPath), evaluated against the step's response. */
export interface CriterionSpec {
  readonly type: "simple" | "regex" | "jsonpath";
  readonly condition: string;
  /** Runtime expression a regex or JSONPath applies to. */
  readonly context?: string;
}

/** What to do after a step succeeds or fails (Arazzo Success/Failure Action). */
export interface ActionSpec {
  readonly type: "end" | "retry" | "goto";
  readonly stepId?: string;
  /** Seconds to wait before a retry (a Retry-After header overrules it). */
  readonly retryAfter?: number;
  /** Attempts at most for a retry (Arazzo default 1). */
  readonly retryLimit?: number;
  /** All must hold for the action to apply; empty means always. */
  readonly criteria: readonly CriterionSpec[];
}

/**
 * Picks the one item of a listed response whose fields equal the given values (exact match, strings case-sensitive):
 * the step's outputs and its share of the result then read that item as `$response.body`.
 */
export interface PickSpec {
  /** RFC 6901 pointer to the list in the response body (`""`: the body is the list). */
  readonly from: string;
  /** Item field (RFC 6901 pointer into the item) → the value it must equal; every one must match. */
  readonly where: readonly (readonly [string, ValueExpr])[];
  /** The operation pages its list and the step reads one page: a miss says the item may be on a later page. */
  readonly paged: boolean;
  /**
   * Where the answer names the next page (a pointer into the body, or `link`): one that names none was the whole list,
   * so a miss is not "on a later page".
   */
  readonly next?: string;
}

/**
 * A read whose outputs take item 0 of a list must find exactly one item there: several are INVALID_ARGUMENT naming up
 * to five of them (the step's outputs are not read, nothing after it runs), none is NOT_FOUND.
 */
export interface ExactlyOneSpec {
  /** RFC 6901 pointer to the list in the response body (`""`: the body is the list). */
  readonly list: string;
  /** RFC 6901 pointers into an item whose values tell the items apart for the user (`/_id`, `/email`). */
  readonly identify: readonly string[];
  /** The query parameters the user's search fills, and the tool input that fills each: named in the error. */
  readonly searchedBy: readonly { readonly parameter: string; readonly input: string }[];
  /**
   * Where the answer names the next page (a pointer into the body, or `link`): one item, or none, on a page that
   * names a next one is not all that matches (Drive's `nextPageToken` beside one file).
   */
  readonly next?: string;
}

/**
 * How a 2xx answer says the call failed, as Slack's `{"ok": false, "error": "not_in_channel"}` does: inferred from the
 * spec's responses or written in the goals file. Pointers are RFC 6901 into the response body.
 */
export interface EnvelopeSpec {
  /** The boolean that says whether the call succeeded (`/ok`). */
  readonly flag: string;
  /** The flag's value on success; any other boolean is a failure, a missing flag is not judged. */
  readonly success: boolean;
  /** The API's error code word (`/error`), or a list of error objects (`/errors`). */
  readonly code?: string;
  /** The API's human-readable error message (`/message`). */
  readonly message?: string;
}

/** Security alternatives: each maps a scheme name to its scopes; an empty list means no auth. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** One API call of a tool. */
export interface StepSpec {
  readonly id: string;
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Path template as in the spec, e.g. `/pets/{petId}`. */
  readonly path: string;
  readonly params: readonly ParamSpec[];
  readonly body?: BodySpec;
  /** Output name → runtime expression over this step's response (`$response.body#/id`). */
  readonly outputs: Readonly<Record<string, string>>;
  /** Ids of steps that must finish before this one starts; steps with all dependencies done may run concurrently. */
  readonly dependsOn: readonly string[];
  /** GET/HEAD/OPTIONS: no side effects, retried on 429/503. */
  readonly readOnly: boolean;
  readonly security: readonly SecurityRequirement[];
  /** The status code the spec documents as success (`200`, `2XX`, `default`). */
  readonly successStatus: string;
  /** The spec's description of each documented status, used in error messages. */
  readonly responseDescriptions: Readonly<Record<string, string>>;
  /**
   * Repair hints by HTTP status (`404`) or error code (`NOT_FOUND`), from the goals file or derived; `rejected` is the
   * derived hint for a 400/422 whose message names no field the step sends.
   */
  readonly errorHints: Readonly<Record<string, string>>;
  /**
   * Query parameters and top-level body fields the operation takes that this step never sends (its goal leaves them
   * out): a refusal that names one is fixed by no argument of the tool.
   */
  readonly unsent?: readonly string[];
  /** All must hold for success; empty: any 2xx status is success. */
  readonly successCriteria: readonly CriterionSpec[];
  readonly onSuccess: readonly ActionSpec[];
  readonly onFailure: readonly ActionSpec[];
  /** Picks one item of the listed response by exact field values before the outputs are read. */
  readonly pick?: PickSpec;
  /** Its outputs read item 0 of a list that must hold exactly one item (the user's search must name one record). */
  readonly exactlyOne?: ExactlyOneSpec;
  /** The success body's error envelope: a 2xx whose flag says failure is an error carrying the API's own code. */
  readonly envelope?: EnvelopeSpec;
  /**
   * The list a success body reports errors in beside its result (`/errors` of Twitter's `{data, errors}`): a 2xx whose
   * body has errors there and nothing else of value is an error carrying them.
   */
  readonly errorList?: string;
  /**
   * The Accept header to send instead of the runtime's own (JSON, then text, then anything): the success answer's
   * documented media types when none of them is JSON itself (`application/x-subrip, text/vtt;q=0.9, *\/*;q=0.1`).
   */
  readonly accept?: string;
  /**
   * The query parameter by which a call chooses its answer's form (`alt` of `json | media | proto`): a call that sent
   * another value than `json` asked for that form, so a plain-text answer is passed on as the answer asked for.
   */
  readonly formatParam?: string;
  /** The JSON type the spec declares for the success body; a 2xx body of another type is an UPSTREAM_ERROR. */
  readonly bodyType?: "object" | "array";
  /** The declared JSON shape of a success body the API sends as XML: the answer is read into JSON by it. */
  readonly xmlShape?: XmlShape;
  /**
   * A read that answers yes or no by its status alone (`{"204": true, "404": false}`: "404 if the gist is not
   * starred"): each of these statuses is an answer, `{answer, status, means}`, never an error.
   */
  readonly statusAnswers?: Readonly<Record<string, boolean>>;
  /**
   * A write's statuses the spec documents as the state asked for already holding (Docker's `304`: "container already
   * started"): the call's outcome, `{ok, status, note}`, never an error.
   */
  readonly unchangedStatuses?: readonly string[];
  /**
   * 2xx statuses the spec documents as failures beside its real success (a 204 "Unsuccessfull response" beside a 200
   * with the answer): each is an error, as a 4xx or 5xx is, never `{ok: true}`.
   */
  readonly failedStatuses?: readonly string[];
  /**
   * Answer members whose null or empty string the spec gives a meaning (TBA's `winning_alliance: ""`, a tie): kept
   * in the result, where other nulls and empty strings are dropped as noise.
   */
  readonly keepEmpty?: readonly string[];
  /**
   * The API description says the success answer is a stream (a streaming media type, an `x-…streaming` extension):
   * it never completes, so a 2xx is reported as an endpoint the tool cannot read to its end, not waited on until a
   * timeout.
   */
  readonly streams?: boolean;
  /** The step lists a page of a longer list: the tool takes a `continuation` and says when more pages exist. */
  readonly paging?: PagingSpec;
  /**
   * The idempotency key the operation declares (an `Idempotency-Key` header, Square's `idempotency_key` body field),
   * when the goal does not bind it: the runtime sets it, never the model. Each run of the step sends a fresh key, the
   * same on every retry of that run; a call queued for approval keeps the key fixed when it was queued.
   */
  readonly idempotencyKey?: IdempotencyKeySpec;
  /**
   * Headers that name or date the request itself (a request or correlation id, the time the request is sent): the
   * runtime sets each on every request it sends (a fresh UUID, the current time), never the model.
   */
  readonly stamps?: readonly RequestStampSpec[];
  /** Where a write's answer says the work it started is still under way (Hetzner's `action.status: "running"`). */
  readonly progress?: ProgressSpec;
  /** Where a write's answer lists per-item results and how an item says it failed (Postmark's batch `ErrorCode`). */
  readonly itemErrors?: ItemErrorsSpec;
  /**
   * Members of a write's answer (RFC 6901 pointers) that list what it did not do: Trakt's `not_found`, YNAB's
   * `duplicate_import_ids`. A 2xx naming items there gets a note saying so.
   */
  readonly notDone?: readonly string[];
  /**
   * Where a write's answer names the background task it started (Stream Chat's `task_id`), and the tool that reads
   * it.
   */
  readonly task?: TaskSpec;
  /**
   * The return codes the answer's own member documents, and which of them say the call failed (see
   * `ReturnCodesSpec`).
   */
  readonly returnCodes?: ReturnCodesSpec;
  /**
   * The operation's words say each call does it again (ShipEngine's `PUT …/add_funds`, "Add Funds To Carrier"): not
   * resent on a 429 or 503, and a call left unanswered has an unknown outcome, whatever its method promises.
   */
  readonly repeats?: true;
  /**
   * The operation's words say a repeat changes nothing more, whatever its method (EC2's `GET /?Action=
   * TerminateInstances`, "This operation is idempotent"; SpaceTraders' dock): resent on a 429 or 503 as a PUT is, and
   * a call left unanswered may be made again. Without it, only a read or a PUT/DELETE is resent: never a GET that acts.
   */
  readonly idempotent?: true;
  /** A polling step: the toolset's tool that reads the same operation, and its input for each path parameter. */
  readonly pollWith?: { readonly tool: string; readonly inputs: Readonly<Record<string, string>> };
}

/**
 * A success body's member of return codes the spec documents (Vonage Number Insight's `status`: "0 | Success", "4 |
 * Invalid credentials"): a documented error code in a 2xx answer is the call's failure.
 */
export interface ReturnCodesSpec {
  /** The member carrying the code (`/status`). */
  readonly member: string;
  /** The codes the spec documents as the call's success (`["0"]`). */
  readonly success: readonly string[];
  /** The codes the spec documents as the call's failure, each with its documented meaning. */
  readonly errors: Readonly<Record<string, string>>;
  /** The spec says every code but the success ones is a failure ("other values indicate the call failed"). */
  readonly othersFail?: true;
  /** The member naming the code in words (Bungie's `/ErrorStatus`: `ClanNotFound`), read as the API's error word. */
  readonly name?: string;
  /** The member giving the seconds to wait (Bungie's `/ThrottleSeconds`): more than 0 on a failure is a throttle. */
  readonly wait?: string;
}

/**
 * The list of per-item results in a success body (RFC 6901 `list`, `""` for the body itself) and the member of each
 * item that says it failed: an `error` member that is not empty, zero or false; a `flag` that is false. `message` and
 * `ids` name the members quoted for each failed item.
 */
export interface ItemErrorsSpec {
  readonly list: string;
  readonly field: string;
  /**
   * `status`: the item's HTTP status code, 400 or more when it failed; `reason`: why the item was rejected (Mandrill's
   * `reject_reason`), a value when it was, and `state`'s failure words (`rejected`, `invalid`) too.
   */
  readonly kind: "error" | "flag" | "status" | "reason";
  /** With `reason`: the item's own status member (Mandrill's `status`: sent, queued, rejected, invalid). */
  readonly state?: string;
  readonly message?: string;
  readonly ids?: readonly string[];
}

/**
 * The member of a success body (RFC 6901 `pointer`) that names the task or job a write started and that runs after the
 * answer (`/task_id`), and the toolset's tool that reads a task by its id, with the input that takes it.
 */
export interface TaskSpec {
  readonly pointer: string;
  readonly reader?: { readonly tool: string; readonly input: string };
}

/**
 * A status member of a success body (RFC 6901 `pointer`), the values of it that say the work is not finished, and
 * those that say it ended in failure (Codat's push `Failed`, `TimedOut`).
 */
export interface ProgressSpec {
  readonly pointer: string;
  readonly unfinished: readonly string[];
  /** The list (RFC 6901, `""` for the answer itself) whose every item has the status at `pointer`. */
  readonly items?: string;
  readonly failed?: readonly string[];
}

/**
 * The JSON shape an XML answer is read into (from the success schema and its OpenAPI `xml` names): `element` is the
 * XML element a property is read from when it is not the property's name; `member` the element of each item of a
 * wrapped list (`member`), `flat` a list or map whose items repeat in the parent (AWS "flattened"); `any`: read as is.
 */
export type XmlShape =
  | { readonly type: "string" | "number" | "integer" | "boolean" | "any"; readonly element?: string }
  | {
      readonly type: "array";
      readonly items: XmlShape;
      readonly member: string;
      readonly flat?: true;
      readonly element?: string;
    }
  | {
      readonly type: "object";
      readonly properties: Readonly<Record<string, XmlShape>>;
      readonly element?: string;
    }
  | { readonly type: "map"; readonly values: XmlShape; readonly flat?: true; readonly element?: string };

/**
 * A header the runtime fills on each request: `uuid` a fresh random UUID; the current time as `epoch-ms` or
 * `epoch-s` (decimal digits), `http-date` (RFC 7231, `Sun, 06 Dec 2026 15:04:05 GMT`) or `date-time` (RFC 3339).
 */
export interface RequestStampSpec {
  readonly name: string;
  readonly value: "uuid" | "epoch-ms" | "epoch-s" | "http-date" | "date-time";
}

/** Where an operation takes its idempotency key: a header or query parameter, or a top-level body field. */
export interface IdempotencyKeySpec {
  readonly in: "header" | "query" | "body";
  readonly name: string;
}

/**
 * How a listing operation pages (recognised from the spec): the list in its answer, the query parameters that choose
 * a page, and where the answer names the next one. A continuation is these query parameters plus how many items of
 * the page to skip, so a call resumes exactly after the last item shown.
 */
export interface PagingSpec {
  /** RFC 6901 pointer to the list in the response body; `""`: the body is the list. */
  readonly list: string;
  /** What picks a page: a cursor, an item offset, or a page number. Absent: only the `next` link does. */
  readonly style?: "cursor" | "offset" | "page";
  /** Query parameter names: page size, page number, offset, cursor. */
  readonly size?: string;
  readonly page?: string;
  readonly offset?: string;
  readonly cursor?: string;
  /** The page size the API assumes when none is sent (the spec's default), and the largest it allows. */
  readonly defaultSize?: number;
  readonly maxSize?: number;
  /** The number of the first page when it is not 1: `0` for a page number that counts from zero (Paylocity's). */
  readonly firstPage?: number;
  /** Where the answer names the next page: a pointer into the body (a cursor or URL), or `link` (the Link header). */
  readonly next?: string;
  /**
   * The member of each listed item (RFC 6901 in the item, `/id`) whose value the cursor takes to ask for the page after
   * it, when the answer names no next page (rev.ai's `starting_after`: "passing the last job `id`").
   */
  readonly after?: string;
  /** The goal's `pages: { max_items }`: pages are read on until this many items are listed. */
  readonly maxItems?: number;
}

export interface InputSpec {
  /** snake_case name the model passes. */
  readonly name: string;
  /** The name the expressions use (`$inputs.petId`), when it differs. */
  readonly sourceName?: string;
  readonly required: boolean;
}

export interface ReturnsSpec {
  /** The projection; absent means "the last step's response, denoised". */
  readonly projection?: ValueExpr;
  /** Inputs that narrow a large result (limit, page, filters), named in `_truncated` hints. */
  readonly narrowingInputs: readonly string[];
}

/** Everything the runtime needs to run one tool, as plain data (the generated tool file holds it as a literal). */
/** What an operation does for a user: computed by the planner from the spec, read by tool search. */
export interface OperationProfile {
  /** One verb: `create`, `list`, `get`, `update`, `delete`, `search`, `send`, or its own (`merge`, `refund`). */
  readonly action: string;
  /** The thing acted on, singular: `customer`, `pull request`. */
  readonly object: string;
  /** The things it sits under, outermost first: `repo` for a repository's pull requests. */
  readonly parents?: readonly string[];
  /** How it picks what it acts on: `by id`, `by email`, `in all namespaces`, `of a parent`, `many`. */
  readonly qualifiers?: readonly string[];
  /** Parts of the API a user rarely means unless they say so: `admin`, `enterprise`, `deprecated`, `preview`, … */
  readonly signals?: readonly string[];
  /**
   * What its inputs and response call things that its name and description do not (input enum values, response
   * property names): read by tool search at a low weight.
   */
  readonly words?: readonly string[];
}

/** How a tool is named, described and risked: the head of its spec and of its catalog entry. */
export interface ToolHead {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly risk: Risk;
  readonly category: Category;
  readonly annotations: Annotations;
  readonly approval: "required" | "none";
}

export interface ToolSpec extends ToolHead {
  readonly inputs: readonly InputSpec[];
  readonly steps: readonly StepSpec[];
  readonly returns: ReturnsSpec;
  /**
   * An update whose every change is optional: a call must give at least one of these inputs, else it is refused as
   * INVALID_ARGUMENT before anything is sent (it would send an empty change and answer the unchanged record).
   */
  readonly changeInputs?: readonly string[];
  /**
   * A write that adds the items of optional lists: a call must give at least one item in one of these inputs, else it
   * is refused as INVALID_ARGUMENT before anything is sent (it would add nothing and answer success).
   */
  readonly addInputs?: readonly string[];
  /** The operations' tags, searched by tool search. */
  readonly tags?: readonly string[];
  /** What the tool does for a user, as tool search reads it (set when the toolset is served with search). */
  readonly profile?: OperationProfile;
  /** Up to three argument objects, each valid against the input schema (Anthropic `input_examples`, MCP `_meta`). */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /**
   * Listed only once a tool search finds it: the toolset passes its context budget and this tool is not in the core.
   */
  readonly deferLoading?: boolean;
  /** Code execution may call it (Anthropic programmatic tool calling); set on data tools only. */
  readonly programmatic?: boolean;
  /**
   * The input schema is advertised this many levels of properties deep; deeper values are still checked in full when
   * called.
   */
  readonly definitionDepth?: number;
  /**
   * These inputs' advertised descriptions are cut to their first sentence (a definition over the per-tool cap even at
   * the top level); every constraint keyword stays.
   */
  readonly definitionBrief?: readonly string[];
  /**
   * A union the cut leaves out is outlined (each alternative's own fields, with their types and the values that tell
   * the alternatives apart) rather than given as its type alone; set where that still fits the per-tool cap.
   */
  readonly definitionOutline?: boolean;
  /**
   * Nodes past the depth still described one level further (JSON pointers into the whole input schema): the required
   * fields first, then small optional ones, as far as the per-tool cap allows.
   */
  readonly definitionOpen?: readonly string[];
  /** Nodes past the depth that list their fields by name, type and whether required, without descriptions. */
  readonly definitionOutlined?: readonly string[];
}

export interface ServerSpec {
  /** URL template with `{variables}`. */
  readonly url: string;
  readonly variables: Readonly<Record<string, { readonly default: string; readonly enum?: readonly string[] }>>;
  /** Set when the URL is a placeholder (`your-domain`): the runtime then needs `PREFIX_BASE_URL` to start. */
  readonly placeholder?: string;
}

/**
 * The flows an oauth2 scheme declares, as far as the runtime needs them: where each fetches tokens (a URL from the API
 * description).
 */
export interface OAuth2FlowsSpec {
  /**
   * `body: "json"`: the token endpoint takes a JSON body, not RFC 6749's form; `client: "body"`: the client's id and
   * secret go in that body, not in HTTP Basic.
   */
  readonly clientCredentials?: { readonly tokenUrl: string; readonly body?: "json"; readonly client?: "body" };
  readonly authorizationCode?: { readonly tokenUrl: string };
  readonly password?: { readonly tokenUrl: string };
  readonly implicit?: Readonly<Record<string, never>>;
}

/** AWS keys (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`) an awsSigV4 scheme signs with. */
export interface AwsCredential {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

/** What a scheme is configured with: a string (key, token, `user:password`), oauth2 parts, or AWS keys. */
export type Credential = string | OAuth2Credential | AwsCredential;

/** An oauth2 credential in parts (the `PREFIX_<SCHEME>_*` variables); which parts fit depends on the scheme's flows. */
export interface OAuth2Credential {
  readonly accessToken?: string;
  readonly refreshToken?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
}

export type SecuritySchemeSpec =
  | {
      readonly type: "apiKey";
      readonly name: string;
      /**
       * `body`: a field of the JSON or form body the API takes as its credential (only with `fromParameter`); `server`:
       * the variable `name` of the server URL, filled with the credential (the base URL's `{token}`).
       */
      readonly in: "header" | "query" | "cookie" | "body" | "server";
      /** A credential parameter of the spec that no scheme of it covers (README: a variable of its own). */
      readonly fromParameter?: boolean;
      /**
       * No credential: the API version the spec declares as an apiKey scheme (Plaid's `Plaid-Version`), sent as is,
       * never redacted, `default` when its variable is unset.
       */
      readonly apiVersion?: { readonly default?: string };
      /** The word sent before the key (`Authorization: Bearer <key>`), added when the configured value lacks it. */
      readonly prefix?: string;
      /** A word the API description writes the whole value with, not added: the operator's value must start with it. */
      readonly written?: string;
    }
  | { readonly type: "http"; readonly scheme: string }
  | { readonly type: "oauth2"; readonly flows: OAuth2FlowsSpec }
  | { readonly type: "openIdConnect"; readonly openIdConnectUrl: string }
  | { readonly type: "mutualTLS" }
  /**
   * AWS Signature Version 4: every request is signed with the caller's AWS keys for `service` in `region` (the
   * defaults; `PREFIX_SIGNING_SERVICE` and `AWS_REGION` override them).
   */
  | { readonly type: "awsSigV4"; readonly service: string; readonly region: string };

/** One rule a configured value must meet: the constraints of one place it is bound to (a path parameter, …). */
export interface ConfigRule {
  /** Where the value goes, for messages: `path parameter AccountSid of CreateMessage`. */
  readonly place: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly (string | number)[];
  readonly minimum?: number;
  readonly maximum?: number;
}

/**
 * A value the operator configures (`$config.NAME` in the goals file): read from `variable` when the toolset starts,
 * checked against every place it is bound, never a model input.
 */
export interface ConfigSpec {
  /** `PREFIX_<NAME IN UPPER_SNAKE>`, e.g. `TWILIO_ACCOUNT_SID`. */
  readonly variable: string;
  /** What to set it to, for the README and the start-up error. */
  readonly description: string;
  /** The JSON type the places take: text is sent as set, an integer or number is parsed first. */
  readonly type: "string" | "integer" | "number";
  readonly rules: readonly ConfigRule[];
  /**
   * Unset, the value is the user name of this http basic scheme's credential (`user:password`), when that name meets
   * every rule; otherwise the variable must be set.
   */
  readonly basicUserOf?: string;
}

/** Settings shared by every tool of a package (the generated `src/toolset.ts` holds it as a literal). */
export interface ToolsetSpec {
  /** kebab-case package and server name. */
  readonly name: string;
  readonly version: string;
  /** UPPER_SNAKE prefix of environment variables (`PETSTORE` → PETSTORE_BASE_URL, PETSTORE_API_KEY, …). */
  readonly envPrefix: string;
  readonly servers: readonly ServerSpec[];
  /** Scheme name → scheme; the credential comes from `${envPrefix}_${UPPER_SNAKE(scheme name)}`. */
  readonly securitySchemes: Readonly<Record<string, SecuritySchemeSpec>>;
  /** Configured values by the name the goals file uses (`$config.account_sid`). */
  readonly config?: Readonly<Record<string, ConfigSpec>>;
  readonly maxReturnBytes: number;
  readonly timeoutMs: number;
}

/** The error codes a tool result may carry. */
export type ErrorCode =
  | "INVALID_ARGUMENT"
  | "NOT_FOUND"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "UPSTREAM_ERROR"
  | "TIMEOUT"
  | "UNREACHABLE"
  | "APPROVAL_REJECTED"
  /** A polling step ran out of checks while the API still reports the work under way: nothing failed. */
  | "IN_PROGRESS";

/** What the model sees when a tool fails. */
export interface ErrorEnvelope {
  readonly error: {
    readonly code: ErrorCode;
    readonly message: string;
    readonly suggestion: string;
    readonly step?: string;
    readonly status?: number;
    readonly retryable: boolean;
    /** Set for INVALID_ARGUMENT: the input path that failed, e.g. `email` or `items.0.qty`. */
    readonly field?: string;
    /** Set for APPROVAL_REJECTED when the operator gave one: why the call was rejected. */
    readonly reason?: string;
    /** Seconds to wait, for RATE_LIMITED when the API said. */
    readonly retry_after_seconds?: number;
    readonly completed_steps?: readonly string[];
    /**
     * Whether a step of this call changed state upstream: `"unknown"` when a request that is not idempotent was sent
     * and no answer came (a client-side timeout, a dropped connection): look before calling again.
     */
    readonly side_effects_committed?: boolean | "unknown";
    /** For IN_PROGRESS: the ids to keep polling with, and the tool that polls (when the toolset has one). */
    readonly poll?: { readonly tool?: string; readonly arguments: Readonly<Record<string, unknown>> };
    /** The API's own error code word (`not_in_channel`, `missing_scope`), when it gave one. */
    readonly api_error?: string;
  };
}

/** What the model sees when a high-risk call waits for a human. */
export interface PendingApproval {
  readonly status: "pending_approval";
  readonly request_id: string;
  readonly message: string;
}

export type ToolResult = Record<string, unknown> | ErrorEnvelope | PendingApproval;

/**
 * How a gated call is approved: the file queue (default), always (tests, trusted runs), ask the human via MCP
 * elicitation, or a callback.
 */
export type ApprovalMode = "queue" | "auto" | "elicit" | ((request: ApprovalRequest) => Promise<boolean>);

export interface ApprovalRequest {
  readonly id: string;
  readonly tool: string;
  /** Arguments with secrets redacted. */
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
}

/** Per-call context an adapter passes to `run` (e.g. the MCP server's elicitation, a cancellation signal). */
export interface RunContext {
  readonly signal?: AbortSignal;
  /** Asks the human to approve; resolves true/false, or undefined when the client cannot ask. */
  readonly elicitApproval?: (request: ApprovalRequest, message: string) => Promise<boolean | undefined>;
  /** The client's id of this call (`gen_ai.tool.call.id`): a tool_use id, or the MCP JSON-RPC request id. */
  readonly toolCallId?: string;
  /**
   * The caller's W3C trace context (`traceparent`, `tracestate`), e.g. from an MCP request's `_meta`; continued when
   * valid.
   */
  readonly traceContext?: Readonly<Record<string, string>>;
}

/** A tool as the generated package exports it: definition and implementation in one object. */
export interface Tool<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Input;
  readonly outputSchema?: Output;
  readonly risk: Risk;
  readonly category: Category;
  readonly annotations: Annotations;
  readonly approval: "required" | "none";
  /** The operations' tags, searched by tool search. */
  readonly tags?: readonly string[];
  /** What the tool does for a user, as tool search reads it. */
  readonly profile?: OperationProfile;
  /** Up to three valid argument objects (Anthropic `input_examples`, MCP `_meta`). */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /** Listed only once a tool search finds it (the toolset passes its context budget; this tool is not core). */
  readonly deferLoading?: boolean;
  /** Code execution may call it (Anthropic `allowed_callers`). */
  readonly programmatic?: boolean;
  /** The advertised input schema stops this many levels of properties deep; `run` still checks the whole schema. */
  readonly definitionDepth?: number;
  /** These inputs' advertised descriptions are cut to their first sentence. */
  readonly definitionBrief?: readonly string[];
  /** A union the cut leaves out is outlined by its alternatives' own fields, not given as its type alone. */
  readonly definitionOutline?: boolean;
  /** Nodes past the depth still described one level further (JSON pointers into the whole input schema). */
  readonly definitionOpen?: readonly string[];
  /** Nodes past the depth that list their fields by name, type and whether required, without descriptions. */
  readonly definitionOutlined?: readonly string[];
  /** Never throws; never returns more than the toolset's maxReturnBytes of JSON. */
  run(input: unknown, ctx?: RunContext): Promise<ToolResult>;
}

/** Options of `createToolset`; every default comes from the environment. */
export interface ToolsetOptions {
  readonly baseUrl?: string;
  /**
   * Scheme name → credential: apiKey value, bearer token, `user:password`; for oauth2 an access token,
   * `client_id:client_secret` (client-credentials flow) or the parts as an object (refresh token, client
   * id/secret); for awsSigV4 the AWS keys (default `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`).
   */
  readonly credentials?: Readonly<Record<string, Credential>>;
  /** Configured values by name (`$config.account_sid`); default each one's variable (`PREFIX_ACCOUNT_SID`). */
  readonly config?: Readonly<Record<string, string>>;
  readonly approval?: ApprovalMode;
  readonly stateDir?: string;
  /**
   * `postgres://…`: keep approvals and the audit log in PostgreSQL, shared by replicas (default `PREFIX_STATE_URL`,
   * else files under `stateDir`).
   */
  readonly stateUrl?: string;
  readonly fetch?: typeof fetch;
  /** Longest string argument in UTF-8 bytes (default `PREFIX_MAX_STRING_BYTES`, else 1 MiB). */
  readonly maxStringBytes?: number;
  /** Largest argument object of one call, as JSON in UTF-8 bytes (default `PREFIX_MAX_CALL_BYTES`, else 4 MiB). */
  readonly maxCallBytes?: number;
  /** Environment to read defaults from; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A JSON object (not null, not an array): the one guard the runtime and the generator share. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether a result is the approval gate's own answer ({@link PendingApproval}): a `status` of `pending_approval`
 * beside a string `request_id` and `message`, and nothing else. An API's record whose status says the same (a bank
 * transfer waiting for the API's own approval) is the call's result, and was sent.
 */
export function isPendingAnswer(result: unknown): result is PendingApproval {
  if (!isRecord(result) || result["status"] !== "pending_approval") return false;
  const keys = Object.keys(result);
  return keys.length === 3 && typeof result["request_id"] === "string" && typeof result["message"] === "string";
}
