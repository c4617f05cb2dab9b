// Plans one goal step: parameters, body, outputs, criteria and actions bound and checked against its operation.
import { apiStatusTable } from "../status-answers.js";
import { parameterDescription } from "../comparison-parameters.js";
import type { Param, RequestBody, Step, Value } from "../../goals/types.js";
import type { JsonSchema, Operation, Parameter } from "../../model/api-model.js";
import { didYouMean } from "../../util/suggest.js";
import { isMediaRange } from "../../util/media-type.js";
import {
  bodyCredentialsFor,
  bodyFilledByCredentials,
  isAccountParameter,
  namesApplication,
  isCredentialBodyField,
  isCredentialParameter,
  stepCredentials,
} from "../credentials.js";
import { isRuntimeHeader, parameterToBinding } from "../inputs.js";
import { bytesTyped, chooseBodyMedia, type BodyMedia } from "../media.js";
import { patchBody } from "../patch-body.js";
import { idempotentByWords, isReadMethod, postsOnly, repeatsByWords, riskMethod } from "../risk.js";
import { idempotencyKeyOf, isRuntimeKey } from "../idempotency.js";
import { isStamped, requestStampsOf } from "../request-stamps.js";
import type { IdempotencyKeySpec } from "../../runtime/types.js";
import { answerChecks } from "../envelope.js";
import { readsTaskById } from "../progress.js";
import { bodyTakenOnCreate } from "../create-ignored.js";
import { derefTop } from "../schemas.js";
import { soleValue } from "../sole-value.js";
import { pointerTokens } from "../../runtime/expressions/pointer.js";
import { schemaAtPointer } from "../schema-walk.js";
import { exactIntegerPlaces } from "../exact-integers.js";
import type { BodyBinding, ParamBinding, StepPlan } from "../types.js";
import { planActions, planCriteria } from "./criteria.js";
import { report, type GoalContext } from "./context.js";
import { fittingBranch, requiredKeys } from "./body-shape.js";
import { keepCurrentOf } from "./keep-current.js";
import { planPick } from "./pick.js";
import { bindExpression, bindValue, type BindTarget, type Usage } from "./values.js";

