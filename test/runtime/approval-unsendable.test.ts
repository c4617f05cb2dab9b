// A gated write that cannot be sent for want of a credential is no request for a human to approve: the model is told
// UNAUTHORIZED at once, nothing is queued or sent; with the credential set the call waits for approval as before.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolset, defineTool } from "../../src/runtime/index.js";
import type { ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { stepSpec } from "../support/step-spec.js";

const toolset: ToolsetSpec = {
  name: "chat",
  version: "1.0.0",
  envPrefix: "CHAT",
  servers: [{ url: "https://api.chat.test", variables: {} }],
  securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  maxReturnBytes: 4096,
  timeoutMs: 5000,
};

/** Finds a channel (a read, open to anyone) then posts to it (a write needing the bearer token). */
const spec = {
  name: "post_message",
  title: "Post message",
  description: "Post a message to a channel.",
  risk: "high",
  category: "action",
  approval: "required",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputs: [],
  steps: [
    stepSpec({ id: "find", operationId: "findChannel", method: "get", path: "/channels" }),
    stepSpec({
      id: "post",
      operationId: "postMessage",
      method: "post",
      path: "/messages",
      security: [{ bearer: [] }],
      dependsOn: ["find"],
    }),
  ],
  returns: { narrowingInputs: [] },
} satisfies ToolSpec;

function served(env: Record<string, string>) {
  const stateDir = mkdtempSync(join(tmpdir(), "aci-unsendable-"));
  const sent: string[] = [];
  const tools = createToolset([defineTool({ spec, inputSchema: z.strictObject({}) })], toolset, {
    stateDir,
    env,
    fetch: async (input) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return Response.json({ ok: true });
    },
  });
  return { tool: tools["post_message"], stateDir, sent };
}

describe("a gated write whose credential is not configured", () => {
  it("answers UNAUTHORIZED naming the variable, queues nothing, sends nothing", async () => {
    const { tool, stateDir, sent } = served({});
    const result = await tool?.run({});
    expect(result).toMatchObject({
      error: {
        code: "UNAUTHORIZED",
        step: "post",
        retryable: false,
        message:
          'step "post" (POST /messages): postMessage needs credentials (security scheme `bearer`) and none are ' +
          "configured; nothing was sent.",
      },
    });
    expect(JSON.stringify(result)).toContain("CHAT_BEARER");
    expect(JSON.stringify(result)).not.toContain("pending_approval");
    expect(sent).toEqual([]);
    const files = readdirSync(stateDir, { recursive: true }).map(String);
    expect(files.some((f) => /approval|pending|queue/i.test(f) && f.endsWith(".json"))).toBe(false);
  });

  it("with the credential set, waits for a human's approval as before", async () => {
    const { tool, sent } = served({ CHAT_BEARER: "t0ken" });
    expect(await tool?.run({})).toMatchObject({ status: "pending_approval" });
    expect(sent).toEqual([]);
  });
});
