// Entity-resolution chains: an operation needing `{userId}` preceded by a read that finds the user by email, name or query.
import { schemaLookup } from "../../model/api-source.js";
import type { SchemaLookup } from "../../model/api-source.js";
import type { ApiModel, JsonSchema, Operation, Parameter } from "../../model/api-model.js";
import { escapeToken } from "../../util/pointer.js";
import { toIdentifierName, toSnakeCase } from "../../util/naming.js";
import { basicUserScheme, credentialParameters, isReturnedToken } from "../credentials.js";
import { isPaged } from "../goals/pick.js";
import { componentName, derefTop } from "../schemas.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { jsonTypes, typesFit } from "../type-fit.js";
import { saysRetired } from "./needed.js";
import {
  endsWithParameter,
  friendlyRank,
  idParameters,
  idParts,
  isOrdinal,
  lastKey,
  listTokens,
  namesEntity,
  PAGE_SIZE,
  parameterEntity,
  pathEntities,
  segments,
  sharesParameter,
  singular,
  staticSegments,
  statedMaximum,
  successSchema,
} from "./operations.js";

/** A list read whose items the goal picks by a field a person knows (`name`), with its largest page size. */
export interface PickLookup {
  /** The item property matched exactly (`name`, `email`, `title`). */
  readonly field: string;
  readonly schema: JsonSchema;
  /** The page-size query parameter and the maximum the spec allows, bound so one page holds as much as it can. */
  readonly pageSize?: { readonly parameter: Parameter; readonly max: number };
  /** The operation pages its list: the draft says only the first page is read. */
  readonly paged: boolean;
}

/** A read that turns something a person knows (email, name, a search query) into a record carrying ids. */
export interface Resolver {
  readonly operation: Operation;
  /** The query parameter the API filters by; absent for a list whose items are picked (`pick`). */
  readonly query?: Parameter;
  readonly pick?: PickLookup;
  /** Tokens from the response root to the record (`[]`, `["0"]`, `["items", "0"]`). */
  readonly tokens: readonly string[];
  readonly record: JsonSchema;
  /** Names the record goes by: its schema's name and what its path names it (a list's: see `pathEntities`), singular. */
  readonly names: readonly string[];
  readonly index: number;
  /** Id path parameters the read itself needs (`workspace_gid` of a workspace's typeahead), resolved by a root list first. */
  readonly needs: readonly Parameter[];
  /** Names that come from a required enum parameter (`resource_type: project`): name → that parameter. */
  readonly kinds: ReadonlyMap<string, Parameter>;
}

/**
 * A parameterless list whose record yields the id a resolver needs (`GET /workspaces` → `/data/0/gid`): the one the
 * user names when its records go by a name (`pick`), else the first.
 */
export interface RootStep {
  readonly operation: Operation;
  readonly parameter: Parameter;
  readonly pointer: readonly string[];
  readonly entity: string;
  /** The field the user names the record by, and the tokens of the list the record is picked from. */
  readonly pick?: PickLookup & { readonly from: readonly string[] };
}

/** A resolver bound to one id parameter of a target operation, with the pointer that yields the id. */
export interface ChainMatch {
  readonly target: Operation;
  readonly parameter: Parameter;
  readonly resolver: Resolver;
  /** `$response.body` pointer tokens of the id in the resolver's response. */
  readonly pointer: readonly string[];
  /** The entity the id names (`user`), used for step ids and hints. */
  readonly entity: string;
  /** The list read first when the resolver needs an id of its own. */
  readonly root?: RootStep;
  /** A required enum parameter of the resolver set to the entity (`resource_type: project`). */
  readonly fixed?: { readonly parameter: Parameter; readonly value: string };
}

/** Every GET that takes a human-friendly query and needs no id of its own, in model order. */
export function findResolvers(model: ApiModel): Resolver[] {
  return model.operations.flatMap((operation, index) => {
    const resolver = operationToResolver(model, operation, index);
    return resolver ? [resolver] : [];
  });
}

/**
 * Every list read as a lookup, whether or not its items carry a field a person knows: with `matchChain`, the reads
 * whose items yield an id another operation takes (what the init bench counts as an id-yielding list).
 */
export function listReads(model: ApiModel): Resolver[] {
  return model.operations.flatMap((operation, index) => {
    const found = operation.method === "get" && !operation.deprecated ? recordOf(model, operation) : undefined;
    if (found?.tokens.at(-1) !== "0") return [];
    const needs = idParameters(operation).filter((p) => p.required);
    return [{ operation, pick: { field: "", schema: {}, paged: false }, ...found, index, needs, kinds: new Map() }];
  });
}

