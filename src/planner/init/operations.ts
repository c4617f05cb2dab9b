// Reads what init needs from an Operation: its group, path shape, kind of action, list-ness and id-like parameters.
import { schemaLookup } from "../../model/api-source.js";
import type { SchemaLookup } from "../../model/api-source.js";
import type { ApiModel, JsonSchema, Operation, Parameter } from "../../model/api-model.js";
import { preferredContent } from "../media.js";
import { derefTop } from "../schemas.js";
import { isArray, LINKS_MEMBER } from "../paging.js";
import { jsonTypes } from "../type-fit.js";
import { toSnakeCase } from "../../util/naming.js";
import { isPlural } from "../../runtime/adapters/search-words.js";
import { namedAction } from "../named-action.js";
import { customMethodSegments } from "../profile.js";

const PARAM_SEGMENT = /^\{.+\}$/;

/** A format extension of a path segment: `Calls.json`, `{Sid}.json`, `people.xml`. */
export const FORMAT_EXTENSION = /\.(json|xml)$/i;

/** A segment that only names the answer's format (Docker's `/containers/json`, `/images/{name}/json`). */
const FORMAT_SEGMENT = /^json$/i;

/**
 * The path's segments without the empty ones, each without a format extension (`Calls.json` → `Calls`, `{Sid}.json` →
 * `{Sid}`), and without a segment that only names a format (`/containers/json` → `containers`): the nouns and records
 * a path names, as the operation profile reads them.
 */
export function segments(path: string): string[] {
  return path
    .split("/")
    .map((s) => s.replace(FORMAT_EXTENSION, ""))
    .filter((s) => s !== "" && !FORMAT_SEGMENT.test(s));
}

/** Segments that are not `{parameters}`. */
export function staticSegments(path: string): string[] {
  return segments(path).filter((s) => !PARAM_SEGMENT.test(s));
}

export function endsWithParameter(path: string): boolean {
  return PARAM_SEGMENT.test(segments(path).at(-1) ?? "");
}

/** The group an operation is proposed under: its first tag, else its first static path segment. */
export function groupOf(operation: Operation): string {
  return operation.tags[0] ?? staticSegments(operation.path)[0] ?? "api";
}

/** Plurals that do not end in s, as the last word of a snake_case name (`people`, `sales_people`). */
const IRREGULAR = /(^|_)(people|children|caches)$/;
const IRREGULAR_SINGULAR: Readonly<Record<string, string>> = { people: "person", children: "child", caches: "cache" };

/**
 * Nouns whose plural is the word itself, as the last word of a snake_case name (`data_series`, `news`), and acronyms
 * whose last letter stands for a word, not a plural (`sms`, `dns`, `gps`, `aws`, `https`): sms77's `POST /sms` adds an
 * SMS, not an "sm".
 */
const INVARIANT =
  /(^|_)(series|species|news|analytics|statistics|logistics|sms|mms|rcs|gps|dns|kms|cms|tls|https|cors|aws|ios|os|qos|sns|sqs|ses|ecs|eks|efs|ebs|rds)$/;

/**
 * Plurals that add -es to a word ending in s: `addresses`, `classes` (-ss); `aliases`, `biases`, `canvases` (-ias,
 * -vas); `statuses`, `bonuses`, `viruses`, `campuses`, `censuses` (Latin -us after t, n, r, p, s) and `buses`. Not
 * `databases`, `cases`, `releases`, `causes`, `excuses`, `abuses`: their singular ends in -e.
 */
const S_ES = /(ss|ias|vas|[tnrps]us|(^|_)bus)es$/;

/**
 * Naive English singular: `pets` → `pet`, `categories` → `category`, `people` → `person`, `addresses` → `address`,
 * `canvases` → `canvas`; `status` and `series` stay.
 */
