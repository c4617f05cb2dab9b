// ApiModel → GoalsDraft: group operations, propose chains and per-group goals, rank them and keep the best few.
import { accountDescription, credentialVariablesOf } from "../credentials.js";
import { httpsFirst } from "../toolset.js";
import type { ApiModel, Operation } from "../../model/api-model.js";
import { compareStrings } from "../../util/order.js";
import { createNameAllocator, toKebabCase, toSnakeCase } from "../../util/naming.js";
import { isPlural, stem, verbClasses } from "../../runtime/adapters/search-words.js";
import { findResolvers } from "./chains.js";
import { operationProfile, type OperationProfile } from "../profile.js";
import { nameChains } from "./name-chains.js";
import { isNiche, resourceWeights, rpcNamespace, squash, withReplacements } from "./importance.js";
import { postsOnly } from "../risk.js";
import {
  basePrefix,
  collectionPrefixes,
  isApiSearch,
  ownThings,
  groupOf,
  idParameters,
  isDiscovery,
  operationRef,
  newestVersions,
  resourceOf,
  VERSION_SEGMENT,
  segments,
  signatureOf,
  singular,
  staticSegments,
} from "./operations.js";
import { PREPOSITIONS, distinctName, groupedAction } from "./names.js";
import { selectorChains } from "./selectors.js";
import { oneFormPerAction } from "../query-actions.js";
import { isSignOut, oauthEndpoints } from "../oauth-endpoint.js";
import { isCorsPreflight } from "../preflight.js";
import { bulkTwins } from "./bulk-twins.js";
import { createsNothing, sendsNothing } from "../change-inputs.js";
import { actionNiche, actionResources, mainResources } from "./action-groups.js";
import { schemaLookup } from "../../model/api-source.js";
import {
  actionKind,
  verbBelowRecord,
  everydayVerb,
  apiSearchProposal,
  chainProposals,
  childProposal,
  fallbackProposals,
  groupProposals,
  isRelation,
  createdElsewhere,
  listedBySchema,
  listedElsewhere,
  lowerFirst,
  userHeld,
  withArticle,
  type FoundRecord,
  listed,
  type Proposal,
} from "./proposals.js";
import { recordsOf } from "../summary-text.js";
import type { DraftConfig, DraftGoal, DraftInput, DraftStep, GoalKind, GoalsDraft } from "./types.js";

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
  readonly weight: number;
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
    .map((name, rank) => ({ name, rank, weight: weightOf(name), operations: byName.get(name) ?? [] }));
}

/** Path-parameter chains in a default draft; name-to-id chains take the place of the single goals whose operation they call. */
const DEFAULT_CHAINS = 5;

/** The heaviest resources: their goals rank first, one resource after the other. */
const CORE_GROUPS = 4;

/** Core resources take turns: each one's create and browse goals, then their actions, chains and changes, then reads, then deletes. */
const KIND_ROUND: Readonly<Record<GoalKind, number>> = {
  create: 0,
  find: 0,
  act: 1,
  chain: 1,
  update: 1,
  get: 2,
  delete: 3,
};

/** What users do most with a core resource first: add one, browse them, act on one by name, change, read, delete. */
const KIND_TIER: Readonly<Record<GoalKind, number>> = {
  create: 0,
  find: 1,
  update: 2,
  chain: 3,
  act: 4,
  get: 5,
  delete: 6,
};

/**
 * A core resource's runner-up goals come after every core resource's reads; a second delete never before the first; an
 * action that removes (`delete-permanent`, `…/$/Delete`) ranks with the deletes.
 */
const round = (p: Proposal): number =>
  p.runnerUp
    ? Math.max(2.5, KIND_ROUND[kindOf(p)])
    : p.child
      ? 1
      : p.as !== undefined
        ? KIND_ROUND[p.as]
        : p.kind === "chain"
          ? chainRound(p)
          : removes(p) || imports(p)
            ? KIND_ROUND.delete
            : KIND_ROUND[p.kind];

/**
 * An action whose own verb removes the record (delete, remove, erase, destroy: its first class in the search's verbs is
 * delete), as Mailchimp's `POST …/members/{subscriber_hash}/actions/delete-permanent` does: it is no everyday action
 * (send, start), and comes after the reads, where the deletes of the same resources do.
 */
export const removes = (p: Pick<Proposal, "kind" | "verb">): boolean =>
  p.kind === "act" && p.verb !== undefined && verbClasses(stem(p.verb))?.[0] === "delete";

/**
 * An action whose own verb is `import` (Gmail's `POST …/messages/import`, "Imports a message into only this user's
 * mailbox … Does not send a message"; a key vault's certificate import) brings in records made elsewhere, a migration:
 * it comes after the everyday reads and actions on the same records, with the deletes.
 */
export const imports = (p: Pick<Proposal, "kind" | "verb">): boolean => p.kind === "act" && p.verb === "import";

/** A chain ranks as the goal it ends in: a change or action in round 1, a read in round 2, a delete in round 3. */
function chainRound(p: Proposal): number {
  const method = p.calls.at(-1)?.split(" ")[0];
  return method === "GET" ? KIND_ROUND.get : method === "DELETE" ? KIND_ROUND.delete : KIND_ROUND.update;
}

/**
 * Each core resource starts half a round after the one before: the heaviest gets to its actions before the fourth is
 * browsed; but the browse of a core resource users act on (`actedOn`) is not staged: it is how they find the record.
 */
const STAGE = 0.34;
const staged = (p: Proposal): number => round(p) + (p.actedOn === true ? 0 : STAGE * p.groupRank);

/** A chain that took a single goal's place ranks as that goal's kind. */
const kindOf = (p: Proposal): GoalKind => p.as ?? p.kind;

/**
 * An action a user does every day to a record (send, start, cancel: `verbRarity`'s list) comes first in its resource's
 * turn, before a nested create or a change (Mailchimp's campaign: send it before adding feedback to it).
 */
const everydayAct = (p: Proposal): boolean => kindOf(p) === "act" && p.verb !== undefined && everydayVerb(p.verb);

function compareProposals(a: Proposal, b: Proposal): number {
  return (
    Number(a.deprecated) - Number(b.deprecated) ||
    Number(a.niche ?? false) - Number(b.niche ?? false) ||
    Number(b.core ?? false) - Number(a.core ?? false) ||
    (a.core && b.core ? staged(a) - staged(b) || a.groupRank - b.groupRank : 0) ||
    Number(kindOf(b) === "chain") - Number(kindOf(a) === "chain") ||
    Number(everydayAct(b)) - Number(everydayAct(a)) ||
    KIND_TIER[kindOf(a)] - KIND_TIER[kindOf(b)] ||
    Number(a.picks ?? false) - Number(b.picks ?? false) ||
    Number(b.readOnly) - Number(a.readOnly) ||
    a.groupRank - b.groupRank ||
    a.operationIndex - b.operationIndex ||
    compareStrings(a.name, b.name)
  );
}

/**
 * How core a resource is: `resourceWeights` of its operations that are not niche (0 for a resource of niche operations
 * only), plus log₂ of the API versions it is served in (Kubernetes' deployments in four), after the spec's redirects
 * from a deprecated resource to its replacement (`withReplacements`).
 */
