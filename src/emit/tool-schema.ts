// Builds each tool's input and output JSON Schemas from the plan, and compiles a whole plan's schemas to Zod source.
import type { Diagnostic } from "../diagnostics/types.js";
import type { JsonSchema } from "../model/api-model.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";
import { compileSchema, componentsToZod, type ZodDeclaration } from "./zod/index.js";

/** Name of the optional input a gated tool takes to fetch a stored approval outcome (CONTRACT.md §4). */
export const REQUEST_ID_INPUT = "request_id";

const REQUEST_ID_SCHEMA: JsonSchema = {
  type: "string",
  minLength: 1,
  maxLength: 100,
  description: "Only to check on an earlier call that returned status pending_approval: pass its request_id to get the stored outcome. Never executes anything.",
};

/** The tool's input object: one property per input, unknown keys rejected; gated tools also take `request_id`. */
export function toolInputSchema(tool: ToolDef): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const input of tool.inputs) properties[input.name] = input.schema;
  if (tool.approval === "required") properties[REQUEST_ID_INPUT] = REQUEST_ID_SCHEMA;
  return {
    type: "object",
    properties,
    required: tool.inputs.filter((i) => i.required).map((i) => i.name),
    additionalProperties: false,
  };
}

/** Compiled Zod source for a plan: shared named schemas once, then one input (and output) expression per tool. */
export interface CompiledPlanSchemas {
  readonly shared: readonly ZodDeclaration[];
  readonly tools: Readonly<Record<string, { readonly input: string; readonly output: string; readonly inputLocals: readonly ZodDeclaration[]; readonly outputLocals: readonly ZodDeclaration[] }>>;
  /** Map from `#/components/schemas/X` to the shared const's name. */
  readonly refs: Readonly<Record<string, string>>;
  readonly diagnostics: readonly Diagnostic[];
}

export function compilePlanSchemas(plan: ToolPlan): CompiledPlanSchemas {
  const shared = componentsToZod({ dialect: "openapi-3.1", components: plan.schemas, normalized: true });
  const diagnostics: Diagnostic[] = [...shared.diagnostics];
  const tools: Record<string, CompiledPlanSchemas["tools"][string]> = {};
  for (const tool of plan.tools) {
    const options = { dialect: "openapi-3.1" as const, components: plan.schemas, external: shared.refs, normalized: true };
    const input = compileSchema(toolInputSchema(tool), options);
    const output = compileSchema(tool.returns.schema, options);
    diagnostics.push(...input.diagnostics, ...output.diagnostics);
    tools[tool.name] = {
      input: input.expression,
      output: output.expression,
      inputLocals: input.locals.map((l) => ({ name: l.name, expression: l.expression, recursive: l.recursive })),
      outputLocals: output.locals.map((l) => ({ name: l.name, expression: l.expression, recursive: l.recursive })),
    };
  }
  return { shared: shared.declarations, tools, refs: shared.refs, diagnostics };
}
