// Name-to-id chains into a request body: an action whose body takes the id of something a person names (a channel by
// name, a user by email, an issue type by name) is preceded by the read that finds it, matched by kind, never by `id` alone.
import { schemaLookup, type SchemaLookup } from "../../model/api-source.js";
import type { ApiModel, JsonSchema, Operation } from "../../model/api-model.js";
import { escapeToken } from "../../util/pointer.js";
import { toIdentifierName, toSnakeCase } from "../../util/naming.js";
import { sentenceCase } from "../../util/sentence.js";
import { operationProfile } from "../profile.js";
import { hasNicheSignal } from "./importance.js";
import { isReadMethod } from "../risk.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { componentName, derefTop } from "../schemas.js";
import { jsonTypes, typesFit, type JsonType } from "../type-fit.js";
import { namesTarget } from "../change-inputs.js";
import { createInputNamer, operationStep, type InputNamer } from "./bindings.js";
import {
  bodySlots,
  compactName,
  isIdReference,
  madeOfRecords,
  matchedObject,
  refName,
  type BodySlot,
} from "./body-slots.js";
import { recordObjects, type Resolver } from "./chains.js";
import { wholeRecordField } from "./needed.js";
import { chainName, operationGoalName } from "./names.js";
import {
  idParts,
  isOrdinal,
  segments,
  sharesParameter,
  signatureOf,
  singular,
  staticSegments,
  successSchema,
} from "./operations.js";
import { GENERIC_TEXT, lowerFirst, sentence, summaryOf, type Proposal } from "./proposals.js";
import type { DraftInput, DraftStep, DraftValue } from "./types.js";

/** A read that yields the id a slot takes: the resolver, the record's names, and where the id sits in its answer. */
export interface SlotLookup {
  readonly slot: BodySlot;
  readonly resolver: Resolver;
  /** Response tokens to the id (for a pick, tokens in the picked item). */
  readonly pointer: readonly string[];
  /** The object in words, as the API spells it (`issue type`, `channel`, `user`). */
  readonly object: string;
  readonly score: number;
}

/** A read or an action flagged niche goes last: nobody drafts Enterprise-Grid admin calls first. */
const isNiche = (operation: Operation): boolean => hasNicheSignal(operationProfile(operation));

/** The names a resolver's record goes by, from its own schema and, for a plain or generic list, the collection path. */
function recordNames(model: ApiModel, resolver: Resolver): string[] {
  const schema = successSchema(resolver.operation) ?? {};
  const schemas = schemaLookup(model.schemas);
  const own = recordObjects(schema, resolver.tokens, resolver.record, schemas);
  const key = resolver.tokens.at(-2);
  const pathNamed = resolver.tokens.at(-1) === "0" && (key === undefined || own.length === 0);
  const last = staticSegments(resolver.operation.path).at(-1);
  return [...own, ...(pathNamed && last !== undefined ? [singular(toSnakeCase(last))] : [])];
}

/** The record (or the object property of a single record, `user` of `{ ok, user }`) that is the slot's object, and which object it is. */
function slotRecord(
  model: ApiModel,
  resolver: Resolver,
  slot: BodySlot,
): { record: JsonSchema; tokens: string[]; object: string } | undefined {
  const schemas = schemaLookup(model.schemas);
  const own = matchedObject(recordNames(model, resolver), slot.objects);
  if (own !== undefined) return { record: resolver.record, tokens: [], object: own };
  if (resolver.tokens.length > 0 || resolver.pick !== undefined) return undefined;
  for (const property of propertyNames(resolver.record, schemas)) {
    const walked = schemaAtPointer(resolver.record, [property], schemas);
    if (!walked.ok || !jsonTypes(walked.schema, schemas).has("object")) continue;
    const ref = componentName(typeof walked.schema === "object" ? walked.schema["$ref"] : undefined);
    const names = [singular(toSnakeCase(property)), ...(ref ? [singular(toSnakeCase(ref))] : [])];
    const object = matchedObject(names, slot.objects);
    if (object !== undefined) return { record: walked.schema, tokens: [property], object };
  }
  return undefined;
}

/** A description calling the field the record's own id ("The unique ID for this `Dispute`"), not a parent's. */
const SAYS_OWN_ID = /\b(unique|own)\b[^.]*\bid(entifier)?\b|\bid(entifier)? (of|for) this\b/i;

