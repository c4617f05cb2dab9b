// ApiModel → GoalsDraft: group operations, propose chains and per-group goals, rank them and keep the best few.
import type { ApiModel, Operation } from "../../model/api-model.js";
import { compareStrings } from "../../util/order.js";
import { createNameAllocator, toKebabCase, toSnakeCase } from "../../util/naming.js";
import { findResolvers } from "./chains.js";
import { nameChains } from "./name-chains.js";
import { collectionPrefixes, groupOf, isDiscovery, newestVersions, resourceOf, segments } from "./operations.js";
import { selectorChains } from "./selectors.js";
import { chainProposals, fallbackProposals, groupProposals, withArticle, type Proposal } from "./proposals.js";
import type { DraftConfig, DraftGoal, DraftInput, GoalKind, GoalsDraft } from "./types.js";

export type * from "./types.js";

/** Options of `draftGoals`; every field has a default. */
export interface DraftOptions {
  /** The spec path as the goals file should name it (relative to the file's folder). */
  readonly spec?: string;
  /** At most this many goals (default 10, the size of a toolset a model still chooses from well). */
  readonly maxGoals?: number;
  /** At most this many multi-step chains among them (default 5, or half of a larger `maxGoals`: name-to-id chains first, at most 5 others), so plain reads and actions still appear. */
  readonly maxChains?: number;
  /** At most this many goals per resource (default: no limit beyond `maxGoals`). */
  readonly goalsPerGroup?: number;
}

interface Group {
  readonly name: string;
  readonly rank: number;
  readonly operations: readonly Operation[];
}

/** Operations grouped by `nameOf` (the resource); heavier groups rank first (`weight`, default their size), then first appearance. */
function groupOperations(
  operations: readonly Operation[],
  nameOf: (o: Operation) => string = groupOf,
  weight?: ReadonlyMap<string, number>,
): Group[] {
  const byName = new Map<string, Operation[]>();
  for (const operation of operations) {
    const name = nameOf(operation);
    byName.set(name, [...(byName.get(name) ?? []), operation]);
  }
  const order = [...byName.keys()];
  const weightOf = (name: string): number => weight?.get(name) ?? byName.get(name)?.length ?? 0;
  return order
    .sort((a, b) => weightOf(b) - weightOf(a) || order.indexOf(a) - order.indexOf(b))
    .map((name, rank) => ({ name, rank, operations: byName.get(name) ?? [] }));
}

/**
 * Chains in a default draft, name-to-id chains into a request body and path-parameter chains taking turns (a name chain
 * first); the name chains (checked same-kind) may take up to half of a larger `--max-tools`, path chains stay at this many.
 */
const DEFAULT_CHAINS = 5;

/** The heaviest resources: their reads, changes and sub-resources rank right after the chains. */
const CORE_GROUPS = 2;

const KIND_TIER: Readonly<Record<GoalKind, number>> = { chain: 0, find: 1, get: 2, create: 3, update: 4, delete: 5 };

function compareProposals(a: Proposal, b: Proposal): number {
  return (
    Number(a.deprecated) - Number(b.deprecated) ||
    Number(b.kind === "chain") - Number(a.kind === "chain") ||
    Number(b.core ?? false) - Number(a.core ?? false) ||
    (a.core && b.core ? a.groupRank - b.groupRank : 0) ||
    KIND_TIER[a.kind] - KIND_TIER[b.kind] ||
    Number(a.picks ?? false) - Number(b.picks ?? false) ||
    Number(b.readOnly) - Number(a.readOnly) ||
    a.groupRank - b.groupRank ||
    a.operationIndex - b.operationIndex ||
    compareStrings(a.name, b.name)
  );
}

