// An operation whose summary adds one existing record to another ("Add user to group") → the two things it links and the body field naming the first.
import type { JsonSchema, Operation } from "../../model/api-model.js";
import { htmlToText } from "../../util/html-text.js";
import { toSnakeCase } from "../../util/naming.js";
import { singular, staticSegments } from "./operations.js";

/** What a linking operation says it does: `add` a `user` `to` a `group`. */
export interface Link {
  readonly verb: string;
  readonly thing: string;
  readonly preposition: string;
  readonly target: string;
}

const LINK =
  /^(add|assign|attach|link|associate|invite)\s+(?:an?\s+|the\s+)?([a-z][a-z ]{0,40}?)\s+(to|into|with)\s+(?:an?\s+|the\s+)?([a-z][a-z ]{0,40}?)\s*\.?$/i;

/**
 * The link a POST makes when its summary says it adds a thing to another and its path says the same: the thing is the
 * collection it posts to, the target a record named before it (Jira's `POST /rest/api/3/group/user`, "Add user to
 * group"). Such a call adds a record that exists already; it makes no new one.
 */
export function linkOf(operation: Operation): Link | undefined {
  if (operation.method !== "post" || operation.summary === undefined) return undefined;
  const match = LINK.exec(htmlToText(operation.summary).trim());
  if (match === null) return undefined;
  const [, verb = "", thing = "", preposition = "", target = ""] = match;
  const segments = staticSegments(operation.path).map((s) => singular(toSnakeCase(s)));
  const head = (words: string): string => singular(toSnakeCase(words.split(" ").at(-1) ?? ""));
  if (segments.at(-1) !== head(thing) || !segments.slice(0, -1).includes(head(target))) return undefined;
  return {
    verb: verb.toLowerCase(),
    thing: thing.toLowerCase(),
    preposition: preposition.toLowerCase(),
    target: target.toLowerCase(),
  };
}

/**
 * The one body field that names the existing thing a link adds: an id field named after it or described as its id
 * (Jira's `accountId`, "The account ID of the user"); undefined when none or several do.
 */
export function linkedField(properties: Readonly<Record<string, JsonSchema>>, thing: string): string | undefined {
  const head = thing.split(" ").at(-1) ?? thing;
  const of = new RegExp(`\\bid of (?:the|an?) ${head}\\b|\\b${head}'s id\\b|\\b${head} id\\b`, "i");
  const found = Object.keys(properties).filter((k) => {
    const words = toSnakeCase(k).split("_");
    if (words.at(-1) !== "id") return false;
    const schema = properties[k];
    const description =
      typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : "";
    return words[0] === singular(toSnakeCase(head)) || of.test(description);
  });
  return found.length === 1 ? found[0] : undefined;
}
