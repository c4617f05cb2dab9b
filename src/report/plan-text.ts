// Renders a ToolPlan for people: per tool its name, risk, steps, inputs with constraints, returns, description, size in tokens, and a diagram.
import { profileToText } from "../planner/profile.js";
import type { ToolDef, ToolInput, ToolPlan } from "../planner/types.js";
import { toolToMermaid } from "./mermaid.js";
import { summariseSchema } from "./schema-summary.js";

/** The human `plan` listing. */
export function planToText(
  plan: ToolPlan,
  mode: string,
  definitions: readonly { readonly name: string; readonly tokens: number }[],
): string {
  const tokens = new Map(definitions.map((d) => [d.name, d.tokens]));
  const total = definitions.reduce((n, d) => n + d.tokens, 0);
  const header = `${plan.toolset.name}: ${plan.tools.length} tool${plan.tools.length === 1 ? "" : "s"} (${mode}), ${total} tokens of definitions (o200k; without the titles, annotations and output schemas tools/list also carries)`;
  return `${[header, ...plan.tools.map((t) => toolToText(t, tokens.get(t.name)))].join("\n\n")}\n`;
}

function toolToText(tool: ToolDef, tokens: number | undefined): string {
  const approval = tool.approval === "required" ? " · approval required" : "";
  const lines = [
    `${tool.name}  [${tool.risk} risk · ${tool.category}${approval}${tokens === undefined ? "" : ` · ${tokens} tokens`}]`,
  ];
  if (tool.riskReason !== undefined) lines.push(`  risk: ${tool.riskReason}`);
  for (const step of tool.steps) {
    const waits = tool.steps.length > 1 && step.dependsOn.length > 0 ? `  after ${step.dependsOn.join(", ")}` : "";
    const body = step.body === undefined ? "" : `  body ${step.body.mediaType} (${step.body.kind})`;
    lines.push(
      `  ${tool.steps.length > 1 ? `${step.id}: ` : ""}${step.method.toUpperCase()} ${step.path}  (${step.operationId})${body}${waits}`,
    );
  }
  if (tool.profile !== undefined) lines.push(`  does: ${profileToText(tool.profile)}`);
  lines.push(...inputLines(tool.inputs));
  lines.push(`  returns: ${summariseSchema(tool.returns.schema)}`);
  lines.push(`  description: ${tool.description}`);
  if (tool.steps.length > 1)
    lines.push(
      "  diagram:",
      ...toolToMermaid(tool)
        .split("\n")
        .map((l) => `    ${l}`),
    );
  return lines.join("\n");
}

function inputLines(inputs: readonly ToolInput[]): string[] {
  if (inputs.length === 0) return ["  inputs: none"];
  return [
    "  inputs:",
    ...inputs.map(
      (i) =>
        `    ${i.name}${i.required ? "*" : ""}  ${summariseSchema(i.schema)}${i.description ? `  — ${oneLine(i.description)}` : ""}`,
    ),
  ];
}

function oneLine(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
