// One contract, two state stores (files, PostgreSQL): record, approve once under 50 concurrent claims from two
// replicas, reject, an executor SIGKILLed mid-call left interrupted and never re-run, audit order.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "rolldown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { requestOutcome } from "../../src/runtime/approval/gate.js";
import {
  approveRequest,
  bindToolset,
  createAuditLog,
  createFileStore,
  createPostgresStore,
  createRuntime,
  defineTool,
  rejectRequest,
  resolveRequest,
  runApprovalsCli,
  type StateStore,
} from "../../src/runtime/index.js";
import type { CallTransport } from "../../src/runtime/transport.js";
import type { PendingApproval, ToolResult, ToolSpec, ToolsetSpec } from "../../src/runtime/types.js";
import { createTestDatabase, PG_SKIP, type TestDatabase } from "../support/pg.js";

const SECRET = "sk-live-contract-secret-77";
const NEW = {
  tool: "place_order",
  arguments: { sku: "A-1", card: SECRET },
  redacted: { sku: "A-1", card: "[REDACTED]" },
};
const ok = (): Promise<ToolResult> => Promise.resolve({ order_id: "O-1" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 50 ms until it holds, for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await sleep(50);
  }
}

// A separate process that approves a request and hangs inside the call, so the test can SIGKILL it mid-execution.
const WORK = resolve("node_modules/.cache/aci-state-contract");
const EXECUTOR = join(WORK, "executor.mjs");

async function buildExecutor(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const entry = join(WORK, "executor.ts");
  writeFileSync(
    entry,
    `
import { approveRequest, createFileStore, createPostgresStore } from ${JSON.stringify(resolve("src/runtime/index.ts"))};
const [kind, where, id] = process.argv.slice(2);
const store = kind === "file" ? createFileStore(where) : createPostgresStore({ url: where, toolset: "shop" });
setInterval(() => undefined, 1000);
await approveRequest(store, id, async () => { process.stdout.write("executing\\n"); return new Promise(() => undefined); });
`,
  );
  await build({
    input: entry,
    platform: "node",
    logLevel: "silent",
    resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
    output: { file: EXECUTOR, format: "esm", codeSplitting: false },
  });
}

/** Starts the executor and resolves once its call is running (within 20 s). */
function startExecutor(args: readonly string[]): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [EXECUTOR, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    const timer = setTimeout(
      () => (child.kill("SIGKILL"), fail(new Error(`executor did not start executing: ${err}`))),
      20_000,
    );
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout.on("data", (d: Buffer) => d.toString().includes("executing") && (clearTimeout(timer), done(child)));
    child.on("exit", () => (clearTimeout(timer), fail(new Error(`executor exited early: ${err}`))));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGKILL");
  });
}

const toolset: ToolsetSpec = {
  name: "shop",
  version: "1.0.0",
  envPrefix: "SHOP",
  servers: [{ url: "https://api.test", variables: {} }],
  securitySchemes: { api_key: { type: "apiKey", name: "X-Api-Key", in: "header" } },
  maxReturnBytes: 2048,
  timeoutMs: 5000,
};
const toolSpec: ToolSpec = {
  name: "place_order",
  title: "place_order",
  description: "Place an order.",
  risk: "high",
  category: "action",
  approval: "required",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputs: [
    { name: "sku", required: true },
    { name: "card", required: true },
  ],
  returns: { narrowingInputs: [] },
  steps: [
    {
      id: "order",
      operationId: "order",
      method: "post",
      path: "/order",
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
        kind: "json",
        value: {
          kind: "object",
          entries: [
            ["sku", { kind: "expr", text: "$inputs.sku" }],
            ["card", { kind: "expr", text: "$inputs.card" }],
          ],
        },
      },
    },
  ],
};

interface Harness {
  /** A new store on the same state: another replica. */
  replica(): StateStore;
  executorArgs(id: string): string[];
  teardown(): Promise<void>;
}

