// A compiled plan's Zod source → the tools' Zod schemas, evaluated in process (eval binds tools to run them; generation never evaluates them).
import { z } from "zod";
import type { CompiledPlanSchemas } from "../emit/tool-schema.js";
import { formatHelpersScript } from "../emit/zod/formats.js";

/** A tool's Zod schemas, as its generated module builds them. */
export interface EvaluatedToolSchemas {
  readonly inputSchema: z.ZodType;
  readonly outputSchema: z.ZodType;
}

/**
 * Every tool's input and output Zod schemas, by tool name (the generated source evaluated in process). The shared
 * schemas are built once; a tool's own are built each time they are read, so a caller holds one tool's Zod objects at
 * a time (a few kilobytes each: tens of thousands of tools held at once filled the heap).
 */
export function evaluateToolSchemas(compiled: CompiledPlanSchemas): Record<string, EvaluatedToolSchemas> {
  // The plan's schemas name the format predicates the generated package's formats.ts defines; define them here too.
  const lines = [formatHelpersScript(), ...compiled.shared.map((d) => `const ${d.name} = ${d.expression};`)];
  const local = (locals: readonly { name: string; expression: string }[]): string =>
    locals.map((l) => `const ${l.name} = ${l.expression};`).join(" ");
  const entries = Object.entries(compiled.tools).map(
    ([name, t]) =>
      `get ${JSON.stringify(name)}() { return { ` +
      `get inputSchema() { ${local(t.inputLocals)} return ${t.input}; }, ` +
      `get outputSchema() { ${local(t.outputLocals)} return ${t.output}; } }; }`,
  );
  const source = `${lines.join("\n")}\nreturn {${entries.join(",\n")}};`;
  return new Function("z", source)(z) as Record<string, EvaluatedToolSchemas>;
}

/** Every tool's input Zod schema, by tool name (see {@link evaluateToolSchemas}). */
export function evaluateInputs(compiled: CompiledPlanSchemas): Record<string, z.ZodType> {
  const schemas = evaluateToolSchemas(compiled);
  const inputs: Record<string, z.ZodType> = {};
  for (const name of Object.keys(compiled.tools))
    Object.defineProperty(inputs, name, { get: () => schemas[name]?.inputSchema, enumerable: true });
  return inputs;
}
