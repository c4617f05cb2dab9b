// OpenTelemetry of the generated pet-coupons server over Streamable HTTP, with the SDK in memory: the span tree of the
// three-step apply_coupon goal continued from the MCP request's `_meta.traceparent`, GenAI and HTTP client attributes,
// one client span per physical request (a 429 retry, a redirect; a 503 retry on the GitHub package) each sending its
// own traceparent, an approved execution linked to the span that queued it, metrics, and no credential or argument
// value anywhere unless PREFIX_TRACE_ARGS=redacted.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const API_KEY = "sk-live-coupon-key-5f1e9a";
const OAUTH_TOKEN = "oauth-access-token-77c2d1";
const TAG = "tag-value-dalmatian-83";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_SPAN = "00f067aa0ba902b7";
const PKG = "../../examples/generated/pet-coupons/src";

const spans = new InMemorySpanExporter();
const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });
/** Every span ended so far (the processor exports asynchronously). */
const finishedSpans = async (): Promise<ReadableSpan[]> => (
  await tracerProvider.forceFlush(), spans.getFinishedSpans()
);
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const seen: string[] = [];
const traceparents: string[] = [];
/** Answers the next requests get before the pet store's own: a status, with a Location for a redirect. */
const detours: { status: number; location?: string }[] = [];

