// Proposes goals per group: a find/list read, a get-details read, create/update/delete actions, and resolution chains.
import { selfValue } from "./self-value.js";
import { htmlToText } from "../../util/html-text.js";
import { answerFormatParameter, sendsAnswerElsewhere } from "../stream-switch.js";
import { isAccountParameter, isCredentialName, isCredentialParameter } from "../credentials.js";
import { schemaLookup, type SchemaLookup } from "../../model/api-source.js";
import type { ApiModel, JsonSchema, Operation, Parameter } from "../../model/api-model.js";
import { toIdentifierName, toSnakeCase } from "../../util/naming.js";
import { isReadMethod, postsOnly } from "../risk.js";
import { createInputNamer, namesReferences, operationStep } from "./bindings.js";
import {
  matchChain,
  resolverStepId,
  responsePointer,
  type ChainMatch,
  type Resolver,
  type RootStep,
} from "./chains.js";
import { escapeToken } from "../../util/pointer.js";
import type { InputNamer } from "./bindings.js";
import {
  endsWithParameter,
  filterCount,
  idParameters,
  idParts,
  isDated,
  isListOperation,
  isOrdinal,
  isPagingParameter,
  itemsFollow,
  parameterEntity,
  rangePairs,
  segments,
  signatureOf,
  singular,
  nounSegments,
  staticSegments,
  successSchema,
} from "./operations.js";
import {
  PREPOSITIONS,
  chainName,
  entityWords,
  goalWords,
  operationGoalName,
  pluralSnake,
  segmentVerb,
} from "./names.js";
import type { DraftGoal, DraftInput, DraftStep, GoalKind } from "./types.js";
import { sentenceCase } from "../../util/sentence.js";
import { actsOnRecord, operationProfile, type OperationProfile } from "../profile.js";
import { profileSentence, recordsOf, summaryInWords, withArticle } from "../summary-text.js";
import { getTwinByPost, leadVerb, postReadKind, readsByPost, readsBySummary, twinOfGet } from "./reads.js";
import { createsWhenAbsent } from "../goals/keep-current.js";
import { linkOf } from "./links.js";
import { deleteSelectors } from "./delete-selectors.js";
import { isPlural, splitWords, stem, verbClasses } from "../../runtime/adapters/search-words.js";
import { rpcNamespace } from "./importance.js";
import { propertyNames } from "../schema-walk.js";
import { withSummaryVerb } from "../profile-aliases.js";
import { namedAction } from "../named-action.js";
import { actionPath, readActionName } from "../profile.js";
import { derefTop } from "../schemas.js";
import { soleValue } from "../sole-value.js";
import { isTopMethod, requiredInputs } from "./action-groups.js";
import { namingId } from "../../model/naming-id.js";

/** A record a chain finds, and what it finds it by (`email`, `name`, `search`). */
export interface FoundRecord {
  readonly object: string;
  readonly key: string;
}

/** A goal before ranking: its wanted name may still clash, and `notFor` is filled once the kept goals are known. */
export interface Proposal extends Omit<DraftGoal, "notFor"> {
  /** The resource in words (`pull request`), for the not_for sentences of the goals beside it. */
  readonly entity: string;
  /** What a chain looks the record up by (`email`, `search`). */
  readonly by?: string;
  /** A chain finding more than one record: each record and what it is looked up by (Slack's channel and user). */
  readonly found?: readonly FoundRecord[];
  /** A chain's lookup, the entity it resolves and what it does with it (the method, and the sub-path it calls): one chain per key is kept. */
  readonly chainKey?: string;
  readonly groupRank: number;
  readonly operationIndex: number;
  /** Proposed for one of the heaviest resources: ranks before other resources' single goals. */
  readonly core?: boolean;
  /** A chain that picks its record from a list (one page, matched exactly) rather than asking the API to find it. */
  readonly picks?: boolean;
  /** A name chain that took a single goal's place ranks as that goal's kind. */
  readonly as?: GoalKind;
  /** An act goal's own verb (`merge`, `archive`), for the not_for sentences beside it. */
  readonly verb?: string;
  /** What a POST that reads does in its own words (`search`, `contacts`), for the not_for sentences beside it. */
  readonly said?: { readonly verb: string; readonly rest: string };
  /** A create of a resource nested under a core one, ranked with the core resource's actions. */
  readonly child?: boolean;
  /** The second-best goal of its kind for a core resource. */
  readonly runnerUp?: boolean;
  /** Calls an operation `isNiche` puts last (admin, deprecated, plumbing …). */
  readonly niche?: boolean;
  /** Every step is a read (chains that only read rank before chains that change something). */
  readonly readOnly: boolean;
  /** A chain resolving an id a person reads off the thing itself (an issue number, a key): the goal taking it stays single. */
  readonly userHeld?: boolean;
  /** The browse of a core resource users act on (see `actedOn`): not staged behind the heavier resources' turns. */
  readonly actedOn?: true;
}

type SingleKind = Exclude<GoalKind, "chain">;
/** The operations that fit a kind of goal, best first. */
type Picker = (model: ApiModel, operations: readonly Operation[], main: Judge) => Operation[];

/** What the pickers know of an operation beyond the spec: its profile, niche-ness and whether it is on the group's main object. */
export interface Judge {
  readonly profile: (o: Operation) => OperationProfile;
  /** Whether an operation is an RPC method (see `isRpc`), whose kind its profile's action says. */
  readonly rpc: (o: Operation) => boolean;
  readonly niche: (o: Operation) => boolean;
  readonly offMain: (o: Operation) => number;
  /** The rank of the resource a read of a nested collection lists (`card` of `GET /boards/{idBoard}/cards`), if it is one. */
  readonly nestedRank?: (o: Operation) => number | undefined;
  /** Whether an operation's last record is another thing's, below the group's own (see `belowAnotherRecord`). */
  readonly belowAnother?: (o: Operation) => boolean;
}

/** The rank a nested collection that is no resource of its own counts as (and the most a ranked one counts): its weight stays below one more id parameter's. */
const NOT_A_RESOURCE = 9;

/** Path parameters, plus a tenth per static segment: `/v1/accounts` before `/v1/financial_connections/accounts`. */
/** Whether the path names the resource's records below a record of another: `/others/{id}/things`, `things` the resource. */
function underAnotherRecord(o: Operation, resource: string): boolean {
  const parts = o.path.split("/").filter((s) => s !== "");
  return (
    parts.length >= 3 && /^\{.+\}$/.test(parts.at(-2) ?? "") && singular(toSnakeCase(parts.at(-1) ?? "")) === resource
  );
}

const fewestPathParams = (o: Operation): number =>
  o.parameters.filter((p) => p.in === "path").length + staticSegments(o.path).length / 10;

/** The goal kind of a profile's action: list/search → find, add/send/upload → create, set → update, other verbs → act. */
const ACTION_KINDS: Readonly<Record<string, SingleKind>> = {
  list: "find",
  search: "find",
  get: "get",
  create: "create",
  add: "create",
  send: "create",
  upload: "create",
  put: "create",
  update: "update",
  set: "update",
  delete: "delete",
};

export function actionKind(profile: OperationProfile): SingleKind {
  return ACTION_KINDS[profile.action] ?? "act";
}

/**
 * An RPC method: `/chat.postMessage`, in an API of POSTs only (`postsOnly`) `/messages/send.json`, or a call named
 * apart from its path (AWS's `SendMessage`, see `namedAction`).
 */
const isRpc = (o: Operation, model?: ApiModel): boolean =>
  namedAction(o) !== undefined ||
  (model !== undefined && isTopMethod(o.path, model.operations)) ||
  rpcNamespace(o.path, model !== undefined && postsOnly(model.operations)) !== undefined;

/** How far below its namespace an RPC method sits: 0 for `files.upload` and `/messages/send.json`, 1 for `files.remote.add`. */
const rpcDepth = (o: Operation, judge: Pick<Judge, "rpc">): number =>
  !judge.rpc(o) || namedAction(o) !== undefined
    ? 0
    : isRpc(o)
      ? o.path.split(".").length - 2
      : Math.max(0, rpcMethodPath(o.path).length - 2);

/** The segments of a POST-only API's method path after its version: `/v1/sources/create` → sources, create. */
const rpcMethodPath = (path: string): string[] => {
  const parts = staticSegments(path);
  const namespace = rpcNamespace(path, true);
  return parts.slice(parts.findIndex((s) => s.toLowerCase() === namespace));
};

/** An RPC method that lists its namespace: `conversations.list`, `/templates/list.json`. */
const listsNamespace = (o: Operation, judge: Pick<Judge, "rpc">): boolean =>
  judge.rpc(o) && /[./]list(\.[a-z]+)?$/i.test(o.path);

/**
 * An RPC method that qualifies its object (`files.sharedPublicURL`: a file, shared, public) is less central than one
 * that does not; so is an action that does it to a thing (`AddUserToGroup` beside `CreateUser`) or to many at once
 * (`SendMessageBatch` beside `SendMessage`).
 */
const rpcQualified = (o: Operation, profile: OperationProfile, judge: Pick<Judge, "rpc">): number =>
  !judge.rpc(o)
    ? 0
    : (profile.parents?.length ?? 0) / 4 +
      (namedAction(o) === undefined ? 0 : (profile.qualifiers ?? []).filter((q) => q !== "many").length / 4);

function best(operations: readonly Operation[], judge: Judge, score: (o: Operation) => number): Operation[] {
  return [...operations].sort(
    (a, b) =>
      Number(a.deprecated) - Number(b.deprecated) ||
      Number(judge.niche(a)) - Number(judge.niche(b)) ||
      score(a) - score(b),
  );
}

/** An RPC method's kind is its profile's; a REST operation's comes from method and path, verbs of their own (merge, transition) aside. */
function ofKind(kind: SingleKind, judge: Judge): (o: Operation) => boolean {
  return (o) => judge.rpc(o) && actionKind(judge.profile(o)) === kind;
}

/**
 * A read the profile calls a search (`GET /search`, Jira's JQL search, Notion's `POST /databases/{id}/query`), whatever
 * shape its answer has: a POST whose own path segment or name says search or query finds, it does not create.
 */
const isSearch = (o: Operation, judge: Judge): boolean =>
  (o.method === "get" || o.method === "post") &&
  !endsWithParameter(o.path) &&
  judge.profile(o).action === "search" &&
  !searchByPath(o);

/**
 * A POST search that only its path names (SendGrid's `POST_mc-contacts-search` of `/marketing/contacts/search`): picked
 * in a create's place and drafted as the read it is (see `postReadKind`), where it ranks as a resource's first pick; one
 * whose id names the search (Airbyte's `searchSources`, QuickSight's `SearchGroups`) is a find's.
 */
function searchByPath(o: Operation): boolean {
  if (o.method !== "post") return false;
  const first = splitWords(namingId(o).split(/[/.]/).at(-1) ?? "")[0] ?? "";
  return o.idSynthesized || !["search", "query", "find", "lookup"].includes(first);
}

/**
 * A list that must be given the ids of the records it returns (a required `ids` query: Spotify's `GET /artists?ids=`):
 * a batch read, picked as a get after a read of one record, no browse — it would ask the model for the very ids a
 * browse shows. A required parent's id
 * (`account_id`, `event_ids`) filters a real list and does not count.
 */
const asksForItsIds = (o: Operation): boolean =>
  o.parameters.some((p) => p.required && p.in === "query" && toSnakeCase(p.name) === "ids");

/**
 * A read of a plural collection path whose success response declares no schema (Trello's `GET /boards/{idBoard}/cards`):
 * nothing says it is not a list, and its profile reads it as one.
 */
export const listsUntyped = (o: Operation, judge: Pick<Judge, "profile">): boolean =>
  o.method === "get" && successSchema(o) === undefined && judge.profile(o).action === "list";

/**
 * A write whose path ends in a verb (`POST /tasks/{task_gid}/addDependencies`) rather than a collection of things
 * (`POST /tasks/{task_gid}/stories`): a create picker prefers the collection, a thing users add and then list.
 */
function endsInVerb(o: Operation, rpc: (o: Operation) => boolean): boolean {
  const last = staticSegments(o.path).at(-1);
  if (last === undefined || rpc(o) || endsWithParameter(o.path)) return false;
  const words = toSnakeCase(last).split("_");
  const first = words[0] ?? "";
  return words.length > 1 && !isPlural(first) && verbClasses(stem(first)) !== undefined;
}

