// Evaluates a plan's compiled Zod schemas and shows each tool as a model sees it (name, description, JSON Schema), with its size in o200k tokens.
import { createRequire } from "node:module";
import { z } from "zod";
import type { ToolPlan } from "../planner/types.js";
import { defineTool } from "../runtime/tool.js";
import { toToolSpec } from "./specs.js";
import { compilePlanSchemas, type CompiledPlanSchemas } from "./tool-schema.js";
import { FORMAT_PREDICATES, formatHelperName } from "./zod/formats.js";

type Tokenizer = typeof import("gpt-tokenizer/encoding/o200k_base");
let tokenizer: Tokenizer | undefined;

/**
 * o200k tokens of `text`. The encoder (~300 ms to load: its rank table is a multi-megabyte module) is required on
 * first use, so commands that never count tokens (`generate`, `check`) do not pay for it just by importing this file.
 */
function countTokens(text: string): number {
  tokenizer ??= createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as Tokenizer;
  return tokenizer.countTokens(text);
}

/** A tool definition exactly as an MCP client lists it. */
export interface ToolDefinitionView {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  /** o200k tokens of the JSON of this definition. */
  readonly tokens: number;
}

/** Every tool's definition and token count; evaluates the generated Zod source once per plan. */
export function toolDefinitions(plan: ToolPlan, compiled: CompiledPlanSchemas = compilePlanSchemas(plan)): ToolDefinitionView[] {
  const schemas = evaluateInputs(compiled);
  return plan.tools.map((tool) => {
    const schema = schemas[tool.name];
    const advertised = schema ? defineTool({ spec: toToolSpec(tool), inputSchema: schema }).inputSchema : undefined;
    const inputSchema = advertised ? (z.toJSONSchema(advertised, { unrepresentable: "any", io: "input" }) as Record<string, unknown>) : {};
    delete inputSchema["$schema"];
    const definition = { name: tool.name, description: tool.description, inputSchema };
    return { ...definition, tokens: countTokens(JSON.stringify(definition)) };
  });
}

function evaluateInputs(compiled: CompiledPlanSchemas): Record<string, z.ZodType> {
  // The plan's schemas name the format predicates the generated package's formats.ts defines; define them here too.
  const helpers = Object.entries(FORMAT_PREDICATES).map(([format, predicate]) => `const ${formatHelperName(format)} = ${predicate};`);
  const lines = [...helpers, ...compiled.shared.map((d) => `const ${d.name} = ${d.expression};`)];
  const entries = Object.entries(compiled.tools).map(([name, t]) => {
    const locals = t.inputLocals.map((l) => `const ${l.name} = ${l.expression};`).join(" ");
    return `${JSON.stringify(name)}: (() => { ${locals} return ${t.input}; })()`;
  });
  const source = `${lines.join("\n")}\nreturn {${entries.join(",\n")}};`;
  return new Function("z", source)(z) as Record<string, z.ZodType>;
}
