// Infers a tool's risk, category, MCP annotations and approval policy from the HTTP methods of its steps.
import { type SchemaLookup, schemaLookup } from "../model/api-source.js";
import type { HttpMethod, JsonSchema, Parameter, RequestBody } from "../model/api-model.js";
import { methodOverride, soleValue } from "./sole-value.js";
import { htmlToText } from "../util/html-text.js";
import type { Annotations, Category, Risk } from "./types.js";
import { namingId } from "../model/naming-id.js";

const READ_METHODS: ReadonlySet<HttpMethod> = new Set(["get", "head", "options", "trace"]);

export function isReadMethod(method: HttpMethod): boolean {
  return READ_METHODS.has(method);
}

const RISK_ORDER: Record<Risk, number> = { low: 0, medium: 1, high: 2 };

function maxRisk(a: Risk, b: Risk): Risk {
  return RISK_ORDER[a] >= RISK_ORDER[b] ? a : b;
}

export function isRiskLower(a: Risk, b: Risk): boolean {
  return RISK_ORDER[a] < RISK_ORDER[b];
}

export interface RiskProfile {
  readonly risk: Risk;
  readonly category: Category;
  readonly annotations: Annotations;
}

/** Risk, category and the four annotations implied by the methods a tool calls. */
export function riskFromMethods(methods: readonly HttpMethod[]): RiskProfile {
  const writes = methods.filter((m) => !isReadMethod(m));
  const destructive = writes.includes("delete");
  const risk: Risk = writes.length === 0 ? "low" : writes.some((m) => m !== "put") ? "high" : "medium";
  return {
    risk,
    category: writes.length === 0 ? "data" : "action",
    annotations: {
      readOnlyHint: writes.length === 0,
      destructiveHint: destructive,
      idempotentHint: writes.every((m) => m === "put" || m === "delete"),
      openWorldHint: true,
    },
  };
}

const RISK_VALUES: ReadonlySet<unknown> = new Set<Risk>(["low", "medium", "high"]);

/** The risk a spec's `x-aci-risk` extension asks for, which may only raise the inferred one. */
export function raiseRiskFromSpec(inferred: Risk, extension: unknown): Risk {
  return RISK_VALUES.has(extension) ? maxRisk(inferred, extension as Risk) : inferred;
}

/** Verbs that undo or end something: a call named with one is high risk and destructive, whatever its method. */
const DESTRUCTIVE_WORDS: ReadonlySet<string> = new Set([
  "delete",
  "remove",
  "revoke",
  "uninstall",
  "archive",
  "kick",
  "leave",
  "destroy",
  "purge",
  "erase",
  "terminate",
  "deactivate",
  "ban",
  "wipe",
  "unlink",
  "disconnect",
  "cancel",
  "void",
  "invalidate",
  "truncate",
  "prune",
  "kill",
  "jettison",
  "discard",
  // "Close an account", "Close a dispute" (`POST /v1/charges/{charge}/dispute/close`): it stops being open.
  "close",
  // A reset discards what was there (Okta's reset_factors removes every enrolled factor, reset_password the password);
  // an expiry ends what was valid (expire_password): no call gives it back, where a suspend is undone by unsuspend.
  "reset",
  "expire",
  // A clear empties what is there (Calendar's `calendars.clear` "deletes all events", Sheets' `values.clear`).
  "clear",
  // Stack Exchange's `GET /apps/{accessTokens}/de-authenticate` removes the app and destroys every token it had.
  "deauthenticate",
  "deauthorize",
]);

/**
 * Destructive verbs that never name a thing: a read's last path segment spelling one (its words joined:
 * `de-authenticate`) is what the call does even with no summary to say so — Stack Exchange's
 * `GET /access-tokens/{accessTokens}/invalidate` ("Immediately expires the access tokens passed"), where a read's
 * `/archive`, `/close` or `/leave` is mostly a noun.
 */
const NEVER_NOUNS: ReadonlySet<string> = new Set([
  "delete",
  "remove",
  "revoke",
  "uninstall",
  "destroy",
  "purge",
  "erase",
  "terminate",
  "deactivate",
  "wipe",
  "unlink",
  "disconnect",
  "invalidate",
  "truncate",
  "kill",
  "discard",
  "deauthenticate",
  "deauthorize",
]);

/**
 * Whether a write's path ends in the segment `end` (`/end`, an RPC name's `.end` or `:end`): it ends what the path
 * names (Reverb's `PUT /my/listings/{slug}/state/end`, "End a listing", takes it off sale). Only the whole segment:
 * "end" opening a name is mostly an end user (`/v1/EndUsers`, `endUserLicenseAgreements`) or an end of an upload
 * that commits it (`Blob_EndUpload`).
 */
function endsByPath(operation: { readonly method?: HttpMethod; readonly path: string }): boolean {
  if (operation.method === undefined || isReadMethod(operation.method)) return false;
  const last = (operation.path.split("/").at(-1) ?? "").replace(/\.(json|xml)$/i, "");
  return /^end$/i.test(last.slice(Math.max(last.lastIndexOf("."), last.lastIndexOf(":")) + 1));
}

/** Verbs that change state: a call named with one is at least medium risk (approval), whatever its method. */
const WRITE_WORDS: ReadonlySet<string> = new Set([
  "update",
  "set",
  "publish",
  "invite",
  "create",
  "add",
  "send",
  "rename",
  "edit",
  "modify",
  "write",
  "upload",
  "join",
  "approve",
  "reject",
  "enable",
  "disable",
  "assign",
  "unassign",
  "upsert",
  "submit",
  "rotate",
  "restore",
  "unarchive",
  "install",
  "trigger",
  // "Force a device to send the data every second" (smart-me's GET /api/FastSendDeviceValues/{id}): it commands.
  "force",
]);

/** Verbs that name a call changing nothing on the server (an export or a download reads what is there). */
export const READ_VERBS: ReadonlySet<string> = new Set([
  "get",
  "list",
  "find",
  "search",
  "fetch",
  "read",
  "retrieve",
  "query",
  "show",
  "lookup",
  "count",
  "check",
  "download",
  "describe",
  "view",
  "export",
  "head",
]);

/** `updateStep` → update, step; `download-tarball-archive` → download, tarball, archive. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== "");
}

/** An identifier made from a method and a path (`PATCH_mail_settings-bounce_purge`): its last segment is a noun. */
const METHOD_PREFIXES: ReadonlySet<string> = new Set(["post", "put", "patch"]);

