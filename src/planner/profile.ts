// An operation (method, path, operationId, summary, tags, flags) → what it does for a user: action, object, qualifiers, niche signals.
import type { OperationSummary, Parameter } from "../model/api-model.js";
import { oneLine } from "../runtime/adapters/search.js";
import { htmlToText } from "../util/html-text.js";
import { namedAction } from "./named-action.js";
import { readsByOverride, riskFromWords } from "./risk.js";
import type { OperationProfile } from "../runtime/types.js";
import {
  isPlural,
  NICHE_SIGNALS,
  searchTerms,
  splitWords,
  stem,
  verbClasses,
} from "../runtime/adapters/search-words.js";
import { namingId } from "../model/naming-id.js";

export type { OperationProfile } from "../runtime/types.js";

const PARAMETER = /^\{.+\}$/;
/** A version segment: `v1`, `v1beta2`, dotted `v0.5`, Google's `v3p1beta1`, `2010-04-01`, `3`. */
const VERSION = /^(v\d+(\.\d+)*([a-z]+\d*)*|\d+(\.\d+)*|\d{4}-\d{2}-\d{2})$/i;
/** Words that never name an object: API plumbing and filler in operation ids. */
const NOT_OBJECTS = new Set([
  "api",
  "apis",
  "rest",
  "by",
  "for",
  "of",
  "the",
  "a",
  "an",
  "and",
  "or",
  "with",
  "to",
  "in",
  "id",
  "ids",
  "bulk",
]);

/**
 * The profile of one operation, computed from what the spec says of it alone; a call named apart from its path (see
 * `namedAction`, known once the operation's parameters are) is read from that name.
 */
export function operationProfile(
  operation: OperationSummary & { readonly parameters?: readonly Parameter[] },
): OperationProfile {
  const named = operation.parameters === undefined ? undefined : namedAction(operation);
  if (named !== undefined) return namedActionProfile(named, operation);
  const method = actionPath(operation);
  if (method !== undefined) return namedActionProfile(method, operation);
  const whole = pathSegments(operation.path, namingId(operation));
  const rpc = rpcName(whole);
  const idWords = splitWords(rpc ?? namingId(operation));
  const fromId = idAction(rpc ?? namingId(operation), operation.method);
  // A custom method the id names as its verb (`operations.cancel` on `{name}:cancel`) is a segment of its own.
  const said = customMethodVerb(operation.path);
  const discovered =
    said?.known === true && operation.method !== "get" && discoveryNamesMethod(namingId(operation), operation.path);
  const custom = said !== undefined && (said.action === fromId || discovered) ? said : undefined;
  const segments = custom === undefined ? whole : pathSegments(operation.path, namingId(operation), true);
  const idVerb = fromId === undefined ? idNamedVerb(operation, segments) : undefined;
  const recordVerb = fromId === undefined && idVerb === undefined ? recordVerbSegment(operation, segments) : undefined;
  const verbNamed =
    idVerb ?? segmentNamedVerb(operation, segments) ?? recordVerb ?? readActingSegment(operation, segments);
  const idOpening = fromId === undefined && verbNamed === undefined ? idOpeningVerb(operation, segments) : undefined;
  // A POST its method-override header applies as a GET is named as that read.
  const fromPath =
    verbNamed ?? idOpening ?? pathAction(segments, readsByOverride(operation) ? "get" : operation.method);
  // A custom method its Discovery id names (`logging.entries.copy` on `entries:copy`) is that method's verb, whatever
  // the id's word reads as elsewhere (`pull`, `acknowledge` and `copy` are no create of a "pull").
  // A summary that reads (`testIamPermissions`, "Returns permissions that a caller has") still reads.
  const action = discovered
    ? customAction((custom as { action: string }).action, () => summaryRead(operation, fromPath))
    : listOfMany(
        fromId === undefined || (REST_ACTIONS.has(fromId) && fromPath.verb)
          ? (summaryRead(operation, fromPath) ?? fromPath.action)
          : fromId,
        operation,
        segments,
      );
  const lastWords = splitWords(segments.at(-1) ?? "");
  const verbOnlySegment =
    (recordVerb !== undefined && fromPath === recordVerb && lastWords.length === 1) ||
    (idVerb !== undefined && fromPath === idVerb && lastWords.join(" ") === idVerb.action) ||
    custom !== undefined;
  // A segment that only groups the record's verbs (`…/{userId}/lifecycle/reset_factors`) names no parent.
  const grouped = recordVerb !== undefined && fromPath === recordVerb && groupingSegment(segments);
  // A record a number names after its parent's parameters (CircleCI's `{build_num}`) is a noun of the path.
  const nouns = segments.map((s, at) => numberedRecord(segments, at) ?? s);
  const objectSegments = grouped ? [...nouns.slice(0, -2), ...nouns.slice(-1)] : nouns;
  const objects = objectWords(
    operation,
    verbOnlySegment ? objectSegments.slice(0, -1) : objectSegments,
    rpc,
    idWords,
    action,
    idVerb !== undefined,
    (recordVerb !== undefined && fromPath === recordVerb ? recordVerb : idOpening)?.action,
  );
  const qualifiers = qualifiersOf(operation, segments, idWords);
  const signals = signalsOf(operation, idWords, segments);
  // A custom method that names its own object (`people:createContact`, `{resource}:getIamPolicy`) acts on it, under
  // the thing its path names.
  const own = custom?.object ?? "";
  const parents = checkedParents(
    own === "" || objects.object === "" || objects.object === own
      ? objects
      : { object: objects.object, parents: [...objects.parents, objects.object] },
    verbNamed === undefined && idOpening === undefined && operation.method === "post" ? segments : undefined,
  );
  return {
    action,
    object:
      own !== ""
        ? own
        : fromId !== undefined && fromId === groupVerb(rpc ?? namingId(operation))
          ? withoutVerb(objects.object, action)
          : objects.object,
    ...(parents.length === 0 ? {} : { parents }),
    ...(qualifiers.length === 0 ? {} : { qualifiers }),
    ...(signals.length === 0 ? {} : { signals }),
  };
}

/**
 * The parents of a checking verb's call (see `CHECKING_VERBS`): the thing the path names before the verb stays one when
 * the summary names the object apart (Docker's `/volumes/prune`, "Delete unused volumes": unused volumes, of volume),
 * as it was while the verb was read as a thing of its own.
 */
function checkedParents(
  objects: { readonly object: string; readonly parents: readonly string[] },
  segments: readonly string[] | undefined,
): readonly string[] {
  if (segments === undefined || checkingVerb(splitWords(segments.at(-1) ?? ""), segments) === undefined)
    return objects.parents;
  const before = segments.slice(0, -1).findLast((s) => !PARAMETER.test(s));
  const noun = before === undefined ? "" : singularPhrase(splitWords(before).join(" "));
  return noun === "" || noun === objects.object || objects.parents.includes(noun)
    ? objects.parents
    : [...objects.parents, noun];
}

/**
 * An object that opens with its own action's verb (Azure Batch's `…/{poolId}/disableautoscale`, "disable auto scale",
 * read by `Pool_DisableAutoScale` as a disable): the thing is what follows (`auto scale`).
 */
function withoutVerb(object: string, action: string): string {
  const [first, ...rest] = object.split(" ");
  return rest.length === 0 || first !== action ? object : rest.join(" ");
}

/**
 * A path that is one action's name: a lone segment of two or more words opening with a verb that does something other
 * than read (Telegram's `/sendMessage`, `/deleteChatPhoto`, `/addStickerToSet`), on a call other than a GET, read as
 * verb + object like a named action, never as a create of a `send message`. Its summary or description, when there is
 * one, opens with that verb or one of its action (Adyen's `/closeStores`, "Close stores"; "Use this method to send …"),
 * so a thing named with a verb in front (`/transferInstruments`, "Create a transfer instrument"; `/runGroup`, "Creates a
 * run group") stays a thing; without words, a plural (`/deploy_keys`) is taken for things. A read's name
 * (`/getChat`) is read by `pathAction`; one word (`/upload`) or a plural (`/reports`) may be a noun, unless it is the
 * call's only name (no operationId) and the text opens with that very verb (`/close`, "Use this method to close …").
 */
