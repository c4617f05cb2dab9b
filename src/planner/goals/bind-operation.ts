// Binds a step's operation reference (operationId, "METHOD /path" or Arazzo operationPath) to an Operation of the model.
import type { OperationRef, Step } from "../../goals/types.js";
import type { ApiIndex, OperationSummary } from "../../model/api-model.js";
import { split } from "../../util/pointer.js";
import { didYouMean, editDistance } from "../../util/suggest.js";
import { report, type GoalContext } from "./context.js";

export interface OperationIndex {
  readonly byId: ReadonlyMap<string, OperationSummary>;
  readonly bySignature: ReadonlyMap<string, OperationSummary>;
}

/** Lookup tables over the API's operations, built once per plan. */
export function indexOperations(model: ApiIndex): OperationIndex {
  return {
    byId: new Map(model.operations.map((o) => [o.id, o])),
    bySignature: new Map(model.operations.map((o) => [signature(o.method, o.path), o])),
  };
}

function signature(method: string, path: string): string {
  return `${method.toUpperCase()} ${normalisePath(path)}`;
}

/** `/pets/{petId}` and `/pets/{id}` are the same route: compare templates with their variable names erased. */
function normalisePath(path: string): string {
  return path.replace(/\{[^}]*\}/g, "{}").replace(/\/+$/, "") || "/";
}

/** The operation a step calls, or undefined after reporting why not (with a did-you-mean hint). */
export function bindOperation(ctx: GoalContext, index: OperationIndex, step: Step): OperationSummary | undefined {
  const found = lookup(index, step.operation);
  if (found) return found;
  report(ctx, "PLAN_UNKNOWN_OPERATION", step, {
    message: `step "${step.id}" calls ${describeRef(step.operation)}, which the spec does not have`,
    hint: unknownOperationHint(ctx.api.index, step.operation),
  });
  return undefined;
}

function lookup(index: OperationIndex, ref: OperationRef): OperationSummary | undefined {
  if (ref.kind === "operationId") return index.byId.get(ref.id);
  if (ref.kind === "path") return index.bySignature.get(signature(ref.method, ref.path));
  const fromPointer = pathOfPointer(ref.pointer);
  const method = ref.method ?? fromPointer?.method;
  const path = ref.path ?? fromPointer?.path;
  return method && path ? index.bySignature.get(signature(method, path)) : undefined;
}

function pathOfPointer(pointer: string): { method: string; path: string } | undefined {
  let tokens: string[];
  try {
    tokens = split(pointer);
  } catch {
    return undefined;
  }
  if (tokens.length !== 3 || tokens[0] !== "paths") return undefined;
  return { path: tokens[1] as string, method: tokens[2] as string };
}

function describeRef(ref: OperationRef): string {
  if (ref.kind === "operationId") return `operation "${ref.id}"`;
  if (ref.kind === "path") return `${ref.method} ${ref.path}`;
  return `operationPath ${ref.pointer}`;
}

function unknownOperationHint(model: ApiIndex, ref: OperationRef): string {
  if (ref.kind === "operationId") {
    const byName = didYouMean(
      ref.id,
      model.operations.map((o) => o.id),
    );
    return byName ?? `no operationId is close to "${ref.id}"; \`aci-gen plan --spec S --all-operations\` lists them`;
  }
  const path = ref.kind === "path" ? ref.path : (ref.path ?? pathOfPointer(ref.pointer)?.path ?? "");
  const method = (
    ref.kind === "path" ? ref.method : (ref.method ?? pathOfPointer(ref.pointer)?.method ?? "")
  ).toUpperCase();
  const samePath = model.operations.filter((o) => normalisePath(o.path) === normalisePath(path));
  if (samePath.length > 0) {
    const methods = samePath.map((o) => `${o.method.toUpperCase()} ${o.path} (${o.id})`).join(", ");
    return `${path} has ${methods}; ${method} is not one of them`;
  }
  const shown = closestOperations(model.operations, { method, path });
  if (shown.length === 0) return "no path in the spec is close; `aci-gen plan --spec S --all-operations` lists them";
  return `did you mean ${shown.map((o) => `"${o.method.toUpperCase()} ${o.path}" (${o.id})`).join(" or ")}?`;
}

/**
 * The operations on the paths nearest to `path` (edit distance over templates with variable names erased,
 * so `/pets/{id}` is one edit from `/pet/{petId}`), those with the wanted method first; at most three.
 */
function closestOperations(
  operations: readonly OperationSummary[],
  wanted: { method: string; path: string },
): OperationSummary[] {
  const target = normalisePath(wanted.path);
  const limit = Math.max(2, Math.floor(target.length / 3));
  const scored = operations
    .map((o) => ({ o, distance: editDistance(target, normalisePath(o.path), limit) }))
    .filter((s) => s.distance <= limit);
  const best = Math.min(...scored.map((s) => s.distance));
  const nearest = scored.filter((s) => s.distance === best).map((s) => s.o);
  const sameMethod = nearest.filter((o) => o.method.toUpperCase() === wanted.method);
  return (sameMethod.length > 0 ? sameMethod : nearest).slice(0, 3);
}
