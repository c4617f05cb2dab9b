// Every tool of every example in examples/ is served with 1–3 input examples, each valid against the tool's whole input
// schema by ajv (an independent oracle over the advertised JSON Schema) and by the tool's own Zod schema.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { INPUT_EXAMPLES_META, toolToMcpDefinition } from "../../src/runtime/adapters/mcp.js";
import { zodToJsonSchema } from "../../src/runtime/adapters/shared.js";
import { servedToolset } from "../support/served-toolset.js";

const ROOT = join(import.meta.dirname, "../..");
const EXAMPLES = JSON.parse(readFileSync(join(ROOT, "examples/examples.json"), "utf8")) as {
  name: string;
  spec: string;
  goals: string;
}[];

function oracle(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

describe.each(EXAMPLES)("the $name example", ({ spec, goals }) => {
  it("serves every tool with 1–3 input examples, each valid against its input schema", async () => {
    const served = await servedToolset({ spec: join(ROOT, spec), goals: join(ROOT, goals) });
    expect(served.sized.diagnostics.filter((d) => d.code.includes("INPUT_EXAMPLE"))).toEqual([]);
    const tools = Object.values(served.bind({ env: {}, credentials: {}, baseUrl: "http://127.0.0.1:9" }));
    expect(tools.length).toBeGreaterThan(0);
    const ajv = oracle();
    for (const tool of tools) {
      const examples = tool.examples ?? [];
      expect(examples.length, tool.name).toBeGreaterThanOrEqual(1);
      expect(examples.length, tool.name).toBeLessThanOrEqual(3);
      const validate = ajv.compile(zodToJsonSchema(tool.inputSchema, "input"));
      for (const example of examples) {
        const shown = `${tool.name} ${JSON.stringify(example)}`;
        expect(validate(example) ? [] : validate.errors, shown).toEqual([]);
        expect(tool.inputSchema.safeParse(example).success, shown).toBe(true);
      }
      expect(toolToMcpDefinition(tool)._meta?.[INPUT_EXAMPLES_META], tool.name).toEqual(examples);
    }
  }, 120_000);
});

describe("the oracle", () => {
  it("rejects an example that breaks the schema (so the checks above can fail)", () => {
    const validate = oracle().compile({
      type: "object",
      properties: { id: { type: "string", pattern: "^O-[0-9]{4}$" } },
      required: ["id"],
    });
    expect(validate({ id: "O-1024" })).toBe(true);
    expect(validate({ id: "nope" })).toBe(false);
  });
});
