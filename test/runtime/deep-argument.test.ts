// An argument nested 10,000 levels deep (an open object or `unknown` body) through the real runtime: INVALID_ARGUMENT.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolset, defineTool } from "../../src/runtime/index.js";
import type { ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";

const toolset: ToolsetSpec = {
  name: "deep",
  version: "1.0.0",
  envPrefix: "DEEP",
  servers: [{ url: "https://api.test/v1", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

const spec = (risk: ToolSpec["risk"], approval: ToolSpec["approval"]): ToolSpec => ({
  name: "put_thing",
  title: "Put thing",
  description: "Put the thing.",
  risk,
  category: "data",
  approval,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  inputs: [],
  steps: [],
  returns: { narrowingInputs: [] },
});

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

const CASES = [
  { risk: "low", approval: "none", traced: false },
  { risk: "low", approval: "none", traced: true },
  { risk: "high", approval: "none", traced: true },
  { risk: "high", approval: "required", traced: true },
] as const;

describe("an argument nested 10,000 levels deep", () => {
  it.each(CASES)("risk $risk, approval $approval, traced $traced: INVALID_ARGUMENT, nothing thrown", async (c) => {
    let fetched = 0;
    const tools = createToolset(
      [
        defineTool({
          spec: spec(c.risk, c.approval),
          inputSchema: z.strictObject({ body: z.record(z.string(), z.unknown()), extra: z.unknown().optional() }),
        }),
      ],
      toolset,
      {
        stateDir: mkdtempSync(join(tmpdir(), "aci-deep-arg-")),
        env: c.traced ? { DEEP_TRACE_ARGS: "redacted" } : {},
        credentials: {},
        fetch: async () => {
          fetched++;
          return new Response("{}");
        },
      },
    );
    for (const input of [
      { body: nested(10_000, (inner) => ({ a: inner })) },
      { body: {}, extra: nested(10_000, (inner) => [inner]) },
    ]) {
      const result = await tools.put_thing?.run(input);
      expect(result).toMatchObject({ error: { code: "INVALID_ARGUMENT", retryable: false } });
      expect(JSON.stringify(result)).toContain("the arguments nest deeper than 64 levels; nothing was sent.");
    }
    expect(fetched).toBe(0);
  });
});