function operationToResolver(model: ApiModel, operation: Operation, index: number): Resolver | undefined {
  if (operation.method !== "get" || operation.deprecated || needsOwnCredential(model, operation)) return undefined;
  const found = recordOf(model, operation);
  if (!found) return undefined;
  const query = bestQuery(operation, found.tokens, found.names);
  const pick = query === undefined && !readsOnlyKnownIds(operation) ? pickLookup(model, operation, found) : undefined;
  if (query === undefined && pick === undefined) return undefined;
  const needs = idParameters(operation).filter((p) => p.required && p !== query);
  const kinds = kindsOf(model, operation, found);
  return {
    operation,
    ...(query === undefined ? {} : { query }),
    ...(pick === undefined ? {} : { pick }),
    ...found,
    names: [...found.names, ...kinds.keys()],
    index,
    needs,
    kinds,
  };
}

/**
 * A read that requires a credential none of the API's schemes carries (the API version a header or query parameter
 * carries is none), or a token an earlier answer returned (Vercel's
 * `GET /registration/verify?token=`, a login's verification): an authentication step or the sequel of another call,
 * not a lookup of a record by what a person knows of it.
 */
function needsOwnCredential(model: ApiModel, operation: Operation): boolean {
  return (
    credentialParameters(operation, model.securitySchemes).some(
      (c) => c.field.required && c.fill.kind === "variable" && c.field.apiVersion === undefined,
    ) || operation.parameters.some((p) => p.required && p.in !== "path" && isReturnedToken(p))
  );
}

/**
 * A list that must be given the ids of the records it returns (Spotify's `GET /artists?ids=`): picking one of them by
 * name would ask the model for the very id the lookup is meant to find.
 */
function readsOnlyKnownIds(operation: Operation): boolean {
  return operation.parameters.some((p) => p.required && p.in === "query" && /(^|_)ids?$/.test(toSnakeCase(p.name)));
}

/** Item fields a person names a record by, best first. */
const HUMAN_FIELDS: Readonly<Record<string, number>> = {
  email: 0,
  email_address: 0,
  username: 1,
  user_name: 1,
  login: 1,
  name: 2,
  display_name: 2,
  full_name: 2,
  friendly_name: 2,
  unique_name: 2,
  nickname: 2,
  title: 3,
  label: 3,
};

/** Fields that name a person: a file's `username` is its uploader's, not the file's name. */
const PERSON_FIELDS: ReadonlySet<string> = new Set(["username", "user_name", "login"]);

/** `name`, `email` by the table; `tenant_name`, `name_en`: a name of some kind, after those. */
function humanRank(property: string): number | undefined {
  const snake = toSnakeCase(property);
  const ranked = HUMAN_FIELDS[snake];
  if (ranked !== undefined) return ranked;
  return /(^name_[a-z]{2}$)|(_name$)/.test(snake) && !/(^|_)(file|type|class|host|path|key)_name$/.test(snake)
    ? 4
    : undefined;
}

/**
 * A `<thing>_name` field's rank as the record's own name: first among the `_name` fields when the thing is (part of) what
 * the record is called (a subscriber's `subscriberName`, an ad report task's `reportName`), none when the record carries other fields of that thing (`resourceShareName` beside
 * `resourceShareArn` is the name of the subscriber's resource share, not of the subscriber).
 */
function ownNameRank(property: string, properties: readonly string[], names: readonly string[]): number | undefined {
  const rank = humanRank(property);
  const thing = /^(.+)_name$/.exec(toSnakeCase(property))?.[1];
  if (rank === undefined || thing === undefined || HUMAN_FIELDS[toSnakeCase(property)] !== undefined) return rank;
  if (names.some((n) => `_${n}_`.includes(`_${thing}_`))) return HUMAN_FIELDS["name"];
  const other = properties.some((p) => p !== property && toSnakeCase(p).startsWith(`${thing}_`));
  return other ? undefined : rank;
}

/** A list (not a single record) whose items carry a plain-text field a person knows: the goal picks the item by it. */
function pickLookup(
  model: ApiModel,
  operation: Operation,
  found: Pick<Resolver, "tokens" | "record" | "names">,
): PickLookup | undefined {
  if (found.tokens.at(-1) !== "0" || endsWithParameter(operation.path)) return undefined;
  const schemas = schemaLookup(model.schemas);
  const people = found.names.some((n) => /(^|_)(user|member|account|person|people|login)$/.test(n));
  const properties = propertyNames(found.record, schemas);
  const rank = (p: string): number | undefined => ownNameRank(p, properties, found.names);
  const field = properties
    .filter((p) => rank(p) !== undefined && (people || !PERSON_FIELDS.has(toSnakeCase(p))))
    .sort((a, b) => (rank(a) ?? 9) - (rank(b) ?? 9))
    .find((p) => {
      const walked = schemaAtPointer(found.record, [p], schemas);
      return walked.ok && isPlainText(walked.schema, schemas);
    });
  if (field === undefined) return undefined;
  const walked = schemaAtPointer(found.record, [field], schemas);
  const pageSize = pageSizeOf(operation);
  return {
    field,
    schema: walked.ok ? walked.schema : {},
    ...(pageSize === undefined ? {} : { pageSize }),
    paged: isPaged(operation),
  };
}