export function actionPath(
  operation: Pick<OperationSummary, "method" | "path" | "summary" | "description"> & {
    readonly idSynthesized?: boolean;
  },
): string | undefined {
  if (operation.method === "get") return undefined;
  const segments = pathSegments(operation.path);
  const only = segments.length === 1 ? (segments[0] as string) : undefined;
  if (only === undefined || PARAMETER.test(only) || only.includes(".")) return undefined;
  const [first, ...rest] = splitWords(only);
  if (first === undefined || isPlural(first) || NOT_ACTIONS.has(first)) return undefined;
  const classes = verbClasses(stem(first));
  if (classes === undefined || classes.some((c) => READ_CLASSES.has(c))) return undefined;
  const text = htmlToText(operation.summary?.trim() || operation.description?.trim() || "").trim();
  // A phrasal verb (`/logOut`) only where the text says it whole ("… to log out from …"): its particle is no object.
  if (rest.length === 1 && PARTICLES.has(rest[0] as string))
    return openingWords(text).slice(0, 2).join(" ") === `${first} ${rest[0]}` ? only : undefined;
  if (text === "") return rest.length === 0 || isPlural(rest.at(-1) as string) ? undefined : only;
  const opening = openingVerb(text);
  // A verb alone (`/close`) is an action only when it is the call's only name (no operationId: Docker's `/build` is
  // `ImageBuild`) and the text opens with that very verb ("… to close the bot instance").
  if (rest.length === 0)
    return operation.idSynthesized === true && opening !== undefined && stem(opening) === stem(first)
      ? only
      : undefined;
  return opening !== undefined &&
    (stem(opening) === stem(first) || canonicalOf(stem(opening)) === canonicalOf(stem(first)))
    ? only
    : undefined;
}

/** "Use this method to …" and its like, before the verb a description opens with. */
const USE_THIS_TO = /^use this (?:method|endpoint|operation|call|api|request)(?: for [\w\s]{1,30}?)? to\s+/i;

/** The verb a summary or description opens with (`Close stores`; "Use this method to send text messages"; "Retroactively applies …"), lower case. */
function openingVerb(text: string): string | undefined {
  return openingWords(text)[0];
}

/** The words a text opens with from its verb on ("Use this method to log out from …" → `log`, `out`, `from`, …). */
function openingWords(text: string): string[] {
  const words = (/^[A-Za-z][A-Za-z\s]*/.exec(text.replace(USE_THIS_TO, ""))?.[0] ?? "").toLowerCase().split(/\s+/);
  return (/ly$/.test(words[0] ?? "") ? words.slice(1) : words).filter((w) => w !== "");
}

/** Words that finish a phrasal verb (`logOut`, `signIn`, `checkOut`): no object follows. */
const PARTICLES: ReadonlySet<string> = new Set(["in", "out", "up", "off", "on", "down", "over", "back"]);

/** An action named apart from its path (`SendMessage` on `/`), read as verb + object; signals as any operation's. */
function namedActionProfile(name: string, operation: OperationSummary): OperationProfile {
  const { action, object, qualifiers } = readActionName(name);
  const signals = signalsOf(operation, splitWords(name), [name]);
  return {
    action,
    object,
    ...(qualifiers.length === 0 ? {} : { qualifiers }),
    ...(signals.length === 0 ? {} : { signals }),
  };
}

/** What an action's name says: its verb as written, the action it names, its object and how it picks it. */
export interface ActionReading {
  /** The verb as the name writes it (`describe`, `receive`, `purge`). */
  readonly verb: string;
  /** Its class, as a profile names actions: `describe` → get, `remove` → delete, `query` → search, own verbs as written; a read of many → list. */
  readonly action: string;
  /** The object, its last word singular (`queue url`, `dead letter source queue`); empty when the name is a verb alone (`Publish`). */
  readonly object: string;
  /** `for resource`, `by topic`, `with saml`: the words after the object; `batch` for many at once, `many` for that or a plural object. */
  readonly qualifiers: readonly string[];
}

/**
 * An action name read as verb + object: its first word is the verb (a leading `Batch` or `Transact`, or a trailing
 * `Batch`, says it acts on many at once: `BatchGetItem` gets items, `SendMessageBatch` sends messages), the words up to a
 * preposition its object. A read whose object is plural lists
 * (`DescribeInstances`, `ListQueues`); `GetQueueAttributes` still gets, what `get` names is one thing's.
 */
export function readActionName(name: string): ActionReading {
  const words = splitWords(name);
  const leading = MODE_WORDS.has(words[0] ?? "") && words.length > 2;
  const trailing = words.at(-1) === "batch" && words.length >= 2;
  const batch = leading || trailing;
  const [lead = "", ...after] = words.slice(leading ? 1 : 0, trailing ? -1 : undefined);
  const phrasal = after.length === 1 && PARTICLES.has(after[0] as string);
  const verb = phrasal ? `${lead} ${after[0]}` : lead;
  const rest = phrasal ? [] : after;
  const stemmed = stem(verb);
  const classes = verbClasses(stemmed);
  const read = classes === undefined || NOT_ACTIONS.has(stemmed) ? verb : canonicalAction(stemmed, classes);
  const end = rest.findIndex((w) => PHRASE_END.has(w));
  const phrase = (end < 0 ? rest : rest.slice(0, end)).filter((w) => !NOT_OBJECTS.has(w));
  const many = batch || isPlural(phrase.at(-1) ?? "");
  return {
    verb,
    action: read === "get" && verb !== "get" && many ? "list" : read,
    object: singularPhrase(phrase.join(" ")),
    qualifiers: [
      ...(end < 0 ? [] : [rest.slice(end).join(" ")]),
      ...(batch ? ["batch"] : []),
      ...(many ? ["many"] : []),
    ],
  };
}

/** Words before an action's verb that say it works on many at once (`BatchGetItem`, `TransactWriteItems`). */
const MODE_WORDS: ReadonlySet<string> = new Set(["batch", "transact"]);

/** A format extension on a path segment (`/v2/people.json`, `/Calls/{Sid}.json`): it names no thing. */
const FORMAT_EXTENSION = /\.(json|xml)$/i;
/**
 * A segment that only names the format of the answer (Docker's `/images/json`, `/containers/{id}/json`); an `/xml`
 * beside a JSON answer is another form of the thing, kept.
 */
const FORMAT_SEGMENT = /^json$/i;

/**
 * Path segments after any API prefix and version (`/apis/apps/v1/…`, `/rest/api/3/…`, `/v1/…`), each without a format
 * extension (`people.json` → people), and without a segment that only names a format (`/images/json` → images).
 */
function pathSegments(path: string, id?: string, custom = false): string[] {
  const read = path
    .split("/")
    .map((s) => s.replace(FORMAT_EXTENSION, ""))
    .filter((s) => s !== "" && !FORMAT_SEGMENT.test(s));
  const all = custom ? customMethodSegments(read) : read;
  const version = all.findIndex((s) => VERSION.test(s));
  const kept =
    version >= 0 && version < 3 ? all.slice(version + 1) : all.filter((s) => !NOT_OBJECTS.has(s.toLowerCase()));
  return withNamedCollection(kept, id);
}

/** A custom method after a path's last segment (Google's `/v2/{name}:cancel`, `/v2/entries:copy`): the segment, the method. */
const CUSTOM_METHOD = /^([^:]+):([A-Za-z][A-Za-z0-9]*)$/;

/**
 * A path's segments with a custom method ending the last one read as a segment of its own, as a verb segment after a
 * record or a collection is (`{name}:cancel` → `{name}`, `cancel`; `entries:copy` → `entries`, `copy`): the method's
 * name is what the call does, never a word of the thing's name ("a name cancel", "an entries copy").
 */
export function customMethodSegments(segments: readonly string[]): string[] {
  const match = CUSTOM_METHOD.exec(segments.at(-1) ?? "");
  return match === null ? [...segments] : [...segments.slice(0, -1), match[1] as string, match[2] as string];
}

