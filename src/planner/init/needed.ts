// A request body's properties → those a drafted step binds: the required ones, plus those whose description says they may be required.
import type { JsonSchema } from "../../model/api-model.js";
import { stem } from "../../runtime/adapters/search-words.js";

/** "Required. …", "whether it is required depends on …" — said of the field itself, not "other operations are required". */
const SAYS_REQUIRED = /^required\b|\bis required\b/i;
const SAYS_OPTIONAL = /\b(not required|optional)\b/i;
/**
 * "Is required when creating resources" (Kubernetes' `metadata.name`): needed by a create that sends the object holding
 * it, when what it names is any resource or the thing created ("Required when creating a space" is not a message's).
 */
const SAYS_REQUIRED_ON_CREATE = /\brequired (?:when|on|for) creat\w*\s+(?:(?:a|an|the|new|of)\s+)*([a-z]+)/i;
const ANY_RESOURCE: ReadonlySet<string> = new Set(["resource", "resources", "object", "objects", "it", "this", "one"]);
/**
 * An object the server fills, not the client: "Most recently observed status", "the current information about …",
 * "the actual state of …", "filled in by the server", "populated by the system", "read-only".
 */
const SAYS_SERVER_STATE =
  /\b(observed|current|actual)\b[^.]{0,40}\b(status|state|information)\b|\b(filled in|populated|set) by the (server|system)\b|\bread[- ]only\b/i;

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

/**
 * The properties whose description says a create of `object` (its words, `pod`) needs them: `Is required when creating
 * resources`, `Required when creating a pod`.
 */
export function neededOnCreate(properties: Readonly<Record<string, JsonSchema>>, object: readonly string[]): string[] {
  return Object.keys(properties).filter((k) => {
    const noun = SAYS_REQUIRED_ON_CREATE.exec(descriptionOf(properties[k]))?.[1]?.toLowerCase();
    return noun !== undefined && (ANY_RESOURCE.has(noun) || object.some((w) => stem(w) === stem(noun)));
  });
}

/** Whether the description says the server fills this object (a Kubernetes `status`), so no create sends it. */
export function serverState(schema: JsonSchema | undefined): boolean {
  return SAYS_SERVER_STATE.test(descriptionOf(schema));
}

function descriptionOf(schema: JsonSchema | undefined): string {
  return typeof schema === "object" && typeof schema["description"] === "string" ? schema["description"] : "";
}
