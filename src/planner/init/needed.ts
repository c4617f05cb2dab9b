// A request body's properties → those a drafted step binds: the required ones, plus those whose description says they may be required.
import type { JsonSchema } from "../../model/api-model.js";

/** "Required. …", "whether it is required depends on …" — said of the field itself, not "other operations are required". */
const SAYS_REQUIRED = /^required\b|\bis required\b/i;
const SAYS_OPTIONAL = /\b(not required|optional)\b/i;

/** What a created thing is called, when a create names none of its body properties required. */
const NAMES = ["name", "title"];

/**
 * The property names a step needs for its effect: the schema's `required`, then (in property order) every property
 * whose description says it is or may be required, such as Slack `chat.postMessage`'s `text` ("whether it is required
 * depends on other fields"), which the spec leaves out of `required`; and for a create that requires nothing at all,
 * the thing's `name` (or `title`), as Slack `conversations.create` needs.
 */
export function neededProperties(
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[],
  creates = false,
): string[] {
  const described = Object.keys(properties).filter((k) => {
    const schema = properties[k];
    const text = typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : "";
    return !required.includes(k) && SAYS_REQUIRED.test(text) && !SAYS_OPTIONAL.test(text);
  });
  const name = NAMES.find((k) => Object.hasOwn(properties, k));
  const named = creates && required.length === 0 && described.length === 0 && name !== undefined ? [name] : [];
  return [...required, ...described, ...named];
}