/**
 * The action a custom method ending a path names (`:cancel`, `:createContact` → create, `:batchGet` → get) and the
 * object it names of its own (`contact`): a custom method is a verb (Google's API design guide, AIP-136), done to what
 * the segment before it names. Read as such where the operation id names the same action (`operations.cancel`), or
 * where a Discovery id ends with the method (`subscriptions.acknowledge` on `:acknowledge`, see
 * `discoveryNamesMethod`). `known` is false for a name of several words whose first the search knows as no verb
 * (`asymmetricDecrypt`, `domainJoinMachine`): its verb is not its first word, and only a matching id reads it.
 */
function customMethodVerb(path: string): { action: string; object: string; known: boolean } | undefined {
  const method = CUSTOM_METHOD.exec(path.split("/").at(-1) ?? "")?.[2];
  if (method === undefined) return undefined;
  // `batchGet`, `createAsync`: how it is done, not what to.
  const all = splitWords(method);
  const words = all.length === 1 ? all : all.filter((w) => !MANNER_WORDS.has(w));
  const { verb, action, object, qualifiers } = readActionName(words.join(" "));
  if (action === "") return undefined;
  // `write` reads as a create or an update: as a method of its own it is neither, it writes (`entries:write`).
  const classes = verbClasses(stem(verb)) ?? [];
  const own = classes.includes("create") && classes.includes("update") && verb === words[0] ? verb : action;
  // `setLiveOnGoogle`, `setReadyToServe`: the one word a change sets before a preposition is a state ("live on
  // Google"), no thing.
  const state =
    classes.includes("update") &&
    !object.includes(" ") &&
    qualifiers.some((q) => PHRASE_END.has(q.split(" ")[0] ?? ""));
  return { action: own, object: state ? "" : object, known: classes.length > 0 || words.length === 1 };
}

/** A Discovery-named custom method's action: its own, unless the summary reads and the method is no read of its own. */
function customAction(own: string, summary: () => string | undefined): string {
  return READ_CLASSES.has(own) ? own : (summary() ?? own);
}

/**
 * Whether a dotted Discovery id ends with the custom method its path ends with (`logging.entries.list` on
 * `/v2/entries:list`, `pubsub.projects.subscriptions.pull` on `{subscription}:pull`): Google's converted documents name
 * each method so, and then the method's name is the call's verb, read as a custom method even where the id's word is
 * no action the search knows (`copy`, `pull`, `acknowledge`).
 */
function discoveryNamesMethod(id: string, path: string): boolean {
  const method = CUSTOM_METHOD.exec(path.split("/").at(-1) ?? "")?.[2];
  return method !== undefined && RESOURCE_METHOD_ID.test(id) && id.split(".").at(-1) === method;
}

/** Words of a custom method's name that say how it runs, not what it acts on (`batchGet`, `createAsync`). */
const MANNER_WORDS: ReadonlySet<string> = new Set(["batch", "async"]);

/** A dotted id of a service, its resources and a method (Google's Discovery ids: `logging.projects.metrics.get`). */
const RESOURCE_METHOD_ID = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*){2,}$/;

/**
 * A path that is only a resource name after its version (Google's `/v2/{name}:cancel`, `/v2/{metricName}`: the
 * parameter holds the whole `projects/p/locations/l/operations/o`) names its collection nowhere but in its Discovery
 * id, the resource before the method (`logging.projects.locations.operations.cancel` → `operations`): that collection
 * goes before the parameter, as a path that spells it would have it (`/operations/{name}/cancel`). The parameter's
 * own name (`name`) is never the thing.
 */
function withNamedCollection(segments: readonly string[], id: string | undefined): string[] {
  const [first, ...rest] = segments;
  if (first === undefined || !PARAMETER.test(first) || rest.some((s) => PARAMETER.test(s)) || rest.length > 1)
    return [...segments];
  if (id === undefined || !RESOURCE_METHOD_ID.test(id)) return [...segments];
  const parts = id.split(".");
  const collection = parts.at(-2) as string;
  // The rest is the custom method, named as the id's method (`operations.cancel` on `{name}:cancel`), or nothing.
  if (rest.length === 1 && (rest[0] as string).toLowerCase() !== (parts.at(-1) as string).toLowerCase())
    return [...segments];
  return [collection, ...segments];
}

/** The method name of an RPC-style path (`/chat.postMessage`, `/conversations.invite`), else undefined. */
function rpcName(segments: readonly string[]): string | undefined {
  const last = segments.at(-1);
  return segments.length === 1 && last !== undefined && /^[A-Za-z]+(\.[A-Za-z]+)+$/.test(last) ? last : undefined;
}

/**
 * The action an operation id names: the first word of its method name after a namespace (`issues/create`,
 * `chat.postMessage`), else of the whole id (`listCoreV1NamespacedPod`, `createTask`). A one-part id that starts with the
 * HTTP method (`PostCustomers`, `getListsBoardByIdList`) names the path, not an action: the path decides.
 */
function idAction(id: string, method: string): string | undefined {
  const parts = id.split(/[/.]/).filter((p) => p !== "");
  const word = splitWords(parts.at(-1) ?? "")[0];
  if (word === undefined || (parts.length === 1 && word === method)) return undefined;
  const stemmed = stem(word);
  const classes = verbClasses(stemmed);
  if (classes === undefined || NOT_ACTIONS.has(stemmed)) return method === "get" ? undefined : groupVerb(id);
  return canonicalAction(stemmed, classes);
}

/** An id written `Group_Method` (`VirtualMachines_CreateOrUpdate`): its operation group and its method, else undefined. */
export function groupedId(id: string): { readonly group: string; readonly method: string } | undefined {
  const [, group, method] = /^([A-Z][A-Za-z0-9]*)_([A-Z][A-Za-z0-9]*)$/.exec(id) ?? [];
  return group === undefined || method === undefined ? undefined : { group, method };
}

/** `groupedId` of an id whose group is an operation group, not an HTTP method (AWS's `POST_CreateStack` has none). */
export function operationGroupId(id: string): { readonly group: string; readonly method: string } | undefined {
  const parts = groupedId(id);
  return parts === undefined || /^(get|post|put|patch|delete|head|options)$/i.test(parts.group) ? undefined : parts;
}

/** An id's method part named after its HTTP method (`Users_Post`, `Files_PutFile`) says no more than the method. */
const HTTP_METHOD_WORDS: ReadonlySet<string> = new Set(["get", "post", "put", "patch", "delete", "head"]);

/**
 * The verb of an id written `Group_VerbObject` when it does more than create, read, change or delete
 * (`VirtualMachineScaleSetRollingUpgrades_StartExtensionUpgrade` starts, `ScaleUnits_ScaleOut` scales out), on a
 * call other than a GET; its create-or-update, reads and searches leave the reading to the path and the method.
 */
function groupVerb(id: string): string | undefined {
  const [word, particle, ...more] = splitWords(groupedId(id)?.method ?? "");
  if (word === undefined || HTTP_METHOD_WORDS.has(word)) return undefined;
  const stemmed = stem(word);
  const classes = verbClasses(stemmed);
  if (classes === undefined || NOT_ACTIONS.has(stemmed) || classes.some((c) => READ_CLASSES.has(c))) return undefined;
  if (particle !== undefined && more.length === 0 && PARTICLES.has(particle)) return `${word} ${particle}`;
  const action = canonicalAction(stemmed, classes);
  return REST_ACTIONS.has(action) ? undefined : action;
}

/**
 * The verb of a write's last path segment that the operation id names after the path's nouns and the summary opens
 * with: Docker's `ContainerKill` on `/containers/{id}/kill` ("Kill a container") kills, `SwarmInit` on `/swarm/init`
 * ("Initialize a new swarm") inits, Azure's `VirtualMachines_Deallocate` deallocates, a verb no table needs to know;
 * `regeneratePrimaryKey` regenerates a primary key. A noun segment (`/users/{id}/profile`, `UserProfile`, "Update a
 * user's profile") is not the word the summary opens with; a plural one (`/settings`) and a noun + verb one
 * (`record_start`: start recording) are never read so.
 */
