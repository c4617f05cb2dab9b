// Reads before the queue: a gated tool runs the reads that choose its target when called (a miss answers at once,
// nothing queued), records what they found, fills the preview with it, and at approval reads again — CONFLICT, with
// nothing changed, when the answer moved.
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
  runApprovalsCli,
  showApproval,
} from "../../src/runtime/index.js";
import { targetReadIds, targetSelectingInputs } from "../../src/runtime/approval/target-reads.js";
import type { CallTransport, OperationRequest } from "../../src/runtime/transport.js";
import type { PendingApproval, StepSpec, ToolSpec, ToolsetSpec, ValueExpr } from "../../src/runtime/types.js";

const expr = (text: string): ValueExpr => ({ kind: "expr", text });
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

/** Jira's create_issue: the issue type by name (a pick), then a body whose one nested leaf is the type's id. */
const createIssue: ToolSpec = {
  name: "create_issue",
  title: "Create issue",
  description: "Create an issue.",
  risk: "high",
  category: "action",
  approval: "required",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputs: [
    { name: "issue_type", required: true },
    { name: "project_key", required: true },
    { name: "summary", required: true },
  ],
  returns: { narrowingInputs: [] },
  steps: [
    step({
      id: "type",
      method: "get",
      path: "/issuetype",
      params: [],
      pick: { from: "", where: [["/name", expr("$inputs.issue_type")]], paged: false },
      outputs: { id: "$response.body#/id" },
    }),
    step({
      id: "issue",
      method: "post",
      path: "/issue",
      params: [],
      dependsOn: ["type"],
      body: {
        mediaType: "application/json",
        kind: "json",
        value: {
          kind: "object",
          entries: [
            [
              "fields",
              {
                kind: "object",
                entries: [
                  ["project", { kind: "object", entries: [["key", expr("$inputs.project_key")]] }],
                  ["summary", expr("$inputs.summary")],
                  ["issuetype", { kind: "object", entries: [["id", expr("$steps.type.outputs.id")]] }],
                ],
              },
            ],
          ],
        },
      },
      outputs: { key: "$response.body#/key" },
    }),
  ],
};