/**
 * The record is of the slot's own kind and has an `id` of its own, so a field named for that kind (a `Group`'s
 * `groupId`, Zuora's `Task.task_id`, "the id of this task's parent task") names another record of the same kind, its
 * parent: the slot takes the record's `id`. A field described as the record's own id (Square's `Dispute.dispute_id`,
 * "The unique ID for this `Dispute`") stays.
 */
function namesParent(record: JsonSchema, field: string, schemas: SchemaLookup): boolean {
  if (toSnakeCase(field) === "id" || !propertyNames(record, schemas).some((p) => toSnakeCase(p) === "id")) return false;
  const walked = schemaAtPointer(record, [field], schemas);
  const said = walked.ok && typeof walked.schema === "object" ? walked.schema["description"] : undefined;
  return typeof said !== "string" || !SAYS_OWN_ID.test(said) || /\bparent\b/i.test(said);
}

/**
 * The property of `record` that holds the slot's id, with a type the slot takes (a string or integer); on a record of
 * the slot's own kind, never the field naming its parent (see {@link namesParent}).
 */
function idField(record: JsonSchema, slot: BodySlot, schemas: SchemaLookup, ownKind = false): string | undefined {
  for (const wanted of slot.fields) {
    const property = propertyNames(record, schemas).find((p) => toSnakeCase(p) === wanted);
    const walked = property === undefined ? undefined : schemaAtPointer(record, [property], schemas);
    const types = walked?.ok ? jsonTypes(walked.schema, schemas) : new Set<JsonType>();
    const fits = slot.schema === undefined || typesFit(types, jsonTypes(slot.schema, schemas));
    if (property === undefined || !(types.has("string") || types.has("integer")) || !fits) continue;
    // Only the field named for the kind (`group_id`), never the bare one after it (`slug` of `account_slug`).
    const named = slot.fields.length > 1 && wanted === slot.fields[0];
    if (!ownKind || !named || !namesParent(record, property, schemas)) return property;
  }
  return undefined;
}

/**
 * The record was matched as the body's own kind (`serviceAccountClientId` of a `UserRepresentation` body, found in
 * another user), yet it has an `id` of its own, so the field taken from it is that record's reference to some other
 * object, not its identity: copied across, one user's service account would be written onto another (Jellyfin's
 * `UserDto`, whose own is `Id`: its `ServerId` is the server's). A record with no `id` (Jira's `User`, known by
 * `accountId`) is identified by the field.
 */
function anotherObjectsId(
  found: { readonly record: JsonSchema; readonly object: string },
  slot: BodySlot,
  field: string,
  schemas: SchemaLookup,
): boolean {
  const isId = (name: string): boolean => toSnakeCase(name) === "id";
  return found.object !== slot.objects[0] && !isId(field) && propertyNames(found.record, schemas).some(isId);
}

/** An optional parameter the read still needs in practice ("The issue key. Required, unless `project` is specified."). */
const CONDITIONALLY_REQUIRED = /\bRequired,? (unless|if|when)\b(.*)/;

/** Conditionally required, and the condition is not the query the chain binds ("Required, unless `query` is given"). */
function stillNeeded(description: string | undefined, query: string | undefined): boolean {
  const condition = CONDITIONALLY_REQUIRED.exec(description ?? "")?.[2];
  return condition !== undefined && (query === undefined || !condition.split(/[^A-Za-z0-9_]+/).includes(query));
}

/** How a read finds the record: a required query (`email`) before a pick by name before an optional search. */
function lookupScore(resolver: Resolver, target: Operation, sameSchema: boolean): number {
  const way = resolver.query === undefined ? 10 : byEmail(resolver) ? 0 : resolver.query.required ? 5 : 20;
  const unbound = resolver.operation.parameters.filter(
    (p) =>
      (p.required || stillNeeded(p.description, resolver.query?.name)) &&
      p !== resolver.query &&
      !target.parameters.some((t) => t.name === p.name && t.in === p.in),
  ).length;
  return (isNiche(resolver.operation) ? 100 : 0) + way + unbound * 5 + (sameSchema ? 0 : 3);
}

/** A query the API matches against email addresses: `email`, or a search whose description says it matches them. */
function byEmail(resolver: Resolver): boolean {
  const query = resolver.query;
  return query !== undefined && (/email/i.test(query.name) || /\bemail/i.test(query.description ?? ""));
}

