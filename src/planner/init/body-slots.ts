// An action's request body → its id slots: the fields that take the id of some object (`channel`, `transition.id`, `accountId`), each with the object it names.
import { schemaLookup, type SchemaLookup } from "../../model/api-source.js";
import type { ApiModel, JsonSchema, Operation } from "../../model/api-model.js";
import { toSnakeCase } from "../../util/naming.js";
import { preferredContent } from "../media.js";
import { componentName, derefTop } from "../schemas.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { jsonTypes } from "../type-fit.js";
import { idParts, singular } from "./operations.js";

/** A body field that takes the id of an object: what a chain may fill from a read that finds the object by name. */
export interface BodySlot {
  /** Tokens in the request body: `["channel"]`, `["transition", "id"]`, `["fields", "issuetype", "id"]`. */
  readonly tokens: readonly string[];
  /** The names of the object the id is of, snake_case and singular (`channel`; `transition`, `issue_transition`). */
  readonly objects: readonly string[];
  /** The record properties that hold such an id, snake_case (`id`; `account_id`). */
  readonly fields: readonly string[];
  /** Read off the spec's request example inside an open object (the planner cannot check its type). */
  readonly fromExample: boolean;
  /** The id's schema where the body declares it. */
  readonly schema?: JsonSchema;
  /** The body lists its top-level property as required; `undefined` when the body lists none (it leaves it unsaid). */
  readonly required?: boolean;
}

/** `issue_type`, `issuetype` and `IssueType` are one object: compared without separators or case. */
export function compactName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Whether a record going by `names` is the object a slot names (`issuetype` is an `issue_type`; `issue_link_type` is not a `type`). */
export function sameObject(names: readonly string[], objects: readonly string[]): boolean {
  return matchedObject(names, objects) !== undefined;
}

/** The first of `objects` one of `names` is, compared whole (`issue_link_type` is not a `type`). */
export function matchedObject(names: readonly string[], objects: readonly string[]): string | undefined {
  return objects.find((o) => o !== "" && names.some((n) => compactName(n) === compactName(o)));
}

/** A description that says the field holds an id (`The ID of the channel`, `A comma separated list of user IDs`). */
const SAYS_ID = /\bIDs?\b|\bidentifiers?\b/;

/** The id slots of `operation`'s request body, in property order; readOnly properties and arrays are skipped. */
export function bodySlots(model: ApiModel, operation: Operation): BodySlot[] {
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (content === undefined || content.kind === "text" || content.kind === "binary") return [];
  const schemas = schemaLookup(model.schemas);
  const node = derefTop(content.schema, schemas);
  if (typeof node !== "object") return [];
  const properties = (node["properties"] ?? {}) as Record<string, JsonSchema>;
  const container = refName(content.schema);
  const example = content.examples.find((e) => typeof e === "object" && e !== null) as
    | Record<string, unknown>
    | undefined;
  const required = Array.isArray(node["required"]) ? (node["required"] as unknown[]) : [];
  return Object.entries(properties).flatMap(([name, schema]) =>
    propertySlots({ name, schema, container, example: example?.[name], schemas }).map((slot) =>
      required.length === 0 ? slot : { ...slot, required: required.includes(name) },
    ),
  );
}

function propertySlots(p: {
  name: string;
  schema: JsonSchema;
  container: string | undefined;
  example: unknown;
  schemas: SchemaLookup;
}): BodySlot[] {
  const node = derefTop(p.schema, p.schemas);
  if (typeof node !== "object" || node["readOnly"] === true) return [];
  const types = jsonTypes(p.schema, p.schemas);
  const snake = toSnakeCase(p.name);
  const inner = propertyNames(p.schema, p.schemas);
  const isObject = inner.length > 0 || types.has("object");
  if (!isObject && (types.has("string") || types.has("integer"))) return scalarSlot(p.name, node, p.container);
  if (!isObject) return [];
  if (inner.includes("id")) {
    const own = refName(p.schema);
    const id = schemaAtPointer(p.schema, ["id"], p.schemas);
    const idNode = id.ok ? derefTop(id.schema, p.schemas) : undefined;
    if (typeof idNode === "object" && idNode["readOnly"] === true) return [];
    return [
      {
        tokens: [p.name, "id"],
        objects: [singular(snake), ...(own ? [singular(toSnakeCase(own))] : [])],
        fields: ["id"],
        fromExample: false,
        ...(id.ok ? { schema: id.schema } : {}),
      },
    ];
  }
  return inner.length === 0 ? exampleSlots(p.name, p.example) : [];
}

