// Builds each tool's input and output JSON Schemas from the plan, and compiles a whole plan's schemas to Zod source.
import type { Diagnostic } from "../diagnostics/types.js";
import type { JsonSchema } from "../model/api-model.js";
import type { ToolDef, ToolPlan } from "../planner/types.js";
import { reachableSchemas } from "../planner/schemas.js";
import { relaxedComponents } from "./output-schema.js";
import { compileSchema, componentsToZod, type ZodDeclaration } from "./zod/index.js";

/** The tool's input object: one property per input, unknown keys rejected (the runtime's defineTool adds `request_id` to gated tools). */
export function toolInputSchema(tool: ToolDef): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const input of tool.inputs) properties[input.name] = input.schema;
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

/**
 * Inputs are compiled exactly; results against relaxed copies of the schemas they reach (see output-schema.ts),
 * all shared named schemas emitted once.
 */
export function compilePlanSchemas(plan: ToolPlan): CompiledPlanSchemas {
  const inputRoots = plan.tools.map(toolInputSchema);
  const relaxed = relaxedComponents(plan.tools.map((t) => t.returns.schema), plan.schemas);
  const components = { ...reachableSchemas(inputRoots, plan.schemas), ...relaxed.schemas };
  const shared = componentsToZod({ dialect: "openapi-3.1", components, normalized: true, formatHelpers: "import" });
  const diagnostics: Diagnostic[] = [...shared.diagnostics];
  const tools: Record<string, CompiledPlanSchemas["tools"][string]> = {};
  const options = { dialect: "openapi-3.1" as const, components, external: shared.refs, normalized: true, formatHelpers: "import" as const };
  for (const [index, tool] of plan.tools.entries()) {
    const input = compileSchema(inputRoots[index] as JsonSchema, options);
    const output = compileSchema(relaxed.roots[index] as JsonSchema, options);
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
