// Operation and step changes of one tool: steps added/removed, operations gone, rebound or moved in the new spec.
import type { ToolContract } from "../emit/lockfile.js";
import { breaking, code, compatible } from "./change.js";
import type { ContractChange, Impact, OperationRef } from "./types.js";

type LockedOperation = ToolContract["operations"][number];

/** Step-by-step changes between two contracts of one tool (steps matched by id, in the old then new order). */
export function operationChanges(
  old: ToolContract,
  now: ToolContract,
  spec: readonly OperationRef[],
): ContractChange[] {
  const after = new Map(now.operations.map((o) => [o.step, o]));
  const before = new Set(old.operations.map((o) => o.step));
  return [
    ...old.operations.flatMap((o) => {
      const next = after.get(o.step);
      return next === undefined
        ? [stepRemoved(o, spec)]
        : [...stepChanged(o, next, spec), ...exactlyOneChange(o, next)];
    }),
    ...now.operations.filter((o) => !before.has(o.step)).map(stepAdded),
  ];
}

/** What became of a tool's old operations in the new spec, for when the fresh plan failed. */
export function lockedOperationFindings(old: ToolContract, spec: readonly OperationRef[]): ContractChange[] {
  return old.operations.flatMap((o) => {
    const same = spec.find((s) => s.id === o.operationId);
    if (same === undefined) return [operationGone(o, spec, "breaking")];
    return samePlace(same, o) ? [] : [operationMoved(o, same)];
  });
}

function stepChanged(old: LockedOperation, now: LockedOperation, spec: readonly OperationRef[]): ContractChange[] {
  if (old.operationId === now.operationId)
    return samePlace(old, now)
      ? []
      : [operationMoved(old, { id: now.operationId, method: now.method, path: now.path })];
  const gone = !spec.some((s) => s.id === old.operationId);
  if (gone && samePlace(old, now)) return [operationGone(old, spec, "compatible")];
  const prefix = gone ? `${goneText(old, spec)}; ` : "";
  return [
    compatible(
      "operation-rebound",
      `${prefix}step ${code(old.step)} now calls ${describe(now)} instead of ${describe(old)}`,
      { step: old.step, from: old.operationId, to: now.operationId },
    ),
  ];
}

/**
 * A read that now must find exactly one item is compatible (a search matching several now answers an error naming
 * them); one that no longer must is breaking: the action may again change whatever the API lists first.
 */
function exactlyOneChange(old: LockedOperation, now: LockedOperation): ContractChange[] {
  if ((old.exactlyOne === true) === (now.exactlyOne === true)) return [];
  return now.exactlyOne === true
    ? [
        compatible(
          "exactly-one-added",
          `step ${code(now.step)} now needs its read to find exactly one item: a search matching several is an ` +
            "error naming them",
          { step: now.step },
        ),
      ]
    : [
        breaking(
          "exactly-one-removed",
          `step ${code(now.step)} no longer checks that its read finds exactly one item: it takes the first item ` +
            "listed, whichever matched",
          { step: now.step },
        ),
      ];
}

function stepRemoved(old: LockedOperation, spec: readonly OperationRef[]): ContractChange {
  const gone = spec.some((s) => s.id === old.operationId) ? "" : ` (${goneText(old, spec)})`;
  return compatible("step-removed", `step ${code(old.step)} removed: ${describe(old)}${gone}`, {
    step: old.step,
    from: old.operationId,
  });
}

function stepAdded(now: LockedOperation): ContractChange {
  return compatible("step-added", `step ${code(now.step)} added: ${describe(now)}`, {
    step: now.step,
    to: now.operationId,
  });
}

function operationGone(old: LockedOperation, spec: readonly OperationRef[], impact: Impact): ContractChange {
  const successor = successorOf(old, spec);
  const extra = { step: old.step, from: old.operationId, ...(successor === undefined ? {} : { to: successor.id }) };
  return (impact === "breaking" ? breaking : compatible)("operation-gone", goneText(old, spec), extra);
}

function operationMoved(old: LockedOperation, now: OperationRef): ContractChange {
  return compatible(
    "operation-moved",
    `operation ${old.operationId} moved: ${old.method} ${old.path} → ${now.method} ${now.path}`,
    { step: old.step, from: `${old.method} ${old.path}`, to: `${now.method} ${now.path}` },
  );
}

/** "operation X is gone; GET /p is now Y", found by method + path in the new spec. */
function goneText(old: LockedOperation, spec: readonly OperationRef[]): string {
  const successor = successorOf(old, spec);
  const where = `${old.method} ${old.path}`;
  return successor === undefined
    ? `operation ${old.operationId} is gone; nothing serves ${where} any more`
    : `operation ${old.operationId} is gone; ${where} is now ${successor.id}`;
}

function successorOf(old: LockedOperation, spec: readonly OperationRef[]): OperationRef | undefined {
  return spec.find((s) => samePlace(s, old));
}

/** Same method and path, whatever the path parameters are called (`/pet/{id}` = `/pet/{petId}`). */
function samePlace(a: { method: string; path: string }, b: { method: string; path: string }): boolean {
  return a.method.toUpperCase() === b.method.toUpperCase() && pathShape(a.path) === pathShape(b.path);
}

function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, "{}");
}

function describe(o: LockedOperation): string {
  return `${o.operationId} (${o.method} ${o.path})`;
}
