// A write's success schema → the status field whose value says the work it started was not finished when it answered.
import type { SchemaLookup } from "../model/api-source.js";
import type { JsonSchema, Operation } from "../model/api-model.js";
import type { ProgressSpec, TaskSpec } from "../runtime/types.js";
import { preferredContent } from "./media.js";
import { pointerTokens } from "../runtime/expressions/pointer.js";
import { operationProfile } from "./profile.js";
import { readsByRpcPost } from "./risk.js";
import { derefTop } from "./schemas.js";

type SchemaObject = Readonly<Record<string, unknown>>;

/**
 * Status values that say the work is still under way (lower case, `-` and spaces read as `_`): Azure's
 * `provisioningState` of `Updating`, `Deleting` or `Scaling` as much as a job's `running`.
 */
const UNFINISHED: ReadonlySet<string> = new Set([
  "running",
  "pending",
  "in_progress",
  "inprogress",
  "in_process",
  "inprocess",
  "queued",
  "enqueued",
  "processing",
  "started",
  "starting",
  "submitted",
  "scheduled",
  "waiting",
  "initiated",
  "initializing",
  "provisioning",
  "creating",
  "deploying",
  "executing",
  "updating",
  "deleting",
  "scaling",
  "resizing",
  "upgrading",
  "migrating",
  "restoring",
  "preparing",
  "pausing",
  "resuming",
  "suspending",
  "stopping",
  "restarting",
  "rebooting",
  "terminating",
  "building",
  "importing",
  "exporting",
  "copying",
  "moving",
  "cancelling",
  "canceling",
  "activating",
  "deactivating",
  "validating",
  "verifying",
  "fetching",
  "rendering",
  "saving",
]);

/** Finished values that say the work succeeded: a status with one of them describes work that comes to an end. */
const SUCCEEDED: ReadonlySet<string> = new Set([
  "success",
  "succeeded",
  "successful",
  "completed",
  "complete",
  "done",
  "finished",
]);

/** Finished values that say the work failed: a write answering one of them did not do what it was asked. */
const FAILED: ReadonlySet<string> = new Set(["failed", "failure", "error", "errored", "timedout", "timed_out"]);

/** Status values that say the work has ended, either way: only an enum with one of these is a progress status. */
const FINISHED: ReadonlySet<string> = new Set([...SUCCEEDED, ...FAILED]);

/** Actions that read: a failed status they answer (AWS's `DescribeTrainingJob`, a POST) is the record's. */
const READS: ReadonlySet<string> = new Set(["get", "list", "search"]);

/**
 * Whether a failed status in the answer is the call's own: a POST or PUT that neither reads nor edits a record, whose
 * status is at the answer's top or in its own object. A PATCH, DELETE or update answers the record as it was (Telnyx's
 * `DELETE /reports/batch_mdr_reports/{id}` of a report that had `FAILED`, Stripe's `POST /v1/charges/{charge}`), and a
 * read's status is the record's.
 */
function judgesWork(operation: Operation, pointer: string): boolean {
  if (operation.method !== "post" && operation.method !== "put") return false;
  const profile = operationProfile(operation);
  const last =
    operation.path
      .split("/")
      .filter((s) => s !== "" && !s.startsWith("{"))
      .at(-1) ?? "";
  if (READS.has(profile.action) || KEEPS_STATE.has(profile.action) || /^fail(?:ed|ure)?$/i.test(last)) return false;
  const tokens = pointerTokens(pointer);
  return tokens.length === 1 || ownMember(tokens[0] ?? "", profile.object);
}

/**
 * Whether an edit (a PUT, PATCH or update, Codat's `PUT …/push/invoices/{invoiceId}`) answers a status of its own work
 * rather than the record: the record it sends has a member of the status's name whose enum shares no value with the
 * answer's (the invoice's `Draft`…`Paid` beside the push's `Pending`/`Failed`), so the answer's status is not the
 * record's. A DELETE sends no record to tell by, and stays unjudged.
 */
function editAnswersOwnStatus(
  operation: Operation,
  found: ProgressSpec,
  answer: unknown,
  lookup: SchemaLookup,
): boolean {
  if (!["post", "put", "patch"].includes(operation.method)) return false;
  if (READS.has(operationProfile(operation).action)) return false;
  const sent = preferredContent(operation.requestBody?.contents ?? []);
  if (sent === undefined) return false;
  const mine = memberAt(sent.schema, pointerTokens(found.pointer), lookup)?.["enum"];
  const theirs = memberAt(answer, pointerTokens(found.pointer), lookup)?.["enum"];
  if (!Array.isArray(mine) || !Array.isArray(theirs) || mine.length === 0) return false;
  return mine.every((v) => !theirs.includes(v));
}

