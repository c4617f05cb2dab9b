// Binds an operation's required parameters and body properties to goal inputs, sharing names across steps when types agree.
import { schemaLookup } from "../../model/api-source.js";
import type { SchemaLookup } from "../../model/api-source.js";
import { soleValue } from "../sole-value.js";
import { bodyTakenOnCreate, ignoredOnCreate, isCreate, refusedOnCreate } from "../create-ignored.js";
import type { ApiModel, JsonSchema, MediaContent, Operation, Parameter } from "../../model/api-model.js";
import {
  apiBodyCredentials,
  isAccountParameter,
  isCredentialBodyField,
  isCredentialParameter,
  isSigningHeader,
} from "../credentials.js";
import { bytesTyped, preferredContent, sentMedia } from "../media.js";
import { idempotencyKeyOf, isReadIdempotencyKey, isRuntimeKey } from "../idempotency.js";
import { answerFormatParameter, sendsAnswerElsewhere } from "../stream-switch.js";
import { requestStampOf } from "../request-stamps.js";
import { createNameAllocator, toIdentifierName, toSnakeCase } from "../../util/naming.js";
import { componentName, derefTop, loneMemberOf } from "../schemas.js";
import { jsonTypes, typesFit } from "../type-fit.js";
import type { DraftBody, DraftParam, DraftStep, NeededInput } from "./types.js";
import { operationProfile } from "../profile.js";
import {
  carriesTheCall,
  sendsFile,
  sendsText,
  neededInSomeCases,
  oneOfGroups,
  oneOfParameters,
  type OneOfFields,
  neededOnCreate,
  neededProperties,
  wholeRecordField,
  envelopeStamp,
  recordTally,
  retired,
  serverSet,
  serverState,
} from "./needed.js";
import { linkedField, linkOf } from "./links.js";
import { type CursorField, cursorField } from "./cursor.js";
import { isReadMethod } from "../risk.js";
import { pagingOf } from "../paging.js";
import { isRuntimeHeader, saysMoreThanName } from "../inputs.js";
import { sentTwin } from "../query-twin.js";
import { htmlToText } from "../../util/html-text.js";
import { firstPageValue, idParts, isDated, operationRef, parameterEntity, rangePairs, singular } from "./operations.js";
import { madeOfRecords, schemaNamed } from "./body-slots.js";
import { selfValue } from "./self-value.js";
import { namesTarget } from "../change-inputs.js";
import { deleteSelectors, requiredSelector } from "./delete-selectors.js";
import { stem, verbClasses } from "../../runtime/adapters/search-words.js";

/** Hands out `$inputs` names for one goal: the same name again when the schemas fit, else a step-prefixed one. */
export type InputNamer = (wanted: string, schema: JsonSchema, stepId: string) => string;

export function createInputNamer(schemas: SchemaLookup): InputNamer {
  const allocate = createNameAllocator();
  // By the name asked: the allocator hands a runtime name out changed (`request_id` → `api_request_id`).
  const taken = new Map<string, { readonly name: string; readonly schema: JsonSchema }>();
  return (wanted, schema, stepId) => {
    const base = toIdentifierName(wanted, "input");
    const existing = taken.get(base);
    if (existing !== undefined && sameType(existing.schema, schema, schemas)) return existing.name;
    const asked = existing === undefined ? base : toIdentifierName(`${stepId}_${wanted}`, "input");
    const name = allocate(asked);
    taken.set(asked, { name, schema });
    return name;
  };
}

function sameType(a: JsonSchema, b: JsonSchema, schemas: SchemaLookup): boolean {
  const ta = jsonTypes(a, schemas);
  const tb = jsonTypes(b, schemas);
  return typesFit(ta, tb) && typesFit(tb, ta);
}

/** What the caller already binds (a chain binds the resolved id itself). */
export type Preset = ReadonlyMap<string, string | number>;

/** A step calling `operation` with every required parameter and body property bound to an input (or a preset value). */
export function operationStep(
  model: ApiModel,
  operation: Operation,
  options: {
    id: string;
    namer: InputNamer;
    preset?: Preset;
    outputs?: Record<string, string>;
    /** An update goal of its own: with nothing it must send, it offers each settable field (see `settable`). */
    offerFields?: boolean;
    /** Offer them on a POST too: a create or an update of its own that sends by POST (Stripe's `POST /v1/customers/{customer}`). */
    offerOnPost?: boolean;
    /** A change (an update or an act) with no field to offer offers the typed objects of its body (see `typedObjectFields`). */
    offerObjects?: boolean;
    /** The goal's last step: what it answers is the goal's result (see `withCursor`). */
    final?: boolean;
  },
): DraftStep {
  const { id, namer } = options;
  const preset = options.preset ?? new Map<string, string>();
  const key = idempotencyKeyOf(operation, schemaLookup(model.schemas));
  const uncredentialed = operation.parameters.filter(
    (p) =>
      !isCredentialParameter(operation, model.securitySchemes, p) &&
      !isRuntimeKey(key, p.in, p.name) &&
      !isReadIdempotencyKey(operation.method, p) &&
      requestStampOf(p) === undefined &&
      !isSigningHeader(p) &&
      !isRuntimeHeader(p) &&
      !sendsAnswerElsewhere(p) &&
      !answerFormatParameter(p, operation.description),
  );
  // A required parameter that allows one value only is sent by the planned step itself (see sole-value.ts).
  const lookup = schemaLookup(model.schemas);
  const required = uncredentialed.filter((p) => p.required && soleValue(p, lookup) === undefined);
  // A step whose answer only feeds a later one (it has outputs) looks a record up: the paging the API requires is
  // fixed to the first, largest page (see `firstPageValue`), never asked of the model.
  const looksUp = options.outputs !== undefined && options.final !== true;
  const params: DraftParam[] = required.map((p) => ({
    name: p.name,
    in: p.in,
    value:
      preset.get(p.name) ??
      configured(operation, model, p) ??
      selfValue(operation, p) ??
      (looksUp ? firstPageValue(p) : undefined) ??
      `$inputs.${namer(p.name, p.schema, id)}`,
  }));
  for (const [name, value] of preset) {
    const p = operation.parameters.find((q) => q.name === name);
    if (p && !params.some((b) => b.name === name)) params.push({ name, in: p.in, value });
  }
  const offers = options.offerFields === true && (UPDATES.has(operation.method) || options.offerOnPost === true);
  const cursor =
    options.final === true && !pagedByPlanner(model, operation) ? cursorField(model, operation) : undefined;
  const objects = offers && options.offerObjects === true;
  const body = withCursor(bodyOf(model, operation, namer, id, { offers, objects }), cursor, () =>
    namer(cursor?.name ?? "cursor", { type: "string" }, id),
  );
  const selectors = deleteSelectors(operation, uncredentialed).filter(
    (p) => !params.some((b) => b.name === p.name && b.in === p.in),
  );
  const target =
    linkTarget(operation, uncredentialed, params) ??
    recordQuery(operation, uncredentialed, params) ??
    summaryIds(operation, uncredentialed, params) ??
    requiredSelector(operation, selectors) ??
    (params.length === 0 && selectors.length === 0 && body.body === undefined
      ? objectQuery(operation, uncredentialed)
      : undefined);
  const targetInput = target === undefined ? undefined : namer(target.name, target.schema, id);
  if (target !== undefined) params.push({ name: target.name, in: target.in, value: `$inputs.${targetInput}` });
  for (const p of selectors)
    if (p !== target) params.push({ name: p.name, in: p.in, value: `$inputs.${namer(p.name, p.schema, id)}` });
  for (const p of hiddenByDefault(operation, uncredentialed))
    if (!params.some((b) => b.name === p.name && b.in === p.in))
      params.push({ name: p.name, in: p.in, value: `$inputs.${namer(p.name, p.schema, id)}` });
  // Query parameters one of which the operation says is needed (ART19's `/episodes` 400: "One initial filter must be
  // provided (`ids`, `series_id`, or `season_id`)") are each offered, described with the others, unless the step
  // already sends one of them from elsewhere (see `oneOfParameters`).
  const queryGroups = oneOfParameters({ parameters: uncredentialed, responses: operation.responses }).filter((g) =>
    g.fields.every(
      (f) => !params.some((b) => b.in === "query" && b.name === f && !String(b.value).startsWith("$inputs.")),
    ),
  );
  for (const f of new Set(queryGroups.flatMap((g) => g.fields)))
    if (!params.some((b) => b.in === "query" && b.name === f)) {
      const p = uncredentialed.find((q) => q.in === "query" && q.name === f);
      if (p !== undefined) params.push({ name: f, in: "query", value: `$inputs.${namer(f, p.schema, id)}` });
    }
  const queryOneOf = oneOfDescriptions(
    queryGroups,
    Object.fromEntries(params.filter((b) => b.in === "query").map((b) => [b.name, String(b.value)])),
    Object.fromEntries(
      uncredentialed.filter((q) => q.in === "query").map((q) => [q.name, { description: q.description ?? "" }]),
    ),
  );
  if (cursor?.in === "query" && !params.some((b) => b.name === cursor.name))
    params.push({ name: cursor.name, in: "query", value: `$inputs.${namer(cursor.name, { type: "string" }, id)}` });
  const optionalParams = uncredentialed
    .filter((p) => !params.some((b) => b.name === p.name && b.in === p.in) && soleValue(p, lookup) === undefined)
    .filter((p) => bodyTwin(model, operation, p) !== "body")
    .map(describeOptional);
  const described = [
    ...params.flatMap((b) => {
      const p = operation.parameters.find((q) => q.name === b.name && q.in === b.in);
      if (!p || hasDescription(p.description, p.schema, namesOf(p.name, b.value))) return [];
      const owner = p.in === "path" ? parameterEntity(operation.path, p.name) : undefined;
      return undescribed(b.value, p.name).map((u) => (owner === undefined ? u : { ...u, owner }));
    }),
    ...(body.body?.kind === "properties"
      ? body.body.entries.flatMap(([k, v]) =>
          typeof v === "object"
            ? Object.entries(v).flatMap(([inner, value]) =>
                body.wrapped?.[k] === undefined ||
                typeof value === "object" ||
                hasDescription(undefined, body.wrapped[k][inner], namesOf(inner, value))
                  ? []
                  : undescribed(value, inner),
              )
            : hasDescription(undefined, body.properties?.[k], namesOf(k, v))
              ? []
              : withWrapperDescription(undescribed(v, k), body.properties?.[k]),
        )
      : []),
    ...(body.body?.kind === "whole" && !hasDescription(undefined, body.schema, namesOf("body", body.body.value))
      ? undescribed(body.body.value, "request body")
      : []),
  ];
  // An input a parameter also takes (a replace's path `{name}` and its body's `metadata.name`) is required and described there.
  const needed = [
    ...(body.needed ?? []).filter((n) => !params.some((b) => b.value === `$inputs.${n.input}`)),
    ...(target === undefined || targetInput === undefined
      ? []
      : [
          {
            input: targetInput,
            field: target.name,
            ...(saysMoreThanName(target.description, target.name) ? { description: target.description } : {}),
          },
        ]),
  ];
  return {
    id,
    operation: operationRef(operation),
    params,
    ...(body.body ? { body: body.body } : {}),
    outputs: options.outputs ?? {},
    optional: [...optionalParams, ...body.optional],
    undescribed: [...queryOneOf, ...(body.oneOf ?? []), ...described, ...(body.typed ?? [])],
    ...(needed.length === 0 ? {} : { needed }),
    ...(operationProfile(operation).object === "" ? {} : { entity: operationProfile(operation).object }),
  };
}