/** How core a resource is: its operations in the newest API version, plus half of all versions' (kept through many versions). */
function coreWeights(
  newest: readonly Operation[],
  all: readonly Operation[],
  resource: (o: Operation) => string,
): Map<string, number> {
  const weights = countBy(newest, resource);
  for (const [name, n] of countBy(all, resource)) weights.set(name, (weights.get(name) ?? 0) + n / 2);
  return weights;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * Proposes a draft goals file for `model`: goals are user intents, not endpoints. Operations are grouped by the resource
 * they act on, one API version each (the newest stable); resources with the most operations (newest version, plus half of
 * all versions') come first, the two heaviest with their list, read and sub-resource goals right after the chains. Pure
 * and deterministic.
 */
export function draftGoals(model: ApiModel, options: DraftOptions = {}): GoalsDraft {
  const collections = collectionPrefixes(model);
  const resource = (o: Operation): string => resourceOf(o, collections);
  const wanted = model.operations.filter((o) => !isDiscovery(o));
  const view: ApiModel = { ...model, operations: newestVersions(wanted.length > 0 ? wanted : model.operations) };
  const groups = groupOperations(view.operations, resource, coreWeights(view.operations, model.operations, resource));
  const groupByOperation = new Map(
    groups.flatMap((g) => g.operations.map((o) => [o, { name: g.name, rank: g.rank }] as const)),
  );
  const [first, second] = groups;
  const selectors =
    first && second ? [...selectorChains(view, second, first), ...selectorChains(view, first, second)] : [];
  const resolvers = findResolvers(view);
  const groupFor = (o: Operation): { name: string; rank: number } =>
    groupByOperation.get(o) ?? { name: resource(o), rank: 0 };
  const bodyChains = oneChainPerResolver(nameChains(view, resolvers, groupFor));
  const others = oneChainPerResolver(
    [...chainProposals(view, resolvers, groupFor), ...selectors].sort(compareProposals),
  );
  const chains = [...bodyChains, ...others];
  const max = options.maxGoals ?? 10;
  const cap = options.maxChains ?? Math.max(DEFAULT_CHAINS, Math.floor(max / 2));
  const keptChains = interleave(bodyChains, others.slice(0, DEFAULT_CHAINS)).slice(0, cap);
  const targets = new Set(
    keptChains.map((c) => view.operations[c.operationIndex]).filter((o): o is Operation => o !== undefined),
  );
  const proposed = groups.flatMap((g) => groupProposals(view, g, targets, g.rank < CORE_GROUPS));
  const singles = proposed.length + keptChains.length > 0 ? proposed : fallbackProposals(view, groups);
  const ranked = perGroup([...keptChains, ...singles].sort(compareProposals), options.goalsPerGroup);
  const allocate = createNameAllocator();
  const named = [...ranked.kept, ...ranked.over, ...chains.filter((c) => !keptChains.includes(c))].map((p) => ({
    ...p,
    name: allocate(p.name.length < 3 ? `${p.name}_op` : p.name),
  }));
  const kept = named.slice(0, Math.min(max, ranked.kept.length));
  const goals = kept.map((p) => toDraftGoal(p, kept));
  return {
    toolset: toKebabCase(model.title) || "api",
    ...(options.spec === undefined ? {} : { spec: options.spec }),
    title: model.title,
    version: model.version,
    config: draftConfig(goals),
    goals,
    leftOut: named.slice(kept.length).map((p) => ({ name: p.name, calls: p.calls })),
    declaresNoCredentials: Object.keys(model.securitySchemes).length === 0,
  };
}

/** The configured values the goals bind (`$config.NAME`, only ever a basic-auth user's account), by name. */
function draftConfig(goals: readonly DraftGoal[]): DraftConfig[] {
  const parameters = new Map<string, Set<string>>();
  for (const param of goals.flatMap((g) => g.steps.flatMap((s) => s.params))) {
    const name = /^\$config\.([A-Za-z0-9_]+)$/.exec(String(param.value))?.[1];
    if (name !== undefined) parameters.set(name, (parameters.get(name) ?? new Set()).add(param.name));
  }
  return [...parameters].map(([name, names]) => ({
    name,
    description: `The account the requests are made for, sent as ${[...names].join(", ")}.`,
    parameters: [...names],
  }));
}

/** `[a1, b1, a2, b2, …]`, then the rest of the longer list: name chains and path chains share the draft's chain places. */
function interleave<T>(a: readonly T[], b: readonly T[]): T[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]]).flatMap((pair) =>
    pair.filter((x): x is T => x !== undefined),
  );
}

/** At most `limit` proposals per group, in ranked order; the rest go to the left-out list. */
function perGroup(ranked: readonly Proposal[], limit: number | undefined): { kept: Proposal[]; over: Proposal[] } {
  if (limit === undefined) return { kept: [...ranked], over: [] };
  const seen = new Map<string, number>();
  const kept: Proposal[] = [];
  const over: Proposal[] = [];
  for (const p of ranked) {
    const n = seen.get(p.group) ?? 0;
    (n < limit ? kept : over).push(p);
    seen.set(p.group, n + 1);
  }
  return { kept, over };
}