/**
 * A read of one thing that has parts of its own, at a path with no id (Spotify's `GET /me/player`, beside its
 * `/me/player/pause` and `/me/player/queue`): the read of that thing, as `GET /things/{id}` is of a record. A path
 * with records below it (`/jobs/{jobId}`) is a collection, whatever its read answers.
 */
export function readsWhole(
  model: ApiModel,
  o: Operation,
  operations: readonly Operation[],
  judge: Pick<Judge, "profile">,
): boolean {
  if (endsWithParameter(o.path) || isListOperation(model, o) || listsUntyped(o, judge)) return false;
  const next = operations.flatMap((other) =>
    other.path.startsWith(`${o.path}/`) ? [other.path.slice(o.path.length + 1).split("/")[0] ?? ""] : [],
  );
  return next.length > 0 && next.every((segment) => !segment.startsWith("{"));
}

/**
 * How many values an action asks for beyond the record it acts on: its required query parameters and required body
 * fields (a credential, a header or a constant aside). Spotify's pause asks none; its repeat mode asks `state`, its
 * playback transfer `device_ids`.
 */
export function valuesAsked(o: Operation, schemas: SchemaLookup = NO_SCHEMAS): number {
  const path = new Set(o.parameters.filter((p) => p.in === "path").map((p) => p.name));
  return requiredInputs(o, schemas).filter((name) => !path.has(name)).length;
}

/**
 * A REST action: an operation whose name says a verb other than a kind's, or a POST to a sub-path of a record whose name
 * says it changes or deletes that record (Gitea's `repoUpdatePullRequest`, `POST …/pulls/{index}/update`, "Merge PR's
 * baseBranch into headBranch"; Service Fabric's `POST /Services/{serviceId}/$/Delete`), which adds nothing: never the
 * record's create.
 */
const restAct = (judge: Judge) => (o: Operation) =>
  !judge.rpc(o) &&
  (actionKind(judge.profile(o)) === "act" ||
    changesBelowRecord(o, judge.profile(o)) ||
    verbBelowRecord(o, judge.profile(o)));

/**
 * A POST to a segment that is its verb, below a record of the very thing it names (Mailchimp's
 * `POST /campaigns/{campaign_id}/actions/send`, send campaign): the verb is done to that record, an action; it adds no
 * record, though `send`, `add` and `upload` say a create elsewhere (`POST /messages`, send message). `create` itself
 * (`…/actions/create-resend`) still adds one, and so does a verb whose object is another thing than the record
 * (`POST /folders/{folder_id}/upload`, upload file).
 */
export function verbBelowRecord(o: Operation, profile: OperationProfile): boolean {
  if (o.method !== "post" || endsWithParameter(o.path)) return false;
  if (actionKind(profile) !== "create" || profile.action === "create") return false;
  const parts = o.path.split("/").filter((s) => s !== "");
  const record = parts.findLastIndex((s) => /^\{.+\}$/.test(s));
  const collection = record > 0 ? parts[record - 1] : undefined;
  if (collection === undefined || collection.startsWith("{")) return false;
  const recordIsObject = singular(toSnakeCase(collection)) === singular(headNoun(profile.object));
  return recordIsObject && toSnakeCase(staticSegments(o.path).at(-1) ?? "") === profile.action;
}

/**
 * A POST to a path ending in a parameter whose summary says it creates the thing its profile names (HubSpot's
 * `POST /{appId}`, "Create a new card"; elmah.io's `POST /v3/messages/{logId}`, "Create a new message"): it adds that
 * thing under the record the path names, never an update of that record. A summary naming another thing (Visma's
 * "Creates item description" at `…/inventory/{inventoryNumber}/{languageISO}`) is not read as adding an inventory.
 */
export const postCreatesBelow = (o: Operation, profile: OperationProfile): boolean => {
  if (o.method !== "post" || !endsWithParameter(o.path) || profile.object === "") return false;
  if (actionKind(withSummaryVerb(profile, o)) !== "create") return false;
  const said = new Set(splitWords(o.summary ?? o.description ?? "").map((w) => singular(w.toLowerCase())));
  return profile.object.split(" ").every((w) => said.has(singular(w)));
};

const CHANGING: ReadonlySet<SingleKind> = new Set(["update", "delete"]);

const changesBelowRecord = (o: Operation, profile: OperationProfile): boolean =>
  o.method === "post" && CHANGING.has(actionKind(profile)) && o.path.includes("{") && !endsWithParameter(o.path);

/**
 * Verbs of what users do to a thing day to day, most common first (send, start, stop, run …): among a resource's actions
 * otherwise tied, these come before the rest (attach, export, resize, wait), whatever order the paths come in.
 */
const EVERYDAY_ACTIONS: readonly string[] = [
  "send",
  "start",
  "stop",
  "run",
  "restart",
  "reboot",
  "cancel",
  "close",
  "reopen",
  "merge",
  "publish",
  "pause",
  "resume",
  "play",
  "approve",
  "reject",
  "archive",
  "refund",
  "capture",
  "pay",
  "complete",
  "assign",
  "reply",
];

/**
 * What an action's verb adds to its score, less than a static path segment's tenth so that it only breaks ties: a share
 * of `RARER_ACTION` by its place in `EVERYDAY_ACTIONS`, all of it for a verb not there.
 */
/** Whether a verb is one of the everyday actions `verbRarity` ranks first. */
export const everydayVerb = (verb: string): boolean => EVERYDAY_ACTIONS.includes(verb);

export function verbRarity(verb: string): number {
  const at = EVERYDAY_ACTIONS.indexOf(verb);
  return at < 0 ? RARER_ACTION : (RARER_ACTION * (at + 1)) / (EVERYDAY_ACTIONS.length + 1);
}

const RARER_ACTION = 0.05;

/**
 * What a create whose verb is an everyday action takes off its score: among a collection's creates otherwise tied, the
 * one users do (Gmail's `POST …/messages/send`) comes before a store of a record as it is (`…/messages` insert, import).
 * An RPC API's methods (Telegram's `sendPhoto`, `addStickerToSet`) are each a call of its own, not a collection's.
 */
const EVERYDAY_CREATE = 0.5;

/**
 * Whether an operation's first sentence says it acts on an existing record (Gmail's `drafts.send`, "Sends the specified,
 * existing draft …"): it adds nothing, so it does not take the create's place from the create of the thing.
 */
const ofExisting = (o: Operation): boolean => /\bexisting\b/i.test(firstSentenceOf(summaryOf(o)) ?? "");

const PICKERS: Readonly<Record<SingleKind, Picker>> = {
  find: (model, ops, judge) =>
    best(
      ops.filter(
        (o) =>
          !asksForItsIds(o) &&
          (judge.rpc(o)
            ? ofKind("find", judge)(o)
            : isListOperation(model, o) || isSearch(o, judge) || listsUntyped(o, judge)),
      ),
      judge,
      (o) =>
        judge.offMain(o) * 1000 +
        idParameters(o).length * 100 +
        fewestPathParams(o) * 10 +
        (judge.offMain(o) > 0 ? Math.min(judge.nestedRank?.(o) ?? NOT_A_RESOURCE, NOT_A_RESOURCE) * 10 : 0) -
        Math.min(filterCount(o), 9) +
        (isListOperation(model, o) ? 0 : 500),
    ),
  get: (_m, ops, judge) =>
    best(
      ops.filter((o) =>
        judge.rpc(o)
          ? ofKind("get", judge)(o)
          : o.method === "get" && (endsWithParameter(o.path) || asksForItsIds(o) || readsWhole(_m, o, ops, judge)),
      ),
      judge,
      (o) => judge.offMain(o) * 100 + fewestPathParams(o) + (asksForItsIds(o) ? 50 : 0),
    ),
  create: (_m, ops, judge) =>
    best(
      ops.filter((o) =>
        judge.rpc(o)
          ? ofKind("create", judge)(o)
          : (putCreates(o, judge.profile(o)) ||
              postCreatesBelow(o, judge.profile(o)) ||
              (o.method === "post" && !endsWithParameter(o.path) && !restAct(judge)(o))) &&
            !isSearch(o, judge) &&
            !twinOfGet(_m, o, judge.profile(o)),
      ),
      judge,
      (o) =>
        judge.offMain(o) * 100 +
        fewestPathParams(o) +
        (endsInVerb(o, judge.rpc) || postCreatesBelow(o, judge.profile(o)) ? 50 : 0) -
        (everydayVerb(judge.profile(o).action) && !judge.rpc(o) && !ofExisting(o) ? EVERYDAY_CREATE : 0),
    ),
  update: (_m, ops, judge) =>
    best(
      ops.filter((o) =>
        judge.rpc(o)
          ? ofKind("update", judge)(o)
          : (o.method === "patch" || o.method === "put" || (o.method === "post" && endsWithParameter(o.path))) &&
            !restAct(judge)(o) &&
            !putCreates(o, judge.profile(o)) &&
            !postCreatesBelow(o, judge.profile(o)) &&
            !getTwinByPost(_m, o, judge.profile(o)),
      ),
      judge,
      (o) => judge.offMain(o) * 100 + fewestPathParams(o) + (o.method === "post" ? 10 : 0),
    ),
  act: (_m, ops, judge) =>
    best(
      ops.filter(
        (o) =>
          (o.method !== "get" || namedAction(o) !== undefined) &&
          (judge.rpc(o) ? ofKind("act", judge)(o) : restAct(judge)(o) && judge.belowAnother?.(o) !== true),
      ),
      judge,
      (o) =>
        judge.offMain(o) * 100 +
        fewestPathParams(o) +
        valuesAsked(o, schemaLookup(_m.schemas)) / 2 +
        verbRarity(judge.profile(o).action),
    ),
  delete: (_m, ops, judge) =>
    best(
      oneRecordFirst(ops.filter((o) => (judge.rpc(o) ? ofKind("delete", judge)(o) : o.method === "delete"))),
      judge,
      (o) => judge.offMain(o) * 100 + fewestPathParams(o),
    ),
};

/**
 * A resource's deletes without those of a whole collection or of every record a filter matches (`DELETE
 * /v2/droplets?tag_name=`) when one of them removes one record by its path (`DELETE /v2/droplets/{droplet_id}`): "delete
 * a droplet" is that one, and a second delete goal of the collection would be its twin.
 */
export function oneRecordFirst(deletes: readonly Operation[]): Operation[] {
  const records = (o: Operation): boolean => o.path.includes("{");
  const trim = (path: string): string => path.replace(/\/+$/, "");
  const collections = new Set(deletes.filter((o) => !records(o)).map((o) => trim(o.path)));
  const own = deletes.some(
    (o) => endsWithParameter(o.path) && collections.has(trim(o.path).replace(/\/\{[^}/]+\}$/, "")),
  );
  return own ? deletes.filter(records) : [...deletes];
}

/** How each operation of a group is judged: its kind, whether it is niche, how far it is from the group's main object. */
export function groupJudge(
  model: ApiModel,
  group: { name: string; operations: readonly Operation[] },
  profile: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean,
  rankOf: (resource: string) => number | undefined,
): Judge {
  const main = mainObject(group.operations.filter((o) => !niche(o)).map(profile), group.name);
  const rpc = (o: Operation): boolean => isRpc(o, model);
  return {
    profile,
    niche,
    rpc,
    offMain: (o) =>
      (profile(o).object === main || namesResource(profile(o).object, group.name)
        ? 0
        : headNoun(profile(o).object) === main
          ? 0.5
          : 1) +
      rpcDepth(o, { rpc }) +
      rpcQualified(o, profile(o), { rpc }) -
      (listsNamespace(o, { rpc }) ? 0.5 : 0),
    nestedRank: (o) => rankOf(singular(toSnakeCase(staticSegments(o.path).at(-1) ?? ""))),
    belowAnother: (o) => belowAnotherRecord(o.path, group.name, main ?? ""),
  };
}

/**
 * Whether a path's last record is one of another thing, below the group's own record (Mailchimp's
 * `/lists/{list_id}/surveys/{survey_id}/actions/publish` in the list's group: a survey's): a call there acts on that
 * record, not on the group's. A path with one record, or whose last record the group names, is the group's own.
 */
export function belowAnotherRecord(path: string, resource: string, main: string): boolean {
  const parts = path.split("/").filter((s) => s !== "");
  const records = parts.flatMap((s, i) => (/^\{.+\}$/.test(s) ? [i] : []));
  const last = records.at(-1);
  if (records.length < 2 || last === undefined) return false;
  const collection = parts[last - 1];
  if (collection === undefined || collection.startsWith("{")) return false;
  const noun = singular(toSnakeCase(collection));
  return noun !== resource && !namesResource(noun.replace(/_/g, " "), resource) && noun !== singular(toSnakeCase(main));
}