/** The best read that yields the slot's id: same object, an id field of the slot's kind, needing no id the target lacks. */
export function lookupForSlot(
  model: ApiModel,
  target: Operation,
  slot: BodySlot,
  resolvers: readonly Resolver[],
): SlotLookup | undefined {
  const schemas = schemaLookup(model.schemas);
  const container = componentName(bodySchemaRef(target));
  return resolvers
    .flatMap((resolver): SlotLookup[] => {
      if (resolver.operation === target || resolver.operation.method !== "get") return [];
      if (listsWhatItAdds(resolver.operation, target) || listsItsOwnRecord(resolver.operation, target)) return [];
      if (resolver.needs.some((n) => !sharesParameter(resolver.operation, target, n))) return [];
      if (lacksRecordOf(resolver.operation, target)) return [];
      const found = slotRecord(model, resolver, slot);
      const field = found && idField(found.record, slot, schemas, found.object === slot.objects[0]);
      if (found === undefined || field === undefined) return [];
      if (anotherObjectsId(found, slot, field, schemas)) return [];
      const own = componentName(typeof found.record === "object" ? found.record["$ref"] : undefined);
      const pointer = resolver.pick ? [field] : [...resolver.tokens, ...found.tokens, field];
      return [
        {
          slot,
          resolver,
          pointer,
          object: spelled(model, found.object),
          score: lookupScore(resolver, target, own !== undefined && own === container),
        },
      ];
    })
    .sort((a, b) => a.score - b.score || a.resolver.index - b.resolver.index)[0];
}

/**
 * The read lists what belongs to a record the target is not given (Stripe's `GET /v1/customers/{customer}/sources` for
 * `POST /v1/charges`): its parameter indexes a collection (`{customer}` after `customers`), so it is that record's id,
 * whatever its name says, and the chain could only ask the model for it. A path parameter that names no record of a
 * collection (`{namespace}`, `{owner}`) is a name a person knows, and stays an input.
 */
function lacksRecordOf(read: Operation, target: Operation): boolean {
  const parts = segments(read.path);
  return read.parameters.some((n) => {
    if (n.in !== "path" || target.parameters.some((p) => p.name === n.name && p.in === "path")) return false;
    const before = parts[parts.indexOf(`{${n.name}}`) - 1];
    return (
      before !== undefined && !before.startsWith("{") && singular(toSnakeCase(before)) === singular(toSnakeCase(n.name))
    );
  });
}

/**
 * A read of the collection the target's own record is a member of (`GET …/courseWork` for `PATCH …/courseWork/{id}`):
 * it finds that record, so its fields (creator, topic) would be copied back onto itself, not looked up.
 */
function listsItsOwnRecord(read: Operation, target: Operation): boolean {
  return target.path.startsWith(`${read.path}/{`) && /^\{[^/}]+\}$/.test(target.path.slice(read.path.length + 1));
}

const ADDING = new Set(["add", "create", "invite", "post", "send", "share", "attach", "link", "assign"]);

/**
 * A read of the very collection the action adds to (GitHub's sub-issues listed to add a sub-issue): what it finds is
 * already a member. A read of the collection an action performs from (Jira's transitions of an issue) is a lookup.
 */
function listsWhatItAdds(read: Operation, target: Operation): boolean {
  return read.path === target.path && ADDING.has(operationProfile(target).action);
}

function bodySchemaRef(operation: Operation): unknown {
  const schema = operation.requestBody?.contents[0]?.schema;
  return typeof schema === "object" ? schema["$ref"] : undefined;
}

/** `issuetype` as the API spells it elsewhere (`issueTypeId` → `issue type`); else as it is. */
function spelled(model: ApiModel, object: string): string {
  for (const operation of model.operations)
    for (const p of operation.parameters) {
      const entity = idParts(p.name)?.entity;
      if (entity && entity !== object && compactName(entity) === compactName(object))
        return entity.replaceAll("_", " ");
    }
  return object.replaceAll("_", " ");
}

/**
 * The slots a chain fills: every declared slot some read resolves, and at most one read off an open object's example.
 * A body that is the record the action makes or changes (a `Pet` to update) names no other pet by its fields; a field
 * the body leaves optional while it requires others (GitHub's `team_id` of a new repository) is not asked for.
 */
