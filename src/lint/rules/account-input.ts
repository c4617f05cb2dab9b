// account-input: a goal input bound to the account path parameter the http basic credential already determines.
import { operationById } from "../../model/api-source.js";
import { basicUserScheme } from "../../planner/credentials.js";
import type { ToolDef, ToolInput } from "../../planner/types.js";
import { toSnakeCase } from "../../util/naming.js";
import { inputLocation } from "../inputs.js";
import type { LintContext, RuleFinding } from "../types.js";

const PATH_PARAMETER = /^(\S+) path (.+)$/;

/** The account parameter `boundTo` names (`CreateMessage path AccountSid`) and its scheme, or undefined. */
function accountTarget(ctx: LintContext, boundTo: string): { name: string; opId: string; scheme: string } | undefined {
  const match = PATH_PARAMETER.exec(boundTo);
  if (!match) return undefined;
  const [, opId, name] = match as unknown as [string, string, string];
  const operation = operationById(ctx.api, opId);
  const scheme = operation && basicUserScheme(operation, ctx.plan.toolset.securitySchemes, { name, in: "path" });
  return scheme === undefined ? undefined : { name, opId, scheme };
}

function findingsOf(ctx: LintContext, tool: ToolDef, input: ToolInput): RuleFinding[] {
  const target = input.boundTo.map((b) => accountTarget(ctx, b)).find((t) => t !== undefined);
  if (target === undefined) return [];
  const config = toSnakeCase(target.name);
  return [
    {
      tool: tool.name,
      message: `input "${input.name}" of ${tool.name} is bound to the path parameter "${target.name}" of ${target.opId}, the account the http basic credential (${target.scheme}) signs in as: the model is asked for a value the configuration already determines, and may name another account`,
      hint: `bind it to $config.${config} and declare config: { ${config}: { default: basic_auth_user } } (docs/goals.md, "Configured values")`,
      ...inputLocation(ctx, tool, input),
    },
  ];
}

/** Lint rule `account-input` (docs/lint.md). */
export function accountInput(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => tool.inputs.flatMap((input) => findingsOf(ctx, tool, input)));
}