/**
 * The list of a resource's records found under another resource, for a resource with no list of its own (Trello's
 * boards, listed only as `GET /members/{idMember}/boards` and `GET /organizations/{idOrg}/boards`): of the reads that
 * list that resource below a record of another, the one whose collection holds most operations of the API (a list's
 * cards: list, add, filter; a board's: list, filter), then the one under the heavier resource. Undefined when a
 * browse of the group that is not niche lists the resource's own records, or when nothing elsewhere lists them.
 */
export function listedElsewhere(
  model: ApiModel,
  group: { name: string; operations: readonly Operation[] },
  others: readonly Operation[],
  profile: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean,
  rankOf: (resource: string) => number | undefined = () => undefined,
  resourceOf: (o: Operation) => string = () => "",
): Operation | undefined {
  const judge = groupJudge(model, group, profile, niche, rankOf);
  const own = PICKERS.find(model, group.operations, judge).filter((o) => !niche(o));
  if (own.some((o) => judge.offMain(o) === 0)) return undefined;
  const lists = (o: Operation): boolean =>
    !judge.rpc(o) && (isListOperation(model, o) || listsUntyped(o, judge)) && !asksForItsIds(o);
  const candidates = others.filter(
    (o) => o.method === "get" && !niche(o) && !o.deprecated && underAnotherRecord(o, group.name) && lists(o),
  );
  const held = (o: Operation): number =>
    model.operations.filter((x) => x.path.startsWith(`${o.path}/`) || x.path === o.path).length;
  const rank = (o: Operation): number => rankOf(resourceOf(o)) ?? Number.POSITIVE_INFINITY;
  return [...candidates].sort(
    (a, b) => held(b) - held(a) || rank(a) - rank(b) || fewestPathParams(a) - fewestPathParams(b),
  )[0];
}

/**
 * The create of a resource's records found under another resource, for a resource with no create of its own records
 * (Spotify's playlists, created only as `POST /users/{user_id}/playlists`; its `POST /playlists/{id}/tracks` adds
 * tracks): a POST to `/others/{id}/things`, `things` the resource, that the profile reads as adding one, under the
 * heaviest resource on a tie. Undefined when a create of the group that is not niche adds the resource's own records.
 */
export function createdElsewhere(
  model: ApiModel,
  group: { name: string; operations: readonly Operation[] },
  others: readonly Operation[],
  profile: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean,
  rankOf: (resource: string) => number | undefined = () => undefined,
  resourceOf: (o: Operation) => string = () => "",
): Operation | undefined {
  const judge = groupJudge(model, group, profile, niche, rankOf);
  const own = PICKERS.create(model, group.operations, judge).filter((o) => !niche(o));
  if (own.some((o) => judge.offMain(o) === 0)) return undefined;
  const candidates = others.filter(
    (o) =>
      o.method === "post" &&
      !niche(o) &&
      !o.deprecated &&
      !judge.rpc(o) &&
      underAnotherRecord(o, group.name) &&
      actionKind(profile(o)) === "create",
  );
  const rank = (o: Operation): number => rankOf(resourceOf(o)) ?? Number.POSITIVE_INFINITY;
  return [...candidates].sort((a, b) => rank(a) - rank(b) || fewestPathParams(a) - fewestPathParams(b))[0];
}

/**
 * The read elsewhere that lists what a resource's create answers with, for a resource none of whose browses lists its
 * own records (Slack's `chat`: `chat.postMessage` answers a `message`, an `objs_message`, and the chat's own list is of
 * scheduled messages; `conversations.history` answers `messages`, an array of `objs_message`): a GET, neither niche nor
 * deprecated, whose answer holds an array of the very named schema the resource's create answers under its object's
 * name, the one asking fewest values first. Found by schema, so it holds for RPC methods, whose paths name no records.
 */
export function listedBySchema(
  model: ApiModel,
  group: { name: string; operations: readonly Operation[] },
  others: readonly Operation[],
  profile: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean,
): Operation | undefined {
  const judge = groupJudge(model, group, profile, niche, () => undefined);
  const own = PICKERS.find(model, group.operations, judge).filter((o) => !niche(o));
  if (own.some((o) => judge.offMain(o) < 1)) return undefined;
  const schemas = schemaLookup(model.schemas);
  const answered = (o: Operation): Readonly<Record<string, JsonSchema>> => {
    const schema = successSchema(o);
    return propertiesOf(schema === undefined ? undefined : derefTop(schema, schemas));
  };
  const refOf = (schema: JsonSchema | undefined): string | undefined => {
    const ref = typeof schema === "object" ? schema["$ref"] : undefined;
    return typeof ref === "string" ? ref : undefined;
  };
  const refs = new Set(
    PICKERS.create(model, group.operations, judge)
      .filter((o) => !niche(o) && judge.offMain(o) < 1)
      .flatMap((o) => refOf(answered(o)[toSnakeCase(profile(o).object.split(" ").at(-1) ?? "")]) ?? []),
  );
  if (refs.size === 0) return undefined;
  const lists = (o: Operation): boolean =>
    Object.values(answered(o)).some(
      (p) => typeof p === "object" && p["type"] === "array" && refs.has(refOf(p["items"] as JsonSchema) ?? ""),
    );
  const candidates = others.filter((o) => o.method === "get" && !niche(o) && !o.deprecated && lists(o));
  return [...candidates].sort((a, b) => valuesAsked(a, schemas) - valuesAsked(b, schemas))[0];
}

/** The properties an object schema declares (none for another schema). */
function propertiesOf(schema: JsonSchema | undefined): Readonly<Record<string, JsonSchema>> {
  const properties = typeof schema === "object" ? schema["properties"] : undefined;
  return typeof properties === "object" && properties !== null ? (properties as Record<string, JsonSchema>) : {};
}

/** The resource whose record a list found elsewhere is under (`list` of `/lists/{idList}/cards`), worded as its own. */
function ownerOf(operation: Operation, group: { rank: number }): { name: string; rank: number } {
  const parts = operation.path.split("/").filter((s) => s !== "");
  return { name: singular(toSnakeCase(rpcNamespace(operation.path) ?? parts.at(-3) ?? "")), rank: group.rank };
}

/**
 * A list found by its schema under another RPC namespace reads one record of it: the optional query parameter naming
 * that record (`channel` of `conversations.history`, "Conversation ID to fetch history for.") is required, as a path id
 * is; without it the call lists nothing.
 */
export function withOwnerId(operation: Operation): Operation {
  const owner = ownerOf(operation, { rank: 0 }).name.replaceAll("_", " ");
  const names = new RegExp(`(^|\\W)${owner} id\\b`, "i");
  const ownerId = (p: Parameter): boolean =>
    p.in === "query" &&
    !p.required &&
    (toSnakeCase(p.name) === `${owner.replaceAll(" ", "_")}_id` || names.test(p.description ?? ""));
  return owner === ""
    ? operation
    : { ...operation, parameters: operation.parameters.map((p) => (ownerId(p) ? { ...p, required: true } : p)) };
}

/**
 * Single-operation proposals for one group, skipping operations already taken by a chain target; a core group also gets
 * its sub-resource goal. `elsewhere` is the list of its records found under another resource (see `listedElsewhere`).
 */
export function groupProposals(
  model: ApiModel,
  group: { name: string; rank: number; operations: readonly Operation[] },
  taken: ReadonlySet<Operation>,
  isCore: boolean,
  profile: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean,
  rankOf: (resource: string) => number | undefined = () => undefined,
  elsewhere: readonly Operation[] = [],
): Proposal[] {
  const free = [...group.operations.filter((o) => !taken.has(o)), ...elsewhere];
  const judge = groupJudge(model, group, profile, niche, rankOf);
  const picked = new Set<Operation>();
  // A single thing with parts (Spotify's player): adding to a part or listing one comes after its own read and actions.
  const whole = group.operations.some((o) => o.method === "get" && readsWhole(model, o, group.operations, judge));
  // A list found by the schema it answers (see `listedBySchema`) is the browse, whatever its profile's action says.
  const listedBy = elsewhere.filter((o) => o.method === "get" && !PICKERS.find(model, [o], judge).includes(o));
  const proposals = (Object.keys(PICKERS) as SingleKind[]).flatMap((kind) => {
    const kept: Proposal[] = [];
    for (const operation of [...(kind === "find" ? listedBy : []), ...PICKERS[kind](model, free, judge)]) {
      if (kept.length === (isCore ? 2 : 1)) break;
      if (picked.has(operation) || ((kind === "update" || kind === "act") && setsFieldOfRecord(model, operation, free)))
        continue;
      const proposal = elsewhere.includes(operation)
        ? {
            ...singleProposal(
              model,
              listedBy.includes(operation) ? withOwnerId(operation) : operation,
              kind,
              ownerOf(operation, group),
              profile(operation),
            ),
            group: group.name,
            operationIndex: model.operations.indexOf(operation),
          }
        : singleProposal(model, operation, kind, group, profile(operation));
      if (changesNothing(model, operation, proposal)) continue;
      picked.add(operation);
      const first =
        kept.length === 0 &&
        !(isCore && whole && !elsewhere.includes(operation) && partFirst(kind, judge.offMain(operation)));
      kept.push(
        first || undoesFirst(kept[0], proposal)
          ? proposal
          : runnerUp(model, { proposal, operation, kind, group, profile: profile(operation) }, free),
      );
    }
    return kept;
  });
  if (!isCore) return proposals;
  const sub = subResourceOperation(free);
  const subProposal = sub && singleProposal(model, sub, sub.method === "get" ? "get" : "update", group, profile(sub));
  const core = (p: Proposal): Proposal => ({ ...p, core: true });
  const all = proposals.map(core);
  return subProposal && !proposals.some((p) => p.calls[0] === subProposal.calls[0])
    ? [...all, { ...subProposal, core: true, runnerUp: true }]
    : all;
}

/** Actions that undo each other, both done day to day: a thing started is stopped or paused, a thing paused resumed. */
const OPPOSITES: ReadonlySet<string> = new Set(["start stop", "start pause", "play pause", "pause resume"]);

/**
 * Whether a core resource's second action undoes its first (`OPPOSITES`: a container's stop beside its start, a player's
 * pause beside its play): users do both halves, so the pair ranks together, not the second with the runner-ups.
 */
export function undoesFirst(
  first: Pick<Proposal, "kind" | "verb"> | undefined,
  second: Pick<Proposal, "kind" | "verb">,
): boolean {
  if (first?.kind !== "act" || second.kind !== "act") return false;
  return OPPOSITES.has(`${first.verb} ${second.verb}`) || OPPOSITES.has(`${second.verb} ${first.verb}`);
}

/**
 * Whether a core single thing's first create or browse is of one of its parts rather than of the thing (the player's
 * queue, its available devices: off its main object): such a goal ranks as a runner-up, after the thing's own read and
 * actions (pause, what is playing), as a part's goals do for users of a single thing.
 */
export function partFirst(kind: SingleKind, offMain: number): boolean {
  return (kind === "create" || kind === "find") && offMain >= 1;
}

/**
 * A core resource's second goal of a kind; a second create that adds to a collection under one of its records, a
 * collection the same path also lists (Asana's `POST /tasks/{task_gid}/stories`, a comment on a task), is the goal its
 * nested things add most often, ranked with its actions like a nested resource's create (see `childProposal`).
 */
function runnerUp(
  model: ApiModel,
  second: {
    proposal: Proposal;
    operation: Operation;
    kind: SingleKind;
    group: { name: string; rank: number };
    profile: OperationProfile;
  },
  operations: readonly Operation[],
): Proposal {
  const { proposal, operation, kind } = second;
  const parts = operation.path.split("/").filter((s) => s !== "");
  const underRecord = parts.length >= 2 && !endsWithParameter(operation.path) && /^\{.+\}$/.test(parts.at(-2) ?? "");
  const listed = operations.some((o) => o.method === "get" && o.path === operation.path);
  const rpc = (o: Operation): boolean => isRpc(o, model);
  if (kind !== "create" || !underRecord || !listed || rpc(operation) || endsInVerb(operation, rpc))
    return { ...proposal, runnerUp: true };
  const offered = singleProposal(model, operation, kind, second.group, second.profile, true);
  return sendsEmpty(model, operation, offered) ? { ...proposal, runnerUp: true } : { ...offered, child: true };
}

