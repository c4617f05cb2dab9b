// A one-step update whose every change is an optional input → the inputs of which a call must give one (else it changes nothing).
import type { OperationSummary, Parameter, ResponseModel } from "../model/api-model.js";
import { isPlural, splitWords, stem, verbClasses } from "../runtime/adapters/search-words.js";
import type { ValueExpr } from "../runtime/types.js";
import type { StepPlan, ToolDef } from "./types.js";
import { ADD_NEEDED, CHANGE_NEEDED, LEFT_OUT_RESET } from "../runtime/nothing-to-change.js";
import { namingId } from "../model/naming-id.js";
import { htmlToText } from "../util/html-text.js";
import { toSnakeCase } from "../util/naming.js";
import { singular } from "./init/operations.js";
import { operationGroupId } from "./profile.js";

/** Verbs that name a change of an existing thing's fields (not `set`, `mark`, `replace`: their empty body means something). */
const UPDATE_VERBS = new Set(["update", "updates", "patch", "modify", "edit", "change"]);

const PARAMETER = /^\{[^}]+\}$/;

/**
 * A path whose last segment is an update verb alone after a collection (`/v1/workspaces/update`,
 * `/containers/{id}/update`): RPC-style, it updates one of the things collected, not an action of its own.
 */
function updatesCollected(path: string): boolean {
  const segments = path.split("/").filter((s) => s !== "");
  const words = splitWords(segments.at(-1) ?? "");
  const before =
    segments
      .slice(0, -1)
      .filter((s) => !PARAMETER.test(s))
      .at(-1) ?? "";
  const noun = splitWords(before).at(-1) ?? "";
  return words.length === 1 && UPDATE_VERBS.has(words[0] ?? "") && isPlural(noun.toLowerCase());
}

/** The operation's own words for what a call with nothing in it does ("If no parameters are provided, the import will be restarted"). */
const EMPTY_MEANS =
  /\b(if|when|with) no (parameters?|fields?|properties|arguments|body|values?) (are |is )?(provided|given|passed|sent|specified|set)\b|\b(an )?empty (request )?body\b/i;

/**
 * The verb the operation id names: the first word of its method name that is a verb (`repos/update`, `updateCard`,
 * `kubernetes_update_cluster`), none when that word only restates the HTTP method (`PostCustomersCustomer`).
 */
function idVerb(operation: Pick<OperationSummary, "id" | "idName" | "method" | "idSynthesized">): string | undefined {
  if (operation.idSynthesized) return undefined;
  const id = namingId(operation).split(/[/.]/).at(-1) ?? "";
  const verb = groupVerbOf(id) ?? splitWords(id).find((word) => verbClasses(stem(word)) !== undefined);
  return verb === undefined || verb === operation.method ? undefined : verb;
}

/**
 * The verb an id written `Group_Verb…` opens its second part with (`JobSchedule_Update`, `PriceListProducts_UpdateEntity`):
 * never a verb-like word of the group ("schedule", "list"); an HTTP method as the group (AWS's `POST_CreateStack`) is no
 * group.
 */
function groupVerbOf(id: string): string | undefined {
  const parts = operationGroupId(id);
  if (parts === undefined) return undefined;
  const first = splitWords(parts.method)[0];
  return first !== undefined && verbClasses(stem(first)) !== undefined ? first : undefined;
}

/** What `isUpdate` reads of an operation: its words, and the statuses of its declared answers when it has them. */
export type UpdateEvidence = Pick<
  OperationSummary,
  "id" | "method" | "path" | "summary" | "description" | "idSynthesized"
> & {
  readonly responses?: readonly Pick<ResponseModel, "status">[];
  /** Present on a whole operation (with `parameters`): what a call can send beside its path. */
  readonly requestBody?: unknown;
  readonly parameters?: readonly Pick<Parameter, "in">[];
  readonly listFiltersDropped?: readonly string[];
};

/**
 * A POST whose every declared success is `201 Created` makes a new thing, even on an item's path (CircleCI's
 * `POST /project/{username}/{project}` triggers a build): its empty body asks for the thing as it comes.
 */
function createsOnly(operation: UpdateEvidence): boolean {
  const successes = (operation.responses ?? []).filter((r) => /^2/.test(r.status));
  return operation.method === "post" && successes.length > 0 && successes.every((r) => r.status === "201");
}

/**
 * Whether the operation changes fields of an existing thing: its id or, failing that, its summary names an update
 * (`repos/update`, `updateCardsByIdCard`, "Update a customer"); with neither, a PATCH, or a PUT or POST on an item
 * (`POST /v1/customers/{customer}`), not on an action segment (`/capture`) and not a POST that only answers
 * `201 Created`; never one whose description says what a call with nothing in it does. A last segment that names the
 * update of something else (`/update-branch`), or the verb after no collection (`/cve/update`, "Update CVE database
 * from remote source"), is an action of its own whose empty body means something: never an update here; the verb
 * alone after a collection (Airbyte's `POST /v1/workspaces/update`) updates one of its things (see `updatesCollected`).
 */