/**
 * Whether the planner pages a goal ending in this call itself, through its `continuation` input: a read whose list and
 * way to the next page it recognises (see `pagingOf`); a search by POST, or a read whose answer holds two lists
 * (Square's `{ items, errors, cursor }`), it does not.
 */
function pagedByPlanner(model: ApiModel, operation: Operation): boolean {
  return isReadMethod(operation.method) && pagingOf(operation, schemaLookup(model.schemas)) !== undefined;
}

/**
 * A goal's last step that answers a page and a cursor to the next one, which the planner does not page (Square's
 * `POST /v2/customers/search`): the cursor field (in the query or the body) bound to an optional input, so the model can
 * ask for the next page with the cursor the result gives.
 */
function withCursor(parts: BodyParts, cursor: CursorField | undefined, input: () => string): BodyParts {
  if (cursor?.in !== "body" || parts.body?.kind === "whole") return parts;
  const entries = parts.body?.entries ?? [];
  if (entries.some(([k]) => k === cursor.name)) return parts;
  return {
    ...parts,
    body: { kind: "properties", entries: [...entries, [cursor.name, `$inputs.${input()}`]] },
    optional: parts.optional.filter((o) => o !== `${cursor.name} (body)`),
    properties: { ...parts.properties, ...(cursor.schema === undefined ? {} : { [cursor.name]: cursor.schema }) },
  };
}

/** `$inputs.x` bound to each of `fields` that the schema does not require, as the needed inputs a goal makes required. */
function neededInputs(
  entries: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  required: readonly string[],
  properties: Readonly<Record<string, JsonSchema>>,
): NeededInput[] {
  return fields.flatMap((field) => {
    const input = /^\$inputs\.([A-Za-z0-9_]+)$/.exec(String(entries[field]))?.[1];
    if (input === undefined || required.includes(field)) return [];
    const schema = properties[field];
    const own = typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : "";
    return [{ input, field, ...(saysMoreThanName(own, field, input) ? { description: own.trim() } : {}) }];
  });
}

/**
 * `$config.account_sid` for the path parameter the basic-auth user names, `$config.xero_tenant_id` for a tenant header
 * (docs/goals.md, "Configured values").
 */
function configured(operation: Operation, model: ApiModel, parameter: Parameter): string | undefined {
  return isAccountParameter(operation, model.securitySchemes, parameter)
    ? `$config.${toSnakeCase(parameter.name)}`
    : undefined;
}

/**
 * Whether the field's own words describe it as the planner keeps them: a description that only restates the name
 * (`Domain` for `domain`) is dropped there and flagged by lint `undescribed-parameter`, so the draft describes it.
 */
function hasDescription(
  description: string | undefined,
  schema: JsonSchema | undefined,
  names: readonly string[],
): boolean {
  const own =
    typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : undefined;
  return saysMoreThanName(description, ...names) || saysMoreThanName(own, ...names);
}

/** The field's name and the input its value reads (`$inputs.domain` → domain), as lint compares them. */
function namesOf(field: string, value: unknown): string[] {
  const input = typeof value === "string" ? /^\$inputs\.([A-Za-z0-9_]+)$/.exec(value)?.[1] : undefined;
  return input === undefined ? [field] : [field, input];
}

/**
 * The description a property gives beside the `$ref` of its type (`allOf: [{ $ref: TableName }, { description: "The
 * name of the table …" }]`, as every AWS JSON-protocol body writes it), which the planner does not read from the wrapper:
 * the draft describes the input with the spec's own words, not with words drafted from its name.
 */
function withWrapperDescription(
  found: { input: string; field: string }[],
  schema: JsonSchema | undefined,
): { input: string; field: string; description?: string }[] {
  const parts = typeof schema === "object" && Array.isArray(schema["allOf"]) ? (schema["allOf"] as JsonSchema[]) : [];
  const said = parts
    .map((part) => (typeof part === "object" && typeof part["description"] === "string" ? part["description"] : ""))
    .map((text) => htmlToText(text).replace(/\s+/g, " ").trim())
    .find((text) => text !== "");
  return said === undefined ? found : found.map((u) => ({ ...u, description: said }));
}

/** `$inputs.photo_urls` bound to `photoUrls` → `{ input: "photo_urls", field: "photoUrls" }`; other values need no description. */
function undescribed(value: string | number, field: string): { input: string; field: string }[] {
  const match = /^\$inputs\.([A-Za-z0-9_]+)$/.exec(String(value));
  return match?.[1] === undefined ? [] : [{ input: match[1], field }];
}

/** Which of a query parameter and the body field of its name a step sends (see `sentTwin`), if they are such twins. */
function bodyTwin(model: ApiModel, operation: Operation, parameter: Parameter): "query" | "body" | undefined {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (content === undefined || content.kind !== "json") return undefined;
  const lookup = schemaLookup(model.schemas);
  const node = loneMemberOf(derefTop(content.schema, lookup), lookup);
  const field = typeof node === "object" ? (node["properties"] as Record<string, JsonSchema> | undefined) : undefined;
  const schema = field?.[parameter.name];
  return schema === undefined ? undefined : sentTwin(parameter, parameter.name, derefTop(schema, lookup));
}

function describeOptional(parameter: Parameter): string {
  return `${parameter.name} (${parameter.in})`;
}

