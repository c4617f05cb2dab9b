// An operation's responses → how its 2xx body says failure (a boolean ok/success flag beside an error field, or an
// errors list beside the result) and the body's declared JSON type.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, MediaContent, Operation, ResponseModel } from "../model/api-model.js";
import type {
  EnvelopeSpec,
  ItemErrorsSpec,
  ProgressSpec,
  ReturnCodesSpec,
  TaskSpec,
  XmlShape,
} from "../runtime/types.js";
import { preferredContent } from "./media.js";
import { derefTop } from "./schemas.js";
import { failedStatuses, statusAnswers, unchangedStatuses } from "./status-answers.js";
import { operationToKeptEmpty } from "./kept-empty.js";
import { operationStreams } from "./streaming.js";
import { NAMES_RECORD, operationToItemErrors, operationToNotDone } from "./item-errors.js";
import { operationToProgress, operationToTask } from "./progress.js";
import { operationToReturnCodes } from "./return-codes.js";
import { operationToXmlShape } from "./xml-shape.js";
import { operationToAccept } from "./accept.js";
import { operationToFormatParam } from "./format-param.js";

type SchemaObject = Readonly<Record<string, unknown>>;

/** Flags that are true on success (`ok`, `success`), or true on failure (`error`, `failed`). */
const SUCCESS_FLAGS = ["ok", "success", "succeeded", "successful", "Success", "isSuccess", "is_success", "IsSuccess"];
const FAILURE_FLAGS = ["error", "failed", "is_error", "has_error"];
/** Fields that carry the API's error code word or error list, best first. */
const CODE_FIELDS = ["error", "errors", "error_code", "code"];
/** Fields that carry the API's human-readable message, best first (Telegram's `description`). */
const MESSAGE_FIELDS = ["message", "error_message", "error_description", "detail", "msg", "description", "Message"];

/**
 * A flag's own words saying it is the call's outcome: "Returns `true` if the request was processed successfully",
 * "Indicates whether the call succeeded", "Was operation successful?" (not "whether the verification operation for …
 * was successful", a result the call reports).
 */
const SAYS_CALL_OUTCOME =
  /\b(?:request|call|operation|action)\s+(?:call\s+)?(?:(?:was|is|has\s+been)\s+)?(?:(?:processed|performed|completed)\s+)?(?:successful(?:ly)?|suc+e+ded)\b/i;

/** Whether a flag's description says it tells whether the call itself succeeded (see `SAYS_CALL_OUTCOME`). */
export function saysCallOutcome(description: unknown): boolean {
  return typeof description === "string" && SAYS_CALL_OUTCOME.test(description);
}

const isObject = (schema: unknown): schema is SchemaObject =>
  typeof schema === "object" && schema !== null && !Array.isArray(schema);

/** The object shapes a schema may take: itself, and the branches of its allOf/oneOf/anyOf (one level). */
function shapes(schema: JsonSchema | undefined, lookup: SchemaLookup): SchemaObject[] {
  if (schema === undefined) return [];
  const top = derefTop(schema, lookup);
  if (!isObject(top)) return [];
  const branches = ["allOf", "oneOf", "anyOf"].flatMap((key) =>
    Array.isArray(top[key]) ? (top[key] as JsonSchema[]) : [],
  );
  return [top, ...branches.map((b) => derefTop(b, lookup)).filter(isObject)];
}

function property(shape: SchemaObject, name: string, lookup: SchemaLookup): SchemaObject | undefined {
  const properties = shape["properties"];
  if (!isObject(properties) || !Object.hasOwn(properties, name)) return undefined;
  const found = derefTop(properties[name] as JsonSchema, lookup);
  return isObject(found) ? found : {};
}

function isBoolean(schema: SchemaObject | undefined): boolean {
  if (schema === undefined) return false;
  if (schema["type"] === "boolean") return true;
  const values = schema["enum"] ?? (schema["const"] === undefined ? undefined : [schema["const"]]);
  return Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === "boolean");
}

/** The one boolean a flag schema allows (`enum: [true]`, `const: false`), if it allows only one. */
function onlyValue(schema: SchemaObject | undefined): boolean | undefined {
  const values = schema?.["enum"] ?? (schema?.["const"] === undefined ? undefined : [schema["const"]]);
  return Array.isArray(values) && values.length === 1 && typeof values[0] === "boolean" ? values[0] : undefined;
}

function firstProperty(
  all: readonly SchemaObject[],
  names: readonly string[],
  lookup: SchemaLookup,
  accept: (schema: SchemaObject) => boolean = () => true,
): string | undefined {
  return names.find((name) =>
    all.some((shape) => {
      const found = property(shape, name, lookup);
      return found !== undefined && accept(found);
    }),
  );
}

