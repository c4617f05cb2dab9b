// Arazzo `dependsOn` → the goal names each goal depends on; unknown, cross-document and cyclic dependencies reported.
import { join } from "../../util/pointer.js";
import { report } from "../context.js";
import type { ArazzoEnv } from "./env.js";
import { localWorkflow } from "./expand.js";
import { goalName } from "./workflow.js";

/** workflowId → names of the goals it depends on (only resolvable local workflows). */
export function dependencies(env: ArazzoEnv): Map<string, string[]> {
  const edges = new Map<string, { id: string; pointer: string }[]>();
  for (const [id, wf] of env.workflows) {
    const list = (wf.workflow.dependsOn ?? []).flatMap((dep, i) => {
      const pointer = join(wf.pointer, "dependsOn", i);
      return localWorkflow(env, dep, pointer) === undefined ? [] : [{ id: dep, pointer }];
    });
    edges.set(id, list);
  }
  reportCycles(env, edges);
  return new Map([...edges].map(([id, list]) => [id, list.map((d) => goalName(env.workflows.get(d.id)!))]));
}

/** Each `dependsOn` cycle once, depth first from each workflow in document order, on an explicit stack (a chain is as long as the workflows are many). */
function reportCycles(env: ArazzoEnv, edges: ReadonlyMap<string, readonly { id: string; pointer: string }[]>): void {
  const done = new Set<string>();
  for (const root of edges.keys()) {
    if (done.has(root)) continue;
    const frames = [{ id: root, next: 0 }];
    const onPath = new Map([[root, 0]]);
    for (let top = frames.at(-1); top !== undefined; top = frames.at(-1)) {
      const dep = edges.get(top.id)?.[top.next++];
      if (dep === undefined) {
        frames.pop();
        onPath.delete(top.id);
        done.add(top.id);
        continue;
      }
      const start = onPath.get(dep.id);
      if (start !== undefined) {
        const path = [...frames.slice(start).map((f) => f.id), dep.id];
        report(env.ctx, "GOALS_WORKFLOW_CYCLE", dep.pointer, {
          message: `dependsOn cycle: ${path.join(" → ")}`,
          hint: `remove "${dep.id}" from the dependsOn of "${top.id}", or break the cycle elsewhere`,
        });
      } else if (!done.has(dep.id)) {
        onPath.set(dep.id, frames.length);
        frames.push({ id: dep.id, next: 0 });
      }
    }
  }
}