/**
 * An update of one field of a record through a path of its own (`PUT /cards/{idCard}/closed`) when the record's own
 * update (`PUT /cards/{idCard}`) takes that field in its body: the record's update goal already sets it.
 */
export function setsFieldOfRecord(model: ApiModel, operation: Operation, operations: readonly Operation[]): boolean {
  const parts = operation.path.split("/").filter((s) => s !== "");
  const field = parts.at(-1) ?? "";
  const writes = operation.method === "put" || operation.method === "patch";
  if (!writes || parts.length < 2 || field.startsWith("{") || !(parts.at(-2) ?? "").startsWith("{")) return false;
  const record = `/${parts.slice(0, -1).join("/")}`;
  const schemas = schemaLookup(model.schemas);
  const key = squashName(field);
  return operations.some(
    (o) =>
      o.path === record &&
      (o.method === "put" || o.method === "patch") &&
      (o.requestBody?.contents ?? []).some((c) => propertyNames(c.schema, schemas).some((n) => squashName(n) === key)),
  );
}

const squashName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * An update whose draft sets nothing — no body field and no parameter beyond the path (Jira's issue edit, all of whose
 * fields are open or optional; Asana's task under an optional `data`): a call that reports success and changes nothing.
 * An action its path's last segment names whose body has no field at all (Okta's `POST /users/{userId}/lifecycle/
 * suspend`, an empty `text/plain`) does that action with nothing to send.
 */
function changesNothing(model: ApiModel, operation: Operation, proposal: Proposal): boolean {
  const kind = proposal.kind === "chain" ? chainTargetKind(operation) : proposal.kind;
  if ((kind !== "update" && kind !== "act") || operation.requestBody === undefined) return false;
  const schemas = schemaLookup(model.schemas);
  const fields = operation.requestBody.contents.some((c) => propertyNames(c.schema, schemas).length > 0);
  if (kind === "act" && !endsWithParameter(operation.path) && !fields) return false;
  const step = proposal.steps.at(-1);
  if (step === undefined || step.params.some((p) => p.in !== "path")) return false;
  return step.body === undefined || (step.body.kind === "properties" && step.body.entries.length === 0);
}

/** What a chain's target does, as a single goal of it would be drafted: a PUT or PATCH changes, other calls by their profile. */
function chainTargetKind(target: Operation): SingleKind {
  const profile = operationProfile(target);
  if (putCreates(target, profile)) return "create";
  return target.method === "put" || target.method === "patch" ? "update" : actionKind(profile);
}

/**
 * A PUT to a collection that adds a new record (AWS App Mesh's `CreateMesh`, `PUT /v20190125/meshes`; Access Analyzer's
 * `CreateAnalyzer`, `PUT /analyzer`): its name or summary says create or add, none of them says update or replace (an
 * upsert changes what exists), and its path ends in no parameter naming a record.
 */
export function putCreates(operation: Operation, profile: OperationProfile): boolean {
  if (operation.method !== "put" || endsWithParameter(operation.path)) return false;
  const words = splitWords(`${namingId(operation)} ${operation.summary ?? ""}`).map(stem);
  const says = (verbs: readonly string[]) => words.some((w) => verbs.includes(w));
  return (
    (profile.action === "create" || profile.action === "add" || says(["create"])) &&
    !says(["update", "replace", "upsert", "edit", "modify", "change", "set"])
  );
}

/** Whether an object is the resource itself spelled in words (`stateful set` of the resource `statefulset`). */
export function namesResource(object: string, resource: string): boolean {
  return object.includes(" ") && object.replaceAll(" ", "") === resource.replaceAll("_", "");
}

function headNoun(object: string): string {
  return object.split(" ").at(-1) ?? "";
}

/**
 * The head noun a group's operations act on: of the nouns that spell the resource's own (Trello's `member`, not the
 * board stars most of its operations are about; GitHub's `repository` of the resource `repo`), the one most operations
 * use; else the one most act on (`message` in Slack's `chat`); first met on a tie.
 */
export function mainObject(profiles: readonly OperationProfile[], resource: string): string | undefined {
  const counts = new Map<string, number>();
  for (const p of profiles) counts.set(headNoun(p.object), (counts.get(headNoun(p.object)) ?? 0) + 1);
  const own = headNoun(resource.replaceAll("_", " "));
  const owns = [...counts.keys()].filter((noun) => noun === own || (own.length >= 3 && noun.startsWith(own)));
  let top: string | undefined;
  for (const noun of owns.length > 0 ? owns : counts.keys())
    if (top === undefined || (counts.get(noun) ?? 0) > (counts.get(top) ?? 0)) top = noun;
  return top;
}

/**
 * The goal a core resource's nested resources add most often: the best create among them (a comment on an issue, a
 * worklog on a Jira issue), proposed under the core resource so it ranks with it. One whose body requires nothing
 * offers the fields it can set (a worklog's `started`, `timeSpent`); one that would still send nothing is passed over.
 */
export function childProposal(
  model: ApiModel,
  group: { name: string; rank: number },
  nested: readonly Operation[],
  taken: ReadonlySet<Operation>,
  profile: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean,
): Proposal | undefined {
  const rpc = (o: Operation): boolean => isRpc(o, model);
  const judge: Judge = { profile, niche, rpc, offMain: (o) => rpcDepth(o, { rpc }) + fewestPathParams(o) / 10 };
  const candidates = PICKERS.create(
    model,
    nested.filter((o) => !taken.has(o) && !niche(o)),
    judge,
  ).map((operation) => ({
    operation,
    proposal: singleProposal(model, operation, "create", group, profile(operation), true),
  }));
  const chosen = candidates.find((c) => !sendsEmpty(model, c.operation, c.proposal));
  if (chosen === undefined) return undefined;
  const own = profile(chosen.operation).object;
  return { ...chosen.proposal, ...(own === "" ? {} : { entity: own }), core: true, child: true };
}

/**
 * A create whose draft sends an empty body to a body that declares fields, none of which it can bind (Jira's comment,
 * whose text is an open rich-text object): a call the API refuses, or one that adds an empty record.
 */
function sendsEmpty(model: ApiModel, operation: Operation, proposal: Proposal): boolean {
  const step = proposal.steps.at(-1);
  return step !== undefined && stepSendsEmpty(model, operation, step);
}

/**
 * A chain's write drafted as it is, unless it would send an empty body to a body that declares fields (Netlify's
 * `POST /sites/{site_id}/deploys` after the site is found by name sent `{}`: every field of `deployFiles` is optional):
 * then, for a create or an update (what a single goal of it offers on a POST, see `createStep`), drafted offering the
 * fields it can set. Another action keeps its draft, which `changesNothing` passes over.
 */
function offeringWhenEmpty(
  model: ApiModel,
  operation: Operation,
  draft: (offerOnPost: boolean) => DraftStep,
): DraftStep {
  const drafted = draft(false);
  const kind = chainTargetKind(operation);
  const offers = !isReadMethod(operation.method) && (kind === "create" || kind === "update");
  return offers && stepSendsEmpty(model, operation, drafted, true) ? draft(true) : drafted;
}

/**
 * A step that binds nothing but its path and headers (with `bodyOnly`, whatever its query) and sends no body field, to
 * a body that declares fields. A header says who or where the call is for (Vectara's required `customer-id` on every
 * call), never what it creates or acts on; a query parameter may.
 */
function stepSendsEmpty(model: ApiModel, operation: Operation, step: DraftStep, bodyOnly = false): boolean {
  const content = operation.requestBody?.contents[0];
  if (content === undefined || (!bodyOnly && step.params.some((p) => p.in === "query"))) return false;
  // Fields one of which is needed (see `oneOfGroups`) are offered, not sent: alone they leave the body as empty.
  const offered = new Set((step.undescribed ?? []).flatMap((u) => (u.group === undefined ? [] : [u.field])));
  const empty =
    step.body === undefined || (step.body.kind === "properties" && step.body.entries.every(([k]) => offered.has(k)));
  return empty && propertyNames(content.schema, schemaLookup(model.schemas)).length > 0;
}

/** Sub-resource paths (`…/{name}/log`, `…/{name}/scale`), `status` aside: one that can only be read, else one that can be patched. */
function subResourceOperation(operations: readonly Operation[]): Operation | undefined {
  const bySegment = new Map<string, Operation[]>();
  for (const o of operations) {
    const parts = o.path.split("/").filter((s) => s !== "");
    const last = parts.at(-1) ?? "";
    if (parts.length < 2 || last.startsWith("{") || !(parts.at(-2) ?? "").startsWith("{") || last === "status")
      continue;
    bySegment.set(o.path, [...(bySegment.get(o.path) ?? []), o]);
  }
  const groups = [...bySegment.values()].filter((ops) => ops.every((o) => !o.deprecated));
  const readOnly = groups.find((ops) => ops.every((o) => o.method === "get"))?.[0];
  return readOnly ?? groups.flatMap((ops) => ops.filter((o) => o.method === "patch"))[0];
}

/** The text a search takes: its required text query, else one whose name or description says it is the search (Jira's `jql`). */
export function searchParameter(operation: Operation): Parameter | undefined {
  const text = operation.parameters.filter(
    (p) =>
      p.in === "query" &&
      typeof p.schema === "object" &&
      (p.schema["type"] ?? "string") === "string" &&
      p.schema["enum"] === undefined,
  );
  return (
    text.find((p) => p.required) ??
    text.find((p) => SEARCH_WORDS.has(toSnakeCase(p.name))) ??
    text.find((p) => /\b(search|query)\b/i.test(p.description ?? ""))
  );
}

/** Optional query parameters named as a search's free text (`q`, `query`, `search`, `term`, `keywords`). */
const FREE_TEXT: ReadonlySet<string> = new Set([
  "q",
  "query",
  "search",
  "search_query",
  "search_term",
  "term",
  "keyword",
  "keywords",
]);

/**
 * The optional text a search goal takes the user's words in (Shutterstock's `GET /v2/images/search` `query`): without
 * it, a drafted `search_images` could not be told what to look for.
 */
export function searchWords(operation: Operation): Parameter[] {
  const text = operation.parameters.find(
    (p) =>
      p.in === "query" &&
      !p.required &&
      FREE_TEXT.has(toSnakeCase(p.name)) &&
      typeof p.schema === "object" &&
      (p.schema["type"] ?? "string") === "string" &&
      p.schema["enum"] === undefined,
  );
  return text === undefined ? [] : [text];
}

/**
 * What a search with no search text and nothing required finds by: its few optional query filters (Pendo's "Find a User
 * with a query", `GET /users/search`: `external_id`, `email`, `role`). Drafted with none, it offered the model no input
 * at all, and the call found nothing to match. Only text filters are (a key, a name, a role): paging, sorting,
 * projection and switches (Jira's `startAt`, `includeActive`) are not; over four, which ones matter is unsaid.
 */
export function searchKeys(operation: Operation): Parameter[] {
  if (searchWords(operation).length > 0 || operation.parameters.some((p) => p.required)) return [];
  const filters = operation.parameters.filter(
    (p) =>
      p.in === "query" &&
      !isPagingParameter(p) &&
      !answerFormatParameter(p, operation.description) &&
      !sendsAnswerElsewhere(p) &&
      typeof p.schema === "object" &&
      p.schema["type"] === "string",
  );
  return filters.length <= 4 ? filters : [];
}

/** A GET list: what a find goal browses, by its path and answer (not a read by POST, not a search of its own). */
function listsWithFilters(model: ApiModel, operation: Operation): boolean {
  return operation.method === "get" && isListOperation(model, operation);
}

/**
 * The optional query parameters of a list that bound a range of dates or times in pairs (Google Calendar's `timeMin`
 * and `timeMax`, strings whose descriptions say "RFC3339 timestamp"; `created_after` and `created_before`, of format
 * `date-time`): "what is on my calendar next week" needs both, and a draft that left them to its comments listed
 * every event ever. A bound without its pair (`updatedMin`) is left out; so is a number range (`minPrice`).
 */
export function boundPairs(operation: Pick<Operation, "parameters">): Parameter[] {
  const dated = operation.parameters.filter(
    (p) => p.in === "query" && !p.required && isDated(p.schema, p.name, p.description),
  );
  return rangePairs(dated.map((p) => p.name)).flatMap((name) => dated.filter((p) => p.name === name));
}