const jsonShapes = (response: ResponseModel | undefined, lookup: SchemaLookup): SchemaObject[] =>
  (response?.contents ?? []).filter((c) => c.kind === "json").flatMap((c) => shapes(c.schema, lookup));

/** The flag of a success shape: a boolean named ok/success (true on success) or error/failed (false on success). */
function flagOf(all: readonly SchemaObject[], lookup: SchemaLookup): { name: string; success: boolean } | undefined {
  const ok = firstProperty(all, SUCCESS_FLAGS, lookup, isBoolean);
  if (ok !== undefined) return { name: ok, success: true };
  const failed = firstProperty(all, FAILURE_FLAGS, lookup, isBoolean);
  return failed === undefined ? undefined : { name: failed, success: false };
}

/**
 * Whether a write's success body is only its outcome: the flag and at most members naming the record (sms77's
 * `POST /hooks` answers `{id, success}`, and `{"success": false}` when it subscribed nothing). A read's flag beside an
 * id may be the record's own state, so reads stay out.
 */
function onlyOutcome(operation: Operation, own: readonly SchemaObject[], flag: string): boolean {
  if (operation.method === "get" || operation.method === "head" || own.length !== 1) return false;
  const properties = own[0]?.["properties"];
  if (!isObject(properties)) return false;
  const names = Object.keys(properties);
  return names.includes(flag) && names.every((name) => name === flag || NAMES_RECORD.test(name));
}

/**
 * The error envelope of an operation's success body: a boolean `ok`/`success` (or `error`/`failed`) with an
 * `error`/`errors`/`message` field beside it in the 2xx schema or in a documented error response with the same flag,
 * or a flag the 2xx schema pins to its success value (`ok: {enum: [true]}`) or an error response pins to the other
 * (Slack documents `{"ok": false, "error": …}` as `default` and answers it with HTTP 200), or a success flag whose own
 * description says it tells whether the call succeeded (Zuora's `success`, "Returns `true` if the request was
 * processed successfully", answered `false` beside a `reasons` list with HTTP 200), or a write's success flag that is
 * all its body says beside the record's id (see `onlyOutcome`).
 */
export function operationToEnvelope(operation: Operation, lookup: SchemaLookup): EnvelopeSpec | undefined {
  const success = operation.success;
  if (success === undefined || !/^2/.test(success.status)) return undefined;
  const own = jsonShapes(success, lookup);
  const flag = flagOf(own, lookup);
  if (flag === undefined) return undefined;
  const others = operation.responses
    .filter((r) => r !== success)
    .flatMap((r) => jsonShapes(r, lookup))
    .filter((shape) => property(shape, flag.name, lookup) !== undefined);
  const all = [...others, ...own];
  const code = firstProperty(
    all,
    CODE_FIELDS.filter((n) => n !== flag.name),
    lookup,
  );
  const message = firstProperty(all, MESSAGE_FIELDS, lookup, (schema) => schema["type"] === "string");
  const documented =
    code !== undefined ||
    message !== undefined ||
    own.some((shape) => onlyValue(property(shape, flag.name, lookup)) === flag.success) ||
    others.some((shape) => onlyValue(property(shape, flag.name, lookup)) === !flag.success) ||
    (flag.success && own.some((shape) => saysCallOutcome(property(shape, flag.name, lookup)?.["description"]))) ||
    (flag.success && onlyOutcome(operation, own, flag.name));
  if (!documented) return undefined;
  return {
    flag: `/${flag.name}`,
    success: flag.success,
    ...(code === undefined ? {} : { code: `/${code}` }),
    ...(message === undefined ? {} : { message: `/${message}` }),
  };
}

/** Where a success body lists its errors beside its result: the property of that name, when it is a list. */
const ERROR_LIST = "errors";

const isList = (schema: SchemaObject | undefined): boolean =>
  schema !== undefined &&
  (schema["type"] === "array" || (schema["type"] === undefined && schema["items"] !== undefined));

/**
 * The errors list of a success body that carries its result and its errors side by side (Twitter's `{data, errors,
 * includes}`, Square's `{payment, errors}`): an `errors` list beside at least one other property of the 2xx schema.
 * A 2xx body with errors listed there and nothing else is the API saying the call failed.
 */
export function operationToErrorList(operation: Operation, lookup: SchemaLookup): string | undefined {
  const success = operation.success;
  if (success === undefined || !/^2/.test(success.status)) return undefined;
  const own = jsonShapes(success, lookup);
  const listed = own.some((shape) => isList(property(shape, ERROR_LIST, lookup)));
  const beside = own.some((shape) => {
    const properties = shape["properties"];
    return isObject(properties) && Object.keys(properties).some((name) => name !== ERROR_LIST);
  });
  return listed && beside ? `/${ERROR_LIST}` : undefined;
}

