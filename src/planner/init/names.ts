// Proposes verb_noun goal names from operationIds (`getPetById`, `repos/list-for-org`) and words for hints.
import type { Operation } from "../../model/api-model.js";
import { MAX_TOOL_NAME, toIdentifierName, toSnakeCase } from "../../util/naming.js";
import { FORMAT_EXTENSION, idParts, segments, segments as pathParts, singular, staticSegments } from "./operations.js";
import { isPlural, splitWords, stem, verbClasses } from "../../runtime/adapters/search-words.js";
import {
  actionPath,
  actsOnRecord,
  groupedId,
  idOpeningAction,
  madeByVerb,
  operationGroupId,
  numberedRecord,
  operationProfile,
} from "../profile.js";
import { namedAction } from "../named-action.js";
import { methodNamedAction } from "../query-actions.js";
import { namingId } from "../../model/naming-id.js";

export const PREPOSITIONS: ReadonlySet<string> = new Set([
  "for",
  "by",
  "in",
  "on",
  "from",
  "with",
  "to",
  "of",
  "as",
  "at",
]);
const SINGULAR_VERBS: ReadonlySet<string> = new Set([
  "get",
  "create",
  "update",
  "delete",
  "add",
  "remove",
  "set",
  "check",
  "replace",
  "patch",
]);

const METHOD_VERBS: Readonly<Record<string, string>> = {
  get: "get",
  post: "create",
  put: "replace",
  patch: "update",
  delete: "delete",
  head: "check",
  options: "describe",
  trace: "trace",
};

const VERBS: ReadonlySet<string> = new Set([
  "get",
  "list",
  "find",
  "search",
  "query",
  "append",
  "read",
  "watch",
  "connect",
  "create",
  "add",
  "update",
  "edit",
  "modify",
  "set",
  "replace",
  "patch",
  "delete",
  "remove",
  "cancel",
  "check",
  "place",
  "upload",
  "download",
  "approve",
  "reject",
  "enable",
  "disable",
  "start",
  "stop",
  "run",
  "rerun",
  "send",
  "move",
  "merge",
  "lock",
  "unlock",
  "star",
  "unstar",
  "follow",
  "unfollow",
  "block",
  "unblock",
  "archive",
  "restore",
  "retrieve",
  "describe",
  "scale",
  "fetch",
  "put",
  "post",
  "login",
  "logout",
  "log",
  "install",
  "uninstall",
  "request",
  "review",
  "submit",
  "dismiss",
  "transfer",
  "rename",
  "sync",
  "test",
  "redeliver",
  "revoke",
  "reset",
  "verify",
  "validate",
  "generate",
  "render",
  "export",
  "import",
  "confirm",
  "capture",
  "refund",
  "pay",
  "lookup",
  "invite",
  "kick",
  "join",
  "leave",
  "open",
  "close",
  "mark",
  "unarchive",
  "schedule",
  "share",
  "publish",
  "pin",
  "unpin",
  "transition",
  "assign",
]);

const ARTICLES: ReadonlySet<string> = new Set(["a", "an", "the"]);

/**
 * A chain's name: its call's name (`head`), then `_by_` and what the user names (`get_customer_by_email`). A name over the tool
 * name cap loses words of the call's name, never of what follows `_by_`: Magento's
 * `get_customer_account_management_get_confirmation_status_get_by` (the email cut off) is
 * `…_confirmation_status_by_email`. When `_by_…` alone would take more than half the cap, the whole is cut as any name.
 */
export function chainName(head: string, by: string): string {
  const suffix = `_by_${by}`;
  const whole = toIdentifierName(`${head}${suffix}`, "goal");
  if (whole.endsWith(suffix) || suffix.length * 2 > MAX_TOOL_NAME) return whole;
  return toIdentifierName(`${toIdentifierName(head, "goal", MAX_TOOL_NAME - suffix.length)}${suffix}`, "goal");
}

/**
 * An AWS query action by its action (`GET_PurgeQueue` → `purge_queue`), never its method;
 * `getPetById` → `get_pet_by_id`; `repos/list-for-org` → `list_repos_for_org`; `issues/create` → `create_issue`;
 * a name that does not start with a verb gets `verb` in front (`repo_machines` → `list_repo_machines`).
 */
export function operationGoalName(operation: Operation, verb: string): string {
  const action =
    methodNamedAction(operation) ??
    resourceMethodName(operation, verb) ??
    namedAction(operation) ??
    (operation.idSynthesized ? actionPath(operation) : undefined);
  if (action !== undefined) return toSnakeCase(action);
  return withObject(unobjectedName(operation, verb), operation);
}

/** Words before a method's verb that say it is done to many at once (`batchModify`). */
const BATCH: ReadonlySet<string> = new Set(["batch", "bulk"]);

/** Words that make one verb with the verb before them (`set up`, `check out`). */
const VERB_PARTICLES: ReadonlySet<string> = new Set(["up", "down", "out", "off", "over", "back"]);

/** A dotted id of a service, its resources and a method, each one lower camel word run (`gmail.users.messages.send`). */
const RESOURCE_METHOD_ID = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*){2,}$/;

/**
 * An id written `service.resource….method` (Google's Discovery ids: `gmail.users.messages.send`,
 * `calendar.events.quickAdd`, `drive.files.list`) read as the method's verb and the resource it is called on, the service
 * and the resources above left out: `send_message`, `quick_add_event`, `list_files`; `users.messages.attachments.get` →
 * `get_attachment`. A method that names its own object says it (`users.getProfile` → `get_profile`, `files.emptyTrash`
 * → `empty_trash`); one that opens with no verb of its own names what it reads below the resource (a GET's
 * `events.instances` → `list_event_instances`, with `verb` the kind's). A list, a search or a batch names the resources
 * in the plural (`batch_modify_messages`); a GET of no record keeps the resource's word as written (`colors.get` →
 * `get_colors`), and so does a watch of a collection (`events.watch` → `watch_events`). Undefined for other ids.
 */
