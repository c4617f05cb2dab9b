// A write's success schema → the list of per-item results and the member of each item that says the item failed.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, Operation } from "../model/api-model.js";
import type { ItemErrorsSpec } from "../runtime/types.js";
import { splitWords } from "../runtime/adapters/search-words.js";
import { preferredContent } from "./media.js";
import { derefTop } from "./schemas.js";

type SchemaObject = Readonly<Record<string, unknown>>;

const isObject = (schema: unknown): schema is SchemaObject =>
  typeof schema === "object" && schema !== null && !Array.isArray(schema);

/** An item's error member: `error`, `errors`, `error_code`, `ErrorCode`, `errorMessage` (any case, `_`/`-` or none). */
const ERROR_NAME = /^(?:errors?|error[_-]?(?:code|message|msg)|err)$/i;
/**
 * An item's success flag (a boolean): `success`, `succeeded`, `ok`, `accepted`, `isSuccess`, or a name ending in one of
 * those words (VictorOps' `cmdAccepted`, `request_success`).
 */
const FLAG_NAME =
  /^(?:is[_-]?)?(?:success|succeeded|successful|ok|accepted)$|(?:[a-z0-9]|_)(?:success|succeeded|successful|accepted)$/i;
/** A list that holds only errors or warnings (`errors`, `failures`): the errors-list rule's, not per-item results. */
const ERROR_LIST_NAME = /^(?:errors?|failures?|warnings?|messages?)$/i;
/**
 * An item's HTTP status (an integer `statusCode`, `status_code`, `httpStatus`): elmah.io's bulk create answers each
 * message "as if it were being created through the non-bulk endpoint", 201 or 400. A plain `status` is a record's state.
 */
const STATUS_NAME = /^(?:status[_-]?code|http[_-]?status(?:[_-]?code)?)$/i;
/**
 * An item's member saying why it was rejected (Mandrill's per-recipient `reject_reason`, `rejectionReason`): the item
 * failed when it holds a value. Not a `failureReason`: in batch reads (AWS's `BatchGetDevEndpoints`,
 * `GetBatchImportJobs`) it is a record's own last failure, no failure of the call.
 */
const REASON_NAME = /^reject(?:ion|ed)?[_-]?reason$/i;
/** The item's own status beside such a reason (Mandrill's `status`: sent, queued, scheduled, rejected, invalid). */
const STATE_NAME = /^(?:status|state)$/i;
/** An item's message member, best first. */
const MESSAGE_NAMES = ["message", "error_message", "errormessage", "detail", "description", "reason", "msg"];
/** Members that name which item it is (`To`, `MessageID`, `id`, `email`, `index`, `custom_id`, `incidentNumber`). */
const NAMES_ITEM = /^(?:to|id|index|email|recipient|name|key|sku|number)$|_(?:id|email|key|number)$/i;
/** A camelCase id member (`MessageID`, `contactId`, `incidentNumber`): case matters, or `valid` and `paid` would name the item. */
const NAMES_ITEM_CAMEL = /[a-z](?:Id|ID|Key|Number)$/;
const namesItem = (name: string): boolean => NAMES_ITEM.test(name) || NAMES_ITEM_CAMEL.test(name);

const tokenOf = (name: string): string => name.replaceAll("~", "~0").replaceAll("/", "~1");

/** The declared properties of an item schema and its allOf parts (one level), `$ref`s followed. */
function itemProperties(schema: unknown, lookup: SchemaLookup): Map<string, SchemaObject> {
  const out = new Map<string, SchemaObject>();
  const top = isObject(schema) ? derefTop(schema as JsonSchema, lookup) : undefined;
  if (!isObject(top)) return out;
  const parts = [top, ...(Array.isArray(top["allOf"]) ? (top["allOf"] as unknown[]) : [])];
  for (const raw of parts) {
    const part = isObject(raw) ? derefTop(raw as JsonSchema, lookup) : undefined;
    const properties = isObject(part) ? part["properties"] : undefined;
    if (!isObject(properties)) continue;
    for (const [name, member] of Object.entries(properties)) {
      const resolved = isObject(member) ? derefTop(member as JsonSchema, lookup) : undefined;
      if (isObject(resolved) && !out.has(name)) out.set(name, resolved);
    }
  }
  return out;
}