const UPDATES: ReadonlySet<string> = new Set(["put", "patch"]);
/** Actions that make a new thing: one that requires nothing still needs its `name` (see `neededProperties`). */
const CREATES: ReadonlySet<string> = new Set(["create", "add"]);
const MAX_UPDATE_FIELDS = 16;
const SCALARS: ReadonlySet<unknown> = new Set(["string", "number", "integer", "boolean"]);

/**
 * A field an update can set from a model's value: a scalar, an enum, or a list of scalars. An update that requires
 * nothing gets these as optional inputs (Trello's card: name, desc, idList, closed, …; only what the model gives is
 * sent), never an open object the model would have to invent.
 */
function settable(schema: JsonSchema | undefined, lookup: SchemaLookup): boolean {
  const node = schema === undefined ? undefined : derefTop(schema, lookup);
  if (typeof node !== "object") return false;
  if (Array.isArray(node["enum"]) || scalarType(node["type"])) return true;
  const items =
    node["type"] === "array" && node["items"] !== undefined ? derefTop(node["items"] as JsonSchema, lookup) : undefined;
  return typeof items === "object" && (scalarType(items["type"]) || Array.isArray(items["enum"]));
}

/** A field that only chooses among values (an enum or a boolean), naming nothing: Flat's score `privacy`. */
function isSetting(schema: JsonSchema | undefined, lookup: SchemaLookup): boolean {
  const node = schema === undefined ? undefined : derefTop(schema, lookup);
  return typeof node === "object" && (Array.isArray(node["enum"]) || node["type"] === "boolean");
}

/** `string`, or a nullable scalar (`[string, "null"]`, how a 3.0 `nullable: true` reads here). */
function scalarType(type: unknown): boolean {
  if (!Array.isArray(type)) return SCALARS.has(type);
  const kinds = type.filter((t) => t !== "null");
  return kinds.length === 1 && SCALARS.has(kinds[0]);
}

/** A list of field names an update changes (`FieldsToUpdate`, `update_mask`): no value of its own. */
const FIELD_MASK = /^(fields?_to_(update|change)|update_fields|(update|field)_mask)$/;

function namesFieldMask(name: string, schema: JsonSchema | undefined, lookup: SchemaLookup): boolean {
  if (!FIELD_MASK.test(toSnakeCase(name))) return false;
  const types = jsonTypes(derefTop(schema ?? {}, lookup), lookup);
  return types.has("array") || types.has("string");
}

/** The fields of a body an update can set from a model's value (see `settable`), at most 16. */
function settableFields(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
  credential: (k: string) => boolean = () => false,
  creates = false,
): string[] {
  const keys = Object.keys(properties).filter(
    (k) =>
      !isReadOnly(properties[k]) &&
      !serverSet(properties[k]) &&
      !envelopeStamp(k, properties[k], creates) &&
      !recordTally(k, properties[k]) &&
      !retired(properties[k]) &&
      !credential(k) &&
      settable(properties[k], lookup),
  );
  return firstFields(keys);
}

/**
 * Names of what the server sets on a record it makes: its id, its own link, when it was made or changed (Keycloak's
 * `UserRepresentation`: `id`, `self`, `createdTimestamp`, no descriptions).
 */
const STAMPED_NAMES =
  /^(?:id|self|(?:created|updated|modified|last_modified|creation|last_updated)(?:_(?:at|on|time|timestamp|date))?)$/;

/**
 * Whether a create's body field is one the server sets, by its name alone: it says nothing of itself (a described `id`
 * may be the client's choice, Stripe's coupon "Unique string of your choice"), so a create's draft leaves it to the
 * comment rather than binding it among the fields offered.
 */
function stampedByName(name: string, schema: JsonSchema | undefined): boolean {
  const description = typeof schema === "object" ? schema["description"] : undefined;
  if (typeof description === "string" && description.trim() !== "") return false;
  return STAMPED_NAMES.test(toSnakeCase(name));
}

/** Fields that say what a record is called or says: kept first when a body has more than the draft offers. */
const NAMING_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "title",
  "display_name",
  "full_name",
  "subject",
  "summary",
  "text",
  "body",
  "message",
  "content",
  "description",
]);

/**
 * At most 16 fields in the body's order, those naming the record first to be kept (SoundCloud's upload lists its
 * `track[title]` after 16 others: cut in order, an uploaded track had no title to give).
 */
function firstFields(keys: readonly string[], max = MAX_UPDATE_FIELDS): string[] {
  if (keys.length <= max) return [...keys];
  const leaf = (k: string): string => toSnakeCase(k.replace(/\]$/, "").split(/[[.]/).at(-1) ?? k);
  const naming = keys.filter((k) => NAMING_FIELDS.has(leaf(k)));
  const kept = new Set([...naming, ...keys.filter((k) => !naming.includes(k))].slice(0, max));
  return keys.filter((k) => kept.has(k));
}

/**
 * The top-level fields of a body an update can set with a typed object, or a list of them, when it has no scalar to
 * offer (App Mesh's `UpdateMesh`: `spec`, an object of `egressFilter` and `serviceDiscovery`, beside the runtime's
 * `clientToken`): each declares its own fields, so the model fills a schema rather than inventing an open object.
 */
function typedObjectFields(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
  skip: (k: string) => boolean,
): string[] {
  const declares = (schema: JsonSchema): boolean => {
    const node = derefTop(schema, lookup);
    return typeof node === "object" && !serverState(node) && Object.keys(allProperties(node, lookup)).length > 0;
  };
  const typed = (schema: JsonSchema): boolean => {
    const node = derefTop(schema, lookup);
    if (typeof node !== "object") return false;
    const items = node["type"] === "array" ? (node["items"] as JsonSchema | undefined) : undefined;
    return items === undefined ? declares(node) : declares(items);
  };
  return Object.entries(properties)
    .filter(
      ([k, schema]) =>
        !skip(k) &&
        !isReadOnly(schema) &&
        !serverSet(schema) &&
        !serverState(schema) &&
        !retired(schema) &&
        typed(schema),
    )
    .map(([k]) => k)
    .slice(0, MAX_UPDATE_FIELDS);
}

/**
 * The typed objects of a body whose own schema requires a member, each a reference to something the call names
 * (LaunchDarkly's flag copy: `source` and `target`, `{ key*, currentVersion }`, the environments to copy between): a
 * body that offers its scalars offers these beside them, as the model fills a declared object rather than guessing.
 * A list of objects is what a record holds, left to the comment, unless each item requires an id: then it lists the
 * records the call acts on (DRACOON's copy and move `items: [{ id*: "Source node ID", name }]`, the nodes to copy).
 */
function referenceFields(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
  skip: (k: string) => boolean,
): string[] {
  return typedObjectFields(properties, lookup, skip).filter((k) => {
    const node = derefTop(properties[k] ?? {}, lookup);
    if (typeof node !== "object") return false;
    if (node["type"] !== "array") return requiresMember(node, lookup);
    const items = derefTop((node["items"] as JsonSchema | undefined) ?? {}, lookup);
    return typeof items === "object" && requiresId(items, lookup);
  });
}

/** A record's id by name: `id`, `Id`, `node_id`, `nodeId`, `uuid`. */
const ID_NAME = /^(?:\w+_)?(?:id|uuid)$/;

/** Whether an object schema, or an `allOf` part of it, requires an id (see `ID_NAME`). */
function requiresId(node: Readonly<Record<string, unknown>>, lookup: SchemaLookup, depth = 0): boolean {
  const required = Array.isArray(node["required"]) ? (node["required"] as unknown[]) : [];
  if (required.some((k) => typeof k === "string" && ID_NAME.test(toSnakeCase(k)))) return true;
  const parts = Array.isArray(node["allOf"]) && depth < MAX_ALLOF_DEPTH ? (node["allOf"] as JsonSchema[]) : [];
  return parts.some((p) => {
    const part = derefTop(p, lookup);
    return typeof part === "object" && requiresId(part, lookup, depth + 1);
  });
}

/**
 * Whether a call's body holds a typed object that requires a member (see `referenceFields`): an action that would send
 * nothing then offers its fields, the things it acts between among them (LaunchDarkly's flag copy).
 */
export function namesReferences(model: ApiModel, operation: Operation): boolean {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (content === undefined || content.kind !== "json") return false;
  const lookup = schemaLookup(model.schemas);
  const node = loneMemberOf(derefTop(content.schema, lookup), lookup);
  const properties = typeof node === "object" ? node["properties"] : undefined;
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return false;
  return referenceFields(properties as Record<string, JsonSchema>, lookup, () => false).length > 0;
}

