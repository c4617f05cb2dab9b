// What an operator approves: previewApproval turns a queued request + its tool's spec into each step's method, filled
// path, read-or-change and run-time targets (pure data); `approvals show` prints it under the request.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  bindToolset,
  createRuntime,
  defineTool,
  previewApproval,
  previewLines,
  runApprovalsCli,
} from "../../src/runtime/index.js";
import type { CallTransport } from "../../src/runtime/transport.js";
import type {
  ParamSpec,
  PendingApproval,
  StepSpec,
  ToolSpec,
  ToolsetSpec,
  ValueExpr,
} from "../../src/runtime/types.js";

const expr = (text: string): ValueExpr => ({ kind: "expr", text });
const param = (name: string, where: ParamSpec["in"], value: ValueExpr, required = true): ParamSpec => ({
  name,
  in: where,
  style: where === "query" ? "form" : "simple",
  explode: where === "query",
  allowReserved: false,
  required,
  value,
});
const step = (init: Pick<StepSpec, "id" | "method" | "path" | "params"> & Partial<StepSpec>): StepSpec => ({
  operationId: init.id,
  outputs: {},
  dependsOn: [],
  readOnly: init.method === "get",
  security: [],
  successStatus: "200",
  responseDescriptions: {},
  errorHints: {},
  successCriteria: [],
  onSuccess: [],
  onFailure: [],
  ...init,
});
const tool = (name: string, inputs: ToolSpec["inputs"], steps: StepSpec[]): ToolSpec => ({
  name,
  title: name,
  description: name,
  risk: "high",
  category: "action",
  approval: "required",
  inputs,
  steps,
  returns: { narrowingInputs: [] },
  annotations: {
    readOnlyHint: false,
    destructiveHint: steps.some((s) => s.method === "delete"),
    idempotentHint: false,
    openWorldHint: true,
  },
});

const findThenDelete = tool(
  "delete_pet_by_name",
  [
    { name: "name", required: true },
    { name: "status", required: false },
  ],
  [
    step({
      id: "find",
      method: "get",
      path: "/pets",
      params: [param("name", "query", expr("$inputs.name")), param("status", "query", expr("$inputs.status"), false)],
      outputs: { id: "$response.body#/0/id" },
    }),
    step({
      id: "remove",
      method: "delete",
      path: "/pets/{petId}",
      params: [
        param("petId", "path", expr("$steps.find.outputs.id")),
        param("reason", "query", { kind: "literal", value: "adopted" }),
      ],
      dependsOn: ["find"],
    }),
  ],
);

const placeOrder = tool(
  "place_order",
  [
    { name: "store_id", sourceName: "storeId", required: true },
    { name: "sku", required: true },
    { name: "card", required: true },
    { name: "api_key", required: true },
  ],
  [
    step({
      id: "order",
      method: "post",
      path: "/stores/{storeId}/orders",
      params: [
        param("storeId", "path", expr("$inputs.storeId")),
        param("X-Api-Key", "header", expr("$inputs.api_key")),
      ],
      body: {
        mediaType: "application/json",
        kind: "json",
        value: {
          kind: "object",
          entries: [
            ["sku", expr("$inputs.sku")],
            ["card", expr("$inputs.card")],
            ["note", { kind: "template", text: "for store {$inputs.storeId}" }],
          ],
        },
      },
    }),
  ],
);