/**
 * A search of the whole API as a find goal of the resource it finds (Jira's JQL search: issues), the search text a
 * required input; undefined when the operation takes no search text.
 */
export function apiSearchProposal(
  model: ApiModel,
  operation: Operation,
  group: { name: string; rank: number },
  profile: OperationProfile,
): Proposal | undefined {
  const query = searchParameter(operation);
  if (query === undefined) return undefined;
  const namer = createInputNamer(schemaLookup(model.schemas));
  const input = namer(query.name, query.schema, "search");
  const step = operationStep(model, operation, {
    id: "search",
    namer,
    preset: new Map([[query.name, `$inputs.${input}`]]),
    final: true,
  });
  const object = profile.object === "" ? "" : `_${toSnakeCase(profile.object)}s`;
  const named = operationGoalName(operation, "search");
  return {
    name: toIdentifierName(named === "search" ? `search${object || "_items"}` : named, "goal"),
    kind: "find",
    group: group.name,
    entity: profile.object || "item",
    description: sentence(summaryOf(operation)),
    useWhen: `The user looks for ${profile.object === "" ? "something" : `${recordsOf(profile.object)}`} by what they know of ${profile.object === "" ? "it" : "them"} (words, a name, a query), not by id.`,
    inputs: query.required
      ? []
      : [{ name: input, required: true, description: query.description ?? `What to search for.` }],
    steps: [step],
    calls: [signatureOf(operation)],
    deprecated: operation.deprecated,
    groupRank: group.rank,
    operationIndex: model.operations.indexOf(operation),
    readOnly: true,
    core: true,
  };
}

/** One goal per operation when no group yields a find/get/create/update/delete goal (an API of verbs, say). */
export function fallbackProposals(
  model: ApiModel,
  groups: readonly { name: string; rank: number; operations: readonly Operation[] }[],
): Proposal[] {
  return groups.flatMap((g) =>
    g.operations
      .filter((o) => !o.deprecated)
      .map((o) => singleProposal(model, o, METHOD_KINDS[o.method] ?? "get", g, operationProfile(o))),
  );
}

const METHOD_KINDS: Readonly<Record<string, Exclude<GoalKind, "chain">>> = {
  get: "get",
  post: "create",
  put: "update",
  patch: "update",
  delete: "delete",
};

/**
 * What the goal acts on, as its sentences name it: the resource's words, unless the operation's own object is another
 * thing (Jira's remote issue link under an issue; an RPC method's object); `stateful set` is the resource `statefulset`.
 */
function ownEntity(operation: Operation, profile: OperationProfile, group: string): string {
  const owner = relationOf(operation)?.owner;
  if (owner !== undefined) return owner;
  const resource = entityWords(group);
  if (profile.object === "") return resource;
  if (isRpc(operation)) return profile.object;
  const head = (words: string) => words.split(" ").at(-1);
  return head(profile.object) === head(resource) || namesResource(profile.object, group) ? resource : profile.object;
}

function singleProposal(
  model: ApiModel,
  operation: Operation,
  slot: SingleKind,
  group: { name: string; rank: number },
  profile: OperationProfile,
  offersOnCreate = false,
): Proposal {
  // A POST picked as a create or an update that reads (a search, a lookup) is drafted as the read it is.
  const reads = slot === "create" || slot === "update" ? postReadKind(model, operation, profile) : undefined;
  const kind = isRpc(operation) ? slot : (reads ?? slot);
  // A POST that reads, picked as a create or as the read it is (Airbyte's `/v1/sources/search`), says what it does in its own words.
  const postRead = reads !== undefined || ((slot === "find" || slot === "get") && readsByPost(operation, profile));
  const said = !postRead || isRpc(operation) ? undefined : readWords(operation);
  const named = namedAction(operation);
  const part = named === undefined && !isRpc(operation) ? partSaid(operation, kind, group.name) : undefined;
  const naming = [
    ...(named === undefined || profile.object !== "" ? [] : namingParameters(operation, group.name)),
    ...(kind === "find" && (profile.action === "search" || listsWithFilters(model, operation))
      ? [...searchWords(operation), ...boundPairs(operation)]
      : []),
    ...(kind === "find" && profile.action === "search" ? searchKeys(withoutCredentials(model, operation)) : []),
  ];
  const stepId = toIdentifierName(
    named === undefined
      ? (nounSegments(operation.path).at(-1) ?? (profile.object === "" ? kind : toSnakeCase(profile.object)))
      : toSnakeCase(named),
    "call",
    40,
  );
  const hinted = withoutCredentials(model, operation);
  return {
    name: toIdentifierName(operationGoalName(operation, KIND_VERBS[kind]), "goal"),
    kind,
    group: group.name,
    entity: namedEntity(operation) ?? ownEntity(operation, profile, group.name),
    description: sentence(summaryOf(operation)),
    useWhen:
      named !== undefined
        ? actionHint(model, hinted, kind, named, profile, naming)
        : isRpc(operation)
          ? rpcHint(hinted, kind, profile)
          : (segmentActHint(hinted, kind) ??
            relationHint(hinted, kind, profile) ??
            linkHint(hinted, kind) ??
            (said === undefined ? namedHint(hinted, kind) : readHint(hinted, said)) ??
            verbHint(model, hinted, kind) ??
            (part === undefined ? undefined : `The user asks to ${part.verb} ${part.rest}.`) ??
            KIND_HINTS[kind](
              kind === "find"
                ? browsedEntity(operation, profile, group.name)
                : kind === "create" && postCreatesBelow(operation, profile) && profile.object !== ""
                  ? profile.object
                  : entityOfOperation(operation, group.name, kind === "create" || upserts(operation, kind), profile),
              hinted,
              profile,
            )),
    inputs: [],
    steps: [createStep(model, operation, kind, stepId, offersOnCreate, naming)],
    calls: [signatureOf(operation)],
    deprecated: operation.deprecated,
    groupRank: group.rank,
    operationIndex: model.operations.indexOf(operation),
    readOnly: named === undefined ? isReadMethod(operation.method) : kind === "find" || kind === "get",
    ...(kind === "act" ? { verb: ownVerb(operation, profile) } : {}),
    ...(named !== undefined
      ? { said: actionSaid(named, kind, profile) }
      : said === undefined
        ? part === undefined
          ? {}
          : { said: part }
        : { said: { verb: said.verb, rest: said.rest } }),
  };
}

/** What a call named by its action does, for the not_for lines beside it: `send` `a message`, `list` `the queues`. */
function actionSaid(name: string, kind: SingleKind, profile: OperationProfile): { verb: string; rest: string } {
  const { verb } = readActionName(name);
  return { verb: kind === "find" && verb === "describe" ? "list" : verb, rest: actionThing(profile).trim() };
}

/** The thing an action acts on as its hint says it: ` a message`, ` the queue attributes` (many), empty for none. */
function actionThing(profile: OperationProfile): string {
  const qualifiers = profile.qualifiers ?? [];
  if (profile.object === "") return "";
  if (qualifiers.includes("batch"))
    return ` ${pluralSnake(toSnakeCase(profile.object)).replaceAll("_", " ")} in a batch`;
  if (qualifiers.includes("many")) return ` the ${pluralSnake(toSnakeCase(profile.object)).replaceAll("_", " ")}`;
  return ` ${withArticle(profile.object)}`;
}

/** A path ending in a custom method (`/v1/{subscription}:acknowledge`, `/v2/entries:copy`). */
const CUSTOM_METHOD_PATH = /:[A-Za-z][A-Za-z0-9]*$/;

/**
 * A single goal's step. An update or an act with nothing it must send offers the fields it can set; so does a create
 * or a read by POST that would otherwise send an empty body to a body that declares fields (Twilio Sync's
 * `POST /v1/Services`, whose fields are all optional; Azure's `checkNameAvailability`, Google's
 * `:testIamPermissions`): the model can then give what the call needs.
 */
function createStep(
  model: ApiModel,
  operation: Operation,
  kind: SingleKind,
  id: string,
  offersOnCreate: boolean,
  naming: readonly Parameter[] = [],
): DraftStep {
  // A read by POST (a check, a search) sends its filters in the body: like a create, it offers them rather than `{}`.
  const postRead = operation.method === "post" && (kind === "find" || kind === "get");
  const step = (offer: boolean) => {
    const namer = createInputNamer(schemaLookup(model.schemas));
    const preset = new Map(naming.map((p) => [p.name, `$inputs.${namer(p.name, p.schema, id)}`] as const));
    return operationStep(model, operation, {
      id,
      namer,
      ...(preset.size === 0 ? {} : { preset }),
      offerFields: kind === "update" || kind === "act" || ((kind === "create" || postRead) && offer),
      offerOnPost: kind === "update" || kind === "create" || postRead || (kind === "act" && offer),
      offerObjects: kind === "update" || kind === "act",
      final: true,
    });
  };
  const drafted = step(offersOnCreate);
  // A verb done to a record that would send `{}` to a body naming what it acts between (LaunchDarkly's flag copy)
  // offers its fields, as the create it was read as before.
  const acts = kind === "act" && actsOnRecord(operation) && namesReferences(model, operation);
  // So does a custom method (Google's `{subscription}:acknowledge`, `entries:copy`): its body is the request it acts
  // with, whose fields a converted Discovery document never marks required.
  const custom = kind === "act" && CUSTOM_METHOD_PATH.test(operation.path);
  const offersWhenEmpty = kind === "create" || postRead || acts || custom;
  return offersWhenEmpty && !offersOnCreate && stepSendsEmpty(model, operation, drafted, postRead)
    ? step(true)
    : drafted;
}

/**
 * What a find goal browses: the resource's records, or — for a collection of another thing right under one of the
 * resource's records — that thing's records of it and the id it is read under (`card records of a board whose idBoard
 * you know`).
 */
/**
 * A list at a path with no id whose last segment and object name something else than its resource: a part of a single
 * thing (Spotify's `/me/player/devices`, the player's available devices), browsed as what it lists.
 */
function partListed(operation: Operation, profile: OperationProfile, group: string): boolean {
  const last = staticSegments(operation.path).at(-1);
  return (
    last !== undefined &&
    profile.object !== "" &&
    !operation.path.includes("{") &&
    singular(toSnakeCase(last)) !== group &&
    headNoun(profile.object) !== headNoun(entityWords(group))
  );
}

/**
 * A change to a part of a single thing, at a path with no id (Spotify's `POST /me/player/queue`, "Add Item to Playback
 * Queue"), in its summary's words: the part is no record of its own to add or change ("add a new queue").
 */
function partSaid(operation: Operation, kind: SingleKind, group: string): { verb: string; rest: string } | undefined {
  const last = staticSegments(operation.path).at(-1);
  if ((kind !== "create" && kind !== "update") || operation.path.includes("{") || last === undefined) return undefined;
  if (singular(toSnakeCase(last)) === group || operation.summary === undefined) return undefined;
  // Title Case words read lower-case in a sentence (`Add Item to Playback Queue`); acronyms (`URL`) stay.
  const [verb = "", ...rest] = htmlToText(operation.summary)
    .trim()
    .replace(/[.!]+$/, "")
    .split(" ")
    .map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w));
  return verb === "" || rest.length === 0 || verbClasses(stem(verb)) === undefined
    ? undefined
    : { verb: plainVerb(verb), rest: rest.join(" ") };
}

/**
 * A summary's opening verb in the form a hint's "asks to" takes: `Creates` → `create`, `Pushes` → `push`, `Applies`
 * → `apply`; a verb already plain (`Add`, `Process`) stays.
 */