/** Whether an object schema, or an `allOf` part of it, requires a member. */
function requiresMember(node: Readonly<Record<string, unknown>>, lookup: SchemaLookup, depth = 0): boolean {
  if (Array.isArray(node["required"]) && node["required"].length > 0) return true;
  const parts = Array.isArray(node["allOf"]) && depth < MAX_ALLOF_DEPTH ? (node["allOf"] as JsonSchema[]) : [];
  return parts.some((p) => {
    const part = derefTop(p, lookup);
    return typeof part === "object" && requiresMember(part, lookup, depth + 1);
  });
}

/** The plain fields with the references, references kept first when over the cap, in the body's order. */
function withReferences(keys: readonly string[], plain: readonly string[], references: readonly string[]): string[] {
  if (references.length === 0) return [...plain];
  const rest = plain.filter((k) => !references.includes(k));
  const kept = new Set([...references, ...firstFields(rest, Math.max(MAX_UPDATE_FIELDS - references.length, 0))]);
  return keys.filter((k) => kept.has(k));
}

/**
 * A body that is one object wrapping the record (Asana's `{ data: { name, completed, assignee, … } }`): the wrapper's
 * name and the fields inside it an update can set; undefined for any other body.
 */
function wrappedFields(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
): { name: string; properties: Readonly<Record<string, JsonSchema>>; fields: string[] } | undefined {
  const sole = soleWrapper(properties, lookup);
  if (sole === undefined) return undefined;
  const { name, node } = sole;
  const inner = allProperties(node, lookup);
  const fields = settableFields(inner, lookup);
  return fields.length === 0 ? undefined : { name, properties: inner, fields };
}

/** The body's one property and the object schema it holds (Asana's `data`), or undefined for any other body. */
function soleWrapper(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
): { readonly name: string; readonly node: Exclude<JsonSchema, boolean> } | undefined {
  const names = Object.keys(properties);
  const [name] = names;
  if (names.length !== 1 || name === undefined) return undefined;
  const node = derefTop(properties[name] ?? {}, lookup);
  return typeof node === "object" ? { name, node } : undefined;
}

/**
 * What a create must send inside a one-property wrapper (Asana's `POST /tasks` takes `{ data: { name, … } }` and
 * requires nothing at its top): the wrapper's needed fields, its `name` when it requires none; undefined otherwise.
 */
function wrappedNeeds(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
):
  | { name: string; properties: Readonly<Record<string, JsonSchema>>; fields: string[]; required: string[] }
  | undefined {
  const sole = soleWrapper(properties, lookup);
  if (sole === undefined) return undefined;
  const { name, node } = sole;
  const inner = allProperties(node, lookup);
  const required = Array.isArray(node["required"])
    ? (node["required"] as unknown[]).filter((k): k is string => typeof k === "string")
    : [];
  const fields = neededProperties(inner, required, true).filter(
    (k) => !isReadOnly(inner[k]) && !hasDefault(inner[k]) && settable(inner[k], lookup),
  );
  return fields.length === 0 ? undefined : { name, properties: inner, fields, required };
}

/**
 * An open object of the body whose own example names its keys (Jira's issue edit: `fields: { summary: … }`, every key
 * allowed): the example's keys with a scalar value, typed by it; keys ending in a number (`customfield_10010`) name one
 * site's own fields and are left out.
 */
