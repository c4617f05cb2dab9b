// A served plan → the tools/list entries of the tools listed before any search, computed as the server would, for the catalog.
import { z } from "zod";
import type { ToolPlan } from "../planner/types.js";
import { toolToMcpDefinition } from "../runtime/adapters/definition.js";
import { withoutSpecDefaults } from "../runtime/spec-defaults.js";
import { defineTool, toolFields } from "../runtime/tool.js";
import type { Tool } from "../runtime/types.js";
import { toToolSpec } from "./specs.js";
import type { CompiledPlanSchemas } from "./tool-schema.js";
import { FORMAT_PREDICATES, formatHelperName } from "./zod/formats.js";

/**
 * The tools/list entry of every tool listed before any search (all of them, or the core of a toolset served with tool
 * search): the tool's input and output schemas evaluated from the same Zod source its module holds, and given to the
 * runtime's own `toolToMcpDefinition`, so the server lists them without importing a tool module.
 */
export function listedDefinitions(plan: ToolPlan, compiled: CompiledPlanSchemas): Map<string, Record<string, unknown>> {
  const listed = plan.tools.filter((tool) => tool.deferLoading !== true);
  const schemas = evaluateToolSchemas(compiled, new Set(listed.map((tool) => tool.name)));
  const definitions = new Map<string, Record<string, unknown>>();
  for (const tool of listed) {
    const own = schemas[tool.name];
    if (own === undefined) throw new Error(`no compiled schemas for tool ${tool.name}`);
    const def = defineTool({ spec: withoutSpecDefaults(toToolSpec(tool)), ...own });
    const definition = toolToMcpDefinition(toolFields(def) as Tool);
    definitions.set(tool.name, JSON.parse(JSON.stringify(definition)) as Record<string, unknown>);
  }
  return definitions;
}

/** The input and output Zod schemas of the tools `names`, evaluated with the shared schemas and format predicates. */
function evaluateToolSchemas(
  compiled: CompiledPlanSchemas,
  names: ReadonlySet<string>,
): Record<string, { inputSchema: z.ZodType; outputSchema: z.ZodType }> {
  if (names.size === 0) return {};
  const helpers = Object.entries(FORMAT_PREDICATES).map(
    ([format, predicate]) => `const ${formatHelperName(format)} = ${predicate};`,
  );
  const lines = [...helpers, ...compiled.shared.map((d) => `const ${d.name} = ${d.expression};`)];
  const local = (locals: readonly { name: string; expression: string }[]): string =>
    locals.map((l) => `const ${l.name} = ${l.expression};`).join(" ");
  const entries = Object.entries(compiled.tools)
    .filter(([name]) => names.has(name))
    .map(
      ([name, t]) =>
        `${JSON.stringify(name)}: { inputSchema: (() => { ${local(t.inputLocals)} return ${t.input}; })(), ` +
        `outputSchema: (() => { ${local(t.outputLocals)} return ${t.output}; })() }`,
    );
  const source = `${lines.join("\n")}\nreturn {${entries.join(",\n")}};`;
  return new Function("z", source)(z) as Record<string, { inputSchema: z.ZodType; outputSchema: z.ZodType }>;
}