export function isUpdate(operation: UpdateEvidence): boolean {
  if (operation.method !== "patch" && operation.method !== "put" && operation.method !== "post") return false;
  if (EMPTY_MEANS.test(`${operation.summary ?? ""} ${operation.description ?? ""}`)) return false;
  const last =
    operation.path
      .split("/")
      .filter((s) => s !== "")
      .at(-1) ?? "";
  if (!PARAMETER.test(last) && UPDATE_VERBS.has(splitWords(last)[0] ?? "") && !updatesCollected(operation.path))
    return false;
  const named = idVerb(operation) ?? splitWords(operation.summary ?? "")[0];
  if (named !== undefined) return UPDATE_VERBS.has(named);
  return operation.method === "patch" || (PARAMETER.test(last) && !createsOnly(operation));
}

/** What the description of an update that can send nothing but its path adds, so the model does not report a change. */
export const NOTHING_TO_SEND =
  "Its API description gives this update no field to send: a call sends only the values in its path, so never tell " +
  "the user that any other field changed.";

/**
 * Whether an operation whose own id or summary names an update (`updateComponent`, "Update an issue", "Edit
 * event") declares nothing to send but its path: no request body and no query, header or cookie parameter
 * (Bitbucket's `PUT …/issues/{issue_id}` shows its JSON only in prose). A call changes no field and answers the
 * record as it was.
 */
export function sendsNothing(operation: UpdateEvidence): boolean {
  if (operation.parameters === undefined || operation.requestBody !== undefined) return false;
  if (operation.parameters.some((p) => p.in !== "path") || !isUpdate(operation)) return false;
  const named = idVerb(operation) ?? splitWords(operation.summary ?? "")[0];
  return named !== undefined && UPDATE_VERBS.has(named);
}

/** What the description of a POST whose spec declares no field of it (only its list's filters, dropped) adds. */
export const NOTHING_TO_CREATE =
  "Its API description gives this call no field to send (only its list's filters, copied onto it, which it does " +
  "not take): it sends an empty request, which the API may refuse or answer with a record holding none of the " +
  "user's values, so never tell the user that anything they gave was set.";

/**
 * Whether a POST that is no update can send nothing but its path because the only parameters its spec gave it were
 * the filters of its collection's list, copied onto it (`listFiltersDropped`: DrChrono's 30 creates, `POST
 * /api/patients` with `first_name`, `since` …, whose Patient requires `doctor` and `gender`). The spec never says what
 * such a call sends; a POST that declares nothing at all (a session, a scan) is a call of its own, never this.
 */
export function createsNothing(operation: UpdateEvidence): boolean {
  if (operation.method !== "post" || (operation.listFiltersDropped ?? []).length === 0) return false;
  if (operation.requestBody !== undefined || operation.parameters === undefined) return false;
  return operation.parameters.every((p) => p.in === "path") && !isUpdate(operation);
}

const INPUT_EXPR = /^\$inputs\.([A-Za-z0-9_-]+)$/;

/** What a body is made of: the inputs it sends, and whether anything else (a constant, a template, a step's output) is always sent. */
interface BodyParts {
  readonly inputs: Set<string>;
  fixed: boolean;
}

function collect(value: ValueExpr, parts: BodyParts): void {
  const stack: ValueExpr[] = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.kind === "object") stack.push(...next.entries.map(([, v]) => v));
    else if (next.kind === "array") stack.push(...next.items);
    else if (next.kind === "expr" && INPUT_EXPR.test(next.text))
      parts.inputs.add(INPUT_EXPR.exec(next.text)?.[1] ?? "");
    else if (!(next.kind === "expr" && next.text.startsWith("$config."))) parts.fixed = true;
  }
}

/** A field an earlier step's output fills that names the record the call is on (`ProjectID` found by title, see `namesTarget`). */
const STEP_EXPR = /^\$steps\./;

function bodyParts(step: StepPlan, path?: string): BodyParts | undefined {
  if (step.body === undefined) return undefined;
  const parts: BodyParts = { inputs: new Set(), fixed: false };
  const value = step.body.value;
  const found = (k: string, v: ValueExpr): boolean =>
    path !== undefined && v.kind === "expr" && STEP_EXPR.test(v.text) && namesTarget(k, path);
  collect(
    value.kind === "object" ? { ...value, entries: value.entries.filter(([k, v]) => !found(k, v)) } : value,
    parts,
  );
  for (const replacement of step.body.replacements ?? []) collect(replacement.value, parts);
  return parts;
}