function coreWeights(
  model: ApiModel,
  newest: readonly Operation[],
  all: readonly Operation[],
  resource: (o: Operation) => string,
  parents: (o: Operation) => readonly string[],
  niche: (o: Operation) => boolean,
  deprecated: (o: Operation) => boolean,
): Map<string, number> {
  const weights = resourceWeights(
    model,
    newest.filter((o) => !niche(o)),
    resource,
    parents,
  );
  const versions = new Map<string, Set<string>>();
  for (const o of all) {
    const parts = segments(o.path);
    const at = parts.findIndex((s) => VERSION_SEGMENT.test(s));
    if (at >= 0)
      versions.set(resource(o), new Set([...(versions.get(resource(o)) ?? []), parts.slice(0, at + 1).join("/")]));
  }
  for (const o of all) if (!weights.has(resource(o))) weights.set(resource(o), 0);
  for (const [name, w] of weights)
    weights.set(name, w === 0 ? 0 : w + Math.log2(Math.max(1, versions.get(name)?.size ?? 1)));
  return withReplacements(weights, newest, resource, deprecated);
}

/** The resources of a model, heaviest first (see `coreWeights`), with what draftGoals reads of each operation. */
export function resourcesOf(model: ApiModel) {
  const collections = collectionPrefixes(model);
  const base = basePrefix(model.operations);
  const singles = singleReads(model, base);
  const postOnly = postsOnly(model.operations);
  const profiles = new Map<Operation, OperationProfile>();
  const profileOf = (o: Operation): OperationProfile => {
    const known = profiles.get(o);
    if (known !== undefined) return known;
    const profile = operationProfile(o);
    profiles.set(o, profile);
    return profile;
  };
  const byAction = actionResources(model.operations, profileOf, schemaLookup(model.schemas));
  // With `parts` false, a part of the user's own single thing is a resource of its own (`pause` of `/me/player/pause`).
  const resource = (o: Operation, parts = true): string => {
    const named = byAction.get(o);
    if (named !== undefined) return named;
    if (isApiSearch(o, base)) return "search";
    const own = ownThings(o.path, base);
    if (own !== undefined) return resourceOf({ ...o, path: own }, collections, parts ? singles : NO_SINGLES);
    const namespace = rpcNamespace(o.path, postOnly);
    return namespace === undefined ? resourceOf(o, collections) : singular(toSnakeCase(namespace));
  };
  const mainActions = mainResources(byAction);
  const niche = (o: Operation): boolean =>
    byAction.has(o)
      ? actionNiche(o, profileOf(o), mainActions.has(resource(o)) ? undefined : resource(o))
      : isNiche(o, profileOf(o), resource(o));
  const deprecated = (o: Operation): boolean => o.deprecated || (profileOf(o).signals ?? []).includes("deprecated");
  const pathParents = (o: Operation): string[] => (profileOf(o).parents ?? []).map((p) => p.replaceAll(" ", "_"));
  const parents = (o: Operation): string[] => pathParents(o).filter((p) => p !== resource(o));
  const parent = (o: Operation): string | undefined => parents(o).at(-1);
  // An AWS query action listed as both GET_X and POST_X is drafted once, from its GET form; a CORS preflight, the
  // API's own OAuth sign-in, the bulk twin of an item's write and an update of a record that can change nothing
  // (`changesNothing`) never, nor a GET that cannot be called without the body it cannot send (`bodyUnsendable`).
  const signIn = oauthEndpoints(model, schemaLookup(model.schemas));
  const bulk = bulkTwins(model.operations);
  const idle = changesNothing(model.operations);
  const single = oneFormPerAction(
    model.operations.filter(
      (o) => !isCorsPreflight(o) && !signIn(o) && !isSignOut(o) && !bulk(o) && !idle(o) && !o.bodyUnsendable,
    ),
  ).kept;
  const wanted = single.filter((o) => !isDiscovery(o));
  const view: ApiModel = { ...model, operations: newestVersions(wanted.length > 0 ? wanted : single) };
  const groups = groupOperations(
    view.operations,
    resource,
    partsWeighed(
      view.operations,
      resource,
      (o) => resource(o, false),
      coreWeights(model, view.operations, model.operations, (o) => resource(o, false), pathParents, niche, deprecated),
    ),
  );
  return {
    base,
    resource,
    profileOf,
    niche,
    pathParents,
    parents,
    parent,
    view,
    groups,
    core: coreCount(groups, byAction),
  };
}

/** The share of the heaviest resource's weight a resource of actions needs to be a core one (a queue's messages, not its move tasks). */
const ACTION_CORE_SHARE = 0.7;

/**
 * How many of the heaviest resources are core: four; in an API whose calls are named by actions (one path for every
 * call), only those nearly as heavy as the heaviest, whose objects its actions name again and again (a queue and its
 * messages, a table and its items): a lighter object's list and create would otherwise come before reading an item.
 */
function coreCount(groups: readonly Group[], byAction: ReadonlyMap<Operation, string>): number {
  const operations = groups.flatMap((g) => g.operations);
  if (byAction.size * 2 <= operations.length) return CORE_GROUPS;
  const top = groups[0]?.weight ?? 0;
  const heavy = groups.slice(0, CORE_GROUPS).filter((g) => g.weight >= top * ACTION_CORE_SHARE).length;
  return Math.max(1, heavy);
}

const NO_SINGLES: ReadonlySet<string> = new Set();

/**
 * The signed-in user's own single things, as `ownThings` names their paths (`player` of Spotify's `GET /me/player`,
 * which answers one object): a path below one that names no collection (`/me/player/pause`) is a part of that thing.
 */
function singleReads(model: ApiModel, base: readonly string[]): ReadonlySet<string> {
  const own = model.operations.flatMap((o) => {
    const path = ownThings(o.path, base);
    return path === undefined ? [] : [{ ...o, path }];
  });
  return own.length === 0 ? NO_SINGLES : collectionPrefixes({ ...model, operations: own }).plainReads;
}

/**
 * The weights of the resources as `resource` groups them, where the parts of a single thing (`/me/player/pause`,
 * `/me/player/queue`) were weighed apart (`apart`) as its nested things: the thing keeps the heaviest weight of its
 * parts and itself, so its parts count for it as nested resources do.
 */
function partsWeighed(
  operations: readonly Operation[],
  resource: (o: Operation) => string,
  apart: (o: Operation) => string,
  weights: ReadonlyMap<string, number>,
): Map<string, number> {
  const out = new Map(weights);
  for (const o of operations) {
    const [to, from] = [resource(o), apart(o)];
    if (to !== from) out.set(to, Math.max(out.get(to) ?? 0, weights.get(from) ?? 0));
  }
  return out;
}

/**
 * An update of a record that can change nothing: its spec gives it no body and no parameter but the record's path
 * (`sendsNothing`), and that path is the record's own, which a GET or DELETE also takes (Sakari's `PUT
 * …/contacts/{contactId}`). A drafted tool would answer the record as it was; an update whose path carries the new
 * value (Jira's `PUT …/project/{projectIdOrKey}/type/{newProjectTypeKey}`) or an action named so (`updateIndex`) stays.
 * Nor is a POST drafted whose only fields were its list's filters copied onto it (`createsNothing`: DrChrono's
 * creates), which can send nothing the record needs.
 */
export function changesNothing(operations: readonly Operation[]): (operation: Operation) => boolean {
  const records = new Set(operations.filter((o) => o.method === "get" || o.method === "delete").map((o) => o.path));
  return (operation) => (records.has(operation.path) && sendsNothing(operation)) || createsNothing(operation);
}

/** Verbs a profile gives the record's own reads and writes: not an action done to it. */
const PLAIN_ACTIONS: ReadonlySet<string> = new Set(["create", "list", "get", "update", "delete", "search"]);

/**
 * Whether users act on a resource's records: two or more distinct verbs beyond reading and writing them, each a POST
 * to a word right under a record (Magento's order: `POST /V1/order/{orderId}/cancel`, `…/refund`), none niche. Such a
 * record is found by browsing before it is acted on.
 */
