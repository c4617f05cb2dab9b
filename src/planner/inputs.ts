// Derives tool inputs from the parameters and request body an operation needs, with collision-free snake_case names.
import { htmlToText } from "../util/html-text.js";
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, MediaContent, Operation, Parameter, SecurityScheme } from "../model/api-model.js";
import {
  accountDescription,
  isAccountParameter,
  type BodyCredentials,
  isCredentialBodyField,
  isCredentialParameter,
  isSigningHeader,
} from "./credentials.js";
import { createNameAllocator, toIdentifierName, toSnakeCase } from "../util/naming.js";
import { parameterDescription, parameterInputName } from "./comparison-parameters.js";
import { bytesTyped, preferredContent, sentMedia } from "./media.js";
import { isReadMethod } from "./risk.js";
import { patchBody } from "./patch-body.js";
import { derefTop, loneMemberOf } from "./schemas.js";
import { exactIntegerPlaces } from "./exact-integers.js";
import { soleValue } from "./sole-value.js";
import { answerFormatParameter, sendsAnswerElsewhere, streamSwitch } from "./stream-switch.js";
import {
  ignoredOnCreate,
  isCreate,
  namesMemberInBody,
  refusedOnCreate,
  takenInsideOnCreate,
  takenInsideSchema,
} from "./create-ignored.js";
import { idempotencyKeyOf, isReadIdempotencyKey, isRuntimeKey } from "./idempotency.js";
import { isStamped, requestStampsOf } from "./request-stamps.js";
import type { IdempotencyKeySpec, RequestStampSpec } from "../runtime/types.js";
import type { BodyBinding, ConfigBinding, ParamBinding, ToolInput, ValueExpr } from "./types.js";

/**
 * Header parameters the runtime sets itself; exposing them would only invite wrong arguments. `User-Agent` names the
 * calling application, which is the package (`<toolset>/<version>`, sent on every request), never the model's to say.
 */
const RUNTIME_HEADERS: ReadonlySet<string> = new Set([
  "accept",
  "content-type",
  "authorization",
  "content-length",
  "user-agent",
]);

export interface OperationBindings {
  readonly inputs: ToolInput[];
  readonly params: ParamBinding[];
  readonly body?: BodyBinding;
  /**
   * Parameters naming the account (Twilio's `AccountSid`, Xero's `xero-tenant-id`): bound to `$config.<snake name>`,
   * no input.
   */
  readonly configured: readonly Omit<ConfigBinding, "origin">[];
  /** The idempotency key the runtime sets (a fresh UUID per call), offered to the model as no input. */
  readonly idempotencyKey?: IdempotencyKeySpec;
  /** The request id and time headers the runtime sets on each request, offered to the model as no input. */
  readonly stamps?: readonly RequestStampSpec[];
}

/**
 * Every parameter and body property of `operation` as an input bound to it (all-operations mode), but those that carry
 * a credential (a security scheme fills them; `apiWide`: the body fields the API takes as its credential),
 * an optional parameter that sends the answer to a URL instead of the caller (see `sendsAnswerElsewhere`) or only
 * changes how it is encoded or carried (see `answerFormatParameter`),
 * the idempotency key the runtime sets (or a read's optional one, sent by no one), and required parameters that allow one value only (sent as that constant).
 */
