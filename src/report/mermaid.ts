// Draws a multi-step tool as a Mermaid flowchart: one node per step, edges for what each step waits for.
import type { ToolDef } from "../planner/types.js";

/** Mermaid text for a tool's step graph (steps in order, dependencies as arrows, gotos dashed). */
export function toolToMermaid(tool: ToolDef): string {
  const ids = new Map(tool.steps.map((s, i) => [s.id, `s${i}`]));
  const lines = ["flowchart TD", `  in(["${label(tool.name)}"])`];
  for (const step of tool.steps) {
    lines.push(`  ${ids.get(step.id)}["${label(`${step.id}: ${step.method.toUpperCase()} ${step.path}`)}"]`);
  }
  for (const step of tool.steps) {
    const target = ids.get(step.id) as string;
    const sources = step.dependsOn.length === 0 ? ["in"] : step.dependsOn.map((d) => ids.get(d) ?? "in");
    for (const source of sources) lines.push(`  ${source} --> ${target}`);
    for (const action of [...step.onSuccess, ...step.onFailure]) {
      if (action.type === "goto" && action.stepId && ids.has(action.stepId))
        lines.push(`  ${target} -. goto .-> ${ids.get(action.stepId)}`);
    }
  }
  const last = tool.steps.filter((s) => !tool.steps.some((o) => o.dependsOn.includes(s.id)));
  lines.push(`  out(["returns"])`, ...last.map((s) => `  ${ids.get(s.id)} --> out`));
  return lines.join("\n");
}

/** Text safe inside a quoted Mermaid label: quotes, angle brackets and line breaks as entities. */
function label(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(/[\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `#${c.codePointAt(0)};`)
    .replace(/[&"<>#]/g, (c) => `#${c.charCodeAt(0)};`);
}