export function actedOn(
  operations: readonly Operation[],
  profileOf: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean = () => false,
): boolean {
  const verbs = new Set(
    operations
      .filter((o) => o.method === "post" && /\}\/[A-Za-z_-]+\/?$/.test(o.path) && !niche(o))
      .map((o) => profileOf(o).action)
      .filter((a) => !PLAIN_ACTIONS.has(a)),
  );
  return verbs.size >= 2;
}

/** The names of a model's resources, heaviest first: the first four are the core ones whose goals rank first. */
export function rankedResources(model: ApiModel): string[] {
  return resourcesOf(model).groups.map((g) => g.name);
}

/**
 * Proposes a draft goals file for `model`: goals are user intents, not endpoints. Operations are grouped by the resource
 * they act on, one API version each (the newest stable); resources with the most operations (newest version, plus half of
 * all versions') come first, the two heaviest with their list, read and sub-resource goals right after the chains. Pure
 * and deterministic.
 */
export function draftGoals(model: ApiModel, options: DraftOptions = {}): GoalsDraft {
  const { base, resource, profileOf, niche, parent, view, groups, core: coreGroups } = resourcesOf(model);
  const groupByOperation = new Map(
    groups.flatMap((g) => g.operations.map((o) => [o, { name: g.name, rank: g.rank }] as const)),
  );
  const groupRanks = new Map(groups.map((g) => [g.name, g.rank]));
  const [first, second] = groups;
  const selectors =
    first && second ? [...selectorChains(view, second, first), ...selectorChains(view, first, second)] : [];
  const resolvers = findResolvers(view);
  const groupFor = (o: Operation): { name: string; rank: number } =>
    groupByOperation.get(o) ?? { name: resource(o), rank: 0 };
  const valued = (c: Proposal): Proposal => markNiche({ ...c, core: c.groupRank < coreGroups }, view, niche);
  const bodyChains = oneChainPerResolver(
    nameChains(view, resolvers, groupFor)
      .map((c) => markNiche({ ...c, core: c.groupRank < coreGroups }, view, niche, false))
      .sort(compareProposals),
  );
  const pathAll = [...chainProposals(view, resolvers, groupFor), ...selectors].map(valued);
  const others = oneChainPerResolver([...pathAll].sort(compareProposals));
  const chains = [...bodyChains, ...others];
  const max = options.maxGoals ?? 10;
  const none = new Set<Operation>();
  const search = apiSearch(view, groups, base, profileOf);
  const searched = search === undefined ? undefined : view.operations[search.operationIndex];
  const taken: ReadonlySet<Operation> = new Set(searched === undefined ? [] : [searched]);
  const rankOfResource = (r: string): number | undefined => groupRanks.get(r);
  const elsewhere = browsesElsewhere(view, groups, coreGroups, taken, resource, profileOf, niche, rankOfResource);
  const takenOrElsewhere: ReadonlySet<Operation> = new Set([...taken, ...[...elsewhere.values()].flat()]);
  const proposed = [
    ...(search === undefined ? [] : [search]),
    ...groups.flatMap((g) =>
      groupProposals(
        view,
        g,
        takenOrElsewhere,
        g.rank < coreGroups,
        profileOf,
        niche,
        rankOfResource,
        elsewhere.get(g.name) ?? [],
      ),
    ),
  ].map((p) => markNiche(p, view, niche));
  const acted = new Set(
    groups.filter((g) => g.rank < coreGroups && actedOn(g.operations, profileOf, niche)).map((g) => g.name),
  );
  proposed.splice(
    0,
    proposed.length,
    ...proposed.map((p) =>
      p.core && !p.runnerUp && p.kind === "find" && acted.has(p.group) ? { ...p, actedOn: true as const } : p,
    ),
  );
  const coreCalls = new Set(proposed.flatMap((p) => (p.core ? p.calls : [])));
  const twinOf = (o: Operation): Operation => {
    const twin = topLevelTwin(o, view.operations, niche);
    return twin === undefined || coreCalls.has(signatureOf(twin)) ? o : twin;
  };
  const children = groups
    .filter((g) => g.rank < coreGroups)
    .flatMap((g) => {
      const nested = view.operations.filter((o) => parent(o) === g.name && resource(o) !== g.name && !niche(o));
      const child = fullestFirst(nested, resource)
        .map((ops) => ops.map(twinOf))
        .map((ops) => childProposal(view, g, ops, none, profileOf, niche))
        .find((c) => c !== undefined);
      if (child === undefined) return [];
      const twin = !nested.some((o) => signatureOf(o) === child.calls[0]);
      // A nested create its own (non-core) resource proposes too is drafted here when it adds right under the core
      // resource's record (`/lists/{list_id}/members`), and that duplicate leaves (below); not when the core group
      // already drafts a nested create of its own (Asana's task: a story).
      const elsewhere = proposed.some((p) => p.calls[0] === child.calls[0]);
      const owned = proposed.some((p) => p.group === g.name && p.child === true);
      if (!twin && elsewhere && (owned || !rightUnder(child.calls[0] ?? "", g.name))) return [];
      return proposed.some((p) => p.calls[0] === child.calls[0] && p.core) ? [] : [child];
    });
  const nestedChild = new Set(children.map((c) => c.group));
  // A top-level create drafted as a core resource's nested create leaves its own resource's goals.
  const childCalls = new Set(children.map((c) => c.calls[0]));
  proposed.splice(
    0,
    proposed.length,
    ...proposed
      .filter((p) => p.core || !childCalls.has(p.calls[0]))
      .map((p) => (p.child && nestedChild.has(p.group) ? { ...p, child: false, runnerUp: true } : p)),
    ...children.map((c) => markNiche(c, view, niche)),
  );
  const pathChains = others
    .slice(0, options.maxChains ?? DEFAULT_CHAINS)
    .filter((c) => !proposed.some((p) => resolvesInputOf(c, p)));
  const keptChains = firstPerGroup(pathChains);
  const targets = new Set(
    keptChains.map((c) => view.operations[c.operationIndex]).filter((o): o is Operation => o !== undefined),
  );
  const upgraded = proposed.map((p) => byName(p, bodyChains)).map((p) => byPath(p, pathAll));
  const used = upgraded.flatMap((p) => (p.source === undefined ? [] : [p.source]));
  const rankOf = new Map(groups.map((g) => [g.name, g.rank]));
  const nameChainsLeft = onePerGroup(
    [...bodyChains]
      .sort((a, b) => b.steps.length - a.steps.length)
      .filter(
        (c) =>
          !used.includes(c) &&
          !c.niche &&
          !findsConfigured(c) &&
          leftoverKind(view.operations[c.operationIndex], profileOf),
      )
      .flatMap((c) => {
        const target = view.operations[c.operationIndex];
        const own = rankOf.get(c.group) ?? Number.POSITIVE_INFINITY;
        const above = target === undefined ? undefined : coreAbove(target, rankOf);
        const rank = own < coreGroups ? own : above !== undefined && above < coreGroups ? above : undefined;
        return rank === undefined || targets.has(target as Operation)
          ? []
          : [{ ...c, core: true, as: "act" as const, groupRank: rank }];
      }),
  );
  const chosenChains = [
    ...pathChains,
    ...used,
    ...bodyChains.filter((c) => nameChainsLeft.some((n) => n.name === c.name && n.operationIndex === c.operationIndex)),
  ];
  const singles =
    upgraded.length + keptChains.length > 0
      ? [...upgraded.map(withoutSource), ...nameChainsLeft]
      : fallbackProposals(view, groups);
  const grouped = perGroup([...keptChains, ...singles].sort(compareProposals), options.goalsPerGroup);
  const ranked = {
    ...grouped,
    kept: fewDeletes(twinsLast(withChains(grouped.kept, max, view), view, profileOf), max, view, profileOf),
  };
  const allocate = createNameAllocator();
  const names = new Set<string>();
  const named = [...ranked.kept, ...ranked.over, ...chains.filter((c) => !chosenChains.includes(c))].map((p) => {
    const wanted = p.name.length < 3 ? `${p.name}_op` : p.name;
    const distinct = names.has(wanted) ? distinctName(wanted, p.calls.at(-1) ?? "") : undefined;
    const name = allocate(distinct !== undefined && !names.has(distinct) ? distinct : wanted);
    names.add(name);
    return { ...p, name };
  });
  const kept = named.slice(0, Math.min(max, ranked.kept.length));
  const refs = new Map(view.operations.map((o) => [signatureOf(o), operationRef(o, model.operations)]));
  const goals = kept
    .map((p) => toDraftGoal(p, kept))
    .map((g) => ({ ...g, steps: g.steps.map((s) => ({ ...s, operation: refs.get(s.operation) ?? s.operation })) }));
  return {
    toolset: toKebabCase(model.title) || "api",
    ...(options.spec === undefined ? {} : { spec: options.spec }),
    title: model.title,
    version: model.version,
    config: draftConfig(goals),
    goals,
    leftOut: named.slice(kept.length).map((p) => ({ name: p.name, calls: p.calls })),
    declaresNoCredentials:
      Object.keys(model.securitySchemes).length === 0 &&
      credentialVariablesOf(httpsFirst(model.servers)[0]).length === 0,
  };
}