export function bindAllOfOperation(
  operation: Operation,
  schemas: SchemaLookup,
  securitySchemes: Readonly<Record<string, SecurityScheme>>,
  apiWide: BodyCredentials = new Map(),
  partial = false,
): OperationBindings {
  const allocate = createNameAllocator();
  const inputs: ToolInput[] = [];
  const params: ParamBinding[] = [];
  const configured: Omit<ConfigBinding, "origin">[] = [];
  const byParameter = new Map<string, ParameterInput>();
  const idempotencyKey = idempotencyKeyOf(operation, schemas);
  const stamps = requestStampsOf(operation, idempotencyKey);
  const exposed = exposedParameters(operation).filter(
    (p) =>
      !isCredentialParameter(operation, securitySchemes, p) &&
      !isRuntimeKey(idempotencyKey, p.in, p.name) &&
      !isReadIdempotencyKey(operation.method, p) &&
      !isStamped(stamps, p) &&
      !sendsAnswerElsewhere(p) &&
      !answerFormatParameter(p, operation.description),
  );
  for (const parameter of exposed) {
    if (isAccountParameter(operation, securitySchemes, parameter)) {
      const name = toSnakeCase(parameter.name);
      params.push(parameterToBinding(parameter, { kind: "expr", text: `$config.${name}` }));
      configured.push({
        name,
        schema: parameter.schema,
        place: `${parameter.in} parameter "${parameter.name}" of ${operation.id}`,
        description: accountDescription([parameter.name]),
      });
      continue;
    }
    const fixed = soleValue(parameter, schemas);
    if (fixed !== undefined) {
      params.push(parameterToBinding(parameter, { kind: "literal", value: fixed.value }));
      continue;
    }
    const streams = parameter.required
      ? undefined
      : streamSwitch(parameter.name, parameter.schema, parameter.description, schemas);
    if (streams !== undefined) {
      if (streams.sendFalse) params.push(parameterToBinding(parameter, { kind: "literal", value: false }));
      continue;
    }
    const name = allocate(parameterInputName(parameter.name));
    const input = parameterToInput(parameter, name, operation);
    inputs.push(input);
    params.push(parameterToBinding(parameter, { kind: "expr", text: `$inputs.${name}` }));
    if (parameter.in !== "header" && !byParameter.has(parameter.name))
      byParameter.set(parameter.name, { input, said: parameter.description, in: parameter.in });
  }
  const isCredential = (property: string, form: boolean): boolean =>
    isCredentialBodyField(operation, securitySchemes, property, { form, apiWide, schemas }) ||
    isRuntimeKey(idempotencyKey, "body", property);
  const body = bindBody(operation, { schemas, allocate, inputs, isCredential, byParameter, partial });
  return {
    inputs,
    params,
    ...(body === undefined ? {} : { body }),
    configured,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    ...(stamps.length === 0 ? {} : { stamps }),
  };
}

/** A header the runtime sets from the request itself (`Content-Type` from the body's media type): never the model's. */
export function isRuntimeHeader(parameter: Pick<Parameter, "in" | "name">): boolean {
  return parameter.in === "header" && RUNTIME_HEADERS.has(parameter.name.toLowerCase());
}

function exposedParameters(operation: Operation): Parameter[] {
  return operation.parameters.filter((p) => !isRuntimeHeader(p) && !isSigningHeader(p));
}

function parameterToInput(parameter: Parameter, name: string, operation: Operation): ToolInput {
  const description = parameterDescription(
    parameter.name,
    parameter.description === undefined ? undefined : htmlToText(parameter.description),
  );
  const described = saysMoreThanName(description, parameter.name, name);
  return {
    name,
    schema: withExamples(parameter.schema, parameter.examples),
    required: parameter.required,
    ...(described ? { description } : {}),
    boundTo: [`${operation.id} ${parameter.in} ${parameter.name}`],
  };
}

/**
 * What a converter writes for a path parameter the original description did not declare (swagger2openapi's "Automatically
 * added", 294 parameters of 22 directory specs): read by the model as "you need not give it", for a value it must give.
 */
const CONVERTER_PLACEHOLDER = /^automatically added\.?$/i;

/** Whether a description says more than a name: `board_id` for `idBoard` (or `Id board.`) tells a model nothing. */
export function saysMoreThanName(description: string | undefined, ...names: readonly string[]): boolean {
  if (description === undefined || description.trim() === "" || CONVERTER_PLACEHOLDER.test(description.trim()))
    return false;
  const bare = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const words = bare(description);
  return !names.some((name) => bare(name) === words || bare(toIdentifierName(name, "x")) === words);
}

export function parameterToBinding(parameter: Parameter, value: ValueExpr): ParamBinding {
  return {
    name: parameter.name,
    in: parameter.in,
    style: parameter.style,
    explode: parameter.explode,
    allowReserved: parameter.allowReserved,
    ...(parameter.contentType === undefined ? {} : { contentType: parameter.contentType }),
    required: parameter.required,
    value,
  };
}

function withExamples(schema: JsonSchema, examples: readonly unknown[]): JsonSchema {
  if (typeof schema !== "object" || examples.length === 0 || schema["examples"] !== undefined) return schema;
  return { ...schema, examples: [...examples] };
}

/** The input a path or query parameter became, the spec's words for that parameter and where it is sent. */
interface ParameterInput {
  readonly input: ToolInput;
  readonly said: string | undefined;
  readonly in: string;
}