/**
 * How an item says it failed (`rule`), and whether the item is only an outcome report (`report`): a success flag, its
 * message and the members naming the item, nothing else (VictorOps' ack `{cmdAccepted, entityId, incidentNumber,
 * message}`; not a test step's `{success, message, requestName, elapsedTime, …}`, a record the call reports).
 */
interface Found {
  readonly rule: ItemErrorsSpec;
  readonly report: boolean;
}

/** How an item of this schema says it failed, with the members that name it and carry its message. */
function itemRule(schema: unknown, lookup: SchemaLookup, list: string): Found | undefined {
  const properties = itemProperties(schema, lookup);
  if (properties.size < 2) return undefined;
  const names = [...properties.keys()];
  const error = names.find((n) => ERROR_NAME.test(n) && !MESSAGE_NAMES.includes(n.toLowerCase()));
  // An error object carries its own words: an item's `message` beside it is then the item's (a sent SMS's text).
  const ownWords = error !== undefined && isObject(properties.get(error)?.["properties"]);
  const message = ownWords
    ? undefined
    : MESSAGE_NAMES.map((m) => names.find((n) => n.toLowerCase() === m)).find((n) => n !== undefined);
  const ids = names.filter((n) => namesItem(n) && n !== message).slice(0, 3);
  const extra = { ...(message === undefined ? {} : { message }), ...(ids.length === 0 ? {} : { ids }) };
  const field = error ?? names.find((n) => ERROR_NAME.test(n));
  if (field !== undefined) return { rule: { list, field, kind: "error", ...extra }, report: false };
  const flag = names.find((n) => FLAG_NAME.test(n) && properties.get(n)?.["type"] === "boolean");
  if (flag !== undefined) {
    const report = message !== undefined && properties.size === 2 + ids.length;
    return { rule: { list, field: flag, kind: "flag", ...extra }, report };
  }
  const status = names.find((n) => STATUS_NAME.test(n) && properties.get(n)?.["type"] === "integer");
  if (status !== undefined) return { rule: { list, field: status, kind: "status", ...extra }, report: false };
  const reason = names.find((n) => REASON_NAME.test(n));
  if (reason === undefined) return undefined;
  const state = names.find((n) => STATE_NAME.test(n) && properties.get(n)?.["type"] === "string");
  return {
    rule: { list, field: reason, kind: "reason", ...(state === undefined ? {} : { state }), ...extra },
    report: false,
  };
}

/** The items schema of an array schema, or undefined. */
function itemsOf(schema: unknown, lookup: SchemaLookup): unknown {
  const top = isObject(schema) ? derefTop(schema as JsonSchema, lookup) : undefined;
  return isObject(top) && top["type"] === "array" ? top["items"] : undefined;
}

/** An operation's own name, path or summary saying it handles many items at once (`sendEmailBatch`, `/bulk`). */
const BATCH_WORDS = /batch|bulk/i;
const SUMMARY_BATCH = /\b(?:batch|bulk|multiple|several)\b/i;
/** A name that lists or searches records (`ListSimulationJobBatches`): its items' errors are the records' own. */
const LISTS = /^(?:[Ll]ist|[Ss]earch|[Dd]escribe|[Qq]uery)(?:[A-Z_.-]|$)/;

/** A send named so: its operationId's last word (`messages.send`, `sendSms`'s first), path's last segment or summary. */
const SEND = /^(?:re)?send$/i;

/**
 * Whether a call sends messages: its operationId opens or ends with `send`, its path's last segment opens with it, or
 * its summary does ("Send Messages"). Each item its answer lists is one message sent, or not.
 */
function isSend(operation: Operation): boolean {
  const id = operation.idSynthesized ? [] : splitWords(operation.id);
  const last = splitWords(operation.path.split("/").at(-1) ?? "");
  const summary = splitWords(operation.summary ?? "");
  return [id[0], id.at(-1), last[0], summary[0]].some((w) => w !== undefined && SEND.test(w));
}

/**
 * A call that sends many items at once: its request body is a list (Postmark's batch of messages), or its name, path
 * or summary says batch or bulk, or it sends messages (`isSend`), and its name does not list or search. Other writes answering lists (AWS's `POST` lists of jobs with a `Status` each, a
 * search) report records, whose failed ones are no failure of the call.
 */