function chosenLookups(model: ApiModel, target: Operation, resolvers: readonly Resolver[]): SlotLookup[] {
  const own = compactName(operationProfile(target).object.split(" ").at(-1) ?? "");
  const references = bodySlots(model, target)
    .filter(
      (slot) =>
        !performedElsewhere(model, target, slot) &&
        !secondOfPathRecord(target, slot) &&
        !ownRecordId(target, slot) &&
        !writtenWhole(model, target, slot),
    )
    .map((slot) => ({
      ...slot,
      objects: slot.objects.filter((o, i) => i === 0 || compactName(o) !== own),
    }));
  const found = references.flatMap((slot) => {
    const lookup = lookupForSlot(model, target, slot, resolvers);
    return lookup ? [lookup] : [];
  });
  // A conversation the record goes into by replying (Gmail's thread) is no input a body that leaves it unsaid needs.
  const sent = componentName(bodySchemaRef(target));
  const reply = (l: SlotLookup): boolean =>
    l.slot.required === undefined && madeOfRecords(model, refName(l.resolver.record), sent);
  const declared = found.filter((l) => !l.slot.fromExample && l.slot.required !== false && !reply(l));
  const keyed = keyedObjects(model);
  const example = found
    .filter((l) => l.slot.fromExample && !keyed.has(compactName(l.slot.objects[0] ?? "")))
    .sort((a, b) => a.score - b.score || objectWeight(model, b.slot) - objectWeight(model, a.slot))[0];
  return [...declared, ...(example ? [example] : [])];
}

/**
 * An object of the body the call writes in full, not one it names by its `id`: it carries its whole record in one field
 * (a Gmail draft's `message`, whose `raw` is "The entire email message …"), so its `id` is the new record's own.
 */
function writtenWhole(model: ApiModel, target: Operation, slot: BodySlot): boolean {
  const [name, id, ...rest] = slot.tokens;
  const content = target.requestBody?.contents[0];
  if (name === undefined || id !== "id" || rest.length > 0 || content === undefined) return false;
  const schemas = schemaLookup(model.schemas);
  const object = schemaAtPointer(content.schema, [name], schemas);
  const node = object.ok ? derefTop(object.schema, schemas) : undefined;
  const properties =
    typeof node === "object" ? (node["properties"] as Record<string, JsonSchema> | undefined) : undefined;
  return properties !== undefined && wholeRecordField(properties, [singular(toSnakeCase(name))]) !== undefined;
}

/**
 * A body slot of the kind the path already names by id (Linode's restore `POST /linode/instances/{linodeId}/backups/
 * {backupId}/restore` with a body `linode_id`): the body's is another record of that kind, the one the action acts
 * towards, so finding it by name would leave the path's id still asked and the goal's "instead of its id" false. A
 * number a person knows (GitHub's `{issue_number}` beside a body `issue_id`) is no such id.
 */
function secondOfPathRecord(target: Operation, slot: BodySlot): boolean {
  const object = compactName(slot.objects[0] ?? "");
  return (
    object !== "" &&
    target.parameters.some(
      (p) => p.in === "path" && !isOrdinal(p.name) && compactName(idParts(p.name)?.entity ?? "") === object,
    )
  );
}

/**
 * The id of the very record a write carries in its body: at a path that names one record (Magento's
 * `PUT /V1/products/{sku}`), its body's `id` or the `id` it wraps under that record's name (`{product: {id}}`); at a
 * collection under no record (`POST /V1/products`), the `id` it wraps under the collection's name. It is the record the
 * call changes or makes, never another one found by name: a lookup would write a listed record's id (a configurable
 * product's child, a customer found by a search) into the product or customer the call writes. A collection under a
 * record can be an action's (Jira's `POST /issue/{id}/transitions`, `{transition: {id}}`): its body names another thing.
 */
export function ownRecordId(target: Pick<Operation, "path" | "method">, slot: Pick<BodySlot, "tokens">): boolean {
  const [first, second, ...rest] = slot.tokens;
  const atRecord = /\}\/?$/.test(target.path);
  if (!atRecord && (target.method !== "post" || target.path.includes("{"))) return false;
  if (first === "id" && second === undefined) return atRecord;
  const record = singular(toSnakeCase(staticSegments(target.path).at(-1) ?? ""));
  return (
    second === "id" && rest.length === 0 && compactName(singular(toSnakeCase(first ?? ""))) === compactName(record)
  );
}

/**
 * Whether the slot's object is an action another operation performs on the target's record (Jira's `transition` in an
 * issue's edit body, done by `POST /issue/{id}/transitions`): that operation is the chain's target, not this one.
 */
function performedElsewhere(model: ApiModel, target: Operation, slot: BodySlot): boolean {
  const object = compactName(slot.objects[0] ?? "");
  if (object === "" || compactName(operationProfile(target).action) === object) return false;
  const base = target.path.replace(/\/+$/, "");
  return model.operations.some(
    (o) =>
      o !== target &&
      o.method !== "get" &&
      o.path.startsWith(`${base}/`) &&
      compactName(operationProfile(o).action) === object,
  );
}

