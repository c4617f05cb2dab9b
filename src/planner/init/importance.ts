// Operations and their profiles → how much each resource matters to a user, and which operations are niche plumbing.
import type { ApiModel, JsonSchema, Operation } from "../../model/api-model.js";
import type { OperationProfile } from "../profile.js";
import { htmlToText } from "../../util/html-text.js";
import { toSnakeCase } from "../../util/naming.js";
import { singular, staticSegments, successSchema } from "./operations.js";

/** Profile signals that put an operation last: admin, enterprise, deprecated, internal, preview, watch, proxy. */
const NICHE_SIGNALS: ReadonlySet<string> = new Set([
  "admin",
  "enterprise",
  "deprecated",
  "internal",
  "preview",
  "watch",
  "proxy",
]);

/** Whether the profile flags the operation admin, enterprise, deprecated, internal, preview, watch or proxy. */
export function hasNicheSignal(profile: OperationProfile): boolean {
  return (profile.signals ?? []).some((s) => NICHE_SIGNALS.has(s));
}

/**
 * Words of an object that is configuration plumbing rather than something users work with. A role is access control,
 * like a permission or an access control list (`acl`: who may do what): Kubernetes' RBAC roles, Magento's company roles come after the things users
 * work with (deployments and pods, products and orders).
 */
const PLUMBING =
  /(propert(y|ies)|scheme|context|settings?|configurations?|permissions?|secrets?|runners?|webhooks?|variables?|avatars?|banners?|backgrounds?|logos?|migrations?|mappings?|preferences?|licen[cs]es?)\b|\b(hooks?|caches?|options?|audit|usage|keys?|status|apis?|roles?|acls?)\b/;

/**
 * Whether an operation is niche: deprecated, flagged admin/enterprise/internal/preview (its profile's signals), a watch or
 * proxy variant, a delete of a whole collection, or about configuration plumbing (properties, schemes, field contexts,
 * settings, webhooks …) in its object or resource.
 */
export function isNiche(operation: Operation, profile: OperationProfile, resource: string): boolean {
  if (operation.deprecated) return true;
  if (hasNicheSignal(profile)) return true;
  if ((profile.signals ?? []).includes("collection") && operation.method === "delete") return true;
  return isPlumbing(profile, resource) || (profile.parents ?? []).some((p) => SETTINGS_AREA.test(p));
}

/**
 * A path area of settings: what lives below it configures the account (Gmail's `/users/{userId}/settings/sendAs`,
 * `…/settings/filters`, `…/settings/delegates`), whatever its own name, and comes after the things users work with.
 */
const SETTINGS_AREA = /^(settings?|preferences?)$/;

/** Whether an operation's object or resource is configuration plumbing (properties, schemes, settings, keys …). */
export function isPlumbing(profile: OperationProfile, resource: string): boolean {
  return PLUMBING.test(`${profile.object} ${resource.replaceAll("_", " ")}`);
}

/**
 * The namespace of an RPC-style path (`/chat.postMessage` → `chat`), else undefined. In an API of POSTs only (see
 * `postsOnly`), a path `/namespace/method` is one too: Mandrill's `/messages/send.json` → `messages`, Airbyte's
 * `/v1/source_definitions/create_custom` → `source_definitions` (the first segment after the version).
 */
export function rpcNamespace(path: string, postOnly = false): string | undefined {
  const match = /^\/([A-Za-z]+)(\.[A-Za-z]+)+$/.exec(path);
  if (match !== null || !postOnly) return match?.[1]?.toLowerCase();
  const parts = staticSegments(path);
  const rest = parts.slice(parts.findLastIndex((s) => RPC_BASE.test(s)) + 1);
  return rest.length >= 2 ? rest[0]?.toLowerCase() : undefined;
}

/** Segments before an RPC API's namespaces: a version (`v1`, `2020-09-14`) or `api`. */
const RPC_BASE = /^(v\d+((alpha|beta)\d*)?|\d+(\.\d+)*|\d{4}-\d{2}-\d{2}|api)$/i;

/**
 * How much each resource matters, from the operations that are not niche: log₂(1 + its own operations) + 1.5 · log₂(1 +
 * the resources nested under it) + log₂(1 + the operations and named schemas that use a schema of its name). A
 * resource whose path holds most of the API (GitHub's repository, Kubernetes' namespace) counts as context: its
 * children do not add to it. Its own operations are those `ownOperations` finds: a customer's sources add to the
 * customer, not to sources.
 */
export function resourceWeights(
  model: ApiModel,
  operations: readonly Operation[],
  resourceOf: (o: Operation) => string,
  parentsOf: (o: Operation) => readonly string[],
): Map<string, number> {
  const contexts = contextsOf(operations, resourceOf, parentsOf);
  const areaOf = (o: Operation): string[] => areaBefore(resourceOf(o), parentsOf(o), contexts);
  const home = homeAreas(operations, resourceOf, areaOf);
  const own = new Map<string, number>();
  const children = new Map<string, Set<string>>();
  for (const o of operations) {
    const resource = resourceOf(o);
    const owned = home.get(resource) === areaOf(o).join("/");
    own.set(resource, (own.get(resource) ?? 0) + (owned ? 1 : 0));
    const parent = parentsOf(o)
      .filter((p) => p !== resource)
      .at(-1);
    if (parent !== undefined && !contexts.has(parent))
      children.set(parent, new Set([...(children.get(parent) ?? []), resource]));
  }
  const uses = schemaUses(model, operations);
  const weights = new Map<string, number>();
  for (const [resource, n] of own) {
    const nested = children.get(resource)?.size ?? 0;
    weights.set(resource, Math.log2(1 + n) + 1.5 * Math.log2(1 + nested) + Math.log2(1 + usesOf(resource, uses)));
  }
  return weights;
}