function idNamedVerb(
  operation: OperationSummary,
  segments: readonly string[],
): { action: string; verb: true } | undefined {
  const last = segments.at(-1) ?? "";
  if (!WRITE_METHODS.has(operation.method) || PARAMETER.test(last) || segments.length < 2) return undefined;
  const words = splitWords(last);
  const verb = words[0];
  const tail = words.length > 1 ? (words.at(-1) as string) : undefined;
  const nounVerb = tail !== undefined && !isPlural(tail) && verbClasses(tail) !== undefined;
  const phrasal = words.length === 2 && PARTICLES.has(tail as string);
  if (verb === undefined || isPlural(verb) || verbClasses(stem(verb)) !== undefined || nounVerb) return undefined;
  const id = splitWords(namingId(operation).split(/[/.]/).at(-1) ?? "");
  const before = id.slice(0, id.length - words.length);
  if (before.length === 0 || id.slice(before.length).join(" ") !== words.join(" ")) return undefined;
  const nouns = new Set(
    segments
      .slice(0, -1)
      .filter((s) => !PARAMETER.test(s))
      .flatMap(splitWords)
      .map(stem),
  );
  if (!before.every((w) => nouns.has(stem(w)))) return undefined;
  const text = operation.summary?.trim() || operation.description?.trim() || "";
  const opening = splitWords(/^[A-Za-z]+/.exec(text)?.[0] ?? "")[0] ?? "";
  return opening.startsWith(verb) ||
    (opening.length >= 4 && verb.startsWith(opening)) ||
    (groupVerbId(operation, words) && !opensWithOtherVerb(text, verb))
    ? { action: phrasal ? words.join(" ") : verb, verb: true }
    : undefined;
}

/**
 * An operation id written `Group_Verb` whose verb part is the path's last segment (`VirtualMachines_Deallocate` on
 * `…/{vmName}/deallocate`: the operation group, then what is done to it, the convention of generated Azure clients),
 * named by the spec, not made up; a participle first (`PlannedFailover`) is no verb, and a read or a count
 * (`ProductsApi_Count`) is left to the reads.
 */
function groupVerbId(operation: OperationSummary, segmentWords: readonly string[]): boolean {
  const id = groupedId(namingId(operation));
  const first = segmentWords[0] ?? "";
  const participle = /(ed|ing)$/.test(first);
  return (
    !operation.idSynthesized &&
    !participle &&
    !RPC_READS.has(first) &&
    first !== "count" &&
    id !== undefined &&
    splitWords(id.method).join(" ") === segmentWords.join(" ")
  );
}

/**
 * Whether a text opens with a verb other than `verb` acting on a thing ("Creates or updates the model status",
 * "Declare an emergency", "Post a payment token"): then the text, not the segment, says what the call does.
 */
function opensWithOtherVerb(text: string, verb: string): boolean {
  const [opening, next] = /^([A-Za-z]+)\s+([A-Za-z]+)/.exec(htmlToText(text).trim())?.slice(1) ?? [];
  if (opening === undefined || next === undefined || stem(opening.toLowerCase()) === stem(verb)) return false;
  return (
    DETERMINERS.has(next.toLowerCase()) ||
    next.toLowerCase() === "or" ||
    verbClasses(stem(opening.toLowerCase())) !== undefined
  );
}

/**
 * A POST to a segment right under a record whose summary opens with that segment's word as its verb: Zuora's `POST
 * /debitmemos/{id}/collect` ("Collect a posted debit memo") collects, `POST /creditmemos/{id}/emails` ("Email a credit
 * memo") emails, LaunchDarkly's `POST /flags/{project}/{key}/copy` ("Copies the feature flag configuration …") copies,
 * verbs no table knows (a known one is `verbSegment`'s); never a create of a "collect" or an "email". The verb is
 * followed by a determiner, or the operation id opens with it after the method (`copyFeatureFlag`,
 * `postApplyApprovalRequest`, Space Traders' `sell-cargo`); a plural or many-word segment only with a determiner
 * (`/files`, "Upload a file", stays a collection; Red Hat's `/incremental_refresh`, "Incremental Refresh an existing
 * Source", is no "incremental"). A label before a colon ("Multi-entity: Accept a connection request") is not the
 * opening. A PUT or PATCH there is left to the update it reads as.
 */
/** Whether a call is a verb done to the record its path ends under (see `recordVerbSegment`): a copy, a collect. */
export function actsOnRecord(operation: OperationSummary): boolean {
  return recordVerbSegment(operation, pathSegments(operation.path, namingId(operation))) !== undefined;
}

const RECORD_VERB_METHODS: ReadonlySet<string> = new Set(["post", "put", "patch"]);

function recordVerbSegment(
  operation: OperationSummary,
  segments: readonly string[],
): { action: string; verb: true } | undefined {
  const last = segments.at(-1) ?? "";
  if (!RECORD_VERB_METHODS.has(operation.method) || segments.length < 2 || PARAMETER.test(last)) return undefined;
  const grouped = groupingSegment(segments);
  if (!PARAMETER.test(segments.at(-2) ?? "") && !grouped) return undefined;
  const words = splitWords(last);
  const verb = words[0];
  if (verb === undefined || verb.length < 3 || verbClasses(stem(verb)) !== undefined) return undefined;
  if (methodOfResource(operation, segments)) return { action: verb, verb: true };
  const text = htmlToText(operation.summary?.trim() || operation.description?.trim() || "")
    .trim()
    .replace(/^[\w -]{1,30}:\s+/, "");
  const [opening, next] = /^([A-Za-z]+)\s+([A-Za-z]+)/.exec(text)?.slice(1) ?? [];
  if (opening === undefined || next === undefined || stem(opening.toLowerCase()) !== stem(verb)) return undefined;
  if (RESTATED_VERBS.has(canonicalOf(stem(verb)))) return undefined;
  const determined = DETERMINERS.has(next.toLowerCase());
  const id = splitWords(namingId(operation).split(/[/.]/).at(-1) ?? "");
  // A PUT or PATCH the spec's own id calls an update (DigitalOcean's `databases_update_region` on `…/migrate`) stays one.
  if (
    operation.method !== "post" &&
    !operation.idSynthesized &&
    id.some((w) => verbClasses(stem(w))?.includes("update"))
  )
    return undefined;
  const idOpens = (id[0] === operation.method ? id[1] : id[0]) === verb;
  // Under a grouping segment the id that is the segment's words (Okta's `resetFactors` on `…/lifecycle/reset_factors`)
  // names verb and object as the path does.
  // A noun + verb segment (`bulkInsert`: insert in bulk) is no such pair.
  const idIsSegment =
    grouped && words.length > 1 && id.join(" ") === words.join(" ") && verbClasses(stem(words[1] ?? "")) === undefined;
  if (!determined && !idIsSegment && (words.length > 1 || isPlural(verb) || !idOpens)) return undefined;
  return { action: stem(verb), verb: true };
}

/**
 * An operation id whose last part is the path's last segment, one word, and whose part before names the collection
 * right above the record's parameter (Google's Discovery ids: `gmail.users.messages.trash` on
 * `POST …/messages/{id}/trash`, `untrash` likewise): the spec names the segment as the resource's method, a verb done
 * to the record whether or not a table knows it, never a create of a "trash". A segment that is a thing of its own
 * (`…/{id}/attachments`, a plural) or an id that does not name the collection is left to the other readings.
 */
function methodOfResource(operation: OperationSummary, segments: readonly string[]): boolean {
  const last = segments.at(-1) ?? "";
  const collection = segments.at(-3);
  if (operation.idSynthesized || collection === undefined || PARAMETER.test(collection)) return false;
  if (!PARAMETER.test(segments.at(-2) ?? "") || splitWords(last).length !== 1 || isPlural(last)) return false;
  const parts = namingId(operation).split(/[/.]/);
  const [resource, method] = parts.slice(-2);
  if (parts.length < 2 || resource === undefined || method !== last) return false;
  return singularPhrase(splitWords(resource).join(" ")) === singularPhrase(splitWords(collection).join(" "));
}

/**
 * A plain segment between a record's parameter and the verb segment after it that only groups the record's verbs: Okta's
 * `/users/{userId}/lifecycle/activate`, `/users/{userId}/credentials/forgot_password`, `/calls/{id}/actions/answer`.
 */
function groupingSegment(segments: readonly string[]): boolean {
  const group = segments.at(-2) ?? "";
  return segments.length >= 4 && PARAMETER.test(segments.at(-3) ?? "") && !PARAMETER.test(group) && group !== "";
}

