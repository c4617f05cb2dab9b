// zodToJsonSchema: shared subschemas written in place, unless inlining a fan-out would expand past the node limit.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodToJsonSchema } from "../../src/runtime/adapters/shared.js";

function fanout(depth: number): z.ZodType {
  let node: z.ZodType = z.string();
  for (let i = 0; i < depth; i++) node = z.object({ a: node, b: node });
  return node;
}

describe("zodToJsonSchema", () => {
  it("writes a shared subschema in place when the expansion is small", () => {
    const schema = zodToJsonSchema(fanout(3), "input");
    expect(schema["$defs"]).toBeUndefined();
    expect(JSON.stringify(schema)).not.toContain("$ref");
  });

  it("keeps a fan-out that would expand exponentially as $defs references", () => {
    const schema = zodToJsonSchema(fanout(40), "input");
    expect(Object.keys(schema["$defs"] as object).length).toBeGreaterThan(30);
    expect(JSON.stringify(schema).length).toBeLessThan(20_000);
  });
});