/** "… use the Payment Intents API instead": the thing a deprecated operation sends its users to. */
const USE_INSTEAD = /\buse (?:the )?([A-Za-z][\w ]{1,40}?)(?: api\b| endpoints?\b| resources?\b| instead\b|[.,;:]|$)/i;

/**
 * The weights after the spec's own redirects: a resource whose creates are all deprecated and name the one to use instead
 * (Stripe's `POST /v1/charges`: "no longer recommended—use the Payment Intents API") adds its weight to that resource's
 * (as the counts they are logarithms of add: log₂(2^a + 2^b)), and keeps half of it for its reads. `deprecated` says
 * whether an operation is, by flag or in words.
 */
export function withReplacements(
  weights: ReadonlyMap<string, number>,
  operations: readonly Operation[],
  resourceOf: (o: Operation) => string,
  deprecated: (o: Operation) => boolean,
): Map<string, number> {
  const bySquash = new Map([...weights.keys()].map((name) => [squash(name), name]));
  const creates = new Map<string, Operation[]>();
  for (const o of operations) {
    const last = staticSegments(o.path).at(-1) ?? "";
    const own = singular(toSnakeCase(last)) === resourceOf(o);
    if (o.method === "post" && own && !/\}\/?$/.test(o.path))
      creates.set(resourceOf(o), [...(creates.get(resourceOf(o)) ?? []), o]);
  }
  const out = new Map(weights);
  for (const [legacy, ops] of creates) {
    if (!ops.every(deprecated)) continue;
    const named = ops.map((o) => USE_INSTEAD.exec(htmlToText(o.description ?? ""))?.[1]).find((n) => n !== undefined);
    const replacement = named === undefined ? undefined : bySquash.get(squash(named.trim().replaceAll(" ", "_")));
    const weight = weights.get(legacy) ?? 0;
    if (replacement === undefined || replacement === legacy) continue;
    out.set(replacement, Math.log2(2 ** (weights.get(replacement) ?? 0) + 2 ** weight));
    out.set(legacy, weight / 2);
  }
  return out;
}

/**
 * The operations that are their resource's own: those in its home area (see `homeAreas`). An operation's area is the
 * nouns its path names before the resource, the API's contexts left out (`/repos/{owner}/{repo}/issues`: none; nouns
 * after the resource, as in `/boards/{idBoard}/labelNames/blue`, are its own parts). One under another resource
 * (`/v1/customers/{customer}/sources`) is the parent's business, and the same last noun under several areas (Stripe's
 * Issuing, Treasury and Financial Connections transactions; its Connect and Financial Connections accounts) does not
 * add up to one heavy resource. `parentsOf` gives the path's nouns in order.
 */
export function ownOperations(
  operations: readonly Operation[],
  resourceOf: (o: Operation) => string,
  parentsOf: (o: Operation) => readonly string[],
  contexts: ReadonlySet<string>,
): Set<Operation> {
  const areaOf = (o: Operation): string[] => areaBefore(resourceOf(o), parentsOf(o), contexts);
  const home = homeAreas(operations, resourceOf, areaOf);
  return new Set(operations.filter((o) => home.get(resourceOf(o)) === areaOf(o).join("/")));
}

/** The nouns a path names before `noun`, the API's contexts left out (all of them when `noun` is not among them). */
function areaBefore(noun: string, parents: readonly string[], contexts: ReadonlySet<string>): string[] {
  const at = parents.indexOf(noun);
  return (at < 0 ? parents : parents.slice(0, at)).filter((p) => !contexts.has(p));
}

/**
 * Each resource's home area (`""` for the top level): the top level when it is found there, else the area that holds
 * more than half of its operations under no other resource (Linode's `linode` for its instances, not its databases');
 * none when they spread over areas (Stripe's transactions).
 */
function homeAreas(
  operations: readonly Operation[],
  resourceOf: (o: Operation) => string,
  areaOf: (o: Operation) => string[],
): Map<string, string> {
  const resources = new Set(operations.map(resourceOf));
  const sizes = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  for (const o of operations) {
    const area = areaOf(o);
    if (area.some((p) => resources.has(p))) continue;
    totals.set(resourceOf(o), (totals.get(resourceOf(o)) ?? 0) + 1);
    const byArea = sizes.get(resourceOf(o)) ?? new Map<string, number>();
    byArea.set(area.join("/"), (byArea.get(area.join("/")) ?? 0) + 1);
    sizes.set(resourceOf(o), byArea);
  }
  const home = new Map<string, string>();
  for (const [resource, byArea] of sizes) {
    const [top, n = 0] = [...byArea].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (byArea.has("")) home.set(resource, "");
    else if (top !== undefined && n * 2 > (totals.get(resource) ?? 0)) home.set(resource, top);
  }
  return home;
}

