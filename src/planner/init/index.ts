// ApiModel → GoalsDraft: group operations, propose chains and per-group goals, rank them and keep the best few.
import type { ApiModel, Operation } from "../../model/api-model.js";
import { compareStrings } from "../../util/order.js";
import { createNameAllocator, toKebabCase } from "../../util/naming.js";
import { findResolvers } from "./chains.js";
import { groupOf } from "./operations.js";
import { chainProposals, groupProposals, type Proposal } from "./proposals.js";
import type { DraftGoal, GoalKind, GoalsDraft } from "./types.js";

export type * from "./types.js";

/** Options of `draftGoals`; every field has a default. */
export interface DraftOptions {
  /** The spec path as the goals file should name it (relative to the file's folder). */
  readonly spec?: string;
  /** At most this many goals (default 10, the size of a toolset a model still chooses from well). */
  readonly maxGoals?: number;
  /** At most this many multi-step chains among them (default 3), so plain reads and actions still appear. */
  readonly maxChains?: number;
}

interface Group {
  readonly name: string;
  readonly rank: number;
  readonly operations: readonly Operation[];
}

/** Operations grouped by first tag (else first path segment); bigger groups rank first, then first appearance. */
export function groupOperations(operations: readonly Operation[]): Group[] {
  const byName = new Map<string, Operation[]>();
  for (const operation of operations) {
    const name = groupOf(operation);
    byName.set(name, [...(byName.get(name) ?? []), operation]);
  }
  const order = [...byName.keys()];
  return order
    .sort((a, b) => (byName.get(b)?.length ?? 0) - (byName.get(a)?.length ?? 0) || order.indexOf(a) - order.indexOf(b))
    .map((name, rank) => ({ name, rank, operations: byName.get(name) ?? [] }));
}

const KIND_TIER: Readonly<Record<GoalKind, number>> = { chain: 0, find: 1, get: 2, create: 3, update: 4, delete: 5 };

function compareProposals(a: Proposal, b: Proposal): number {
  return Number(a.deprecated) - Number(b.deprecated) || KIND_TIER[a.kind] - KIND_TIER[b.kind] || Number(b.readOnly) - Number(a.readOnly) || a.groupRank - b.groupRank || a.operationIndex - b.operationIndex || compareStrings(a.name, b.name);
}

/** Proposes a draft goals file for `model` (DESIGN: goals are user intents, not endpoints); pure and deterministic. */
export function draftGoals(model: ApiModel, options: DraftOptions = {}): GoalsDraft {
  const groups = groupOperations(model.operations);
  const rankOf = new Map(groups.flatMap((g) => g.operations.map((o) => [o, g.rank] as const)));
  const chains = chainProposals(model, findResolvers(model), (o) => rankOf.get(o) ?? 0).sort(compareProposals);
  const keptChains = oneChainPerResolver(chains).slice(0, options.maxChains ?? 3);
  const targets = new Set(keptChains.map((c) => model.operations[c.operationIndex]).filter((o): o is Operation => o !== undefined));
  const singles = groups.flatMap((g) => groupProposals(model, g, targets));
  const ranked = [...keptChains, ...singles].sort(compareProposals);
  const allocate = createNameAllocator();
  const named = [...ranked, ...chains.filter((c) => !keptChains.includes(c))].map((p) => ({ ...p, name: allocate(p.name.length < 3 ? `${p.name}_op` : p.name) }));
  const max = options.maxGoals ?? 10;
  const kept = named.slice(0, max);
  return {
    toolset: toKebabCase(model.title) || "api",
    ...(options.spec === undefined ? {} : { spec: options.spec }),
    title: model.title,
    version: model.version,
    goals: kept.map((p) => toDraftGoal(p, kept)),
    leftOut: named.slice(max).map((p) => ({ name: p.name, calls: p.calls })),
    declaresNoCredentials: Object.keys(model.securitySchemes).length === 0,
  };
}

/** The best-ranked chain of each resolver only, so one lookup does not crowd out the other goals. */
function oneChainPerResolver(chains: readonly Proposal[]): Proposal[] {
  const seen = new Set<string>();
  return chains.filter((c) => {
    const resolver = c.calls[0] ?? "";
    if (seen.has(resolver)) return false;
    seen.add(resolver);
    return true;
  });
}

function toDraftGoal(proposal: Proposal, kept: readonly Proposal[]): DraftGoal {
  const { groupRank: _rank, operationIndex: _index, readOnly: _readOnly, ...goal } = proposal;
  const related = kept.filter((k) => k.group === proposal.group && k.name !== proposal.name).map((k) => k.name);
  const hint = related.length > 0 ? `related: ${related.join(", ")}` : "name the tool to use instead, if there is one";
  return { ...goal, notFor: `TODO: say what this tool is not for (${hint}).` };
}