/** Binds and checks a step whose operation is known; outputs are registered for later steps. */
export function planStep(ctx: GoalContext, index: number, step: Step, operation: Operation): StepPlan {
  const request: Usage = { where: "request", stepIndex: index };
  const params = bindParams(ctx, step, operation, request);
  const body = bindBody(ctx, step, operation, request);
  const pick = planPick(ctx, index, step, operation);
  const outputs = planOutputs(ctx, { index, step, operation, item: pick?.item });
  const idempotencyKey = unboundIdempotencyKey(ctx, { operation, params, body });
  const stamps = requestStampsOf(operation, idempotencyKeyOf(operation, ctx.api.schema)).filter(
    (s) => !params.some((p) => p.in === "header" && p.name === s.name),
  );
  const apiWide = bodyCredentialsFor(ctx.api, operation);
  const credentials = stepCredentials(
    operation,
    ctx.api.index.securitySchemes,
    (field) =>
      field.in === "body"
        ? body?.value.kind === "object" && body.value.entries.some(([k]) => k === field.name)
        : params.some((p) => p.name === field.name && p.in === field.in),
    { schemas: ctx.api.schema, apiWide },
  );
  return {
    id: step.id,
    operationId: operation.id,
    method: operation.method,
    path: operation.path,
    params,
    ...(body === undefined ? {} : { body }),
    outputs,
    dependsOn: [],
    readOnly: isReadMethod(riskMethod(operation, postsOnly(ctx.api.index.operations))),
    security: credentials.security,
    ...(credentials.generated.length === 0 ? {} : { credentials: credentials.generated }),
    ...configBindings(ctx, index),
    successStatus: operation.success?.status ?? "default",
    responseDescriptions: responseDescriptions(operation, apiStatusTable(ctx.api.index.description)),
    errorHints: {},
    successCriteria: planCriteria(ctx, index, step, step.successCriteria),
    onSuccess: planActions(ctx, index, step, step.onSuccess),
    onFailure: planActions(ctx, index, step, step.onFailure),
    ...(pick === undefined ? {} : { pick: pick.spec }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    ...(stamps.length === 0 ? {} : { stamps }),
    ...(repeatsByWords(operation) ? { repeats: true as const } : {}),
    ...(idempotentByWords(operation) ? { idempotent: true as const } : {}),
    ...answerChecks(operation, ctx.api.schema, step.envelope, readsTaskById(ctx.api.index.operations)),
    ...unsentOf(ctx, { operation, params, body, apiWide, runtimeKey: idempotencyKey?.name }),
    origin: {
      file: step.position?.file ?? ctx.file,
      pointer: step.pointer,
      ...(step.position ? { line: step.position.line, column: step.position.column } : {}),
    },
  };
}

/**
 * The request fields the operation takes that the step never sends: query parameters and top-level body properties
 * the goal leaves out (Twilio's `Url` of a call drafted with only `To` and `From`), never a credential nor the
 * idempotency key the runtime sends; none where the goal hands the whole body over as one value. A refusal that names
 * one is fixed by no argument.
 */
function unsentOf(
  ctx: GoalContext,
  {
    operation,
    params,
    body,
    apiWide,
    runtimeKey,
  }: {
    operation: Operation;
    params: readonly ParamBinding[];
    body: BodyBinding | undefined;
    apiWide: ReturnType<typeof bodyCredentialsFor>;
    runtimeKey: string | undefined;
  },
): Pick<StepPlan, "unsent"> {
  const schemes = ctx.api.index.securitySchemes;
  const query = operation.parameters
    .filter((p) => p.in === "query" && p.name !== runtimeKey)
    .filter((p) => !params.some((b) => b.in === "query" && b.name === p.name))
    .filter((p) => !isCredentialParameter(operation, schemes, p))
    .map((p) => p.name);
  const sent = body === undefined ? [] : body.value.kind === "object" ? body.value.entries.map(([k]) => k) : undefined;
  const contents = operation.requestBody?.contents ?? [];
  const content = contents.find((c) => c.mediaType === body?.mediaType) ?? contents[0];
  const schema = sent === undefined || content === undefined ? undefined : derefTop(content.schema, ctx.api.schema);
  const properties = typeof schema === "object" && isObject(schema["properties"]) ? schema["properties"] : {};
  const form = /form|multipart/.test(content?.mediaType ?? "");
  const fields = Object.keys(properties).filter(
    (k) =>
      k !== runtimeKey &&
      !sent?.includes(k) &&
      !isCredentialBodyField(operation, schemes, k, { form, apiWide, schemas: ctx.api.schema }),
  );
  const unsent = [...query, ...fields];
  return unsent.length === 0 ? {} : { unsent };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The configured values (`$config.NAME`) this step binds, for the toolset pass. */
function configBindings(ctx: GoalContext, index: number): Pick<StepPlan, "config"> {
  const uses = ctx.configUses.filter((u) => u.stepIndex === index);
  if (uses.length === 0) return {};
  return {
    config: uses.map((u) => ({
      name: u.name,
      schema: u.schema,
      place: u.place,
      ...(u.description === undefined ? {} : { description: u.description }),
      origin: {
        file: u.node.position?.file ?? ctx.file,
        pointer: u.node.pointer,
        ...(u.node.position ? { line: u.node.position.line, column: u.node.position.column } : {}),
      },
    })),
  };
}

/**
 * The idempotency key a write operation takes (`Idempotency-Key`, Square's `idempotency_key` body field) and the goal
 * leaves to the runtime: not bound, and (in the body) not set by a structured payload that would carry it.
 */
function unboundIdempotencyKey(
  ctx: GoalContext,
  { operation, params, body }: { operation: Operation; params: readonly ParamBinding[]; body: BodyBinding | undefined },
): IdempotencyKeySpec | undefined {
  const key = idempotencyKeyOf(operation, ctx.api.schema);
  if (key === undefined) return undefined;
  if (key.in !== "body") return params.some((b) => b.in === key.in && b.name === key.name) ? undefined : key;
  const value = body?.value;
  if (value?.kind !== "object" || value.entries.some(([k]) => k === key.name)) return undefined;
  return key;
}

function bindParams(ctx: GoalContext, step: Step, operation: Operation, usage: Usage): ParamBinding[] {
  const bound: ParamBinding[] = [];
  for (const param of step.params) {
    const spec = findParameter(ctx, step, operation, param);
    if (!spec) {
      bindValue(ctx, param.value, usage, undefined);
      continue;
    }
    const value = bindValue(ctx, param.value, usage, parameterTarget(operation, spec));
    bound.push(parameterToBinding(spec, value));
  }
  const schemes = ctx.api.index.securitySchemes;
  const key = idempotencyKeyOf(operation, ctx.api.schema);
  // Left to the runtime: a credential or API version a scheme sends, the idempotency key, and the headers OpenAPI says
  // a parameter definition cannot set (Accept, Content-Type, Authorization: the runtime ignores them) or that name the
  // package itself (User-Agent).
  const stamps = requestStampsOf(operation, key);
  const runtimeFills = (p: Parameter): boolean =>
    isRuntimeKey(key, p.in, p.name) ||
    isStamped(stamps, p) ||
    isCredentialParameter(operation, schemes, p) ||
    isRuntimeHeader(p);
  const unbound = (p: Parameter): boolean => !bound.some((b) => b.name === p.name && b.in === p.in);
  for (const p of operation.parameters.filter((q) => unbound(q) && !runtimeFills(q))) {
    const fixed = soleValue(p, ctx.api.schema);
    if (fixed !== undefined) bound.push(parameterToBinding(p, { kind: "literal", value: fixed.value }));
  }
  for (const missing of operation.parameters.filter(
    (p) => p.required && !hasDefault(p.schema) && unbound(p) && !runtimeFills(p),
  )) {
    const account = isAccountParameter(operation, schemes, missing);
    const value = `${account ? "$config" : "$inputs"}.${snake(missing.name)}`;
    const configured = namesApplication(missing.name) ? "application" : "account";
    const or = account ? `the ${configured} the operator configures` : "or an earlier step's output";
    report(ctx, "PLAN_UNBOUND_PARAMETER", step, {
      message: `step "${step.id}" does not bind the required ${missing.in} parameter "${missing.name}" of ${operation.id}`,
      hint:
        ctx.goal.workflowId === undefined
          ? `add params: { ${missing.name}: ${value} } (${or}) to step "${step.id}"`
          : `add a parameter { name: ${missing.name}, in: ${missing.in}, value: ${value} } (${or}) to step "${step.id}"`,
    });
  }
  return bound;
}

function findParameter(ctx: GoalContext, step: Step, operation: Operation, param: Param): Parameter | undefined {
  const candidates = operation.parameters.filter(
    (p) => p.name === param.name && (param.in === undefined || p.in === param.in),
  );
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) {
    report(ctx, "PLAN_AMBIGUOUS_PARAMETER", param, {
      message: `"${param.name}" is a parameter of ${operation.id} in ${candidates.map((c) => c.in).join(" and ")}`,
      hint: `add \`in: ${candidates[0]?.in}\` (or another location) to the binding`,
    });
    return undefined;
  }
  const names = operation.parameters.map((p) => p.name);
  report(ctx, "PLAN_UNKNOWN_PARAMETER", param, {
    message: `step "${step.id}" binds "${param.name}"${param.in ? ` in ${param.in}` : ""}, which ${operation.id} does not have`,
    hint:
      didYouMean(param.name, names) ??
      (names.length > 0 ? `its parameters are ${names.join(", ")}` : `${operation.id} takes no parameters`),
  });
  return undefined;
}

function parameterTarget(operation: Operation, parameter: Parameter): BindTarget {
  const description = parameterDescription(parameter.name, parameter.description);
  return {
    schema: parameter.schema,
    required: parameter.required,
    ...(description === undefined ? {} : { description }),
    examples: parameter.examples,
    boundTo: `${operation.id} ${parameter.in} ${parameter.name}`,
    label: `${parameter.in} parameter "${parameter.name}" of ${operation.id}`,
  };
}

function hasDefault(schema: JsonSchema): boolean {
  return typeof schema === "object" && schema["default"] !== undefined;
}

function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_");
}