/**
 * A POST to a record whose operation id opens with a verb no table knows and whose summary opens with that verb, then
 * the thing it is done to: Velo's `instructPayoutV3` on `POST /v3/payouts/{payoutId}` ("Instruct Payout") instructs
 * the payout (sends its money), GitHub's `apps/reset-authorization` ("Reset an authorization") resets it, never an
 * update of the record. The verb's next word is a determiner or a word of the path or of the id; a word of the path
 * itself (Magento's `bundle-products/…`, `/invite/verify/{token}`), a noun phrase ("Text To Speech", "Expense Action"),
 * a modifier of a known verb ("Partial update project role") and a summary that only repeats the id
 * (`verifyAdminInvite`) are left to the method.
 */
/** The verb a POST to a record opens its operation id with, read as its action (see `idOpeningVerb`), else undefined. */
export const idOpeningAction = (operation: OperationSummary): string | undefined =>
  idOpeningVerb(operation, pathSegments(operation.path, namingId(operation)))?.action;

function idOpeningVerb(
  operation: OperationSummary,
  segments: readonly string[],
): { action: string; verb: true } | undefined {
  if (operation.method !== "post" || operation.idSynthesized || !PARAMETER.test(segments.at(-1) ?? ""))
    return undefined;
  const [verb, ...rest] = splitWords(namingId(operation).split(/[/.]/).at(-1) ?? "");
  if (verb === undefined || verb.length < 3 || isPlural(verb) || /(ed|ing)$/.test(verb)) return undefined;
  if (HTTP_METHOD_WORDS.has(verb) || NOT_ACTIONS.has(verb) || verbClasses(stem(verb)) !== undefined) return undefined;
  const pathWords = new Set(
    segments
      .filter((s) => !PARAMETER.test(s))
      .flatMap(splitWords)
      .map(stem),
  );
  if (pathWords.has(stem(verb))) return undefined;
  const text = htmlToText(operation.summary?.trim() || operation.description?.trim() || "").trim();
  const [opening, next] = /^([A-Za-z]+)\s+([A-Za-z]+)/.exec(text)?.slice(1) ?? [];
  if (opening === undefined || next === undefined || opening === opening.toUpperCase()) return undefined;
  if (stem(opening.toLowerCase()) !== stem(verb)) return undefined;
  const object = stem(next.toLowerCase());
  if (DETERMINERS.has(next.toLowerCase())) return { action: verb, verb: true };
  // A known verb next ("Partial update project role", `partialUpdateProjectRole`) makes the opening its modifier.
  const named = verbClasses(object) === undefined && (pathWords.has(object) || rest.some((w) => stem(w) === object));
  return named ? { action: verb, verb: true } : undefined;
}

/**
 * A write on a record whose summary opens with the verb a noun of its path is made from: SoundCloud's `POST
 * /likes/tracks/{track_id}` ("Likes a track.") likes, `POST /reposts/tracks/{track_id}` ("Reposts a track") reposts,
 * `PUT /me/followings/{user_id}` ("Follows a user.") follows, never an update of the track or the user. A verb that only
 * restates the method (`Updates a like`) is no such verb.
 */
function segmentNamedVerb(
  operation: OperationSummary,
  segments: readonly string[],
): { action: string; verb: true } | undefined {
  if (!WRITE_METHODS.has(operation.method) || !PARAMETER.test(segments.at(-1) ?? "")) return undefined;
  const text = htmlToText(operation.summary?.trim() || operation.description?.trim() || "").trim();
  const [opening, next] = /^([A-Za-z]+)\s+([A-Za-z]+)/.exec(text)?.slice(1) ?? [];
  if (opening === undefined || next === undefined || opening === opening.toUpperCase()) return undefined;
  const verb = stem(opening.toLowerCase());
  if (verb.length < 3 || RESTATED_VERBS.has(canonicalOf(verb))) return undefined;
  if (!DETERMINERS.has(next.toLowerCase()) && verbClasses(verb) === undefined) return undefined;
  return madeByVerb(segments.filter((s) => !PARAMETER.test(s)).flatMap(splitWords), verb)
    ? { action: verb, verb: true }
    : undefined;
}

/**
 * Whether one of `words` is a noun made from `verb` (`likes`, `reposts`, `followings`, `votes` of like, repost,
 * follow, vote): the verb itself (`/check/`, `moveAfter`) is not.
 */
export function madeByVerb(words: readonly string[], verb: string): boolean {
  const made = stem(verb);
  return words.some((w) => w !== made && (stem(w) === made || stem(w).replace(/ing$/, "") === made));
}

/** Words that follow a verb and open its object (`Likes a track`, `Favourite the episode`). */
const DETERMINERS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "the",
  "my",
  "your",
  "this",
  "that",
  "one",
  "its",
  "their",
]);

/** Verbs a write's summary opens with that say no more than its method. */
const RESTATED_VERBS: ReadonlySet<string> = new Set([
  "create",
  "add",
  "get",
  "list",
  "update",
  "delete",
  "set",
  "put",
  "post",
  "patch",
  "save",
]);

/** Methods a verb segment names the action of: a DELETE deletes whatever its last segment says (`/selective`). */
const WRITE_METHODS: ReadonlySet<string> = new Set(["post", "put", "patch"]);

/** Actions that only restate the method: a verb segment of the path (`/moveAllCards`, `/scale`) says more. */
const REST_ACTIONS = new Set(["create", "add", "get", "list", "update", "delete"]);

/** A read of a collection path whose id names its object in the plural (`getComments`, `getIssueAllTypes`) lists. */
function listOfMany(action: string, operation: OperationSummary, segments: readonly string[]): string {
  if (action !== "get" || operation.method !== "get" || PARAMETER.test(segments.at(-1) ?? "")) return action;
  const method = splitWords(namingId(operation).split(/[/.]/).at(-1) ?? "").slice(1);
  const end = method.findIndex((w) => PHRASE_END.has(w));
  const object = end < 0 ? method : method.slice(0, end);
  return isPlural(object.at(-1) ?? "") ? "list" : action;
}

/** Verb-class words that do not start an operation name as a verb (`all_pets`, `new_releases`, `info`). */
const NOT_ACTIONS = new Set(["all", "new", "info", "what", "which", "who"]);

/** One name per verb class: `read` → get, `replace`/`patch` → update, `post` → send, own verbs as written. */
function canonicalAction(word: string, classes: readonly string[]): string {
  if (word === "post") return "send";
  if (word === "read" || word === "retrieve" || word === "fetch" || word === "describe") return "get";
  if (word === "replace" || word === "patch" || word === "modify" || word === "edit" || word === "change")
    return "update";
  if (word === "remove" || word === "erase" || word === "destroy") return "delete";
  return classes.includes(word) ? word : (classes[0] as string);
}

/**
 * The action from method and path: a trailing verb segment (`/refund`, `/moveAllCards`, `/closed` → close), else the
 * REST reading of the method. `verb` says a segment named it; a plural segment (`/votes`) names it only as a fallback.
 */
function pathAction(segments: readonly string[], method: string): { action: string; verb?: true } {
  const last = segments.at(-1) ?? "";
  const lastWords = splitWords(last);
  const read = method === "post" && !PARAMETER.test(last) ? RPC_READS.get(lastWords[0] ?? "") : undefined;
  if (read !== undefined) return { action: read, verb: true };
  const segmentVerb =
    PARAMETER.test(last) || (segments.length < 2 && method !== "get") ? undefined : verbSegment(lastWords, method);
  if (segmentVerb !== undefined) return segmentVerb;
  const checking = method === "post" ? checkingVerb(lastWords, segments) : undefined;
  // Not marked a verb: a summary that leads with a read (Pinpoint's `…/number/validate`, "Retrieves information about a
  // phone number") still reads, and an id that names a create (`createTest`) still creates.
  if (checking !== undefined) return { action: checking };
  const onItem = PARAMETER.test(last);
  switch (method) {
    case "get":
      return { action: onItem || !isPlural(splitWords(last).at(-1) ?? "") ? "get" : "list" };
    case "post":
      return { action: onItem ? "update" : "create" };
    case "put":
    case "patch":
      return { action: "update" };
    case "delete":
      return { action: "delete" };
    default:
      return { action: "get" };
  }
}