function exampleFields(
  properties: Readonly<Record<string, JsonSchema>>,
  examples: readonly unknown[],
  lookup: SchemaLookup,
): { name: string; fields: [string, string][] } | undefined {
  for (const [name, schema] of Object.entries(properties)) {
    const node = derefTop(schema, lookup);
    if (typeof node !== "object" || node["properties"] !== undefined || node["additionalProperties"] === false)
      continue;
    if (node["type"] !== "object") continue;
    const example = examples.map((e) => (isRecord(e) ? e[name] : undefined)).find(isRecord);
    if (example === undefined) continue;
    const fields = Object.entries(example).flatMap(([k, v]): [string, string][] =>
      /_\d+$/.test(k)
        ? []
        : typeof v === "string"
          ? [[k, "string"]]
          : typeof v === "boolean"
            ? [[k, "boolean"]]
            : typeof v === "number"
              ? [[k, "number"]]
              : [],
    );
    if (fields.length > 0) return { name, fields: fields.slice(0, MAX_UPDATE_FIELDS) };
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The properties of an object schema and of the `allOf` parts it is made of. */
function allProperties(
  node: Readonly<Record<string, unknown>>,
  lookup: SchemaLookup,
  depth = 0,
): Record<string, JsonSchema> {
  const own = (node["properties"] ?? {}) as Record<string, JsonSchema>;
  // `allOf` parts a few levels up (a part can be the schema itself, through a `$ref`).
  const parts = Array.isArray(node["allOf"]) && depth < MAX_ALLOF_DEPTH ? (node["allOf"] as JsonSchema[]) : [];
  const inherited = parts.map((p) => derefTop(p, lookup)).filter((p) => typeof p === "object");
  return Object.assign(
    {},
    ...inherited.map((p) => allProperties(p as Record<string, unknown>, lookup, depth + 1)),
    own,
  );
}

/** How many `allOf` levels a body's properties are gathered from. */
const MAX_ALLOF_DEPTH = 16;

function hasDefault(schema: JsonSchema | undefined): boolean {
  return typeof schema === "object" && schema["default"] !== undefined;
}

function isReadOnly(schema: JsonSchema | undefined): boolean {
  return typeof schema === "object" && schema["readOnly"] === true;
}

interface BodyParts {
  readonly body?: DraftBody;
  /** Inputs bound to a key of an open object, typed by the spec's example: the goal declares their type. */
  readonly typed?: readonly { readonly input: string; readonly field: string; readonly type: string }[];
  readonly optional: readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  /** The fields inside each object the body binds into (Asana's `data`, Kubernetes' `metadata`), for their descriptions. */
  readonly wrapped?: Readonly<Record<string, Readonly<Record<string, JsonSchema>>>>;
  readonly schema?: JsonSchema;
  /** Bound fields the operation needs that its schema does not require (a create's `name`, Slack's `text`). */
  readonly needed?: readonly NeededInput[];
  /** Inputs bound to fields one of which is needed, each described with the others (see `oneOfDescriptions`). */
  readonly oneOf?: readonly {
    readonly input: string;
    readonly field: string;
    readonly description: string;
    readonly group: readonly string[];
  }[];
}

/**
 * Each input bound to a field of a one-of group, described by the spec's words for it and the group in the model's
 * input names: `… One of \`area_code\` or \`phone_number\` is required (the spec: "You must provide an …").`
 */
function oneOfDescriptions(
  groups: readonly OneOfFields[],
  bound: Readonly<Record<string, string | object>>,
  properties: Readonly<Record<string, JsonSchema>>,
): { input: string; field: string; description: string; group: string[] }[] {
  const inputOf = (k: string): string | undefined => {
    const match = /^\$inputs\.([A-Za-z0-9_]+)$/.exec(String(bound[k]));
    return match?.[1];
  };
  return groups.flatMap((g) => {
    const named = g.fields.flatMap((k) => {
      const input = inputOf(k);
      return input === undefined ? [] : [[k, input] as const];
    });
    if (named.length < 2) return [];
    const list = named.map(([, input]) => `\`${input}\``);
    const needs = `One of ${list.slice(0, -1).join(", ")} or ${list.at(-1)} is required`;
    return named.map(([field, input]) => {
      const schema = properties[field];
      const own = htmlToText(
        typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : "",
      )
        .replace(/\s+/g, " ")
        .trim();
      // The field whose description holds the spec's sentence says it already.
      const note = own.replaceAll("**", "").includes(g.said) ? `${needs}.` : `${needs} (the spec: "${g.said}").`;
      const group = named.map(([, i]) => i);
      return { input, field, description: own === "" ? note : `${own} ${note}`, group };
    });
  });
}

function bodyOf(
  model: ApiModel,
  operation: Operation,
  namer: InputNamer,
  stepId: string,
  offer: { readonly offers: boolean; readonly objects: boolean },
): BodyParts {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (!operation.requestBody || !content) return { optional: [] };
  const lookup = schemaLookup(model.schemas);
  // A create taking only named fields inside a property (Forms' form.info.title) describes only those.
  const node = bodyTakenOnCreate(operation, loneMemberOf(derefTop(content.schema, lookup), lookup), lookup);
  const properties =
    typeof node === "object" && node["properties"] !== undefined
      ? (node["properties"] as Record<string, JsonSchema>)
      : undefined;
  const bodyRequired = operation.requestBody.required;
  if (
    typeof node !== "object" ||
    content.kind === "text" ||
    content.kind === "binary" ||
    properties === undefined ||
    Object.keys(properties).length === 0 ||
    !jsonTypes(node, schemaLookup(model.schemas)).has("object") ||
    hasComposition(node)
  ) {
    const carries =
      sendsFile(content.kind, properties) ||
      sendsText(content.kind, content.mediaType, node, operation.requestBody.description, operation.parameters) ||
      (content.kind === "json" && carriesTheCall(node, (s) => derefTop(s, lookup))) ||
      saysItsBytes(content, node, operation.requestBody.description);
    if (!bodyRequired && !carries) return { optional: ["the request body"] };
    const input = namer("body", content.schema, stepId);
    // A text or bytes body says what it is in its schema as often as in the request body (Orthanc's lookup, upload).
    const own = typeof node === "object" && typeof node["description"] === "string" ? node["description"] : "";
    const told = operation.requestBody.description || (content.kind === "text" || content.kind === "binary" ? own : "");
    // Bytes are written as base64 text (`bytesTyped`): the input says so, and what the file is.
    const bytes = bytesTyped(sentMedia(content), typeof node === "object" ? { ...node, description: told } : node);
    const said = htmlToText(typeof bytes === "object" ? String(bytes["description"]) : told).trim();
    // Left optional by the spec, it is what the call sends all the same: the goal requires it.
    const needed: NeededInput[] = bodyRequired
      ? []
      : [{ input, field: "request body", ...(said === "" ? {} : { description: said }) }];
    return {
      body: { kind: "whole", value: `$inputs.${input}` },
      optional: [],
      schema: bytes ?? node,
      ...(needed.length === 0 ? {} : { needed }),
    };
  }
  const requiredNames = Array.isArray(node["required"])
    ? (node["required"] as unknown[]).filter((k): k is string => typeof k === "string")
    : [];
  const form = content.kind === "form" || content.kind === "multipart";
  const schemas = schemaLookup(model.schemas);
  const apiWide = apiBodyCredentials(model.operations, (o) => o as Operation, schemas);
  const key = idempotencyKeyOf(operation, schemas);
  const credential = (k: string): boolean =>
    isCredentialBodyField(operation, model.securitySchemes, k, { form, apiWide, schemas }) ||
    isRuntimeKey(key, "body", k);
  const creates = CREATES.has(operationProfile(operation).action);
  // Not sent: what the server fills, and what a create ignores or refuses.
  const posted = isCreate(operation);
  // …and a field the query parameter of its name overrides, when that parameter is required (see `sentTwin`).
  const overridden = (k: string): boolean =>
    operation.parameters.some(
      (p) => sentTwin(p, k, derefTop(properties[k] ?? {}, schemaLookup(model.schemas))) === "query",
    );
  const refused = refusedOnCreate(operation, Object.keys(properties));
  const unsent = (k: string): boolean =>
    isReadOnly(properties[k]) ||
    recordTally(k, properties[k]) ||
    (posted && ignoredOnCreate(k, properties[k])) ||
    refused.has(k) ||
    overridden(k);
  const named = pathNamed(operation.path, properties, requiredNames);
  const link = creates ? linkOf(operation) : undefined;
  const linked = link === undefined ? undefined : linkedField(properties, link.thing);
  const setting = (k: string): boolean => isSetting(properties[k], schemaLookup(model.schemas));
  // A field written as a bare `$ref` says what it needs in the schema it names (Visma.net's `inventoryNumber`: a
  // `{value}` wrapper "Mandatory for POST, not applicable for PUT").
  const described = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, refDescribed(k, v, schemas)]));
  // A body that requires nothing and carries its whole record in one field (Gmail's `raw`) needs that field.
  const whole =
    requiredNames.length === 0 && operation.method === "post"
      ? wholeRecordField(properties, [
          singular(toSnakeCase(refName(content.schema) ?? "")),
          singular(toSnakeCase(operationProfile(operation).object.split(" ").at(-1) ?? "")),
        ])
      : undefined;
  const needed = [
    ...new Set([
      ...neededProperties(described, requiredNames, creates, linked, setting),
      ...named,
      ...(whole === undefined ? [] : [whole]),
    ]),
  ].filter((k) => !unsent(k) && !hasDefault(properties[k]) && !credential(k));
  const inPath = (k: string): boolean => operation.parameters.some((p) => p.in === "path" && p.name === k);
  const object = operationProfile(operation).object.split(" ");
  const replaced =
    replacesWhole(operation, content) && needed.length === 0
      ? replacedNeeds(properties, lookup, {
          skip: (k) => credential(k) || inPath(k),
          object,
          kept: model.operations.some((o) => o.method === "get" && o.path === operation.path),
        })
      : [];
  // An update whose only needed fields name the record it is on (Airbyte's `workspaceId` on `/v1/workspaces/update`)
  // still changes nothing with them alone: it offers its settable fields beside them.
  // So does one that also needs a field mask (Avaza's required `FieldsToUpdate`): it names the fields that change, and
  // the values it names are the settable fields.
  const targets = creates
    ? []
    : needed.filter((k) => namesTarget(k, operation.path) || namesFieldMask(k, properties[k], lookup));
  const offers = needed.length === targets.length && offer.offers && replaced.length === 0;
  // The records the call is on are no field it sends ("Modifies basic zone data" names no `zone` field).
  const records = new Set(
    [...object, ...operation.path.split("/").filter((s) => s !== "" && !s.startsWith("{"))].map((w) =>
      singular(toSnakeCase(w)),
    ),
  );
  const told = offers
    ? summaryNamed(operation, properties).filter(
        (k) =>
          !records.has(singular(toSnakeCase(k))) &&
          !unsent(k) &&
          !credential(k) &&
          !inPath(k) &&
          !retired(properties[k]),
      )
    : [];
  const plain = offers
    ? [
        ...targets,
        ...withSummaryNamed(
          properties,
          told,
          settableFields(
            properties,
            lookup,
            (k) =>
              targets.includes(k) ||
              credential(k) ||
              inPath(k) ||
              overridden(k) ||
              (creates && stampedByName(k, properties[k])),
            posted,
          ),
        ).filter((k) => !targets.includes(k)),
      ]
    : needed;
  // A record's start and end, objects that hold a time, are what a scheduled thing is made of: a create needs them.
  const spans = offers
    ? timeSpanFields(properties, lookup, (k) => unsent(k) || credential(k) || inPath(k) || retired(properties[k]))
    : [];
  const references = [
    ...new Set([
      ...(offers && plain.length > 0
        ? referenceFields(properties, lookup, (k) => credential(k) || inPath(k) || overridden(k))
        : []),
      ...spans,
    ]),
  ];
  const bound = withReferences(Object.keys(properties), plain, references);
  const optional = Object.keys(properties)
    .filter((k) => !bound.includes(k) && !unsent(k) && !credential(k))
    .map((k) => `${k} (body)`);
  const open = offers && bound.length === 0 ? exampleFields(properties, content.examples, lookup) : undefined;
  if (open !== undefined && open.fields.length > 0) {
    const inner = Object.fromEntries(
      open.fields.map(([k, type]) => [k, `$inputs.${namer(k, { type }, stepId)}`] as const),
    );
    return {
      body: { kind: "properties", entries: [[open.name, inner]] },
      optional: optional.filter((o) => o !== `${open.name} (body)`),
      typed: open.fields.map(([k, type]) => ({ input: String(inner[k]).slice("$inputs.".length), field: k, type })),
    };
  }
  const wrapper = offers && bound.length === 0 ? wrappedFields(properties, lookup) : undefined;
  if (wrapper !== undefined) return wrappedBody([wrapper], namer, stepId, optional).parts;
  const sole = creates && bound.length === 0 ? wrappedNeeds(properties, lookup) : undefined;
  // A change with no scalar to offer offers its typed objects; a create that needs nothing is judged by `sendsEmpty`.
  const objects =
    offers && offer.objects && !creates && bound.length === 0
      ? typedObjectFields(properties, lookup, (k) => credential(k) || inPath(k))
      : [];
  // A typed object or list of them that the call's own request example sets (Mux's create-asset `input`, `[{url}]`) is
  // offered beside the scalars: the example shows the call made with it, and without it the model cannot send it.
  // Not when the example also sets a field no input can fill (Jira's comment `body`, an open rich-text document): the
  // call would go out without what the example shows it carries (a comment with only its `visibility`).
  const exampled = offers
    ? typedObjectFields(
        properties,
        lookup,
        (k) =>
          bound.includes(k) ||
          objects.includes(k) ||
          credential(k) ||
          inPath(k) ||
          unsent(k) ||
          !content.examples.some((e) => isRecord(e) && e[k] !== undefined && e[k] !== null),
      )
    : [];
  const covered = (k: string): boolean =>
    !(k in properties) || [...bound, ...objects, ...exampled].includes(k) || credential(k) || inPath(k) || unsent(k);
  const shown = content.examples.every(
    (e) => !isRecord(e) || Object.entries(e).every(([k, v]) => v === undefined || v === null || covered(k)),
  )
    ? exampled
    : [];
  const sent = [...bound, ...objects, ...shown];
  // A field needed in some cases is offered beside the fields a change sets (Telegram's `chat_id`, "Required if
  // inline_message_id is not specified", beside the caption it edits): without it the call reaches no record.
  const offerable = (k: string): boolean => !sent.includes(k) && !unsent(k) && !credential(k) && !inPath(k);
  // Fields one of which the spec says is needed (Twilio's `AreaCode` or `PhoneNumber`: "You must provide an
  // `area_code` or a `phone_number`") are each offered, none required, when the schema requires none of them.
  const groups = oneOfGroups(properties).filter(
    (g) => !g.fields.some((k) => requiredNames.includes(k)) && g.fields.filter(offerable).length >= 2,
  );
  // So is the conversation a new record may go into as a reply (Gmail's `threadId`: see `madeOfRecords`).
  const replies = Object.keys(properties).filter((k) =>
    madeOfRecords(model, schemaNamed(model, idParts(k)?.entity ?? ""), refName(content.schema)),
  );
  const conditional = [
    ...new Set([...neededInSomeCases(properties), ...groups.flatMap((g) => g.fields), ...replies]),
  ].filter(offerable);
  const skip = (k: string): boolean => sent.includes(k) || conditional.includes(k) || credential(k) || inPath(k);
  const nested: readonly NestedFields[] =
    sole !== undefined
      ? [sole]
      : replaced.length > 0
        ? replaced
        : creates && !offers
          ? nestedNeeds(properties, lookup, skip, bound.length > 0, object)
          : [];
  const entries = [...sent, ...conditional].map(
    (k) => [k, `$inputs.${namer(k, properties[k] ?? {}, stepId)}`] as const,
  );
  // The one object a required body lets the model set is what the call changes: without it the update sends nothing.
  const only = objects.length === 1 && bodyRequired ? objects : [];
  const neededBound = neededInputs(
    Object.fromEntries(entries),
    offers ? [...only, ...(creates ? spans : [])] : bound,
    requiredNames,
    properties,
  );
  const oneOf = oneOfDescriptions(groups, Object.fromEntries(entries), properties);
  const unbound = optional.filter((o) => ![...objects, ...shown, ...conditional].some((k) => o === `${k} (body)`));
  if (nested.length > 0) {
    const { parts, inner } = wrappedBody(nested, namer, stepId, unbound);
    const body = parts.body?.kind === "properties" ? parts.body.entries : [];
    return {
      ...parts,
      body: { kind: "properties", entries: [...entries, ...body] },
      properties,
      ...(oneOf.length === 0 ? {} : { oneOf }),
      needed: [
        ...neededBound,
        ...nested.flatMap((n, i) =>
          neededInputs(
            inner[i] ?? {},
            n.fields.filter((f) => !n.offered?.includes(f)),
            n.required,
            n.properties,
          ),
        ),
      ],
    };
  }
  if (entries.length === 0)
    return bodyRequired ? { body: { kind: "properties", entries: [] }, optional: unbound } : { optional: unbound };
  return {
    body: { kind: "properties", entries },
    optional: unbound,
    properties,
    ...(oneOf.length === 0 ? {} : { oneOf }),
    ...(offers && neededBound.length === 0 ? {} : { needed: neededBound }),
  };
}