export function resourceMethodName(operation: Operation, verb: string): string | undefined {
  const id = namingId(operation);
  if (!RESOURCE_METHOD_ID.test(id)) return undefined;
  const parts = id.split(".").map((part) => pathSpelling(part, operation.path));
  const method = splitWords(parts.at(-1) ?? "").map((w) => w.toLowerCase());
  // A custom method on a collection the path names apart from the resource (Chat's `media.upload` of
  // `…/attachments:upload`) acts on what the path names.
  const named = /\/([A-Za-z]+):[A-Za-z]+$/.exec(operation.path)?.[1];
  const resource = toSnakeCase(named ?? parts.at(-2) ?? "");
  const write = operation.method !== "get" && operation.method !== "head";
  // Discovery's methods are verbs: a write's first word is one, known or not (`trash`, `emptyTrash`); a read's is one a
  // table knows, or the word after a qualifier (`quickAdd`, `batchGet`).
  // …a read's plural word is a thing it reads (`statistics.timetable.purchases`), whatever verb it spells.
  const known = method.findIndex((w) => isVerb(w) && (write || !isPlural(w)));
  // A qualifier before the verb (`batchClear`, `tentativelyAccept`) is no verb of its own.
  const qualified = (BATCH.has(method[0] as string) || /ly$/.test(method[0] as string)) && method.length > 1;
  const at = known >= 0 ? known : write ? (qualified ? 1 : 0) : -1;
  if (at < 0) return toSnakeCase(`${verb} ${singularSnake(resource)} ${method.join(" ")}`);
  // A resource named by a verb of reading (`youtube.search.list`) is that verb done over the service: `search_youtube`.
  if (PLURAL_VERBS.has(resource) && !write) return `${resource}_${toSnakeCase(parts[0] ?? "")}`;
  const said = method[at] as string;
  // `createOrUpdate`: both verbs, as the id says them.
  const either = method[at + 1] === "or" && method[at + 2] !== undefined && isVerb(method[at + 2] as string);
  // …and a particle after it is the verb's (`setUp`: set up).
  const particle = !either && VERB_PARTICLES.has(method[at + 1] ?? "");
  const verbs = method.slice(0, either ? at + 3 : particle ? at + 2 : at + 1);
  const after = method.slice(verbs.length);
  const atRecord = /\}(:[A-Za-z]+)?$/.test(operation.path);
  if (after[0] === "all") return [...verbs, "all", pluralSnake(resource), ...after.slice(1)].join("_");
  if (after.length > 0 && !PREPOSITIONS.has(after[0] as string)) {
    // A method naming its own object on a record of the resource says whose (`instances.attachDisk` on
    // `…/instances/{instance}/attachDisk` → `attach_instance_disk`); on the collection, the object alone (`get_profile`).
    const onRecord = atRecord || /\/\{[^}]+\}\/[^/{}]+$/.test(operation.path);
    const owns = resource.split("_").every((r) => after.some((w) => stem(r) === stem(w)));
    return [...verbs, ...(onRecord && !owns ? [singularSnake(resource)] : []), ...after].join("_");
  }
  const above = operation.path.split("/").at(-2) ?? "";
  const many =
    PLURAL_VERBS.has(said) ||
    (method.slice(0, at).some((w) => BATCH.has(w)) && !atRecord) ||
    (said === "get" && !atRecord && operation.method === "get") ||
    (said === "watch" && !above.startsWith("{"));
  const noun = many ? (said === "get" ? resource : pluralSnake(resource)) : singularSnake(resource);
  return [...verbs, noun, ...after].join("_");
}

/**
 * An id's part as its path spells it, when the path breaks the same letters into more words (`addmessage` of
 * `…/addMessage`, `eventticketclass` of `/eventTicketClass/`); else as written.
 */
function pathSpelling(part: string, path: string): string {
  const flat = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const words = (text: string) => splitWords(text).length;
  const spelled = path
    .split(/[/:]/)
    .find((segment) => !segment.startsWith("{") && flat(segment) === flat(part) && words(segment) > words(part));
  return spelled ?? part;
}

function unobjectedName(operation: Operation, verb: string): string {
  const name = baseName(operation)
    .split("_")
    .filter((w) => !/^v\d+((alpha|beta)\d*)?$/.test(w) && !ARTICLES.has(w))
    .join("_");
  const first = name.split("_")[0] ?? "";
  const named = (operation.idSynthesized || restatesPath(operation)) && rpcName(operation.path) === undefined;
  // A verb no table knows that the path and the id both name (Okta's `activateUser` on `…/lifecycle/activate`).
  const ownVerb =
    verb === "call" &&
    (verbClasses(stem(first)) !== undefined ||
      idOpeningAction(operation) === first ||
      (actsOnRecord(operation) && operationProfile(operation).action === first));
  if (named || VERBS.has(first) || ownVerb) return name;
  if (leadsWithPathAction(operation, first)) return name;
  const parts = groupedId(namingId(operation));
  if (parts !== undefined && splitWords(parts.method)[0] === first && namesLastSegment(operation, parts.method))
    return name;
  // An id that names no verb of its own, on a path that ends in one (keyserv's `ProductsApi_Count`): the path's verb.
  const said = segmentVerb(operation);
  return said === undefined ? `${verb}_${name}` : toSnakeCase(`${said.verb} ${said.object}`);
}

/**
 * An all-operations tool name that is only a verb (Snyk's `List` of `GET /org/{orgId}/integrations`, `Activate` of
 * `POST …/project/{projectId}/activate`) with what it acts on (`list_integrations`, `activate_project`): a model
 * choosing among tools named `list`, `update` and `retrieve` cannot tell what any of them reads or changes.
 */
export function withObjectName(name: string, operation: Operation): string {
  return SESSION_VERBS.has(name) ? name : withObject(name, operation);
}

/** Verbs that say whole what they do to the caller's own session (`login`, not `login_auth` of `POST /auth/login`). */
const SESSION_VERBS: ReadonlySet<string> = new Set(["login", "logout", "register", "signin", "signout", "signup"]);