/**
 * The verbs of an identifier: its first word (`deleteUser`), and — unless that is a read verb (`get_user_archive`,
 * `getPost`) — the first word of its last segment after a `.`, `_`, `/` or `:` (RPC names: `apps_uninstall`,
 * `workflows_updateStep`). A later segment that starts with a read verb names the operation of a resource group
 * (`UpdateLocations_List`, `droplets_get_DestroyAssociatedResourcesStatus`): that read verb alone.
 */
function identifierVerbs(text: string): string[] {
  const segments = text
    .split(/[._/:]+/)
    .map(words)
    .filter((w) => w.length > 0);
  const first = segments[0]?.[0];
  if (first === undefined) return [];
  if (METHOD_PREFIXES.has(first)) return [first];
  const read = segments.map((w) => w[0] as string).find((w) => READ_VERBS.has(w));
  return read !== undefined ? [read] : [first, segments.at(-1)?.[0] as string];
}

/**
 * The segment a trailing `/retry` or `/rerun` does again, when it names it: DigitalOcean's
 * `/droplets/{id}/destroy_with_associated_resources/retry` destroys as the first call did. Not one behind an id
 * (`/runs/{runID}/retry` retries a run, which names no action).
 */
function retried(path: string): string | undefined {
  const segments = path.split("/").filter((s) => s !== "");
  if (segments.length < 2 || !/^re(?:try|run)$/i.test(segments.at(-1) as string)) return undefined;
  const before = segments.at(-2) as string;
  return before.includes("{") ? undefined : before;
}

/** Words that only say how many things an action segment acts on: `batch-delete`, `bulk_delete`. */
const QUANTIFIERS: ReadonlySet<string> = new Set(["batch", "bulk", "mass"]);

/**
 * The last path segment's verb when it is an RPC name (`/apps.uninstall`, `/{name}:cancel`), or, for a call that is
 * not a read, an action named by the segment itself (`POST /payments/{id}/cancel`, `/actions/delete-permanent`,
 * `/templates/delete.json`, `/catalog/batch-delete`); else none. A read's last segment is often a noun (`/archive`).
 */
function pathVerbs(path: string, method?: HttpMethod, summary?: string): string[] {
  const last = (retried(path) ?? path.split("/").at(-1) ?? "").replace(/\{[^}]*\}/g, "").replace(/\.(json|xml)$/i, "");
  const colon = last.lastIndexOf(":");
  if (colon >= 0) return words(last.slice(colon + 1)).slice(0, 1);
  if (last.includes(".")) return identifierVerbs(last).slice(1);
  if (method === undefined) return [];
  const named = words(last);
  if (isReadMethod(method) && NEVER_NOUNS.has(named.join(""))) return [named.join("")];
  const verb = QUANTIFIERS.has(named[0] ?? "") ? named[1] : named[0];
  if (verb === undefined) return [];
  return !isReadMethod(method) || openingVerb(summary) === verb ? [verb] : [];
}

/**
 * The summary's first word in its base form, when it is a verb that acts or reads ("Send message by simple GET" → send).
 * A read's last path segment names its action only when the summary opens with the same verb (BulkSMS's
 * `GET /messages/send`): alone it is often a noun (`/archive`, a data `/set`).
 */
function openingVerb(summary: string | undefined): string | undefined {
  const first = /^\s*([A-Za-z]+)\b/.exec(summary ?? "")?.[1];
  return first === undefined ? undefined : verbBase(first);
}

const DETERMINERS = /^(a|an|the|your|this|that|these|those|all|one|multiple|existing|my|its|their|some|any|every)$/i;

/** Leading verbs, one or a list ("Send, void, or modify"), then a determiner. */
const LEADING_VERBS = new RegExp(
  `^\\s*([A-Za-z]+(?:\\s*,\\s*[A-Za-z]+)*(?:\\s*,?\\s+(?:and|or)\\s+[A-Za-z]+)?)\\s+(${DETERMINERS.source.slice(1, -1)})\\b`,
  "i",
);

/** A word's base form when it is a verb that changes something or reads: `Revokes` → revoke, `Modifies` → modify. */
function verbBase(word: string): string | undefined {
  const lower = word.toLowerCase();
  return [lower, lower.replace(/es$/, ""), lower.replace(/s$/, ""), lower.replace(/ies$/, "y")].find(
    (b) => isActionWord(b) || READ_VERBS.has(b),
  );
}

/**
 * Verbs joined by slashes ("Creates/modifies/deletes RRsets"): a list of verbs whatever follows, so no determiner is
 * needed to tell them from a noun as it is for one word ("Create List").
 */
const SLASHED_VERBS = /^\s*([A-Za-z]+(?:\s*\/\s*[A-Za-z]+)+)\b/;

/**
 * The summary's leading verb in its base form, when an object follows: "Revokes a token." → revoke. Of a list of verbs
 * before the object ("Send, void, or modify a draft envelope", "Creates/modifies/deletes RRsets"), the one that
 * destroys, else the first that changes.
 */
function summaryVerb(summary: string | undefined): string | undefined {
  const match = LEADING_VERBS.exec(summary ?? "") ?? SLASHED_VERBS.exec(summary ?? "");
  if (match === null) return undefined;
  const bases = (match[1] as string).split(/\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*\/\s*/).map(verbBase);
  if (bases.some((b) => b === undefined)) return undefined;
  const actions = bases.filter((b): b is string => b !== undefined && isActionWord(b));
  return actions.find((b) => DESTRUCTIVE_WORDS.has(b)) ?? actions[0];
}

/** Whether the word is a verb that changes or destroys something (`create`, `add`, `delete`, …). */
export function isActionWord(word: string): boolean {
  return DESTRUCTIVE_WORDS.has(word) || WRITE_WORDS.has(word);
}

/**
 * Read verbs that, opening the last segment of a POST's path, name the read an RPC-style API makes by POST (Airbyte's
 * `/v1/workspaces/list`, `/v1/connections/get`, Mandrill's `/messages/search.json`), and `wait`, which blocks until
 * something else ends and answers its state (Docker's `/containers/{id}/wait`: the exit code; Google's
 * `operations/{operation}/wait`). Not `query`: a POST to `/query` may carry a statement that writes.
 */