interface BodyInputs {
  readonly schemas: SchemaLookup;
  /** A partial update (see `isPartialUpdate`): no body field is required by the schema's `required`. */
  readonly partial: boolean;
  readonly allocate: (wanted: string) => string;
  readonly inputs: ToolInput[];
  /** Whether the runtime fills a body field of this name: a credential or the idempotency key (left out of the inputs). */
  readonly isCredential: (property: string, form: boolean) => boolean;
  /** The inputs of the operation's path and query parameters, by parameter name. */
  readonly byParameter?: ReadonlyMap<string, ParameterInput>;
}

/**
 * The parameter input a body field repeats, and whether the field must be sent: same name, no other JSON type, and
 * either the same words (Spoonacular's meal planner takes `username`, `date` and `hash` in the path or query and again,
 * described alike, in the body) for a field the body must carry, or a path parameter the spec says nothing of
 * (swagger2openapi's "Automatically added") in a POST, the field saying what it is (Vercel's `POST /v2/secrets/{name}`
 * with the body's `name`, "The name of the secret"; `POST /v1/teams/{teamId}/members/teams/join` with the body's
 * optional `teamId`, "The team ID."): the path names the record the body speaks of. The model gives the value once and
 * both places get it, rather than being asked `date` and `date_2`. Not an update (PATCH, PUT), which may carry a new
 * value under the path's name (Vercel's `renameSecret`); not a field without words (SpaceTraders' `transfer-cargo`
 * sends cargo from the path's `shipSymbol` to the body's); not a bare `id`, the body record's own beside its parent's
 * (Keycloak's `POST /{realm}/groups/{id}/children`, VocaDB's `POST /api/albums/{id}/comments`).
 */
export function repeatedParameter(
  property: string,
  schema: JsonSchema,
  byParameter: ReadonlyMap<string, ParameterInput> | undefined,
  schemas: SchemaLookup,
  { required, method }: { readonly required: boolean; readonly method: string },
): ToolInput | undefined {
  const parameter = byParameter?.get(property);
  if (parameter === undefined) return undefined;
  const words = (text: unknown): string =>
    typeof text === "string" ? htmlToText(text).trim().replace(/\s+/g, " ").toLowerCase() : "";
  const field = derefTop(schema, schemas);
  const said = words(typeof field === "object" ? field["description"] : undefined);
  const alike = required && said !== "" && said === words(parameter.said);
  const unsaid =
    parameter.in === "path" &&
    method.toLowerCase() === "post" &&
    said !== "" &&
    toIdentifierName(property, "field") !== "id" &&
    !saysMoreThanName(parameter.said === undefined ? undefined : htmlToText(parameter.said), property);
  if (!alike && !unsaid) return undefined;
  const typeOf = (s: JsonSchema): unknown => (typeof s === "object" ? s["type"] : undefined);
  const fieldType = typeOf(field);
  const parameterType = typeOf(derefTop(parameter.input.schema, schemas));
  const same =
    fieldType === undefined ||
    parameterType === undefined ||
    JSON.stringify(fieldType) === JSON.stringify(parameterType) ||
    (isNumeric(fieldType) && isNumeric(parameterType));
  return same ? parameter.input : undefined;
}

const isNumeric = (type: unknown): boolean => type === "number" || type === "integer";

/**
 * A body field's input name: its own, or `body_<name>` when a path or query parameter of the operation already has that
 * name (Vercel's `renameSecret`: the path's `name` is the secret's current name, the body's the new one), so the model
 * reads where each goes instead of `name` and `name_2`.
 */
function bodyInputName(property: string, byParameter: ReadonlyMap<string, ParameterInput> | undefined): string {
  const name = toIdentifierName(property, "field");
  const clashes = [...(byParameter?.values() ?? [])].some((p) => p.input.name === name);
  return clashes ? `body_${name}` : name;
}

/**
 * The body's inputs: one per top-level property of a plain object body, required where its schema requires it (such a
 * body always goes out, whatever `requestBody.required` says: Slack's `chat.postMessage` form needs `channel`), else
 * the whole body as one input.
 */
