// Renders a ToolPlan for people: per tool its name, risk, steps, inputs with constraints, returns, description, size in tokens, and a diagram.
import { profileToText } from "../planner/profile.js";
import type { ToolDef, ToolInput, ToolPlan, ToolsetInfo } from "../planner/types.js";
import { configPlaces } from "../planner/config.js";
import { credentialVariable } from "../runtime/auth/env.js";
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
  const tools = plan.tools.map((t) => toolToText(t, tokens.get(t.name), plan.toolset));
  return `${[header, ...tools].join("\n\n")}\n`;
}

/** `configured: account_sid from TWILIO_ACCOUNT_SID (unset: the user name in TWILIO_…_AUTH_TOKEN) → AccountSid`. */
function configLines(tool: ToolDef, toolset: ToolsetInfo): string[] {
  return [...configPlaces(tool)].map(([name, where]) => {
    const config = toolset.config?.[name];
    const variable = config?.variable ?? `$config.${name}`;
    const basic = config?.basicUserOf;
    const unset =
      basic === undefined ? "" : ` (unset: the user name in ${credentialVariable(toolset.envPrefix, basic)})`;
    return `  configured: ${name} from ${variable}${unset} → ${[...where].join(", ")}; not a model input`;
  });
}

function toolToText(tool: ToolDef, tokens: number | undefined, toolset: ToolsetInfo): string {
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
    const keep = step.body?.keepCurrent;
    if (keep !== undefined)
      lines.push(
        `    reads ${keep.operationId} first; a field left out keeps its current value: ${keep.properties.join(", ")}`,
      );
    const one = step.exactlyOne;
    if (one !== undefined)
      lines.push(
        `    must find exactly one item in ${one.list === "" ? "the body" : one.list}; several or none stop the tool ` +
          `(named by ${one.identify.join(", ") || "the item"})`,
      );
  }
  lines.push(...configLines(tool, toolset));
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