/**
 * The query parameter a read of one record names it by when the spec leaves it optional (Slack's `GET /users.info`
 * `user`, "User to get info on"; Braze's `GET /campaigns/details` `campaign_id`): without it the call reads no record,
 * so the step binds it. Not for a path that ends in the record's own parameter, nor for a read of many.
 */
function recordQuery(
  operation: Operation,
  parameters: readonly Parameter[],
  bound: readonly DraftParam[],
): Parameter | undefined {
  if (operation.method !== "get" || /\}\/?$/.test(operation.path)) return undefined;
  const profile = operationProfile(operation);
  if (profile.action !== "get" || profile.qualifiers?.includes("many") === true) return undefined;
  const head = singular(toSnakeCase(profile.object.split(" ").at(-1) ?? ""));
  if (head === "") return undefined;
  const named = parameters.filter(
    (p) =>
      p.in === "query" &&
      !p.required &&
      toSnakeCase(p.name).startsWith(head) &&
      (toSnakeCase(p.name) === head || NAMES_RECORD.test(toSnakeCase(p.name).slice(head.length))) &&
      !bound.some((b) => b.name === p.name),
  );
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The optional query parameter of a write that lists the ids of what its summary says it acts on (Jellyfin's
 * `POST /Playlists/{playlistId}/Items`, "Adds items to a playlist", takes them as `ids`, "Item id, comma delimited"):
 * without it the call adds nothing and still answers 204.
 */
