// Turns a GET or HEAD operation's declared request body into none, reporting one that said what to send.
import type { HttpMethod, JsonSchema, MediaContent, RequestBody } from "../model/api-model.js";
import type { IngestContext } from "./context.js";

/** Methods whose request cannot carry a body: fetch refuses one ("Request with GET/HEAD method cannot have body"). */
const BODILESS: ReadonlySet<HttpMethod> = new Set(["get", "head"]);

/** Keywords that only label a schema. */
const LABELS: ReadonlySet<string> = new Set(["title", "nullable", "deprecated", "$comment", "$schema"]);

/**
 * The body the tool can send: none for a GET or HEAD (Meilisearch's `getStopWords` declares a JSON array), since every
 * call given one would fail before reaching the API. Reported when the body said what to send; an untyped, undescribed
 * one (Okta's and Chaingateway's GETs) or one admitting only `{}` (Stripe's) is dropped silently, as the planner always did.
 * `unsendable` when the dropped body is one the operation cannot be called without (see {@link demandsBody}).
 */
export function sendableBody(
  ctx: IngestContext,
  operation: {
    readonly method: HttpMethod;
    readonly path: string;
    readonly summary?: string;
    readonly description?: string;
  },
  body: RequestBody | undefined,
): { readonly body: RequestBody | undefined; readonly unsendable: boolean } {
  if (body === undefined || !BODILESS.has(operation.method)) return { body, unsendable: false };
  const unsendable = demandsBody(body, (s) => resolved(ctx, s), [operation.summary, operation.description]);
  if (bodySaysSomething(body)) {
    const media = body.contents.map((c) => c.mediaType).join(", ");
    const method = operation.method.toUpperCase();
    ctx.reporter.report("SPEC_READ_BODY_DROPPED", body.pointer, {
      message: `${method} ${operation.path} declares a${body.required ? " required" : "n optional"} request body${media === "" ? "" : ` (${media})`}, which an HTTP client cannot send with ${method}; ${unsendable ? `the operation cannot be called without it (${unsendable}), so it is left out of --all-operations and init drafts (--include-operation or a goal still serves it, with no body input)` : "the tool offers no body input"}`,
    });
  }
  return { body: undefined, unsendable: unsendable !== false };
}

/**
 * Why an operation cannot be called without its body, or false: the spec requires the body and its schema needs a
 * value no absent body gives — a required property (Azure's `TopQueryStatistics_ListByServer`: `properties`), a body
 * that is no object (IBKR's `GET /marketdata/snapshot`: an array of contracts), or an object whose fields the
 * operation's own words ask for (IBKR's `GET /secdef`: "Allowed combinations … (3) conid"). A required object none of
 * whose fields is required or named (AWS's `DescribeAccountPreferences`: `NextToken`, `MaxResults`; Hetras' .NET
 * `CancellationToken`) is the same as no body.
 */
export function demandsBody(
  body: {
    readonly required: boolean;
    readonly description?: string;
    readonly contents: readonly Pick<MediaContent, "schema">[];
  },
  resolve: (schema: JsonSchema) => JsonSchema,
  words: readonly (string | undefined)[] = [],
): string | false {
  if (!body.required) return false;
  const text = new Set(
    [body.description, ...words]
      .filter((w) => w !== undefined)
      .join(" ")
      .split(/[^\w$-]+/),
  );
  for (const content of body.contents) {
    const schema = resolve(content.schema);
    if (typeof schema !== "object") continue;
    const required = Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : [];
    if (required.length > 0) return `it requires ${required.map(String).join(", ")}`;
    const type = schema["type"];
    const properties = schema["properties"];
    const fields = typeof properties === "object" && properties !== null ? Object.keys(properties) : [];
    if (typeof type === "string" && type !== "object") return `it is a required ${type}`;
    const named = fields.filter((f) => f.length >= 4 && text.has(f));
    if (named.length > 0) return `its description asks for ${named.join(", ")}`;
  }
  return false;
}

/** A named schema a body's `$ref` points to, else the schema itself. */
function resolved(ctx: IngestContext, schema: JsonSchema): JsonSchema {
  if (typeof schema !== "object") return schema;
  const ref = schema["$ref"];
  if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return schema;
  return ctx.schemas.schema(decodeURIComponent(ref.slice("#/components/schemas/".length))) ?? schema;
}

/** Whether a body is required, described, typed or exemplified (an empty-text example says nothing). */
export function bodySaysSomething(body: {
  readonly required: boolean;
  readonly description?: string;
  readonly contents: readonly Pick<MediaContent, "schema" | "examples">[];
}): boolean {
  if (body.required || (body.description ?? "").trim() !== "") return true;
  return body.contents.some(contentSaysSomething);
}

function contentSaysSomething(content: Pick<MediaContent, "schema" | "examples">): boolean {
  if (content.examples.some((e) => e !== "")) return true;
  const { schema } = content;
  return typeof schema === "object" && !Object.keys(schema).every((k) => LABELS.has(k)) && !onlyEmptyObject(schema);
}

/** A schema that admits nothing but `{}` (Stripe's GETs declare such a form body). */
function onlyEmptyObject(schema: Readonly<Record<string, unknown>>): boolean {
  const properties = schema["properties"];
  const noProperties =
    properties === undefined ||
    (typeof properties === "object" && properties !== null && Object.keys(properties).length === 0);
  return (
    schema["type"] === "object" &&
    schema["additionalProperties"] === false &&
    noProperties &&
    Object.keys(schema).every((k) => LABELS.has(k) || ["type", "properties", "additionalProperties"].includes(k))
  );
}
