// A body field and the query parameter of its name that carry one value (the body's words say the query's wins): which one a draft sends.
import { htmlToText } from "../util/html-text.js";
import type { JsonSchema, Parameter } from "../model/api-model.js";

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a body field's own words say it is ignored when the query parameter of its name is given (Spotify's
 * `PUT /me/tracks` body `ids`: "if the `ids` parameter is present in the query string, any IDs listed here in the body
 * will be ignored"): the two carry the same value, and the query's wins.
 */
export function ignoredBesideQuery(property: string, description: unknown): boolean {
  if (typeof description !== "string") return false;
  const name = escaped(property);
  const said = new RegExp(
    `\\bif (?:the )?\`?${name}\`? (?:query )?parameter is (?:present|given|provided|specified|set|passed)\\b[^.]*\\bignored\\b`,
    "i",
  );
  return said.test(htmlToText(description).replace(/\s+/g, " "));
}

/**
 * Which of a query parameter and the body field it overrides a tool sends, asked as one input: the query parameter
 * when the spec requires it (the body's value would be ignored beside it), else the body field (typed as the body
 * types it, and not bound by the length of a URL); undefined when `parameter` is no such twin of `field`.
 */
export function sentTwin(
  parameter: Pick<Parameter, "in" | "name" | "required">,
  property: string,
  field: JsonSchema | undefined,
): "query" | "body" | undefined {
  if (parameter.in !== "query" || parameter.name !== property || typeof field !== "object") return undefined;
  if (!ignoredBesideQuery(property, field["description"])) return undefined;
  return parameter.required ? "query" : "body";
}
