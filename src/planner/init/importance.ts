// Operations and their profiles → how much each resource matters to a user, and which operations are niche plumbing.
import type { ApiModel, JsonSchema, Operation } from "../../model/api-model.js";
import type { OperationProfile } from "../profile.js";
import { successSchema } from "./operations.js";

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

/** Words of an object that is configuration plumbing rather than something users work with. */
const PLUMBING =
  /(propert(y|ies)|scheme|context|settings?|configurations?|permissions?|secrets?|runners?|webhooks?|variables?|avatars?|banners?|backgrounds?|logos?|migrations?|mappings?|preferences?|licen[cs]es?)\b|\b(hooks?|caches?|options?|audit|usage|keys?|status|apis?)\b/;

/**
 * Whether an operation is niche: deprecated, flagged admin/enterprise/internal/preview (its profile's signals), a watch or
 * proxy variant, a delete of a whole collection, or about configuration plumbing (properties, schemes, field contexts,
 * settings, webhooks …) in its object or resource.
 */
export function isNiche(operation: Operation, profile: OperationProfile, resource: string): boolean {
  if (operation.deprecated) return true;
  if (hasNicheSignal(profile)) return true;
  if ((profile.signals ?? []).includes("collection") && operation.method === "delete") return true;
  return PLUMBING.test(`${profile.object} ${resource.replaceAll("_", " ")}`);
}

/** The namespace of an RPC-style path (`/chat.postMessage` → `chat`), else undefined. */
export function rpcNamespace(path: string): string | undefined {
  const match = /^\/([A-Za-z]+)(\.[A-Za-z]+)+$/.exec(path);
  return match?.[1]?.toLowerCase();
}

/**
 * How much each resource matters, from the operations that are not niche: log₂(1 + its operations) + 1.5 · log₂(1 +
 * the resources nested under it) + log₂(1 + the operations and named schemas that use a schema of its name). A
 * resource whose path holds most of the API (GitHub's repository, Kubernetes' namespace) counts as context: its
 * children do not add to it.
 */
export function resourceWeights(
  model: ApiModel,
  operations: readonly Operation[],
  resourceOf: (o: Operation) => string,
  parentsOf: (o: Operation) => readonly string[],
): Map<string, number> {
  const counts = new Map<string, number>();
  const children = new Map<string, Set<string>>();
  const under = new Map<string, number>();
  for (const o of operations) {
    const resource = resourceOf(o);
    counts.set(resource, (counts.get(resource) ?? 0) + 1);
    const parents = parentsOf(o).filter((p) => p !== resource);
    for (const p of new Set(parents)) under.set(p, (under.get(p) ?? 0) + 1);
    const parent = parents.at(-1);
    if (parent !== undefined) children.set(parent, new Set([...(children.get(parent) ?? []), resource]));
  }
  for (const [parent, n] of under) if (n > CONTAINER_SHARE * operations.length) children.delete(parent);
  const uses = schemaUses(model, operations);
  const weights = new Map<string, number>();
  for (const [resource, n] of counts) {
    const nested = children.get(resource)?.size ?? 0;
    weights.set(resource, Math.log2(1 + n) + 1.5 * Math.log2(1 + nested) + Math.log2(1 + usesOf(resource, uses)));
  }
  return weights;
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

/**
 * How many operations (request or success response) and differently named schemas refer to each named schema, by
 * squashed name: Kubernetes' `DeploymentList` of four API versions counts once for `Deployment`.
 */
function schemaUses(model: ApiModel, operations: readonly Operation[]): Map<string, Set<string>> {
  const referrers = new Map<string, Set<string>>();
  const add = (names: ReadonlySet<string>, referrer: string): void => {
    for (const name of names) {
      const key = squash(name);
      if (key !== squash(referrer)) referrers.set(key, new Set([...(referrers.get(key) ?? []), referrer]));
    }
  };
  for (const [name, schema] of Object.entries(model.schemas)) add(refsIn(schema, new Set()), squash(name));
  for (const o of operations) {
    const request = o.requestBody?.contents.map((c) => c.schema) ?? [];
    add(refsIn([successSchema(o) ?? {}, ...request], new Set()), `${o.method} ${o.path}`);
  }
  return referrers;
}

/** The referrers of every schema whose squashed name starts with the resource's (`pod` → `Pod`, `PodSpec`, `PodTemplateSpec`). */
function usesOf(resource: string, referrers: ReadonlyMap<string, ReadonlySet<string>>): number {
  const key = squash(resource);
  if (key.length < 3) return referrers.get(key)?.size ?? 0;
  const all = new Set<string>();
  for (const [name, set] of referrers) if (name.startsWith(key)) for (const r of set) all.add(r);
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
