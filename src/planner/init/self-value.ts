// A path parameter whose words name a special value for the signed-in user (Gmail's `userId`: `me`) → that value.
import type { Operation, Parameter } from "../../model/api-model.js";
import { htmlToText } from "../../util/html-text.js";

/** The signed-in user, as API descriptions call it. */
const SELF = String.raw`(?:the\s+)?(?:authenticated|current|calling|requesting|signed[- ]in|logged[- ]in|currently[- ](?:authenticated|logged[- ]in|signed[- ]in))\s+user`;
/** A value in backticks or quotes: `me`, "me", 'Me'. */
const VALUE = String.raw`[\x60'"](\w+)[\x60'"]`;
/**
 * "The special value `me` can be used to indicate the authenticated user", "To indicate the authenticated user, you
 * can use the special value `me`", "you can use `me` to refer to the current user", "Use 'Me' to get information about
 * the currently logged in user": the value and the user said in one sentence.
 */
const SAYS_SELF = [
  new RegExp(
    String.raw`${VALUE}[^.]{0,60}?\b(?:indicate|refer to|mean|stand for|represent|representing)\s+${SELF}`,
    "i",
  ),
  new RegExp(String.raw`\bto\s+indicate\s+${SELF}[^.]{0,40}?\bvalue\s+${VALUE}`, "i"),
];

/**
 * The value a drafted step sends for a required path parameter that scopes what follows it to a user (Gmail's
 * `/users/{userId}/messages`), when its description names a special value for the signed-in user: the user a person
 * acting through the tools means is themselves, so the tool sends `me` instead of asking the model for an address it
 * does not know. A parameter that ends the path is the record the call acts on (Classroom's student to delete), never
 * filled in; nor is one the description says an API key cannot use it with, nor one whose value only answers for the
 * user ("Using 'me' as the user_id will return the posts for the current user": trash nothing's posts of any user).
 */
export function selfValue(operation: Pick<Operation, "path">, parameter: Parameter): string | undefined {
  if (parameter.in !== "path" || !parameter.required) return undefined;
  const segments = operation.path.split("/");
  const at = segments.indexOf(`{${parameter.name}}`);
  if (at < 0 || at === segments.length - 1 || segments.slice(at + 1).every((s) => s === "")) return undefined;
  const text = htmlToText(parameter.description ?? "").replace(/\s+/g, " ");
  if (/\bnot possible with an api key\b/i.test(text)) return undefined;
  for (const pattern of SAYS_SELF) {
    const value = pattern.exec(text)?.[1];
    if (value !== undefined) return value;
  }
  return undefined;
}