function isBatch(operation: Operation, lookup: SchemaLookup): boolean {
  if (isSend(operation)) return true;
  const chosen = preferredContent(operation.requestBody?.contents ?? []);
  if (chosen !== undefined && itemsOf(chosen.schema, lookup) !== undefined) return true;
  return (
    BATCH_WORDS.test(operation.idSynthesized ? "" : operation.id) ||
    BATCH_WORDS.test(operation.path) ||
    SUMMARY_BATCH.test(operation.summary ?? "")
  );
}

/**
 * A write not named as a list or search, that is a batch (see `isBatch`) or whose items are only outcome reports
 * (see `Found`), whose success body is a list of per-item results (at its top, or a list member of an object at its top)
 * whose items declare an error member (`ErrorCode`, `error`), a boolean success flag, an HTTP status code or a reason for
 * rejecting the item (Mandrill's per-recipient `reject_reason`, read with the item's `status` beside it; a `status` alone
 * is not read: a batch read's records report their own state, `FAILED` jobs, which is no failure of the call):
 * where the list is and how an item says it failed, so a 2xx whose items partly failed is not told as all done.
 */
export function operationToItemErrors(operation: Operation, lookup: SchemaLookup): ItemErrorsSpec | undefined {
  if (operation.method === "get" || operation.method === "head" || operation.method === "options") return undefined;
  if (LISTS.test(operation.idSynthesized ? "" : operation.id)) return undefined;
  const found = listedItemRule(operation, lookup);
  if (found === undefined) return undefined;
  return found.report || isBatch(operation, lookup) ? found.rule : undefined;
}

/** The per-item results of a write's success body (its top list, or a list member of an object at its top), if any. */
function listedItemRule(operation: Operation, lookup: SchemaLookup): Found | undefined {
  const chosen = preferredContent((operation.success?.contents ?? []).filter((c) => c.kind === "json"));
  if (chosen === undefined) return undefined;
  const items = itemsOf(chosen.schema, lookup);
  if (items !== undefined) return itemRule(items, lookup, "");
  return listedResults(chosen.schema, lookup, "", isSend(operation) ? SEND_NOTICE_NAME : ERROR_LIST_NAME, 1);
}

/** A send's `messages` are the messages it sent (Sakari's `data.messages`), not notices beside its result. */
const SEND_NOTICE_NAME = /^(?:errors?|failures?|warnings?)$/i;
/** The list of what was sent, read before the others (Sakari's `messages` before its `invalid` contacts). */
const SENT = /^messages?$/i;

/**
 * The first list member of an object whose items say whether each failed, or of an object member one level down
 * (a `data` wrapper: Sakari's `{data: {messages: […]}}`).
 */