/**
 * A name that is only a verb (Pinecone's `Upsert` on `POST /vectors/upsert`, doqs' `list` of `GET /templates`) names
 * the thing it acts on, from the path's verb segment or the operation's object: `upsert_vector`, `list_templates`.
 */
function withObject(name: string, operation: Operation): string {
  if (name.includes("_") || !isVerb(name)) return name;
  const said = segmentVerb(operation);
  if (said !== undefined && stem(said.verb) === stem(name)) return toSnakeCase(`${said.verb} ${said.object}`);
  const object = toSnakeCase(operationProfile(operation).object);
  if (object === "" || madeByVerb([...object.split("_"), name], name) || object === name) return name;
  return `${name}_${PLURAL_VERBS.has(name) ? pluralSnake(object) : singularSnake(object)}`;
}

/**
 * An id that starts with the word its path ends in after a record (Linode's `bootLinodeInstance` on
 * `POST …/instances/{linodeId}/boot`): that word is what the action does to the record, a verb of the API's own.
 */
function leadsWithPathAction(operation: Operation, first: string): boolean {
  if (operation.method === "get" || first === "" || isPlural(first)) return false;
  const parts = operation.path.replace(/\/+$/, "").split("/");
  const last = parts.at(-1) ?? "";
  return /^\{[^}]+\}$/.test(parts.at(-2) ?? "") && toSnakeCase(last) === first;
}

function baseName(operation: Operation): string {
  const rpc = rpcName(operation.path);
  if (rpc !== undefined) return rpc;
  if (operation.idSynthesized || restatesPath(operation)) return synthesizedName(operation);
  const written = namingId(operation);
  const parts = actingGroupId(operation, operationGroupId(written));
  const id = parts === undefined ? written : `${parts.group}_${parts.method}`;
  const slash = id.lastIndexOf("/");
  const methodVerb = splitWords(parts?.method ?? "")[0];
  // A lone verb the path's verb segment already reads with its object (`RollingUpgrades_Cancel`) is left to it.
  const lone = splitWords(parts?.method ?? "").length === 1 && segmentVerb(operation) !== undefined;
  const grouped =
    parts !== undefined &&
    methodVerb !== undefined &&
    !lone &&
    !/^(GET|POST|PUT|PATCH|DELETE)(?![a-z])/.test(parts.method) &&
    groupVerbReads(operation, methodVerb) &&
    (verbClasses(stem(methodVerb)) !== undefined || namesLastSegment(operation, parts.method));
  if (slash < 0) return nounFirst(toSnakeCase(id), grouped ? splitWords(parts.group).length : 1, grouped);
  const namespace = toSnakeCase(id.slice(0, slash));
  const words = toSnakeCase(id.slice(slash + 1))
    .split("_")
    .filter((w) => w !== "");
  const [verb, next] = words;
  if (verb === undefined) return namespace;
  if (next !== undefined && !PREPOSITIONS.has(next)) return words.join("_");
  const noun = SINGULAR_VERBS.has(verb) ? singularSnake(namespace) : namespace;
  return [verb, noun, ...words.slice(1)].join("_");
}

const PLURAL_VERBS: ReadonlySet<string> = new Set(["list", "search", "find"]);

const capitalized = (words: readonly string[]): string =>
  words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");

/**
 * An id's `Group_Method` whose method is the word of an HTTP method, alone or before `By…` (Swashbuckle's
 * `Customer_Post`, `Account_PutByAccountCd`), on a path whose last segment is the group's collection or a record of it:
 * that word says no more than the method, so it is the action the operation does when its summary opens with that
 * action's verb (`Customer_Create` →
 * `create_customer`, `Account_UpdateBy…` → `update_account_by_account_cd`); never a word that is the API's own verb
 * (`ExpenseClaim_PutExpenseClaimOnHold`) nor one on what follows a record (`…/{shipmentNumber}/action/deleteLine/…`).
 * A read of all (`Customer_GetAll`, `SupplierInvoice_GetAllInvoices`), alone, before a preposition or restating the
 * group, lists (`list_customers`, `list_supplier_invoices`). Other ids as they are.
 */
function actingGroupId(
  operation: Operation,
  parts: { readonly group: string; readonly method: string } | undefined,
): { readonly group: string; readonly method: string } | undefined {
  const [word, next, ...rest] = splitWords(parts?.method ?? "").map((w) => w.toLowerCase());
  const opening = splitWords(parts?.group ?? "")[0]?.toLowerCase() ?? "";
  // A group that opens with a verb (`AddActor_Post`, `UpdateGroups_Put`) says the action already.
  if (parts === undefined || word === undefined || VERBS.has(opening) || verbClasses(stem(opening)) !== undefined)
    return parts;
  if (word === "get" && next === "all") {
    const group = new Set(splitWords(parts.group).map((w) => stem(w.toLowerCase())));
    const until = rest.findIndex((w) => PREPOSITIONS.has(w));
    const named = until < 0 ? rest : rest.slice(0, until);
    if (!named.every((w) => group.has(stem(w)))) return parts;
    return { group: parts.group.replace(/V\d+$/, ""), method: capitalized(["list", ...rest.slice(named.length)]) };
  }
  if ((word !== "post" && word !== "put" && word !== "patch") || (next !== undefined && next !== "by")) return parts;
  const segments = operation.path.split("/").filter((segment) => segment !== "");
  const first = segments.findIndex((segment) => segment.startsWith("{"));
  if (first >= 0 && segments.slice(first).some((segment) => !/^\{[^}]+\}$/.test(segment))) return parts;
  const action = operationProfile(operation).action;
  if (!/^[a-z]+$/.test(action) || action === word || verbClasses(stem(action)) === undefined) return parts;
  // …and the summary says it: `create` for Visma.net's "Create an inventory item", never for text2data's `Analyze_Post`.
  const said = summaryVerb(operation);
  if (said === undefined || (said !== action && !(verbClasses(stem(said)) ?? []).includes(action))) return parts;
  return { group: parts.group, method: capitalized([action, ...[next, ...rest].filter((w) => w !== undefined)]) };
}