function bindBody(
  operation: Operation,
  { schemas, allocate, inputs, isCredential, byParameter, partial }: BodyInputs,
): BodyBinding | undefined {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (!operation.requestBody || !content) return undefined;
  const sent = sentMedia(content);
  const target = derefTop(content.schema, schemas);
  if (
    !operation.requestBody.required &&
    (sent.kind === "json" ||
      isReadMethod(operation.method) ||
      operation.method.toLowerCase() === "delete" ||
      emptyTextOnly(content)) &&
    namesNothing(target, operation.requestBody.description)
  )
    return undefined;
  const object = loneMemberOf(target, schemas);
  const properties = flattenableProperties(object, namesMemberInBody(operation) ? "id" : undefined);
  const form = sent.kind === "form" || sent.kind === "multipart";
  if (properties === undefined) {
    const name = allocate("body");
    const bytes = bytesTyped(sent, target);
    if (bytes !== undefined) {
      const description = typeof bytes === "object" ? String(bytes["description"]) : "";
      // Said what the file is (Orthanc's "DICOM file to be uploaded"), the bytes are the call even if left optional.
      const said =
        `${operation.requestBody.description ?? ""}${typeof target === "object" ? (target["description"] ?? "") : ""}`.trim();
      const required = operation.requestBody.required || said !== "";
      inputs.push({ name, schema: bytes, required, description, boundTo: [`${operation.id} body`] });
      return {
        mediaType: sent.mediaType,
        kind: sent.kind,
        value: { kind: "expr", text: `$inputs.${name}` },
        base64: true,
      };
    }
    const patch = patchBody(sent.mediaType, content.schema, schemas);
    const words = [patch?.description, operation.requestBody.description].filter((d) => d !== undefined).join(" ");
    inputs.push({
      name,
      schema:
        patch === undefined
          ? withoutCredentials(content.schema, target, (p) => isCredential(p, form))
          : { ...patch.schema, description: words },
      required: operation.requestBody.required,
      ...(words === "" ? {} : { description: words }),
      boundTo: [`${operation.id} body`],
    });
    return withExactIntegers(
      { mediaType: sent.mediaType, kind: sent.kind, value: { kind: "expr", text: `$inputs.${name}` } },
      content.schema,
      schemas,
    );
  }
  const required = requiredOf(object);
  const wrapper = soleWrapper(properties, schemas, (p) => isCredential(p, form));
  const fields =
    wrapper === undefined
      ? { properties, required, place: "" }
      : {
          properties: wrapper.properties,
          // Nothing else goes in the body: a required body, or a required wrapper, carries the wrapper's required fields.
          required: operation.requestBody.required || required.has(wrapper.name) ? wrapper.required : new Set<string>(),
          place: `${wrapper.name}/`,
        };
  const entries = bindProperties(
    operation,
    fields,
    { schemas, allocate, inputs, isCredential, byParameter, partial },
    form,
  );
  const value: ValueExpr =
    wrapper === undefined
      ? { kind: "object", entries }
      : { kind: "object", entries: [[wrapper.name, { kind: "object", entries }]] };
  return withExactIntegers({ mediaType: sent.mediaType, kind: sent.kind, value }, content.schema, schemas);
}

/** A JSON body with the places of its 64-bit integers (exact-integers.ts), when it has any. */
function withExactIntegers(body: BodyBinding, schema: JsonSchema, schemas: SchemaLookup): BodyBinding {
  const exactIntegers = body.kind === "json" ? exactIntegerPlaces(schema, schemas) : [];
  return exactIntegers.length > 0 ? { ...body, exactIntegers } : body;
}

const requiredOf = (schema: JsonSchema): Set<string> =>
  new Set(
    typeof schema === "object" && Array.isArray(schema["required"])
      ? (schema["required"] as unknown[]).filter((k): k is string => typeof k === "string")
      : [],
  );