function listedResults(
  schema: unknown,
  lookup: SchemaLookup,
  at: string,
  skip: RegExp,
  depth: number,
): Found | undefined {
  const top = isObject(schema) ? derefTop(schema as JsonSchema, lookup) : undefined;
  const properties = isObject(top) ? top["properties"] : undefined;
  if (!isObject(properties)) return undefined;
  const members = Object.entries(properties).sort(([a], [b]) => Number(SENT.test(b)) - Number(SENT.test(a)));
  for (const [name, member] of members) {
    if (skip.test(name)) continue;
    const inner = itemsOf(member, lookup);
    const found = inner === undefined ? undefined : itemRule(inner, lookup, `${at}/${tokenOf(name)}`);
    if (found !== undefined) return found;
  }
  if (depth === 0) return undefined;
  for (const [name, member] of Object.entries(properties)) {
    const found = listedResults(member, lookup, `${at}/${tokenOf(name)}`, skip, depth - 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A member of a write's answer that lists what it did not do: Trakt's sync `not_found` (`{movies: [{ids}], shows: []}`),
 * YNAB's `duplicate_import_ids` (transactions not created), `failed`/`failures`, `unprocessed…` (AWS's
 * `UnprocessedAccounts`), `rejected…`, `skipped…`, Google's `failedPrinters`, Magento's `missing_items`.
 */
const NOT_DONE_HEAD = /^(?:not ?found|duplicates?|duplicated|failed|failures|unprocessed|rejected|skipped|missing)$/;

/** A member name's words, lower case (`notFoundResourceNames` → not, found, resource, names). */
const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether a member's name says it lists what was not done (see `NOT_DONE_HEAD`): its first word, or first two. */
export function namesNotDone(name: string): boolean {
  const words = wordsOf(name);
  return NOT_DONE_HEAD.test(words[0] ?? "") || NOT_DONE_HEAD.test(words.slice(0, 2).join(" "));
}

/** The shape a member is read by: a list, an object of lists (Trakt's `not_found`) or a map; or neither. */
type Listing = "list" | "lists" | undefined;

/** A member of a failure report (`errorCode`, `failureCode`, `reason`, `message`). */
const REPORTS_FAILURE = /error|fail|reason|message/i;

/**
 * A list of records with ids of their own and nothing saying why they failed (a group's `rejectedSenders`, directory
 * objects) is a setting; a failure report with an `id` (CloudTrail's `failed: [{id, errorCode, errorMessage}]`) is not.
 */
function isRecordList(items: unknown, lookup: SchemaLookup): boolean {
  const names = [...itemProperties(items, lookup).keys()];
  return names.includes("id") && !names.some((n) => REPORTS_FAILURE.test(n));
}

function schemaListing(schema: unknown, lookup: SchemaLookup): Listing {
  const top = isObject(schema) ? derefTop(schema as JsonSchema, lookup) : undefined;
  if (!isObject(top)) return undefined;
  if (top["type"] === "array") return isRecordList(top["items"], lookup) ? undefined : "list";
  if (isObject(top["additionalProperties"])) return "lists";
  const members = [...itemProperties(top, lookup).values()];
  return members.length > 0 && members.every((m) => m["type"] === "array") ? "lists" : undefined;
}

function exampleListing(value: unknown): Listing {
  if (Array.isArray(value)) return "list";
  if (!isObject(value)) return undefined;
  const members = Object.values(value);
  return members.length > 0 && members.every(Array.isArray) ? "lists" : undefined;
}

/** A member that only names the record the call acted on: `id`, `hookId`, `hook_id`. */
export const NAMES_RECORD = /^(?:id|[a-z][A-Za-z0-9]*Id|[a-z][a-z0-9_]*_id)$/;
/**
 * An object holding an id of its own (`id`, `checkId`, `entity_id`) is a record: its `duplicateCheckResults` are its
 * findings, not what the call did not do.
 */
const isRecordShape = (names: readonly string[]): boolean => names.some((n) => NAMES_RECORD.test(n));

/**
 * The members of one object of the answer (its schema's properties, or its example's members when it declares no
 * schema) that list what was not done, and the object members to look into one level down (a `data` envelope).
 */
function notDoneAt(
  members: ReadonlyMap<string, unknown>,
  listing: (value: unknown) => Listing,
  at: string,
): { readonly found: string[]; readonly inner: [string, unknown][] } {
  const names = [...members.keys()];
  if (isRecordShape(names)) return { found: [], inner: [] };
  const found = names.filter((n) => namesNotDone(n) && listing(members.get(n)) !== undefined);
  return { found: found.map((n) => `${at}/${tokenOf(n)}`), inner: [...members].filter(([n]) => !found.includes(n)) };
}

/**
 * The members of a write's success answer that list what the call did not do (see `NOT_DONE_HEAD`; a list, an object
 * of lists, or a map), at its top or one object down, not in a record (an object with an `id`): read from its JSON
 * schema, or from its example when it declares none (Trakt's answers). A 2xx naming items there did not do them all.
 */
export function operationToNotDone(operation: Operation, lookup: SchemaLookup): readonly string[] | undefined {
  if (operation.method === "get" || operation.method === "head" || operation.method === "options") return undefined;
  const chosen = preferredContent((operation.success?.contents ?? []).filter((c) => c.kind === "json"));
  if (chosen === undefined) return undefined;
  const declared = itemProperties(chosen.schema, lookup);
  const example = chosen.examples[0];
  const fromSchema = declared.size > 0;
  if (!fromSchema && !isObject(example)) return undefined;
  const membersOf = (value: unknown): ReadonlyMap<string, unknown> =>
    fromSchema ? itemProperties(value, lookup) : new Map(isObject(value) ? Object.entries(value) : []);
  const listing = (value: unknown): Listing => (fromSchema ? schemaListing(value, lookup) : exampleListing(value));
  const top = notDoneAt(fromSchema ? declared : membersOf(example), listing, "");
  const found = [
    ...top.found,
    ...(top.found.length > 0
      ? []
      : top.inner.flatMap(([n, v]) => notDoneAt(membersOf(v), listing, `/${tokenOf(n)}`).found)),
  ];
  return found.length === 0 ? undefined : found;
}