function bindBody(ctx: GoalContext, step: Step, operation: Operation, usage: Usage): BodyBinding | undefined {
  const requestBody = operation.requestBody;
  if (!step.body) {
    const filled = () =>
      bodyFilledByCredentials(
        operation,
        ctx.api.index.securitySchemes,
        ctx.api.schema,
        bodyCredentialsFor(ctx.api, operation),
      );
    if (requestBody?.required && !filled())
      report(ctx, "PLAN_UNBOUND_BODY", step, {
        message: `${operation.id} requires a request body and step "${step.id}" gives none`,
        hint: `add ${ctx.goal.workflowId === undefined ? "body" : "requestBody.payload"}: { … } to step "${step.id}"`,
      });
    return undefined;
  }
  if (!requestBody) {
    report(ctx, "PLAN_NO_BODY", step.body, {
      message: `step "${step.id}" gives a body, but ${operation.id} takes none`,
    });
    bindValue(ctx, step.body.payload, usage, undefined);
    return undefined;
  }
  const media = bodyMedia(ctx, { step, body: step.body, operation });
  if (!media) return undefined;
  const { content } = media;
  const { payload } = step.body;
  const typed = textTyped(
    content,
    patchBody(media.mediaType, content.schema, ctx.api.schema)?.schema ?? content.schema,
  );
  const bytes = payload.kind === "expr" ? bytesTyped(media, derefTop(typed, ctx.api.schema)) : undefined;
  const declared = bytes ?? typed;
  const fitting = payload.kind === "object" ? fittingBranch(declared, payload.entries, ctx.api.schema) : declared;
  // A create that takes only named fields inside a property (Forms' form.info.title) offers only those.
  const schema = bodyTakenOnCreate(operation, fitting, ctx.api.schema);
  const keepCurrent = keepCurrentOf(ctx, { step, operation, bodySchema: schema });
  const target: BindTarget = {
    schema,
    required: bodyIsSent(requestBody.required, payload, requiredKeys(schema, ctx.api.schema)),
    examples: content.examples,
    boundTo: `${operation.id} body`,
    label: `the request body of ${operation.id}`,
    ...(keepCurrent === undefined ? {} : { kept: new Set(keepCurrent.properties) }),
  };
  const value = bindValue(ctx, step.body.payload, usage, step.body.payload.kind === "template" ? undefined : target);
  const replacements = step.body.replacements.map((r) => ({
    pointer: r.target,
    value: bindValue(ctx, r.value, usage, replacementTarget(ctx, target, r.target)),
  }));
  checkRequiredProperties(ctx, {
    step,
    operation,
    body: step.body,
    schema,
    kept: target.kept,
    form: media.kind === "form" || media.kind === "multipart",
  });
  checkPayloadFitsMedia(ctx, { step, body: step.body, media });
  const exactIntegers = media.kind === "json" ? exactIntegerPlaces(schema, ctx.api.schema) : [];
  return {
    mediaType: media.mediaType,
    kind: media.kind,
    value,
    ...(replacements.length > 0 ? { replacements } : {}),
    ...(keepCurrent === undefined ? {} : { keepCurrent }),
    ...(exactIntegers.length > 0 ? { exactIntegers } : {}),
    ...(bytes === undefined ? {} : { base64: true as const }),
  };
}