export function plainVerb(word: string): string {
  const verb = word.toLowerCase();
  if (!verb.endsWith("s") || verb.endsWith("ss") || verbClasses(verb) !== undefined) return verb;
  if (verb.endsWith("ies")) return `${verb.slice(0, -3)}y`;
  if (/(ch|sh|x|z|ss|o)es$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

function browsedEntity(operation: Operation, profile: OperationProfile, group: string): string {
  const resource = entityWords(group);
  const parts = operation.path.split("/").filter((s) => s !== "");
  const last = parts.findLastIndex((s) => s.startsWith("{"));
  const owner = parts[last - 1];
  const under = last > 0 && last < parts.length - 1 && owner !== undefined && !owner.startsWith("{");
  const object = profile.object.split(" ");
  if (partListed(operation, profile, group)) return recordsOf(profile.object);
  if (!under || singular(toSnakeCase(owner)) !== group || object.includes(headNoun(resource)))
    return recordsOf(resource);
  const id = parts[last]?.slice(1, -1) ?? "id";
  return `${profile.object} records of ${withArticle(resource)} whose ${spoken(id)} you know`;
}

/** The verbs a kind's own hint says (`add a new …`, `change an existing …`); a name with another verb says its own. */
const KIND_OWN_VERBS: Readonly<Partial<Record<SingleKind, ReadonlySet<string>>>> = {
  create: new Set(["create", "add", "post", "new", "insert"]),
  update: new Set(["update", "replace", "modify", "edit", "patch", "set", "put", "change"]),
  get: new Set(["get", "read", "retrieve", "fetch", "describe", "show", "check"]),
};

/**
 * The hint of a create or update whose name, drawn from its path and summary, has a verb of its own: `The user asks to
 * delete an ip.` (Mandrill's `POST /ips/delete.json`), `The user wants to list exports.`, not "add a new delete json".
 */
function namedHint(operation: Operation, kind: SingleKind): string | undefined {
  const own = KIND_OWN_VERBS[kind];
  const said = own === undefined ? undefined : goalWords(operation);
  if (said === undefined || own === undefined) return undefined;
  // Its own verb, unless the path names its object plainly (`add-domain.json` does not: the inbound domain).
  if (said.verb.split("_").some((v) => own.has(v)) && namedEntity(operation) === undefined) return undefined;
  const verb = said.verb.replaceAll("_", " ");
  const object = said.object;
  const many = isPlural(object.split(" ").at(-1) ?? "");
  const thing = many ? object : withArticle(object);
  return `The user ${many ? "wants" : "asks"} to ${verb} ${thing}${knowing(operation)}.`;
}

/**
 * The hint of a call whose path ends in a verb segment (see `segmentVerb`), in that verb's words: `The user asks to
 * create a custom source definition.`, `The user wants to count the products.`, not "add a new create custom" or "add
 * a new count". An action says its own verb already.
 */
function verbHint(model: ApiModel, operation: Operation, kind: SingleKind): string | undefined {
  const said = kind === "act" || isCollection(model, operation.path) ? undefined : segmentVerb(operation);
  if (said === undefined) return undefined;
  const thing = said.many ? `the ${said.object}` : withArticle(said.object);
  return `The user ${said.many ? "wants" : "asks"} to ${said.verb} ${thing}${knowing(operation)}.`;
}

/**
 * A path whose records another path indexes (`…/checkItem/{idCheckItem}` beside Trello's `POST …/checkItem`): its last
 * segment names a collection, whatever verb its first word spells (a check item is added there, not checked).
 */
function isCollection(model: ApiModel, path: string): boolean {
  return itemsFollow(segments(path), model.operations);
}

/** The hint of a create that adds a thing that exists to another (see `linkOf`): `The user asks to add a user to a group.` */
function linkHint(operation: Operation, kind: SingleKind): string | undefined {
  const link = kind === "create" ? linkOf(operation) : undefined;
  if (link === undefined) return undefined;
  const { verb, thing, preposition, target } = link;
  return `The user asks to ${verb} ${withArticle(thing)} ${preposition} ${withArticle(target)}${knowing(operation)}.`;
}

/**
 * What a POST that reads does, in its own words: those of its name when it has no id of its own (`search contacts`),
 * else a short summary that leads with a read verb (Jira's `Get comments by IDs`); for its hint and the not_for lines
 * beside it.
 */
function readWords(operation: Operation): { verb: string; rest: string; many: boolean } | undefined {
  const said = goalWords(operation);
  if (said !== undefined) {
    const many = isPlural(said.object.split(" ").at(-1) ?? "");
    return { verb: said.verb.replaceAll("_", " "), rest: many ? said.object : withArticle(said.object), many };
  }
  const summary = summaryOf(operation).replace(/[.!?]\s*$/, "");
  const words = summary.split(/\s+/);
  if (words.length > 10 || words.length < 2 || !readsBySummary(operation)) return undefined;
  return { verb: leadVerb(operation), rest: words.slice(1).join(" "), many: true };
}

/** `The user wants to search contacts.`, `The user wants to get comments by IDs.` */
function readHint(operation: Operation, said: { verb: string; rest: string; many: boolean }): string {
  return `The user ${said.many ? "wants" : "asks"} to ${said.verb} ${said.rest}${knowing(operation)}.`;
}

/** What a goal named from its path acts on when the path's last segment is no plain noun (`delete.json`, `add-domain`). */
function namedEntity(operation: Operation): string | undefined {
  const last = staticSegments(operation.path).at(-1) ?? "";
  const first = toSnakeCase(last).split("_")[0] ?? "";
  if (!/\.[a-z]+$/i.test(last) && verbClasses(stem(first)) === undefined) return undefined;
  const words = goalWords(operation)?.object.split(" ");
  return words === undefined ? undefined : [...words.slice(0, -1), singular(words.at(-1) ?? "")].join(" ");
}

/** Words that name a relation between records, not a kind of record (Notion's block `children` are blocks). */
const RELATIONS: ReadonlySet<string> = new Set([
  "children",
  "child",
  "parent",
  "parents",
  "ancestors",
  "descendants",
  "siblings",
]);

/**
 * The hint of a call on a relation of one record (`GET /blocks/{id}/children`): `The user wants to browse the children
 * of a block whose id you know.`, `The user asks to append the children of a block and you know its id.`
 */
function relationHint(operation: Operation, kind: SingleKind, profile: OperationProfile): string | undefined {
  const relation = relationOf(operation);
  if (relation === undefined) return undefined;
  const what = `the ${relation.relation} of ${withArticle(relation.owner)}`;
  if (kind === "find") return `The user wants to browse ${what} whose ${spoken(relation.id)} you know.`;
  const verb = kind === "get" ? "read" : kind === "delete" ? "delete" : ownVerb(operation, profile);
  return `The user asks to ${verb} ${what} and you know its ${spoken(relation.id)}.`;
}

/** A path that ends in a relation of one record (`/blocks/{id}/children`): the relation, the record's words, its id. */
function relationOf(operation: Operation): { relation: string; owner: string; id: string } | undefined {
  const parts = operation.path.split("/").filter((s) => s !== "");
  const relation = parts.at(-1)?.toLowerCase();
  const id = parts.at(-2);
  const owner = parts.at(-3);
  if (relation === undefined || !isRelation(relation) || id === undefined || owner === undefined) return undefined;
  if (!/^\{.+\}$/.test(id) || owner.startsWith("{")) return undefined;
  return { relation, owner: singular(toSnakeCase(owner)).replaceAll("_", " "), id: id.slice(1, -1) };
}

/** Whether a word names a relation between records (`children`), not a kind of record. */
export function isRelation(word: string): boolean {
  return RELATIONS.has(word);
}

const KIND_VERBS: Readonly<Record<SingleKind, string>> = {
  find: "list",
  get: "get",
  create: "create",
  update: "update",
  act: "call",
  delete: "delete",
};

/** The verb an operation's own name starts with (`merge` of `pulls/merge`, `post` of `chat.postMessage`), else its profile's action. */
function ownVerb(operation: Operation, profile: OperationProfile): string {
  const named = namedAction(operation);
  if (named !== undefined) return readActionName(named).verb;
  const path = operation.idSynthesized ? actionPath(operation) : undefined;
  if (path !== undefined) return readActionName(path).verb;
  if (operation.idSynthesized && !isRpc(operation))
    return operationGoalName(operation, profile.action).split("_")[0] ?? profile.action;
  const method = (isRpc(operation) ? operation.path : namingId(operation)).split(/[/.]/).at(-1) ?? "";
  const first = toSnakeCase(method).split("_")[0] ?? "";
  const segment = isRpc(operation) ? undefined : segmentVerb(operation);
  if (segment !== undefined && embedsLastSegment(method, operation.path)) return segment.verb;
  if (GENERIC_VERBS.has(first) && !GENERIC_VERBS.has(profile.action)) return profile.action;
  return first !== "" && verbClasses(stem(first)) !== undefined ? first : profile.action;
}

/**
 * The hint of an action whose path ends in its own verb phrase, spelled by its id after a verb of the method's
 * (Trello's `POST /boards/{idBoard}/markAsViewed`, id `addBoardsMarkAsViewedByIdBoard`): `The user asks to mark a board
 * as viewed and you know its board id.`, never "add".
 */
function segmentActHint(operation: Operation, kind: SingleKind): string | undefined {
  if (kind !== "act" || isRpc(operation) || operation.path.includes(":")) return undefined;
  if (!embedsLastSegment(namingId(operation), operation.path)) return undefined;
  const parts = operation.path.split("/").filter((p) => p !== "");
  const owner = parts[parts.findLastIndex((p) => p.startsWith("{")) - 1];
  if (segmentVerb(operation) === undefined || owner === undefined || owner.startsWith("{")) return undefined;
  const [verb = "", ...said] = toSnakeCase(staticSegments(operation.path).at(-1) ?? "").split("_");
  const ownerWords = singular(toSnakeCase(owner)).split("_");
  // The owner's own name after the verb is the owner, said once (`/pools/{code}/rotate-pool`: rotate a pool).
  const rest = ownerWords.every((w, i) => singular(said[i] ?? "") === w) ? said.slice(ownerWords.length) : said;
  const thing = withArticle(ownerWords.join(" "));
  const phrase =
    rest.length === 0
      ? `${verb} ${thing}`
      : PREPOSITIONS.has(rest[0] ?? "")
        ? `${verb} ${thing} ${rest.join(" ")}`
        : `${verb} ${rest.join(" ")} of ${thing}`;
  return `The user asks to ${phrase}${knowing(operation)}.`;
}

/**
 * An id that spells the path's last segment after a verb of its own (Trello's `addCardsMarkAssociatedNotificationsRead…`
 * for `POST /cards/{idCard}/markAssociatedNotificationsRead`): the segment, not the id's first word, names the action.
 */
function embedsLastSegment(id: string, path: string): boolean {
  const words = toSnakeCase(id).split("_");
  const segment = toSnakeCase(staticSegments(path).at(-1) ?? "").split("_");
  return segment.length > 1 && words.some((_, i) => i > 0 && segment.every((s, j) => words[i + j] === s));
}

/**
 * Verbs an operation id takes from its HTTP method: where the profile reads a verb of its own (Kubernetes'
 * `replaceAppsV1NamespacedDeploymentScale` scales a deployment), that verb says what the goal does.
 */
const GENERIC_VERBS: ReadonlySet<string> = new Set([
  "create",
  "get",
  "read",
  "list",
  "update",
  "replace",
  "patch",
  "put",
  "post",
  "delete",
  "remove",
]);

/** A sole value's schema is inline (`enum: ["2012-11-05"]`): no named schema is looked up to find it. */
const NO_SCHEMAS = schemaLookup({});

/**
 * The hint of a call named by its action, in the action's words and the inputs it needs: `The user asks to send a
 * message (delivers a message to the specified queue) and you know the AccountNumber, QueueName and MessageBody.`
 */
function actionHint(
  model: ApiModel,
  operation: Operation,
  kind: SingleKind,
  name: string,
  profile: OperationProfile,
  naming: readonly Parameter[],
): string {
  const said = actionSaid(name, kind, profile);
  const summary = summaryOf(operation).replace(/[.!?]\s*$/, "");
  const tail = summary.split(/\s+/).length <= 16 ? ` (${lowerFirst(summary)})` : "";
  const required = requiredInputs(operation, schemaLookup(model.schemas));
  const needs = [...naming.map((p) => p.name).filter((n) => !required.includes(n)), ...required].slice(0, 4);
  const know = needs.length === 0 ? "" : ` and you know the ${listed(needs)}`;
  const thing = said.rest === "" ? "" : ` ${said.rest}`;
  return `The user ${kind === "find" ? "wants" : "asks"} to ${said.verb}${thing}${tail}${know}.`;
}

/**
 * The optional parameters that name the thing an action without an object of its own acts on (`TopicArn` of SNS's
 * `Publish`, drafted under topics): without them the call reaches no topic, so the goal takes them as inputs.
 */
function namingParameters(operation: Operation, resource: string): Parameter[] {
  const thing = resource.split("_").join(" ");
  return operation.parameters.filter((p) => {
    const words = splitWords(p.name);
    return !p.required && NAMING_WORDS.has(words.at(-1) ?? "") && words.slice(0, -1).join(" ") === thing;
  });
}

/** Endings of an input that names a thing by its name or id: `TopicArn`, `TableName`, `QueueUrl`. */
const NAMING_WORDS: ReadonlySet<string> = new Set(["name", "arn", "id", "url", "key"]);

/** `A`, `A and B`, `A, B and C` (or `A, B or C`). */
export function listed(names: readonly string[], conjunction: "and" | "or" = "and"): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${conjunction} ${names.at(-1) ?? ""}`;
}

/** An RPC method's hint from its profile: `The user asks to post a message to a channel.` */
function rpcHint(operation: Operation, kind: SingleKind, profile: OperationProfile): string {
  const object = profile.object === "" ? entityWords(rpcNamespace(operation.path) ?? "") : profile.object;
  const summary = summaryOf(operation).replace(/[.!?]\s*$/, "");
  const tail = summary.split(/\s+/).length <= 12 ? ` (${lowerFirst(summary)})` : "";
  if (kind === "find") return `The user wants to browse ${recordsOf(object)}${tail}.`;
  if (kind === "get") return `The user asks about ${withArticle(object)}${tail}.`;
  return `The user asks to ${ownVerb(operation, profile)} ${withArticle(object)}${tail}${requiredOf(operation)}.`;
}

/**
 * The operation without the parameters its security schemes fill (Trello's `key` and `token` query parameters) or the
 * draft binds to the configured account (Twilio's `AccountSid`, the basic-auth user): a hint never tells the model it
 * must know, or may filter by, a credential or a value it is never asked for.
 */
export function withoutCredentials(model: ApiModel, operation: Operation): Operation {
  const kept = operation.parameters.filter(
    (p) =>
      !isCredentialParameter(operation, model.securitySchemes, p) &&
      !isAccountParameter(operation, model.securitySchemes, p),
  );
  return kept.length === operation.parameters.length ? operation : { ...operation, parameters: kept };
}

/**
 * A read whose success answer is a top-level list (TBA's `GET /districts/{year}`, a year's districts): it answers
 * many, not one, whatever its path ends in. An answer given by `$ref` is not followed (the hint has no model).
 */
function answersList(operation: Operation): boolean {
  const schema = successSchema(operation);
  return typeof schema === "object" && schema["type"] === "array";
}

/** A list read under an id (`/tournament/{tournamentid}/slates`): a list for that one thing, not a list of them. */
function listedByItsId(operation: Operation): boolean {
  const last = operation.parameters.filter((p) => p.in === "path").at(-1);
  return last !== undefined && idParts(last.name) !== undefined;
}

/** ` for a given year and team key`: the path parameters a list read is asked with. */
function forGiven(operation: Operation): string {
  const path = operation.parameters.filter(
    (p) => p.in === "path" && selfValue(operation, p) === undefined && soleValue(p, NO_SCHEMAS) === undefined,
  );
  return path.length === 0 ? "" : ` for a given ${path.map((p) => spoken(p.name)).join(" and ")}`;
}

const KIND_HINTS: Readonly<
  Record<SingleKind, (entity: string, operation: Operation, profile: OperationProfile) => string>
> = {
  find: (entity, o) => `The user wants to browse ${entity}${filtersOf(o)}.`,
  get: (entity, o) =>
    answersList(o)
      ? listedByItsId(o)
        ? `The user asks for a list for one ${entity}${knowing(o)}.`
        : `The user asks for the list of ${recordsOf(entity)}${forGiven(o)}.`
      : o.path.includes("{") || asksForItsIds(o)
        ? `The user asks about one ${entity}${knowing(o)}.`
        : `The user asks about the ${entity}${knowing(o)}.`,
  create: (entity, o) => `The user asks to add a new ${entity}${requiredOf(o, true)}.`,
  update: (entity, o) =>
    o.method === "put" && createsWhenAbsent(o)
      ? `The user asks to create ${withArticle(entity)} or change an existing one${knowing(o)}.`
      : `The user asks to change an existing ${entity}${knowing(o)}.`,
  act: (entity, o, profile) =>
    profile.object === "" && entity === profile.action
      ? `The user asks to ${ownVerb(o, profile)}${knowing(o)}.`
      : `The user asks to ${ownVerb(o, profile)} ${withArticle(profile.object || entity)}${knowing(o)}.`,
  delete: (entity, o, profile) =>
    deletesAll(o)
      ? `The user explicitly asks to delete all ${pluralSnake(toSnakeCase(profile.object || entity)).replaceAll("_", " ")}${knowing(o)}; confirm first: every one is removed.`
      : `The user explicitly asks to delete ${withArticle(entity)}${knowing(o)}; confirm which one first.`,
};

/**
 * Whether a delete says it removes all of what it acts on (Meilisearch's `deleteAllDocuments`, `DELETE
 * /indexes/books/documents`): its id says "all" and its path ends in no parameter, so no one item is picked; the hint
 * then names what it removes (its own object, not the parent a nested path names).
 */
function deletesAll(operation: Operation): boolean {
  const last =
    operation.path
      .split("/")
      .filter((s) => s !== "")
      .at(-1) ?? "";
  return splitWords(namingId(operation)).includes("all") && !/^\{.*\}$/.test(last);
}

export { withArticle };

/** A mask of the fields the answer carries (Google People's `readMask`): what the model picks, not what the user knows. */
const SAYS_FIELD_MASK = /\bfield ?mask\b/i;

/**
 * The filters the drafted step binds (its required query parameters): the model sees no other. Required, they are no
 * option; one whose schema allows a single value (sms77's `action: [read]`) the tool sends itself, so it is not named.
 */
function filtersOf(operation: Operation): string {
  const names = operation.parameters
    .filter(
      (p) =>
        p.in === "query" &&
        p.required &&
        !isCredentialName(p.name) &&
        soleValue(p, NO_SCHEMAS) === undefined &&
        !/^(limit|offset|page|per_page|cursor|sort|order|direction|pretty|fields|opt_\w+)$/i.test(p.name) &&
        !SAYS_FIELD_MASK.test(p.description ?? ""),
    )
    .map((p) => spoken(p.name))
    .slice(0, 3);
  return names.length === 0 ? "" : ` and you know the ${listed(names)}`;
}

/**
 * A parameter's name as a hint says it to the model: words, not the spec's spelling (`petId` → `pet id`,
 * `TRANSCRIPTION_VOCABULARY_ID` → `transcription vocabulary id`, Trello's `idMember` → `member id`).
 */
export function spoken(name: string): string {
  const words = toSnakeCase(name)
    .split("_")
    .filter((w) => w !== "");
  if (words.length > 1 && words[0] === "id") words.push(words.shift() as string);
  return words.length === 0 ? name : words.join(" ");
}

function requiredOf(operation: Operation, creates = false): string {
  const known = operation.parameters.filter(
    (p) =>
      p.required &&
      p.in !== "header" &&
      !isCredentialName(p.name) &&
      soleValue(p, NO_SCHEMAS) === undefined &&
      selfValue(operation, p) === undefined,
  );
  return youKnow(operation, known.slice(0, 3), creates);
}

/**
 * A bare `id` (`uuid`, `gid`) path parameter that names the record of the collection before it, not the thing the call acts on: another
 * path parameter follows it (Trakt's `PUT /users/{id}/lists/{list_id}`), or the call creates something under it
 * (`POST /users/{id}/lists` takes the user's id, not the new list's). An action on the record itself
 * (`POST /debitmemos/{id}/collect`) acts on that record: its id.
 */
function ownerId(
  operation: Operation,
  parameter: Operation["parameters"][number],
  creates: boolean,
): string | undefined {
  if (parameter.in !== "path" || !/^(id|uuid|gid)$/i.test(parameter.name)) return undefined;
  const segments = operation.path.split("/").filter((s) => s !== "");
  const at = segments.indexOf(`{${parameter.name}}`);
  const owner = at > 0 ? segments[at - 1] : undefined;
  if (at < 0 || at === segments.length - 1 || owner === undefined || !/^[A-Za-z][\w-]*$/.test(owner)) return undefined;
  const below = segments.slice(at + 1).some((s) => /^\{.+\}$/.test(s));
  const noun = singular(toSnakeCase(owner));
  return below || creates || readsBelow(operation, noun) ? `${spoken(noun)}'s ${spoken(parameter.name)}` : undefined;
}

/**
 * A read of things kept under the record (RAWG's `GET /games/{id}/achievements`, a game's achievements; Orthanc's
 * `GET /patients/{id}/instances`): its profile reads another object with the record as its parent, so the id is the
 * record's, never "its id", which the model reads as the achievement's. A GET of the record's own state or an action
 * on it (`POST /debitmemos/{id}/collect`) keeps "its id".
 */
function readsBelow(operation: Operation, owner: string): boolean {
  if (operation.method !== "get") return false;
  const profile = operationProfile(operation);
  const parent = spoken(owner);
  return (
    (profile.parents ?? []).includes(parent) && profile.object !== parent && !profile.object.endsWith(` ${parent}`)
  );
}

/** ` and you know its …` of these parameters; ` the …` when one of them is another record's id (see `ownerId`). */
function youKnow(
  operation: Operation,
  parameters: readonly Operation["parameters"][number][],
  creates = false,
): string {
  if (parameters.length === 0) return "";
  const owned = parameters.map((p) => ownerId(operation, p, creates));
  const names = parameters.map((p, i) => owned[i] ?? spoken(p.name));
  return ` and you know ${owned.some((o) => o !== undefined) ? "the" : "its"} ${names.join(" and ")}`;
}

/**
 * Whether an update is a PUT that adds the thing when it is absent ("Add or update an employee earning"): like a create,
 * it acts on what its path's last segment names (`…/employees/{employeeId}/earnings` puts an earning, not an
 * employee), unless that segment opens with a verb (Service Fabric's `…/$/GetProperty`).
 */
function upserts(operation: Operation, kind: GoalKind): boolean {
  if (kind !== "update" || operation.method !== "put" || !createsWhenAbsent(operation)) return false;
  const first = splitWords(staticSegments(operation.path).at(-1) ?? "")[0];
  return first !== undefined && verbClasses(stem(first)) === undefined;
}

/**
 * The thing the call acts on: its last id's, or — for a create or an upsert that ends in a collection — that
 * collection's (`POST /issue/{key}/comment` adds a comment, not an issue).
 */
function entityOfOperation(operation: Operation, group: string, creates: boolean, profile: OperationProfile): string {
  const last = lastPathParameter(operation);
  const named = last === undefined ? undefined : idParts(last.name)?.entity.replace(/_id_or$/, "");
  const declaredLast = operation.parameters.filter((p) => p.in === "path").at(-1);
  const fromId =
    named !== undefined && (last === declaredLast || spelledInPath(operation.path, named)) ? named : undefined;
  // A version names no thing: a path that only holds a resource name after it (Google's `/v2/{metricName}`) acts on
  // what the profile reads from its id (`logging.projects.metrics.get` → metric), never on a "v2".
  const segment = nounSegments(operation.path, false).at(-1);
  const endsInCollection = creates && !/\}\/?$/.test(operation.path) && segment !== undefined;
  const entity = endsInCollection
    ? singular(toSnakeCase(segment))
    : fromId || (segment === undefined ? undefined : singular(toSnakeCase(segment)));
  return entity ? entity.replaceAll("_", " ") : profile.object || entityWords(group);
}

