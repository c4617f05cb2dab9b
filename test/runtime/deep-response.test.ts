// A response nested 10,000 levels deep (a hostile or broken API) through the real runtime: never a thrown RangeError.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundDepth } from "../../src/runtime/http/depth.js";
import { createToolset, defineTool } from "../../src/runtime/index.js";
import type { StepSpec, ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";

const toolset: ToolsetSpec = {
  name: "deep",
  version: "1.0.0",
  envPrefix: "DEEP",
  servers: [{ url: "https://api.test/v1", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

const step: StepSpec = {
  id: "get",
  operationId: "getThing",
  method: "get",
  path: "/things",
  readOnly: true,
  security: [],
  successStatus: "200",
  responseDescriptions: {},
  errorHints: {},
  successCriteria: [],
  onSuccess: [],
  onFailure: [],
  dependsOn: [],
  outputs: {},
  params: [],
};

const spec: ToolSpec = {
  name: "get_thing",
  title: "Get thing",
  description: "Get the thing.",
  risk: "low",
  category: "data",
  approval: "none",
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  inputs: [],
  steps: [step],
  returns: { narrowingInputs: [] },
};

/** `open` applied `depth` times around `1`: `{"a":{"a":…1…}}`. */
function nested(depth: number, open: (inner: string) => string): string {
  let text = "1";
  for (let i = 0; i < depth; i++) text = open(text);
  return text;
}

async function run(body: string, status = 200): Promise<unknown> {
  const fetch = async () => new Response(body, { status, headers: { "content-type": "application/json" } });
  const tools = createToolset([defineTool({ spec, inputSchema: z.strictObject({}) })], toolset, {
    stateDir: mkdtempSync(join(tmpdir(), "aci-deep-")),
    env: {},
    credentials: {},
    fetch,
  });
  return tools.get_thing?.run({});
}

describe("a response nested 10,000 levels deep", () => {
  it("objects: the levels that fit, the rest said to be left out; no RangeError", async () => {
    const result = await run(nested(10_000, (inner) => `{"a":${inner},"n":1}`));
    const text = JSON.stringify(result);
    expect(text.length).toBeLessThanOrEqual(2048);
    expect(result).not.toHaveProperty("error");
    expect(text).toMatch(/"_truncated":"\d+ fields left out \(a\.a\./);
  });

  it("arrays: the cut at 256 levels is marked where it was made", async () => {
    const result = await run(nested(10_000, (inner) => `[${inner},1]`));
    const text = JSON.stringify(result);
    expect(result).not.toHaveProperty("error");
    expect(text).toContain(`${"[".repeat(255)}"[left out: nested deeper than 256 levels]",1]`);
    expect(text.length).toBeLessThanOrEqual(2048);
  });

  it("an error answer nested that deep: the API's HTTP 500, not a fault of the tool or an unreachable host", async () => {
    const result = await run(
      nested(10_000, (inner) => `{"error":${inner}}`),
      500,
    );
    expect(result).toMatchObject({ error: { code: "UPSTREAM_ERROR", status: 500, step: "get" } });
    expect(JSON.stringify(result)).toContain("failed with HTTP 500");
  });
});

describe("boundDepth", () => {
  it("a body within the bound is the same value, not a copy", () => {
    const body = { a: [{ b: 1 }], c: "x" };
    expect(boundDepth(body, 3)).toBe(body);
  });

  it("each container at the bound becomes the marker; own __proto__ members stay data", () => {
    const body = JSON.parse('{"a":{"b":{"c":1}},"__proto__":{"d":[1]},"e":[[2]]}') as unknown;
    const cut = boundDepth(body, 2) as Record<string, unknown>;
    expect(JSON.stringify(cut)).toBe(
      '{"a":{"b":"[left out: nested deeper than 2 levels]"},"__proto__":{"d":"[left out: nested deeper than 2 levels]"},' +
        '"e":["[left out: nested deeper than 2 levels]"]}',
    );
    expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
  });
});