export function singular(word: string): string {
  const irregular = IRREGULAR.exec(word);
  if (irregular !== null)
    return `${word.slice(0, irregular.index)}${irregular[1]}${IRREGULAR_SINGULAR[irregular[2] ?? ""]}`;
  if (INVARIANT.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  // A last word of two letters is no plural (`send_as`, `as`).
  if (/(ss|us|is)$/.test(word) || /(^|[_\s-])[a-z]{1,2}$/i.test(word)) return word;
  if (/(sh|ch|x)es$/.test(word) || S_ES.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

const ID_LIKE =
  /^(.*?)[_-]?(id|Id|ID|gid|Gid|GID|sid|Sid|SID|number|Number|key|Key|uuid|Uuid|UUID|guid|Guid|GUID|uid|Uid|UID|slug|Slug|sha|Sha|SHA)$/;

/** Id kinds that, run into a lowercase word, end that word's `id` instead (`orgid`, `sellerskuid`). */
const RUN_ON: ReadonlySet<string> = new Set(["gid", "sid", "uid"]);

/**
 * For an id-like parameter name, the entity it names and the property that holds it: `petId` → pet/id, `issue_number`
 * → issue/number, `workspace_gid` → workspace/gid, Postman's `collection_uid` → collection/uid; a lowercase `gid`, `sid`
 * or `uid` run into a word is its `id` (`orgid` → org/id).
 */

export function idParts(name: string): { readonly entity: string; readonly property: string } | undefined {
  const match = ID_LIKE.exec(name);
  if (!match) return undefined;
  const [entity = "", property = ""] = [match[1], match[2]];
  if (RUN_ON.has(property) && /[a-z]$/.test(entity) && name.endsWith(`${entity}${property}`))
    return { entity: singular(toSnakeCase(`${entity}${property.charAt(0)}`)), property: "id" };
  return { entity: singular(toSnakeCase(entity)), property: toSnakeCase(property) };
}

/** A parameter that numbers a record within its parent (Gitea's `{index}`, GitLab's `{issue_iid}`, `issue_number`). */
export function isOrdinal(name: string): boolean {
  return /(^|_)(index|idx|num|number|no|iid)$/.test(toSnakeCase(name));
}

/** The resource a path parameter names: `petId` → `pet`; `{id}` after `/users/` → `user`. */
export function parameterEntity(path: string, name: string): string | undefined {
  const fromName = idParts(name)?.entity;
  if (fromName) return fromName;
  const parts = segments(path);
  const before = parts[parts.indexOf(`{${name}}`) - 1];
  return before === undefined || before.startsWith("{") ? undefined : singular(toSnakeCase(before));
}

/** Whether one of a read's names (`database`, `ssh_key`) is the entity (`database`, `key`). */
export function namesEntity(names: readonly string[], entity: string): boolean {
  return names.some((n) => n === entity || n.endsWith(`_${entity}`));
}

/**
 * Whether `target` takes the very parameter `parameter` of `read`: the same name and place and, for a path parameter
 * whose name says no kind (`{id}`, `{uuid}`), after the same collection. Keycloak's `{id}` of
 * `/{realm}/groups/{id}/members` is a group's, of `/{realm}/users/{id}` a user's: one value for both would address the
 * user by a group's id. A parameter that names its kind (`{userId}`, `{DomainName}`) is one thing wherever it sits.
 */
export function sharesParameter(read: Operation, target: Operation, parameter: Parameter): boolean {
  return target.parameters.some(
    (p) =>
      p.name === parameter.name &&
      p.in === parameter.in &&
      (p.in !== "path" ||
        idParts(p.name)?.entity !== "" ||
        parameterEntity(read.path, p.name) === parameterEntity(target.path, p.name)),
  );
}

/** A read verb leading a segment that names what it reads (`GetServices`, `list_users`). */
const LEADING_VERB = /^(get|list|find|search|query|fetch)_(?=.)/;

/**
 * The name a list read's items go by, from its path: its last plural segment that names a thing (`/v2/databases` →
 * `database`, `/api/v2/payments/creditors/` → `creditor`, `/users/search` → `user`, `/rooms/pending` → `room`), else
 * its last such segment (`/pet/findByStatus` → `pet`); the last segment whatever its number when the records' own
 * names (`own`, from their schema) say it (`/payments/account/` of `CreditorAccount`s → `account`). The segments before it
 * are where the collection sits (a namespace, the owner of the list), never what it holds: Nordigen's creditors are no
 * payments because they are listed under `/payments/`; a word after it qualifies it (`pending`, `summary`, `all`). A
 * read verb leading the segment is no part of the noun (Service Fabric's `GetServices` lists services).
 */
export function pathEntities(path: string, own: readonly string[] = []): string[] {
  const nouns = staticSegments(path)
    .filter((s) => !VERSION_SEGMENT.test(s))
    .map((s) => toSnakeCase(s).replace(LEADING_VERB, ""))
    .filter((s) => !ACTION_SEGMENT.test(s));
  const last = nouns.at(-1);
  if (last !== undefined && namesEntity(own, singular(last))) return [singular(last)];
  const listed = nouns.findLast((s) => isPlural(s.split("_").at(-1) ?? "")) ?? last;
  return listed === undefined ? [] : [singular(listed)];
}

/**
 * Required path parameters a person would not know by heart (ids, numbers, keys), which chains try to resolve; not one
 * the API says takes a name too (Docker's `{id}`: "ID or name of the container").
 */
export function idParameters(operation: Operation): Parameter[] {
  return operation.parameters.filter(
    (p) => p.in === "path" && (idParts(p.name) !== undefined || isIntegerSchema(p.schema)) && !takesName(p),
  );
}

/** An id the API's description says it also takes as a name: "ID or name of the container", "Network name or ID". */
export function takesName(parameter: Parameter): boolean {
  return /\b(ids?|identifiers?)\s+or\s+(its\s+|the\s+)?names?\b|\bnames?\s+or\s+(its\s+|the\s+)?(ids?|identifiers?)\b/i.test(
    parameter.description ?? "",
  );
}

function isIntegerSchema(schema: JsonSchema): boolean {
  return typeof schema === "object" && schema["type"] === "integer";
}

const FRIENDLY_RANK: Readonly<Record<string, number>> = {
  email: 0,
  email_address: 0,
  username: 1,
  user_name: 1,
  login: 1,
  handle: 1,
  name: 2,
  full_name: 2,
  title: 2,
  phone: 2,
  q: 3,
  query: 3,
  search: 3,
  term: 3,
  keyword: 3,
  keywords: 3,
  filter: 4,
};

/** How readily a person knows a parameter's value (lower is better); undefined when it is not something a person types. In a path only emails and user names count (a `{name}` there is usually a key). */
export function friendlyRank(parameter: Parameter): number | undefined {
  const snake = toSnakeCase(lastKey(parameter.name));
  const rank =
    FRIENDLY_RANK[snake] ?? (parameter.in === "query" && isTextSchema(parameter.schema) ? looseRank(snake) : undefined);
  if (parameter.in === "query") return rank;
  return parameter.in === "path" && rank !== undefined && rank <= 1 ? rank : undefined;
}

/**
 * The key a bracketed parameter name ends in (`searchCriteria[filterGroups][0][filters][0][field]` → `field`, which
 * names the field a filter compares, not a search text; `filter[name]` → `name`); any other name as it is.
 */
export function lastKey(name: string): string {
  return /\[([^[\]]+)\]$/.exec(name)?.[1] ?? name;
}

/** `display_name`, `filter_name`, `name_contains`, `search_term`: words a person would type, by what they hold. */
function looseRank(snake: string): number | undefined {
  const words = snake.split("_");
  if (words.includes("email")) return 0;
  if (words.includes("username") || words.includes("login")) return 1;
  if (words.includes("name") || words.includes("title")) return words.includes("id") ? undefined : 2;
  return words.some((w) => ["search", "query", "keyword", "keywords", "term"].includes(w)) ? 3 : undefined;
}

function isTextSchema(schema: JsonSchema): boolean {
  return (
    typeof schema === "object" &&
    (schema["type"] === "string" || schema["type"] === undefined) &&
    schema["enum"] === undefined &&
    schema["format"] === undefined
  );
}

const PAGING =
  /^(limit|offset|page|per_page|page_size|pagesize|cursor|after|before|starting_after|ending_before|next|next_token|page_token|max_results|top|skip|count|sort|order|direction|fields|expand|include)$/;

/** Whether a query parameter pages, sorts or projects a list rather than filtering it. */
export const isPagingParameter = (parameter: Parameter): boolean => PAGING.test(toSnakeCase(parameter.name));

/** A parameter that numbers the page to read (`page`, `page[number]`) or counts the items to skip (`offset`). */
const PAGE_START = /^(page|page_number|page_num|pagenumber|page_no|page_index|offset|skip|start|start_index)$/;
const OFFSET = /^(offset|skip|start|start_index)$/;
/** A parameter that sets how many items a page holds. */
export const PAGE_SIZE = /^(limit|per_page|page_size|pagesize|max_results|maxresults|top|count|size|max)$/;

/**
 * The value a step that only looks a record up sends for a paging parameter the API requires: the first page (its
 * default, else its minimum; an offset 0) and the largest page (its maximum, stated or in its schema; else its
 * default). Undefined where the spec gives no such value (a cursor, a page numbered from an unsaid base): the model is
 * asked as before.
 */
export function firstPageValue(
  parameter: Pick<Parameter, "name" | "in" | "schema" | "description">,
): number | undefined {
  if (parameter.in !== "query") return undefined;
  const name = toSnakeCase(parameter.name);
  const schema = typeof parameter.schema === "object" ? parameter.schema : {};
  const numeric = schema["type"] === "integer" || schema["type"] === "number";
  const number = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  if (PAGE_START.test(name) && numeric)
    return number(schema["default"]) ?? number(schema["minimum"]) ?? (OFFSET.test(name) ? 0 : undefined);
  if (PAGE_SIZE.test(name) && numeric)
    return number(schema["maximum"]) ?? statedMaximum(parameter.description) ?? number(schema["default"]);
  return undefined;
}

/** A maximum the description states where the schema gives none (Slack: "Must be an integer no larger than 1000."). */
const STATED_MAXIMUM =
  /\b(?:no (?:larger|greater|more) than|at most|maximum(?: value)?(?: is| of)?:?|between \d+ ?(?:-|and|to) ?)\s*(\d{1,6})\b/i;

export function statedMaximum(description: string | undefined): number | undefined {
  const match = STATED_MAXIMUM.exec(description ?? "");
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Optional query parameters that filter a list (not paging, sorting or projection). */
export function filterCount(operation: Operation): number {
  return operation.parameters.filter((p) => p.in === "query" && !PAGING.test(toSnakeCase(p.name))).length;
}

/** The JSON schema of the success response, if it has one. */
export function successSchema(operation: Operation): JsonSchema | undefined {
  const contents = operation.success?.contents ?? [];
  return (contents.find((c) => c.kind === "json") ?? preferredContent(contents))?.schema;
}

const LIST_KEYS = ["items", "data", "results", "records", "entries", "values", "content", "elements", "list", "nodes"];

/** Properties that give an object an identity of its own: a record carries one, a list's envelope does not. */
const OWN_ID = /^_?(id|uuid|guid)$/;

/**
 * Tokens from a response root to its first list element: `["0"]`, `["items", "0"]`, or undefined when the response is
 * not a list (an `items` beside `type: object`, as handwrytten's card list declares, is no list: the planner reads an object).
 * An object's one array of another name is its list only where the object has no id of its own or the path lists that
 * array (`GET /roles/{id}/actors` answering `{id, name, actors: […]}`): a record with one list of parts (NetBox's
 * connected device and its `tags`) is that record, never a list of its parts.
 */
export function listTokens(schema: JsonSchema, schemas: SchemaLookup, path?: string): string[] | undefined {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object") return undefined;
  const branches = node["oneOf"] ?? node["anyOf"];
  if (node["type"] === undefined && node["properties"] === undefined && Array.isArray(branches))
    return unionListTokens(branches as JsonSchema[], schemas, path);
  return shapeListTokens(node, schemas, path);
}

/** `listTokens` of one shape (a union's branch is read as one shape: a union nested in it is no list). */
function shapeListTokens(schema: JsonSchema, schemas: SchemaLookup, path?: string): string[] | undefined {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object") return undefined;
  const untyped = node["type"] === undefined;
  if (node["type"] === "array" || (untyped && node["items"] !== undefined && node["properties"] === undefined))
    return ["0"];
  if (node["properties"] === undefined && Array.isArray(node["allOf"]))
    return composedListTokens(node["allOf"] as JsonSchema[], schemas, path);
  const properties = (node["properties"] ?? {}) as Record<string, JsonSchema>;
  const arrays = Object.keys(properties).filter((k) => !LINKS_MEMBER.test(k) && isArray(properties[k] ?? {}, schemas));
  const listed = LIST_KEYS.find((k) => arrays.includes(k));
  if (listed !== undefined) return [listed, "0"];
  const [only, ...more] = arrays;
  if (only === undefined || more.length > 0) return undefined;
  if (optionalPart(only, node, schemas)) return undefined;
  return isPartOfRecord(only, Object.keys(properties), path) || plainPartOfRecord(only, properties, schemas, path)
    ? undefined
    : [only, "0"];
}

/**
 * An array the object may answer null or leave out while it requires other members (Codat's `PushOption`: requires
 * `displayName`, `required`, `type`; `options` is array-or-null): one thing with an optional list of parts, not a list.
 */
function optionalPart(key: string, node: Record<string, unknown>, schemas: SchemaLookup): boolean {
  const required = Array.isArray(node["required"]) ? (node["required"] as unknown[]) : [];
  if (required.length === 0 || required.includes(key)) return false;
  const member = ((node["properties"] ?? {}) as Record<string, JsonSchema>)[key] ?? {};
  return jsonTypes(member, schemas).has("null");
}

/**
 * A list composed of parts (DigitalOcean's `GET /v2/droplets`: `allOf: [{droplets: […]}, pagination, meta]`): the
 * array of a part that the path names (`droplets`; `domain_records` of `/records`, `ssh_keys` of `/keys`). An array
 * of another name beside the paging parts says nothing of what the path lists.
 */
function composedListTokens(parts: readonly JsonSchema[], schemas: SchemaLookup, path?: string): string[] | undefined {
  const last = path === undefined ? undefined : staticSegments(path).at(-1);
  if (last === undefined) return undefined;
  const listed = toSnakeCase(last);
  for (const part of parts) {
    const node = derefTop(part, schemas);
    if (typeof node !== "object") continue;
    const properties = (node["properties"] ?? {}) as Record<string, JsonSchema>;
    const key = Object.keys(properties).find((k) => {
      const snake = toSnakeCase(k);
      return (snake === listed || snake.endsWith(`_${listed}`)) && isArray(properties[k] ?? {}, schemas);
    });
    if (key !== undefined) return [key, "0"];
  }
  return undefined;
}

/**
 * A union of list shapes (SoundCloud's `oneOf: [{collection, next_href}, Track[]]`, the bare list deprecated): the
 * tokens of the shape the API recommends, its branches not marked deprecated, when those agree. A union with any branch
 * that is no list (one item or many) is no list.
 */
function unionListTokens(branches: readonly JsonSchema[], schemas: SchemaLookup, path?: string): string[] | undefined {
  const shapes = branches
    .filter((b) => !isNullOnly(b, schemas))
    .map((b) => ({ tokens: shapeListTokens(b, schemas, path), deprecated: isDeprecated(b, schemas) }));
  if (shapes.length === 0 || shapes.some((s) => s.tokens === undefined)) return undefined;
  const current = shapes.filter((s) => !s.deprecated);
  const kept = (current.length > 0 ? current : shapes).map((s) => (s.tokens ?? []).join("/"));
  return new Set(kept).size === 1 ? (kept[0] ?? "").split("/") : undefined;
}

function isNullOnly(schema: JsonSchema, schemas: SchemaLookup): boolean {
  const types = jsonTypes(schema, schemas);
  return types.size === 1 && types.has("null");
}

function isDeprecated(schema: JsonSchema, schemas: SchemaLookup): boolean {
  const node = derefTop(schema, schemas);
  return typeof node === "object" && node["deprecated"] === true;
}

/** Members of a list's envelope beside its array: paging and counts (`next_token`, `total`, `page`, `has_more`). */
const ENVELOPE = /(^|_)(next|prev|previous|page|pages|cursor|token|total|count|offset|limit|more|links?|meta)(_|$)/;

/** An answer's payload under a wrapper's name (Netatmo's `{status, body: [ids], time_exec, time_server}`): a list. */
const WRAPPER = /^(body|result|response|payload)$/i;

/**
 * A sole array of plain values (strings, numbers) beside at least three other members, none of them paging, in an
 * answer whose path does not name it: one record's part (Linode's `GET /profile`, `authorized_keys` among `username`,
 * `email`, `uid`, …; GitHub's `GET /feeds`; Netlify's site certificate's `domains`), not a list of keys. A list of
 * plain values stands alone or beside its paging (`{repositories: […]}`, Kafka's `{SecretArnList, NextToken}`).
 */
function plainPartOfRecord(
  key: string,
  properties: Readonly<Record<string, JsonSchema>>,
  schemas: SchemaLookup,
  path: string | undefined,
): boolean {
  const others = Object.keys(properties).filter((p) => p !== key);
  if (path === undefined || others.length < 3 || WRAPPER.test(key)) return false;
  if (others.some((p) => ENVELOPE.test(toSnakeCase(p)))) return false;
  const last = staticSegments(path).at(-1);
  if (last !== undefined && singular(toSnakeCase(last)) === singular(toSnakeCase(key))) return false;
  const array = derefTop(properties[key] ?? {}, schemas);
  const items = typeof array === "object" ? derefTop((array["items"] ?? {}) as JsonSchema, schemas) : undefined;
  return typeof items === "object" && ["string", "integer", "number", "boolean"].includes(String(items["type"]));
}

/** An array beside an id of the object's own, in an answer whose path does not name that array: a part of one record. */
function isPartOfRecord(key: string, properties: readonly string[], path: string | undefined): boolean {
  if (path === undefined || !properties.some((p) => OWN_ID.test(toSnakeCase(p)))) return false;
  const last = staticSegments(path).at(-1);
  return last === undefined || singular(toSnakeCase(last)) !== singular(toSnakeCase(key));
}

/** A GET on a collection path whose response is a list. */
export function isListOperation(model: ApiModel, operation: Operation): boolean {
  const schema = successSchema(operation);
  return (
    operation.method === "get" &&
    !endsWithParameter(operation.path) &&
    schema !== undefined &&
    listTokens(schema, schemaLookup(model.schemas), operation.path) !== undefined
  );
}

/**
 * `GET /pet/{petId}`: which call a goal makes, for the comment above it and to tell operations apart; a call named apart
 * from its path adds its action (`GET / (ListQueues)`), as the operations sharing that path are told apart by it.
 */
export function signatureOf(operation: Operation): string {
  const action = namedAction(operation);
  return action === undefined ? routeSignature(operation) : `${routeSignature(operation)} (${action})`;
}

/** `METHOD /path`: how a step names an operation without an id in the goals file. */
function routeSignature(operation: Operation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

/**
 * The `operation:` value of a step: the operationId when the spec has one (an empty `operationId: ""` is none), else
 * `METHOD /path` — unless that names no one operation (paths told apart only by their query, weatherbit's
 * `/current?city=` and `/current?stations=`; a path with spaces), where the synthesized id does.
 */
export function operationRef(operation: Operation, operations: readonly Operation[] = []): string {
  const id = operation.id;
  const usableId = id !== "" && !/\s/.test(id) && !id.startsWith("/");
  if (usableId && !operation.idSynthesized) return id;
  const route = routeOf(operation);
  const shared = operations.some((o) => o !== operation && o.method === operation.method && routeOf(o) === route);
  return usableId && (shared || /\s/.test(operation.path)) ? id : routeSignature(operation);
}

/** `/pets/{petId}` and `/pets/{id}/` are one route, as the goals planner matches `METHOD /path`. */
function routeOf(operation: Operation): string {
  return operation.path.replace(/\{[^}]*\}/g, "{}").replace(/\/+$/, "") || "/";
}

/**
 * An API version segment, which names no thing: `v1`, `v1beta2`, `v2beta`, dotted `v0.5` and `V1.0`, Google's `v1b3`
 * and `v3p1beta1`, a date `2013-01-01`; not a bare `2.8.0` (image-charts' `/chart.js/2.8.0` is an endpoint).
 */
export const VERSION_SEGMENT = /^(v\d+(\.\d+)*([a-z]+\d*)*|\d{4}-\d{2}-\d{2})$/i;
/** A version's parts, for ranking: major, minor, stage, stage number (`v1.2`, `v1beta2`); a date's digits. */
const VERSION_PARTS = /^v(\d+)(?:\.(\d+))?(?:(alpha|beta)(\d*))?$/i;
const DATE_VERSION = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The path's static segments that name something, a custom method apart from the segment it ends unless `custom` is
 * false (`/v2/{name}:cancel` → `cancel`, `/v2/entries:copy` → `entries`, `copy`), and no version: a path that only holds a resource name after its
 * version (Google's `/v2/{metricName}`) names no thing in its words, and `v2` is no record.
 */
export function nounSegments(path: string, custom = true): string[] {
  return (custom ? customMethodSegments(segments(path)) : segments(path))
    .filter((s) => !PARAM_SEGMENT.test(s))
    .filter((s) => !VERSION_SEGMENT.test(s));
}

/** The API version in a path (`/apis/apps/v1beta2/…` → `v1beta2`), if it has one. */
function versionOf(path: string): string | undefined {
  return segments(path).find((s) => VERSION_SEGMENT.test(s));
}

/**
 * Stable above beta above alpha, then by number: `v2` > `v1.1` > `v1` > `v1beta2` > `v1beta1` > `v1alpha1`; a later
 * date above an earlier one.
 */
export function versionRank(version: string | undefined): number {
  const date = version === undefined ? null : DATE_VERSION.exec(version);
  if (date) return 3_000_000_000 + Number(`${date[1]}${date[2]}${date[3]}`);
  const match = version === undefined ? null : VERSION_PARTS.exec(version);
  if (!match) return 0;
  const stage = match[3] === undefined ? 3 : match[3].toLowerCase() === "beta" ? 2 : 1;
  return stage * 1_000_000_000 + Number(match[1]) * 1_000_000 + Number(match[2] || 0) * 1_000 + Number(match[4] || 0);
}

/** The segments after the version (all of them when there is none), without `watch` and with parameter names erased. */
function resourcePath(path: string): string[] {
  const parts = segments(path);
  const at = parts.findLastIndex((s) => VERSION_SEGMENT.test(s));
  return parts
    .slice(at + 1)
    .filter((s) => s !== "watch")
    .map((s) => (PARAM_SEGMENT.test(s) ? "{}" : s));
}

/** What stays the same across API versions: method, the path after the version, and the action a call names apart from its path. */
function versionlessKey(operation: Operation): string {
  return `${operation.method} /${resourcePath(operation.path).join("/")} ${namedAction(operation) ?? ""}`;
}

/** One API version per resource: of operations that differ only by version, those of the newest (stable first); `watch` variants and deprecated ones only when nothing else is left. */
export function newestVersions(operations: readonly Operation[]): Operation[] {
  const score = (o: Operation): number =>
    versionRank(versionOf(o.path)) * 4 + (o.deprecated ? 0 : 2) + (segments(o.path).includes("watch") ? 0 : 1);
  const best = new Map<string, number>();
  for (const o of operations) best.set(versionlessKey(o), Math.max(best.get(versionlessKey(o)) ?? -1, score(o)));
  const kept = new Set<string>();
  return operations.filter((o) => {
    const key = versionlessKey(o);
    if (score(o) !== best.get(key) || kept.has(key)) return false;
    kept.add(key);
    return true;
  });
}

/**
 * The resource an operation acts on, singular snake_case: the last collection in its path (`/namespaces/{ns}/pods/{name}/status` → `pod`,
 * `/repos/{owner}/{repo}/issues` → `issue`); a trailing segment with no item path below it is a sub-resource of the one before.
 * A path with no collection and no id is a part of the nearest single thing above it that `singles` names (see
 * `singletonAbove`).
 */
export function resourceOf(
  operation: Operation,
  collections: Collections,
  singles: ReadonlySet<string> = new Set(),
): string {
  const parts = resourcePath(operation.path);
  const statics = parts.flatMap((s, i) => (s === "{}" || ACTION_SEGMENT.test(s) ? [] : [i]));
  const isCollection = (i: number): boolean => {
    const prefix = parts.slice(0, i + 1).join("/");
    return collections.lists.has(prefix) || (parts[i + 1] === "{}" && !collections.plainReads.has(prefix));
  };
  const chosen = [...statics].reverse().find((i) => isCollection(i)) ?? singletonAbove(parts, statics, singles);
  return chosen === undefined ? "api" : singular(toSnakeCase(parts[chosen] ?? "api"));
}

/**
 * In a path of static segments only that names no collection, the single thing its last segment is a part of: the
 * nearest segment before it whose path is in `singles`, one whose read answers one thing (`player` of `/player/pause`
 * and `/player/currently-playing`); else the last segment itself.
 */
function singletonAbove(
  parts: readonly string[],
  statics: readonly number[],
  singles: ReadonlySet<string>,
): number | undefined {
  const last = statics.at(-1);
  if (last === undefined || parts.length !== statics.length) return last;
  const above = statics.filter((i) => i < last && singles.has(parts.slice(0, i + 1).join("/")));
  return above.at(-1) ?? last;
}

/**
 * The leading static segments most operations share (`rest/api/3` of Jira's `/rest/api/3/issue`): the API's base, no
 * resource. Empty when no segment is shared by more than half of the paths; a collection (`/repos/{owner}`) is no base.
 */
export function basePrefix(operations: readonly Operation[]): string[] {
  const prefix: string[] = [];
  for (;;) {
    const counts = new Map<string, number>();
    for (const o of operations) {
      const parts = segments(o.path);
      if (prefix.every((s, i) => parts[i] === s) && parts.length > prefix.length + 1) {
        const next = parts[prefix.length] ?? "";
        if (!PARAM_SEGMENT.test(next)) counts.set(next, (counts.get(next) ?? 0) + 1);
      }
    }
    const [top, n = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (top === undefined || n * 2 <= operations.length || itemsFollow([...prefix, top], operations)) return prefix;
    prefix.push(top);
  }
}

/** Whether some path has a parameter right after `prefix` (`/repos/{owner}`): then its last segment is a collection, not a base. */
export function itemsFollow(prefix: readonly string[], operations: readonly Operation[]): boolean {
  return indexedPrefixes(operations).has(prefix.join("/"));
}

const indexedCache = new WeakMap<readonly Operation[], ReadonlySet<string>>();

/** Every run of leading segments some path follows with a parameter (`repos` and `repos/{owner}` of `/repos/{owner}/{repo}`). */
function indexedPrefixes(operations: readonly Operation[]): ReadonlySet<string> {
  const cached = indexedCache.get(operations);
  if (cached !== undefined) return cached;
  const prefixes = new Set<string>();
  for (const o of operations) {
    const parts = segments(o.path);
    for (let i = 0; i < parts.length; i++)
      if (PARAM_SEGMENT.test(parts[i] ?? "")) prefixes.add(parts.slice(0, i).join("/"));
  }
  indexedCache.set(operations, prefixes);
  return prefixes;
}

/** A search of the whole API (Spotify's `GET /search`, Jira's `GET /rest/api/3/search`): below the base, one search segment. */
export function isApiSearch(operation: Operation, base: readonly string[]): boolean {
  if (operation.method !== "get" && operation.method !== "post") return false;
  const parts = segments(operation.path);
  const rest = base.every((s, i) => parts[i] === s) ? parts.slice(base.length) : parts;
  return rest.length === 1 && /^(search|query)$/i.test(rest[0] ?? "");
}

/**
 * The path of the signed-in user's own things without `me` (Spotify's `/me/player/pause` → `/player/pause`,
 * `/me/playlists` → `/playlists`): what follows is the resource, not "me"; undefined for any other path and for `/me`.
 */
export function ownThings(path: string, base: readonly string[]): string | undefined {
  const parts = segments(path);
  const rest = base.every((s, i) => parts[i] === s) ? parts.slice(base.length) : parts;
  const [first, next] = rest;
  return first === "me" && next !== undefined && !PARAM_SEGMENT.test(next) ? `/${rest.slice(1).join("/")}` : undefined;
}

/**
 * A segment that names a way to read a collection, not a resource: `findByStatus`, `search`, `by-email`; an RPC-style
 * read's verb (Airbyte's `/v1/connections/get`, keyserv's `/v1/ProductsApi/Find`).
 */
const ACTION_SEGMENT =
  /^(find|search|list|query|lookup|filter|by|get)([-_A-Z]|$)|^(Find|Search|List|Query|Get)([-_A-Z]|$)|By[A-Z]/;

/** Paths (after the version) of list reads, and of reads that return one thing (`…/pods/{}/proxy`: not a collection). */
export interface Collections {
  readonly lists: ReadonlySet<string>;
  readonly plainReads: ReadonlySet<string>;
}

export function collectionPrefixes(model: ApiModel): Collections {
  const reads = model.operations.filter((o) => o.method === "get");
  const key = (o: Operation): string => resourcePath(o.path).join("/");
  return {
    lists: new Set(reads.filter((o) => isListOperation(model, o)).map(key)),
    plainReads: new Set(reads.filter((o) => !isListOperation(model, o)).map(key)),
  };
}

/** Discovery endpoints (`GET /apis/apps/v1/`): nothing after the version. */
export function isDiscovery(operation: Operation): boolean {
  return versionOf(operation.path) !== undefined && resourcePath(operation.path).length === 0;
}

/** A description that says its value is a date or a time (Calendar's "Must be an RFC3339 timestamp …"). */
const DATED = /\b(timestamp|rfc ?3339|iso ?8601|date-time)\b/i;

/**
 * Whether a value is a date or a time: of format `date` or `date-time`, or a string whose name says time or date
 * (`timeMin`, `start_date`) or whose description says it is a timestamp, RFC 3339 or ISO 8601.
 */
export function isDated(schema: JsonSchema | undefined, name: string, description = ""): boolean {
  if (typeof schema !== "object") return false;
  if (schema["format"] === "date-time" || schema["format"] === "date") return true;
  return schema["type"] === "string" && (/(^|_)(time|date)($|_)/.test(toSnakeCase(name)) || DATED.test(description));
}

/** The words that open and close a range, paired: `timeMin` and `timeMax`, `created_after` and `created_before`. */
const RANGE_ENDS: readonly (readonly [string, string])[] = [
  ["min", "max"],
  ["after", "before"],
  ["since", "until"],
  ["from", "to"],
  ["start", "end"],
];

/**
 * The names among `names` that come in pairs opening and closing a range (`timeMin` and `timeMax`, `start` and `end`,
 * `created_after` and `created_before`), each pair in that order; a name without its twin is left out.
 */
export function rangePairs(names: readonly string[]): string[] {
  const words = (name: string): string[] => toSnakeCase(name).split("_");
  const pairs = names.flatMap((low) =>
    RANGE_ENDS.flatMap(([open, close]) => {
      const at = words(low).indexOf(open);
      if (at < 0) return [];
      const twin = words(low)
        .map((w, i) => (i === at ? close : w))
        .join("_");
      const high = names.find((n) => toSnakeCase(n) === twin);
      return high === undefined ? [] : [low, high];
    }),
  );
  return [...new Set(pairs)];
}