/** Whether a call adds to a collection right under a record of `resource`: `POST /lists/{list_id}/members` under `list`. */
export function rightUnder(call: string, resource: string): boolean {
  const parts = segments(call.split(" ")[1] ?? "");
  const [owner, record, last] = parts.slice(-3);
  return (
    parts.length >= 3 &&
    /^\{.+\}$/.test(record ?? "") &&
    !/^\{.+\}$/.test(last ?? "") &&
    singular(toSnakeCase(owner ?? "")) === resource
  );
}

/**
 * The browse and create of each core resource that lists or adds none of its own records, found under another resource
 * (see `listedElsewhere`, `createdElsewhere`), heaviest resource first; one operation serves one resource only.
 */
function browsesElsewhere(
  view: ApiModel,
  groups: readonly Group[],
  coreGroups: number,
  taken: ReadonlySet<Operation>,
  resource: (o: Operation) => string,
  profileOf: (o: Operation) => OperationProfile,
  niche: (o: Operation) => boolean,
  rankOf: (resource: string) => number | undefined,
): Map<string, Operation[]> {
  const found = new Map<string, Operation[]>();
  for (const g of groups.filter((g) => g.rank < coreGroups)) {
    const used = new Set([...found.values()].flat());
    const others = view.operations.filter((o) => resource(o) !== g.name && !taken.has(o) && !used.has(o));
    const list =
      listedElsewhere(view, g, others, profileOf, niche, rankOf, resource) ??
      listedBySchema(view, g, others, profileOf, niche);
    const create = createdElsewhere(view, g, others, profileOf, niche, rankOf, resource);
    const both = [list, create].filter((o): o is Operation => o !== undefined);
    if (both.length > 0) found.set(g.name, both);
  }
  return found;
}

/**
 * The top-level create of what a nested create adds (`POST /v1/subscriptions` for `POST /v1/customers/{customer}/subscriptions`):
 * a POST to the same collection name right under the same leading segments, with no parameter in its path, neither niche
 * nor deprecated. The API's own home for that thing, which takes the parent as a field.
 */
export function topLevelTwin(
  operation: Operation,
  operations: readonly Operation[],
  niche: (o: Operation) => boolean,
): Operation | undefined {
  if (operation.method !== "post") return undefined;
  const parts = segments(operation.path);
  const last = parts.at(-1) ?? "";
  const parent = parts.findIndex((s) => /^\{.+\}$/.test(s)) - 1;
  if (parent < 0 || last.startsWith("{") || !/^\{.+\}$/.test(parts.at(-2) ?? "")) return undefined;
  const path = `/${[...parts.slice(0, parent), last].join("/")}`;
  return operations.find((o) => o.method === "post" && o.path === path && !niche(o) && !o.deprecated);
}

/**
 * The search of the whole API (a GET first), as a find goal of the core resource it finds (Jira's JQL search: issues),
 * else of the heaviest resource: the API's own search box is among the first things users reach for.
 */
function apiSearch(
  view: ApiModel,
  groups: readonly Group[],
  base: readonly string[],
  profileOf: (o: Operation) => OperationProfile,
): Proposal | undefined {
  const searches = view.operations.filter((o) => isApiSearch(o, base) && !o.deprecated);
  const operation = searches.find((o) => o.method === "get") ?? searches[0];
  if (operation === undefined) return undefined;
  const object = squash(profileOf(operation).object.split(" ").at(-1) ?? "");
  const group =
    groups.find((g) => g.rank < CORE_GROUPS && object !== "" && squash(g.name) === object) ??
    groups.find((g) => g.name !== "search");
  return group === undefined ? undefined : apiSearchProposal(view, operation, group, profileOf(operation));
}

/**
 * The operations of each nested resource under a parent, the one with the most operations first (a Jira issue's
 * comments: list, add, read, change, delete; then its worklogs …), first met on a tie: when the fullest one's create
 * cannot be drafted (a comment's rich-text body), the next one's is.
 */
export function fullestFirst(nested: readonly Operation[], resource: (o: Operation) => string): Operation[][] {
  const byResource = new Map<string, Operation[]>();
  for (const o of nested) byResource.set(resource(o), [...(byResource.get(resource(o)) ?? []), o]);
  return [...byResource.values()].sort((a, b) => b.length - a.length);
}

/** A proposal is niche when any operation it calls is (see `isNiche`); chains of a core resource's target stay core. */
function markNiche(proposal: Proposal, view: ApiModel, niche: (o: Operation) => boolean, rooted = true): Proposal {
  const target = view.operations[proposal.operationIndex];
  if (rooted && proposal.kind === "chain" && proposal.steps.length > 2 && !proposal.readOnly)
    return { ...proposal, niche: true };
  const byCall = operationsByCall(view);
  const anyNiche = proposal.calls.some((call) => (byCall.get(call) ?? []).some(niche));
  return anyNiche || (target !== undefined && niche(target)) ? { ...proposal, niche: true } : proposal;
}

const callsByView = new WeakMap<ApiModel, ReadonlyMap<string, readonly Operation[]>>();

/** The view's operations by their `METHOD /path` call, built once per view. */
function operationsByCall(view: ApiModel): ReadonlyMap<string, readonly Operation[]> {
  let byCall = callsByView.get(view);
  if (byCall === undefined) {
    const map = new Map<string, Operation[]>();
    for (const o of view.operations) {
      const call = `${o.method.toUpperCase()} ${o.path}`;
      map.set(call, [...(map.get(call) ?? []), o]);
    }
    callsByView.set(view, (byCall = map));
  }
  return byCall;
}

/** The configured values the goals bind (`$config.NAME`: a basic-auth user's account or a tenant header), by name. */
function draftConfig(goals: readonly DraftGoal[]): DraftConfig[] {
  const parameters = new Map<string, Set<string>>();
  const headers = new Set<string>();
  for (const param of goals.flatMap((g) => g.steps.flatMap((s) => s.params))) {
    const name = /^\$config\.([A-Za-z0-9_]+)$/.exec(String(param.value))?.[1];
    if (name === undefined) continue;
    parameters.set(name, (parameters.get(name) ?? new Set()).add(param.name));
    if (param.in !== "path") headers.add(name);
  }
  return [...parameters].map(([name, names]) => ({
    name,
    description: accountDescription([...names]),
    parameters: [...names],
    basicUser: !headers.has(name),
  }));
}

