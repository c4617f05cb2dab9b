// Operations named by an action (`SendMessage`, `GetQueueUrl` on one path) → the thing each acts on, the resource init drafts it under.
import type { Operation } from "../../model/api-model.js";
import { type SchemaLookup, schemaLookup } from "../../model/api-source.js";
import { splitWords } from "../../runtime/adapters/search-words.js";
import { toSnakeCase } from "../../util/naming.js";
import { isCredentialName } from "../credentials.js";
import { namedAction } from "../named-action.js";
import type { OperationProfile } from "../profile.js";
import { hasNicheSignal, isPlumbing } from "./importance.js";
import { derefTop } from "../schemas.js";
import { soleValue } from "../sole-value.js";

/** Actions of this many verbs on one object give it a life of its own (start, list, cancel a move task): its own resource. */
const OWN_LIFE = 3;

/**
 * The resource of each operation named by an action, from the objects its action names (see `actionResource`): the
 * path says nothing of it (one `/` for every call). An object that three verbs or more act on is a resource of its own;
 * an action that names no object (`Subscribe`, `Query`) acts on the thing its required inputs name (`TopicArn`,
 * `TableName`), else one its other parameters name (`Publish`'s optional `TopicArn`), else is its own.
 * Operations named otherwise are not in the map.
 */
export function actionResources(
  operations: readonly Operation[],
  profileOf: (o: Operation) => OperationProfile,
  schemas: SchemaLookup,
  methods: ReadonlyMap<Operation, string> = topMethods(operations),
): Map<Operation, string> {
  const callName = (o: Operation): string | undefined => namedAction(o) ?? methods.get(o);
  const named = operations.filter((o) => callName(o) !== undefined);
  const objects = new Set(named.map((o) => profileOf(o).object).filter((object) => object !== ""));
  const actions = new Map<string, Set<string>>();
  for (const o of named) {
    const { object, action } = profileOf(o);
    actions.set(object, new Set([...(actions.get(object) ?? []), action]));
  }
  const own = new Set(
    [...actions].filter(([object, verbs]) => object !== "" && verbs.size >= OWN_LIFE).map(([object]) => object),
  );
  const out = new Map<Operation, string>();
  for (const o of named) {
    const object = profileOf(o).object;
    const resource =
      (own.has(object) ? object : actionResource(object, objects)) ??
      inputThing(requiredInputs(o, schemas), objects) ??
      inputThing(
        o.parameters.map((p) => p.name),
        objects,
      ) ??
      callName(o) ??
      "api";
    out.set(o, toSnakeCase(resource).replace(/^_+|_+$/g, "") || "api");
  }
  return out;
}

/** A path that is one method's name in lower camel case: `/sendMessage`, `/getChat`, `/close`. */
const METHOD_PATH = /^\/[a-z]+(?:[A-Z][a-z0-9]*)*$/;

/**
 * The calls of an API whose paths are its methods' names (Telegram's `/sendMessage`, `/getChat`, `/close`), each by
 * its name: at least five operations, nine in ten of them on such paths, and half of those named by two words or more
 * (never a REST API's `/pets` and `/stores`). Empty for any other API.
 */
export function topMethods(operations: readonly Operation[]): ReadonlyMap<Operation, string> {
  const known = topMethodsCache.get(operations);
  if (known !== undefined) return known;
  const methods = operations.filter((o) => METHOD_PATH.test(o.path));
  const worded = methods.filter((o) => /[A-Z]/.test(o.path)).length;
  const none = operations.length < 5 || methods.length * 10 < operations.length * 9 || worded * 2 < methods.length;
  const result = new Map(none ? [] : methods.map((o) => [o, o.path.slice(1)] as const));
  topMethodsCache.set(operations, result);
  return result;
}

const topMethodsCache = new WeakMap<readonly Operation[], ReadonlyMap<Operation, string>>();