/**
 * Whether the path's own words name a thing (`endpoint` in `/app/{app_id}/endpoint/{endpoint_id}`; Bitbucket's `encoded`
 * of `/snippets/{workspace}/{encoded_id}` is not one): asked only where the spec declares the path's parameters in
 * another order, so a draft that read its thing from the last one declared reads the same.
 */
function spelledInPath(path: string, entity: string): boolean {
  const words = new Set(staticSegments(path).flatMap((s) => toSnakeCase(s).split("_").map(singular)));
  return entity.split("_").every((w) => words.has(singular(w)));
}

/**
 * The path parameter the path ends with, whatever order the spec declares them in (Svix lists `endpoint_id` before
 * `app_id` for `/app/{app_id}/endpoint/{endpoint_id}/`): the last one declared is not always the record acted on.
 */
export function lastPathParameter(operation: Pick<Operation, "path" | "parameters">): Parameter | undefined {
  const inPath = operation.parameters.filter((p) => p.in === "path");
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  for (const name of names.reverse()) {
    const found = inPath.find((p) => p.name === name);
    if (found !== undefined) return found;
  }
  return inPath.at(-1);
}

/** ` and you know its pet id` for an action on a record of the path; empty for one on the user's own state (`PUT /me/player/pause`). */
function knowing(operation: Operation): string {
  const path = operation.parameters.filter(
    (p) => p.in === "path" && selfValue(operation, p) === undefined && soleValue(p, NO_SCHEMAS) === undefined,
  );
  if (path.length > 0) return youKnow(operation, path);
  const selectors = deleteSelectors(operation, operation.parameters).map((p) => spoken(p.name));
  return selectors.length === 0 ? "" : ` and you know its ${listed(selectors, "or")}`;
}