/**
 * Whether the body always goes out, so the properties its schema requires are required inputs: the spec says so, or
 * the goal writes it as a structure (sent even when every field is left out), or its schema requires properties
 * (Twilio never sets `requestBody.required`, yet a message without `To` is refused).
 */
function bodyIsSent(declared: boolean, payload: Value, required: readonly string[]): boolean {
  return declared || payload.kind === "object" || payload.kind === "array" || required.length > 0;
}

/** The media the step sends; a `content_type` the operation does not accept is reported with the types it does. */
function bodyMedia(
  ctx: GoalContext,
  { step, body, operation }: { step: Step; body: RequestBody; operation: Operation },
): BodyMedia | undefined {
  const wanted = body.contentType;
  const choice = chooseBodyMedia(operation.requestBody?.contents ?? [], wanted);
  if (choice === undefined || choice.ok) return choice?.media;
  const key = ctx.goal.workflowId === undefined ? "content_type" : "contentType";
  const concrete = choice.accepted.filter((t) => !isMediaRange(t));
  const fallback = chooseBodyMedia(operation.requestBody?.contents ?? [], undefined);
  report(ctx, "PLAN_UNSUPPORTED_CONTENT_TYPE", body.contentTypeAt ?? body, {
    message: `step "${step.id}" sends ${key} "${wanted}", which ${operation.id} does not accept${isMediaRange(wanted ?? "") ? " (a range names no type to send)" : ""}; it accepts ${choice.accepted.join(", ")}`,
    hint: `${concrete.length > 0 ? `set ${key} to ${concrete.join(" or ")}` : `set ${key} to a concrete type the range covers`}${fallback?.ok ? `, or leave it out to send ${fallback.media.mediaType}` : ""}`,
  });
  return undefined;
}