/**
 * Whether a field names the record a call is on rather than a value it changes: `id`, or `<thing>_id` for a thing the
 * path names (`workspaceId` on Airbyte's `POST /v1/workspaces/update`, `sourceDefinitionId` on
 * `/v1/source_definitions/update`).
 */
export function namesTarget(name: string, path: string): boolean {
  const field = toSnakeCase(name);
  if (field === "id") return true;
  return path
    .split("/")
    .filter((segment) => segment !== "" && !PARAMETER.test(segment))
    .some((segment) => field === `${singular(toSnakeCase(segment))}_id`);
}

/**
 * The inputs of which a call must give at least one, for a tool whose one step updates an existing thing (PATCH, PUT
 * or POST read as `update`) and whose body is made only of optional inputs, beside required ones that only name the
 * record (see `namesTarget`): called with none, it would send an empty change and answer the unchanged record as
 * success. With `found`, the last step of a chain whose reads found the record: a body field an earlier step fills is
 * the record's id when it names the record (see `namesTarget`). Undefined for any other tool (another chain, an action
 * such as `lock` or `star` whose empty body means something, a body with a constant or a required field that is a
 * value).
 */
export function changeInputsOf(
  tool: Pick<ToolDef, "steps" | "inputs">,
  operation: Parameters<typeof isUpdate>[0],
  found = false,
): readonly string[] | undefined {
  const [step, ...more] = found ? [...tool.steps].reverse() : tool.steps;
  if (step === undefined || (more.length > 0 && !found) || !isUpdate(operation)) return undefined;
  const parts = bodyParts(step, found ? operation.path : undefined);
  if (parts === undefined || parts.fixed || parts.inputs.size === 0) return undefined;
  const bound = tool.inputs.filter((input) => parts.inputs.has(input.sourceName ?? input.name));
  const values = bound.filter(
    (input) => !(input.required && namesTarget(input.sourceName ?? input.name, operation.path)),
  );
  if (bound.length !== parts.inputs.size || values.some((input) => input.required)) return undefined;
  const changes = values.filter((input) => !SHAPES_ANSWER.test(input.description ?? ""));
  return changes.length === 0 ? undefined : changes.map((input) => input.name);
}

/** A body field that shapes the answer, not the thing: Stripe's `expand`, "which fields in the response should be expanded". */
const SHAPES_ANSWER = /\b(fields?|properties|objects?) (in|of) the response\b/i;

/**
 * Verbs that name adding things to what the path names ("Add labels to an issue", `pulls/request-reviewers`); `create`
 * only with a list the path collects (`namesCollection`). Not `assign`: Graph's `…/assign` replaces the assignments,
 * and an empty list clears them.
 */
const ADD_VERBS = new Set(["add", "request", "invite", "attach", "append", "insert", "grant"]);

/** Singular words of a name: `requested_reviewers` → requested, reviewer. */
function nameWords(name: string): Set<string> {
  return new Set(splitWords(name).map((word) => word.toLowerCase().replace(/s$/, "")));
}

/**
 * Whether a list names what the path's last segment, a plural, collects (`reviewers` in `…/requested_reviewers`,
 * `members` in `…/members`): a create of such a collection adds the list's items; a create of one record whose lists
 * are its attributes (a token's `scopes`, bunq's `notification_filters` on `…/notification-filter-url`) makes or
 * replaces a record even with them empty.
 */
function namesCollection(path: string, lists: readonly string[]): boolean {
  const last = path
    .split("/")
    .filter((segment) => segment !== "" && !PARAMETER.test(segment))
    .at(-1);
  if (last === undefined || !/s$/i.test(last)) return false;
  const collected = nameWords(last);
  return lists.some((list) => [...nameWords(list)].some((word) => collected.has(word)));
}

/** Words saying what a call that lists nothing does ("if no ids are given, all are marked", "an empty list clears"). */
const EMPTY_LIST_MEANS =
  /\b(if|when) no [a-z_ ]{1,40}? (are|is) (provided|given|passed|sent|specified|set|supplied)\b|\b(an )?empty (list|array)\b/i;

function isArray(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && (schema as { type?: unknown }).type === "array";
}

/**
 * The list inputs of which a call must give one with an item, for a tool whose last step adds things (a POST whose
 * id or summary names adding, never an update; a PUT may replace the set, where an empty list clears it) and whose
 * body is made only of optional list inputs (Gitea's review requests `{reviewers, team_reviewers}`): called with
 * none, it would add nothing and answer success. A body with any scalar, object, constant or required field, a verb
 * such as `mark` or `trigger`, or an operation whose words say what an empty call does ("if no ids are given, all are
 * marked") is no such tool.
 */