/** One input per body field (inside the wrapper when `place` names one), as `bindBody` offers them. */
function bindProperties(
  operation: Operation,
  fields: {
    readonly properties: readonly [string, JsonSchema][];
    readonly required: ReadonlySet<string>;
    readonly place: string;
  },
  { schemas, allocate, inputs, isCredential, byParameter, partial }: BodyInputs,
  form: boolean,
): (readonly [string, ValueExpr])[] {
  const { properties, required, place } = fields;
  const entries: (readonly [string, ValueExpr])[] = [];
  const creates = isCreate(operation);
  const refused = refusedOnCreate(
    operation,
    properties.map(([property]) => property),
  );
  const inside = takenInsideOnCreate(
    operation,
    properties.map(([property]) => property),
  );
  for (const [property, schema] of properties) {
    if (isCredential(property, form) || refused.has(property) || (creates && ignoredOnCreate(property, schema)))
      continue;
    const streams = required.has(property) ? undefined : streamSwitch(property, schema, undefined, schemas);
    if (streams !== undefined) {
      if (streams.sendFalse) entries.push([property, { kind: "literal", value: false }]);
      continue;
    }
    // Only a field the body must carry when the words match: an optional one of the same name and words may be a new
    // value (GitHub's `PATCH …/actions/variables/{name}` renames by its body's `name`, "The name of the variable." both times).
    const repeated = repeatedParameter(property, schema, byParameter, schemas, {
      required: required.has(property),
      method: operation.method,
    });
    const fieldSchema = withCallbackWords(takenInsideSchema(schema, inside.get(property), schemas));
    const description =
      typeof fieldSchema === "object" && typeof fieldSchema["description"] === "string"
        ? htmlToText(fieldSchema["description"])
        : undefined;
    if (repeated !== undefined) {
      const at = inputs.indexOf(repeated);
      const words = repeated.description ?? description;
      inputs[at] = {
        ...repeated,
        required: true,
        ...(words === undefined ? {} : { description: words }),
        boundTo: [...repeated.boundTo, `${operation.id} body ${place}${property}`],
      };
      entries.push([property, { kind: "expr", text: `$inputs.${repeated.name}` }]);
      continue;
    }
    const name = allocate(bodyInputName(property, byParameter));
    inputs.push({
      name,
      schema: fieldSchema,
      required: !partial && required.has(property),
      ...(description === undefined ? {} : { description }),
      boundTo: [`${operation.id} body ${place}${property}`],
    });
    entries.push([property, { kind: "expr", text: `$inputs.${name}` }]);
  }
  return entries;
}

/** Names of a body's one field that only wrap what is sent (`data`), never name a thing of their own (`transaction`, `spec`). */
const ENVELOPE_NAMES: ReadonlySet<string> = new Set([
  "data",
  "body",
  "payload",
  "params",
  "parameters",
  "request",
  "input",
]);

/**
 * A body whose one field is an envelope (see `ENVELOPE_NAMES`) holding an object of named fields (Asana's `{ data: {
 * name, notes, … } }` on every write): that field and the fields inside it, with what it requires, so the model gives
 * the fields and the body goes out wrapped, as a draft's goal binds `body/data/name`. Not a field the runtime fills, nor
 * one holding a list, an open map (`labels`, `metadata`), a choice of shapes (`oneOf`, `anyOf`) or no writable field;
 * a field named for a thing (YNAB's `transaction`, a pod's `spec`) stays one input, its name saying what it is.
 */
function soleWrapper(
  properties: readonly [string, JsonSchema][],
  schemas: SchemaLookup,
  filled: (property: string) => boolean,
): { readonly name: string; readonly properties: [string, JsonSchema][]; readonly required: Set<string> } | undefined {
  const [only, ...more] = properties;
  if (only === undefined || more.length > 0 || filled(only[0])) return undefined;
  if (!ENVELOPE_NAMES.has(only[0].toLowerCase())) return undefined;
  const merged = closedFields(loneMemberOf(derefTop(only[1], schemas), schemas), schemas);
  if (merged === undefined) return undefined;
  const inner = Object.entries(merged.properties).filter(([, s]) => !(typeof s === "object" && s["readOnly"] === true));
  return inner.length === 0 ? undefined : { name: only[0], properties: inner, required: merged.required };
}

/** The named fields of a closed object, gathered through `allOf` (Asana's `TaskRequest`: `TaskBase` and its own), else undefined. */
function closedFields(
  schema: JsonSchema,
  schemas: SchemaLookup,
  depth = 0,
): { properties: Record<string, JsonSchema>; required: Set<string> } | undefined {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object" || depth > 8) return undefined;
  if (["anyOf", "oneOf", "not", "if", "patternProperties"].some((k) => node[k] !== undefined)) return undefined;
  if (node["additionalProperties"] !== undefined && node["additionalProperties"] !== false) return undefined;
  const type = node["type"];
  if (type !== undefined && type !== "object" && !(Array.isArray(type) && type.includes("object"))) return undefined;
  const parts = Array.isArray(node["allOf"]) ? (node["allOf"] as JsonSchema[]) : [];
  const gathered = parts.map((part) => closedFields(part, schemas, depth + 1));
  if (gathered.some((g) => g === undefined)) return undefined;
  const own = node["properties"];
  const ownProperties =
    own !== null && typeof own === "object" && !Array.isArray(own) ? (own as Record<string, JsonSchema>) : {};
  const found = gathered.filter((g) => g !== undefined);
  return {
    properties: Object.assign({}, ...found.map((g) => g.properties), ownProperties),
    required: new Set([...found.flatMap((g) => [...g.required]), ...requiredOf(node)]),
  };
}