/**
 * Whether a write's path ends in the id's method part (Azure Batch's `Task_Terminate` on `…/tasks/{taskId}/terminate`,
 * `Pool_EvaluateAutoScale` on `…/evaluateautoscale`): a verb of the API's own, whatever a table knows; a short first
 * word (`PreRestore`) is a prefix, not a verb.
 */
function namesLastSegment(operation: Operation, method: string): boolean {
  const last = operation.path.replace(/\/+$/, "").split("/").at(-1) ?? "";
  const flat = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const first = splitWords(method)[0] ?? "";
  return operation.method !== "get" && operation.method !== "head" && first.length > 3 && flat(last) === flat(method);
}

/** A read's id verb is a read's (`AdaptiveApplicationControls_List`), never a noun that reads as a verb (`Analytics_LogFlow`). */
function groupVerbReads(operation: Operation, verb: string): boolean {
  if (operation.method !== "get" && operation.method !== "head") return true;
  const classes = verbClasses(stem(verb)) ?? [];
  return classes.some((c) => c === "get" || c === "list" || c === "search");
}

/** Verbs that are never nouns, so one after a leading noun is the operation's action (`issueCreateIssue`). */
const PLAIN_VERBS: ReadonlySet<string> = new Set([
  "get",
  "list",
  "find",
  "search",
  "query",
  "create",
  "update",
  "edit",
  "delete",
  "remove",
  "add",
  "cancel",
  "upload",
  "download",
]);

/**
 * An id that puts its namespace before its verb read as verb + noun: `issue_create_issue` → `create_issue`,
 * `repo_list_pull_requests` → `list_repo_pull_requests`, `user_search` → `search_user`, `pet_find_by_status` →
 * `find_pet_by_status`; an Azure verb pair keeps together over a singular object: `secrets_create_or_update` →
 * `create_or_update_secret`; an id written `Group_Verb` has the group's words for its noun
 * (`VirtualMachines_CreateOrUpdate` → `create_or_update_virtual_machine`, `AvailabilitySets_ListBySubscription` →
 * `list_availability_sets_by_subscription`, `VirtualMachines_ListAll` → `list_all_virtual_machines`); a verb there
 * that names its own object says whose (`AuthorizationRules_ListKeys` → `list_authorization_rule_keys`), unless the
 * object restates it (`…RollingUpgrades_StartExtensionUpgrade` → `start_extension_upgrade`); a lone verb there
 * (`RollingUpgrades_Cancel`) is read from the path; a group of several words is the noun even when its first word is a
 * verb (TfL's `StopPoint_Get` → `get_stop_point`, `BikePoint_Search` → `search_bike_points`).
 */
function nounFirst(name: string, nounWords = 1, groupVerb = false): string {
  const words = name.split("_").filter((w) => w !== "");
  const noun = words.length > nounWords ? words.slice(0, nounWords).join("_") : undefined;
  const [verb, ...after] = words.slice(nounWords);
  const grouped = groupVerb && verb !== undefined;
  // A group of several words is a noun even when it starts with a word that may be a verb (`StopPoint_Get`,
  // `UpdateGroups_Delete`), unless that word is never a noun (`GetImdBid_GetAsync`); one word may be a verb.
  const first = words[0] as string;
  const verbFirst = VERBS.has(first) && !(grouped && nounWords > 1 && !PLAIN_VERBS.has(first));
  if (noun === undefined || verb === undefined || verbFirst) return name;
  if (!PLAIN_VERBS.has(verb) && !grouped) return name;
  const [or, other, ...rest] = after;
  const alternative = or === "or" && other !== undefined && PLAIN_VERBS.has(other);
  const verbs = alternative ? [verb, "or", other] : [verb];
  const tail = alternative ? rest : after;
  // A grouped id's words after a preposition name what it is looked up by (`Account_PutByAccountCd`), not its object.
  const prep = grouped ? tail.findIndex((w) => PREPOSITIONS.has(w)) : -1;
  const restates = (prep < 0 ? tail : tail.slice(0, prep)).some((w) => w === noun || singular(w) === noun);
  const listed = grouped && PLURAL_VERBS.has(verb) && (tail.length === 0 || PREPOSITIONS.has(tail[0] as string));
  const object = listed
    ? pluralSnake(noun)
    : (alternative && SINGULAR_VERBS.has(verb) && tail.length === 0) || (grouped && tail.length === 0)
      ? singularSnake(noun)
      : noun;
  if (verb === "list" && tail[0] === "all" && !restates) return ["list", "all", object, ...tail.slice(1)].join("_");
  if (grouped && tail.length > 0 && !PREPOSITIONS.has(tail[0] as string)) {
    const nouns = new Set(noun.split("_").map(stem));
    const owner = tail.some((w) => nouns.has(stem(w))) ? [] : [singular(noun)];
    return [...verbs, ...owner, ...tail].join("_");
  }
  return [...verbs, ...(restates ? [] : [object]), ...tail].join("_");
}

/**
 * An RPC method read as verb + noun: `chat.postMessage` → `post_message`, `conversations.create` → `create_conversation`,
 * `conversations.list` → `list_conversations`, `users.lookupByEmail` → `lookup_user_by_email`; a method that is not a
 * verb names a part of its namespace (`conversations.history` → `conversation_history`).
 */
export function rpcName(path: string): string | undefined {
  const bare = path.replace(FORMAT_EXTENSION, "");
  if (!/^\/[A-Za-z]+(\.[A-Za-z]+)+$/.test(bare)) return undefined;
  const parts = bare.slice(1).split(".").map(toSnakeCase);
  const words = (parts.at(-1) ?? "").split("_").filter((w) => w !== "");
  const namespace = parts.slice(0, -1).join("_");
  // A verb before the last part acts on it (API2Cart's `attribute.assign.set`: assign an attribute to a set).
  const before = parts.at(-2) ?? "";
  if (parts.length > 2 && words.length === 1 && /^[a-z]+$/.test(before) && isVerb(before))
    return [before, singularSnake(parts.slice(0, -2).join("_")), ...words].join("_");
  const [verb, next] = words;
  if (verb === undefined || !isVerb(verb)) return [singularSnake(namespace), ...words].join("_");
  if (next !== undefined && !PREPOSITIONS.has(next)) return words.join("_");
  const noun = PLURAL_VERBS.has(verb) ? namespace : singularSnake(namespace);
  return [verb, noun, ...words.slice(1)].join("_");
}