const RPC_READ_VERBS: ReadonlySet<string> = new Set([
  "get",
  "list",
  "search",
  "find",
  "lookup",
  "fetch",
  "retrieve",
  "describe",
  "wait",
]);

/** Words of a read that answers a credential (Azure's `POST …/listKeys`, `getGitHubAccessToken`): still approved. */
const SECRET_WORDS: ReadonlySet<string> = new Set(
  ["key", "secret", "token", "credential", "password", "access"].flatMap((w) => [w, `${w}s`, `${w}es`]),
);

/**
 * Whether a POST is an RPC read: its last path segment (the part after a `.` or `:` in an RPC name, `.json` aside)
 * opens with a read verb of {@link RPC_READ_VERBS}, or ends with the noun of the read its summary opens with
 * (`/balance_lookups`, "Look up the balance for an Account"), and names no credential ({@link SECRET_WORDS}), none of
 * its words says it changes something (`riskFromWords`), and its summary does not open with a verb that does ("Create
 * List", "Create a saved search" of `/saved_searches`). Its risk is a read's: low, read-only, no approval.
 */
export function readsByRpcPost(operation: WordedOperation): boolean {
  if (operation.method !== "post") return false;
  const last = (operation.path.split("/").at(-1) ?? "").replace(/\.(json|xml)$/i, "");
  const name = last.slice(Math.max(last.lastIndexOf("."), last.lastIndexOf(":")) + 1);
  // Google's custom method on a resource (`{spreadsheetId}:getByDataFilter`) is named after its `:`.
  if (name === "" || name.includes("{") || name.includes("}")) return false;
  const named = words(name);
  const opening = readOpening(operation.summary);
  // "batch" only says how many: `values:batchGetByDataFilter` gets.
  const verb = named[0] === "batch" && named.length > 1 ? named[1] : named[0];
  const read = (verb !== undefined && RPC_READ_VERBS.has(verb)) || namesRead(named.at(-1), opening);
  if (verb === undefined || !read || named.some((w) => SECRET_WORDS.has(w))) return readsByOwnWords(operation);
  if (RPC_READ_VERBS.has(verb) && objectOfOtherVerb(verb, operation.summary)) return false;
  return riskFromWords(operation) === undefined && (opening === undefined || !isActionWord(opening));
}

/** Verbs that only carry the noun after them: "Run a search", "Perform a lookup" are the search and the lookup. */
const LIGHT_VERBS: ReadonlySet<string> = new Set(["run", "perform", "execute", "do", "conduct", "make", "start"]);

/**
 * Whether the summary makes the segment's read word the object of another verb that is no read: Reverb's `POST
 * /my/follows/search`, "Follow a search", follows a search (a write), it does not search. The verb, a determiner, at
 * most one other word, then the word (or its plural); a read verb or a light one ({@link LIGHT_VERBS}) leading it
 * leaves the read ("Run a search", "Get a search").
 */
function objectOfOtherVerb(word: string, summary: string | undefined): boolean {
  const object = new RegExp(
    `^\\s*([A-Za-z]+)\\s+(?:${DETERMINERS.source.slice(1, -1)})\\s+(?:[A-Za-z-]+\\s+)?${word}(?:e?s)?\\b`,
    "i",
  ).exec(summary ?? "");
  const lead = object?.[1]?.toLowerCase();
  if (lead === undefined) return false;
  const leads = bases(lead);
  return !leads.some((b) => b === word || SUMMARY_READ_VERBS.has(b) || READ_VERBS.has(b) || LIGHT_VERBS.has(b));
}

/** The summary's opening verb ({@link openingVerb}), a phrasal read joined: "Look up the balance…" → lookup. */
function readOpening(summary: string | undefined): string | undefined {
  return /^\s*look\s+up\b/i.test(summary ?? "") ? "lookup" : openingVerb(summary);
}

/** Whether a segment's last word is the noun of the read the summary opens with: `lookups` of lookup, `search`. */
function namesRead(word: string | undefined, opening: string | undefined): boolean {
  if (word === undefined || opening === undefined || !RPC_READ_VERBS.has(opening) || opening === "wait") return false;
  return bases(word).includes(opening);
}

/**
 * Whether a POST whose path names no read says it reads in both its own words: the spec's operationId opens with a
 * read verb of {@link RPC_READ_VERBS} and its summary with a read verb, after "Batch" or "Bulk" (Listen Notes' `POST
 * /episodes`, `getEpisodesInBatch`, "Batch fetch basic meta data for episodes"; DVLA's `POST /v1/vehicles`,
 * `getVehicleDetailsByRegistrationNumber`, "Get vehicle details by registration number"), neither names a credential,
 * no word of the id nor a verb joined by "and"/"or" in the summary changes something (Stream's `GetOrCreateChannel`,
 * "Get or create channel"), and none of the call's words does (`riskFromWords`). One of the two alone is not enough.
 */
function readsByOwnWords(operation: WordedOperation): boolean {
  if (operation.idSynthesized === true) return false;
  if (readsByMethodName(operation)) return true;
  const [idVerb, ...idWords] = words(operation.id);
  const summary = (operation.summary ?? "").trim().replace(/^(?:batch|bulk)\s+/i, "");
  const lead = /^([A-Za-z]+)\b/.exec(summary)?.[1]?.toLowerCase();
  const said = words(summary);
  if (idVerb === undefined || idVerb === "wait" || !RPC_READ_VERBS.has(idVerb) || lead === undefined) return false;
  if (!bases(lead).some((b) => SUMMARY_READ_VERBS.has(b))) return false;
  if ([...idWords, ...said].some((w) => SECRET_WORDS.has(w)) || idWords.some((w) => isActionWord(w))) return false;
  const also = /\b(?:and|or)\s+([a-z]+)/i.exec(summary)?.[1]?.toLowerCase();
  if (also !== undefined && bases(also).some((b) => isActionWord(b))) return false;
  return riskFromWords(operation) === undefined;
}

/**
 * Whether a POST whose spec id names its method after the id's last `.` (Google's Discovery ids,
 * `service.resource.method`: `calendar.freebusy.query`) reads: that method opens with a read verb of
 * {@link RPC_READ_VERBS} or is `query`, and the summary, else the description's first sentence, opens with a read verb
 * ("Returns free/busy information for a set of calendars."). A `query` alone is no read (a POST `/query` may carry a
 * statement that writes: BigQuery's `jobs.query` "Runs a … query"), so the words must say it answers. Neither names a
 * credential, and none of the call's words changes something (`riskFromWords`).
 */