/** `channel` (described as an ID), `channel_id`, `accountId` of a `User` body. */
function scalarSlot(name: string, node: Readonly<Record<string, unknown>>, container: string | undefined): BodySlot[] {
  const snake = toSnakeCase(name);
  const parts = idParts(name);
  const description = typeof node["description"] === "string" ? node["description"] : "";
  if (parts !== undefined && parts.entity !== "")
    return [
      {
        tokens: [name],
        objects: [parts.entity, ...(container ? [singular(toSnakeCase(container))] : [])],
        fields: [snake, parts.property],
        fromExample: false,
        schema: node,
      },
    ];
  if (parts === undefined && /^[a-z]+$/.test(snake) && SAYS_ID.test(description))
    return [{ tokens: [name], objects: [singular(snake)], fields: ["id"], fromExample: false, schema: node }];
  return [];
}

/** `fields: { issuetype: { id: "10000" } }` in the request example of an open `fields` object. */
function exampleSlots(name: string, example: unknown): BodySlot[] {
  if (typeof example !== "object" || example === null || Array.isArray(example)) return [];
  return Object.entries(example as Record<string, unknown>).flatMap(([key, value]) =>
    isIdReference(value)
      ? [{ tokens: [name, key, "id"], objects: [singular(toSnakeCase(key))], fields: ["id"], fromExample: true }]
      : [],
  );
}

/** `{ "id": "10000" }`: an object that refers to another by its id alone. */
export function isIdReference(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    ["string", "number"].includes(typeof (value as Record<string, unknown>)["id"])
  );
}

/** The component a schema refers to (`#/components/schemas/User` → `User`). */
export function refName(schema: JsonSchema): string | undefined {
  if (typeof schema !== "object") return undefined;
  const allOf = schema["allOf"];
  const only = Array.isArray(allOf) && allOf.length === 1 ? (allOf[0] as Record<string, unknown>) : undefined;
  return componentName(schema["$ref"] ?? only?.["$ref"]);
}

/**
 * Whether the named schema `record` is one the API makes of `own` records and no client sends (Gmail's `Thread`: its
 * `messages` are `Message`s, its path `/threads/{id}` reads one, and no operation's body is a `Thread`): a conversation
 * the records go into, by replying. A change log that lists records (Gmail's `History`) is no such thing: no path
 * addresses one.
 */
export function madeOfRecords(model: ApiModel, record: string | undefined, own: string | undefined): boolean {
  if (record === undefined || own === undefined || record === own) return false;
  const schemas = schemaLookup(model.schemas);
  const node = derefTop(schemas(record) ?? {}, schemas);
  if (typeof node !== "object") return false;
  const lists = Object.values((node["properties"] ?? {}) as Record<string, JsonSchema>).some((p) => {
    const property = derefTop(p, schemas);
    const items = typeof property === "object" && property["type"] === "array" ? property["items"] : undefined;
    return typeof items === "object" && items !== null && refName(items as JsonSchema) === own;
  });
  const kind = compactName(record);
  const addressed = (path: string): boolean =>
    path
      .split("/")
      .some((s, i, all) => all[i + 1]?.startsWith("{") === true && compactName(singular(toSnakeCase(s))) === kind);
  return (
    lists &&
    model.operations.some((o) => addressed(o.path)) &&
    !model.operations.some((o) => o.requestBody?.contents.some((c) => refName(c.schema) === record) === true)
  );
}

/** The named schema a field's object kind is (`threadId` → `Thread`), compared without separators or case. */
export function schemaNamed(model: ApiModel, kind: string): string | undefined {
  const wanted = compactName(kind);
  return wanted === "" ? undefined : Object.keys(model.schemas).find((n) => compactName(n) === wanted);
}