const READ_CLASSES = new Set(["get", "list", "search"]);

/**
 * Verbs a POST's last segment names that make nothing: a check, a trial or a redo of another call (Docker's `POST
 * /volumes/prune`, "Delete unused volumes"; DigitalOcean's `POST /v2/apps/propose`, `…/rollback/validate`, `…/retry`;
 * a webhook's `/test`). The POST is that verb's action, never a create of a "prune" or a "validate".
 */
const CHECKING_VERBS: ReadonlySet<string> = new Set([
  "prune",
  "validate",
  "propose",
  "preview",
  "estimate",
  "retry",
  "test",
  "verify",
  "simulate",
]);

/**
 * The checking verb (see `CHECKING_VERBS`) a POST's last segment is, one word, as its action; under a
 * segment that is a verb itself (Docker's `/build/prune`) the two are left to the other readings.
 */
function checkingVerb(words: readonly string[], segments: readonly string[]): string | undefined {
  const said = words.join(" ");
  if (!CHECKING_VERBS.has(said)) return undefined;
  // A segment that only groups a record's verbs (Hetzner's `…/{id}/actions/retry`) is left to `recordVerbSegment`.
  if (groupingSegment(segments)) return undefined;
  const before = segments.slice(0, -1).findLast((s) => !PARAMETER.test(s));
  if (before !== undefined && verbClasses(stem(splitWords(before)[0] ?? "")) !== undefined) return undefined;
  return said;
}

/**
 * A read whose last segment is an acting verb that risk reads as a change (its summary opens with it, see
 * `riskFromWords`): BulkSMS's `GET /messages/send`, "Send message by simple GET or POST", sends; a read's segment alone
 * is often a noun (`/archive`, a data `/set`).
 */
/** The acting verb a read's last path segment names (see `readActingSegment`), as the segment writes it. */
export function readActingVerb(operation: OperationSummary): string | undefined {
  const segments = pathSegments(operation.path, namingId(operation));
  return readActingSegment(operation, segments) === undefined ? undefined : segments.at(-1);
}

function readActingSegment(
  operation: OperationSummary,
  segments: readonly string[],
): { action: string; verb: true } | undefined {
  const last = segments.at(-1) ?? "";
  if ((operation.method !== "get" && operation.method !== "head") || segments.length < 2 || PARAMETER.test(last))
    return undefined;
  const first = splitWords(last)[0];
  if (first === undefined || isPlural(first)) return undefined;
  const classes = verbClasses(stem(first));
  if (classes === undefined || classes.some((c) => READ_CLASSES.has(c))) return undefined;
  // Only where risk reads the segment as a change (a data `/dispatch` schedule, "Dispatch (…)", changes nothing).
  return riskFromWords(operation)?.source === `path ${operation.path}`
    ? { action: canonicalAction(stem(first), classes), verb: true }
    : undefined;
}

/**
 * The read a POST does when neither its id nor a verb of its path says what it does and its summary leads with a read
 * verb (SendGrid's `POST /marketing/contacts/search/emails`, "Get Contacts by Emails": get), none of its words one
 * that makes risk read it as a change; init drafts the same calls as reads (see `readsByPost`).
 */
function summaryRead(operation: OperationSummary, fromPath: { action: string; verb?: true }): string | undefined {
  if (operation.method !== "post" || fromPath.verb) return undefined;
  const text = operation.summary?.trim() || operation.description?.trim() || "";
  const first = /^[A-Za-z]+/.exec(text.replace(MANY_AT_ONCE, ""))?.[0]?.toLowerCase() ?? "";
  const read =
    SUMMARY_READS.get(first) ??
    SUMMARY_READS.get(
      first
        .replace(/ies$/, "y")
        .replace(/(ch|sh)es$/, "$1")
        .replace(/s$/, ""),
    );
  return read === undefined || riskFromWords(operation) !== undefined || answersAChange(text) ? undefined : read;
}

/** A word before the verb that says the call does it for many at once: circl.lu's "Bulk search of MD5 hashes". */
const MANY_AT_ONCE = /^(bulk|batch|mass)\s+/i;

/**
 * A summary that says the answer is what the call just made or changed (SoundCloud's `POST /tracks/{id}/comments`,
 * "Returns the newly created comment on success"): the call makes it, whatever verb opens the sentence.
 */
export function answersAChange(text: string): boolean {
  return ANSWERS_A_CHANGE.test(text);
}

const ANSWERS_A_CHANGE =
  /^(returns?|gets?|retrieves?|responds with)\s+(the\s+|a\s+|an\s+)?(newly\s+|just\s+)?(created|added|updated|modified|posted|edited|new)\b/i;

/**
 * Read verbs that, opening the last segment of a POST's path, make it the read it names (an RPC-style API whose every
 * call is a POST: Airbyte's `/v1/connections/get`, `/v1/sources/list`, keyserv's `/v1/ProductsApi/List`, Mandrill's
 * `/exports/info.json`).
 */
const RPC_READS: ReadonlyMap<string, string> = new Map([
  ["get", "get"],
  ["list", "list"],
  ["search", "search"],
  ["query", "search"],
  ["find", "search"],
  ["lookup", "search"],
  ["fetch", "get"],
  ["retrieve", "get"],
  ["describe", "get"],
  ["info", "get"],
]);

/** Verbs that, leading a POST's summary, make it a read (Mandrill's "Return more detailed information about a single sender", "Check the MX settings …"): the path's read verbs and two that never open a path's method as a read (`check-runs` are made). */
const SUMMARY_READS: ReadonlyMap<string, string> = new Map([...RPC_READS, ["return", "get"], ["check", "get"]]);

/** The verb a trailing path segment names: a search of a read (`/search`, `/find`), a write's verb or participle. */
function verbSegment(words: readonly string[], method: string): { action: string; verb?: true } | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  if (method === "get") {
    const classes = verbClasses(stem(first));
    if (classes?.[0] === "search" && words.length === 1) return { action: "search", verb: true };
    // A search joined to what it searches in one word (NYT's `/articlesearch.json`, BC Laws' `/fullsearch`); a
    // participle before it names a kept search (`/savedsearch`), a word of two letters another word (`/research`).
    const joined = /^([a-z]{3,})search$/.exec(words.length === 1 ? first : "")?.[1];
    return joined !== undefined && !joined.endsWith("ed") ? { action: "search", verb: true } : undefined;
  }
  const participle = words.length === 1 ? participleVerb(first) : undefined;
  if (participle !== undefined) return { action: participle, verb: true };
  const verb = stem(first);
  const classes = verbClasses(verb);
  if (classes === undefined || classes.some((c) => READ_CLASSES.has(c))) return undefined;
  const action = canonicalAction(verb, classes);
  return isPlural(first) ? { action } : { action, verb: true };
}

/** `closed` → close, `archived` → archive: an attribute a write sets by the verb it is the participle of. */
function participleVerb(word: string): string | undefined {
  if (!word.endsWith("ed")) return undefined;
  const base = [word.slice(0, -1), word.slice(0, -2)].find((w) => verbClasses(w) !== undefined);
  return base === undefined ? undefined : canonicalAction(base, verbClasses(base) as readonly string[]);
}

/** A parameter that numbers a record (`build_num`, `buildNumber`, `order_no`): the record and the numbering word. */
const NUMBERED = /^(.+?)[_-]?(num|Num|number|Number|no|No)$/;
/**
 * Numbers that name no record of their own: a page or a place in a listing, and a reference, serial or document number,
 * the record's own (Visma's `/kitassembly/{type}/{refNo}` is a kit assembly document's, after its kind).
 */
const NOT_A_RECORD = /^(page|offset|start|skip|index|ref|reference|serial|doc|document|seq|sequence)$/;

/**
 * The record a path parameter numbers when no static segment names it, in words: CircleCI's `{build_num}` in
 * `POST /project/{username}/{project}/{build_num}/cancel` ("Cancels the build") is a build's, not the project's the
 * static segment names. Only a `<noun>_num`/`<noun>_number`/`<noun>Number` parameter directly after another parameter
 * (the parent's own) and before a last static segment (the verb, or the record's own things), never a page
 * (`{page_num}`: The Blue Alliance's `/teams/{year}/{page_num}/keys`). Takes the path's segments and the parameter's
 * index.
 */