/** The best-ranked chain of each resolver only, so one lookup does not crowd out the other goals. */
function oneChainPerResolver(chains: readonly Proposal[]): Proposal[] {
  const seen = new Set<string>();
  return chains.filter((c) => {
    const resolver = c.chainKey ?? c.calls[0] ?? "";
    if (seen.has(resolver)) return false;
    seen.add(resolver);
    return true;
  });
}

/** What a chain does with the record it found, by the method of its last call. */
const CHAIN_VERBS: Readonly<Record<string, string>> = {
  GET: "reading",
  POST: "acting on",
  PUT: "replacing",
  PATCH: "changing",
  DELETE: "deleting",
};

/** `GET /users/{userId}/orders` → `listing the orders of`; `DELETE /pet/{petId}` → `deleting`; an action on a sub-path → `calling upload file for`. */
function chainAction(call: string, name: string): string {
  const [method = "GET", path = ""] = call.split(" ");
  const last = segments(path).at(-1) ?? "";
  const subPath = last !== "" && !last.startsWith("{");
  if (method === "GET" && subPath) return `listing the ${toSnakeCase(last).replaceAll("_", " ")} of`;
  if (subPath) return `calling ${name.replace(/_by_[a-z0-9_]+$/, "").replaceAll("_", " ")} for`;
  return CHAIN_VERBS[method] ?? "working on";
}

/** The sub-resource a single goal calls (`log` of `GET …/pods/{name}/log`), in words; empty for the record itself. */
function subPathOf(p: Proposal): string {
  const parts = segments(p.calls[0]?.split(" ")[1] ?? "");
  const last = parts.at(-1) ?? "";
  return parts.length > 1 && !last.startsWith("{") && (parts.at(-2) ?? "").startsWith("{")
    ? toSnakeCase(last).replaceAll("_", " ")
    : "";
}

const KIND_PHRASES: Readonly<Record<GoalKind, (p: Proposal) => string>> = {
  chain: (p) =>
    `${chainAction(p.calls.at(-1) ?? "", p.name)} ${withArticle(p.entity)} found by ${p.by === "search" ? "a search term" : `its ${p.by ?? "name"}`}`,
  find: (p) => `browsing ${p.entity} records`,
  get: (p) => `reading ${subPathOf(p) ? `the ${subPathOf(p)} of ` : ""}one ${p.entity}`,
  create: (p) => `adding ${withArticle(p.entity)}`,
  update: (p) => `changing ${subPathOf(p) ? `the ${subPathOf(p)} of ` : ""}${withArticle(p.entity)}`,
  delete: (p) => `deleting ${withArticle(p.entity)}`,
};

/** `Browsing pet records (use find_pets_by_status) or adding a pet (use add_pet).` from the kept goals of the same resource. */
function notForSentence(proposal: Proposal, kept: readonly Proposal[]): string {
  const related = kept.filter((k) => k.group === proposal.group && k.name !== proposal.name).slice(0, 3);
  if (related.length === 0) return "";
  const phrases = related.map((k) => `${KIND_PHRASES[k.kind](k)} (use ${k.name})`);
  const text =
    phrases.length === 1 ? (phrases[0] ?? "") : `${phrases.slice(0, -1).join(", ")} or ${phrases.at(-1) ?? ""}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function toDraftGoal(proposal: Proposal, kept: readonly Proposal[]): DraftGoal {
  const {
    groupRank: _rank,
    operationIndex: _index,
    readOnly: _readOnly,
    entity: _entity,
    by: _by,
    chainKey: _key,
    picks: _picks,
    core: _core,
    ...goal
  } = proposal;
  return { ...goal, inputs: withDescriptions(proposal), notFor: notForSentence(proposal, kept) };
}

/** The proposal's inputs plus a drafted description for each input bound to a field the spec leaves undescribed. */
function withDescriptions(proposal: Proposal): DraftInput[] {
  const inputs = [...proposal.inputs];
  for (const step of proposal.steps) {
    for (const { input, field } of step.undescribed ?? []) {
      if (!inputs.some((i) => i.name === input))
        inputs.push({
          name: input,
          description: `The ${toSnakeCase(field).replaceAll("_", " ")} of the ${proposal.entity}.`,
        });
    }
  }
  return inputs;
}