function isVerb(word: string): boolean {
  return VERBS.has(word) || (verbClasses(stem(word)) !== undefined && !["info", "all", "new"].includes(word));
}

function singularSnake(name: string): string {
  const words = name.split("_");
  return [...words.slice(0, -1), singular(words.at(-1) ?? "")].join("_");
}

/** Path segments an id leaves out as route plumbing: versions (`v2`, `2013-01-01` read as numbers) and `api`. */
const ROUTE_PREFIX = /^(v\d+|\d+(\.\d+)*|api)$/i;

/**
 * An id that is only its HTTP method and its path's words (Stripe's `PostCustomers`, Mailchimp's `postListsIdMembers`,
 * SendGrid's `POST_mc-contacts-search`) says no more than a synthesized one, and is named like one.
 */
function restatesPath(operation: Operation): boolean {
  const [method, ...rest] = splitWords(namingId(operation));
  if (method !== operation.method || rest.length === 0) return false;
  if (gluesPath(operation, method, rest)) return true;
  const said = new Set(rest.flatMap((w) => [w, stem(w)]));
  // Every static word of the path is in the id (`deleteOrder` of `/store/order/{orderId}` chose its words), in full
  // or by initials (`mc` for `marketing/contacts`); and every word of the id is in the path.
  const statics = staticSegments(operation.path)
    .filter((s) => !ROUTE_PREFIX.test(s))
    .flatMap((s) => splitWords(s.replace(/\.[a-z]+$/i, "")));
  const abbreviated = new Set<number>();
  const abbreviations = new Set<string>();
  for (const r of rest.filter((w) => w.length <= 3)) {
    for (let at = 0; at + r.length <= statics.length; at += 1) {
      if (
        statics
          .slice(at, at + r.length)
          .map((x) => x[0])
          .join("") !== r
      )
        continue;
      abbreviations.add(r);
      for (let k = at; k < at + r.length; k += 1) abbreviated.add(k);
    }
  }
  const path = new Set(splitWords(operation.path).flatMap((w) => [w, stem(w)]));
  const inPath = rest.every((w) => path.has(w) || path.has(stem(w)) || w === "id" || abbreviations.has(w));
  return inPath && statics.every((w, i) => said.has(w) || said.has(stem(w)) || abbreviated.has(i));
}

/**
 * An id that is the method and the path run together with fewer word breaks than the path has (Enode's
 * `putCharginglocationsCharginglocationid` of `PUT /charging-locations/{chargingLocationId}`): the path's words name it
 * better. AWS's `GetApiKeys` of `/apikeys` breaks more words than its path and keeps them.
 */
function gluesPath(operation: Operation, method: string, rest: readonly string[]): boolean {
  const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const kept = operation.path.split("/").filter((s) => s !== "" && !ROUTE_PREFIX.test(s));
  const withParameters = kept.map((s) => s.replace(/^\{|\}$/g, ""));
  const statics = kept.filter((s) => !s.startsWith("{"));
  const id = letters(operation.id).slice(method.length);
  return [withParameters, statics].some(
    (parts) => id !== "" && id === letters(parts.join("")) && rest.length < parts.flatMap((p) => splitWords(p)).length,
  );
}

/**
 * An operation without an id, named by what it does: a verb its last path segment opens with (`/ips/list-pools.json`
 * → list), else its summary's leading verb, else its profile's action; the nearest thing it sits under unless its object
 * names it already; and its object in the path's words — singular, or plural for a read of many:
 * `POST /repositories/{w}/{r}/issues` → `create_repository_issue`, `GET …/issues` → `list_repository_issues`,
 * `POST …/issues/{id}/comments` → `create_issue_comment`, `DELETE …/commit/{c}/approve` ("Unapprove a commit") →
 * `unapprove_repository_commit`, `GET /Surveys/{id}/Interviews` ("Fetches some interview records …") →
 * `list_survey_interviews`. With no object, the method's verb and the path's static segments.
 */
function synthesizedName(operation: Operation): string {
  const parts = namedParts(operation);
  return parts === undefined
    ? [
        METHOD_VERBS[operation.method] ?? operation.method,
        ...staticSegments(operation.path)
          .map((s) => toSnakeCase(s.replace(/\.[a-z]+$/i, "")))
          .filter((s) => s !== ""),
      ].join("_")
    : [parts.verb, ...parts.words].join("_");
}

/** Verbs that, ending a path, read a count or a list of things: their object is said in the plural (`count the products`). */
const MANY_VERBS: ReadonlySet<string> = new Set(["list", "search", "find", "query", "count"]);

/** Segments that name no object: versions and API plumbing. */
const NO_OBJECT_SEGMENT = /^(v\d+((alpha|beta)\d*)?|\d+(\.\d+)*|api|apis|rest)$/i;

/**
 * What a call whose path ends in a verb segment does, read from that segment and the thing before it (or from the
 * summary when it says the same): Airbyte's `POST /v1/source_definitions/create_custom` ("Creates a custom
 * sourceDefinition …") → create, `custom source definition`; keyserv's `POST /v1/ProductsApi/Count` → count, `products`
 * (many); Azure's `POST …/pipelines/{pipelineName}/createRun` → create, `pipeline run`. A GET's last segment reads as a
 * verb only when it is a read's (`GET /users/search`; a pod's `log` is a noun). Undefined when the path ends in a
 * parameter or in no verb.
 */