/** A draft with fewer multi-step goals than this takes ranked chains from below the cap in place of id-asking goals. */
const MIN_CHAINS = 3;

/**
 * The first `max` ranked proposals, where a draft holding fewer than `MIN_CHAINS` chains takes the best chains ranked
 * below the cap in place of its lowest-ranked goals that ask for an opaque id (`GET /config/{configId}`, which the
 * user would not know): chains replace id-asking goals, never a create, a browse or a goal on an id the user holds,
 * and a niche chain only a niche goal. A draft that holds no chain at all and has no such goal left takes chains that
 * find their record by a name or a search term in place of further reads, changes (never a core resource's own first
 * change: Magento's product update, its price and stock), actions or deletes of resources it keeps two other goals of (illumidesk, whose projects, servers and teams go by name: plans and files found by name).
 */
function withChains(ranked: readonly Proposal[], max: number, view: ApiModel): Proposal[] {
  const head = ranked.slice(0, max);
  const spare = ranked.slice(max).filter((p) => p.steps.length > 1);
  const moved: Proposal[] = [];
  const displaced: Proposal[] = [];
  const chainless = head.every((p) => p.steps.length === 1);
  for (const lighter of [true, false])
    for (const chain of spare.filter((c) => !moved.includes(c))) {
      if (head.filter((p) => p.steps.length > 1).length >= MIN_CHAINS) break;
      const opaque = head.findLastIndex(
        (p) =>
          asksOpaqueId(p, view) && (!chain.niche || p.niche === true) && (!lighter || p.groupRank >= chain.groupRank),
      );
      const named = chainless && !chain.niche && findsByName(chain);
      const at =
        opaque >= 0 || !named
          ? opaque
          : head.findLastIndex(
              (p) =>
                oneOfMany(p, head) &&
                !(kindOf(p) === "get" && p.groupRank < chain.groupRank) &&
                !(p.core === true && p.runnerUp !== true && kindOf(p) === "update"),
            );
      if (at < 0) continue;
      displaced.push(...head.splice(at, 1));
      head.push(chain);
      moved.push(chain);
    }
  return [...head, ...displaced, ...ranked.slice(max).filter((p) => !moved.includes(p))];
}

/**
 * Whether a chain's lookup finds one record by what the user says: it picks from a list by a name or email, or sends
 * the user's search term as a query. A list scoped by a path parameter (`GET /users/{username}/gists`) and read at its
 * first item names the owner, not the record, and does not count.
 */
export function findsByName(chain: Pick<Proposal, "steps">): boolean {
  const lookup = chain.steps.at(-2);
  if (lookup === undefined) return false;
  return (
    lookup.pick !== undefined || lookup.params.some((b) => b.in === "query" && String(b.value).startsWith("$inputs."))
  );
}

/** A single read, change, action, delete or nested create (never a create of its own or a browse) of a resource with two other goals in `head`. */
function oneOfMany(p: Proposal, head: readonly Proposal[]): boolean {
  if (p.steps.length > 1 || (p.kind === "create" && p.child !== true) || p.kind === "find" || p.kind === "chain")
    return false;
  return head.filter((q) => q !== p && q.group === p.group).length >= 2;
}

/** A single goal on one record that takes an opaque id (not a number or key the user reads off it) as an input. */
function asksOpaqueId(p: Proposal, view: ApiModel): boolean {
  const operation = view.operations[p.operationIndex];
  if (p.steps.length > 1 || p.kind === "create" || p.kind === "find" || operation === undefined) return false;
  const bound = new Map(p.steps[0]?.params.map((b) => [b.name, String(b.value)]));
  return idParameters(operation).some((q) => !userHeld(q) && bound.get(q.name)?.startsWith("$inputs.") === true);
}

/**
 * The ranked proposals with each one that does what a better-ranked one does — the same kind of call (an action: the
 * same verb) on the same object (Asana's `createProjectForWorkspace` after `createProject`: both add a project) —
 * moved after all the others: a near-duplicate takes no place a distinct task could have. Two browses of one object
 * are no twins (all pods, and a deployment's pods).
 */
function twinsLast(
  ranked: readonly Proposal[],
  view: ApiModel,
  profileOf: (o: Operation) => OperationProfile,
): Proposal[] {
  const seen = new Map<string, Thing[]>();
  const twins: Proposal[] = [];
  const firsts = ranked.filter((p) => {
    const target = view.operations[p.operationIndex];
    if (target === undefined) return true;
    const profile = profileOf(target);
    const kind = verbBelowRecord(target, profile) ? "act" : actionKind(profile);
    const key = `${kind === "act" ? profile.action : kind} ${squash(profile.object.split(" ").at(-1) ?? "")}`;
    const thing: Thing = {
      group: p.group,
      object: profile.object,
      ownCreate: kind === "create" && p.core === true && p.child !== true && addsToCollection(target),
    };
    const twin = kind !== "find" && (seen.get(key) ?? []).some((s) => !twoCoreCreates(s, thing));
    seen.set(key, [...(seen.get(key) ?? []), thing]);
    if (twin) twins.push(p);
    return !twin;
  });
  return [...firsts, ...twins];
}

interface Thing {
  readonly group: string;
  readonly object: string;
  /** The own create of a core resource (not a nested one). */
  readonly ownCreate: boolean;
}

/**
 * Whether two goals whose objects' last nouns agree are the own creates of two core resources, of objects that are not
 * one in words (DigitalOcean's `database cluster` and `kubernetes cluster`): two things a user adds apart, each its
 * resource's first goal. An object whose words end the other's (`comment`, `issue comment`) is the same thing.
 */
export function twoCoreCreates(a: Thing, b: Thing): boolean {
  if (!a.ownCreate || !b.ownCreate || a.group === b.group) return false;
  const [x, y] = [a.object, b.object].map((o) => o.split(" ").map((w) => squash(w)));
  const [short, long] = (x ?? []).length <= (y ?? []).length ? [x ?? [], y ?? []] : [y ?? [], x ?? []];
  return !short.every((w, i) => long[long.length - short.length + i] === w);
}

/** A POST to a path ending in a plural collection segment (`/v2/kubernetes/clusters`), not to a method (`…:batchRemove`). */
function addsToCollection(operation: Operation): boolean {
  const last =
    operation.path
      .split("/")
      .filter((s) => s !== "")
      .at(-1) ?? "";
  return (
    operation.method === "post" && /^[A-Za-z_-]+$/.test(last) && isPlural(toSnakeCase(last).split("_").at(-1) ?? "")
  );
}

/** The share of a default draft's places deletes may hold while other goals are left to take the rest. */
const DELETE_SHARE = 0.2;

/**
 * The ranked proposals with the deletes beyond a fifth of the first `max` places (at least one) moved just after those
 * places: a draft of ten holds at most two deletes while other goals are left, so what users do most (send a message,
 * list the templates) is never crowded out by ways to remove things (Mandrill's RPC API, whose every resource has one).
 */