/**
 * Actions whose answer's failed status is no failure of theirs: an edit of a record, a call that makes it fail
 * (Stripe's test helper `POST …/outbound_payments/{id}/fail`, also when its path's last word says so).
 */
const KEEPS_STATE: ReadonlySet<string> = new Set(["update", "fail"]);

/** Members that hold the call's own work or result: an envelope (`data`), or the action, job or task it started. */
const WORK_MEMBERS = /^(?:data|result|action|operation|job|task)$/i;

/**
 * Whether the object a nested status sits in is the call's own (Hetzner's `action`, DigitalOcean's `certificate` of
 * `POST /v2/certificates`), not a record beside it (Stripe's `charge` of a dispute).
 */
const ownMember = (member: string, object: string): boolean =>
  WORK_MEMBERS.test(member) || member.replace(/[_-]/g, " ").toLowerCase() === object.toLowerCase();

/** A member that only wraps the record a read answers (Shotstack's `{success, message, response: {status}}`). */
const READ_ENVELOPE = /^response$/i;

/**
 * A read of one record (its path ends in a parameter: rev.ai's `GET /jobs/{id}`, Shotstack's `GET /render/{id}`)
 * whose status, at the answer's top, in an envelope (`data`, `result`, `response`) or in a member named for the work
 * or the record (Hetzner's `action`), holds a value of work under way: where it is and which values say so. A status
 * of another record beside it (Stripe's dispute's `charge.status`) is not the record's. `running` counts only when
 * the status also has a value of work done well (`completed`, `done`): a cluster, connector or dev environment that is
 * `RUNNING` among `STOPPED` and `FAILED` is up, not unfinished.
 */
function readProgress(operation: Operation, schema: unknown, lookup: SchemaLookup): ProgressSpec | undefined {
  if (operation.method !== "get" || !/\}\/?$/.test(operation.path)) return undefined;
  const found = statusIn(schema, lookup, "", 1);
  if (found === undefined) return undefined;
  const tokens = pointerTokens(found.pointer);
  const holder = tokens.length === 1 ? undefined : (tokens[0] ?? "");
  if (holder !== undefined && !READ_ENVELOPE.test(holder) && !ownMember(holder, operationProfile(operation).object))
    return undefined;
  const values = memberAt(schema, tokens, lookup)?.["enum"];
  const ends = Array.isArray(values) && values.some((v) => typeof v === "string" && SUCCEEDED.has(word(v)));
  const unfinished = ends ? found.unfinished : found.unfinished.filter((v) => word(v) !== "running");
  return unfinished.length === 0 ? undefined : { pointer: found.pointer, unfinished };
}

const word = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

const isObject = (schema: unknown): schema is SchemaObject =>
  typeof schema === "object" && schema !== null && !Array.isArray(schema);

/**
 * A member named `status` or `state` (or ending so: `job_status`, `provisioningState`), never one of a state before
 * (Azure Batch's job `previousState` of `terminating` beside its `state`); or named `result` (or ending so: Visma Net's
 * `actionResult` of `Queued`, `InProcess`, `Failed`, `Done`), a status only when its enum holds both work under way
 * and work ended, as every status here must.
 */
const isStatusName = (name: string): boolean =>
  (/(?:^|_)(?:status|state|result)$/i.test(name) || /[a-z](?:Status|State|Result)$/.test(name)) &&
  !/^(?:previous|prior|old)(?:_|[A-Z])/i.test(name);

/** The object shapes a schema may take: itself and its allOf/oneOf/anyOf branches, `depth` levels of them. */
export function shapes(schema: unknown, lookup: SchemaLookup, depth = 1): SchemaObject[] {
  if (!isObject(schema)) return [];
  const top = derefTop(schema as JsonSchema, lookup);
  if (!isObject(top)) return [];
  const branches = ["allOf", "oneOf", "anyOf"].flatMap((key) =>
    Array.isArray(top[key]) ? (top[key] as unknown[]) : [],
  );
  return [top, ...(depth === 0 ? [] : branches.flatMap((b) => shapes(b, lookup, depth - 1)))];
}

/** The enum's unfinished values, when it also has a finished one; undefined otherwise. */
export function unfinishedValues(values: readonly unknown[]): string[] | undefined {
  const strings = values.filter((v): v is string => typeof v === "string");
  const unfinished = strings.filter((v) => UNFINISHED.has(word(v)));
  return unfinished.length > 0 && strings.some((v) => FINISHED.has(word(v))) ? unfinished : undefined;
}

/** The enum's values that say the work ended in failure (`Failed`, `TimedOut`, `error`). */
export const failedValues = (values: readonly unknown[]): string[] =>
  values.filter((v): v is string => typeof v === "string" && FAILED.has(word(v)));