/** The parents of more than `CONTAINER_SHARE` of the operations: the API's contexts (a repository, a namespace), no core objects. */
export function contextsOf(
  operations: readonly Operation[],
  resourceOf: (o: Operation) => string,
  parentsOf: (o: Operation) => readonly string[],
): Set<string> {
  const under = new Map<string, number>();
  for (const o of operations)
    for (const p of new Set(parentsOf(o).filter((p) => p !== resourceOf(o)))) under.set(p, (under.get(p) ?? 0) + 1);
  return new Set([...under].filter(([, n]) => n > CONTAINER_SHARE * operations.length).map(([p]) => p));
}

/** A parent of more than this share of the operations is the API's container (a repository, a namespace), not a core object. */
const CONTAINER_SHARE = 0.25;

/** `pull_request`, `PullRequests`, `pull-request` → `pullrequest`: how a resource and a schema name are matched. */
export function squash(name: string): string {
  return (name.split(".").at(-1) ?? name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/s$/, "");
}

/** The referrers of one schema name (squashed, so that `DeploymentList` of four API versions counts once) and its words. */
interface SchemaUse {
  readonly words: readonly string[];
  readonly referrers: Set<string>;
}

/**
 * How many operations (request or success response) and differently named schemas refer to each named schema, by
 * squashed name: Kubernetes' `DeploymentList` of four API versions counts once for `Deployment`.
 */
function schemaUses(model: ApiModel, operations: readonly Operation[]): Map<string, SchemaUse> {
  const uses = new Map<string, SchemaUse>();
  const add = (names: ReadonlySet<string>, referrer: string): void => {
    for (const name of names) {
      const key = squash(name);
      if (key === squash(referrer)) continue;
      const use = uses.get(key) ?? { words: schemaWords(name), referrers: new Set<string>() };
      use.referrers.add(referrer);
      uses.set(key, use);
    }
  };
  for (const [name, schema] of Object.entries(model.schemas)) add(refsIn(schema, new Set()), squash(name));
  for (const o of operations) {
    const request = o.requestBody?.contents.map((c) => c.schema) ?? [];
    add(refsIn([successSchema(o) ?? {}, ...request], new Set()), `${o.method} ${o.path}`);
  }
  return uses;
}

/**
 * A schema name's words, lower case, from its last dotted part (`IssueTypeDetails` → issue, type, details), after a
 * module's namespace written as kebab words ending in `-data-` (`sales-data-order-interface` → order, interface: PHP's
 * `Sales\Api\Data\OrderInterface` flattened, as a dotted namespace is by its last part).
 */
export function schemaWords(name: string): string[] {
  const dotted = name.split(".").at(-1) ?? name;
  const last = MODULE_DATA.exec(dotted)?.[1] ?? dotted;
  return last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** A kebab-case module namespace ending in `data` before the thing's own name: `sales-data-`, `catalog-inventory-data-`. */
const MODULE_DATA = /^[a-z0-9]+(?:-[a-z0-9]+)*?-data-([a-z0-9].*)$/;

/** Word endings that make another word of a noun (`recording` of `record`), not a longer name of it (`repository` of `repo`). */
const DERIVED = /^(ing|ings|er|ers|ed|ment|ments)$/;

/** Whether the rest of a word after `key` makes another word of it, a doubled last letter aside (`tagged` of `tag`). */
const derives = (key: string, rest: string): boolean =>
  DERIVED.test(rest) || (rest[0] === key.at(-1) && DERIVED.test(rest.slice(1)));

/**
 * Whether a schema named by `words` (see `schemaWords`) is about the resource squashed as `key`: its name starts with the
 * resource's, ending at a word's end or inside a word whose rest does not make another word of it (`repo` in
 * `repository`, not `record` in `recording`). A name shorter than three letters must be the whole schema name.
 */
export function schemaIsAbout(key: string, words: readonly string[]): boolean {
  if (key.length < 3) return squash(words.join("")) === key;
  if (!words.join("").startsWith(key)) return false;
  let end = 0;
  for (const word of words) {
    end += word.length;
    if (end >= key.length) return end === key.length || !derives(key, word.slice(word.length - (end - key.length)));
  }
  return true;
}

/** The referrers of every schema about the resource (`pod` → `Pod`, `PodSpec`, `PodTemplateSpec`; see `schemaIsAbout`). */
function usesOf(resource: string, uses: ReadonlyMap<string, SchemaUse>): number {
  const key = squash(resource);
  const all = new Set<string>();
  for (const { words, referrers } of uses.values())
    if (schemaIsAbout(key, words)) for (const r of referrers) all.add(r);
  return all.size;
}

function refsIn(node: JsonSchema | readonly JsonSchema[] | unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) refsIn(n, out);
  else if (node !== null && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.add(v.slice(v.lastIndexOf("/") + 1));
      else refsIn(v, out);
    }
  return out;
}