export function addInputsOf(
  tool: Pick<ToolDef, "steps" | "inputs">,
  operation: Parameters<typeof isUpdate>[0] | undefined,
): readonly string[] | undefined {
  const step = tool.steps.at(-1);
  if (step === undefined || operation === undefined || step.operationId !== operation.id) return undefined;
  if (operation.method !== "post" || isUpdate(operation)) return undefined;
  const words = `${operation.summary ?? ""} ${operation.description ?? ""}`;
  if (EMPTY_MEANS.test(words) || EMPTY_LIST_MEANS.test(words)) return undefined;
  const named = idVerb(operation) ?? splitWords(operation.summary ?? "")[0];
  if (named === undefined || (named !== "create" && !ADD_VERBS.has(named))) return undefined;
  const parts = bodyParts(step);
  if (parts === undefined || parts.fixed || parts.inputs.size === 0) return undefined;
  const bound = tool.inputs.filter((input) => parts.inputs.has(input.sourceName ?? input.name));
  if (bound.length !== parts.inputs.size || bound.some((input) => input.required || !isArray(input.schema)))
    return undefined;
  const lists = bound.map((input) => input.name);
  return named !== "create" || namesCollection(operation.path, lists) ? lists : undefined;
}

/**
 * The tool with its change inputs set and said in its description, when it has any; a one-step update that can send
 * nothing but its path says so instead (`NOTHING_TO_SEND`), as does a POST whose only fields were its list's copied
 * filters (`NOTHING_TO_CREATE`); a tool whose last step adds the items of optional lists
 * gets its add inputs (`ADD_NEEDED`).
 */
export function withChangeInputs<T extends ToolDef>(tool: T, operations: readonly UpdateEvidence[]): T {
  const addInputs = addInputsOf(tool, operations.at(-1));
  if (addInputs !== undefined) return { ...tool, description: `${tool.description} ${ADD_NEEDED}`, addInputs };
  const last = operations.at(-1);
  const reset = last !== undefined && isUpdate(last) && resetsLeftOut(last) ? ` ${LEFT_OUT_RESET}` : "";
  const resetSaid = reset === "" ? tool : { ...tool, description: `${tool.description}${reset}` };
  const [operation, ...more] = operations;
  // A chain whose reads find the record its last step updates (Avaza's project by its title, then `PUT /api/Project`
  // with `ProjectID` from the lookup) is checked as that update: with no field to change, nothing is sent, not even
  // the lookup.
  if (more.length > 0 && last !== undefined && operations.slice(0, -1).every((o) => o.method === "get")) {
    const found = changeInputsOf(tool, last, true);
    return found === undefined
      ? resetSaid
      : { ...tool, description: `${tool.description} ${CHANGE_NEEDED}${reset}`, changeInputs: found };
  }
  if (operation === undefined || more.length > 0) return resetSaid;
  const [step, ...steps] = tool.steps;
  if (step !== undefined && steps.length === 0 && step.body === undefined && sendsNothing(operation))
    return { ...tool, description: `${tool.description} ${NOTHING_TO_SEND}` };
  if (step !== undefined && steps.length === 0 && step.body === undefined && createsNothing(operation))
    return { ...tool, description: `${tool.description} ${NOTHING_TO_CREATE}` };
  const changeInputs = changeInputsOf(tool, operation);
  if (changeInputs === undefined) return resetSaid;
  return { ...tool, description: `${tool.description} ${CHANGE_NEEDED}${reset}`, changeInputs };
}

/**
 * Words saying an update resets what it is not sent: Azure Batch's job update "fully replaces all the updatable
 * properties … if constraints is not specified … the Batch service will remove the existing constraints", DigitalOcean's
 * firewall update "Any attributes not provided will be reset to their default values", Google Content's "Any fields not
 * provided are deleted from the resource"; never "replaces only the properties specified" or "left unchanged".
 */
const RESETS_LEFT_OUT = new RegExp(
  [
    String.raw`\b(?:fully|completely|entirely) replaces (?:all|every|the)\b`,
    String.raw`\breplaces (?:of )?(?:all|every) (?:of )?(?:the )?(?:updatable |existing |current )?(?:properties|fields|attributes|settings)\b`,
    String.raw`\b(?:not (?:specified|provided|included|supplied|sent|passed)|omitted|left out)\b[^.]{0,80}?\b(?:will be|are|is|gets?)(?: then)? (?:removed|reset|cleared|nulled|set to (?:null|empty|(?:their |the |its )?defaults?)|replaced with (?:the |their |its )?default|deleted|erased)\b`,
  ].join("|"),
  "i",
);

/** Whether an update's own words say the fields a call leaves out are reset, not kept. */
export function resetsLeftOut(operation: Pick<UpdateEvidence, "summary" | "description">): boolean {
  return RESETS_LEFT_OUT.test(htmlToText(`${operation.summary ?? ""}\n${operation.description ?? ""}`));
}