function statusIn(schema: unknown, lookup: SchemaLookup, at: string, depth: number): ProgressSpec | undefined {
  for (const shape of shapes(schema, lookup)) {
    const properties = shape["properties"];
    if (!isObject(properties)) continue;
    for (const [name, raw] of Object.entries(properties)) {
      const member = isObject(raw) ? derefTop(raw as JsonSchema, lookup) : undefined;
      if (!isObject(member)) continue;
      const pointer = `${at}/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      const values = Array.isArray(member["enum"]) ? unfinishedValues(member["enum"]) : undefined;
      if (isStatusName(name) && values !== undefined) {
        const failed = failedValues(member["enum"] as unknown[]);
        return { pointer, unfinished: values, ...(failed.length === 0 ? {} : { failed }) };
      }
    }
    if (depth === 0) continue;
    for (const [name, raw] of Object.entries(properties)) {
      const found = statusIn(raw, lookup, `${at}/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`, depth - 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The item schema of an array schema (through allOf/oneOf/anyOf branches), when it declares one. */
function itemsOf(schema: unknown, lookup: SchemaLookup): unknown {
  return shapes(schema, lookup).find((shape) => isObject(shape["items"]))?.["items"];
}

/** Most members an answer that is a list of started work may declare: the list and one more (`meta`, the record). */
const LIST_ANSWER_MEMBERS = 2;

/**
 * A list of items each carrying a progress status, at the top of the answer or as one of at most two top members
 * (DigitalOcean's bulk action by tag: `{"actions": [{"status": "in-progress"}, …]}`, Hetzner's `{actions, meta}`):
 * where the list is and the status in each item. A record that holds such a list among its many fields (a Microsoft
 * Graph team's `operations`) is not such an answer.
 */
function itemStatusIn(schema: unknown, lookup: SchemaLookup): ProgressSpec | undefined {
  const inItems = (list: unknown, at: string): ProgressSpec | undefined => {
    const items = itemsOf(list, lookup);
    const found = items === undefined ? undefined : statusIn(items, lookup, "", 0);
    return found === undefined ? undefined : { ...found, items: at };
  };
  const top = inItems(schema, "");
  if (top !== undefined || topMembers(schema, lookup).length > LIST_ANSWER_MEMBERS) return top;
  for (const shape of shapes(schema, lookup)) {
    const properties = shape["properties"];
    if (!isObject(properties)) continue;
    for (const [name, raw] of Object.entries(properties)) {
      const found = inItems(raw, `/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The member at `tokens` of a schema (through allOf/oneOf/anyOf branches), when one is declared. */
function memberAt(schema: unknown, tokens: readonly string[], lookup: SchemaLookup): SchemaObject | undefined {
  if (tokens.length === 0) {
    const member = isObject(schema) ? derefTop(schema as JsonSchema, lookup) : undefined;
    return isObject(member) ? member : undefined;
  }
  for (const shape of shapes(schema, lookup)) {
    const properties = shape["properties"];
    if (!isObject(properties) || !Object.hasOwn(properties, tokens[0] as string)) continue;
    const found = memberAt(properties[tokens[0] as string], tokens.slice(1), lookup);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The request body lets the caller set the status (GitHub's deployment status `state`), in each item of the same list
 * for a status of list items: its value is the caller's. A request member of that name whose enum holds none of the
 * answer's progress values is another status (Codat's invoice `status` of `Draft`…`Paid`, sent as the record, beside
 * the push's `Pending`/`Failed` answer).
 */
function callerSets(operation: Operation, found: ProgressSpec, lookup: SchemaLookup): boolean {
  const chosen = preferredContent(operation.requestBody?.contents ?? []);
  if (chosen === undefined) return false;
  const list = found.items === undefined ? chosen.schema : memberAt(chosen.schema, pointerTokens(found.items), lookup);
  const holder = found.items === undefined ? list : itemsOf(list, lookup);
  const member = holder === undefined ? undefined : memberAt(holder, pointerTokens(found.pointer), lookup);
  if (member === undefined || member["readOnly"] === true) return false;
  const progress = [...found.unfinished, ...(found.failed ?? [])];
  return !Array.isArray(member["enum"]) || member["enum"].some((v) => progress.includes(v as string));
}

/**
 * A write whose success body has a status member (at its top, in an object at its top: Hetzner's `action.status`, or in
 * each item of a list there: DigitalOcean's `actions[].status`) whose enum holds both a value of work under way
 * (`running`, `pending`, `in_progress`, …) and one of work ended (`success`, `failed`, …): where it is, which values say
 * "not finished" and which say it failed. A GET reads it only from one record, and never as failure (see
 * `readProgress`: the record's status is the answer asked for, but an unfinished one is no finished result); a status
 * the request body sets is left alone (the caller's own value, not progress); only a POST or PUT that does not read
 * gets failed values (see `judgesWork`), and only for a status of the whole answer.
 */
export function operationToProgress(operation: Operation, lookup: SchemaLookup): ProgressSpec | undefined {
  const contents = operation.success?.contents ?? [];
  const chosen = preferredContent(contents.filter((c) => c.kind === "json"));
  if (operation.method === "get")
    return chosen === undefined ? undefined : readProgress(operation, chosen.schema, lookup);
  if (operation.method === "head" || operation.method === "options") return undefined;
  const listed = (schema: unknown) => (readsByRpcPost(operation) ? undefined : itemStatusIn(schema, lookup));
  const found = chosen === undefined ? undefined : (statusIn(chosen.schema, lookup, "", 1) ?? listed(chosen.schema));
  if (found === undefined || callerSets(operation, found, lookup)) return undefined;
  if (found.failed === undefined) return found;
  if (found.items === undefined && judgesWork(operation, found.pointer)) return found;
  if (found.items === undefined && editAnswersOwnStatus(operation, found, chosen?.schema, lookup)) return found;
  return {
    pointer: found.pointer,
    unfinished: found.unfinished,
    ...(found.items === undefined ? {} : { items: found.items }),
  };
}

/** A member naming a task or job by its id: `task_id`, `taskId`, `TaskID`, `job_id`, `jobId`, `taskUid`. */
const TASK_ID = /^(?:task|job)(?:[_-]?id|Id|ID|[_-]?uid|Uid)$/i;
/** An operation's words saying its work goes on after it answers. */
const SAYS_LATER = /\basynchronous(?:ly)?\b|\bin (?:the )?background\b|\bin batches\b|\b(?:a|the) (?:task|job)\b/i;
/** A read of one task or job by its id: `GET /tasks/{id}`, `/jobs/{job_id}`. */
const TASK_READ = /\/(?:tasks?|jobs?)\/\{[^}]+\}$/i;

/** Most members an answer that only names a task may declare: the id and a few of bookkeeping (`duration`, `result`). */
const TASK_ANSWER_MEMBERS = 4;

/** The members declared at the top of a success schema (through allOf/oneOf/anyOf branches). */
function topMembers(schema: unknown, lookup: SchemaLookup): string[] {
  const names = new Set<string>();
  for (const shape of shapes(schema, lookup)) {
    const properties = shape["properties"];
    if (isObject(properties)) for (const name of Object.keys(properties)) names.add(name);
  }
  return [...names];
}

/**
 * A write whose success body is only the name of a task or job it started (`{task_id, duration}`: a task-id member and
 * at most three others, no status of its own), when that is all it declares, its words say the work goes on after
 * the answer ("Deletes channels asynchronously"), or the API reads tasks by id (`GET /tasks/{id}`): where the id is,
 * so an answer carrying one says the work was accepted and is not done yet. A record that mentions a task among many
 * fields (a payable's `jobId`), or a change to a task the path names (Airflow's `PATCH …/taskInstances/{task_id}`), is
 * not such an answer.
 */
export function operationToTask(operation: Operation, lookup: SchemaLookup, readsTasks: boolean): TaskSpec | undefined {
  if (operation.method === "get" || operation.method === "head" || operation.method === "options") return undefined;
  const contents = operation.success?.contents ?? [];
  const chosen = preferredContent(contents.filter((c) => c.kind === "json"));
  if (chosen === undefined || statusIn(chosen.schema, lookup, "", 1) !== undefined) return undefined;
  const members = topMembers(chosen.schema, lookup);
  const name = members.find((n) => TASK_ID.test(n));
  if (name === undefined || members.length > TASK_ANSWER_MEMBERS || operation.path.includes(`{${name}}`))
    return undefined;
  const words = `${operation.summary ?? ""} ${operation.description ?? ""}`;
  if (members.length > 1 && !readsTasks && !SAYS_LATER.test(words)) return undefined;
  return { pointer: `/${name.replaceAll("~", "~0").replaceAll("/", "~1")}` };
}

const taskReads = new WeakMap<object, boolean>();

/** Whether one of the API's operations reads a task or job by its id (see `TASK_READ`), worked out once per list. */
export function readsTaskById(operations: readonly { readonly method: string; readonly path: string }[]): boolean {
  let found = taskReads.get(operations);
  if (found === undefined) {
    found = operations.some((o) => isTaskRead(o.method, o.path));
    taskReads.set(operations, found);
  }
  return found;
}

/** Whether an operation is a read of one task or job by its id. */
export const isTaskRead = (method: string, path: string): boolean => method === "get" && TASK_READ.test(path);