/** The lookup step of a chain: a query the API filters by, or a list whose item is picked by a field; and the input it may declare. */
function lookupStep(
  model: ApiModel,
  match: ChainMatch,
  {
    namer,
    id,
    output,
    root,
  }: { namer: InputNamer; id: string; output: string; root?: { parameter: string; value: string } },
): { step: DraftStep; inputs: DraftInput[] } {
  const { resolver } = match;
  const fixed: (readonly [string, string | number])[] = [
    ...(match.fixed ? [[match.fixed.parameter.name, match.fixed.value] as const] : []),
    ...(root ? [[root.parameter, root.value] as const] : []),
  ];
  const outputs = { [output]: responsePointer(match) };
  if (resolver.query === undefined) {
    const pick = resolver.pick;
    const field = pick?.field ?? "name";
    const own = toSnakeCase(field).startsWith(`${match.entity}_`);
    const input = namer(own ? toSnakeCase(field) : `${match.entity}_${toSnakeCase(field)}`, pick?.schema ?? {}, id);
    const pageSize = pick?.pageSize === undefined ? [] : [[pick.pageSize.parameter.name, pick.pageSize.max] as const];
    const step = operationStep(model, resolver.operation, {
      id,
      namer,
      preset: new Map([...fixed, ...pageSize]),
      outputs,
    });
    const from = `/${resolver.tokens.slice(0, -1).map(escapeToken).join("/")}`;
    const words = toSnakeCase(field).replaceAll("_", " ");
    const description = `The ${words} of the ${match.entity.replaceAll("_", " ")}, exactly as it is listed (case included).`;
    return {
      step: { ...step, pick: { from: from === "/" ? "" : from, where: { [field]: `$inputs.${input}` } } },
      inputs: [{ name: input, description }],
    };
  }
  const query = resolver.query;
  // The looked-up thing's text (`site_name`), never the target's own field of that name (see name-chains.ts).
  const entity = toSnakeCase(match.entity);
  const generic = GENERIC_TEXT.has(toSnakeCase(query.name)) && !toSnakeCase(query.name).includes(entity);
  const queryName = generic ? `${entity}_${toSnakeCase(query.name)}` : query.name;
  const queryInput = namer(queryName, query.schema, id);
  const step = operationStep(model, resolver.operation, {
    id,
    namer,
    preset: new Map([[query.name, `$inputs.${queryInput}`], ...fixed]),
    outputs,
  });
  const by = queryWord(resolver);
  const inputs = query.required
    ? []
    : [
        {
          name: queryInput,
          required: true as const,
          description: query.description ?? `The ${by} to look the ${match.entity} up by.`,
        },
      ];
  return { step, inputs };
}

/** Query parameters that carry free text or a name of whatever the read lists (`name`, `q`): no name of an input alone. */
export const GENERIC_TEXT: ReadonlySet<string> = new Set([
  "name",
  "title",
  "q",
  "query",
  "search",
  "term",
  "keyword",
  "text",
  "filter",
]);

/** How the chain's description says the record is found. */
function lookupPhrase(match: ChainMatch): string {
  const summary = summaryOf(match.resolver.operation).replace(/[.!?]\s*$/, "");
  const pick = match.resolver.pick;
  if (pick === undefined) return summary;
  const page =
    pick.pageSize !== undefined
      ? ` among the first ${pick.pageSize.max} listed`
      : pick.paged
        ? " on the first page listed"
        : "";
  return `${summary} and pick the ${match.entity.replaceAll("_", " ")} whose ${toSnakeCase(pick.field).replaceAll("_", " ")} matches exactly${page}`;
}

/** The two-step goal of a chain: resolve the record, then call the target with its id. */
function chainProposal(model: ApiModel, match: ChainMatch, group: { name: string; rank: number }): Proposal {
  const { resolver, target, parameter } = match;
  const namer = createInputNamer(schemaLookup(model.schemas));
  const lookupId = resolverStepId(match);
  const output = toIdentifierName(match.pointer.at(-1) ?? "id", "id", 40);
  const root = match.root === undefined ? undefined : rootStep(model, match.root, namer, lookupId);
  const lookup = lookupStep(model, match, { namer, id: lookupId, output, ...(root ? { root } : {}) });
  const first = lookup.step;
  const targetId = toIdentifierName(staticSegments(target.path).at(-1) ?? "result", "result", 40);
  const secondId = [lookupId, root?.step.id].includes(targetId) ? `${targetId}_2` : targetId;
  const targetStep = (offerOnPost: boolean): DraftStep =>
    operationStep(model, target, {
      id: secondId,
      namer,
      final: true,
      offerFields: !isReadMethod(target.method),
      offerObjects: !isReadMethod(target.method),
      offerOnPost,
      preset: new Map([
        [parameter.name, `$steps.${lookupId}.outputs.${output}`],
        ...(root && target.parameters.some((p) => p.name === root.parameter)
          ? [[root.parameter, root.value] as const]
          : []),
      ]),
    });
  const second = offeringWhenEmpty(model, target, targetStep);
  const by = queryWord(resolver);
  return {
    name: chainName(
      operationGoalName(target, target.method === "get" ? "get" : "call").replace(/_by_[a-z0-9]+$/, ""),
      by,
    ),
    kind: "chain",
    group: group.name,
    entity: match.entity.replaceAll("_", " "),
    by: by.replaceAll("_", " "),
    chainKey: `${signatureOf(resolver.operation)} ${match.entity} ${target.method}${endsWithParameter(target.path) ? "" : ` ${staticSegments(target.path).at(-1) ?? ""}`}`,
    ...(resolver.query === undefined ? { picks: true } : {}),
    description: `${match.root === undefined ? "" : rootPhrase(match.root)}${
      match.root?.pick === undefined ? lookupPhrase(match) : lowerFirst(lookupPhrase(match))
    }, then ${lowerFirst(sentence(summaryOf(target)))}`,
    useWhen: `The user identifies the ${match.entity.replaceAll("_", " ")} by ${by === "search" ? "a search term" : `its ${by.replaceAll("_", " ")}`} and does not know its ${spoken(parameter.name)}.`,
    inputs: [...(root?.inputs ?? []), ...lookup.inputs],
    steps: root ? [root.step, first, second] : [first, second],
    calls: [
      ...(match.root ? [signatureOf(match.root.operation)] : []),
      signatureOf(resolver.operation),
      signatureOf(target),
    ],
    deprecated: false,
    groupRank: group.rank,
    operationIndex: model.operations.indexOf(target),
    readOnly: isReadMethod(target.method),
    ...(userHeld(parameter) ? { userHeld: true } : {}),
  };
}

/** Ids people read off the thing and say (`issue_number` #42, Jira's `issueIdOrKey` PROJ-7, a slug, a commit sha). */
const HELD: ReadonlySet<string> = new Set(["number", "key", "slug", "sha"]);

/** Whether a path parameter holds an id its users know by heart, not an opaque one (`petId`, `gid`, `uuid`). */
export function userHeld(parameter: Parameter): boolean {
  return HELD.has(idParts(parameter.name)?.property ?? "") || isOrdinal(parameter.name);
}

/**
 * The first step of a three-step chain: the list whose record carries the id the lookup needs, the one the user names
 * when its records go by a name (a pick, with its input), else its first record.
 */
function rootStep(
  model: ApiModel,
  root: RootStep,
  namer: InputNamer,
  lookupId: string,
): { step: DraftStep; parameter: string; value: string; inputs: DraftInput[] } {
  const base = toIdentifierName(root.entity, "root", 40);
  const id = base === lookupId ? `${base}_first` : base;
  const output = toIdentifierName(root.pointer.at(-1) ?? "id", "id", 40);
  const pick = root.pick;
  const pageSize = pick?.pageSize === undefined ? [] : [[pick.pageSize.parameter.name, pick.pageSize.max] as const];
  const step = operationStep(model, root.operation, {
    id,
    namer,
    preset: new Map(pageSize),
    outputs: { [output]: `$response.body#/${root.pointer.map(escapeToken).join("/")}` },
  });
  const value = `$steps.${id}.outputs.${output}`;
  if (pick === undefined) return { step, parameter: root.parameter.name, value, inputs: [] };
  const field = toSnakeCase(pick.field);
  const input = namer(field.startsWith(`${root.entity}_`) ? field : `${root.entity}_${field}`, pick.schema, id);
  const from = pick.from.length === 0 ? "" : `/${pick.from.map(escapeToken).join("/")}`;
  const description = `The ${field.replaceAll("_", " ")} of the ${root.entity.replaceAll("_", " ")}, exactly as it is listed (case included).`;
  // A pick's outputs read the item it keeps: `#/productId`, not `#/0/productId`.
  const item = root.pointer
    .slice(pick.from.length + 1)
    .map(escapeToken)
    .join("/");
  return {
    step: {
      ...step,
      outputs: { [output]: `$response.body#/${item}` },
      pick: { from, where: { [pick.field]: `$inputs.${input}` } },
    },
    parameter: root.parameter.name,
    value,
    inputs: [{ name: input, description }],
  };
}

/** `List Products and pick the product whose name matches exactly, then `: how the root's record is found. */
function rootPhrase(root: RootStep): string {
  if (root.pick === undefined) return "";
  const page =
    root.pick.pageSize !== undefined
      ? ` among the first ${root.pick.pageSize.max} listed`
      : root.pick.paged
        ? " on the first page listed"
        : "";
  const summary = summaryOf(root.operation).replace(/[.!?]\s*$/, "");
  return `${summary} and pick the ${root.entity.replaceAll("_", " ")} whose ${toSnakeCase(root.pick.field).replaceAll("_", " ")} matches exactly${page}, then `;
}

const SEARCH_WORDS: ReadonlySet<string> = new Set(["q", "query", "search", "term", "keyword", "keywords", "filter"]);

function queryWord(resolver: Resolver): string {
  if (resolver.query === undefined) return toSnakeCase(resolver.pick?.field ?? "name");
  const snake = toSnakeCase(resolver.query.name);
  return SEARCH_WORDS.has(snake) ? "search" : snake;
}

/** Chains for every target in model order that has a resolver (deprecated targets, and changes that would set nothing, are not chained). */
export function chainProposals(
  model: ApiModel,
  resolvers: readonly Resolver[],
  groupOf: (o: Operation) => { name: string; rank: number },
): Proposal[] {
  return model.operations.flatMap((target) => {
    if (target.deprecated) return [];
    const match = matchChain(model, target, resolvers);
    const chain = match && chainProposal(model, match, groupOf(target));
    return chain && !changesNothing(model, target, chain) ? [chain] : [];
  });
}

/**
 * The operation's summary, else its description's first sentence, else a sentence from its profile when its summary is
 * only an identifier (Trello's `addCards()`), else its method and path.
 */
export function summaryOf(operation: Operation): string {
  const summary = summaryInWords(operation);
  if (summary) return summary;
  const first = operation.description === undefined ? undefined : firstSentenceOf(htmlToText(operation.description));
  if (first) return first;
  return operation.summary?.trim() ? profileSentence(operationProfile(operation)) : signatureOf(operation);
}

/**
 * A description's first sentence: up to a sentence's end or a line's. A line break before a lower-case letter is one
 * the writer wrapped a sentence at (Square's "…information about products for\npurchase and settings…", Twitter's
 * "Updates the\nauthenticating user's settings."), not the end of a title line: the sentence reads on across it.
 */
export function firstSentenceOf(text: string): string | undefined {
  return text
    .trim()
    .replace(/[ \t]*\n[ \t]*(?=[a-z])/g, " ")
    .split(/(?<=[.!?])\s|\n/)[0]
    ?.trim();
}

/** One line, sentence case, ending in a full stop. */
export function sentence(text: string): string {
  const oneLine = sentenceCase(text.replace(/\s+/g, " ").trim());
  return /[.!?]["')\]]*$/.test(oneLine) ? oneLine : `${oneLine}.`;
}

/** `Get Artist` → `get Artist`; an acronym (`URL`) stays. */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
