// A request body's properties → those a drafted step binds: the required ones, plus those whose description says they may be required.
import type { JsonSchema } from "../../model/api-model.js";

/** "Required", "whether it is required depends on …" — but not "not required" or "optional". */
const SAYS_REQUIRED = /\brequired\b/i;
const SAYS_OPTIONAL = /\b(not required|optional)\b/i;

/**
 * The property names a step needs for its effect: the schema's `required`, then (in property order) every property
 * whose description says it is or may be required, such as Slack `chat.postMessage`'s `text` ("whether it is required
 * depends on other fields"), which the spec leaves out of `required`.
 */
export function neededProperties(
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[],
): string[] {
  const described = Object.keys(properties).filter((k) => {
    const schema = properties[k];
    const text = typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : "";
    return !required.includes(k) && SAYS_REQUIRED.test(text) && !SAYS_OPTIONAL.test(text);
  });
  return [...required, ...described];
}
