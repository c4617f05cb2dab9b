// Reads what init needs from an Operation: its group, path shape, kind of action, list-ness and id-like parameters.
import type { ApiModel, JsonSchema, Operation, Parameter } from "../../model/api-model.js";
import { preferredContent } from "../media.js";
import { derefTop } from "../schemas.js";
import { toSnakeCase } from "../../util/naming.js";

type Schemas = Readonly<Record<string, JsonSchema>>;

const PARAM_SEGMENT = /^\{.+\}$/;

/** The path's segments without the empty ones. */
export function segments(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
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

/** Naive English singular: `pets` → `pet`, `categories` → `category`, `status` stays. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

const ID_LIKE = /^(.*?)[_-]?(id|Id|ID|number|Number|key|Key|uuid|UUID|slug|Slug|sha|Sha|SHA)$/;

/** For an id-like parameter name, the entity it names and the property that holds it: `petId` → pet/id, `issue_number` → issue/number. */
export function idParts(name: string): { readonly entity: string; readonly property: string } | undefined {
  const match = ID_LIKE.exec(name);
  if (!match) return undefined;
  return { entity: singular(toSnakeCase(match[1] ?? "")), property: toSnakeCase(match[2] ?? "") };
}

/** Required path parameters a person would not know by heart (ids, numbers, keys), which chains try to resolve. */
export function idParameters(operation: Operation): Parameter[] {
  return operation.parameters.filter((p) => p.in === "path" && (idParts(p.name) !== undefined || isIntegerSchema(p.schema)));
}

function isIntegerSchema(schema: JsonSchema): boolean {
  return typeof schema === "object" && schema["type"] === "integer";
}

const FRIENDLY_RANK: Readonly<Record<string, number>> = {
  email: 0, email_address: 0, username: 1, user_name: 1, login: 1, handle: 1,
  name: 2, full_name: 2, title: 2, phone: 2, q: 3, query: 3, search: 3, term: 3, keyword: 3, keywords: 3, filter: 4,
};

/** How readily a person knows a parameter's value (lower is better); undefined when it is not something a person types. In a path only emails and user names count (a `{name}` there is usually a key). */
export function friendlyRank(parameter: Parameter): number | undefined {
  const rank = FRIENDLY_RANK[toSnakeCase(parameter.name)];
  if (parameter.in === "query") return rank;
  return parameter.in === "path" && rank !== undefined && rank <= 1 ? rank : undefined;
}

const PAGING = /^(limit|offset|page|per_page|page_size|pagesize|cursor|after|before|starting_after|ending_before|next|next_token|page_token|max_results|top|skip|count|sort|order|direction|fields|expand|include)$/;

/** Whether a query parameter pages, sorts or projects a list rather than filtering it. */
export const isPagingParameter = (parameter: Parameter): boolean => PAGING.test(toSnakeCase(parameter.name));

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

/** Tokens from a response root to its first list element: `["0"]`, `["items", "0"]`, or undefined when the response is not a list. */
export function listTokens(schema: JsonSchema, schemas: Schemas): string[] | undefined {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object") return undefined;
  if (node["type"] === "array" || (node["items"] !== undefined && node["properties"] === undefined)) return ["0"];
  const properties = (node["properties"] ?? {}) as Record<string, JsonSchema>;
  const arrays = Object.keys(properties).filter((k) => isArray(properties[k] ?? {}, schemas));
  const key = LIST_KEYS.find((k) => arrays.includes(k)) ?? (arrays.length === 1 ? arrays[0] : undefined);
  return key === undefined ? undefined : [key, "0"];
}

function isArray(schema: JsonSchema, schemas: Schemas): boolean {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object") return false;
  const type = node["type"];
  return type === "array" || (Array.isArray(type) && type.includes("array"));
}

/** A GET on a collection path whose response is a list. */
export function isListOperation(model: ApiModel, operation: Operation): boolean {
  const schema = successSchema(operation);
  return operation.method === "get" && !endsWithParameter(operation.path) && schema !== undefined && listTokens(schema, model.schemas) !== undefined;
}

/** `GET /pet/{petId}`, or how a step names its operation in the goals file. */
export function signatureOf(operation: Operation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

/** The `operation:` value of a step: the operationId when the spec has one. */
export function operationRef(operation: Operation): string {
  return operation.idSynthesized || /\s/.test(operation.id) || operation.id.startsWith("/") ? signatureOf(operation) : operation.id;
}