function readsByMethodName(operation: WordedOperation): boolean {
  const dot = operation.id.lastIndexOf(".");
  if (dot < 0) return false;
  const [verb, ...rest] = words(operation.id.slice(dot + 1));
  if (verb === undefined || !(RPC_READ_VERBS.has(verb) || verb === "query") || verb === "wait") return false;
  if (summaryLead(operation) === undefined) return false;
  const said = words(operation.summary ?? operation.description?.split(/(?<=[.!?])\s/)[0] ?? "");
  if ([...rest, ...said].some((w) => SECRET_WORDS.has(w)) || rest.some((w) => isActionWord(w))) return false;
  return riskFromWords(operation) === undefined;
}

/** Verbs that, opening a call's summary, say it answers what is there: "Return the senders…", "Describes a pool." */
const SUMMARY_READ_VERBS: ReadonlySet<string> = new Set([
  "get",
  "list",
  "return",
  "retrieve",
  "describe",
  "show",
  "fetch",
  "view",
  "read",
  "find",
  "search",
  "lookup",
]);

/** The base of the summary's (else the description's) first verb, past a leading "Given the ID of …," clause. */
function summaryLead(operation: WordedOperation): string | undefined {
  const text = (operation.summary ?? operation.description?.split(/(?<=[.!?])\s/)[0])?.trim() ?? "";
  const first = /^([A-Za-z]+)\b/.exec(text.replace(/^given\b[^,.]*,\s*/i, ""))?.[1]?.toLowerCase();
  return first === undefined ? undefined : bases(first).find((b) => SUMMARY_READ_VERBS.has(b));
}

/** A lower-case word and the bases it may have as a verb: `returns` → returns, return, return, returns. */
function bases(word: string): string[] {
  return [word, word.replace(/es$/, ""), word.replace(/s$/, ""), word.replace(/ies$/, "y")];
}

/**
 * Whether a POST of an RPC-style API ({@link postsOnly}) whose method segment is a noun reads: Mandrill's
 * `/inbound/domains.json` ("List the domains…"), `/messages/info.json` ("Get the information for…"),
 * `/tags/time-series.json` ("Return the recent history…"). Its summary opens with a read verb that is not the segment's
 * own first word (`/orders/return`, "Return an order", acts), neither the segment nor the summary names a credential
 * (NDHM's `/v0.5/sessions`, "Get access token"), and none of the call's words changes something (`riskFromWords`). In
 * an API of resources, a POST to a noun creates one: never read so.
 */
function readsByRpcNoun(operation: WordedOperation): boolean {
  const segments = operation.path.split("/").filter((s) => s !== "");
  const last = (segments.at(-1) ?? "").replace(/\.(json|xml)$/i, "");
  if (segments.length < 2 || operation.path.includes("{") || last === "") return false;
  const named = words(last.slice(Math.max(last.lastIndexOf("."), last.lastIndexOf(":")) + 1));
  const verb = summaryLead(operation);
  const said = words(operation.summary ?? operation.description?.split(/(?<=[.!?])\s/)[0] ?? "");
  if (verb === undefined || named.length === 0 || [...named, ...said].some((w) => SECRET_WORDS.has(w))) return false;
  const acts = bases(named[0] as string).some((w) => w === verb || isActionWord(w) || READ_VERBS.has(w));
  return !acts && riskFromWords(operation) === undefined;
}

/**
 * Whether an API is RPC-style by POST: at least nine in ten of its operations (and at least five) are POSTs to paths
 * without parameters (Mandrill, Airbyte, keyserv): its paths name a namespace and a method, not resources and records.
 */
export function postsOnly(operations: readonly Pick<WordedOperation, "method" | "path">[]): boolean {
  const known = postsOnlyCache.get(operations);
  if (known !== undefined) return known;
  const posts = operations.filter((o) => o.method === "post" && !o.path.includes("{")).length;
  const result = operations.length >= 5 && posts * 10 >= operations.length * 9;
  postsOnlyCache.set(operations, result);
  return result;
}

const postsOnlyCache = new WeakMap<readonly unknown[], boolean>();

/**
 * The method a call's risk is read from: a read's for an RPC read by POST ({@link readsByRpcPost}, and in an API of
 * POSTs only {@link readsByRpcNoun}), else its own.
 */
export function riskMethod(operation: WordedOperation, postOnly = false): HttpMethod {
  return readsByOverride(operation) ||
    readsByRpcPost(operation) ||
    previewsByPost(operation) ||
    (postOnly && operation.method === "post" && readsByRpcNoun(operation))
    ? "get"
    : operation.method;
}

/**
 * Whether a POST is applied as a read by its required method-override header (Amadeus' flight-offers search and
 * pricing: `X-HTTP-Method-Override`, default `GET`; the body only carries a query too long for a URL): low, read-only,
 * no approval, whatever its summary says ("Confirm pricing of given flightOffers.").
 */
export function readsByOverride(operation: Pick<WordedOperation, "method" | "parameters">): boolean {
  if (operation.method !== "post") return false;
  const applied = methodOverride(operation.parameters, NO_SCHEMAS);
  return applied === "GET" || applied === "HEAD";
}

/** Last words of a path segment that name a what-if of a write: `order_impact`, `whatIf`, `preview`, `dry-run`. */
const PREVIEW_ENDINGS: readonly (readonly string[])[] = [
  ["preview"],
  ["impact"],
  ["what", "if"],
  ["whatif"],
  ["dry", "run"],
  ["dryrun"],
];

/**
 * Whether a POST previews a write without making it: its last path segment (the part after a `.` or `:` in an RPC
 * name) ends with a what-if word (IBKR's `POST /accounts/{account}/order_impact`, Azure's `…/deployments/{name}/whatIf`,
 * Zuora's `/v1/orders/preview`), singular (`/previews` holds made things), its summary (else its description's first
 * sentence) opens with "Preview" or a read verb ("Return margin impact info", "Returns changes that will be made by the
 * deployment if executed"), and none of its words changes something (`riskFromWords`: DocuSign's "Creates a preview …",
 * Zuora's "Generate a billing preview" stay writes). It reads: low, read-only, no approval.
 */