/** An object or array written in the goals file cannot be sent as raw bytes or text: found now, not after an approval. */
function checkPayloadFitsMedia(
  ctx: GoalContext,
  { step, body, media }: { step: Step; body: RequestBody; media: BodyMedia },
): void {
  const { payload } = body;
  if ((media.kind !== "binary" && media.kind !== "text") || (payload.kind !== "object" && payload.kind !== "array"))
    return;
  report(ctx, "PLAN_BODY_MEDIA_MISMATCH", payload, {
    message: `the body of step "${step.id}" is ${payload.kind === "object" ? "an object" : "an array"}, but ${media.mediaType} is sent as ${media.kind === "binary" ? "raw bytes" : "plain text"}`,
    hint: `pass the content as one string ($inputs.NAME), or choose a JSON media type with ${ctx.goal.workflowId === undefined ? "content_type" : "contentType"} if the operation accepts one`,
  });
}

function replacementTarget(ctx: GoalContext, body: BindTarget, pointer: string): BindTarget {
  const tokens = pointerTokens(pointer);
  const walked = schemaAtPointer(body.schema, tokens, ctx.api.schema);
  return {
    ...body,
    schema: walked.ok ? walked.schema : {},
    required: false,
    boundTo: `${body.boundTo}${pointer}`,
    label: `${body.label} at ${pointer}`,
  };
}

