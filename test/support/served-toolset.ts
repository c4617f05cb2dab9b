// A spec planned, sized and bound in process: the tools a generated package would serve, without writing or compiling it.
import { plan } from "../../src/api/plan.js";
import { sizePlan, type SizedPlan, type SizingOptions } from "../../src/emit/definitions.js";
import { evaluateInputs, evaluateToolSchemas } from "../../src/eval/zod-schemas.js";
import { toToolSpec, toToolsetSpec } from "../../src/emit/specs.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import type { PlanOptions } from "../../src/options.js";
import { defineTool } from "../../src/runtime/tool.js";
import { bindToolset, createRuntime, createToolset } from "../../src/runtime/toolset.js";
import type { BoundTool, Runtime } from "../../src/runtime/tool.js";
import type { Tool, ToolsetOptions } from "../../src/runtime/types.js";

export interface ServedToolset {
  readonly sized: SizedPlan;
  /** Binds the served tools (as the generated index.ts does) to `options`. */
  bind(options: ToolsetOptions): Record<string, Tool>;
  /** Binds them to a runtime the test keeps (to approve a queued request as the approvals command does). */
  bindRuntime(options: ToolsetOptions): { runtime: Runtime; tools: Record<string, BoundTool> };
}

/**
 * Plans `options`, sizes the plan as `generate` does, and returns it with a binder for its tools; with `outputSchemas`
 * each tool also has the output schema its generated module gives it (what an MCP client checks results against).
 */
export async function servedToolset(
  options: PlanOptions,
  sizing: SizingOptions = {},
  { outputSchemas = false }: { readonly outputSchemas?: boolean } = {},
): Promise<ServedToolset> {
  const planned = await plan(options);
  if (!planned.plan) throw new Error(`planning failed: ${planned.diagnostics.map((d) => d.message).join("; ")}`);
  const compiled = compilePlanSchemas(planned.plan);
  const sized = sizePlan(planned.plan, compiled, sizing);
  const schemas = evaluateInputs(compiled);
  const outputs = outputSchemas ? evaluateToolSchemas(compiled) : undefined;
  const definitions = sized.plan.tools.map((tool) =>
    defineTool({
      spec: toToolSpec(tool),
      inputSchema: schemas[tool.name]!,
      ...(outputs === undefined ? {} : { outputSchema: outputs[tool.name]!.outputSchema }),
    }),
  );
  const toolset = toToolsetSpec(sized.plan.toolset, sized.plan.tools, "1.0.0");
  return {
    sized,
    bind: (bindOptions) => createToolset(definitions, toolset, bindOptions),
    bindRuntime: (bindOptions) => {
      const runtime = createRuntime(toolset, bindOptions);
      return { runtime, tools: bindToolset(definitions, runtime) };
    },
  };
}