export function previewsByPost(operation: WordedOperation): boolean {
  if (operation.method !== "post") return false;
  const last = (operation.path.split("/").at(-1) ?? "").replace(/\.(json|xml)$/i, "");
  if (last === "" || last.includes("{")) return false;
  const named = words(last.slice(Math.max(last.lastIndexOf("."), last.lastIndexOf(":")) + 1));
  const ends = PREVIEW_ENDINGS.some(
    (e) => e.length <= named.length && e.every((w, i) => named[named.length - e.length + i] === w),
  );
  if (!ends) return false;
  const text = (operation.summary ?? operation.description?.split(/(?<=[.!?])\s/)[0])?.trim() ?? "";
  const first = /^([A-Za-z]+)\b/.exec(text)?.[1]?.toLowerCase();
  if (first === undefined || !(first.startsWith("preview") || bases(first).some((b) => SUMMARY_READ_VERBS.has(b))))
    return false;
  return riskFromWords(operation) === undefined;
}

/**
 * Whether a verb undoes a loss: `un` and a destructive verb, or `trash` (Gmail's and Drive's `untrash`, `undelete`,
 * `unban`): named so by its id or path, the call gives back what was taken, though its summary may say "Removes the
 * specified message from the trash". Changing state, not destroying (`uninstall`, `unlink` undo no destructive verb).
 */
function undoesLoss(word: string): boolean {
  return word.startsWith("un") && (DESTRUCTIVE_WORDS.has(word.slice(2)) || word.slice(2) === "trash");
}

/** Why a call's own words make it an action: the word, where it is, and whether it destroys. */
export interface WordRisk {
  readonly risk: Risk;
  readonly destructive: boolean;
  readonly word: string;
  /** `operationId apps_uninstall`, `path /apps.uninstall`, `summary "Revokes a token."`. */
  readonly source: string;
}

/**
 * The risk an operation's own words give it, for RPC-style APIs whose method says nothing (Slack's `GET
 * /apps.uninstall`): a destructive verb (delete, revoke, uninstall, archive, kick, leave, …) as a verb of its
 * operationId or RPC-style path, or leading its summary, means high; another state-changing verb (update, set,
 * publish, invite, …) means medium. Undefined when no such word is there.
 */
export function riskFromWords(
  operation: {
    readonly id: string;
    readonly idName?: string;
    readonly path: string;
    readonly method?: HttpMethod;
    readonly parameters?: readonly Parameter[];
    readonly requestBody?: RequestBody;
    readonly summary?: string;
    readonly description?: string;
    /** The id is the generator's (method + path), not the spec's: it says nothing of what the call does. */
    readonly idSynthesized?: boolean;
  },
  schemas: SchemaLookup = NO_SCHEMAS,
): WordRisk | undefined {
  const summary = (operation.summary ?? operation.description?.split(/(?<=[.!?])\s/)[0])?.trim();
  const verb = summaryVerb(summary);
  const action = queryAction(operation);
  const idVerbs = identifierVerbs(namingId(operation));
  // The spec's own id naming a read (`get_write_community`) outweighs a read's path segment and summary.
  const namedRead = operation.idSynthesized !== true && idVerbs.length === 1 && READ_VERBS.has(idVerbs[0] as string);
  const places: [string, readonly string[]][] = [
    ...(action === undefined ? [] : [[`action ${action}`, words(action).slice(0, 1)] as [string, string[]]]),
    [`operationId ${operation.id}`, idVerbs],
    [`path ${operation.path}`, pathVerbs(operation.path, operation.method, namedRead ? undefined : summary)],
    [`summary "${summary}"`, verb === undefined ? [] : [verb]],
  ];
  const undone = places.slice(0, -1).flatMap(([source, found]) => found.filter(undoesLoss).map((w) => [source, w]))[0];
  if (undone !== undefined)
    return { risk: "medium", destructive: false, word: undone[1] as string, source: undone[0] as string };
  for (const set of [DESTRUCTIVE_WORDS, WRITE_WORDS]) {
    for (const [source, found] of places) {
      const word = found.find((w) => set.has(w));
      if (word === undefined) continue;
      const destructive = set === DESTRUCTIVE_WORDS;
      return { risk: destructive ? "high" : "medium", destructive, word, source };
    }
    if (set === DESTRUCTIVE_WORDS) {
      if (endsByPath(operation))
        return { risk: "high", destructive: true, word: "end", source: `path ${operation.path}` };
      if (replacesSubList(operation, schemas, summary ?? ""))
        return {
          risk: "high",
          destructive: true,
          word: "array",
          source: "request body (sent in place of the record's list)",
        };
      const chosen = chosenAction(operation) ?? chosenBodyAction(operation, schemas);
      if (chosen !== undefined) return { risk: "high", destructive: true, ...chosen };
      const loss = dataLossSaid(operation);
      if (loss !== undefined) return { risk: "high", destructive: true, word: loss, source: "description" };
    }
  }
  return action === undefined ? undefined : queryActionRisk(action);
}

/** A parameter that picks what a write does (sms77's `action: del | write`, OBS's `cmd: wipe | rebuild | …`). */
const ACTION_PARAMETER = /^(?:action|cmd|command|op|operation)$/i;
/** Shortened destructive verbs an action's values use. */
const SHORT_VERBS: Readonly<Record<string, string>> = { del: "delete", rm: "remove" };

/**
 * The destructive verb a write's action parameter offers among its values: a call that may delete, as the caller
 * chooses, is destructive. A read's such parameter filters what it lists (`GET /notifications?action=delete`).
 */
function chosenAction(operation: {
  readonly method?: HttpMethod;
  readonly parameters?: readonly Parameter[];
}): { word: string; source: string } | undefined {
  if (operation.method === undefined || isReadMethod(operation.method)) return undefined;
  for (const parameter of operation.parameters ?? []) {
    const schema = parameter.schema;
    const values = typeof schema === "object" ? schema["enum"] : undefined;
    if (!ACTION_PARAMETER.test(parameter.name) || !Array.isArray(values) || values.length < 2) continue;
    const word = values
      .flatMap((v) => (typeof v === "string" ? words(v) : []))
      .map((w) => SHORT_VERBS[w] ?? w)
      .find((w) => DESTRUCTIVE_WORDS.has(w));
    if (word !== undefined) return { word, source: `parameter ${parameter.name}` };
  }
  return undefined;
}