const toolset: ToolsetSpec = {
  name: "jira",
  version: "1.0.0",
  envPrefix: "JIRA",
  servers: [{ url: "https://jira.test", variables: {} }],
  securitySchemes: {},
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

/** An upstream whose issue types can change between calls; records every request it gets. */
function upstream(types: { id: string; name: string }[]) {
  const seen: string[] = [];
  const transport: CallTransport = {
    async call(request: OperationRequest) {
      seen.push(`${request.step.method.toUpperCase()} ${request.step.path}`);
      const body = request.step.id === "type" ? types : { key: "KAN-1" };
      return { ok: true, status: 200, headers: new Headers(), body, url: `https://jira.test${request.step.path}` };
    },
  };
  return { seen, transport };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(types: { id: string; name: string }[]) {
  const stateDir = mkdtempSync(join(tmpdir(), "aci-target-reads-"));
  dirs.push(stateDir);
  const { seen, transport } = upstream(types);
  const runtime = createRuntime(toolset, { env: {}, stateDir }, { transport });
  const schema = z.object({ issue_type: z.string(), project_key: z.string(), summary: z.string() });
  const tools = bindToolset([defineTool({ spec: createIssue, inputSchema: schema })], runtime);
  return { seen, runtime, tools };
}

const ARGS = { issue_type: "Bug", project_key: "KAN", summary: "Login fails" };
const io = (lines: string[]) => ({ out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) });

describe("target reads of a tool", () => {
  it("are the reads a changing step depends on; inputs only they use are the ones that name the target", () => {
    expect(targetReadIds(createIssue.steps)).toEqual(["type"]);
    expect(targetSelectingInputs(createIssue.steps)).toEqual(["issue_type"]);
    const readsOnly = createIssue.steps.slice(0, 1);
    expect(targetReadIds(readsOnly)).toEqual([]);
    const [type, issue] = createIssue.steps as [StepSpec, StepSpec];
    const stateRead = { ...type, pick: undefined, outputs: { version: "$response.body#/metadata/resourceVersion" } };
    expect(targetReadIds([stateRead, issue])).toEqual([]);
    const firstListed = { ...stateRead, outputs: { id: "$response.body#/items/0/id" } };
    expect(targetReadIds([firstListed, issue])).toEqual(["type"]);
  });
});

describe("reads before the queue", () => {
  it("a miss answers NOT_FOUND with close matches at once: nothing is queued and nothing changes", async () => {
    const { seen, runtime, tools } = setup([
      { id: "1", name: "Bug" },
      { id: "2", name: "Task" },
    ]);
    const result = await tools.create_issue?.run({ ...ARGS, issue_type: "bug" });
    expect(result).toMatchObject({
      error: { code: "NOT_FOUND", step: "type", suggestion: expect.stringContaining('Close matches: "Bug"') },
    });
    expect(seen).toEqual(["GET /issuetype"]);
    expect(await runtime.state.list()).toEqual([]);
  });

  it("a found target is recorded with the request and filled into the whole preview, the nested body included", async () => {
    const { seen, runtime, tools } = setup([{ id: "10001", name: "Bug" }]);
    const pending = (await tools.create_issue?.run(ARGS)) as PendingApproval;
    expect(pending.status).toBe("pending_approval");
    expect(seen).toEqual(["GET /issuetype"]);
    const record = await showApproval(runtime.state, pending.request_id);
    expect(record?.resolved).toEqual({ type: { id: "10001" } });
    const preview = previewApproval(record as NonNullable<typeof record>, createIssue);
    expect(preview).toMatchObject({ targetResolved: true, targetChosenAtRunTime: false });
    expect(preview.steps[1]?.values).toEqual([
      {
        name: "fields",
        in: "body",
        source: {
          kind: "object",
          entries: [
            ["project", { kind: "known", value: { key: "KAN" } }],
            ["summary", { kind: "known", value: "Login fails", input: "summary" }],
            [
              "issuetype",
              {
                kind: "object",
                entries: [
                  ["id", { kind: "read", value: "10001", steps: ["type"], expression: "$steps.type.outputs.id" }],
                ],
              },
            ],
          ],
        },
      },
    ]);
    const lines: string[] = [];
    expect(await runApprovalsCli(["show", pending.request_id], tools, runtime, io(lines))).toBe(0);
    const text = lines.join("\n");
    expect(text).toContain(
      'body: fields={"project":{"key":"KAN"},"summary":"Login fails","issuetype":{"id":"10001" [found by step type]}}',
    );
    expect(text).not.toContain("chosen at run time");
    expect(text).toContain("Approving runs them again and, if any answer changed, changes nothing");
  });

  it("approval reads again and runs the action with the same target", async () => {
    const { seen, runtime, tools } = setup([{ id: "10001", name: "Bug" }]);
    const pending = (await tools.create_issue?.run(ARGS)) as PendingApproval;
    const lines: string[] = [];
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, io(lines))).toBe(0);
    expect(seen).toEqual(["GET /issuetype", "GET /issuetype", "POST /issue"]);
    expect(await tools.create_issue?.run({ request_id: pending.request_id })).toEqual({ key: "KAN-1" });
    const lines2: string[] = [];
    await runApprovalsCli(["show", pending.request_id], tools, runtime, io(lines2));
    expect(lines2.join("\n")).toContain("What approving ran (2 steps, 1 changing state):");
  });

  it("a target that changed after queueing: CONFLICT naming what changed, and the action is never sent", async () => {
    const types = [{ id: "10001", name: "Bug" }];
    const { seen, runtime, tools } = setup(types);
    const pending = (await tools.create_issue?.run(ARGS)) as PendingApproval;
    types.splice(0, 1, { id: "10777", name: "Bug" });
    const lines: string[] = [];
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, io(lines))).toBe(1);
    expect(seen).toEqual(["GET /issuetype", "GET /issuetype"]);
    expect(lines.join("\n")).toContain(
      'step \\"type\\" output id was \\"10001\\" when the request was queued and is now \\"10777\\"',
    );
    expect(await tools.create_issue?.run({ request_id: pending.request_id })).toMatchObject({
      error: {
        code: "CONFLICT",
        message: expect.stringContaining(
          'step "type" output id was "10001" when the request was queued and is now "10777"',
        ),
        retryable: false,
      },
    });
  });

  it("a target gone or ambiguous at approval is a CONFLICT too", async () => {
    const types = [{ id: "10001", name: "Bug" }];
    const { seen, runtime, tools } = setup(types);
    const pending = (await tools.create_issue?.run(ARGS)) as PendingApproval;
    types.push({ id: "10002", name: "Bug" });
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, io([]))).toBe(1);
    expect(seen).not.toContain("POST /issue");
    expect(await tools.create_issue?.run({ request_id: pending.request_id })).toMatchObject({
      error: { code: "CONFLICT", message: expect.stringContaining("2 items have name") },
    });
  });

  it("asked through elicitation, the human reads the whole preview with the found target filled in", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "aci-target-reads-"));
    dirs.push(stateDir);
    const { transport } = upstream([{ id: "10001", name: "Bug" }]);
    const runtime = createRuntime(toolset, { env: {}, stateDir, approval: "elicit" }, { transport });
    const schema = z.object({ issue_type: z.string(), project_key: z.string(), summary: z.string() });
    const tools = bindToolset([defineTool({ spec: createIssue, inputSchema: schema })], runtime);
    const asked: string[] = [];
    const result = await tools.create_issue?.run(ARGS, {
      elicitApproval: async (_request, message) => (asked.push(message), false),
    });
    expect(result).toMatchObject({ error: { code: "APPROVAL_REJECTED" } });
    expect(asked).toEqual([expect.stringContaining('"issuetype":{"id":"10001" [found by step type]}')]);
    expect(asked[0]).toMatch(/^Allow create_issue\?\nWhat approving runs \(2 steps, 1 changing state\):/);
  });

  it("a rejection carries the operator's reason as a field", async () => {
    const { runtime, tools } = setup([{ id: "10001", name: "Bug" }]);
    const pending = (await tools.create_issue?.run(ARGS)) as PendingApproval;
    await runApprovalsCli(["reject", pending.request_id, "--reason", "wrong project"], tools, runtime, io([]));
    expect(await tools.create_issue?.run({ request_id: pending.request_id })).toMatchObject({
      error: { code: "APPROVAL_REJECTED", reason: "wrong project" },
    });
  });
});