export function numberedRecord(segments: readonly string[], at: number): string | undefined {
  const [before, numbered, after] = [segments[at - 1] ?? "", segments[at] ?? "", segments[at + 1] ?? "{}"];
  if (!PARAMETER.test(before) || !PARAMETER.test(numbered) || PARAMETER.test(after) || at !== segments.length - 2)
    return undefined;
  const match = NUMBERED.exec(numbered.slice(1, -1));
  const noun = match === null ? "" : singularPhrase(splitWords(match[1] ?? "").join(" "));
  return noun === "" || NOT_A_RECORD.test(noun) ? undefined : noun;
}

/**
 * The object: the summary's noun after its verb when the summary reads "Verb a thing", else the last noun of the path
 * (or of an RPC method name); parents are the nouns before it. An RPC method of a namespace whose summary makes a verb
 * of the namespace (`pins.add`: "Pins an item to a channel") acts on the namespace's noun (add pin).
 */
function objectWords(
  operation: OperationSummary,
  segments: readonly string[],
  rpc: string | undefined,
  idWords: readonly string[],
  action: string,
  idVerb = false,
  segmentVerb?: string,
): { object: string; parents: string[] } {
  const rpcWords = rpc === undefined ? undefined : rpcNouns(rpc);
  const nouns = rpcWords
    ? [...rpcWords.namespace, ...rpcWords.method]
    : segments
        .filter((s) => !PARAMETER.test(s) && !(idVerb && ACTION_GROUPS.has(s.toLowerCase())))
        .map((s) => segmentNoun(splitWords(s), action));
  const said = nouns.filter((n) => n !== "" && !isActionSegment(n, action));
  const caller = said.length > 0 && SELF_SEGMENTS.has(said.at(-1) as string);
  const usable = caller ? [...said.slice(-1), ...said.slice(0, -1)] : said;
  const callerOnly = caller && usable.length === 1;
  const pathObject = callerOnly ? "" : singularPhrase(idSpelling(usable.at(-1) ?? "", idWords));
  const named = new Set([...usable.flatMap((n) => searchTerms(n)), ...searchTerms(idWords.join(" "))]);
  const fromSummary = summaryObject(
    operation.summary ?? (operation.description === undefined ? undefined : oneLine(operation.description)),
    segmentVerb,
  );
  const verbOnly = rpcWords !== undefined && rpcWords.method.length === 0;
  const summaryVerb = splitWords(operation.summary ?? operation.description ?? "")[0];
  const verbsNamespace = verbOnly && summaryVerb !== undefined && stem(summaryVerb) === stem(usable.at(-1) ?? "");
  const usableSummary =
    fromSummary !== undefined &&
    !verbsNamespace &&
    !isActionSegment(fromSummary, action) &&
    (verbOnly || callerOnly || segmentVerb !== undefined || searchTerms(fromSummary).some((t) => named.has(t)));
  const object = usableSummary ? (fromSummary as string) : pathObject;
  const parents = (verbOnly ? usable : usable.slice(0, -1)).map(singularPhrase).filter((p) => p !== "" && p !== object);
  return { object, parents: [...new Set(parents)] };
}

/**
 * A path segment's one word as the operation id writes it in parts (`statefulsets` of `listAppsV1NamespacedStatefulSet`
 * → `stateful sets`), so that the path and a description that says "StatefulSet" name one object; else the segment.
 * Parents keep the path's spelling: init matches them to resources, which are named from path segments.
 */
export function idSpelling(noun: string, idWords: readonly string[]): string {
  if (noun.includes(" ")) return noun;
  for (let start = 0; start < idWords.length - 1; start++)
    for (let end = start + 2; end <= idWords.length; end++) {
      const run = idWords.slice(start, end);
      const lead = run.slice(0, -1).join("");
      if (!noun.startsWith(lead) || lead.length >= noun.length) break;
      if (stem(noun) === stem(run.join(""))) return [...run.slice(0, -1), noun.slice(lead.length)].join(" ");
    }
  return noun;
}

/**
 * Path words that stand for whoever calls: no object but a parent (`/carts/mine` acts on a cart of the caller's); alone
 * (`/v2/me.json`), the summary names the thing (`Fetch current user`).
 */
const SELF_SEGMENTS = new Set(["me", "mine", "self", "myself"]);

/** A segment that only groups the verbs under it (`/calls/{id}/actions/answer`): no object when a verb follows. */
const ACTION_GROUPS: ReadonlySet<string> = new Set(["actions", "action"]);

/** A segment's words as a noun: `archiveAllCards` under archive → `cards`, `idLabels` → `labels`. */
function segmentNoun(words: readonly string[], action: string): string {
  const first = words[0];
  const verb = words.length > 1 && first !== undefined && !isPlural(first) && canonicalOf(stem(first)) === action;
  return (verb ? words.slice(1) : words).filter((w) => !NOT_OBJECTS.has(w) && !NOT_ACTIONS.has(w)).join(" ");
}

/** `dnd.setSnooze` → dnd, snooze: the namespace's words and the method's after its leading verb. */
function rpcNouns(rpc: string): { namespace: string[]; method: string[] } {
  const parts = rpc.split(".");
  const method = splitWords(parts.at(-1) ?? "");
  const leadingVerb = method[0] !== undefined && verbClasses(stem(method[0])) !== undefined;
  const noun = (w: string) => !NOT_OBJECTS.has(w) && !NOT_ACTIONS.has(w);
  return {
    namespace: parts.slice(0, -1).flatMap(splitWords).filter(noun),
    method: (leadingVerb ? method.slice(1) : method).filter(noun),
  };
}

/** A one-word segment that restates the action (`/search`, `/refund`); a plural (`/lists`, `/votes`) is a noun. */
function isActionSegment(noun: string, action: string): boolean {
  const first = splitWords(noun)[0];
  return (
    first !== undefined &&
    !isPlural(first) &&
    canonicalOf(participleVerb(first) ?? stem(first)) === action &&
    noun.split(" ").length === 1
  );
}

/** A verb's action: its class's name, or the word itself for a verb no table knows (`kill`). */
function canonicalOf(word: string): string {
  const classes = verbClasses(word);
  return classes === undefined ? word : canonicalAction(word, classes);
}

/** Words before the thing a summary names: articles, "details of", "information about", "a list of". */
const LEAD_IN = new RegExp(
  "^((for|on|about|up|out|a|an|the|all|new|several|multiple|single|specified|existing|given) " +
    "|(details?|info|information|list|number|count|summary|metadata) (on|of|about|for) )+",
);
/** Words that end the object's phrase: a preposition, a conjunction, or a clause about it ("a dependency an issue is blocked by"). */
const PHRASE_END = new Set([
  ...["for", "from", "to", "in", "on", "of", "by", "with", "using", "as", "into", "through", "via", "and", "or"],
  ...["a", "an", "the", "is", "are", "that", "which", "who", "whose"],
]);

/** Words that say "about the thing before": `the profile information` is the profile. */
const TRAILING_LEAD = new Set(["details", "info", "information"]);

/**
 * A summary's first sentence: GitLab's "Create a user. Available only for admins." creates a user; an abbreviation
 * (`e.g. Firmware Version`) ends none.
 */
function firstSentence(text: string): string {
  return text.split(/(?<=[a-z0-9)]{2}[.!?])\s+(?=[A-Z])/)[0] ?? text;
}

/**
 * "Merge a pull request" → `pull request`; undefined unless the summary's first sentence is a short verb phrase, opening
 * with a known verb or the one its path's last segment names (Space Traders' `/sell`, "Sell Cargo" → `cargo`).
 */
