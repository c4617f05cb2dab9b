// Orders a goal's steps: reports forward references and cycles, and computes what each step must wait for.
import type { Goal } from "../../goals/types.js";
import type { StepPlan } from "../types.js";
import { report, type GoalContext } from "./context.js";

/** Reports every read of a later step: as a cycle when the two steps (transitively) read each other. */
export function checkStepOrder(ctx: GoalContext): void {
  const position = new Map(ctx.stepOrder.map((id, i) => [id, i]));
  for (const [reader, producers] of ctx.reads) {
    for (const producer of producers) {
      if ((position.get(producer) ?? -1) < (position.get(reader) ?? 0)) continue;
      const node = ctx.goal.steps.find((s) => s.id === reader);
      if (!node) continue;
      const cyclic = producer === reader || reaches(ctx.reads, producer, reader);
      report(ctx, cyclic ? "PLAN_STEP_CYCLE" : "PLAN_FORWARD_REFERENCE", node, {
        message: cycleMessage(reader, producer, cyclic),
      });
    }
  }
}

function cycleMessage(reader: string, producer: string, cyclic: boolean): string {
  if (producer === reader) return `step "${reader}" reads its own output`;
  return cyclic
    ? `steps "${reader}" and "${producer}" read each other's outputs`
    : `step "${reader}" reads an output of step "${producer}", which runs after it`;
}

function reaches(reads: Map<string, Set<string>>, from: string, to: string): boolean {
  const seen = new Set<string>();
  const pending = [from];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(reads.get(id) ?? []));
  }
  return false;
}

/**
 * What each step waits for: the steps whose outputs it reads; every earlier action (actions are barriers);
 * for an action, every earlier step (actions keep their written order). A goal with `goto` or `end` actions
 * runs strictly in order, since control may jump.
 */
export function withDependencies(goal: Goal, steps: readonly StepPlan[], reads: Map<string, Set<string>>): StepPlan[] {
  const sequential = goal.steps.some((s) => [...s.onSuccess, ...s.onFailure].some((a) => a.type !== "retry"));
  return steps.map((step, i) => {
    const earlier = steps.slice(0, i);
    const waits = new Set<string>([...(reads.get(step.id) ?? [])].filter((id) => earlier.some((e) => e.id === id)));
    for (const before of earlier) {
      if (sequential || !step.readOnly || !before.readOnly) waits.add(before.id);
    }
    return { ...step, dependsOn: earlier.map((e) => e.id).filter((id) => waits.has(id)) };
  });
}
