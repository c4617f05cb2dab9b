// Turns a GET or HEAD operation's declared request body into none, reporting one that said what to send.
import type { HttpMethod, MediaContent, RequestBody } from "../model/api-model.js";
import type { IngestContext } from "./context.js";

/** Methods whose request cannot carry a body: fetch refuses one ("Request with GET/HEAD method cannot have body"). */
const BODILESS: ReadonlySet<HttpMethod> = new Set(["get", "head"]);

/** Keywords that only label a schema. */
const LABELS: ReadonlySet<string> = new Set(["title", "nullable", "deprecated", "$comment", "$schema"]);

/**
 * The body the tool can send: none for a GET or HEAD (Meilisearch's `getStopWords` declares a JSON array), since every
 * call given one would fail before reaching the API. Reported when the body said what to send; an untyped, undescribed
 * one (Okta's and Chaingateway's GETs) or one admitting only `{}` (Stripe's) is dropped silently, as the planner always did.
 */
export function sendableBody(
  ctx: IngestContext,
  operation: { readonly method: HttpMethod; readonly path: string },
  body: RequestBody | undefined,
): RequestBody | undefined {
  if (body === undefined || !BODILESS.has(operation.method)) return body;
  if (bodySaysSomething(body)) {
    const media = body.contents.map((c) => c.mediaType).join(", ");
    ctx.reporter.report("SPEC_READ_BODY_DROPPED", body.pointer, {
      message: `${operation.method.toUpperCase()} ${operation.path} declares a${body.required ? " required" : "n optional"} request body${media === "" ? "" : ` (${media})`}, which an HTTP client cannot send with ${operation.method.toUpperCase()}; the tool offers no body input`,
    });
  }
  return undefined;
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