export function segmentVerb(operation: Operation): { verb: string; object: string; many: boolean } | undefined {
  if (/\}\/?$/.test(operation.path)) return undefined;
  const method = customMethod(operation);
  const segments = [
    ...staticSegments(method === undefined ? operation.path : method.path)
      .map((s) => s.replace(/\.(json|xml)$/i, ""))
      .filter((s) => !NO_OBJECT_SEGMENT.test(s)),
    ...(method === undefined ? [] : [method.verb]),
  ];
  const tail = toSnakeCase(segments.at(-1) ?? "")
    .split("_")
    .filter((w) => w !== "");
  const verb = tail[0] ?? "";
  if (!(isVerb(verb) || MANY_VERBS.has(verb)) || isPlural(verb)) return undefined;
  if (operation.method === "get" && !MANY_VERBS.has(verb) && verb !== "get") return undefined;
  const at = tail.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const rest = at < 0 ? tail.slice(1) : tail.slice(1, at);
  const after = at < 0 ? [] : tail.slice(at);
  const owner = singularSnake(toSnakeCase((segments.at(-2) ?? "").replace(/^[A-Za-z]+\./, "")))
    .split("_")
    .filter((w) => w !== "" && !NO_OBJECT_SEGMENT.test(w));
  const ownerStems = new Set(owner.map((w) => stem(w)));
  const said = operation.summary?.trim() || operation.description?.trim().split(/(?<=[.!?])\s|\n/)[0] || "";
  const summary = ` ${splitWords(said).join(" ")} `;
  // With nothing before it, a verb-looking segment may be a noun (`/v1/installAttribution`): a summary must agree.
  const leads = summary.trim() === "" || stem(summary.trim().split(" ")[0] ?? "") === stem(verb);
  if (owner.length === 0 && !leads) return undefined;
  const words =
    owner.length === 0
      ? [...rest, ...after]
      : rest.length === 0 || rest.every((w) => ownerStems.has(stem(w)))
        ? owner
        : summary.includes(` ${[...rest, ...owner.map((w) => stem(w))].join(" ")} `) ||
            summary.includes(` ${[...rest, ...owner].join(" ")} `)
          ? [...rest, ...owner]
          : [...owner, ...rest];
  // A write whose path is only the verb (SpaceTraders' `POST /register`, "Register New Agent"): its summary names the
  // object.
  if (words.length === 0 && segments.length === 1 && operation.method !== "get" && !MANY_VERBS.has(verb))
    words.push(...summaryObject(summary));
  if (words.length === 0) return undefined;
  const many = MANY_VERBS.has(verb);
  const object = many ? pluralSnake(words.join("_")) : singularSnake(words.join("_"));
  return { verb, object: object.replaceAll("_", " "), many };
}

/** Words of a summary that name no object: articles, possessives, "new". */
const NO_OBJECT_WORDS: ReadonlySet<string> = new Set(["a", "an", "the", "new", "your", "my", "our", "their", "one"]);
/** Words that make a summary's object no thing of its own: the call itself ("Login Request"), a quantity, a manner. */
const NOT_A_THING: ReadonlySet<string> = new Set([
  "request",
  "requests",
  "method",
  "call",
  "endpoint",
  "all",
  "multiple",
  "any",
  "every",
  "everything",
  "together",
  "through",
]);

/**
 * The object a summary names after its leading verb, up to a preposition (`register new agent` → `agent`, `upload a
 * photo to flickr` → `photo`); empty when it names none within three words, or names the call itself.
 */
function summaryObject(summary: string): string[] {
  const [, ...after] = summary.trim().split(" ");
  const at = after.findIndex((w) => PREPOSITIONS.has(w));
  const object = (at < 0 ? after : after.slice(0, at)).filter((w) => !NO_OBJECT_WORDS.has(w));
  const plain = object.every((w) => /^[a-z]+$/.test(w) && !NOT_A_THING.has(w));
  return object.length <= 3 && plain ? object : [];
}

/**
 * A custom method of a resource path (`/v1/spaces:setup`, `/v1/{+name}:undeploy`): the path of the thing it acts on
 * — for a path parameter, the resource its operation id names before the method (`automl.projects.locations.models.
 * undeploy` → models) — and the method.
 */
function customMethod(operation: Operation): { path: string; verb: string } | undefined {
  const match = /^(.*):([A-Za-z]+)$/.exec(operation.path);
  if (match === null) return undefined;
  const [, before = "", verb = ""] = match;
  if (!/\}$/.test(before)) return { path: before, verb };
  const owner = namingId(operation).split(".").at(-2);
  return { path: `${before.replace(/\/?\{[^}]*\}$/, "")}${owner === undefined ? "" : `/${owner}`}`, verb };
}

/**
 * What the name of an operation without an id of its own says: its verb and the words after it (`add`,
 * `inbound domain`); undefined for any other operation, or one whose path names no object.
 */
export function goalWords(operation: Operation): { verb: string; object: string } | undefined {
  if (!(operation.idSynthesized || restatesPath(operation)) || rpcName(operation.path) !== undefined) return undefined;
  const parts = namedParts(operation);
  return parts === undefined || parts.words.length === 0
    ? undefined
    : { verb: parts.verb, object: parts.words.join(" ") };
}