function summaryIds(
  operation: Operation,
  parameters: readonly Parameter[],
  bound: readonly DraftParam[],
): Parameter | undefined {
  if (isReadMethod(operation.method)) return undefined;
  const words = (operation.summary ?? "").toLowerCase().split(/[^a-z0-9]+/);
  const said = new Set([...words, ...words.map(singular)]);
  const named = parameters.filter((p) => {
    if (p.in !== "query" || p.required || !IDS_NAME.test(toSnakeCase(p.name))) return false;
    if (bound.some((b) => b.name === p.name)) return false;
    const word = DESCRIBED_IDS.exec(p.description ?? "")?.[1]?.toLowerCase();
    return word !== undefined && said.has(word);
  });
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The optional query parameter that names what a write acting on nothing else acts on (Docker's `POST /images/create`,
 * "Create an image", takes the image to pull as `fromImage`, "Name of the image to pull"; Etherpad's `POST /deleteGroup`
 * its `groupID`): without it the call has nothing to act on, so a step that binds no other input binds it. Of the
 * optional query parameters, the only one named for the operation's object (`image`, `image_id`, `from_image`) or whose
 * description opens by naming it ("Name of the image …", "The image ID").
 */
export function objectQuery(operation: Operation, parameters: readonly Parameter[]): Parameter | undefined {
  if (isReadMethod(operation.method) || sendsFields(operation)) return undefined;
  const head = singular(toSnakeCase(operationProfile(operation).object.split(" ").at(-1) ?? ""));
  if (head.length < 3) return undefined;
  const named = parameters.filter(
    (p) =>
      p.in === "query" &&
      !p.required &&
      !retired(p.schema) &&
      !SAYS_NOT_ENOUGH.test(p.description ?? "") &&
      namesObject(p, head),
  );
  return named.length === 1 ? named[0] : undefined;
}

/** A parameter that says it is optional or not enough alone ("Optional filter …", "Only useful when …"). */
const SAYS_NOT_ENOUGH = /\boptional\b|\bonly useful\b/i;

/** A body of fields (JSON, a form): what is acted on may be one of them, not a query parameter. */
function sendsFields(operation: Operation): boolean {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  return content !== undefined && content.kind !== "text" && content.kind !== "binary";
}

function namesObject(p: Parameter, head: string): boolean {
  const name = toSnakeCase(p.name);
  const rest = name.startsWith(head) ? name.slice(head.length) : undefined;
  if (rest !== undefined && (rest === "" || NAMES_RECORD.test(rest))) return true;
  if (name.endsWith(`_${head}`) && /^(from|source|target|to)_/.test(name)) return true;
  const opening = new RegExp(
    `^\\s*(?:the\\s+)?(?:(?:name|id|identifier|key)\\s+of\\s+(?:the\\s+|an?\\s+)?${head}s?\\b|${head}s?\\s+(?:name|id|identifier|key)\\b)`,
    "i",
  );
  return opening.test(p.description ?? "");
}

/**
 * The optional yes/no query parameters of a list whose description says the list leaves some records out unless it is
 * set (Docker's `GET /containers/json` `all`, "Return all containers. By default, only running containers are shown";
 * Google Cloud Debugger's `includeInactive`, "… Otherwise, it includes only debuggees that are active"): offered as
 * optional inputs, so a model asked for every record can ask for them, and reads in the input why a record is missing.
 */
export function hiddenByDefault(operation: Operation, parameters: readonly Parameter[]): Parameter[] {
  if (operation.method !== "get") return [];
  const profile = operationProfile(operation);
  if (profile.action !== "list" && profile.qualifiers?.includes("many") !== true) return [];
  return parameters.filter(
    (p) =>
      p.in === "query" &&
      !p.required &&
      typeof p.schema === "object" &&
      p.schema["type"] === "boolean" &&
      SAYS_DEFAULT_LEAVES_OUT.test(htmlToText(p.description ?? "").replace(/\s+/g, " ")),
  );
}

/**
 * "By default, only running containers are shown", "Only images from a final layer are shown by default", "Otherwise,
 * the result includes only debuggees that are active", "By default the invalid items are not shown".
 */
const SAYS_DEFAULT_LEAVES_OUT =
  /\bby default,? only\b|\bonly\b[^.]*\b(?:are|is) (?:shown|returned|listed|included) by default\b|\botherwise,? [^.]*\bonly\b|\bby default,? [^.]*\b(?:are|is) not (?:shown|returned|listed|included)\b/i;

/** A parameter named for a list of ids: `ids`, `item_ids`, `entryIds`. */
const IDS_NAME = /(^|_)ids$/;
/** A description that opens by naming whose ids it holds: "Item id, comma delimited", "The item ids". */
const DESCRIBED_IDS = /^\s*(?:the\s+)?([a-z]+)\s+ids?\b/i;

/** What follows a record's word in a parameter that names one: `groupname`, `groupId`, `group_key`. */
const NAMES_RECORD = /^_?(id|name|key|slug)$/;

/**
 * The parameter naming the record a link adds to, when the spec leaves it optional (Jira's `POST /group/user` takes the
 * group as `groupname` or `groupId`, neither required): without it the call says no group. Of parameters named after
 * the target, the one by name, which a person knows, else the only one.
 */
function linkTarget(
  operation: Operation,
  parameters: readonly Parameter[],
  bound: readonly DraftParam[],
): Parameter | undefined {
  const link = linkOf(operation);
  if (link === undefined) return undefined;
  const head = singular(toSnakeCase(link.target.split(" ").at(-1) ?? ""));
  const named = parameters.filter(
    (p) =>
      !p.required &&
      toSnakeCase(p.name).startsWith(head) &&
      NAMES_RECORD.test(toSnakeCase(p.name).slice(head.length)) &&
      !bound.some((b) => b.name === p.name),
  );
  return named.find((p) => toSnakeCase(p.name).endsWith("name")) ?? (named.length === 1 ? named[0] : undefined);
}

/**
 * The body fields an operation's summary (else its description's first sentence) names, word for word: what the call
 * sends. PowerDNS's `PATCH /servers/{server_id}/zones/{zone_id}`, "Creates/modifies/deletes RRsets present in the
 * payload", acts on the body's `rrsets` only, a list of objects no draft offered among its 16 scalars.
 */
export function summaryNamed(
  operation: Pick<Operation, "summary" | "description">,
  properties: Readonly<Record<string, JsonSchema>>,
): string[] {
  const text = (operation.summary ?? htmlToText(operation.description ?? "").split(/(?<=[.!?])\s/)[0] ?? "").trim();
  const said = ` ${text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "")
    .join(" ")} `;
  return Object.keys(properties).filter((k) => {
    const name = toSnakeCase(k)
      .split("_")
      .filter((w) => w !== "");
    if (name.length === 0 || name.join("").length < 3) return false;
    const phrase = name.join(" ");
    return said.includes(` ${phrase} `) || said.includes(` ${singular(phrase)} `);
  });
}

/** The fields a change offers with those its summary names first, at most 16 in all, in the body's order. */
function withSummaryNamed(
  properties: Readonly<Record<string, JsonSchema>>,
  told: readonly string[],
  settable: readonly string[],
): string[] {
  if (told.length === 0) return [...settable];
  const kept = new Set([...told, ...settable.filter((k) => !told.includes(k))].slice(0, MAX_UPDATE_FIELDS));
  return Object.keys(properties).filter((k) => kept.has(k));
}

/**
 * The body field the path ends by naming, when the schema leaves it optional: what the call sends (Notion's
 * `PATCH /blocks/{id}/children` appends the body's `children`, without which it appends nothing; Mandrill's
 * `POST /inbound/add-domain.json` adds the body's `domain`, `POST /messages/send.json` sends its `message`). A last word
 * that reads as a verb names a list of its own spelling (Pendo's `POST /votes` sends its `votes`, without which it
 * voted for nothing and answered 200).
 */
export function pathNamed(
  path: string,
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[],
): string[] {
  const parts = path.split("/").filter((s) => s !== "");
  const last = parts.at(-1) ?? "";
  if (last.startsWith("{")) return [];
  const words = toSnakeCase(last.replace(/\.[a-z]+$/i, "")).split("_");
  const isList = (schema: JsonSchema | undefined): boolean => typeof schema === "object" && schema["type"] === "array";
  const list = Object.keys(properties).find((k) => toSnakeCase(k) === words.join("_") && isList(properties[k]));
  if (words.length === 1 && list !== undefined) return required.includes(list) ? [] : [list];
  const verb = verbClasses(stem(words[0] ?? "")) !== undefined;
  const before = parts.at(-2);
  const nouns = !verb
    ? [words.join("_")]
    : words.length > 1
      ? [words.slice(1).join("_")]
      : before === undefined || before.startsWith("{")
        ? []
        : [toSnakeCase(before)];
  const wanted = new Set(nouns.flatMap((n) => [n, singular(n)]));
  const field = Object.keys(properties).find((k) => wanted.has(toSnakeCase(k)));
  return field === undefined || required.includes(field) ? [] : [field];
}

/** The fields of one object of a body that a drafted step binds, with what the object's schema requires. */
interface NestedFields {
  readonly name: string;
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly fields: readonly string[];
  readonly required: readonly string[];
  /** Of `fields`, those bound as optional inputs (settable fields a replace offers), not made required. */
  readonly offered?: readonly string[];
}

/**
 * A PUT that answers with the object its body is (Kubernetes' `PUT …/deployments/{name}` takes and returns a Deployment,
 * its `…/scale` a Scale): it replaces the whole object, so what it leaves out is reset or rejected, and it sends what a
 * create of that object sends.
 */
function replacesWhole(operation: Operation, content: { readonly schema: JsonSchema }): boolean {
  if (operation.method !== "put") return false;
  const sent = refName(content.schema);
  const answered = operation.success && preferredContent(operation.success.contents);
  return sent !== undefined && answered !== undefined && refName(answered.schema) === sent;
}

/** The component a schema refers to (`#/definitions/io.k8s.api.apps.v1.Deployment`), directly or as a lone `allOf`. */
function refName(schema: JsonSchema): string | undefined {
  if (typeof schema !== "object") return undefined;
  const allOf = schema["allOf"];
  const only = Array.isArray(allOf) && allOf.length === 1 ? (allOf[0] as Record<string, unknown>) : undefined;
  return componentName(schema["$ref"] ?? only?.["$ref"]);
}

/**
 * What a create must send inside the optional objects of its body: Kubernetes' Deployment requires nothing at its top,
 * but its `metadata.name` "is required when creating resources" and its `spec` requires `selector` and `template`.
 * Each top-level object (not one the server fills, such as an observed `status`) gives the fields its schema requires
 * or that say they are required when creating (a "Required." in a description of an optional object's field only says
 * what that object needs when sent: Google's maintenance windows), bound whole — the fields an object's schema requires
 * only when it is the one object of the body that requires any; `onCreateOnly` (the top already sends
 * what it requires) keeps only those said to be required when creating (a Kubernetes Role's `metadata.name` beside its
 * required `rules`).
 */
function nestedNeeds(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
  skip: (k: string) => boolean,
  onCreateOnly: boolean,
  object: readonly string[],
): NestedFields[] {
  const objects = Object.entries(properties).flatMap(([name, schema]) => {
    const node = derefTop(schema, lookup);
    if (skip(name) || typeof node !== "object" || isReadOnly(schema) || serverState(schema)) return [];
    if (serverState(node) || node["properties"] === undefined) return [];
    const inner = allProperties(node, lookup);
    const usable = (k: string): boolean => !isReadOnly(inner[k]) && !hasDefault(inner[k]);
    const required = Array.isArray(node["required"])
      ? (node["required"] as unknown[]).filter((k): k is string => typeof k === "string")
      : [];
    // An object that carries its whole record in one field (a Gmail draft's `message`: its `raw`) needs that field.
    const whole = required.length === 0 ? wholeRecordField(inner, [singular(toSnakeCase(name))]) : undefined;
    const onCreate = [...neededOnCreate(inner, object), ...(whole === undefined ? [] : [whole])].filter(usable);
    return [{ name, inner, required, needs: required.filter(usable), onCreate }];
  });
  // One object that requires fields holds the body's content (a Deployment's `spec`); of several, each is a feature a
  // call may turn on (Stripe's charge: `shipping`, `transfer_data`), none of them needed.
  const content = !onCreateOnly && objects.filter((o) => o.needs.length > 0).length === 1;
  return objects.flatMap(({ name, inner, required, needs, onCreate }): NestedFields[] => {
    const fields = content ? [...new Set([...needs, ...onCreate])] : onCreate;
    return fields.length === 0 ? [] : [{ name, properties: inner, fields, required }];
  });
}

/**
 * What a whole-object replace sends inside the objects of its body, when its top requires nothing (a Kubernetes
 * Deployment or Scale). An object the runtime sends whole (keep-current merges the top level only) must be complete:
 * - one with fields its schema requires sends them, and offers its settable fields as optional inputs, which would
 *   otherwise be reset (a Deployment's `spec`: `selector`, `template`; `replicas`, `paused`, … optional);
 * - one that only names the object (`metadata.name`, "required when creating") is left out when the runtime reads the
 *   current object first (the spec has a GET on the same path), so the name the path gives and the one sent agree, with
 *   the labels and `resourceVersion` kept; without that read it sends the name, bound to the path's input of that name;
 * - one that needs nothing offers its settable fields (a Scale's `spec.replicas`), its only one required, since the
 *   object sent without it would reset it; a server-filled object (`status`) is never sent.
 * A body none of whose objects requires or names anything keeps its content at its top: nothing here.
 */
function replacedNeeds(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
  options: { skip: (k: string) => boolean; object: readonly string[]; kept: boolean },
): NestedFields[] {
  const objects = Object.entries(properties).flatMap(([name, schema]) => {
    const node = derefTop(schema, lookup);
    if (options.skip(name) || typeof node !== "object" || isReadOnly(schema) || serverState(schema)) return [];
    if (serverState(node) || node["properties"] === undefined) return [];
    const inner = allProperties(node, lookup);
    const required = Array.isArray(node["required"])
      ? (node["required"] as unknown[]).filter((k): k is string => typeof k === "string")
      : [];
    const usable = (k: string): boolean => !isReadOnly(inner[k]) && !hasDefault(inner[k]);
    const needs = required.filter(usable);
    const naming = neededOnCreate(inner, options.object).filter(usable);
    const settable = settableFields(inner, lookup).filter((k) => !needs.includes(k) && !naming.includes(k));
    return [{ name, inner, required, needs, naming, settable }];
  });
  // Objects that need nothing say nothing of a body whose content is at its top (Linode's instance: label, tags, …).
  if (!objects.some((o) => o.needs.length > 0 || o.naming.length > 0)) return [];
  return objects.flatMap(({ name, inner, required, needs, naming, settable }): NestedFields[] => {
    if (needs.length > 0)
      return [{ name, properties: inner, fields: [...needs, ...settable], required, offered: settable }];
    if (naming.length > 0) return options.kept ? [] : [{ name, properties: inner, fields: naming, required }];
    if (settable.length === 0) return [];
    return [{ name, properties: inner, fields: settable, required, offered: settable.length === 1 ? [] : settable }];
  });
}

/**
 * The fields of a body that open and close the record's time in a pair, each an object that only holds a time (Calendar's
 * event `start` and `end`: a `date`, a `dateTime` and a `timeZone`; Visma's `startDate` and `endDate`, a `{value}` of
 * format `date-time`): what a scheduled thing is made of, offered beside the scalars a create or an update sets and kept
 * first among them — as objects they were left to the comment, and an event was drafted without its times. A bound
 * without its twin (`originalStartTime`), a pair of other things (`fromUser`, `toUser`) and dated scalars (offered as
 * scalars already) are not these.
 */
function timeSpanFields(
  properties: Readonly<Record<string, JsonSchema>>,
  lookup: SchemaLookup,
  skip: (k: string) => boolean,
): string[] {
  const dated = (schema: JsonSchema | undefined, name: string): boolean => {
    const node = schema === undefined ? undefined : derefTop(schema, lookup);
    return (
      typeof node === "object" &&
      isDated(node, name, typeof node["description"] === "string" ? node["description"] : "")
    );
  };
  const zone = (name: string): boolean => /(^|_)(time_?zone|tz)$/.test(toSnakeCase(name));
  const timeObject = (k: string): boolean => {
    const node = derefTop(properties[k] ?? {}, lookup);
    if (typeof node !== "object" || node["properties"] === undefined || isReadOnly(properties[k])) return false;
    const members = Object.entries(allProperties(node, lookup));
    return (
      members.some(([name, member]) => dated(member, name)) &&
      members.every(([name, member]) => dated(member, name) || zone(name))
    );
  };
  return rangePairs(Object.keys(properties).filter((k) => !skip(k) && timeObject(k)));
}

/** The body `{ wrapper: { field: $inputs.field, … }, … }` for the chosen fields inside each wrapping object. */
function wrappedBody(
  wrappers: readonly {
    readonly name: string;
    readonly properties: Readonly<Record<string, JsonSchema>>;
    readonly fields: readonly string[];
  }[],
  namer: InputNamer,
  stepId: string,
  optional: readonly string[],
): { readonly parts: BodyParts; readonly inner: readonly Readonly<Record<string, string>>[] } {
  const inner = wrappers.map((w) =>
    Object.fromEntries(w.fields.map((k) => [k, `$inputs.${namer(k, w.properties[k] ?? {}, stepId)}`])),
  );
  const names = new Set(wrappers.map((w) => `${w.name} (body)`));
  return {
    parts: {
      body: { kind: "properties", entries: wrappers.map((w, i) => [w.name, inner[i] ?? {}] as const) },
      optional: optional.filter((o) => !names.has(o)),
      wrapped: Object.fromEntries(wrappers.map((w) => [w.name, w.properties])),
    },
    inner,
  };
}

function hasComposition(node: Readonly<Record<string, unknown>>): boolean {
  return ["oneOf", "anyOf", "allOf", "$ref"].some((k) => node[k] !== undefined);
}

/**
 * A property that is only a `$ref` to a schema made for it (named after it: Visma.net's `itemClass` →
 * `itemClassInInventoryUpdateDto`), with that schema's description, which then speaks of the field; any other as it is
 * (a shared schema's words, Azure's `Kind`, speak of every field that uses it).
 */
function refDescribed(name: string, schema: JsonSchema, schemas: SchemaLookup): JsonSchema {
  if (typeof schema !== "object" || typeof schema["$ref"] !== "string" || schema["description"] !== undefined)
    return schema;
  const target = schema["$ref"].split("/").at(-1) ?? "";
  if (!target.toLowerCase().startsWith(name.toLowerCase()) || target.length <= name.length) return schema;
  const named = derefTop(schema, schemas);
  const said = typeof named === "object" ? named["description"] : undefined;
  return typeof said === "string" ? { ...schema, description: said } : schema;
}

/**
 * Whether a raw-bytes body the spec leaves optional is the file the call uploads: it is sent as base64 (`bytesTyped`)
 * and the spec says what it is (Orthanc's `POST /instances`, "DICOM file to be uploaded"). Sent without it, the upload
 * stores nothing. An undescribed `application/octet-stream` body is as often a spec's leftover (Okta's `reset_factors`).
 */
function saysItsBytes(content: MediaContent, node: JsonSchema, said: string | undefined): boolean {
  if (bytesTyped(sentMedia(content), node) === undefined) return false;
  const own = typeof node === "object" && typeof node["description"] === "string" ? node["description"] : "";
  return `${said ?? ""}${own}`.trim() !== "";
}
