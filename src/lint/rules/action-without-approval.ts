// action-without-approval: a goal with write steps overridden below its inferred risk, or set to run without approval.
import type { Risk, ToolDef } from "../../planner/types.js";
import {
  isRiskLower,
  postsOnly,
  raiseByWords,
  raiseRiskFromSpec,
  riskFromMethods,
  riskMethod,
} from "../../planner/risk.js";
import { toolLocation } from "../location.js";
import { goalOf, type LintContext, type RuleFinding } from "../types.js";

/** The risk the methods and the spec's `x-aci-risk` give, before any goals-file override. */
function inferredRisk(ctx: LintContext, tool: ToolDef): Risk {
  const ids = new Set(tool.steps.map((s) => s.operationId));
  const operations = ctx.api.index.operations.filter((o) => ids.has(o.id));
  const stepMethods = tool.steps.map((s) => {
    const operation = operations.find((o) => o.id === s.operationId);
    return operation === undefined ? s.method : riskMethod(operation, postsOnly(ctx.api.index.operations));
  });
  const methods = raiseByWords(riskFromMethods(stepMethods), operations).risk;
  return operations.reduce<Risk>((risk, o) => raiseRiskFromSpec(risk, o.extensions["x-aci-risk"]), methods);
}

function loweredRisk(ctx: LintContext, tool: ToolDef, inferred: Risk): RuleFinding[] {
  if (!isRiskLower(tool.risk, inferred)) return [];
  const writes = tool.steps.filter((s) => !s.readOnly).map((s) => `${s.method.toUpperCase()} ${s.path}`);
  return [
    {
      tool: tool.name,
      message: `${tool.name} writes (${writes.join(", ")}) but its risk is set to ${tool.risk}, below the inferred ${inferred}`,
      hint: `remove \`risk: ${tool.risk}\` from goal ${tool.name} (or set risk: ${inferred}) so the approval gate applies`,
      ...toolLocation(ctx, tool, "risk"),
    },
  ];
}

function ungated(ctx: LintContext, tool: ToolDef): RuleFinding[] {
  if (tool.category !== "action" || goalOf(ctx, tool)?.approval !== "none") return [];
  return [
    {
      tool: tool.name,
      message: `${tool.name} is a ${tool.risk}-risk action set to run without approval`,
      hint: `remove \`approval: none\` from goal ${tool.name}; every action passes the approval gate by default`,
      ...toolLocation(ctx, tool, "approval"),
      ...(tool.risk === "high" ? {} : { atMost: "warn" as const }),
    },
  ];
}

/** Lint rule `action-without-approval` (docs/lint.md): `approval: none` is a warning on medium risk, an error on high. */
export function actionWithoutApproval(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => {
    const inferred = inferredRisk(ctx, tool);
    return [...loweredRisk(ctx, tool, inferred), ...ungated(ctx, tool)];
  });
}