function namedParts(operation: Operation): { verb: string; words: string[] } | undefined {
  const segments = staticSegments(operation.path).map((s) => toSnakeCase(s.replace(/\.[a-z]+$/i, "")));
  const grouped = groupedAction(operation.method, segments);
  if (grouped !== undefined) return grouped;
  const profile = operationProfile(operation);
  const ends = !/\}\/?$/.test(operation.path);
  const lookup = ends ? lookupParts(segments) : undefined;
  if (lookup !== undefined) return { verb: summaryVerb(operation) ?? lookup.verb, words: lookup.words };
  const tail = ends ? (segments.at(-1) ?? "").split("_") : [];
  const verbTail = segments.length > 1 && VERBS.has(tail[0] ?? "") && actsAsVerb(operation, tail);
  // A DELETE of a verb segment undoes it (`DELETE …/approve`, "Unapprove a commit"): the summary says how.
  const pathVerb = verbTail && operation.method !== "delete" ? tail[0] : undefined;
  const nouns = verbTail ? segments.slice(0, -1) : segments;
  const after = tail.slice(1).join("_");
  // `list-scheduled` of messages: a participle says which of the parent's things, not what they are.
  const which = pathVerb !== undefined && /^[a-z]+ed$/.test(after) ? after : undefined;
  const said = pathVerb ?? summaryVerb(operation) ?? profile.action;
  // A noun of the path made from the verb of a write on a record (`likes` of "Likes a track", `followings` of "Follows
  // a user") names what the call makes of the record: the name is the verb and the record (`like_track`, `follow_user`),
  // never `like_like_track` or `follow_me_following`; what is above that noun (`/me/`) says whose the relation is.
  const onRecord = /\/\{[^}/]+\}\/?$/.test(operation.path) && ["post", "put", "patch"].includes(operation.method);
  const relation =
    pathVerb === undefined &&
    onRecord &&
    madeByVerb(
      nouns.flatMap((n) => n.split("_")),
      said,
    ) &&
    !toSnakeCase(profile.object)
      .split("_")
      .some((w) => stem(w) === stem(said) || madeByVerb([w], said));
  const object =
    pathVerb === undefined
      ? relation
        ? toSnakeCase(profile.object)
        : pathObject(profile.object, nouns)
      : which === undefined
        ? after
        : "";
  if (object === "" && pathVerb === undefined) return undefined;
  const many = PLURAL_VERBS.has(said) || profile.qualifiers?.includes("many") === true;
  const verb = many && said === "get" ? "list" : said;
  const last = /\{([^}]+)\}$/.exec(operation.path)?.[1];
  const owner = many && last !== undefined ? (idParts(last)?.entity ?? toSnakeCase(last)) : undefined;
  // The record numbered right before a last static segment (CircleCI's `{build_num}/retry`) is the one acted on.
  const parts = pathParts(operation.path);
  const numbered = ends ? numberedRecord(parts, parts.length - 2)?.replaceAll(" ", "_") : undefined;
  const above = pathVerb !== undefined ? (numbered ?? singular(segments.at(-2) ?? "")) : undefined;
  const over = toSnakeCase(above ?? numbered ?? profile.parents?.at(-1) ?? owner ?? "");
  // A segment above the object that is the name's own verb (`GET /search/users`) says it once: `search_users`; a
  // plural one is things (Mailchimp's `/lists/{list_id}/members`: `list_list_members`).
  const verbAbove = stem(over) === stem(verb) && !segments.some((s) => isPlural(s) && stem(s) === stem(verb));
  const parent = relation || verbAbove ? "" : over;
  // A read's plural last segment is things, whatever verb it spells (Medium's `GET /user/{user_id}/lists`: the user's
  // lists); a write's (`POST /charges/{charge}/refunds`) is what the call makes.
  const end = segments.at(-1) ?? "";
  const things = pathVerb === undefined && PLURAL_VERBS.has(verb) && isPlural(end) && stem(end) === stem(object);
  // A verb segment read as the object (`/decline` of a pull request, "Export issues"): the call acts on its parent.
  // …and with nothing above it, the verb says it all (`GET /search/` → search).
  if (stem(object) === stem(verb) && parent === "" && !things) return { verb, words: [] };
  const restated = (object === "" || (stem(object) === stem(verb) && !things)) && parent !== "";
  const thing = restated ? parent : object;
  const words = thing.split("_");
  const named = restated || parent === "" || parent.split("_").every((w) => words.includes(w));
  const plural = many || (restated && isPlural(summaryWords(operation)[1] ?? ""));
  const noun = (plural ? pluralSnake(thing) : thing).split("_");
  return { verb, words: [...(which === undefined ? [] : [which]), ...(named ? [] : [parent]), ...noun] };
}

/** A path segment that only groups the verbs done to the record above it (`/servers/{id}/actions/reboot`). */
const ACTION_GROUP = /^actions?$/;

/**
 * A write whose path ends in a segment under an action group (see `ACTION_GROUP`) does that segment's verb to the record
 * above the group, whatever word it is (Hetzner's `POST /servers/{id}/actions/poweroff` → `poweroff server`,
 * `…/certificates/{id}/actions/retry` → `retry certificate`, `…/firewalls/{id}/actions/remove_from_resources` →
 * `remove firewall from resources`, Mailchimp's `…/campaigns/{id}/actions/cancel-send` → `cancel campaign send`): the
 * words after the verb follow the record. A plural (`/actions/variables`, GitHub Actions' own things) names things, not
 * a verb; a read (`GET /action/package_show`) is left to the other rules, and so is a group under no record but a
version (Zuora's `/v1/action/amend`). Takes the static segments in snake case.
 */
export function groupedAction(
  method: string,
  segments: readonly string[],
): { verb: string; words: string[] } | undefined {
  const named = segments.filter((s) => !NO_OBJECT_SEGMENT.test(s));
  if (method === "get" || named.length < 3 || !ACTION_GROUP.test(named.at(-2) ?? "")) return undefined;
  const [verb, ...rest] = (named.at(-1) ?? "").split("_").filter((w) => w !== "");
  const record = singular(named.at(-3) ?? "")
    .split("_")
    .filter((w) => w !== "");
  if (verb === undefined || isPlural(verb) || record.length === 0) return undefined;
  return { verb, words: [...record, ...rest] };
}

/**
 * Whether a last segment that opens with a verb names the call's action (`…/merge`, "Merge a merge request"), not a
 * thing whose name starts with one: GitLab's `merge_requests`, listed by a GET ("List merge requests") and created by a
 * POST ("Create a merge request"), Mailchimp's `merge-fields` and `send-checklist` ("Get campaign send checklist"). A
 * verb alone (`…/download`) or one of reading (`…/list_items`) always does. A verb and more words does when the summary
 * opens with it or its like (`downloadSalaryFile`, "Download salary file"; `add-models`, "Create multiple mappers");
 * without a summary, on a GET unless things follow it (`follow_requests`), on other calls always.
 */