/** Whether a path is one method's name (see `topMethods`) in an API whose paths all are: `/sendMessage`. */
export function isTopMethod(path: string, operations: readonly Operation[]): boolean {
  return METHOD_PATH.test(path) && topMethods(operations).size > 0;
}

/**
 * The thing an action's object is about, among the objects the API's actions name (`objects`): the longest leading
 * phrase of it that is an object of its own and leads two objects or more (`queue` of `queue url` and `queue
 * attribute`; `global table` of `global table setting`), else its last word when an action names that alone (`queue`
 * of `dead letter source queue`), else the object itself. Undefined for an action that names no object (`Publish`).
 */
export function actionResource(object: string, objects: ReadonlySet<string>): string | undefined {
  const words = object.split(" ").filter((w) => w !== "");
  if (words.length === 0) return undefined;
  const all = [...objects];
  for (let n = words.length; n >= 1; n -= 1) {
    const lead = words.slice(0, n).join(" ");
    const led = all.filter((o) => o === lead || o.startsWith(`${lead} `));
    if (objects.has(lead) && led.length >= 2) return lead;
  }
  const head = words.at(-1) as string;
  return objects.has(head) ? head : object;
}

/** Endings of an input that names a thing by its name or id: `TableName`, `TopicArn`, `QueueUrl`. */
const NAMING = new Set(["name", "arn", "id", "url", "key"]);

/** The first object of the API an input names (`TableName` → table), if any. */
function inputThing(inputs: readonly string[], objects: ReadonlySet<string>): string | undefined {
  for (const input of inputs) {
    const words = splitWords(input);
    const thing = words.slice(0, -1).join(" ");
    if (NAMING.has(words.at(-1) ?? "") && objects.has(thing)) return thing;
  }
  return undefined;
}

/**
 * What a call needs from the user, by name: its required parameters the tool does not send itself (a sole value, a
 * header, a credential), those of the path first, then its body's required properties.
 */
export function requiredInputs(operation: Operation, schemas: SchemaLookup = schemaLookup({})): string[] {
  const own = operation.parameters.filter(
    (p) => p.required && p.in !== "header" && !isCredentialName(p.name) && soleValue(p, schemas) === undefined,
  );
  const ordered = [...own.filter((p) => p.in === "path"), ...own.filter((p) => p.in !== "path")].map((p) => p.name);
  const content = operation.requestBody?.contents[0];
  const schema = content === undefined ? undefined : derefTop(content.schema, schemas);
  const required = typeof schema === "object" && Array.isArray(schema["required"]) ? schema["required"] : [];
  return [...ordered, ...required.filter((n): n is string => typeof n === "string" && !ordered.includes(n))];
}

/** Verbs and objects of labelling a thing rather than working with it: tag, untag, list its tags. */
const LABELLING = new Set(["tag", "untag"]);

/** Whether an action labels a thing (`TagQueue`, `UntagResource`, `ListQueueTags`): drafted after those that work with it. */
export function labels(profile: OperationProfile): boolean {
  return LABELLING.has(profile.action) || LABELLING.has(profile.object.split(" ").at(-1) ?? "");
}

/**
 * The resources most actions name (at least half as many as the one most named): an API's own things, never niche
 * for their words (a secrets manager's secrets, a key service's keys), as they would be in an API where they are a side.
 */
export function mainResources(byAction: ReadonlyMap<Operation, string>): Set<string> {
  const counts = new Map<string, number>();
  for (const resource of byAction.values()) counts.set(resource, (counts.get(resource) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return new Set([...counts].filter(([, n]) => n * 2 >= top).map(([resource]) => resource));
}

/**
 * Whether an action is niche: deprecated, flagged (admin, preview …), labelling, or about plumbing — judged on its
 * `resource` only when that is no main resource (undefined) of the API.
 */
export function actionNiche(operation: Operation, profile: OperationProfile, resource: string | undefined): boolean {
  return (
    operation.deprecated ||
    hasNicheSignal(profile) ||
    labels(profile) ||
    (resource !== undefined && isPlumbing(profile, resource))
  );
}