/** Values of an action endpoint's body that overwrite what is there (DigitalOcean's droplet `rebuild`, `restore`). */
const OVERWRITING_VALUES: ReadonlySet<string> = new Set(["rebuild", "restore", "reinstall", "reimage"]);

/**
 * Whether the path's last segment names actions or commands sent to what precedes it (`/droplets/{id}/actions`,
 * `/task_commands/`, `…/{name}:issueCommand`): there a body's `type` picks what the call does, where elsewhere it is
 * an attribute of the record written (a filter's `action: archive`, an event's `type: delete`).
 */
function isActionEndpoint(path: string): boolean {
  const last =
    path
      .split("/")
      .filter((s) => s !== "" && !s.startsWith("{"))
      .at(-1) ?? "";
  return /^(?:actions?|commands?)$/.test(words(last).at(-1) ?? "");
}

/** A body property that picks what a call to an action endpoint does. */
const BODY_ACTION_PROPERTY = /^(?:type|action|cmd|command|op|operation)$/i;

/** A property's enum, its own or its `$ref`'s (gsmtasks' `action: {$ref: ActionEnum}`). */
function enumOf(property: unknown, schemas: SchemaLookup, depth = 0): unknown {
  if (typeof property !== "object" || property === null || depth > 6) return undefined;
  const { $ref: ref, enum: values } = property as Record<string, unknown>;
  return typeof ref === "string" ? enumOf(schemas(ref.split("/").at(-1) ?? ""), schemas, depth + 1) : values;
}

/** The enums of a body's top properties named as {@link BODY_ACTION_PROPERTY}, through `$ref`, `allOf`, `anyOf`, `oneOf`. */
function bodyActionEnums(schema: JsonSchema | undefined, schemas: SchemaLookup, depth = 0): unknown[][] {
  if (typeof schema !== "object" || schema === null || depth > 6) return [];
  const ref = schema["$ref"];
  if (typeof ref === "string") return bodyActionEnums(schemas(ref.split("/").at(-1) ?? ""), schemas, depth + 1);
  const branches = ["allOf", "anyOf", "oneOf"].flatMap((k) => {
    const list = schema[k];
    return Array.isArray(list) ? (list as JsonSchema[]) : [];
  });
  const properties = schema["properties"];
  const own = Object.entries(typeof properties === "object" && properties !== null ? properties : {})
    .filter(([name]) => BODY_ACTION_PROPERTY.test(name))
    .map(([, p]) => enumOf(p, schemas))
    .filter((values): values is unknown[] => Array.isArray(values) && values.length >= 2);
  return [...own, ...branches.flatMap((b) => bodyActionEnums(b, schemas, depth + 1))];
}

/**
 * The destructive value a write to an action endpoint ({@link isActionEndpoint}) lets its JSON body's `type` or
 * `action` choose: DigitalOcean's `POST /v2/droplets/{id}/actions` may `rebuild` (the disk is overwritten) or
 * `restore` among fifteen, so the call is destructive as the caller chooses.
 */
function chosenBodyAction(
  operation: { readonly method?: HttpMethod; readonly path: string; readonly requestBody?: RequestBody },
  schemas: SchemaLookup,
): { word: string; source: string } | undefined {
  if (operation.method === undefined || isReadMethod(operation.method) || !isActionEndpoint(operation.path)) {
    return undefined;
  }
  const json = operation.requestBody?.contents.find((c) => c.kind === "json");
  const word = bodyActionEnums(json?.schema, schemas)
    .flat()
    .flatMap((v) => (typeof v === "string" ? words(v) : []))
    .map((w) => SHORT_VERBS[w] ?? w)
    .find((w) => DESTRUCTIVE_WORDS.has(w) || OVERWRITING_VALUES.has(w));
  return word === undefined ? undefined : { word, source: "request body" };
}

/** Words saying a write acts on some of a list's entries (adds to it, or updates several), not the whole list. */
const SOME_ENTRIES =
  /\b(?:add|adds|adding|append|appends|batch|bulk|multiple|several|many|upsert|insert|create|creates)\b|multi/i;

/** A summary that opens by setting what the list holds: "Update payment history", "Replace cells", "Set columns". */
const REPLACING_VERB = /^\s*(?:update|replace|set|configure|manage|change|overwrite|assign)s?\b/i;

const isRefTo = (schema: unknown): schema is { readonly $ref: string } =>
  typeof schema === "object" && schema !== null && typeof (schema as Record<string, unknown>)["$ref"] === "string";

/**
 * Whether a PUT sends a whole list in place of a record's sub-list: its JSON body is an array, its path ends in a
 * named list under a record (`PUT /documents/{id}/payments`, Billingo's "Update payment history", whose body replaces
 * the document's payment history: a payment left out is deleted), and its summary opens by setting the list (update,
 * replace, set, configure, manage, assign) without saying it adds or updates some entries (a batch, several, multi,
 * an append). A top-level list (`PUT /products` with a list of products) is a batch; "Edit contacts", "Saves prices",
 * "Send an email" with a list say no replacement.
 */
function replacesSubList(
  operation: { readonly method?: HttpMethod; readonly path: string; readonly requestBody?: RequestBody },
  schemas: SchemaLookup,
  said: string,
): boolean {
  if (operation.method !== "put") return false;
  const segments = operation.path.split("/").filter((s) => s !== "");
  const [under, last] = segments.slice(-2);
  if (last === undefined || under === undefined || last.includes("{") || !under.includes("{")) return false;
  if (!REPLACING_VERB.test(said) || SOME_ENTRIES.test(said)) return false;
  let schema: unknown = operation.requestBody?.contents.find((c) => c.kind === "json")?.schema;
  for (let depth = 0; depth < 6 && isRefTo(schema); depth++) schema = schemas(schema.$ref.split("/").at(-1) ?? "");
  return typeof schema === "object" && schema !== null && (schema as Record<string, unknown>)["type"] === "array";
}

