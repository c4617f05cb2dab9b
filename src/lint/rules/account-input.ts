// account-input: a goal input bound to the account the configuration fixes: the path parameter the http basic
// credential determines, or a required tenant header.
import { operationById } from "../../model/api-source.js";
import { basicUserScheme, isTenantHeader, namesApplication } from "../../planner/credentials.js";
import type { ToolDef, ToolInput } from "../../planner/types.js";
import { toSnakeCase } from "../../util/naming.js";
import { inputLocation } from "../inputs.js";
import type { LintContext, RuleFinding } from "../types.js";

const PARAMETER = /^(\S+) (path|header) (.+)$/;

/** The account parameter `boundTo` names (`CreateMessage path AccountSid`) and its basic scheme, or undefined. */
function accountTarget(ctx: LintContext, boundTo: string): { name: string; opId: string; scheme?: string } | undefined {
  const match = PARAMETER.exec(boundTo);
  if (!match) return undefined;
  const [, opId, where, name] = match as unknown as [string, string, "path" | "header", string];
  const operation = operationById(ctx.api, opId);
  if (operation === undefined) return undefined;
  if (where === "header") {
    const parameter = operation.parameters.find((p) => p.in === "header" && p.name === name);
    return parameter !== undefined && isTenantHeader(parameter) ? { name, opId } : undefined;
  }
  const scheme = basicUserScheme(operation, ctx.plan.toolset.securitySchemes, { name, in: "path" });
  return scheme === undefined ? undefined : { name, opId, scheme };
}

function findingsOf(ctx: LintContext, tool: ToolDef, input: ToolInput): RuleFinding[] {
  const target = input.boundTo.map((b) => accountTarget(ctx, b)).find((t) => t !== undefined);
  if (target === undefined) return [];
  const config = toSnakeCase(target.name);
  const where = { tool: tool.name, ...inputLocation(ctx, tool, input) };
  const fixed = namesApplication(target.name) ? "application every call is made from" : "tenant every call acts for";
  const other = namesApplication(target.name) ? "application" : "tenant";
  if (target.scheme === undefined)
    return [
      {
        ...where,
        message: `input "${input.name}" of ${tool.name} is bound to the header "${target.name}" of ${target.opId}, the ${fixed}: the model is asked for a value the operator's connection fixes, which no tool lists, and may name another ${other}`,
        hint: `bind it to $config.${config} (docs/goals.md, "Configured values")`,
      },
    ];
  return [
    {
      ...where,
      message: `input "${input.name}" of ${tool.name} is bound to the path parameter "${target.name}" of ${target.opId}, the account the http basic credential (${target.scheme}) signs in as: the model is asked for a value the configuration already determines, and may name another account`,
      hint: `bind it to $config.${config} and declare config: { ${config}: { default: basic_auth_user } } (docs/goals.md, "Configured values")`,
    },
  ];
}

/** Lint rule `account-input` (docs/lint.md). */
export function accountInput(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => tool.inputs.flatMap((input) => findingsOf(ctx, tool, input)));
}