function checkRequiredProperties(
  ctx: GoalContext,
  {
    step,
    operation,
    body,
    schema,
    kept,
    form,
  }: {
    step: Step;
    operation: Operation;
    body: RequestBody;
    schema: JsonSchema;
    kept: ReadonlySet<string> | undefined;
    form: boolean;
  },
): void {
  if (body.payload.kind !== "object") return;
  const resolved = derefTop(schema, ctx.api.schema);
  if (typeof resolved !== "object") return;
  const properties = (resolved["properties"] ?? {}) as Record<string, JsonSchema>;
  const given = new Set([
    ...body.payload.entries.map(([k]) => k),
    ...body.replacements.map((r) => pointerTokens(r.target)[0] ?? ""),
  ]);
  for (const [key] of body.payload.entries) {
    if (resolved["additionalProperties"] === false && !Object.hasOwn(properties, key)) {
      report(ctx, "PLAN_UNKNOWN_BODY_PROPERTY", body.payload, {
        message: `the body of step "${step.id}" sets "${key}", which the request schema of ${operation.id} does not allow`,
        hint: didYouMean(key, Object.keys(properties)) ?? `its properties are ${Object.keys(properties).join(", ")}`,
      });
    }
  }
  const required = requiredKeys(schema, ctx.api.schema);
  const declared = (k: string): JsonSchema | undefined => {
    const walked = schemaAtPointer(schema, [k], ctx.api.schema);
    return walked.ok ? walked.schema : undefined;
  };
  for (const key of required.filter(
    (k) =>
      !given.has(k) &&
      kept?.has(k) !== true &&
      !hasDefault(declared(k) ?? {}) &&
      !isReadOnly(declared(k)) &&
      !isRuntimeKey(idempotencyKeyOf(operation, ctx.api.schema), "body", k) &&
      !isCredentialBodyField(operation, ctx.api.index.securitySchemes, k, {
        form,
        apiWide: bodyCredentialsFor(ctx.api, operation),
        schemas: ctx.api.schema,
      }),
  )) {
    report(ctx, "PLAN_UNBOUND_BODY", body, {
      message: `the body of step "${step.id}" does not set "${key}", which ${operation.id} requires`,
      hint: `add ${key}: $inputs.${snake(key)} (or a literal or an earlier step's output) to the ${ctx.goal.workflowId === undefined ? "body" : "payload"}`,
    });
  }
}

function isReadOnly(schema: JsonSchema | undefined): boolean {
  return typeof schema === "object" && schema["readOnly"] === true;
}

/** Registers the step's outputs for later steps; with a pick, they read the picked item (`item`). */
function planOutputs(
  ctx: GoalContext,
  { index, step, operation, item }: { index: number; step: Step; operation: Operation; item: JsonSchema | undefined },
): Record<string, string> {
  const usage: Usage = { where: "response", stepIndex: index, stepId: step.id, ...(step.pick ? { picked: true } : {}) };
  const schemas = new Map<string, JsonSchema>();
  ctx.steps.set(step.id, { index, operation, outputs: schemas, ...(item === undefined ? {} : { item }) });
  const outputs: Record<string, string> = {};
  for (const [name, expr] of Object.entries(step.outputs)) {
    schemas.set(name, bindExpression(ctx, expr, expr.text, usage) ?? {});
    outputs[name] = expr.text;
  }
  return outputs;
}

/**
 * Each response's description by status, on one line: an error message quotes it in brackets ("409 Conflict (The request
 * contained data that would result in a duplicate value)"), where a spec's trailing newline (Velo's) or wrapped lines
 * would break the sentence. An error status the operation leaves undescribed (or does not declare) takes the description
 * the API gives it for all operations (`apiWide`, see `apiStatusTable`): Trakt's 420 "Account Limit Exceeded".
 */
export function responseDescriptions(
  operation: Pick<Operation, "responses">,
  apiWide: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const own = Object.fromEntries(operation.responses.map((r) => [r.status, r.description.replace(/\s+/g, " ").trim()]));
  const filled = Object.entries(apiWide).filter(([status]) => !own[status]);
  return { ...own, ...Object.fromEntries(filled) };
}

/** What says a schema's shape: a text body whose schema has none of these is read as a string. */
const SHAPE_KEYS = ["type", "$ref", "allOf", "oneOf", "anyOf", "not", "enum", "const", "properties", "items"];

/**
 * A text body whose schema says only what the text is (Orthanc's `POST /tools/lookup`, `{description: "The DICOM
 * identifier of interest"}`) is a string: what a `text/*` body sends is text, never any JSON value the model guesses
 * (XML is a structured body, left as the spec has it).
 */
export function textTyped(content: { kind: string; mediaType: string }, schema: JsonSchema): JsonSchema {
  if (content.kind !== "text" || /xml/i.test(content.mediaType)) return schema;
  if (typeof schema !== "object" || SHAPE_KEYS.some((k) => k in schema)) return schema;
  return { ...schema, type: "string" };
}