function actsAsVerb(operation: Operation, tail: readonly string[]): boolean {
  const verb = tail[0] ?? "";
  if (tail.length === 1 || MANY_VERBS.has(verb) || verb === "get") return true;
  const said = summaryVerb(operation);
  if (said === undefined) return operation.method !== "get" || !isPlural(tail.at(-1) ?? "");
  if (operation.method !== "get" && !isPlural(tail.at(-1) ?? "")) return true;
  return sameVerb(said, verb);
}

/** Whether two verbs name one action: the same stem, or a class in common (`add` and `create`). */
function sameVerb(a: string, b: string): boolean {
  if (stem(a) === stem(b)) return true;
  const classes = verbClasses(stem(b)) ?? [];
  return (verbClasses(stem(a)) ?? []).some((c) => classes.includes(c));
}

/**
 * A lookup segment between the things it finds and what it finds them by: SendGrid's `/contacts/search/emails` → search,
 * `contacts by emails` (named `get_contacts_by_emails` after its summary, "Get Contacts by Emails").
 */
function lookupParts(segments: readonly string[]): { verb: string; words: string[] } | undefined {
  const at = segments.findIndex((s, i) => i > 0 && i < segments.length - 1 && /^(search|query|lookup|find)$/.test(s));
  const things = segments[at - 1];
  if (at < 0 || things === undefined) return undefined;
  const by = segments.slice(at + 1).flatMap((s) => s.split("_"));
  return { verb: segments[at] ?? "search", words: [...things.split("_"), "by", ...by] };
}

/**
 * The profile's object in the words the path uses (`some interview record` under `/Interviews` → interview, `random
 * trivia entry` → trivia); the path's last noun when the object does not name it (`specific survey` of `/Metadata`).
 */

function pathObject(object: string, segments: readonly string[]): string {
  const snake = toSnakeCase(object);
  const last = segments.at(-1) ?? "";
  const pathWords = new Set(segments.flatMap((s) => s.split("_")).map(stem));
  if (segments.some((s) => stem(s.replaceAll("_", "")) === stem(snake.replaceAll("_", "")))) return snake;
  const kept = snake.split("_").filter((w) => w !== "" && pathWords.has(stem(w)));
  const lastWords = last.split("_").map(stem);
  return kept.some((w) => lastWords.includes(stem(w))) ? kept.join("_") : singular(last);
}

/**
 * The summary's words; for a POST without one, those of the description's first sentence (Mandrill's `List the mailbox
 * routes …`), where the method's own verb, create, is the likeliest to be wrong.
 */
function summaryWords(operation: Operation): string[] {
  const described = operation.method === "post" ? operation.description?.trim().split(/(?<=[.!?])\s|\n/)[0] : "";
  const text = operation.summary?.trim() || described || "";
  return text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z]/g, ""));
}

/** The verb a summary opens with, as a name says it (`Unapprove a commit` → unapprove, `Lists …` → list), if it is one. */
function summaryVerb(operation: Operation): string | undefined {
  const first = summaryWords(operation)[0] ?? "";
  const base = [first, stem(first)].find((w) => VERBS.has(w) || SUMMARY_VERBS.has(w));
  const [, or, other] = summaryWords(operation);
  // "Add or update list member", Enode's "Start / Stop Charging": both, as the summary says.
  const slashed = /^\s*[A-Za-z]+\s*\/\s*([A-Za-z]+)\b/.exec(operation.summary ?? "")?.[1]?.toLowerCase();
  const second = or === "or" ? other : slashed;
  if (base !== undefined && second !== undefined && (VERBS.has(stem(second)) || SUMMARY_VERBS.has(stem(second))))
    return `${base}_or_${stem(second)}`;
  if (base !== undefined) return base === "retrieve" || base === "fetch" ? "get" : base;
  const undone = first.startsWith("un") ? first.slice(2) : "";
  return undone !== "" && (VERBS.has(undone) || verbClasses(stem(undone)) !== undefined) ? first : undefined;
}

/** Summary verbs a name may open with beyond `VERBS` (`Modify the state of an issue`). */
const SUMMARY_VERBS: ReadonlySet<string> = new Set(["watch", "vote", "decline", "trigger", "stop", "resolve"]);

/** Nouns that take no plural ending (`accessible data`, `time series`). */
const UNCOUNTED: ReadonlySet<string> = new Set(["data", "metadata", "information", "media", "series", "info"]);

/** `queue_url` → `queue_urls`, `policy` → `policies`: a snake name with its last word plural. */
export function pluralSnake(name: string): string {
  const words = name.split("_");
  const last = words.at(-1) ?? "";
  const plural =
    isPlural(last) || UNCOUNTED.has(last) || (words.length > 1 && last.length < 3)
      ? last
      : /(s|sh|ch|x)$/.test(last)
        ? `${last}es`
        : /[^aeiou]y$/.test(last)
          ? `${last.slice(0, -1)}ies`
          : `${last}s`;
  return [...words.slice(0, -1), plural].join("_");
}

/** A lower-case phrase for the entity a group is about: `pet`, `store`, `git_refs` → `git ref`. */
export function entityWords(group: string): string {
  return singularSnake(toSnakeCase(group)).replaceAll("_", " ");
}

/**
 * A name for a goal whose name another goal has already, from what its call's path says after its last record
 * (`get_vehicle` of `GET /vehicles/{vehicleId}/information` → `get_vehicle_information`): the word the name dropped as
 * filler is what tells the two apart, where `get_vehicle_2` tells the model nothing. Undefined when the path ends at a
 * record, names no record, or says nothing the name does not (then the name is numbered).
 */
export function distinctName(name: string, call: string): string | undefined {
  const parts = segments(call.split(" ")[1] ?? "");
  const last = parts.findLastIndex((s) => /^\{.+\}$/.test(s));
  if (last < 0) return undefined;
  const own = new Set(name.split("_").map(stem));
  const words = toSnakeCase(parts.slice(last + 1).join("_"))
    .split("_")
    .filter((w) => w !== "" && !own.has(stem(w)));
  return words.length === 0 ? undefined : `${name}_${words.join("_")}`;
}