/** How many operations' paths name the object (`issuetype` in 27 Jira paths, `priority` in 8): how central it is. */
function objectWeight(model: ApiModel, slot: BodySlot): number {
  const object = compactName(slot.objects[0] ?? "");
  return model.operations.filter((o) => staticSegments(o.path).some((s) => compactName(s).startsWith(object))).length;
}

/** Fields whose text a person writes for the record an action makes: the message's `text`, an issue's `summary`. */
const CONTENT_FIELDS = ["text", "message", "summary", "title", "subject", "content", "body"];

/** The optional body property that carries the action's own text, when the body binds none. */
function contentField(model: ApiModel, target: Operation, bound: readonly string[]): string | undefined {
  const content = target.requestBody?.contents[0];
  if (content === undefined) return undefined;
  const names = propertyNames(content.schema, schemaLookup(model.schemas));
  const candidates = names.filter((n) => CONTENT_FIELDS.includes(toSnakeCase(n)));
  if (candidates.some((n) => bound.includes(n))) return undefined;
  return [...candidates].sort((a, b) => CONTENT_FIELDS.indexOf(a) - CONTENT_FIELDS.indexOf(b))[0];
}

/** Objects the API identifies by a key as well as an id (a `{projectIdOrKey}` path parameter): a person knows their key. */
function keyedObjects(model: ApiModel): ReadonlySet<string> {
  let keyed = keyedByModel.get(model);
  if (keyed === undefined) {
    const names = model.operations.flatMap((o) =>
      o.parameters.flatMap((p) => {
        const match = /^(.+?)[_-]?id[_-]?or[_-]?key$/i.exec(p.name);
        return match?.[1] ? [compactName(match[1])] : [];
      }),
    );
    keyedByModel.set(model, (keyed = new Set(names)));
  }
  return keyed;
}

const keyedByModel = new WeakMap<ApiModel, ReadonlySet<string>>();

/**
 * What else an open object's example sets that a person supplies: references to keyed objects (`project: { key }`)
 * and its text (`summary`), bound to inputs; the slot the chain resolves is set by the caller.
 */
function exampleValues(
  model: ApiModel,
  lookups: readonly SlotLookup[],
  target: Operation,
  namer: InputNamer,
  stepId: string,
): { values: [string[], DraftValue][]; inputs: DraftInput[] } {
  const slot = lookups.find((l) => l.slot.fromExample)?.slot;
  const open = slot?.tokens[0];
  const example = target.requestBody?.contents[0]?.examples[0];
  const object =
    open === undefined || typeof example !== "object" || example === null
      ? undefined
      : (example as Record<string, unknown>)[open];
  if (open === undefined || typeof object !== "object" || object === null) return { values: [], inputs: [] };
  const keyed = keyedObjects(model);
  const what = operationProfile(target).object;
  const values: [string[], DraftValue][] = [];
  const inputs: DraftInput[] = [];
  for (const [key, value] of Object.entries(object as Record<string, unknown>)) {
    if (key === slot?.tokens[1]) continue;
    if (isIdReference(value) && keyed.has(compactName(key))) {
      const input = namer(`${key}_key`, { type: "string" }, stepId);
      values.push([[open, key, "key"], `$inputs.${input}`]);
      inputs.push({ name: input, required: true, description: `The key of the ${key.replaceAll("_", " ")}.` });
    } else if (typeof value === "string" && CONTENT_FIELDS.includes(toSnakeCase(key))) {
      const input = namer(key, { type: "string" }, stepId);
      values.push([[open, key], `$inputs.${input}`]);
      inputs.push({
        name: input,
        required: true,
        description: `The ${toSnakeCase(key).replaceAll("_", " ")} of the ${what}.`,
      });
    }
  }
  return { values, inputs };
}