function isPlainText(schema: JsonSchema, schemas: SchemaLookup): boolean {
  const node = derefTop(schema, schemas);
  const types = jsonTypes(schema, schemas);
  return (
    types.has("string") &&
    [...types].every((t) => t === "string" || t === "null") &&
    typeof node === "object" &&
    node["enum"] === undefined &&
    node["const"] === undefined
  );
}

/** The query parameter that sets how many items a page holds, with the largest value its schema allows. */
function pageSizeOf(operation: Operation): { parameter: Parameter; max: number } | undefined {
  for (const parameter of operation.parameters) {
    if (parameter.in !== "query" || !PAGE_SIZE.test(toSnakeCase(parameter.name))) continue;
    const schema = parameter.schema;
    const numeric = typeof schema === "object" && (schema["type"] === "integer" || schema["type"] === "number");
    const stated = numeric ? statedMaximum(parameter.description) : undefined;
    const max = (typeof schema === "object" ? schema["maximum"] : undefined) ?? stated;
    if (typeof max === "number" && Number.isInteger(max) && max > 0) return { parameter, max };
  }
  return undefined;
}

function enumValues(schema: JsonSchema): string[] {
  const values = typeof schema === "object" ? schema["enum"] : undefined;
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === "string") : [];
}

/** The record a read's response is about (its first list item, or the body) and the names it goes by. */
function recordOf(model: ApiModel, operation: Operation): Pick<Resolver, "tokens" | "record" | "names"> | undefined {
  const schema = successSchema(operation);
  if (schema === undefined) return undefined;
  const schemas = schemaLookup(model.schemas);
  const tokens = listTokens(schema, schemas, operation.path) ?? [];
  const walked = schemaAtPointer(schema, tokens, schemas);
  if (!walked.ok) return undefined;
  const own = recordObjects(schema, tokens, walked.schema, schemas);
  const names = [
    ...own,
    ...(tokens.at(-1) === "0"
      ? pathEntities(operation.path, own)
      : staticSegments(operation.path).map((s) => singular(toSnakeCase(s)))),
  ];
  return { tokens, record: walked.schema, names };
}

/** Whether the record's own schema names it as what the path lists (`ComplianceJob` under `/compliance/jobs`). */
function namedAsListed(model: ApiModel, operation: Operation, found: Pick<Resolver, "tokens" | "record">): boolean {
  const listed = staticSegments(operation.path).at(-1);
  const schema = successSchema(operation);
  if (listed === undefined || schema === undefined) return false;
  const entity = singular(toSnakeCase(listed));
  return recordObjects(schema, found.tokens, found.record, schemaLookup(model.schemas)).some(
    (n) => n === entity || n.endsWith(`_${entity}`),
  );
}

/**
 * The names a required enum parameter gives the records (`resource_type: project` of Asana's typeahead), each to that
 * parameter: none when the records' own schema already names them as what the path lists (Twitter's `ComplianceJob`
 * under `/compliance/jobs`, whose `type: users` says what a job is about; the jobs are not users).
 */
function kindsOf(
  model: ApiModel,
  operation: Operation,
  found: Pick<Resolver, "tokens" | "record">,
): Map<string, Parameter> {
  if (namedAsListed(model, operation, found)) return new Map();
  return new Map(
    operation.parameters
      .filter((p) => p.required && p.in === "query")
      .flatMap((p) => enumValues(p.schema).map((v) => [singular(toSnakeCase(v)), p] as const)),
  );
}

/**
 * What a listed record is, from its own schema: its component name unless that name only says where it sits in its
 * container (`IssuePickerSuggestionsIssueType` under `IssuePickerSuggestions` is a section of picker suggestions, not
 * an issue type), then the list property it comes from (`sections` → `section`, `channels` → `channel`).
 */
export function recordObjects(
  response: JsonSchema,
  tokens: readonly string[],
  record: JsonSchema,
  schemas: SchemaLookup,
): string[] {
  const own = componentName(typeof record === "object" ? record["$ref"] : undefined);
  const containers = tokens
    .map((_, i) => rawNodeAt(response, tokens.slice(0, i), schemas))
    .map((s) => componentName(typeof s === "object" ? s["$ref"] : undefined))
    .filter((n): n is string => n !== undefined && n !== own);
  const part = own !== undefined && containers.some((c) => own.startsWith(c));
  const key = tokens.at(-1) === "0" ? tokens.at(-2) : undefined;
  return [
    ...(own !== undefined && !part ? [singular(toSnakeCase(own))] : []),
    ...(key !== undefined && !GENERIC_LIST_KEYS.has(key) ? [singular(toSnakeCase(key))] : []),
  ];
}