/** The JSON type the success body is declared as, when every success content is JSON of one plain `object`/`array` type. */
export function operationToBodyType(operation: Operation, lookup: SchemaLookup): "object" | "array" | undefined {
  const contents: readonly MediaContent[] = operation.success?.contents ?? [];
  if (contents.length === 0 || contents.some((c) => c.kind !== "json")) return undefined;
  const chosen = preferredContent(contents);
  const schema = chosen === undefined ? undefined : derefTop(chosen.schema, lookup);
  if (!isObject(schema)) return undefined;
  const type = schema["type"];
  return type === "object" || type === "array" ? type : undefined;
}

/** The progress status without its failure values when the goals file turns the reading of failures off. */
function withoutFailed(progress: ProgressSpec | undefined, off: boolean): ProgressSpec | undefined {
  if (progress === undefined || !off || progress.failed === undefined) return progress;
  return { pointer: progress.pointer, unfinished: progress.unfinished };
}

/**
 * The step fields that judge an answer: the goals file's envelope (`null`: none, and no errors list either) or the
 * inferred one, the errors list beside the result, the declared body type, the shape an XML answer is read into, and
 * the statuses that answer yes or no (see `statusAnswers`) or say nothing needed changing (see `unchangedStatuses`),
 * the 2xx statuses the spec documents as failures (see `failedStatuses`),
 * whether the answer is a stream, and the status member that says the work is not finished or failed (see
 * `operationToProgress`), and the per-item results whose items say they failed (see
 * `operationToItemErrors`) and the members listing what it did not do (see `operationToNotDone`), the task id an
 * answer names for work that runs after it (see `operationToTask`), the return codes its member documents (see
 * `operationToReturnCodes`), the Accept header its documented answer types call for (see `operationToAccept`), and
 * the query parameter by which a call chooses its answer's form (see `operationToFormatParam`), and the members whose
 * null or empty string the spec gives a meaning (see `operationToKeptEmpty`).
 */
export function answerChecks(
  operation: Operation,
  lookup: SchemaLookup,
  written?: EnvelopeSpec | null,
  readsTasks = false,
): {
  envelope?: EnvelopeSpec;
  errorList?: string;
  bodyType?: "object" | "array";
  xmlShape?: XmlShape;
  statusAnswers?: Readonly<Record<string, boolean>>;
  unchangedStatuses?: readonly string[];
  failedStatuses?: readonly string[];
  streams?: true;
  progress?: ProgressSpec;
  itemErrors?: ItemErrorsSpec;
  notDone?: readonly string[];
  task?: TaskSpec;
  returnCodes?: ReturnCodesSpec;
  accept?: string;
  formatParam?: string;
  keepEmpty?: readonly string[];
} {
  const envelope = written === undefined ? operationToEnvelope(operation, lookup) : written;
  const errorList = written === null ? undefined : operationToErrorList(operation, lookup);
  const bodyType = operationToBodyType(operation, lookup);
  const xmlShape = operationToXmlShape(operation, lookup);
  const answers = statusAnswers(operation);
  const unchanged = unchangedStatuses(operation);
  const failed = failedStatuses(operation);
  const progress = withoutFailed(operationToProgress(operation, lookup), written === null);
  const itemErrors = operationToItemErrors(operation, lookup);
  // A list the item-errors rule already reads (AWS's `FailedEntries` of `{ErrorCode}`) is told once, by it.
  const notDone = operationToNotDone(operation, lookup)?.filter((pointer) => pointer !== itemErrors?.list);
  const task = progress === undefined ? operationToTask(operation, lookup, readsTasks) : undefined;
  const returnCodes = written === null ? undefined : operationToReturnCodes(operation, lookup);
  const accept = operationToAccept(operation);
  const formatParam = operationToFormatParam(operation);
  const keepEmpty = operationToKeptEmpty(operation, lookup);
  return {
    ...(envelope === null || envelope === undefined ? {} : { envelope }),
    ...(errorList === undefined ? {} : { errorList }),
    ...(bodyType === undefined ? {} : { bodyType }),
    ...(xmlShape === undefined ? {} : { xmlShape }),
    ...(answers === undefined ? {} : { statusAnswers: answers }),
    ...(unchanged === undefined ? {} : { unchangedStatuses: unchanged }),
    ...(failed === undefined ? {} : { failedStatuses: failed }),
    ...(operationStreams(operation) ? { streams: true as const } : {}),
    ...(progress === undefined ? {} : { progress }),
    ...(itemErrors === undefined ? {} : { itemErrors }),
    ...(notDone === undefined || notDone.length === 0 ? {} : { notDone }),
    ...(task === undefined ? {} : { task }),
    ...(returnCodes === undefined ? {} : { returnCodes }),
    ...(accept === undefined ? {} : { accept }),
    ...(formatParam === undefined ? {} : { formatParam }),
    ...(keepEmpty === undefined ? {} : { keepEmpty }),
  };
}
