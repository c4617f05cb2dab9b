// Renders a ToolPlan for people: per tool its name, risk, category, steps, inputs with constraints, and description.
import type { ToolDef, ToolInput, ToolPlan } from "../planner/types.js";
import { summariseSchema } from "./schema-summary.js";

/** The human `plan` listing. */
export function planToText(plan: ToolPlan, mode: string): string {
  const header = `${plan.toolset.name}: ${plan.tools.length} tool${plan.tools.length === 1 ? "" : "s"} (${mode})`;
  return [header, ...plan.tools.map(toolToText)].join("\n\n") + "\n";
}

function toolToText(tool: ToolDef): string {
  const approval = tool.approval === "required" ? " · approval required" : "";
  const lines = [`${tool.name}  [${tool.risk} risk · ${tool.category}${approval}]`];
  for (const step of tool.steps) {
    lines.push(`  ${tool.steps.length > 1 ? `${step.id}: ` : ""}${step.method.toUpperCase()} ${step.path}  (${step.operationId})`);
  }
  lines.push(...inputLines(tool.inputs));
  lines.push(`  returns: ${summariseSchema(tool.returns.schema)}`);
  lines.push(`  description: ${tool.description}`);
  return lines.join("\n");
}

function inputLines(inputs: readonly ToolInput[]): string[] {
  if (inputs.length === 0) return ["  inputs: none"];
  return ["  inputs:", ...inputs.map((i) => `    ${i.name}${i.required ? "*" : ""}  ${summariseSchema(i.schema)}${i.description ? `  — ${oneLine(i.description)}` : ""}`)];
}

function oneLine(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
}
