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

function reportCycles(env: ArazzoEnv, edges: ReadonlyMap<string, readonly { id: string; pointer: string }[]>): void {
  const done = new Set<string>();
  const visit = (id: string, path: readonly string[]): void => {
    if (done.has(id)) return;
    for (const dep of edges.get(id) ?? []) {
      if (path.includes(dep.id)) {
        report(env.ctx, "GOALS_WORKFLOW_CYCLE", dep.pointer, {
          message: `dependsOn cycle: ${[...path.slice(path.indexOf(dep.id)), dep.id].join(" → ")}`,
          hint: `remove "${dep.id}" from the dependsOn of "${id}", or break the cycle elsewhere`,
        });
        continue;
      }
      visit(dep.id, [...path, dep.id]);
    }
    done.add(id);
  };
  for (const id of edges.keys()) visit(id, [id]);
}