/** Words saying a call loses data for good, whatever its name says. */
const DATA_LOSS = new RegExp(
  [
    String.raw`\b(?:destroy(?:s|ing)?|eras(?:e|es|ing)|wip(?:e|es|ing)) (?:all|any|the) (?:existing )?(?:data|content|files)\b`,
    String.raw`\b(?:all|any) (?:existing )?data (?:on|in|of) [^.]{0,60}?\b(?:will be|is|are|gets?) (?:irreversibly |permanently )?(?:lost|deleted|destroyed|erased|overwritten)\b`,
    // A write that puts a new list in place of the old one (Spotify's playlist items: "will overwrite its existing
    // items"; Transcribe's filter: "overwrites all previous entries"), not one that keeps them ("won't overwrite any
    // existing ones").
    String.raw`(?<!\b(?:not|won't|never|doesn't|does not|will not) )\b(?:overwrit(?:e|es|ing)|replac(?:e|es|ing)) (?:all )?(?:its |the |their )?(?:existing|previous|current) (?:items|entries|contents?|elements|members|tracks)\b`,
    String.raw`\b(?:cannot|can not|can't) be (?:undone|reversed|reverted|revoked)\b`,
    String.raw`\b(?:is|are) not reversible\b`,
    String.raw`\birreversible\b`,
    String.raw`\birreversibly (?:deleted|destroyed|removed|erased)\b`,
    // A sentence that opens by deleting data (Airbyte's reset: "Deletes data generated by the connection in the
    // destination."), not one that names deleting among what something may do ("write, update or delete data").
    String.raw`(?<=^|[.!?]\s+|\n\s*)(?:deletes|removes|erases|purges|wipes) (?:all |any )?(?:the )?(?:existing |stored )?data\b`,
  ].join("|"),
  "i",
);

/**
 * What an operation's summary or description says it destroys for good: "thereby destroying all data on the target
 * Server" (Hetzner's rebuild), "any existing data on the disk is erased", "it cannot be reversed", "Closing a dispute is
 * irreversible", "Issuing a refund for a card payment is not reversible" (Square's v1 refund), "an irreversible process",
 * "it cannot be reverted", a sentence opening "Deletes data …" (Airbyte's reset) — a call whose name has no destructive
 * verb, which these words make destructive.
 */
function dataLossSaid(operation: { readonly summary?: string; readonly description?: string }): string | undefined {
  const text = htmlToText(`${operation.summary ?? ""}\n${operation.description ?? ""}`).replace(/\*\*/g, "");
  return DATA_LOSS.exec(text)?.[0];
}