/** List properties that say nothing of what their items are. */
const GENERIC_LIST_KEYS: ReadonlySet<string> = new Set([
  "items",
  "data",
  "results",
  "records",
  "entries",
  "values",
  "content",
  "elements",
  "list",
  "nodes",
]);

/** The node at `tokens` with its own `$ref` left in place (so its component name stays readable). */
function rawNodeAt(schema: JsonSchema, tokens: readonly string[], schemas: SchemaLookup): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const token of tokens) {
    const resolved: JsonSchema | undefined = node === undefined ? undefined : derefTop(node, schemas);
    if (typeof resolved !== "object") return undefined;
    const below: unknown = /^\d+$/.test(token)
      ? resolved["items"]
      : (resolved["properties"] as Record<string, unknown> | undefined)?.[token];
    node = typeof below === "object" && below !== null ? (below as JsonSchema) : undefined;
  }
  return node;
}

/**
 * A GET list with no required parameter whose records carry `need`: the one the user names by its name (`pick`), else
 * the first (the user's first workspace, say).
 */
function findRoot(model: ApiModel, resolver: Operation, need: Parameter): RootStep | undefined {
  const entity = entityOf(resolver, need);
  for (const operation of model.operations) {
    if (
      operation.method !== "get" ||
      operation.deprecated ||
      operation.parameters.some((p) => p.required) ||
      listTokens(successSchema(operation) ?? {}, schemaLookup(model.schemas), operation.path) === undefined
    )
      continue;
    const found = recordOf(model, operation);
    const pseudo = found && {
      operation,
      query: need,
      ...found,
      index: 0,
      needs: [],
      kinds: new Map<string, Parameter>(),
    };
    const pointer = pseudo && yieldPointer(pseudo, need, entity, schemaLookup(model.schemas));
    if (!pointer) continue;
    // ConfigCat's products each have a "Production" environment: the first product's is not the one the user means.
    const pick = pickLookup(model, operation, found);
    return {
      operation,
      parameter: need,
      pointer: pointer.pointer,
      entity: entity ?? "record",
      ...(pick === undefined ? {} : { pick: { ...pick, from: found.tokens.slice(0, -1) } }),
    };
  }
  return undefined;
}

function bestQuery(
  operation: Operation,
  tokens: readonly string[],
  names: readonly string[] = [],
): Parameter | undefined {
  const ranked = operation.parameters.filter(
    (p) =>
      !retired(p) &&
      friendlyRank(p) !== undefined &&
      !ownsList(operation, p, tokens) &&
      !filtersByAnother(p, names) &&
      !namesAnother(p, names),
  );
  return [...ranked].sort(
    (a, b) =>
      Number(b.required) - Number(a.required) ||
      Number(described(b)) - Number(described(a)) ||
      (friendlyRank(a) ?? 9) - (friendlyRank(b) ?? 9),
  )[0];
}

/**
 * A path parameter with segments after it, on a read that answers a list (`{username}` of `GET /users/{username}/gists`),
 * names the owner of the records listed, not one of them: the first of a user's gists is no gist the user named.
 */
function ownsList(operation: Operation, parameter: Parameter, tokens: readonly string[]): boolean {
  return parameter.in === "path" && tokens.at(-1) === "0" && segments(operation.path).at(-1) !== `{${parameter.name}}`;
}

/**
 * A filter its description says is another thing's field, in those words (Mailchimp's `GET /lists?email=`: "lists that
 * include a specific subscriber's email address"): it finds the records that hold that thing, not one record by its own
 * email. `names` are the names the listed record goes by.
 */
