// A served plan → the tools/list entries of the tools listed before any search, as the server computes them, for the catalog.
import type { ToolDef, ToolPlan } from "../planner/types.js";
import { mcpDefinition } from "../runtime/adapters/definition.js";
import { withoutSpecDefaults, withSpecDefaults } from "../runtime/spec-defaults.js";
import { specFields } from "../runtime/tool.js";
import { toToolSpec } from "./specs.js";
import type { CompiledPlanSchemas } from "./tool-schema.js";
import { evaluateSchema, type Scope } from "./zod-json/nodes.js";
import { servedInput, servedJsonSchema, sharedScope, toolScope } from "./zod-json/served.js";

/**
 * The tools/list entry of every tool listed before any search (all of them, or the core of a toolset served with tool
 * search): the tool's input and output JSON Schemas read from the same Zod source its module holds (zod-json/, never
 * run) and given to the runtime's own `mcpDefinition`, so the server lists them without importing a tool module.
 */
export function listedDefinitions(plan: ToolPlan, compiled: CompiledPlanSchemas): Map<string, Record<string, unknown>> {
  const listed = plan.tools.filter((tool) => tool.deferLoading !== true);
  const definitions = new Map<string, Record<string, unknown>>();
  if (listed.length === 0) return definitions;
  const shared = sharedScope(compiled.shared);
  for (const tool of listed) definitions.set(tool.name, listedDefinition(tool, compiled, shared));
  return definitions;
}

/** One tool's tools/list entry, as the generated server gives it (`toolToMcpDefinition` of its module's tool). */
export function listedDefinition(
  tool: ToolDef,
  compiled: CompiledPlanSchemas,
  shared: Scope = sharedScope(compiled.shared),
): Record<string, unknown> {
  const source = compiled.tools[tool.name];
  if (source === undefined) throw new Error(`no compiled schemas for tool ${tool.name}`);
  const spec = withSpecDefaults(withoutSpecDefaults(toToolSpec(tool)));
  const input = evaluateSchema(source.inputCode, toolScope(shared, source.inputLocals));
  const output = evaluateSchema(source.outputCode, toolScope(shared, source.outputLocals));
  const definition = mcpDefinition(specFields(spec), {
    input: servedJsonSchema(servedInput(input, spec.approval === "required"), "input"),
    output: servedJsonSchema(output, "output"),
  });
  return JSON.parse(JSON.stringify(definition)) as Record<string, unknown>;
}
