// credential-input: a goal input bound to a parameter or body field that carries a credential.
import { operationById } from "../../model/api-source.js";
import {
  bodyCredentialsFor,
  isApiVersionParameter,
  isCredentialBodyField,
  isCredentialParameter,
} from "../../planner/credentials.js";
import type { ToolDef, ToolInput } from "../../planner/types.js";
import { inputLocation } from "../inputs.js";
import type { LintContext, RuleFinding } from "../types.js";

const PARAMETER = /^(\S+) (query|header|cookie) (.+)$/;
const FORM_FIELD = /^(\S+) body\/([^/]+)$/;

/** The credential field `boundTo` names (`chat_postMessage header token`), or undefined. */
function credentialTarget(ctx: LintContext, tool: ToolDef, boundTo: string): string | undefined {
  const schemes = ctx.plan.toolset.securitySchemes;
  const parameter = PARAMETER.exec(boundTo);
  if (parameter) {
    const [, opId, where, name] = parameter as unknown as [string, string, "query" | "header" | "cookie", string];
    const operation = operationById(ctx.api, opId);
    if (operation === undefined || !isCredentialParameter(operation, schemes, { name, in: where })) return undefined;
    return isApiVersionParameter(operation, schemes, { name, in: where })
      ? `the API version header "${name}" of ${opId}`
      : `the ${where} parameter "${name}" of ${opId}`;
  }
  const field = FORM_FIELD.exec(boundTo);
  if (!field) return undefined;
  const [, opId, name] = field as unknown as [string, string, string];
  const kind = tool.steps.find((s) => s.operationId === opId)?.body?.kind;
  const operation = operationById(ctx.api, opId);
  const form = kind === "form" || kind === "multipart";
  if (operation === undefined) return undefined;
  const apiWide = bodyCredentialsFor(ctx.api, operation);
  return isCredentialBodyField(operation, schemes, name, { form, apiWide, schemas: ctx.api.schema })
    ? `the ${form ? "form" : "body"} field "${name}" of ${opId}`
    : undefined;
}

function findingsOf(ctx: LintContext, tool: ToolDef, input: ToolInput): RuleFinding[] {
  const target = input.boundTo.map((b) => credentialTarget(ctx, tool, b)).find((t) => t !== undefined);
  if (target === undefined) return [];
  const version = target.startsWith("the API version header");
  return [
    {
      tool: tool.name,
      message: version
        ? `input "${input.name}" of ${tool.name} is bound to ${target}: the model would be asked for a value it cannot know`
        : `input "${input.name}" of ${tool.name} is bound to ${target}, which carries a credential: the model would be asked for a secret and see it`,
      hint: `remove the binding of $inputs.${input.sourceName ?? input.name}: the package fills it from ${version ? "its configured API version" : "the configured credential"} (its README names the variable)`,
      ...inputLocation(ctx, tool, input),
    },
  ];
}

/** Lint rule `credential-input` (docs/lint.md). */
export function credentialInput(ctx: LintContext): RuleFinding[] {
  return ctx.plan.tools.flatMap((tool) => tool.inputs.flatMap((input) => findingsOf(ctx, tool, input)));
}