/** The lookup step for one slot: a pick by a field a person knows, or a query the API filters by. */
function lookupStep(
  model: ApiModel,
  lookup: SlotLookup,
  { namer, id }: { namer: InputNamer; id: string },
): { step: DraftStep; input: DraftInput; by: string; key: string; phrase: string; how: string } {
  const { resolver, object } = lookup;
  const output = toIdentifierName(lookup.pointer.at(-1) ?? "id", "id", 40);
  const outputs = { [output]: `$response.body#/${lookup.pointer.map(escapeToken).join("/")}` };
  const pick = resolver.pick;
  const leads = pick === undefined ? undefined : destinationOf(model, resolver.record);
  if (resolver.query === undefined && pick !== undefined && leads !== undefined) {
    const input = namer(`${leads.object}_${leads.field}`, { type: "string" }, id);
    const step = operationStep(model, resolver.operation, { id, namer, outputs });
    const from = resolver.tokens.slice(0, -1).map(escapeToken).join("/");
    const dest = leads.object.replaceAll("_", " ");
    return {
      step: { ...step, pick: { from: from === "" ? "" : `/${from}`, where: { [leads.pointer]: `$inputs.${input}` } } },
      input: {
        name: input,
        required: true,
        description: `The ${leads.field} of the ${dest} to move to, exactly as it is listed (case included).`,
      },
      by: `${leads.object}_${leads.field}`,
      key: `${dest} ${leads.field}`,
      how: `names the ${dest} to move to`,
      phrase: `find the ${object} that leads to the ${dest} whose ${leads.field} matches exactly (${resolver.operation.id})`,
    };
  }
  if (resolver.query === undefined && pick !== undefined) {
    const field = toSnakeCase(pick.field);
    const input = namer(`${object}_${field}`, pick.schema, id);
    const pageSize = pick.pageSize === undefined ? [] : [[pick.pageSize.parameter.name, pick.pageSize.max] as const];
    const step = operationStep(model, resolver.operation, { id, namer, preset: new Map(pageSize), outputs });
    const from = resolver.tokens.slice(0, -1).map(escapeToken).join("/");
    const scope = pick.pageSize
      ? ` among the first ${pick.pageSize.max} listed`
      : pick.paged
        ? " on the first page"
        : "";
    return {
      step: { ...step, pick: { from: from === "" ? "" : `/${from}`, where: { [pick.field]: `$inputs.${input}` } } },
      input: {
        name: input,
        required: true,
        description: `The ${field.replaceAll("_", " ")} of the ${object}, exactly as it is listed (case included).`,
      },
      by: `${toSnakeCase(object)}_${field}`,
      key: field.replaceAll("_", " "),
      how: `names the ${object} (its ${field.replaceAll("_", " ")})`,
      phrase: `find the ${object} whose ${field.replaceAll("_", " ")} matches exactly${scope} (${resolver.operation.id})`,
    };
  }
  const query = resolver.query;
  const name = query?.name ?? "query";
  // The lookup's text is the looked-up thing's (`site_name`), never the target's own field of that name: Netlify's
  // `POST /dns_zones` takes a `name` of its own beside the site found by `GET /sites?name=`.
  const generic = GENERIC_TEXT.has(toSnakeCase(name)) && !toSnakeCase(name).includes(toSnakeCase(object));
  const own = generic ? `${toSnakeCase(object)}_${toSnakeCase(name)}` : name;
  const input = namer(byEmail(resolver) ? "email" : own, query?.schema ?? { type: "string" }, id);
  const step = operationStep(model, resolver.operation, {
    id,
    namer,
    preset: new Map([[name, `$inputs.${input}`]]),
    outputs,
  });
  const word = byEmail(resolver) ? "email" : toSnakeCase(name);
  return {
    step,
    input: {
      name: input,
      required: true,
      description:
        byEmail(resolver) && !/email/i.test(name)
          ? `The email address of the ${object}.`
          : (query?.description ?? `The ${word.replaceAll("_", " ")} to find the ${object} by.`),
    },
    by: word.includes(toSnakeCase(object)) ? word : `${toSnakeCase(object)}_${word}`,
    key: word.replaceAll("_", " "),
    how: `gives the ${object}'s ${word.replaceAll("_", " ")}`,
    phrase: `find the ${object} by ${word.replaceAll("_", " ")} (${resolver.operation.id})`,
  };
}

/** Properties naming where a record leads (a workflow transition's `to`). */
const DESTINATIONS = ["to", "target", "destination"];
/** Words schema names end with that say nothing of the object (`StatusDetails` is a status). */
const SCHEMA_SUFFIX = /(_(details?|info|bean|dto|model|object|ref|reference))+$/;

/**
 * Where a listed record leads, when it names it (`to: StatusDetails { name }` of a Jira transition): the person names
 * the status to reach, not the transition, so the pick matches `/to/name`.
 */