/**
 * A whole-body input's schema without the properties the package fills (Plaid's open request bodies list `client_id`,
 * `secret` and `access_token`): the model is offered none of them; `declared` as written when there is none.
 */
function withoutCredentials(
  declared: JsonSchema,
  target: JsonSchema,
  isCredential: (property: string) => boolean,
): JsonSchema {
  if (typeof target !== "object") return declared;
  const properties = target["properties"];
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return declared;
  const filled = Object.keys(properties).filter(isCredential);
  if (filled.length === 0) return declared;
  const { required, ...rest } = target;
  const kept = Array.isArray(required) ? required.filter((k) => !filled.includes(String(k))) : [];
  return {
    ...rest,
    properties: Object.fromEntries(Object.entries(properties).filter(([k]) => !filled.includes(k))),
    ...(kept.length === 0 ? {} : { required: kept }),
  };
}

/**
 * What a body field is that a connector platform fills with its own callback URL (`x-ms-notification-url: true`, as
 * Power Automate's webhook triggers mark it): nothing fills it here, so the model is told the URL it names, not the
 * spec's "The internal publication URL - will be generated by PowerAutomate" (Qualtrics' `publicationUrl`).
 */
const NOTIFICATION_URL =
  "The URL the API will send its notifications to: a webhook endpoint the user runs. Ask the user for it; no URL " +
  "is generated for it here.";

/** A field's schema, told as the webhook endpoint it is when it marks a connector platform's callback URL. */
export function withCallbackWords(schema: JsonSchema): JsonSchema {
  const marked = typeof schema === "object" && schema !== null && schema["x-ms-notification-url"] === true;
  return marked ? { ...schema, description: NOTIFICATION_URL } : schema;
}

/** Keywords that only label a schema: with no others and no description it says nothing of what to send. */
const LABELS: ReadonlySet<string> = new Set(["title", "nullable", "deprecated", "$comment", "$schema"]);

/**
 * Whether an optional body says nothing of what it holds (SendGrid's DELETEs declare `{ nullable: true }`; Okta's and
 * Chaingateway's GETs an `application/octet-stream` or `text/plain` body with no schema): such a JSON body, or any body
 * of a read or a delete (Okta's `clearUserSessions`), is left out of the tool, so the model is not offered an untyped,
 * undescribed `body` input.
 */
function namesNothing(schema: JsonSchema, description: string | undefined): boolean {
  if (description !== undefined && description.trim() !== "") return false;
  return schema === true || (typeof schema === "object" && Object.keys(schema).every((k) => LABELS.has(k)));
}

/**
 * A body whose only example is empty text (Okta's lifecycle actions, `activateUser`: `text/plain` with `example: ""`
 * and no schema): the description shows the request sends nothing, not an upload of any bytes.
 */
function emptyTextOnly(content: MediaContent): boolean {
  return content.examples.length > 0 && content.examples.every((e) => e === "");
}

/**
 * Top-level properties of a plain object body (no composition, no extra keys) a request sends (not `readOnly`, but
 * `member`, the record's id a replace names in its body), else undefined.
 */
function flattenableProperties(schema: JsonSchema, member?: string): [string, JsonSchema][] | undefined {
  if (typeof schema !== "object") return undefined;
  const properties = schema["properties"];
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return undefined;
  const composed = ["allOf", "anyOf", "oneOf", "not", "if", "patternProperties", "$ref"].some(
    (k) => schema[k] !== undefined,
  );
  const open = schema["additionalProperties"] !== undefined && schema["additionalProperties"] !== false;
  if (composed || open) return undefined;
  const entries = Object.entries(properties as Record<string, JsonSchema>).flatMap(
    ([name, s]): [string, JsonSchema][] => {
      if (!(typeof s === "object" && s["readOnly"] === true)) return [[name, s]];
      if (name !== member) return [];
      const { readOnly: _, ...sent } = s;
      return [[name, sent]];
    },
  );
  return entries.length > 0 ? entries : undefined;
}