function summaryObject(summary: string | undefined, segmentVerb?: string): string | undefined {
  if (summary === undefined || /[<>]/.test(summary)) return undefined;
  const prose = firstSentence(summary)
    .replace(/\(.*?\)/g, " ")
    .trim();
  if (!prose.includes(" ")) return undefined;
  const words = prose
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w !== "");
  const opening = stem(words[0] as string);
  if (words.length < 2 || words.length > 8 || (verbClasses(opening) === undefined && opening !== segmentVerb))
    return undefined;
  const rest = words
    .slice(altVerb(prose) ? 2 : 1)
    .join(" ")
    .replace(LEAD_IN, "")
    .split(" ");
  const stop = rest.findIndex((w) => PHRASE_END.has(w));
  const phraseWords = stop < 0 ? rest : rest.slice(0, stop);
  const owner = phraseWords.findLastIndex((w) => w.includes("'"));
  const kept = phraseWords.slice(owner + 1).filter((w) => w !== "");
  while (kept.length > 1 && (/(ed|[^i]ly)$/.test(kept.at(-1) as string) || TRAILING_LEAD.has(kept.at(-1) as string)))
    kept.pop();
  const phrase = kept.slice(-3);
  return phrase.length === 0 ? undefined : singularPhrase(phrase.join(" "));
}

/** Whether a summary opens with two verbs joined by a slash, the second no part of the object: "Start/Resume Playback". */
function altVerb(prose: string): boolean {
  const second = /^[A-Za-z]+\s*\/\s*([A-Za-z]+)\s/.exec(prose)?.[1];
  return second !== undefined && verbClasses(stem(second.toLowerCase())) !== undefined;
}

function singularPhrase(phrase: string): string {
  const words = phrase.split(" ").filter((w) => w !== "");
  return words.map((w, i) => (i === words.length - 1 && !SAME_PLURAL.has(w) ? stem(w) : w)).join(" ");
}

/** Nouns whose singular is their plural (`time series`). */
const SAME_PLURAL: ReadonlySet<string> = new Set(["series", "species"]);

/** How the operation picks what it acts on: `by id`, `by email`, `in all namespaces`, `of a parent`. */
function qualifiersOf(operation: OperationSummary, segments: readonly string[], idWords: readonly string[]): string[] {
  const out: string[] = [];
  const by = idWords.indexOf("by");
  if (by >= 0 && idWords[by + 1] !== undefined) out.push(`by ${idWords.slice(by + 1).join(" ")}`);
  else if (PARAMETER.test(segments.at(-1) ?? "")) out.push("by id");
  if (idWords.includes("all") && idWords.includes("namespaces")) out.push("in all namespaces");
  const parameters = segments.filter((s) => PARAMETER.test(s)).length;
  if (parameters > (PARAMETER.test(segments.at(-1) ?? "") ? 1 : 0)) out.push("of a parent");
  if (operation.method === "get" && !PARAMETER.test(segments.at(-1) ?? "") && isPlural(segments.at(-1) ?? ""))
    out.push("many");
  return out;
}

/**
 * Whether a proxy trigger is the operation's own verb, not a niche: a path segment says it (Docker's `/networks/{id}/
 * connect`), where Kubernetes' `connect…` ids name a proxy, exec or attach path.
 */
const namesAction = (trigger: string, pathWords: ReadonlySet<string>): boolean =>
  verbClasses(trigger) !== undefined && pathWords.has(trigger);

/** Niche signals from the operation's words and flags: admin, enterprise, deprecated, preview, watch, proxy, … */
function signalsOf(operation: OperationSummary, idWords: readonly string[], segments: readonly string[]): string[] {
  const words = new Set([...idWords, ...splitWords(operation.path), ...operation.tags.flatMap(splitWords)]);
  const pathWords = new Set(splitWords(operation.path));
  const out = Object.entries(NICHE_SIGNALS)
    .filter(([signal, triggers]) =>
      triggers.some((t) => words.has(t) && !(signal === "proxy" && namesAction(t, pathWords))),
    )
    .map(([signal]) => signal);
  const deprecated = operation.deprecated || deprecatedInWords(operation.summary, operation.description);
  if (deprecated && !out.includes("deprecated")) out.push("deprecated");
  if (!out.includes("preview") && /\/v\d+(alpha|beta)\d*(\/|$)/i.test(operation.path)) out.push("preview");
  if (!out.includes("bulk") && operation.method !== "get" && idWords.includes("all")) out.push("bulk");
  if (segments.length === 0) return out;
  return out.sort();
}

/** Who a sentence is about when it says the operation itself is deprecated: this endpoint, the `…` endpoint, use of this call. */
const SELF =
  "(?:(?:note|warning|important)\\s*:\\s*)?(?:as of [^,]{1,30},\\s*)?(?:(?:the )?use of )?(?:this|the(?: `[^`]+`)?)\\s+(?:endpoint|method|operation|api|call|route|resource|request|function|command)";
/** What it says of it: deprecated, obsolete, no longer recommended or supported, kept for legacy use, to be removed. */
const STATE =
  "(?:(?:is|has been|was)\\s+(?:now\\s+)?(?:deprecated|obsolete|legacy|not recommended|no longer (?:recommended|supported|maintained)|retained for legacy)|will be (?:deprecated|removed|retired|discontinued))";
const SELF_DEPRECATED = new RegExp(`^${SELF}\\b(.{0,40}?)\\b${STATE}\\b`, "i");
/** Words between the subject and what is said of it that make it a part of the operation: `This API's `rate` field is …`. */
const PART_OF =
  /'s\b|\b(parameters?|fields?|propert(y|ies)|options?|arguments?|attributes?|keys?|headers?|values?|objects?)\b/i;
/**
 * A sentence that opens with the word and goes on as a sentence: `Deprecated: Use drives.list instead.`, `[Deprecated]
 * This method …`, `(DEPRECATED) Create a vCenter …`; not a field's `Deprecated: display_name` or a table cell's
 * `Deprecated.`
 */
const OPENS_DEPRECATED =
  /^[[(*_\s]*(?:deprecated|Deprecated|DEPRECATED)\s*[:\])—–-]\s*(?:[A-Z]|(?:use|please|see|this|replaced|superseded|will)\b)/;
/** `Deprecated and non-functional.` (Slack's `users.setActive`), `DEPRECATED and WILL BE REMOVED in 9.0` (GitLab's), in any case. */
const OPENS_DEPRECATED_AND =
  /^[[(*_\s]*deprecated(?:\s+and|,)\s+(?:non-functional|no longer|not supported|unsupported|obsolete|will be removed|use)\b/i;
/** A summary that says it, not negated: `Create program (deprecated)`, `List charges (legacy)`; not `… not deprecated`. */
const SUMMARY_DEPRECATED = /(?<!\bnot\s)\b(deprecated|obsolete)\b|\(legacy\)/i;
/** A description that opens by sending the reader elsewhere: `Use UpdateRole instead.` */
const USE_INSTEAD = /^use\s.{1,60}\sinstead\.?$/i;

/**
 * Whether the summary or description says in words that the operation is deprecated ("This method is no longer
 * recommended—use the Payment Intents API"; "Deprecated: please use …"; a first sentence "Use UpdateRole instead."),
 * never what it says of a parameter, a field or another thing ("The `rate` object is deprecated", "a legacy route",
 * "is not deprecated").
 */
export function deprecatedInWords(summary: string | undefined, description: string | undefined): boolean {
  if (summary !== undefined && SUMMARY_DEPRECATED.test(htmlToText(summary))) return true;
  if (description === undefined) return false;
  const sentences = htmlToText(description)
    .replace(/\*\*|__/g, "")
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return (
    USE_INSTEAD.test(sentences[0] ?? "") ||
    sentences.some((s) => OPENS_DEPRECATED.test(s) || OPENS_DEPRECATED_AND.test(s) || saysSelfDeprecated(s))
  );
}

function saysSelfDeprecated(sentence: string): boolean {
  const gap = SELF_DEPRECATED.exec(sentence)?.[1];
  return gap !== undefined && !PART_OF.test(gap);
}

/** A profile in plan's words: `merge pull request · under repo · of a parent · admin`. */
export function profileToText(profile: OperationProfile): string {
  return [
    `${profile.action} ${profile.object}`.trim(),
    ...(profile.parents === undefined ? [] : [`under ${profile.parents.join(", ")}`]),
    ...(profile.qualifiers ?? []),
    ...(profile.signals ?? []),
  ].join(" · ");
}