describe("previewApproval", () => {
  it("find-then-delete: the read is a read, the delete changes state and its target is chosen at run time by `find`", () => {
    const preview = previewApproval({ tool: findThenDelete.name, arguments: { name: "Rex" } }, findThenDelete);
    expect(preview).toMatchObject({ tool: "delete_pet_by_name", changes: 1, targetChosenAtRunTime: true });
    expect(preview.steps.map((s) => [s.method, s.path, s.effect, s.destructive, s.targetChosenBy])).toEqual([
      ["GET", "/pets", "read", false, []],
      ["DELETE", "/pets/{petId}", "change", true, ["find"]],
    ]);
    expect(preview.steps[0]?.values).toEqual([
      { name: "name", in: "query", source: { kind: "known", value: "Rex", input: "name" } },
      { name: "status", in: "query", source: { kind: "absent", input: "status" } },
    ]);
    expect(preview.steps[1]?.values[0]).toEqual({
      name: "petId",
      in: "path",
      source: { kind: "run-time", steps: ["find"], expression: "$steps.find.outputs.id" },
    });
  });

  it("fills the path with known arguments (through renamed inputs) and keeps secrets redacted", () => {
    const preview = previewApproval(
      {
        tool: placeOrder.name,
        arguments: { store_id: "s/1", sku: "A-1", card: "[REDACTED]", api_key: "sk-live-raw-123" },
      },
      placeOrder,
    );
    expect(preview).toMatchObject({ changes: 1, targetChosenAtRunTime: false });
    expect(preview.steps[0]).toMatchObject({
      method: "POST",
      path: "/stores/s%2F1/orders",
      effect: "change",
      destructive: false,
      targetChosenBy: [],
    });
    expect(
      preview.steps[0]?.values.map((v) => [v.name, v.source.kind === "known" ? v.source.value : v.source.kind]),
    ).toEqual([
      ["storeId", "s/1"],
      ["X-Api-Key", "[REDACTED]"],
      ["sku", "A-1"],
      ["card", "[REDACTED]"],
      ["note", "for store s/1"],
    ]);
    expect(JSON.stringify(preview)).not.toContain("sk-live-raw-123");
  });

  it("an upsert that reads first tells the approver it creates the target when nothing is there", () => {
    const upsert = tool(
      "set_secret",
      [{ name: "value", required: false }],
      [
        step({
          id: "secret",
          method: "put",
          path: "/secrets/s1",
          params: [],
          body: {
            mediaType: "application/json",
            kind: "json",
            value: { kind: "object", entries: [["value", expr("$inputs.value")]] },
            keepCurrent: {
              operationId: "Secrets_Get",
              pointer: "",
              properties: ["value", "tags"],
              createsWhenAbsent: { required: ["value"] },
            },
          },
        }),
      ],
    );
    const lines = previewLines(previewApproval({ tool: "set_secret", arguments: { value: "x" } }, upsert));
    expect(lines).toContain(
      "     unchanged: tags keep their current values, read by Secrets_Get just before the change.",
    );
    expect(lines).toContain("     if Secrets_Get finds nothing there, this creates it with only the values above.");
  });
});

const sendSms = tool(
  "send_sms",
  [{ name: "to", required: true }],
  [
    step({
      id: "message",
      method: "post",
      path: "/Accounts/{AccountSid}/Messages.json",
      params: [param("AccountSid", "path", expr("$config.account_sid"))],
      body: {
        mediaType: "application/json",
        kind: "json",
        value: { kind: "object", entries: [["To", expr("$inputs.to")]] },
      },
    }),
  ],
);

describe("previewApproval of a configured value", () => {
  it("shows the configured account in the path, a known value the operator set", () => {
    const preview = previewApproval({ tool: "send_sms", arguments: { to: "+1555" } }, sendSms, {
      account_sid: "AC0123456789abcdef0123456789abcdef",
    });
    expect(preview.steps[0]?.path).toBe("/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json");
    expect(preview.steps[0]?.values[0]).toEqual({
      name: "AccountSid",
      in: "path",
      source: { kind: "known", value: "AC0123456789abcdef0123456789abcdef" },
    });
    expect(preview.targetChosenAtRunTime).toBe(false);
  });

  it("without the configuration at hand, names the expression and keeps the placeholder", () => {
    const preview = previewApproval({ tool: "send_sms", arguments: { to: "+1555" } }, sendSms);
    expect(preview.steps[0]?.path).toBe("/Accounts/{AccountSid}/Messages.json");
    expect(preview.steps[0]?.values[0]?.source).toEqual({
      kind: "run-time",
      steps: [],
      expression: "$config.account_sid",
    });
  });
});

describe("approvals show", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("prints each step with its method, filled path and effect, and the delete's target the read found when queued", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "aci-preview-"));
    dirs.push(stateDir);
    const toolset: ToolsetSpec = {
      name: "pets",
      version: "1.0.0",
      envPrefix: "PETS",
      servers: [{ url: "https://api.test", variables: {} }],
      securitySchemes: {},
      maxReturnBytes: 2048,
      timeoutMs: 5000,
    };
    let calls = 0;
    const transport: CallTransport = {
      async call() {
        calls++;
        return { ok: true, status: 200, headers: new Headers(), body: [{ id: 7 }], url: "https://api.test/pets" };
      },
    };
    const runtime = createRuntime(toolset, { env: {}, stateDir }, { transport });
    const schema = z.object({ name: z.string(), status: z.string().optional() });
    const tools = bindToolset([defineTool({ spec: findThenDelete, inputSchema: schema })], runtime);
    const pending = (await tools.delete_pet_by_name?.run({ name: "Rex" })) as PendingApproval;
    const lines: string[] = [];
    expect(
      await runApprovalsCli(["show", pending.request_id], tools, runtime, {
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
      }),
    ).toBe(0);
    const text = lines.join("\n");
    expect(text).toContain("What approving runs (2 steps, 1 changing state):");
    expect(text).toMatch(/1\. find\s+GET\s+\/pets\?name=Rex\s+reads/);
    expect(text).toMatch(/2\. remove\s+DELETE\s+\/pets\/7\?reason=adopted\s+CHANGES STATE \(deletes\)/);
    expect(text).toContain("petId was found by step find when the request was queued");
    expect(text).not.toContain("chosen at run time");
    expect(calls).toBe(1);
  });
});