export function filtersByAnother(parameter: Parameter, names: readonly string[]): boolean {
  const field = toSnakeCase(parameter.name).split("_")[0] ?? "";
  const owners = [...(parameter.description ?? "").matchAll(/\b([A-Za-z]+)['’]s ([A-Za-z]+)/g)]
    .filter((m) => (m[2] ?? "").toLowerCase() === field)
    .map((m) => singular((m[1] ?? "").toLowerCase()));
  return owners.some((owner) => !namesEntity(names, owner));
}

/**
 * A filter named for another thing's name, title or email (DigitalOcean's `GET /v2/databases?tag_name=`, the clusters
 * carrying a tag; `customer_email` on a list of orders): it finds the records tied to that thing, not one record by its
 * own name. A qualifier (`display_name`, `first_name`) or the record's own noun (`app_name` on apps) names the record.
 * `names` are the names the listed record goes by.
 */
export function namesAnother(parameter: Parameter, names: readonly string[]): boolean {
  const words = toSnakeCase(lastKey(parameter.name)).split("_");
  const at = words.findIndex((w) => PERSON_KNOWN.has(w));
  const lead = words.slice(0, Math.max(at, 0)).filter((w) => !NAME_QUALIFIERS.has(w));
  const noun = lead.at(-1);
  if (noun === undefined || FRIENDLY_NAMES.has(words.slice(0, at + 1).join("_"))) return false;
  return !namesEntity(names, singular(noun)) && !namesEntity(names, singular(lead.join("_")));
}

/** The words that make a filter one a person types (`looseRank`'s). */
const PERSON_KNOWN: ReadonlySet<string> = new Set(["email", "username", "login", "name", "title"]);

/** Names that are the record's own whatever word leads them (`user_name` is a username). */
const FRIENDLY_NAMES: ReadonlySet<string> = new Set(["user_name", "email_address", "full_name"]);

/** Words before `name` that say which of the record's names, not whose. */
const NAME_QUALIFIERS: ReadonlySet<string> = new Set([
  "display",
  "full",
  "first",
  "last",
  "given",
  "family",
  "middle",
  "nick",
  "screen",
  "friendly",
  "short",
  "long",
  "legal",
  "common",
  "real",
  "unique",
  "exact",
  "filter",
  "search",
  "partial",
  "primary",
  "public",
  "by",
]);

/**
 * Deprecated, or described as gone (Jira's `username`: "This parameter is no longer available and will be removed"),
 * as a body field is (`saysRetired`).
 */
function retired(parameter: Parameter): boolean {
  return parameter.deprecated || saysRetired(parameter.description);
}

/** A parameter the spec describes: one it leaves bare (Jira's retired `username`) is not what a person is meant to use. */
function described(parameter: Parameter): boolean {
  return (parameter.description ?? "").trim() !== "";
}

/** The best chain for `target`: the first id path parameter some resolver yields a fitting value for. */
export function matchChain(model: ApiModel, target: Operation, resolvers: readonly Resolver[]): ChainMatch | undefined {
  const configured = (operation: Operation, p: Parameter): boolean =>
    basicUserScheme(operation, model.securitySchemes, p) !== undefined;
  for (const parameter of idParameters(target).filter((p) => !configured(target, p))) {
    const entity = entityOf(target, parameter);
    let yields: boolean | undefined;
    const collectionListed = (): boolean =>
      (yields ??= entity !== undefined && collectionYields(model, target, parameter, entity));
    const found = scopedCandidates(resolvers, target, parameter)
      .filter(
        (r) =>
          r.operation !== target &&
          !scopesOnly(r, target) &&
          !listsAnotherKind(model, r, target, parameter) &&
          listsTarget(r, target, entity) &&
          placedLike(r, target, parameter, entity, collectionListed),
      )
      .flatMap((r) => {
        const indexes = listsItemsOf(r, target, parameter);
        const yielded = yieldPointer(r, parameter, entity, schemaLookup(model.schemas), indexes);
        const needs = r.needs.filter((n) => !sharesParameter(r.operation, target, n) && !configured(r.operation, n));
        if (!yielded || needs.length > 1 || !picksTheEntity(r, entity, indexes)) return [];
        // A need the target has a namesake of, for another record: the steps would bind one value to both.
        if (needs.some((n) => target.parameters.some((p) => p.name === n.name && p.in === n.in))) return [];
        const need = needs[0];
        const root = need === undefined ? undefined : findRoot(model, r.operation, need);
        if (need !== undefined && root === undefined) return [];
        const fixed =
          yielded.kind === undefined
            ? undefined
            : {
                parameter: yielded.kind,
                value: enumValues(yielded.kind.schema).find((v) => singular(toSnakeCase(v)) === entity) ?? "",
              };
        const listed =
          indexes && !(entity !== undefined && namesEntity(r.names, entity))
            ? collectionEntity(target, parameter)
            : undefined;
        return [
          {
            resolver: r,
            pointer: yielded.pointer,
            ...(root ? { root } : {}),
            ...(fixed ? { fixed } : {}),
            ...(listed ? { listed } : {}),
          },
        ];
      })
      .sort(
        (a, b) =>
          resolverScore(a.resolver, target) - resolverScore(b.resolver, target) || a.resolver.index - b.resolver.index,
      )[0];
    if (found) {
      const { listed, ...match } = found;
      return { target, parameter, entity: listed ?? entity ?? "record", ...match };
    }
  }
  return undefined;
}

/**
 * A pick by a field a person knows names the thing whose id it yields: the list's items are that thing (they name it, or
 * the list is its collection), or the field is that thing's own (`survey_name`). Mailchimp's member activity feed, whose
 * items carry a `survey_id` and a `store_name`, finds no survey "by its store name"; a list read with no pick field (the
 * bench's id-yielding probe) is no pick.
 */
export function picksTheEntity(resolver: Resolver, entity: string | undefined, indexes: boolean): boolean {
  const field = resolver.pick?.field ?? "";
  if (field === "" || indexes || entity === undefined || namesEntity(resolver.names, entity)) return true;
  return toSnakeCase(field).startsWith(`${entity}_`);
}

/**
 * An action's target is an item of the list read, or one the user names with a pick: never the first item of another
 * resource's list (the project of the first database carrying a tag).
 */
function listsTarget(resolver: Resolver, target: Operation, entity: string | undefined): boolean {
  if (target.method === "get" || resolver.pick !== undefined || resolver.tokens.at(-1) !== "0") return true;
  return entity !== undefined && namesEntity(resolver.names, entity);
}

/**
 * A parameter whose name says another thing than the collection it indexes (`objectId` under `/servicePrincipals/`)
 * is the id of that collection's record: where the API lists that collection with the id on each record, a read of
 * another collection whose records carry a field of the same name (an application's own `objectId`) yields the wrong
 * record's id.
 */
function placedLike(
  resolver: Resolver,
  target: Operation,
  parameter: Parameter,
  entity: string | undefined,
  collectionListed: () => boolean,
): boolean {
  const place = collectionEntity(target, parameter);
  if (place === undefined || entity === undefined || place === entity) return true;
  if (listsItemsOf(resolver, target, parameter)) return true;
  if (namesEntity(resolver.names, entity) || namesEntity(resolver.names, place)) return true;
  return !collectionListed();
}

/**
 * The read lists a collection of the same name as the one the parameter indexes, somewhere else, and the API lists that
 * very collection with records of another schema: Linode's `GET /linode/instances` (`Linode`s) for `DELETE
 * /databases/mysql/instances/{instanceId}`, listed by `GET /databases/mysql/instances` (`DatabaseMySQL`s). The same
 * word names two kinds of record, so the id it yields is another record's (a delete by label would remove whichever
 * database has a server's number). A schema one name extends (`PermissionGroupByUser` of `PermissionGroup`,
 * `PaymentResponseV3` of `PaymentV3`) is a view of the same kind.
 */
function listsAnotherKind(model: ApiModel, resolver: Resolver, target: Operation, parameter: Parameter): boolean {
  const place = collectionEntity(target, parameter);
  const word = staticSegments(resolver.operation.path).at(-1);
  if (place === undefined || word === undefined || singular(toSnakeCase(word)) !== place) return false;
  if (resolver.tokens.at(-1) !== "0" || listsItemsOf(resolver, target, parameter)) return false;
  const own = recordSchemaName(resolver.record);
  const collection = target.path.slice(0, target.path.indexOf(`/{${parameter.name}}`));
  const schemas = schemaLookup(model.schemas);
  const listed = model.operations
    // a read that requires a query (the devices of one import task, `?id=`) lists something of one record, not these
    .filter((read) => read.method === "get" && read.path.replace(/\/+$/, "") === collection)
    .filter((read) => !read.parameters.some((p) => p.required && p.in === "query"))
    .map((read) => listedRecordName(read, schemas));
  // a version suffix names no other kind (`SourceAccountResponseV2` of `/v2/…`, `V3` of `/v3/…`)
  const kind = (name: string): string => name.replace(/_?V\d+$/i, "");
  const sameKind = (name: string | undefined): boolean =>
    name === undefined || own === undefined || kind(name).startsWith(kind(own)) || kind(own).startsWith(kind(name));
  return own !== undefined && listed.length > 0 && !listed.some(sameKind);
}

const recordSchemaName = (record: JsonSchema): string | undefined =>
  componentName(typeof record === "object" ? record["$ref"] : undefined);

/**
 * The schema of the records a read lists: at its list tokens, or (where those find none) in the one part of a composed
 * answer that holds nothing but an array (Linode's `allOf: [PaginationEnvelope, {data: [DatabaseMySQL]}]`).
 */
function listedRecordName(read: Operation, schemas: SchemaLookup): string | undefined {
  const schema = successSchema(read);
  if (schema === undefined) return undefined;
  const tokens = listTokens(schema, schemas, read.path);
  if (tokens?.at(-1) === "0") {
    const walked = schemaAtPointer(schema, tokens, schemas);
    return walked.ok ? recordSchemaName(walked.schema) : undefined;
  }
  const node = derefTop(schema, schemas);
  const parts = typeof node === "object" && Array.isArray(node["allOf"]) ? (node["allOf"] as JsonSchema[]) : [];
  const names = parts.flatMap((part) => {
    const members = propertyNames(part, schemas);
    const [only] = members;
    if (members.length !== 1 || only === undefined) return [];
    const walked = schemaAtPointer(part, [only, "0"], schemas);
    return walked.ok && recordSchemaName(walked.schema) !== undefined ? [recordSchemaName(walked.schema)] : [];
  });
  return names.length === 1 ? names[0] : undefined;
}

/** A list read of the collection the parameter indexes (`GET /servicePrincipals`) whose records carry the id. */
function collectionYields(model: ApiModel, target: Operation, parameter: Parameter, entity: string): boolean {
  const collection = target.path.slice(0, target.path.indexOf(`/{${parameter.name}}`));
  const schemas = schemaLookup(model.schemas);
  return (listReadsByPath(model).get(collection) ?? []).some(
    (read) => yieldPointer(read, parameter, entity, schemas, true) !== undefined,
  );
}

const listReadsByModel = new WeakMap<ApiModel, ReadonlyMap<string, readonly Resolver[]>>();

/** Every GET whose response is a list, as a resolver, by its path without a trailing slash: built once per model. */
function listReadsByPath(model: ApiModel): ReadonlyMap<string, readonly Resolver[]> {
  const cached = listReadsByModel.get(model);
  if (cached) return cached;
  const byPath = new Map<string, Resolver[]>();
  model.operations.forEach((operation, index) => {
    if (operation.method !== "get") return;
    const found = recordOf(model, operation);
    if (found?.tokens.at(-1) !== "0") return;
    const path = operation.path.replace(/\/+$/, "");
    const reads = byPath.get(path) ?? [];
    reads.push({ operation, ...found, index, needs: [], kinds: new Map() });
    byPath.set(path, reads);
  });
  listReadsByModel.set(model, byPath);
  return byPath;
}

/**
 * A query the target takes as well (botify's `{username}` owning both the analyses listed and the analysis acted on)
 * only says where to look: it names no record, so the read would hand over whichever it lists first.
 */
function scopesOnly(resolver: Resolver, target: Operation): boolean {
  const query = resolver.query;
  return query !== undefined && target.parameters.some((p) => p.name === query.name && p.in === query.in);
}

/**
 * The resolvers that take every other path parameter of the target, so the record each finds lives where the target
 * looks, and do not take the parameter itself, in their order.
 */
function scopedCandidates(
  resolvers: readonly Resolver[],
  target: Operation,
  parameter: Parameter,
): readonly Resolver[] {
  const index = resolverIndex(resolvers);
  const others = target.parameters.filter((p) => p.in === "path" && p !== parameter);
  const sets = others.map((o) => index.byPathName.get(o.name) ?? new Set<Resolver>());
  const narrowest = sets.reduce<ReadonlySet<Resolver> | undefined>(
    (a, b) => (a && a.size <= b.size ? a : b),
    undefined,
  );
  const taking = index.byName.get(parameter.name);
  const pool = narrowest === undefined ? resolvers : resolvers.filter((r) => narrowest.has(r));
  return pool.filter((r) => !taking?.has(r) && sets.every((set) => set.has(r)));
}

interface ResolverIndex {
  /** Resolvers by the name of each path parameter their operation takes. */
  readonly byPathName: ReadonlyMap<string, ReadonlySet<Resolver>>;
  /** Resolvers by the name of each parameter their operation takes, wherever it goes. */
  readonly byName: ReadonlyMap<string, ReadonlySet<Resolver>>;
}

const resolverIndexes = new WeakMap<readonly Resolver[], ResolverIndex>();

/** Built once per list of resolvers: init matches every id parameter of every operation against the same list. */
function resolverIndex(resolvers: readonly Resolver[]): ResolverIndex {
  const cached = resolverIndexes.get(resolvers);
  if (cached) return cached;
  const byPathName = new Map<string, Set<Resolver>>();
  const byName = new Map<string, Set<Resolver>>();
  const add = (map: Map<string, Set<Resolver>>, name: string, r: Resolver): void => {
    const set = map.get(name) ?? new Set<Resolver>();
    map.set(name, set.add(r));
  };
  for (const r of resolvers) {
    for (const p of r.operation.parameters) {
      add(byName, p.name, r);
      if (p.in === "path") add(byPathName, p.name, r);
    }
  }
  const index = { byPathName, byName };
  resolverIndexes.set(resolvers, index);
  return index;
}

function resolverScore(resolver: Resolver, target: Operation): number {
  const rank = resolver.query === undefined ? 9 : (friendlyRank(resolver.query) ?? 9);
  return (
    (resolver.query?.required ? 0 : resolver.query === undefined ? 30 : 20) +
    rank * 2 +
    (resolver.tokens.length === 0 ? 0 : 1) +
    (resolver.operation.tags[0] === target.tags[0] ? 0 : 10) +
    resolver.needs.filter((n) => !sharesParameter(resolver.operation, target, n)).length * 5
  );
}

function entityOf(target: Operation, parameter: Parameter): string | undefined {
  return parameterEntity(target.path, parameter.name);
}

function yieldPointer(
  resolver: Resolver,
  parameter: Parameter,
  entity: string | undefined,
  schemas: SchemaLookup,
  indexes = false,
): { pointer: string[]; kind?: Parameter } | undefined {
  const properties = propertyNames(resolver.record, schemas);
  const wanted = toSnakeCase(parameter.name);
  const bare = idParts(parameter.name)?.entity === "";
  const named =
    indexes || (entity !== undefined && resolver.names.some((n) => n === entity || n.endsWith(`_${entity}`)));
  const direct =
    bare && !named
      ? undefined
      : properties.find((p) => toSnakeCase(p) === wanted && (named || !foreignKey(p, properties)));
  const property = direct ?? byEntity(resolver, properties, parameter, entity, indexes);
  if (property === undefined) return undefined;
  const walked = schemaAtPointer(resolver.record, [property], schemas);
  if (!walked.ok || !typesFit(jsonTypes(walked.schema, schemas), jsonTypes(parameter.schema, schemas)))
    return undefined;
  const kind =
    (direct === undefined || bare) &&
    entity !== undefined &&
    !resolver.names
      .slice(0, resolver.names.length - resolver.kinds.size)
      .some((n) => n === entity || n.endsWith(`_${entity}`))
      ? resolver.kinds.get(entity)
      : undefined;
  return { pointer: resolver.pick ? [property] : [...resolver.tokens, property], ...(kind ? { kind } : {}) };
}

/**
 * A field named for another thing beside the record's own `id` (a playlist's `user_id`) is the id of the record it
 * points to: a read of playlists yields a playlist's owner, never the user someone names by a playlist's title.
 */
function foreignKey(property: string, properties: readonly string[]): boolean {
  return property !== "id" && properties.some((p) => toSnakeCase(p) === "id");
}

function byEntity(
  resolver: Resolver,
  properties: readonly string[],
  parameter: Parameter,
  entity: string | undefined,
  indexes: boolean,
): string | undefined {
  if (!entity && !indexes) return undefined;
  const named = indexes || resolver.names.some((n) => n === entity || n.endsWith(`_${entity}`));
  if (!named) return undefined;
  if (isOrdinal(parameter.name))
    return ORDINAL_FIELDS.map((f) => properties.find((p) => toSnakeCase(p) === f)).find((p) => p !== undefined);
  const key = idParts(parameter.name)?.property ?? "id";
  const field = (name: string) => properties.find((p) => toSnakeCase(p) === name);
  return field(key) ?? (UNIVERSAL_IDS.has(key) ? field("id") : undefined);
}

/** Id kinds a record's plain `id` holds when it has no field of that name (1Password's `{itemUuid}` is the item's `id`). */
const UNIVERSAL_IDS: ReadonlySet<string> = new Set(["uuid", "guid"]);

/** The record's number for an ordinal parameter, never its global `id` (Gitea's pull request 7 has an `id` of 4,512). */
const ORDINAL_FIELDS = ["number", "iid", "index", "num"];

/**
 * The read lists the very collection the parameter indexes (`GET /orgunits` for `/orgunits/{orgid}`), whatever the
 * parameter's name says the entity is (`org`): its items are what the id names.
 */
function listsItemsOf(resolver: Resolver, target: Operation, parameter: Parameter): boolean {
  const at = target.path.indexOf(`/{${parameter.name}}`);
  return at > 0 && resolver.operation.path.replace(/\/+$/, "") === target.path.slice(0, at);
}

/** What the collection a parameter indexes holds: `orgunit` for `{orgid}` under `/orgunits`. */
function collectionEntity(target: Operation, parameter: Parameter): string | undefined {
  const parts = segments(target.path);
  const before = parts[parts.indexOf(`{${parameter.name}}`) - 1];
  return before === undefined || before.startsWith("{") ? undefined : singular(toSnakeCase(before));
}

/** `$response.body#/items/0/id` for the match. */
export function responsePointer(match: ChainMatch): string {
  return `$response.body#/${match.pointer.map(escapeToken).join("/")}`;
}

/** A step id for the resolver step: the entity in snake_case. */
export function resolverStepId(match: ChainMatch): string {
  return toIdentifierName(match.entity, "lookup", 40);
}
