// An operation that answers one page and a cursor to the next → the request field that takes that cursor back.
import { schemaLookup } from "../../model/api-source.js";
import type { ApiModel, JsonSchema, Operation } from "../../model/api-model.js";
import { toSnakeCase } from "../../util/naming.js";
import { preferredContent } from "../media.js";
import { propertyNames, schemaAtPointer } from "../schema-walk.js";
import { derefTop } from "../schemas.js";
import { successSchema } from "./operations.js";

/** An answer's member that says where the next page starts (Square's `cursor`, Google's `nextPageToken`). */
const NEXT = /^(cursor|next_cursor|next_page_token|next_token|page_token|continuation|continuation_token)$/;
/** A request field that takes it back (Square's body `cursor`, Google's `pageToken`). */
const TAKES = /^(cursor|page_token|next_token|next_page_token|continuation|continuation_token|starting_after)$/;

/** Where the cursor goes back: a query parameter or a top-level body property, by its name in the spec. */
export interface CursorField {
  readonly in: "query" | "body";
  readonly name: string;
  /** The body property's schema (its description says what to pass). */
  readonly schema?: JsonSchema;
}

/**
 * The field a call takes its next page's cursor in, when its answer carries one: Square's `POST /v2/customers/search`
 * answers `{ customers, cursor }` and takes `cursor` back in its body. Undefined when either side is missing.
 */
export function cursorField(model: ApiModel, operation: Operation): CursorField | undefined {
  const schemas = schemaLookup(model.schemas);
  const answer = successSchema(operation);
  if (answer === undefined || !propertyNames(answer, schemas).some((n) => NEXT.test(toSnakeCase(n)))) return undefined;
  const query = operation.parameters.find((p) => p.in === "query" && TAKES.test(toSnakeCase(p.name)));
  if (query !== undefined) return { in: "query", name: query.name };
  const content = operation.requestBody && preferredContent(operation.requestBody.contents);
  if (content === undefined || content.kind === "text" || content.kind === "binary") return undefined;
  const body = derefTop(content.schema, schemas);
  const name =
    typeof body === "object" ? propertyNames(body, schemas).find((n) => TAKES.test(toSnakeCase(n))) : undefined;
  if (name === undefined) return undefined;
  const walked = schemaAtPointer(content.schema, [name], schemas);
  return { in: "body", name, ...(walked.ok ? { schema: walked.schema } : {}) };
}
