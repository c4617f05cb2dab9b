// Per-tool diffs between two sets of contracts: added, removed, renamed (same operations), changed.
import type { ToolContract } from "../emit/lockfile.js";
import { compareStrings } from "../util/order.js";
import { breaking, code, compatible, worstImpact } from "./change.js";
import {
  annotationsChange,
  approvalChange,
  categoryChange,
  changeNeededChange,
  addNeededChange,
  configChanges,
  type CredentialSchemes,
  credentialChanges,
  descriptionChange,
  riskChange,
  titleChange,
} from "./contract.js";
import { inputChanges } from "./inputs.js";
import { lockedOperationFindings, operationChanges } from "./operations.js";
import { returnsChange } from "./returns.js";
import type { ContractChange, OperationRef, ToolDiff } from "./types.js";

type Contracts = Readonly<Record<string, ToolContract>>;

/** Every change between two contracts of one tool, most consequential kinds first. */
function contractChanges(
  old: ToolContract,
  now: ToolContract,
  spec: readonly OperationRef[],
  schemes: CredentialSchemes | undefined,
): ContractChange[] {
  return [
    ...riskChange(old, now),
    ...approvalChange(old, now),
    ...inputChanges(old.inputs, now.inputs),
    ...returnsChange(old.returns, now.returns),
    ...operationChanges(old, now, spec),
    ...configChanges(old, now),
    ...credentialChanges(old, now, schemes),
    ...changeNeededChange(old, now),
    ...addNeededChange(old, now),
    ...annotationsChange(old, now),
    ...categoryChange(old, now),
    ...titleChange(old, now),
    ...descriptionChange(old, now),
  ];
}

/** The tool diffs between the locked and the fresh contracts, sorted by tool name. */
export function toolDiffs(
  previous: Contracts,
  next: Contracts,
  spec: readonly OperationRef[],
  schemes?: CredentialSchemes,
): ToolDiff[] {
  const removed = Object.keys(previous)
    .filter((n) => !Object.hasOwn(next, n))
    .sort(compareStrings);
  const added = Object.keys(next)
    .filter((n) => !Object.hasOwn(previous, n))
    .sort(compareStrings);
  const renames = guessRenames(
    removed.map((n) => [n, previous[n]!] as const),
    added.map((n) => [n, next[n]!] as const),
  );
  const renamedOld = new Set(renames.map(([from]) => from));
  const renamedNew = new Set(renames.map(([, to]) => to));
  const diffs: ToolDiff[] = [
    ...removed
      .filter((n) => !renamedOld.has(n))
      .map((n) => toolDiff(n, "removed", [breaking("tool-removed", "tool removed")])),
    ...added.filter((n) => !renamedNew.has(n)).map((n) => toolDiff(n, "added", [toolAdded(next[n]!)])),
    ...renames.map(([from, to]) => renamedDiff(from, to, previous[from]!, next[to]!, spec, schemes)),
    ...Object.keys(next)
      .filter((n) => Object.hasOwn(previous, n))
      .map((n) => toolDiff(n, "changed", contractChanges(previous[n]!, next[n]!, spec, schemes))),
  ];
  return diffs.filter((d) => d.changes.length > 0).sort((a, b) => compareStrings(a.tool, b.tool));
}

/** When the fresh plan failed: for each locked tool, what became of its operations in the new spec. */
export function lockedToolFindings(previous: Contracts, spec: readonly OperationRef[]): ToolDiff[] {
  return Object.keys(previous)
    .sort(compareStrings)
    .map((n) => toolDiff(n, "changed", lockedOperationFindings(previous[n]!, spec)))
    .filter((d) => d.changes.length > 0);
}

export function toolDiff(
  tool: string,
  status: ToolDiff["status"],
  changes: readonly ContractChange[],
  renamedFrom?: string,
): ToolDiff {
  return {
    tool,
    status,
    ...(renamedFrom === undefined ? {} : { renamedFrom }),
    impact: worstImpact(changes),
    changes,
  };
}

function toolAdded(now: ToolContract): ContractChange {
  const inputs = Object.keys(now.inputs);
  return compatible(
    "tool-added",
    `new tool (${now.risk} risk; inputs: ${inputs.length === 0 ? "none" : inputs.map(code).join(", ")})`,
  );
}

function renamedDiff(
  from: string,
  to: string,
  old: ToolContract,
  now: ToolContract,
  spec: readonly OperationRef[],
  schemes: CredentialSchemes | undefined,
): ToolDiff {
  const renamed = breaking(
    "tool-renamed",
    `renamed from ${code(from)} (same operations); calls to ${code(from)} break`,
    { from, to },
  );
  return toolDiff(to, "renamed", [renamed, ...contractChanges(old, now, spec, schemes)], from);
}

/**
 * Pairs each removed tool with the first added tool (by name) binding the same operationIds, then each left with the first
 * binding the same method + path sequence (an operationId renamed in the spec): AWS query actions share a few paths
 * (`GET /`), so only their operationIds tell `get_purge_queue` → `purge_queue` from `get_purge_queue` → `list_queues`.
 */
function guessRenames(
  removed: readonly (readonly [string, ToolContract])[],
  added: readonly (readonly [string, ToolContract])[],
): [string, string][] {
  const taken = new Set<string>();
  const pairs: [string, string][] = [];
  for (const same of [operationIds, operationShape]) {
    for (const [oldName, old] of removed) {
      if (old.operations.length === 0 || pairs.some(([from]) => from === oldName)) continue;
      const match = added.find(([newName, now]) => !taken.has(newName) && same(now) === same(old));
      if (match === undefined) continue;
      taken.add(match[0]);
      pairs.push([oldName, match[0]]);
    }
  }
  return pairs;
}

function operationIds(contract: ToolContract): string {
  return contract.operations.map((o) => o.operationId).join("\n");
}

function operationShape(contract: ToolContract): string {
  return contract.operations.map((o) => `${o.method.toUpperCase()} ${o.path.replace(/\{[^}]*\}/g, "{}")}`).join("\n");
}
