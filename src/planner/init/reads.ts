// A POST operation → whether it reads (a search, lookup or list sent by POST, as a body carries its filters) and answers a list.
import { schemaLookup } from "../../model/api-source.js";
import type { ApiModel, Operation } from "../../model/api-model.js";
import { type OperationProfile, operationProfile } from "../profile.js";
import { isActionWord, READ_VERBS as RISK_READ_VERBS, readsByOverride, riskFromWords } from "../risk.js";
import { listTokens, successSchema } from "./operations.js";

/**
 * Verbs that lead a read's summary or name (`List commits with include/exclude`, `Get Contacts by Emails`): the verbs
 * risk reads as changing nothing (`READ_VERBS` of risk.ts), but an export or a download. Sent by POST, those start a job
 * that makes a file (Mandrill's `/exports/activity.json`, "Begins an export of your activity history"): harmless to
 * the data, so risk calls them reads, but a goal that starts one is an action, not a find or a get.
 */
const READ_VERBS: ReadonlySet<string> = new Set([...RISK_READ_VERBS].filter((v) => v !== "export" && v !== "download"));

/** A path segment that says the call looks things up: SendGrid's `/contacts/search/emails`, Mandrill's `search.json`. */
const LOOKUP_SEGMENT = /^(search|query|lookup|find)(?=$|[-_.]|[A-Z])/i;

/**
 * Whether a POST reads rather than makes something: its name or summary leads with a read verb (Bitbucket's `List
 * commits with include/exclude`, SendGrid's `Get Contacts by Emails`, AWS's `ListEphemerides`) or a path segment after
 * its last parameter says search or query, and none of its words is one that makes risk read it as a change (`create`,
 * `send`, `update`, `delete`, …: see `riskFromWords`), nor does its summary lead with one (Twitter's `listIdCreate`,
 * "Create List": a list is its object, not its verb). What the rest of the pipeline infers from the method stays: a
 * POST is still an action that needs approval.
 */
export function readsByPost(operation: Operation, profile: OperationProfile): boolean {
  if (readsByOverride(operation)) return true;
  if (operation.method !== "post" || riskFromWords(operation) !== undefined || summaryActs(operation)) return false;
  return READ_VERBS.has(profile.action) || READ_VERBS.has(leadVerb(operation)) || lookupSegment(operation.path);
}

/**
 * The kind a POST that reads is drafted as: a find when it answers a list, else a get; undefined for any other
 * operation. Its slot among the group's proposals stays the one its method gave it (a create's, or an update's).
 */
export function postReadKind(
  model: ApiModel,
  operation: Operation,
  profile: OperationProfile,
): "find" | "get" | undefined {
  if (!readsByPost(operation, profile)) return undefined;
  return readsList(model, operation) ? "find" : "get";
}

/**
 * A POST that reads what the GET of the same path reads, its filters in a body (Bitbucket's `POST …/commits`, "identical
 * to GET … except that POST allows clients to place the include and exclude parameters in the request body"): the GET
 * is the goal, not this.
 */
export function twinOfGet(model: ApiModel, operation: Operation, profile: OperationProfile): boolean {
  return (
    readsByPost(operation, profile) && model.operations.some((o) => o.method === "get" && o.path === operation.path)
  );
}

/**
 * A POST ending in a path parameter that reads what the GET of its path reads (Bitbucket's `POST …/commits/{revision}`,
 * "identical to GET … except that POST allows clients to place the include and exclude parameters in the request
 * body"): a twin of the GET (`twinOfGet`) that answers the same success schema (or none, as the GET does). Such a POST
 * takes an update's slot by its method and path, and would be drafted as a second read gated as a change; one that
 * answers otherwise reads something else (AWS Access Analyzer's `POST /access-preview/{id}` lists a preview's findings,
 * where the GET of that path reads the preview) and stays.
 */
export function getTwinByPost(model: ApiModel, operation: Operation, profile: OperationProfile): boolean {
  if (!twinOfGet(model, operation, profile)) return false;
  const answer = JSON.stringify(successSchema(operation) ?? null);
  return model.operations.some(
    (o) => o.method === "get" && o.path === operation.path && JSON.stringify(successSchema(o) ?? null) === answer,
  );
}

/**
 * Whether a POST that reads answers a list (an array, or an object holding one), or says it searches or lists: in its
 * summary, a lookup segment, or the read verb its path ends in (keyserv's `/v1/ProductsApi/List`).
 */
function readsList(model: ApiModel, operation: Operation): boolean {
  const schema = successSchema(operation);
  if (schema !== undefined && listTokens(schema, schemaLookup(model.schemas), operation.path) !== undefined)
    return true;
  const action = operationProfile(operation).action;
  return (
    ["list", "search", "query", "find"].includes(leadVerb(operation)) ||
    lookupSegment(operation.path) ||
    action === "list" ||
    action === "search"
  );
}

/** Whether the summary (else the description) leads with a read verb: `Get comments by IDs`, `Lists …`. */
export function readsBySummary(operation: Operation): boolean {
  return READ_VERBS.has(leadVerb(operation));
}

/** The first word of the summary (else of the description), as a verb's base: `Lists` → list, `Queries` → query. */
export function leadVerb(operation: Pick<Operation, "summary" | "description">): string {
  const text = operation.summary?.trim() || operation.description?.trim() || "";
  const first = /^[A-Za-z]+/.exec(text)?.[0]?.toLowerCase() ?? "";
  const base = first
    .replace(/ies$/, "y")
    .replace(/(ch|sh)es$/, "$1")
    .replace(/s$/, "");
  return READ_VERBS.has(first) ? first : base;
}

/** Whether the summary (a title, not the description's prose) leads with a verb that changes something: `Create List`. */
function summaryActs(operation: Operation): boolean {
  return operation.summary !== undefined && isActionWord(leadVerb({ summary: operation.summary }));
}

/** A segment after the path's last parameter says search or query (`/contacts/search/emails`). */
function lookupSegment(path: string): boolean {
  const after = path.split("/").filter((s) => s !== "");
  const last = after.findLastIndex((s) => s.startsWith("{"));
  return after.slice(last + 1).some((s) => LOOKUP_SEGMENT.test(s));
}