/** AWS's query protocol names the call in its path (`/{AccountNumber}/{QueueName}/#Action=PurgeQueue`). */
const QUERY_ACTION = /[#?&]Action=([A-Za-z][A-Za-z0-9]*)/;

/** The action parameter's schema is inline in every query-protocol spec: no named schema is looked up. */
const NO_SCHEMAS = schemaLookup({});

/**
 * The call an AWS query-protocol operation makes, whatever its method: `#Action=PurgeQueue` in its path, or the one value
 * its required `Action` query parameter allows (ingest moves the path's fragment there).
 */
export function queryAction(operation: {
  readonly path: string;
  readonly parameters?: readonly Parameter[];
}): string | undefined {
  const fromPath = QUERY_ACTION.exec(operation.path)?.[1];
  if (fromPath !== undefined) return fromPath;
  const param = operation.parameters?.find((p) => p.in === "query" && p.name === "Action");
  const value = param === undefined ? undefined : soleValue(param, NO_SCHEMAS)?.value;
  return typeof value === "string" && /^[A-Za-z][A-Za-z0-9]*$/.test(value) ? value : undefined;
}

/**
 * An AWS query-protocol action that does not read (`RunInstances`, `ReceiveMessage`) changes state, though the spec
 * lists it as a `GET` too: at least medium. Its verbs are too many for a list (run, start, attach, tag, receive).
 */
function queryActionRisk(action: string): WordRisk | undefined {
  const first = words(action)[0];
  if (first === undefined || READ_VERBS.has(first)) return undefined;
  return { risk: "medium", destructive: false, word: first, source: `action ${action}` };
}

/** Verbs whose every call does it again: sending, paying, running. */
const REPEATING_VERBS: ReadonlySet<string> = new Set([
  "send",
  "resend",
  "purchase",
  "buy",
  "pay",
  "charge",
  "dial",
  "deposit",
  "withdraw",
  "refund",
  "run",
  "execute",
  "trigger",
  "notify",
  "increment",
  "decrement",
]);

/** What an "add" adds to an amount rather than to a set ("Add Funds To Carrier", not "Add a collaborator"). */
const AMOUNTS = /^(funds?|credits?|money|balance|minutes|points)$/i;

/**
 * Whether a PUT's summary (else its description's first sentence) says each call does it again: it opens with a
 * verb of {@link REPEATING_VERBS} ("Send Verification Token", "Purchase a Package", "Run trial balance") or adds to an
 * amount (ShipEngine's `PUT /v1/carriers/{carrier_id}/add_funds`, "Add Funds To Carrier"). Such a PUT is no replace
 * that a repeat leaves as it was, whatever the method promises. Other methods are never idempotent already.
 */
export function repeatsByWords(operation: WordedOperation): boolean {
  if (operation.method !== "put") return false;
  const text = (operation.summary ?? operation.description?.split(/(?<=[.!?])\s/)[0])?.trim() ?? "";
  const [first, second] = /^([A-Za-z]+)(?:\s+([A-Za-z]+))?/.exec(text)?.slice(1) ?? [];
  if (first === undefined) return false;
  const lower = first.toLowerCase();
  const base = [lower, lower.replace(/es$/, ""), lower.replace(/s$/, "")];
  if (base.some((b) => REPEATING_VERBS.has(b))) return true;
  return base.includes("add") && second !== undefined && AMOUNTS.test(second);
}

/** Who may be said to be idempotent: the operation itself ("This operation", "The endpoint", "This API action"). */
const SELF = /(?:^|\W)(?:this|the)\s+(?:api\s+)?(?:operation|endpoint|api|action|request|call|method)\s*$/i;
/** A bare "This", said of the operation only as "This is an idempotent operation" (EC2's AssociateAddress). */
const THIS = /(?:^|\W)this\s*$/i;
/** "… is idempotent", "… is an idempotent operation/API/action". */
const IS_IDEMPOTENT = /\s+is\s+(?:an\s+)?idempotent(?:\s+(?:operation|api|action|request|call|endpoint|method)\b)?/gi;
/** Words after it that make it a condition ("idempotent unless …", "for STANDARD workflows", "with respect to"). */
const QUALIFIED_AFTER = /^\s*(?:unless|if|when|for|with|only|except|provided|as long|within|per)\b/i;
/** Words before it, in its sentence, that make it a condition ("Unless you specify conditions, the DeleteItem is …"). */
const QUALIFIED_BEFORE = /\b(?:unless|if|when|only|except|provided)\b/i;
/** Words anywhere that say some call of it is not ("isn't idempotent for EXPRESS workflows", "non-idempotent"). */
const NOT_IDEMPOTENT = /\b(?:not|n't|never|non)[\s-]*idempotent/i;

/** A name as compared with the operation's id: lower case, letters and digits only. */
const bareName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Whether `before` ends with the operation's own name ("CreateActivity", "The CreatePlatformEndpoint action"), its id
 * read without an HTTP method before it (AWS's `GET_CreateDomain`).
 */
function endsWithName(before: string, id: string): boolean {
  const words = before
    .replace(/\s+(?:operation|action|api)\s*$/i, "")
    .trim()
    .split(/\s+/);
  const name = bareName(id.replace(/^(?:get|post|put|patch|delete)_/i, ""));
  for (let k = 1; k <= Math.min(5, words.length); k++)
    if (name !== "" && bareName(words.slice(-k).join("")) === name) return true;
  return false;
}

/**
 * Whether the words of a call that writes by POST or PATCH (or a GET that acts, AWS's `GET /#Action=TerminateInstances`)
 * state, without a condition, that the operation is idempotent: "The endpoint is
 * idempotent - successive calls will succeed even if the ship is already docked" (SpaceTraders' dock), "This
 * operation is idempotent; if you terminate an instance more than once, each call succeeds" (EC2's
 * TerminateInstances), "CreateActivity is an idempotent API." — the subject being the operation ("this operation",
 * "the endpoint", "this API action") or its own name. Not when a condition follows or precedes ("is idempotent unless
 * …", "Unless you specify conditions, …"), when any call of it is said not to be, nor for an idempotency key or token
 * ("ensure idempotent creation", "idempotent with respect to the token").
 */
export function idempotentByWords(operation: WordedOperation): boolean {
  if (operation.method === "put" || operation.method === "delete") return false;
  const text = htmlToText(`${operation.summary ?? ""}\n${operation.description ?? ""}`).replace(/[*`_]/g, "");
  if (!/idempotent/i.test(text) || NOT_IDEMPOTENT.test(text)) return false;
  for (const match of text.matchAll(IS_IDEMPOTENT)) {
    const sentence =
      text
        .slice(0, match.index)
        .split(/[.!?;:\n]/)
        .pop() ?? "";
    const self = SELF.test(sentence) || (THIS.test(sentence) && /\s(?:operation|api|action)$/i.test(match[0]));
    if (!self && !endsWithName(sentence, namingId(operation))) continue;
    const after = text.slice(match.index + match[0].length);
    if (!QUALIFIED_AFTER.test(after) && !QUALIFIED_BEFORE.test(sentence)) return true;
  }
  return false;
}

/**
 * A profile by its operations' words on repeating: never idempotent when one's words say a repeat does it again;
 * idempotent when every operation that writes is a PUT or DELETE or its words say it is idempotent
 * ({@link idempotentByWords}).
 */
export function withRepeats(profile: RaisedProfile, operations: readonly WordedOperation[]): RaisedProfile {
  if (profile.annotations.idempotentHint) {
    if (!operations.some(repeatsByWords)) return profile;
    return { ...profile, annotations: { ...profile.annotations, idempotentHint: false } };
  }
  const writes = operations.filter((o) => !isReadMethod(o.method) || changesStateByWords(o));
  const idempotent = (o: WordedOperation) =>
    ((o.method === "put" || o.method === "delete") && !repeatsByWords(o)) || idempotentByWords(o);
  if (profile.annotations.readOnlyHint || writes.length === 0 || !writes.every(idempotent)) return profile;
  return { ...profile, annotations: { ...profile.annotations, idempotentHint: true } };
}

/** What the words of an operation are read from. */
export interface WordedOperation {
  readonly id: string;
  readonly path: string;
  readonly method: HttpMethod;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: RequestBody;
  readonly summary?: string;
  readonly description?: string;
  readonly idSynthesized?: boolean;
  readonly idName?: string;
}

export interface RaisedProfile extends RiskProfile {
  /** Why the words raised it (`plan` prints it); absent when the methods alone decide. */
  readonly reason?: string;
}

/**
 * Reads and PUTs are what the method may understate in risk; POST and PATCH are high already, but their words may still
 * say they destroy something (`POST /oauth2/revoke`); a DELETE says so itself.
 */
function wordsCanRaise(operation: WordedOperation): boolean {
  return operation.method !== "delete";
}

/** Whether the operation's words make a call of it change state where its method says it reads. */
export function changesStateByWords(operation: WordedOperation): boolean {
  return isReadMethod(operation.method) && riskFromWords(operation) !== undefined;
}

/** A tool's profile raised by its operations' words, with the reason `plan` prints; unchanged when no word raises it. */
export function raiseByWords(
  profile: RiskProfile,
  operations: readonly WordedOperation[],
  schemas: SchemaLookup = NO_SCHEMAS,
): RaisedProfile {
  const raised = operations
    .filter(wordsCanRaise)
    .map((o) => ({ o, words: riskFromWords(o, schemas) }))
    .filter((r): r is { o: WordedOperation; words: WordRisk } => r.words !== undefined)
    .filter(
      (r) => isRiskLower(profile.risk, r.words.risk) || (r.words.destructive && !profile.annotations.destructiveHint),
    );
  const first = raised[0];
  if (first === undefined) return profile;
  const risk = raised.reduce<Risk>((r, x) => maxRisk(r, x.words.risk), profile.risk);
  const destructive = profile.annotations.destructiveHint || raised.some((r) => r.words.destructive);
  return {
    risk,
    category: "action",
    annotations: {
      readOnlyHint: false,
      destructiveHint: destructive,
      idempotentHint: profile.annotations.idempotentHint && profile.category === "action",
      openWorldHint: true,
    },
    reason: `${profile.risk === risk ? "kept" : `raised from ${profile.risk} to`} ${risk}: "${first.words.word}" in the ${first.words.source} says ${first.o.method.toUpperCase()} ${first.o.path} ${first.words.destructive ? "destroys or revokes something" : "changes state"}`,
  };
}