/** The pet store: find-pet, find-coupons, place-order. */
function upstream(): Server {
  return createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.api_key ?? ""} ${req.headers.authorization ?? ""}`);
    traceparents.push(String(req.headers.traceparent));
    const detour = detours.shift();
    if (detour !== undefined)
      return void res
        .writeHead(detour.status, { "retry-after": "0", ...(detour.location ? { location: detour.location } : {}) })
        .end();
    const path = new URL(req.url ?? "/", "http://x").pathname.replace(/^\/v2/, "").replace(/^\/moved/, "");
    res.setHeader("content-type", "application/json");
    if (path === "/pet/findByTags") return void res.end(JSON.stringify([{ id: 7, name: "Rex", photoUrls: [] }]));
    if (path === "/pet/7/coupons") return void res.end(JSON.stringify({ couponCode: "SAVE10" }));
    if (path === "/store/order" && req.method === "POST")
      return void res.end(JSON.stringify({ id: 501, petId: 7, status: "placed" }));
    res.statusCode = 404;
    res.end("{}");
  });
}

const children = (all: readonly ReadableSpan[], parent: ReadableSpan): ReadableSpan[] =>
  all.filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);

/** The tree as indented names, children in start order. */
function tree(all: readonly ReadableSpan[], root: ReadableSpan, depth = 0): string[] {
  const kids = children(all, root).sort(
    (a, b) => (a.startTime[0] - b.startTime[0]) * 1e9 + (a.startTime[1] - b.startTime[1]),
  );
  return [`${"  ".repeat(depth)}${root.name}`, ...kids.flatMap((kid) => tree(all, kid, depth + 1))];
}

describe("OpenTelemetry through the generated server", () => {
  let api: Server;
  let mcp: { url: string; close(grace?: number): Promise<void> };
  let runtimeModule: typeof import("../../examples/generated/pet-coupons/src/runtime/index.js");
  let pkg: typeof import("../../examples/generated/pet-coupons/src/index.js");
  let stateDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(tracerProvider);
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    api = upstream();
    await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
    const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v2`;
    stateDir = mkdtempSync(join(tmpdir(), "aci-otel-"));
    env = {
      PET_COUPONS_BASE_URL: base,
      PET_COUPONS_API_KEY: API_KEY,
      PET_COUPONS_PETSTORE_AUTH: OAUTH_TOKEN,
      PET_COUPONS_APPROVAL: "auto",
      PET_COUPONS_STATE_DIR: stateDir,
    };
    Object.assign(process.env, env);
    runtimeModule = await import(`${PKG}/runtime/index.js`);
    pkg = await import(`${PKG}/index.js`);
    const { createRuntime, bindToolset } = runtimeModule;
    const { serveHttp } = await import(`${PKG}/runtime/adapters/http.js`);
    const { createMcpServer } = await import(`${PKG}/runtime/adapters/mcp.js`);
    const runtime = createRuntime(pkg.toolset, { env });
    const tools = bindToolset(Object.values(pkg.definitions), runtime);
    mcp = await serveHttp(
      () => createMcpServer(tools, { name: "pet-coupons", version: "1.0.0" }),
      { port: 0, host: "127.0.0.1", allowedOrigins: [] },
      { info: () => undefined, warn: () => undefined },
    );
  });

  afterAll(async () => {
    for (const name of Object.keys(env)) delete process.env[name];
    await mcp?.close(500);
    await new Promise((done) => api?.close(done));
    rmSync(stateDir, { recursive: true, force: true });
    trace.disable();
    metrics.disable();
    propagation.disable();
    context.disable();
  });

  it("continues _meta.traceparent into the span tree of a three-step goal, with GenAI and HTTP client attributes", async () => {
    const client = new Client({ name: "otel-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
    const result = (await client.callTool({
      name: "apply_coupon",
      arguments: { my_pet_tags: [TAG], quantity: 1 },
      _meta: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` },
    })) as CallToolResult;
    await client.close();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(seen).toHaveLength(3);

    const finished = await finishedSpans();
    const root = finished.find((s) => s.name === "execute_tool apply_coupon");
    expect(root).toBeDefined();
    const tool = root as ReadableSpan;
    expect(tool.spanContext().traceId).toBe(TRACE_ID);
    expect(tool.parentSpanContext?.spanId).toBe(PARENT_SPAN);
    expect(tree(finished, tool)).toEqual([
      "execute_tool apply_coupon",
      "  step find-pet",
      "    call findPetsByTags",
      "      GET /v2/pet/findByTags",
      "  step find-coupons",
      "    call getPetCoupons",
      "      GET /v2/pet/{petId}/coupons",
      "  step place-order__place-order",
      "    call placeOrder",
      "      POST /v2/store/order",
    ]);
    const version = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;
    expect(tool.instrumentationScope).toEqual({ name: "aci-gen", version });
    expect(tool.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "apply_coupon",
      "aci.tool.risk": "high",
      "aci.tool.outcome": "ok",
    });
    expect(typeof tool.attributes["gen_ai.tool.call.id"]).toBe("string");
    expect(tool.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
    const http = finished.find((s) => s.name === "GET /v2/pet/{petId}/coupons") as ReadableSpan;
    expect(http.kind).toBe(2);
    expect(http.attributes).toEqual({
      "http.request.method": "GET",
      "url.template": "/v2/pet/{petId}/coupons",
      "url.full": `${env.PET_COUPONS_BASE_URL}/pet/REDACTED/coupons`,
      "server.address": "127.0.0.1",
      "server.port": Number(new URL(env.PET_COUPONS_BASE_URL ?? "").port),
      "http.response.status_code": 200,
    });
    expect(finished.find((s) => s.name === "GET /v2/pet/findByTags")?.attributes["url.full"]).toBe(
      `${env.PET_COUPONS_BASE_URL}/pet/findByTags?tags=REDACTED`,
    );
    const call = finished.find((s) => s.name === "call getPetCoupons") as ReadableSpan;
    expect(call.kind).toBe(0);
    expect(call.attributes).toMatchObject({ "aci.operation.id": "getPetCoupons", "http.response.status_code": 200 });
    const httpSpans = finished.filter((s) => s.kind === 2).map((s) => `00-${TRACE_ID}-${s.spanContext().spanId}-01`);
    expect(traceparents.slice(0, 3).sort()).toEqual(httpSpans.sort());
    const everything = JSON.stringify(
      finished.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status })),
    );
    for (const secret of [API_KEY, OAUTH_TOKEN, TAG, "/pet/7/"]) expect(everything).not.toContain(secret);
  });

  /** The client spans under the call span of `operationId` in the last trace, in start order. */
  const clientSpans = async (operationId: string): Promise<ReadableSpan[]> => {
    const finished = await finishedSpans();
    const call = finished.findLast((s) => s.name === `call ${operationId}`);
    expect(call, finished.map((s) => s.name).join(", ")).toBeDefined();
    return children(finished, call as ReadableSpan).sort(
      (a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1],
    );
  };

  it("a 429 and then a 200: two client spans under the call, the second with resend_count 1, each sending its own traceparent", async () => {
    spans.reset();
    const before = traceparents.length;
    detours.push({ status: 429 });
    const { createRuntime, bindToolset } = runtimeModule;
    const tools = bindToolset(Object.values(pkg.definitions), createRuntime(pkg.toolset, { env }));
    expect(await tools.apply_coupon!.run({ my_pet_tags: ["x"] })).not.toHaveProperty("error");
    const requests = await clientSpans("findPetsByTags");
    expect(requests.map((s) => [s.name, s.kind, s.attributes["http.response.status_code"]])).toEqual([
      ["GET /v2/pet/findByTags", 2, 429],
      ["GET /v2/pet/findByTags", 2, 200],
    ]);
    expect(requests[0]?.attributes).toMatchObject({ "error.type": "429" });
    expect(requests[0]?.attributes["http.request.resend_count"]).toBeUndefined();
    expect(requests[1]?.attributes["http.request.resend_count"]).toBe(1);
    expect(traceparents.slice(before, before + 2)).toEqual(
      requests.map((s) => `00-${s.spanContext().traceId}-${s.spanContext().spanId}-01`),
    );
  });

  it("a redirect is a client span of its own, named by the method alone, its url.full redacted", async () => {
    spans.reset();
    detours.push({ status: 302, location: "/v2/moved/pet/findByTags?tags=x" });
    const { createRuntime, bindToolset } = runtimeModule;
    const tools = bindToolset(Object.values(pkg.definitions), createRuntime(pkg.toolset, { env }));
    expect(await tools.apply_coupon!.run({ my_pet_tags: ["x"] })).not.toHaveProperty("error");
    const requests = await clientSpans("findPetsByTags");
    expect(requests.map((s) => [s.name, s.attributes["http.response.status_code"]])).toEqual([
      ["GET /v2/pet/findByTags", 302],
      ["GET", 200],
    ]);
    expect(requests[1]?.attributes).toMatchObject({
      "http.request.resend_count": 1,
      "url.full": `${new URL(env.PET_COUPONS_BASE_URL ?? "").origin}/REDACTED/REDACTED/REDACTED/REDACTED?tags=REDACTED`,
    });
    expect(requests[1]?.attributes["url.template"]).toBeUndefined();
  });

  it("an approved request runs in an execute_tool span linked to the one that queued it", async () => {
    spans.reset();
    const { createRuntime, bindToolset } = runtimeModule;
    const { approveAudited } = await import(`${PKG}/runtime/approval/decide.js`);
    const runtime = createRuntime(pkg.toolset, { env: { ...env, PET_COUPONS_APPROVAL: "queue" } });
    const tools = bindToolset(Object.values(pkg.definitions), runtime);
    const pending = (await tools.apply_coupon!.run({ my_pet_tags: ["x"] })) as { request_id: string };
    const queuing = (await finishedSpans()).find((s) => s.name === "execute_tool apply_coupon") as ReadableSpan;
    expect(queuing.attributes).toMatchObject({
      "aci.tool.outcome": "pending_approval",
      "aci.approval.request_id": pending.request_id,
    });
    spans.reset();
    const decision = await approveAudited(tools, runtime, pending.request_id, "operator");
    expect(decision).toMatchObject({ outcome: "decided", record: { state: "done" } });
    const finished = await finishedSpans();
    const executed = finished.find((s) => s.name === "execute_tool apply_coupon") as ReadableSpan;
    expect(executed.links.map((l) => l.context.spanId)).toEqual([queuing.spanContext().spanId]);
    expect(executed.links[0]?.context.traceId).toBe(queuing.spanContext().traceId);
    expect(executed.spanContext().traceId).not.toBe(queuing.spanContext().traceId);
    expect(executed.attributes).toMatchObject({
      "aci.approval.request_id": pending.request_id,
      "aci.approval.decided_by": "operator",
      "aci.tool.outcome": "ok",
    });
    expect(tree(finished, executed)).toHaveLength(10);
  });

  it("on the GitHub package: a 503 and then a 200 are two client spans, url.full without owner, repo, number or query values", async () => {
    spans.reset();
    const statuses = [503];
    const github = createServer((req, res) => {
      const status = statuses.shift();
      if (status !== undefined) return void res.writeHead(status, { "retry-after": "0" }).end();
      res.setHeader("content-type", "application/json");
      if (req.url?.includes("/reviews")) return void res.end(JSON.stringify([{ id: 1, state: "APPROVED" }]));
      res.end(JSON.stringify({ title: "T", state: "open", draft: false, mergeable: true, head: { sha: "abc" } }));
    });
    await new Promise<void>((done) => github.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
    try {
      const { createRuntime, bindToolset } = runtimeModule;
      const gh = await import("../../examples/generated/github/src/index.js");
      const runtime = createRuntime(gh.toolset, {
        env: { GITHUB_BASE_URL: origin, GITHUB_TOKEN: "ghp_secret_token_4242" },
      });
      const tools = bindToolset(Object.values(gh.definitions), runtime);
      const input = { owner: "octo-owner", repo: "secret-repo", pull_number: 98765 };
      expect(await tools.pull_request_review_status!.run(input)).not.toHaveProperty("error");
      const pr = await clientSpans("pulls/get");
      expect(
        pr.map((s) => [s.name, s.attributes["http.response.status_code"], s.attributes["http.request.resend_count"]]),
      ).toEqual([
        ["GET /repos/{owner}/{repo}/pulls/{pull_number}", 503, undefined],
        ["GET /repos/{owner}/{repo}/pulls/{pull_number}", 200, 1],
      ]);
      expect(pr[1]?.attributes["url.full"]).toBe(`${origin}/repos/REDACTED/REDACTED/pulls/REDACTED`);
      const reviews = await clientSpans("pulls/list-reviews");
      expect(reviews[0]?.attributes["url.full"]).toBe(
        `${origin}/repos/REDACTED/REDACTED/pulls/REDACTED/reviews?per_page=REDACTED`,
      );
      const everything = JSON.stringify((await finishedSpans()).map((s) => s.attributes));
      for (const secret of ["octo-owner", "secret-repo", "98765", "ghp_secret"])
        expect(everything).not.toContain(secret);
    } finally {
      github.closeAllConnections();
      await new Promise((done) => github.close(done));
    }
  });

  it("records calls, duration, result size and approval decisions as metrics", async () => {
    await reader.forceFlush();
    const points = metricExporter
      .getMetrics()
      .flatMap((r) => r.scopeMetrics.filter((s) => s.scope.name === "aci-gen").flatMap((s) => s.metrics));
    const byName = new Map(points.map((m) => [m.descriptor.name, m]));
    expect(
      byName
        .get("aci.tool.calls")
        ?.dataPoints.some(
          (p) => p.attributes["gen_ai.tool.name"] === "apply_coupon" && p.attributes["aci.tool.outcome"] === "ok",
        ),
    ).toBe(true);
    expect(byName.get("gen_ai.execute_tool.duration")?.dataPoints.length).toBeGreaterThan(0);
    expect(byName.get("aci.tool.result.size")?.dataPoints.length).toBeGreaterThan(0);
    expect(
      byName.get("aci.approvals.decided")?.dataPoints.some((p) => p.attributes["aci.approval.decided_by"] === "auto"),
    ).toBe(true);
  });

  it("observes the number of pending requests at each collection", async () => {
    const { observePending } = await import("../../src/runtime/telemetry/index.js");
    let pending = 3;
    await observePending(async () => pending);
    const gauge = async () => {
      await reader.forceFlush();
      const all =
        metricExporter
          .getMetrics()
          .at(-1)
          ?.scopeMetrics.flatMap((s) => s.metrics) ?? [];
      return all.find((m) => m.descriptor.name === "aci.approvals.pending")?.dataPoints[0]?.value;
    };
    expect(await gauge()).toBe(3);
    pending = 1;
    expect(await gauge()).toBe(1);
  });

  it("marks a failed call with error.type on the tool, step and HTTP spans, and counts the error", async () => {
    spans.reset();
    const { createRuntime, bindToolset } = runtimeModule;
    const runtime = createRuntime(pkg.toolset, {
      env: { ...env, PET_COUPONS_BASE_URL: `${env.PET_COUPONS_BASE_URL}/missing` },
    });
    const tools = bindToolset(Object.values(pkg.definitions), runtime);
    const result = await tools.apply_coupon!.run({ my_pet_tags: ["x"] });
    expect(result).toMatchObject({ error: { code: "NOT_FOUND" } });
    const finished = await finishedSpans();
    expect(finished.find((s) => s.name.startsWith("execute_tool"))?.attributes["error.type"]).toBe("NOT_FOUND");
    expect(finished.find((s) => s.name === "step find-pet")?.attributes["error.type"]).toBe("NOT_FOUND");
    expect(finished.find((s) => s.name.startsWith("GET "))?.attributes).toMatchObject({
      "error.type": "404",
      "http.response.status_code": 404,
    });
    await reader.forceFlush();
    const errors = metricExporter
      .getMetrics()
      .flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics))
      .filter((m) => m.descriptor.name === "aci.tool.errors");
    expect(
      errors
        .flatMap((m) => m.dataPoints as readonly { attributes: Record<string, unknown> }[])
        .some((p) => p.attributes["error.type"] === "NOT_FOUND"),
    ).toBe(true);
  });

  it("puts the redacted arguments on the tool span only with PREFIX_TRACE_ARGS=redacted, and refuses other values in one line", async () => {
    spans.reset();
    const { createRuntime, bindToolset } = runtimeModule;
    const runtime = createRuntime(pkg.toolset, { env: { ...env, PET_COUPONS_TRACE_ARGS: "redacted" } });
    await bindToolset(Object.values(pkg.definitions), runtime).apply_coupon!.run({ my_pet_tags: [TAG, API_KEY] });
    const args = (await finishedSpans()).find((s) => s.name === "execute_tool apply_coupon")?.attributes[
      "gen_ai.tool.call.arguments"
    ];
    expect(args).toContain(TAG);
    expect(args).not.toContain(API_KEY);
    expect(() => createRuntime(pkg.toolset, { env: { ...env, PET_COUPONS_TRACE_ARGS: "all" } })).toThrow(
      /^PET_COUPONS_TRACE_ARGS must be `redacted` or unset, got `all`$/,
    );
  });
});

describe("the server's OTEL_* switch", () => {
  const notFound = (name: string) =>
    Object.assign(new Error(`Cannot find package '${name}' imported from /srv/pkg/dist/runtime/telemetry/sdk.js`), {
      code: "ERR_MODULE_NOT_FOUND",
    });

  it("stays off without OTEL_* variables or with OTEL_SDK_DISABLED, and starts the Node SDK when one is set", async () => {
    const { startTelemetry } = await import("../../src/runtime/telemetry/index.js");
    const started: string[] = [];
    class NodeSDK {
      start(): void {
        started.push("start");
      }
      async shutdown(): Promise<void> {
        started.push("shutdown");
      }
    }
    expect(await startTelemetry({}, async () => ({ NodeSDK }))).toEqual({});
    expect(
      await startTelemetry(
        { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" },
        async () => ({ NodeSDK }),
      ),
    ).toEqual({});
    expect(started).toEqual([]);
    const { handle, notice } = await startTelemetry(
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" },
      async () => ({
        NodeSDK,
      }),
    );
    expect(notice).toBeUndefined();
    await handle?.shutdown();
    expect(started).toEqual(["start", "shutdown"]);
  });

  it.each([
    [
      "the SDK is not installed",
      () => Promise.reject(notFound("@opentelemetry/sdk-node")),
      /^OTEL_TRACES_EXPORTER is set, but @opentelemetry\/sdk-node is not installed, so nothing is exported: [^\n]+$/,
    ],
    [
      "the SDK's own import is missing",
      () => Promise.reject(notFound("@opentelemetry/exporter-trace-otlp-proto")),
      /^OTEL_TRACES_EXPORTER is set, but @opentelemetry\/sdk-node could not be loaded \(Cannot find package '@opentelemetry\/exporter-trace-otlp-proto'[^\n]*\), so nothing is exported\.$/,
    ],
    [
      "the SDK throws on start",
      async () => ({
        NodeSDK: class {
          start(): void {
            throw new Error("bad OTEL_TRACES_SAMPLER\nsecond line");
          }
        },
      }),
      /^@opentelemetry\/sdk-node did not start \(bad OTEL_TRACES_SAMPLER\), so nothing is exported\.$/,
    ],
  ])("%s: no handle and one notice line, never a throw", async (_name, load, says) => {
    const { startTelemetry } = await import("../../src/runtime/telemetry/index.js");
    const started = await startTelemetry({ OTEL_TRACES_EXPORTER: "otlp" }, load);
    expect(started.handle).toBeUndefined();
    expect(started.notice).toMatch(says);
  });
});