const HARNESSES: { name: string; skip: boolean; setup: () => Promise<Harness> }[] = [
  {
    name: "file",
    skip: false,
    async setup() {
      const dir = mkdtempSync(join(tmpdir(), "aci-state-file-"));
      return {
        replica: () => createFileStore(dir),
        executorArgs: (id) => ["file", dir, id],
        teardown: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "postgres",
    skip: PG_SKIP,
    async setup() {
      const db: TestDatabase = await createTestDatabase("contract");
      return {
        replica: () => createPostgresStore({ url: db.url, toolset: "shop" }),
        executorArgs: (id) => ["postgres", db.url, id],
        teardown: () => db.drop(),
      };
    },
  },
];

beforeAll(buildExecutor, 120_000);

for (const harness of HARNESSES) {
  describe.skipIf(harness.skip)(`state store contract: ${harness.name}`, () => {
    let env: Harness;
    let a: StateStore;
    let b: StateStore;
    const opened: StateStore[] = [];
    const children: ChildProcess[] = [];
    const replica = () => {
      const store = env.replica();
      opened.push(store);
      return store;
    };

    beforeAll(async () => {
      env = await harness.setup();
      a = replica();
      b = replica();
      await Promise.all([a.ready(), b.ready()]);
    }, 60_000);

    afterAll(async () => {
      for (const child of children) child.kill("SIGKILL");
      await Promise.all(opened.map((s) => s.close()));
      await env?.teardown();
    }, 60_000);

    it("records a request: pending, redacted for display, the real arguments only through a lease", async () => {
      const record = await a.create(NEW);
      expect(record).toMatchObject({ tool: "place_order", state: "pending", arguments: NEW.redacted });
      const seen = await b.get(record.id);
      expect(seen).toMatchObject({ id: record.id, state: "pending", arguments: NEW.redacted });
      expect(JSON.stringify(seen)).not.toContain(SECRET);
      expect(JSON.stringify(await b.list())).not.toContain(SECRET);
      const lease = await b.acquire(record.id, "reject");
      expect(await lease?.arguments()).toEqual(NEW.arguments);
      await lease?.release();
    });

    it("keeps what the target reads found with the request, for every replica", async () => {
      const record = await a.create({ ...NEW, resolved: { channel: { id: "C012AB3CD" } } });
      expect(record.resolved).toEqual({ channel: { id: "C012AB3CD" } });
      expect((await b.get(record.id))?.resolved).toEqual({ channel: { id: "C012AB3CD" } });
      expect((await b.get((await a.create(NEW)).id))?.resolved).toBeUndefined();
    });

    it("console sessions: one replica's sign-in opens every replica; sign-out and expiry revoke it everywhere", async () => {
      const now = Date.now();
      const session = { idHash: "a".repeat(64), operator: "dana", expiresAt: new Date(now + 60_000).toISOString() };
      await a.createSession(session);
      expect(await b.getSession(session.idHash, now)).toMatchObject({ operator: "dana", idHash: session.idHash });
      expect(await b.getSession(session.idHash, now + 60_001)).toBeUndefined();
      expect(await a.getSession(session.idHash, now)).toBeUndefined();
      const other = { ...session, idHash: "b".repeat(64) };
      await a.createSession(other);
      await b.deleteSession(other.idHash);
      expect(await a.getSession(other.idHash, now)).toBeUndefined();
      expect(await a.getSession("../../etc/passwd", now)).toBeUndefined();
    });

    it("keeps the queuing span's trace context with the request, through every transition; none when not given", async () => {
      const traceContext = {
        traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        tracestate: "vendor=x",
      };
      const record = await a.create({ ...NEW, traceContext });
      expect(await b.get(record.id)).toMatchObject({ traceContext });
      let seen: unknown;
      const decision = await approveRequest(b, record.id, async (_tool, _args, executing) => {
        seen = executing.traceContext;
        return ok();
      });
      expect(seen).toEqual(traceContext);
      expect(decision).toMatchObject({ outcome: "decided", record: { state: "done", traceContext } });
      expect(await a.get((await a.create(NEW)).id)).not.toHaveProperty("traceContext");
    });

    it("lists oldest first; unknown and malformed ids are undefined", async () => {
      const first = await a.create(NEW);
      await sleep(5);
      const second = await b.create(NEW);
      const ids = (await a.list()).map((r) => r.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(await a.get("00000000-0000-4000-8000-000000000000")).toBeUndefined();
      expect(await a.get("../../etc/passwd")).toBeUndefined();
      expect(await a.get("1; DROP TABLE approvals")).toBeUndefined();
    });

    it("approve runs the call once with the real arguments and stores the result for request_id", async () => {
      const record = await a.create(NEW);
      const calls: unknown[] = [];
      const decision = await approveRequest(b, record.id, async (tool, args) => (calls.push([tool, args]), ok()));
      expect(decision).toMatchObject({
        outcome: "decided",
        record: { state: "done", result: { order_id: "O-1" }, attempt: 1, claimedBy: b.replica },
      });
      expect(calls).toEqual([["place_order", NEW.arguments]]);
      expect(await requestOutcome(a, "place_order", record.id)).toEqual({ order_id: "O-1" });
      expect(await approveRequest(a, record.id, async () => (calls.push("again"), ok()))).toMatchObject({
        outcome: "already-decided",
        record: { state: "done" },
      });
      expect(calls).toHaveLength(1);
    });

    it("a failed call ends failed with its error", async () => {
      const record = await a.create(NEW);
      const decision = await approveRequest(a, record.id, async () => ({
        error: { code: "CONFLICT", message: "sold out", suggestion: "Pick another.", retryable: false },
      }));
      expect(decision).toMatchObject({
        outcome: "decided",
        record: { state: "failed", result: { error: { code: "CONFLICT" } } },
      });
      expect(await approveRequest(b, record.id, ok)).toMatchObject({ outcome: "already-decided" });
    });

    it("reject stores the reason and nothing is ever sent; approve afterwards is already decided", async () => {
      const record = await a.create(NEW);
      expect(await rejectRequest(b, record.id, "wrong card")).toMatchObject({
        outcome: "decided",
        record: { state: "rejected", reason: "wrong card", decidedBy: "operator" },
      });
      let ran = false;
      expect(await approveRequest(a, record.id, async () => ((ran = true), ok()))).toMatchObject({
        outcome: "already-decided",
        record: { state: "rejected" },
      });
      expect(ran).toBe(false);
      expect(await requestOutcome(a, "place_order", record.id)).toMatchObject({ error: { code: "APPROVAL_REJECTED" } });
    });

    it("50 concurrent approvals from two replicas execute exactly once", async () => {
      const record = await a.create(NEW);
      let calls = 0;
      const execute = async () => (calls++, await sleep(30), ok());
      const decisions = await Promise.all(
        Array.from({ length: 50 }, (_, i) => approveRequest(i % 2 === 0 ? a : b, record.id, execute)),
      );
      expect(calls).toBe(1);
      expect(decisions.filter((d) => d.outcome === "decided")).toHaveLength(1);
      expect(decisions.every((d) => ["decided", "already-decided", "busy"].includes(d.outcome))).toBe(true);
      expect(await a.get(record.id)).toMatchObject({ state: "done", attempt: 1 });
    });

    it("an executor killed mid-call leaves the request interrupted: visible, never re-run, resolved by an operator", async () => {
      const record = await a.create(NEW);
      const child = await startExecutor(env.executorArgs(record.id));
      children.push(child);
      const running = await a.get(record.id);
      expect(running).toMatchObject({
        state: "executing",
        claimedBy: expect.stringMatching(new RegExp(`:${child.pid}$`)),
        attempt: 1,
      });
      expect(running?.interrupted).toBeUndefined();
      expect(await resolveRequest(b, record.id, "failed")).toMatchObject({ outcome: "busy" });
      let ran = 0;
      expect((await approveRequest(b, record.id, async () => (ran++, ok()))).outcome).toMatch(/busy|already-decided/);

      await killed(child);
      await eventually(async () => (await b.get(record.id))?.interrupted === true);
      const interrupted = await b.get(record.id);
      expect(interrupted).toMatchObject({
        state: "executing",
        interrupted: true,
        claimedBy: running?.claimedBy,
        claimedAt: running?.claimedAt,
      });
      expect(await approveRequest(a, record.id, async () => (ran++, ok()))).toMatchObject({
        outcome: "already-decided",
        record: { state: "executing", interrupted: true },
      });
      expect(await requestOutcome(a, "place_order", record.id)).toMatchObject({
        error: { code: "UPSTREAM_ERROR", retryable: false },
      });
      expect(ran).toBe(0);

      expect(await resolveRequest(a, record.id, "failed", "no order upstream")).toMatchObject({
        outcome: "decided",
        record: { state: "failed", reason: "no order upstream", resolvedBy: "operator", attempt: 1 },
      });
      expect(await resolveRequest(b, record.id, "done")).toMatchObject({
        outcome: "already-decided",
        record: { state: "failed" },
      });
      expect(await requestOutcome(b, "place_order", record.id)).toMatchObject({
        error: { code: "UPSTREAM_ERROR", message: expect.stringContaining("no order upstream") },
      });
      expect(ran).toBe(0);
    }, 60_000);

    it("the audit log keeps one record per append, in order, across replicas", async () => {
      const before = (await a.readAudit()).length;
      for (let i = 0; i < 20; i++)
        await (i % 2 === 0 ? a : b).appendAudit({ event: "call", tool: "seq", arguments: {}, outcome: String(i) });
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? a : b).appendAudit({ event: "call", tool: "burst", arguments: {}, outcome: String(i) }),
        ),
      );
      const log = (await replica().readAudit()).slice(before);
      expect(log.filter((r) => r.tool === "seq").map((r) => r.outcome)).toEqual(
        Array.from({ length: 20 }, (_, i) => String(i)),
      );
      expect(
        log
          .filter((r) => r.tool === "burst")
          .map((r) => Number(r.outcome))
          .sort((x, y) => x - y),
      ).toEqual(Array.from({ length: 40 }, (_, i) => i));
    });

    it("the audit log's order and its timestamps agree, under concurrent appends of one replica and across two", async () => {
      const redact = <T>(value: T): T => value;
      const [one, two] = [createAuditLog(a, redact), createAuditLog(b, redact)];
      const before = (await a.readAudit()).length;
      const spaced = Array.from({ length: 300 }, (_, i) =>
        sleep(i % 12).then(() =>
          (i % 3 === 0 ? two : one).append({ event: "call", tool: "clock", arguments: {}, outcome: String(i) }),
        ),
      );
      await Promise.all(spaced);
      const stamps = (await replica().readAudit()).slice(before).map((r) => r.ts);
      expect(stamps).toHaveLength(300);
      expect(stamps.every((ts) => Number.isFinite(Date.parse(ts)))).toBe(true);
      expect(stamps).toEqual([...stamps].sort());
    });

    it("through the tools and the approvals command: one ordered audit record per event, no secret", async () => {
      let calls = 0;
      const transport: CallTransport = {
        async call() {
          calls++;
          return {
            ok: true,
            status: 201,
            headers: new Headers(),
            body: { order_id: "O-9" },
            url: "https://api.test/order",
          };
        },
      };
      const runtimeOf = (state: StateStore) =>
        createRuntime(toolset, { env: {}, credentials: { api_key: SECRET } }, { transport, state });
      const [one, two] = [runtimeOf(a), runtimeOf(b)];
      const inputSchema = z.object({ sku: z.string(), card: z.string() });
      const toolsOne = bindToolset([defineTool({ spec: toolSpec, inputSchema })], one);
      const toolsTwo = bindToolset([defineTool({ spec: toolSpec, inputSchema })], two);
      const pending = (await toolsOne.place_order?.run({ sku: "B-2", card: SECRET })) as PendingApproval;
      expect(pending.status).toBe("pending_approval");
      const silent = { out: () => undefined, err: () => undefined };
      const codes = await Promise.all([
        runApprovalsCli(["approve", pending.request_id], toolsOne, one, silent),
        runApprovalsCli(["approve", pending.request_id], toolsTwo, two, silent),
      ]);
      expect(codes.sort()).toEqual([0, 3]);
      expect(calls).toBe(1);
      expect(await toolsTwo.place_order?.run({ request_id: pending.request_id })).toEqual({ order_id: "O-9" });
      const events = (await a.readAudit()).filter((r) => r.request_id === pending.request_id);
      expect(events.map((e) => [e.event, e.outcome])).toEqual([
        ["approval_requested", "pending"],
        ["approved", "approved"],
        ["executed", "ok"],
      ]);
      expect(JSON.stringify(await a.readAudit())).not.toContain(SECRET);
      const lines: string[] = [];
      expect(
        await runApprovalsCli(["show", pending.request_id], toolsTwo, two, {
          out: (l) => lines.push(l),
          err: (l) => lines.push(l),
        }),
      ).toBe(0);
      expect(lines.join("\n")).toContain('"state": "done"');
      expect(lines.join("\n")).not.toContain(SECRET);
    });
  });
}