export function fewDeletes(
  ranked: readonly Proposal[],
  max: number,
  view: ApiModel,
  profileOf: (o: Operation) => OperationProfile,
): Proposal[] {
  const cap = Math.max(1, Math.floor(max * DELETE_SHARE));
  const deletes = (p: Proposal): boolean => {
    const target = view.operations[p.operationIndex];
    return (
      kindOf(p) === "delete" ||
      (p.calls.at(-1) ?? "").startsWith("DELETE ") ||
      (target !== undefined && profileOf(target).action === "delete")
    );
  };
  const head: Proposal[] = [];
  const moved: Proposal[] = [];
  const rest: Proposal[] = [];
  let kept = 0;
  for (const p of ranked) {
    if (head.length >= max) rest.push(p);
    else if (!deletes(p)) head.push(p);
    else if (kept < cap) {
      kept += 1;
      head.push(p);
    } else moved.push(p);
  }
  return [...head, ...moved, ...rest];
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

/**
 * A drafted single goal whose operation a name chain calls (`chat.postMessage`, a channel by name): the chain takes its
 * place and rank, so the user names the thing and the draft still spans what users do most.
 */
function byName(single: Proposal, bodyChains: readonly Proposal[]): Proposal & { source?: Proposal } {
  if (single.kind === "chain" || !single.core) return single;
  const chain = bodyChains.find((c) => c.operationIndex === single.operationIndex && !c.niche && !findsConfigured(c));
  return chain === undefined ? single : inPlaceOf(single, chain);
}

/** `chain` in the place of the single goal it stands for: that goal's kind, rank and flags. */
function inPlaceOf(single: Proposal, chain: Proposal): Proposal & { source: Proposal } {
  return {
    ...chain,
    source: chain,
    as: single.kind,
    groupRank: single.groupRank,
    core: single.core === true,
    ...(single.runnerUp ? { runnerUp: true } : {}),
    ...(single.child ? { child: true } : {}),
  };
}

/**
 * A drafted single goal that asks for an id a person would not know (`GET /pet/{petId}`), when a list or search finds
 * that id by a name, email or search term: the chain (find by name, then call) takes the goal's own place and rank, so
 * chains replace id-asking goals instead of competing with them. A goal whose id people read off the thing itself (an
 * issue number, a key) stays single; so does one whose lookup is niche (admin, preview …) while the goal is not.
 */
function byPath(
  single: Proposal & { source?: Proposal },
  pathChains: readonly Proposal[],
): Proposal & { source?: Proposal } {
  if (single.kind === "chain" || single.source !== undefined) return single;
  const chain = pathChains.find((c) => resolvesInputOf(c, single) && (!c.niche || single.niche) && !c.userHeld);
  return chain === undefined ? single : inPlaceOf(single, chain);
}

/**
 * Whether a chain calls the single goal's operation and fills, from an earlier read, a parameter the single goal asks
 * the user for (`petId`); a chain that adds a filter instead (a deployment's pods by its label selector) is a goal of
 * its own.
 */
function resolvesInputOf(chain: Proposal, single: Proposal): boolean {
  if (chain.operationIndex !== single.operationIndex || single.kind === "chain") return false;
  const asked = new Set(
    (single.steps[0]?.params ?? []).filter((b) => String(b.value).startsWith("$inputs.")).map((b) => b.name),
  );
  return (chain.steps.at(-1)?.params ?? []).some((b) => String(b.value).startsWith("$steps.") && asked.has(b.name));
}

function withoutSource(p: Proposal & { source?: Proposal }): Proposal {
  const { source: _source, ...rest } = p;
  return rest;
}

/** The rank of the nearest core resource a path passes through (`/issue/{id}/transitions` → `issue`), if any. */
function coreAbove(operation: Operation, rankOf: ReadonlyMap<string, number>): number | undefined {
  const ranks = segments(operation.path)
    .slice(0, -1)
    .filter((s) => !s.startsWith("{"))
    .map((s) => rankOf.get(singular(toSnakeCase(s))))
    .filter((r): r is number => r !== undefined && r < CORE_GROUPS);
  return ranks.at(-1);
}

/** A name chain that looks up a field the step already sends from configuration (Twilio's AccountSid): the credential says which one it is. */
function findsConfigured(chain: Proposal): boolean {
  const last = chain.steps.at(-1);
  if (last?.body?.kind !== "properties") return false;
  const configured = new Set(last.params.filter((p) => String(p.value).startsWith("$config.")).map((p) => p.name));
  return last.body.entries.some(([k, v]) => configured.has(k) && typeof v === "string" && v.startsWith("$steps."));
}

/** A name chain left over ranks with its core resource only when it ends in an action or a create (invite, transition), not a change. */
function leftoverKind(target: Operation | undefined, profile: (o: Operation) => OperationProfile): boolean {
  if (target === undefined) return false;
  const kind = actionKind(profile(target));
  return kind === "act" || kind === "create";
}

/** The first name chain of each resource (the one with the most lookups first): the rest are left out. */
function onePerGroup(chains: readonly Proposal[]): Proposal[] {
  const seen = new Set<string>();
  return chains.filter((c) => {
    const first = !seen.has(c.group);
    seen.add(c.group);
    return first;
  });
}

/** A resource's first two chains rank as the goals they end in; its further chains with its runners-up. */
function firstPerGroup(chains: readonly Proposal[]): Proposal[] {
  const seen = new Map<string, number>();
  return chains.map((c) => {
    const n = seen.get(c.group) ?? 0;
    seen.set(c.group, n + 1);
    return n < 2 ? c : { ...c, runnerUp: true };
  });
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

/**
 * What a chain does with the record it found, by the method of its last call. A PUT updates: the tool it becomes
 * changes the fields it is given ("Give at least one field to change"), and says so where the API resets the others;
 * "replacing" beside that sentence told the model two things (Visma Net's contact found by email).
 */
const CHAIN_VERBS: Readonly<Record<string, string>> = {
  GET: "reading",
  POST: "acting on",
  PUT: "updating",
  PATCH: "changing",
  DELETE: "deleting",
};

/**
 * `GET /users/{userId}/orders` → `listing the orders of`; `DELETE /pet/{petId}` → `deleting`; a write to a collection
 * under the record by its goal's verb and that collection's item (`POST /sites/{site_id}/deploys` → `creating a deploy
 * for`, never `creating` the site itself); an action on a sub-path by its goal's verb → `uploading file for`, or
 * `booting` when the rest of the name is the record itself.
 */
export function chainAction(call: string, name: string, entity: string, other?: string): string {
  const [method = "GET", path = ""] = call.split(" ");
  const last = segments(path).at(-1) ?? "";
  const subPath = last !== "" && !last.startsWith("{");
  if (method === "GET" && subPath) {
    const words = toSnakeCase(last).split("_");
    return `${isPlural(words.at(-1) ?? "") ? "listing" : "reading"} the ${words.join(" ")} of`;
  }
  // A goal named for replacing (QnA Maker's `replace_knowledgebase_by_name`) says so; other PUTs update.
  const said = method === "PUT" && name.startsWith("replace_") ? "replacing" : (CHAIN_VERBS[method] ?? "working on");
  if (!subPath && other !== undefined) return `${said} ${withArticle(other)} for`;
  if (!subPath) return said;
  const grouped = groupedAction(method.toLowerCase(), staticSegments(path).map(toSnakeCase));
  if (grouped !== undefined) return groupedPhrase(grouped.verb, toSnakeCase(last).split("_").slice(1));
  const [verb = "call", ...rest] = name.replace(/_by_[a-z0-9_]+$/, "").split("_");
  if (verb === "call") return `calling ${rest.join(" ")} for`;
  const items = toSnakeCase(last).split("_");
  const item = [...items.slice(0, -1), singular(items.at(-1) ?? "")].join(" ");
  const towards = HANDING_OVER.has(verb) ? "to" : "for";
  // The record found is an item of the collection written to (Jira's transition, posted to the issue's transitions).
  if (item === entity && rest.length > 0 && !sameRecord(rest.join(" "), entity))
    return `${gerund(verb)} ${withArticle(rest.join(" "))} with`;
  if (item !== items.join(" ")) return `${gerund(verb)} ${withArticle(item)} ${towards}`;
  return sameRecord(rest.join(" "), entity)
    ? gerund(verb)
    : `${gerund(verb)} ${withArticle(rest.join(" "))} ${towards}`;
}

/** Verbs that hand a thing over to the record found: a member added to a board, an issue assigned to a user. */
const HANDING_OVER = new Set([
  "add",
  "assign",
  "invite",
  "send",
  "post",
  "upload",
  "share",
  "transfer",
  "attach",
  "move",
]);

/**
 * Whether the words a goal's name gives its object name the record found: the same words, the record's last words
 * (`profile` of a `mission profile`), or words starting or ending with the record's (`linode instance` of a `linode`);
 * `issue` is not an `issue type`.
 */
function sameRecord(words: string, entity: string): boolean {
  const spaced = (w: string): string => ` ${w.split(" ").map(singular).join(" ")} `;
  const [a, b] = [spaced(words), spaced(entity)];
  return (
    a.trim() !== "" && (a === b || b.endsWith(a.trimStart()) || a.startsWith(b.trimEnd()) || a.endsWith(b.trimStart()))
  );
}

/**
 * What a chain does to the record it found when its call is a verb under an action group (see `groupedAction`), the
 * record following: "rebooting" (a server), "removing from resources" (a firewall), "setting rules for" (a firewall),
 * "enabling emergency for" (a phone number).
 */
function groupedPhrase(verb: string, rest: readonly string[]): string {
  if (rest.length === 0) return gerund(verb);
  const words = rest.join(" ");
  return PREPOSITIONS.has(rest[0] as string) ? `${gerund(verb)} ${words}` : `${gerund(verb)} ${words} for`;
}

/** The sub-resource a single goal calls (`log` of `GET …/pods/{name}/log`), in words; empty for the record itself. */
function subPathOf(p: Proposal): string {
  const parts = segments(p.calls[0]?.split(" ")[1] ?? "");
  const last = parts.at(-1) ?? "";
  return parts.length > 1 && !last.startsWith("{") && (parts.at(-2) ?? "").startsWith("{")
    ? toSnakeCase(last).replaceAll("_", " ")
    : "";
}

/**
 * Whose sub-resource a single goal calls: the thing its path names before the last record (`account` of YNAB's
 * `GET /budgets/{budget_id}/accounts/{account_id}/transactions`), else the goal's own; never "the transactions of one
 * transaction" when the goal is drafted under the sub-resource's own name.
 */
/**
 * The record a chain's last call acts on when it is not the one the chain found: the call's path ends in a parameter
 * no earlier step fills (Traccar's `PUT /commands/{id}` after the device found by name, whose id goes in the body), so
 * the call replaces a command for the device, not the device. Undefined when an earlier step fills it.
 */
function otherRecord(p: Proposal): string | undefined {
  const path = p.calls.at(-1)?.split(" ")[1] ?? "";
  const parts = segments(path);
  const last = parts.at(-1);
  const collection = parts.at(-2);
  if (last === undefined || !last.startsWith("{") || collection === undefined || collection.startsWith("{"))
    return undefined;
  const name = last.slice(1, -1);
  const bound = p.steps.at(-1)?.params.find((b) => b.name === name)?.value;
  if (bound === undefined || String(bound).startsWith("$steps.")) return undefined;
  return singular(toSnakeCase(collection)).replaceAll("_", " ");
}

function subPathOwner(p: Proposal): string {
  const parts = segments(p.calls[0]?.split(" ")[1] ?? "");
  const owner = parts.at(-3);
  return owner === undefined || owner.startsWith("{") ? p.entity : singular(toSnakeCase(owner)).replaceAll("_", " ");
}

const KIND_PHRASES: Readonly<Record<GoalKind, (p: Proposal) => string>> = {
  chain: (p) => {
    const handed = handedRecord(p);
    if (handed !== undefined)
      return `${gerund(handed.verb)} ${foundBy(handed.record)} ${handed.preposition} ${listed(handed.to.map(foundBy))}`;
    const does = chainAction(p.calls.at(-1) ?? "", p.name, p.entity, otherRecord(p));
    if (p.found !== undefined) return `${does} ${listed(p.found.map(foundBy))}`;
    return `${does} ${foundBy({ object: p.entity, key: p.by ?? "name" })}`;
  },
  find: (p) =>
    isRelation(subPathOf(p))
      ? `browsing the ${subPathOf(p)} of ${withArticle(subPathOwner(p))}`
      : `browsing ${recordsOf(p.entity)}`,
  get: (p) => (subPathOf(p) ? `reading the ${subPathOf(p)} of one ${subPathOwner(p)}` : `reading one ${p.entity}`),
  create: (p) => `${gerund(ownLead(p) ?? "add")} ${withArticle(p.entity)}`,
  update: (p) =>
    subPathOf(p)
      ? `${gerund(ownLead(p) ?? "change")} the ${subPathOf(p)} of ${withArticle(subPathOwner(p))}`
      : p.name.startsWith("create_or_")
        ? `creating or changing ${withArticle(p.entity)}`
        : `${gerund(ownLead(p) ?? "change")} ${withArticle(p.entity)}`,
  act: (p) => `${gerund(p.verb ?? "call")} ${withArticle(p.entity)}`,
  delete: (p) => `deleting ${withArticle(p.entity)}`,
};

/** Verbs a create or an update is named with that say no more than its kind (`create_pet`, `update_task`). */
const KIND_NAME_VERBS: ReadonlySet<string> = new Set([
  "create",
  "add",
  "new",
  "post",
  "put",
  "update",
  "patch",
  "change",
  "set",
]);

/** The verb a create's or update's name leads with when it says more than its kind: `send` of `send_message`. */
function ownLead(proposal: Pick<Proposal, "name">): string | undefined {
  const first = proposal.name.split("_")[0] ?? "";
  return KIND_NAME_VERBS.has(first) || verbClasses(stem(first)) === undefined ? undefined : first;
}

/** What a goal does to its thing, as a verb: its name's own (`send`), else its kind's (`add`, `change`, `find` …). */
const KIND_DOING: Readonly<Record<GoalKind, string>> = {
  chain: "act on",
  find: "find",
  get: "read",
  create: "add",
  update: "change",
  act: "act on",
  delete: "delete",
};

const stems = (words: string): string => words.split(" ").map(stem).join(" ");

/**
 * A drafted description of a field of `thing`: `The name of the pet.`; a field that names the thing itself (`message`
 * of a message, `domain` of an inbound domain) is that thing, said by what the goal does with it (`The message to
 * send.`), never "the message of the message".
 */
export function fieldDescription(field: string, thing: string, purpose: string): string {
  const words = stems(field);
  const same = words === stems(thing) || (!words.includes(" ") && words === stem(thing.split(" ").at(-1) ?? ""));
  return same ? `The ${thing} ${purpose}.` : `The ${field} of the ${thing}.`;
}

/** Verbs of two syllables stressed on the last, whose final consonant doubles (`transfer` → `transferring`). */
const STRESSED_LAST = new Set([
  "admit",
  "commit",
  "compel",
  "confer",
  "control",
  "defer",
  "emit",
  "equip",
  "expel",
  "forget",
  "incur",
  "occur",
  "omit",
  "patrol",
  "permit",
  "prefer",
  "recur",
  "refer",
  "regret",
  "remit",
  "submit",
  "transfer",
]);

/** `archive` → `archiving`, `set` → `setting`, `unpin` → `unpinning`, `transfer` → `transferring`, `post` → `posting`. */
export function gerund(verb: string): string {
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  const stem = verb.replace(/^(un|re)(?=[^aeiou]*[aeiou][bdgmnprt]$)/, "");
  if (STRESSED_LAST.has(verb) || /^[^aeiou]*[aeiou][bdgmnprt]$/.test(stem)) return `${verb}${verb.at(-1)}ing`;
  return `${verb}ing`;
}

/** `Browsing pet records (use find_pets_by_status) or adding a pet (use add_pet).` from the kept goals of the same resource. */
function notForSentence(proposal: Proposal, kept: readonly Proposal[]): string {
  const related = kept.filter((k) => k.group === proposal.group && k.name !== proposal.name).slice(0, 3);
  if (related.length === 0) return "";
  const phrase = (k: Proposal): string =>
    k.said === undefined ? KIND_PHRASES[k.kind](k) : `${gerund(k.said.verb)} ${k.said.rest}`.trim();
  const phrases = related.map((k) => `${phrase(k)} (use ${k.name})`);
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
    found: _found,
    chainKey: _key,
    picks: _picks,
    core: _core,
    niche: _niche,
    runnerUp: _runnerUp,
    child: _child,
    verb: _verb,
    said: _said,
    as: _as,
    actedOn: _actedOn,
    ...goal
  } = proposal;
  return {
    ...goal,
    steps: goal.steps.map((step, i) =>
      i < goal.steps.length - 1 && searchesForOne(step) ? { ...step, exactlyOne: true } : step,
    ),
    inputs: withDescriptions(proposal),
    useWhen: proposal.kind === "chain" ? chainUseWhen(proposal) : distinctUseWhen(proposal, kept),
    notFor: notForSentence(proposal, kept),
  };
}

/**
 * A use_when another kept goal also drafted word for word (Azure's list by subscription and by resource group, both
 * "The user wants to browse capacity records."), told apart by the goal's own summary when that is short and its own.
 */
function distinctUseWhen(proposal: Proposal, kept: readonly Proposal[]): string {
  const twins = kept.filter((k) => k !== proposal && k.kind !== "chain" && k.useWhen === proposal.useWhen);
  const summary = proposal.description.replace(/[.!?]\s*$/, "");
  const own =
    summary.split(/\s+/).length <= 12 &&
    !/^(get|put|post|patch|delete)$/i.test(summary) &&
    !twins.some((k) => k.description === proposal.description);
  return twins.length === 0 || !own
    ? proposal.useWhen
    : `${proposal.useWhen.replace(/\.$/, "")} (${lowerFirst(summary)}).`;
}

/**
 * A chain's use_when with what it does to the record it finds: the chains that share a lookup (read, change and delete
 * a mission profile found by its name) would otherwise say the same thing, and a delete would read as a way to find one.
 */
function chainUseWhen(proposal: Proposal): string {
  const said = proposal.useWhen.replace(/\.$/, "");
  const handed = handedRecord(proposal);
  if (handed !== undefined) {
    const to = listed(handed.to.map((f) => `the ${f.object}`));
    return `${said}; this tool is for ${gerund(handed.verb)} the ${handed.record.object} ${handed.preposition} ${to}.`;
  }
  const does = chainAction(proposal.calls.at(-1) ?? "", proposal.name, proposal.entity, otherRecord(proposal));
  return `${said}; this tool is for ${does} ${proposal.found === undefined ? "it" : "them"}.`;
}

/** Verbs that take a record out of another (`remove_user` from a group), so the chain says "from", not "to". */
const TAKING_OUT = new Set(["remove", "delete", "kick", "unassign", "uninvite", "detach", "unlink", "leave"]);

/**
 * A chain finding several records whose call hands one of them to the others, by its name's verb and the words after
 * it naming that record (Slack's `invite_user_by_channel_name_and_user_email`: the user found by email is invited to
 * the channel found by name); undefined when the name names none of them, or more than one.
 */
export function handedRecord(
  p: Proposal,
): { verb: string; record: FoundRecord; to: FoundRecord[]; preposition: string } | undefined {
  if (p.found === undefined) return undefined;
  const [verb = "", ...rest] = p.name.replace(/_by_[a-z0-9_]+$/, "").split("_");
  const object = singular(rest.join(" "));
  const named = p.found.filter((f) => f.object === object);
  if (named.length !== 1 || named[0] === undefined || verb === "create") return undefined;
  const to = p.found.filter((f) => f !== named[0]);
  return { verb, record: named[0], to, preposition: TAKING_OUT.has(verb) ? "from" : "to" };
}

/** `a user found by its email`, `a ticket found by a search term`. */
const foundBy = (f: FoundRecord): string =>
  `${withArticle(f.object)} found by ${f.key === "search" ? "a search term" : `its ${f.key}`}`;

/**
 * A lookup that sends the user's search term as a query and yields item 0 of the list it gets: a by-search step, which
 * must find exactly one record (a list read at its first item without the user's words, `GET /workspaces`, is not).
 */
function searchesForOne(step: DraftStep): boolean {
  const searched = step.params.some((b) => b.in === "query" && /(^|\{)\$inputs\./.test(String(b.value)));
  const firstItem = Object.values(step.outputs).some((text) => /^\$response\.body#(\/[^/]*)*\/0(\/|$)/.test(text));
  return step.pick === undefined && searched && firstItem;
}

/** A field's words without the owner's that lead them: `page_id` of a page → `id`. */
function fieldWords(field: string, owner: string | undefined): string {
  const words = toSnakeCase(field).split("_");
  const lead = owner === undefined ? [] : owner.split("_");
  const owned = lead.length < words.length && lead.every((w, i) => words[i] === w);
  return (owned ? words.slice(lead.length) : words).join(" ");
}

/** The proposal's inputs plus a drafted description for each input bound to a field the spec leaves undescribed. */
function withDescriptions(proposal: Proposal): DraftInput[] {
  const inputs = [...proposal.inputs];
  // A chain's body inputs are fields of the thing its step acts on (the account it creates), not of what it looks up.
  const of = (step: DraftStep): string =>
    proposal.steps.length > 1 && step.entity !== undefined ? step.entity : proposal.entity;
  // An input a chain's later step fills from an earlier one (`petId` from the pet found by name) is no input at all.
  const bound = JSON.stringify(proposal.steps.map((s) => [s.params, s.body ?? null, s.pick ?? null]));
  const used = (input: string): boolean => new RegExp(`\\$inputs\\.${input}\\b`).test(bound);
  // What the goal does with a thing a field names: its last step acts on its own thing, a chain's earlier step looks
  // its thing up, and any other thing of the last step is one the goal's thing sits under (`/customers/{customer}/…`).
  const thingOf = (step: DraftStep, owner: string | undefined): string => (owner ?? of(step)).replaceAll("_", " ");
  const purposeOf = (step: DraftStep, thing: string): string => {
    if (step !== proposal.steps.at(-1)) return "to look up";
    const acted = of(step).replaceAll("_", " ");
    if (stems(thing) !== stems(acted)) return `the ${acted} belongs to`;
    return `to ${ownLead(proposal) ?? proposal.verb ?? KIND_DOING[proposal.kind]}`;
  };
  for (const step of proposal.steps) {
    for (const { input, field, description } of step.needed ?? []) {
      const at = inputs.findIndex((i) => i.name === input);
      const own = inputs[at];
      if (own !== undefined) inputs[at] = { ...own, required: true };
      else {
        const thing = of(step).replaceAll("_", " ");
        const drafted = fieldDescription(fieldWords(field, undefined), thing, purposeOf(step, thing));
        inputs.push({ name: input, required: true, description: description ?? drafted });
      }
    }
  }
  for (const step of proposal.steps) {
    for (const { input, field, type, owner, description, group } of step.undescribed ?? []) {
      // A one-of note naming an input a chain fills from its lookup (`productId`) would name no input.
      if (group !== undefined && !group.every(used)) continue;
      if (!inputs.some((i) => i.name === input) && used(input))
        inputs.push({
          name: input,
          ...(type === undefined ? {} : { type }),
          description:
            description ??
            fieldDescription(fieldWords(field, owner), thingOf(step, owner), purposeOf(step, thingOf(step, owner))),
        });
    }
  }
  return inputs;
}