function destinationOf(
  model: ApiModel,
  record: JsonSchema,
): { pointer: string; object: string; field: string } | undefined {
  const schemas = schemaLookup(model.schemas);
  for (const property of propertyNames(record, schemas).filter((p) => DESTINATIONS.includes(p))) {
    const walked = schemaAtPointer(record, [property], schemas);
    if (!walked.ok || !propertyNames(walked.schema, schemas).includes("name")) continue;
    const name = schemaAtPointer(walked.schema, ["name"], schemas);
    if (!name.ok || !jsonTypes(name.schema, schemas).has("string")) continue;
    const own = refOf(walked.schema);
    const object = own === undefined ? property : singular(toSnakeCase(own).replace(SCHEMA_SUFFIX, ""));
    return { pointer: `/${escapeToken(property)}/name`, object, field: "name" };
  }
  return undefined;
}

/** The component a schema refers to, directly or as the one member of an `allOf`. */
function refOf(schema: JsonSchema): string | undefined {
  if (typeof schema !== "object") return undefined;
  const allOf = schema["allOf"];
  const only = Array.isArray(allOf) && allOf.length === 1 ? (allOf[0] as Record<string, unknown>) : undefined;
  return componentName(schema["$ref"] ?? only?.["$ref"]);
}

/** Sets `value` at `tokens` in a nested draft object. */
function setIn(target: Record<string, DraftValue>, tokens: readonly string[], value: DraftValue): void {
  const [head, ...rest] = tokens;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const below = target[head];
  const next: Record<string, DraftValue> = typeof below === "object" ? { ...below } : {};
  setIn(next, rest, value);
  target[head] = next;
}

/** The target's step with the resolved ids, the action's text and an open object's keyed references in its body. */
function targetStep(
  model: ApiModel,
  target: Operation,
  context: {
    namer: InputNamer;
    id: string;
    values: readonly (readonly [readonly string[], DraftValue])[];
    /** The lookups' inputs: the record's current name, never the new value a field of the same name sets. */
    lookups: ReadonlySet<string>;
    /** A resolved slot names the record the call changes (see `namesTarget`). */
    onRecord: boolean;
  },
): DraftStep | undefined {
  const namer: InputNamer = (wanted, schema, stepId) =>
    context.lookups.has(toIdentifierName(wanted, "input"))
      ? context.namer(`new_${wanted}`, schema, stepId)
      : context.namer(wanted, schema, stepId);
  // An update whose resolved slot names the record it changes (`ProjectID` of `PUT /api/Project`) changes nothing with
  // that id alone: like an update goal of its own, it offers the fields it can set. A slot naming another record (the
  // user an issue's assignee is set to) is the change itself, and a POST is left as it was.
  const step = operationStep(model, target, {
    id: context.id,
    namer,
    final: true,
    offerFields: context.onRecord,
    offerObjects: context.onRecord,
  });
  if (step.body?.kind === "whole") return undefined;
  const body: Record<string, DraftValue> = Object.fromEntries(step.body?.entries ?? []);
  for (const [tokens, value] of context.values) setIn(body, tokens, value);
  const set = new Set(context.values.map(([tokens]) => tokens[0]));
  return {
    ...step,
    body: { kind: "properties", entries: Object.entries(body) },
    optional: step.optional.filter((o) => ![...set].some((s) => o === `${s} (body)`)),
  };
}

/** The chain for `target` when some read resolves one of its body's id slots. */
export function nameChain(
  model: ApiModel,
  target: Operation,
  resolvers: readonly Resolver[],
  group: { name: string; rank: number },
): Proposal | undefined {
  if (isReadMethod(target.method) || target.method === "delete" || target.deprecated) return undefined;
  const lookups = chosenLookups(model, target, resolvers);
  if (lookups.length === 0) return undefined;
  const namer = createInputNamer(schemaLookup(model.schemas));
  const stepIds = new Set<string>();
  const looked = lookups.map((lookup) => {
    const base = toIdentifierName(lookup.object, "lookup", 40);
    const id = stepIds.has(base) ? `${base}_${stepIds.size + 1}` : base;
    stepIds.add(id);
    return { lookup, id, ...lookupStep(model, lookup, { namer, id }) };
  });
  const targetBase = toIdentifierName(staticSegments(target.path).at(-1) ?? "action", "action", 40);
  const targetId = stepIds.has(targetBase) ? `${targetBase}_2` : targetBase;
  const resolved = looked.map(
    (l) => [l.lookup.slot.tokens, `$steps.${l.id}.outputs.${Object.keys(l.step.outputs)[0] ?? "id"}`] as const,
  );
  const text = contentField(
    model,
    target,
    resolved.map(([tokens]) => tokens[0] ?? ""),
  );
  const what = operationProfile(target).object;
  const textInput = text === undefined ? undefined : namer(text, { type: "string" }, targetId);
  const extra = exampleValues(model, lookups, target, namer, targetId);
  const values = [
    ...resolved,
    ...(text === undefined ? [] : [[[text], `$inputs.${textInput}`] as const]),
    ...extra.values,
  ];
  const lookupInputs = new Set(looked.map((l) => l.input.name));
  const onRecord = lookups.some((l) => l.slot.tokens.length === 1 && namesTarget(l.slot.tokens[0] ?? "", target.path));
  const step = targetStep(model, target, { namer, id: targetId, values, lookups: lookupInputs, onRecord });
  if (step === undefined) return undefined;
  const inputs: DraftInput[] = [
    ...looked.map((l) => l.input),
    ...(textInput === undefined
      ? []
      : [{ name: textInput, required: true as const, description: `The ${text?.toLowerCase()} of the ${what}.` }]),
    ...extra.inputs,
  ];
  const objects = looked.map((l) => l.lookup.object);
  const profile = operationProfile(target);
  const base =
    profile.object === "" ? operationGoalName(target, profile.action) : `${profile.action}_${profile.object}`;
  return {
    name: chainName(base.replace(/_by_[a-z0-9_]+$/, ""), looked.map((l) => l.by).join("_and_")),
    kind: "chain",
    group: group.name,
    entity: objects.join(" and "),
    by: looked.map((l) => l.key).join(" and "),
    ...(looked.length > 1 ? { found: looked.map((l) => ({ object: l.lookup.object, key: l.key })) } : {}),
    chainKey: `${signatureOf(target)} ${looked.map((l) => `${l.lookup.slot.tokens.join(".")}<-${signatureOf(l.lookup.resolver.operation)}`).join(" ")}`,
    description: `${sentenceCase(looked.map((l) => l.phrase).join(", "))}, then ${lowerFirst(sentence(summaryOf(target)))}`,
    useWhen: `The user ${looked.map((l) => l.how).join(" and ")} instead of giving ${objects.length > 1 ? "their ids" : `the ${objects[0]}'s id`}.`,
    inputs,
    steps: [...looked.map((l) => l.step), step],
    calls: [...looked.map((l) => signatureOf(l.lookup.resolver.operation)), signatureOf(target)],
    deprecated: false,
    groupRank: group.rank,
    operationIndex: model.operations.indexOf(target),
    readOnly: false,
  };
}

/** Verbs that make, send or hand over something: what users ask of an API most; clean-up comes last. */
const MAKING = new Set(["create", "send", "add", "invite", "assign", "move", "transition", "do", "post", "share"]);
const UNMAKING = new Set(["delete", "remove", "archive", "disable", "kick", "leave", "revoke"]);

function actionTier(operation: Operation): number {
  const action = operationProfile(operation).action;
  return MAKING.has(action) ? 0 : UNMAKING.has(action) ? 3 : action === "update" ? 2 : 1;
}

/** How many operations act on each object (their profile's object or one of its parents): how central it is. */
function objectShares(model: ApiModel): Map<string, number> {
  const shares = new Map<string, number>();
  for (const operation of model.operations) {
    const profile = operationProfile(operation);
    const words = new Set([profile.object, ...(profile.parents ?? [])]);
    for (const word of words) shares.set(word, (shares.get(word) ?? 0) + 1);
  }
  return shares;
}

/**
 * Every name chain of the model, best first: ordinary actions before admin and enterprise ones, making and sending
 * before changing and removing, actions on the objects most operations share first, then fewer inputs, then model order.
 */
export function nameChains(
  model: ApiModel,
  resolvers: readonly Resolver[],
  groupOf: (o: Operation) => { name: string; rank: number },
): Proposal[] {
  const shares = objectShares(model);
  const ranked = model.operations.flatMap((target, index) => {
    const chain = nameChain(model, target, resolvers, groupOf(target));
    const share = shares.get(operationProfile(target).object) ?? 0;
    return chain
      ? [{ chain, key: [Number(isNiche(target)), actionTier(target), -share, chain.inputs.length, index] }]
      : [];
  });
  return ranked.sort((a, b) => compareKeys(a.key, b.key)).map((r) => r.chain);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (const [i, k] of a.entries()) if (k !== b[i]) return k - (b[i] ?? 0);
  return 0;
}
