// The compiled pet-coupons server (`node dist/server.js --http`) exporting over OTLP/HTTP with the real OpenTelemetry Node
// SDK to a collector on loopback: the span tree of the three-step apply_coupon goal (OTLP/JSON, kept in
// test-artifacts/otlp-spans.json; then the default protobuf) and its metrics, flushed at shutdown, no credential or
// argument value in any exported byte; one client span per physical request (429 → 200, and 401 → token refresh →
// repeat on the OAuth2 demo), each upstream request carrying its own span's traceparent; `approvals.js approve`
// exporting the executed call linked to the queuing trace, and the decision metric; over stdio, SDK diagnostics and the
// console exporter stay off stdout; without the SDK the server serves and says so once.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { TELEMETRY_SDK } from "../../src/emit/package-files.js";
import {
  connectHttpMcp,
  ROOT,
  runNode,
  startHttpServer,
  stopChild,
  type HttpServerProcess,
} from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const PET_COUPONS = {
  spec: join(ROOT, "examples/specs/pet-coupons.openapi.yaml"),
  goals: join(ROOT, "examples/goals/pet-coupons.arazzo.yaml"),
};
const PKG = packageDir(PET_COUPONS);
const DEMO = {
  spec: join(ROOT, "test/fixtures/oauth2/demo.openapi.yaml"),
  goals: join(ROOT, "test/fixtures/oauth2/demo.goals.yaml"),
};
const DEMO_PKG = packageDir(DEMO);
const DEMO_SECRET = "cs-otlp-client-secret-90210";
const API_KEY = "sk-live-coupon-key-0e7d41";
const OAUTH_TOKEN = "oauth-access-token-c39a58";
const SERVER_TOKEN = "mcp-server-token-otlp-72b4e1";
const TAG = "tag-value-weimaraner-61";
const TRACE_ID = "5af7183fb1d4cf5f0ef1bd7a3e5b0c21";
const PARENT_SPAN = "b7ad6b7169203331";
const ARTIFACTS = join(import.meta.dirname, "../..", "test-artifacts");
/** Values that must never leave the process in telemetry: credentials, the server token, an argument, a filled path. */
const SECRETS = [API_KEY, OAUTH_TOKEN, SERVER_TOKEN, TAG, "/pet/7/"];

/** One request the collector received. */
interface Export {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

/** An OTLP/HTTP collector on loopback: records every export and answers 200. */
function collector(received: Export[]): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        body: Buffer.concat(chunks),
      });
      const json = (req.headers["content-type"] ?? "").includes("json");
      res
        .writeHead(200, { "content-type": json ? "application/json" : "application/x-protobuf" })
        .end(json ? "{}" : "");
    });
  });
}

/** Each upstream request as `METHOD path traceparent`. */
const upstreamSeen: string[] = [];
/** Statuses the next upstream requests get before the pet store answers (with `Retry-After: 0`). */
const detours: number[] = [];

/** The pet store behind the server: find-pet, find-coupons, place-order. */
function upstream(): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname.replace(/^\/v2/, "");
    upstreamSeen.push(`${req.method} ${path} ${req.headers.traceparent ?? ""}`);
    const detour = detours.shift();
    if (detour !== undefined) return void res.writeHead(detour, { "retry-after": "0" }).end("{}");
    res.setHeader("content-type", "application/json");
    if (path === "/pet/findByTags") return void res.end(JSON.stringify([{ id: 7, name: "Rex", photoUrls: [] }]));
    if (path === "/pet/7/coupons") return void res.end(JSON.stringify({ couponCode: "SAVE10" }));
    if (path === "/store/order" && req.method === "POST")
      return void res.end(JSON.stringify({ id: 501, petId: 7, status: "placed" }));
    res.writeHead(404).end("{}");
  });
}

/**
 * The OAuth2 demo API: a client-credentials token endpoint and `GET /things/{id}`, which accepts only tokens issued
 * since the last `revoke`; API requests recorded as `status traceparent`, token requests by their traceparent.
 */
function demoApi(): Server & { revoke(): void; readonly seen: string[]; readonly tokenTraceparents: string[] } {
  const valid = new Set<string>();
  const seen: string[] = [];
  const tokenTraceparents: string[] = [];
  let issued = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/oauth/token") {
        tokenTraceparents.push(String(req.headers.traceparent));
        const token = `at-otlp-${++issued}`;
        valid.add(token);
        return void res.end(JSON.stringify({ access_token: token, token_type: "Bearer", expires_in: 3600 }));
      }
      const ok = valid.has(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
      seen.push(`${ok ? 200 : 401} ${req.headers.traceparent ?? ""}`);
      res.writeHead(ok ? 200 : 401).end(JSON.stringify(ok ? { id: "T-1", name: "Widget" } : { message: "no" }));
    });
  });
  return Object.assign(server, { seen, tokenTraceparents, revoke: () => valid.clear() });
}

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return (server.address() as AddressInfo).port;
};

/** An OTLP/JSON attribute value as plain data. */
type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly links?: readonly { traceId: string; spanId: string }[];
  readonly name: string;
  readonly kind: number;
  readonly startTimeUnixNano: string;
  readonly attributes: readonly { key: string; value: AnyValue }[];
  readonly status?: { code?: number };
}
interface TraceRequest {
  readonly resourceSpans: readonly {
    resource: { attributes: readonly { key: string; value: AnyValue }[] };
    scopeSpans: readonly { scope: { name: string; version?: string }; spans: readonly OtlpSpan[] }[];
  }[];
}

const plainValue = (v: AnyValue): unknown =>
  v.stringValue ?? (v.intValue === undefined ? undefined : Number(v.intValue)) ?? v.boolValue ?? v.doubleValue;
const attributesOf = (list: readonly { key: string; value: AnyValue }[]): Record<string, unknown> =>
  Object.fromEntries(list.map((a) => [a.key, plainValue(a.value)]));

type ExportedSpan = OtlpSpan & { resource: Record<string, unknown>; scope: string; scopeVersion?: string };

/** The exported spans of every JSON trace export, each with its resource's attributes and its scope. */
function spansOf(received: readonly Export[]): ExportedSpan[] {
  return received
    .filter((e) => e.path === "/v1/traces")
    .flatMap((e) => (JSON.parse(e.body.toString("utf8")) as TraceRequest).resourceSpans)
    .flatMap((rs) =>
      rs.scopeSpans.flatMap((ss) =>
        ss.spans.map((span) => ({
          ...span,
          resource: attributesOf(rs.resource.attributes),
          scope: ss.scope.name,
          ...(ss.scope.version === undefined ? {} : { scopeVersion: ss.scope.version }),
        })),
      ),
    );
}

/** The data points' attributes of one `aci-gen` sum metric in every JSON metrics export, with the resource's. */
function sumPoints(received: readonly Export[], name: string): Record<string, unknown>[] {
  type Attrs = readonly { key: string; value: AnyValue }[];
  type MetricsRequest = {
    resourceMetrics: {
      resource: { attributes: Attrs };
      scopeMetrics: {
        scope: { name: string };
        metrics: {
          name: string;
          sum?: { dataPoints: { attributes: Attrs; asInt?: number | string; asDouble?: number }[] };
        }[];
      }[];
    }[];
  };
  return received
    .filter((e) => e.path === "/v1/metrics")
    .flatMap((e) => (JSON.parse(e.body.toString("utf8")) as MetricsRequest).resourceMetrics)
    .flatMap((rm) =>
      rm.scopeMetrics
        .filter((sm) => sm.scope.name === "aci-gen")
        .flatMap((sm) => sm.metrics.filter((m) => m.name === name))
        .flatMap((m) => m.sum?.dataPoints ?? [])
        .map((p) => ({
          ...attributesOf(rm.resource.attributes),
          ...attributesOf(p.attributes),
          value: Number(p.asInt ?? p.asDouble),
        })),
    );
}

/** The spans whose parent is `parent`, in start order. */
const childrenOf = (all: readonly OtlpSpan[], parent: OtlpSpan | undefined): OtlpSpan[] =>
  all
    .filter((s) => parent !== undefined && s.parentSpanId === parent.spanId)
    .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));

/** The names of the `aci-gen` meter's metrics in every JSON metrics export. */
function metricNames(received: readonly Export[]): string[] {
  type MetricsRequest = {
    resourceMetrics: { scopeMetrics: { scope: { name: string }; metrics: { name: string }[] }[] }[];
  };
  return received
    .filter((e) => e.path === "/v1/metrics")
    .flatMap((e) => (JSON.parse(e.body.toString("utf8")) as MetricsRequest).resourceMetrics)
    .flatMap((rm) => rm.scopeMetrics.filter((sm) => sm.scope.name === "aci-gen"))
    .flatMap((sm) => sm.metrics.map((m) => m.name));
}

/** The span tree under `root` as indented names, children in start order. */
function tree(all: readonly OtlpSpan[], root: OtlpSpan, depth = 0): string[] {
  const kids = childrenOf(all, root);
  return [`${"  ".repeat(depth)}${root.name}`, ...kids.flatMap((kid) => tree(all, kid, depth + 1))];
}

async function callApplyCoupon(
  url: string,
  name = "apply_coupon",
  args: object = { my_pet_tags: [TAG], quantity: 2 },
): Promise<CallToolResult> {
  const client = await connectHttpMcp(url, SERVER_TOKEN);
  try {
    return (await client.callTool(
      {
        name,
        arguments: args as Record<string, unknown>,
        _meta: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` },
      },
      undefined,
      { timeout: 30_000 },
    )) as CallToolResult;
  } finally {
    await client.close();
  }
}

/** A copy of the built package outside the repository, resolving every dependency of the repository except the SDK. */
function packageWithoutSdk(into: string): string {
  const pkg = join(into, "pet-coupons");
  cpSync(join(PKG, "dist"), join(pkg, "dist"), { recursive: true });
  cpSync(join(PKG, "package.json"), join(pkg, "package.json"));
  const modules = join(into, "node_modules");
  mkdirSync(join(modules, "@opentelemetry"), { recursive: true });
  for (const name of readdirSync(join(ROOT, "node_modules")).filter((n) => n !== "@opentelemetry" && n !== ".bin"))
    symlinkSync(join(ROOT, "node_modules", name), join(modules, name));
  for (const name of readdirSync(join(ROOT, "node_modules/@opentelemetry")).filter((n) => n !== "sdk-node"))
    symlinkSync(join(ROOT, "node_modules/@opentelemetry", name), join(modules, "@opentelemetry", name));
  return join(pkg, "dist/server.js");
}

describe("OTLP export from the generated server", () => {
  const received: Export[] = [];
  let otlp: Server;
  let api: Server;
  let endpoint: string;
  let env: Record<string, string>;
  let stateDir: string;
  let noSdkDir: string;
  let demo: ReturnType<typeof demoApi>;
  let demoOrigin: string;
  const running: HttpServerProcess[] = [];

  beforeAll(async () => {
    const built = Promise.all([builtPackage(PET_COUPONS), builtPackage(DEMO)]);
    otlp = collector(received);
    api = upstream();
    demo = demoApi();
    demoOrigin = `http://127.0.0.1:${await listen(demo)}`;
    endpoint = `http://127.0.0.1:${await listen(otlp)}`;
    const apiPort = await listen(api);
    stateDir = mkdtempSync(join(tmpdir(), "aci-otlp-state-"));
    noSdkDir = mkdtempSync(join(tmpdir(), "aci-otlp-nosdk-"));
    env = {
      PATH: process.env.PATH ?? "",
      PET_COUPONS_BASE_URL: `http://127.0.0.1:${apiPort}/v2`,
      PET_COUPONS_API_KEY: API_KEY,
      PET_COUPONS_PETSTORE_AUTH: OAUTH_TOKEN,
      PET_COUPONS_SERVER_TOKEN: SERVER_TOKEN,
      PET_COUPONS_APPROVAL: "auto",
      PET_COUPONS_STATE_DIR: stateDir,
    };
    await built;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => stopChild(server.child)));
    await Promise.all([otlp, api, demo].map((s) => new Promise((done) => (s?.closeAllConnections(), s?.close(done)))));
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(noSdkDir, { recursive: true, force: true });
  });

  const start = async (serverJs: string, extra: Record<string, string>): Promise<HttpServerProcess> => {
    const server = await startHttpServer(serverJs, { ...env, ...extra });
    running.push(server);
    return server;
  };

  it("leaves the SDK out of the generated manifest, and tests the version its README and notice name", () => {
    const manifest = readFileSync(join(PKG, "package.json"), "utf8");
    expect(manifest).not.toContain(TELEMETRY_SDK.sdk);
    expect(readFileSync(join(PKG, "README.md"), "utf8")).toContain(
      `npm install --no-save ${TELEMETRY_SDK.sdk}@${TELEMETRY_SDK.tested}`,
    );
    const installed = JSON.parse(readFileSync(join(ROOT, "node_modules", TELEMETRY_SDK.sdk, "package.json"), "utf8"));
    expect(installed.version).toBe(TELEMETRY_SDK.tested);
  });

  it("exports the span tree of a three-step goal as OTLP/JSON, flushed when the server shuts down", async () => {
    received.length = 0;
    const server = await start(join(PKG, "dist/server.js"), {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_SERVICE_NAME: "pet-coupons-e2e",
      OTEL_BSP_SCHEDULE_DELAY: "600000",
      OTEL_METRIC_EXPORT_INTERVAL: "600000",
    });
    const result = await callApplyCoupon(server.url);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(received.filter((e) => e.path === "/v1/traces")).toHaveLength(0);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(withoutSchemeNotice(server.log())).not.toMatch(/warning|otel|error/i);

    const traces = received.filter((e) => e.path === "/v1/traces");
    expect(traces.length).toBeGreaterThan(0);
    expect(traces.every((e) => e.contentType === "application/json")).toBe(true);
    expect(metricNames(received)).toEqual(
      expect.arrayContaining([
        "aci.tool.calls",
        "gen_ai.execute_tool.duration",
        "aci.tool.result.size",
        "aci.approvals.decided",
      ]),
    );
    const spans = spansOf(received);
    const root = spans.find((s) => s.name === "execute_tool apply_coupon");
    expect(root, spans.map((s) => s.name).join(", ")).toBeDefined();
    const tool = root as (typeof spans)[number];
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(
      join(ARTIFACTS, "otlp-spans.json"),
      `${JSON.stringify({ tree: tree(spans, tool), spans: spans.map((s) => ({ ...s, attributes: attributesOf(s.attributes) })) }, null, 2)}\n`,
    );
    expect(tool.traceId.toLowerCase()).toBe(TRACE_ID);
    expect(tool.parentSpanId?.toLowerCase()).toBe(PARENT_SPAN);
    expect(tool.scope).toBe("aci-gen");
    expect(tool.resource["service.name"]).toBe("pet-coupons-e2e");
    expect(tool.scopeVersion).toBe(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version);
    expect(tree(spans, tool)).toEqual([
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
    expect(attributesOf(tool.attributes)).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "apply_coupon",
      "gen_ai.tool.type": "function",
      "aci.tool.risk": "high",
      "aci.tool.outcome": "ok",
    });
    expect(typeof attributesOf(tool.attributes)["gen_ai.tool.call.id"]).toBe("string");
    const step = spans.find((s) => s.name === "step place-order__place-order") as OtlpSpan;
    expect(attributesOf(step.attributes)).toMatchObject({
      "aci.step.id": "place-order__place-order",
      "aci.step.read_only": false,
    });
    const http = spans.find((s) => s.name === "GET /v2/pet/{petId}/coupons") as OtlpSpan;
    expect(http.kind).toBe(3);
    expect(attributesOf(http.attributes)).toEqual({
      "http.request.method": "GET",
      "url.template": "/v2/pet/{petId}/coupons",
      "url.full": `${env.PET_COUPONS_BASE_URL}/pet/REDACTED/coupons`,
      "server.address": "127.0.0.1",
      "server.port": Number(new URL(env.PET_COUPONS_BASE_URL ?? "").port),
      "http.response.status_code": 200,
    });
    const bytes = Buffer.concat(received.map((e) => e.body)).toString("utf8");
    for (const secret of SECRETS) expect(bytes).not.toContain(secret);
  }, 90_000);

  it("exports with the SDK's default protocol (http/protobuf), with no credential or argument in the bytes", async () => {
    received.length = 0;
    const server = await start(join(PKG, "dist/server.js"), {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_METRICS_EXPORTER: "none",
      OTEL_LOGS_EXPORTER: "none",
    });
    expect((await callApplyCoupon(server.url)).isError).toBeFalsy();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(received.map((e) => `${e.path} ${e.contentType}`)).toEqual(
      expect.arrayContaining(["/v1/traces application/x-protobuf"]),
    );
    expect(received.some((e) => e.path !== "/v1/traces")).toBe(false);
    const bytes = Buffer.concat(received.map((e) => e.body));
    for (const name of [
      "execute_tool apply_coupon",
      "step find-coupons",
      "GET /v2/pet/{petId}/coupons",
      "url.template",
    ])
      expect(bytes.includes(name), name).toBe(true);
    for (const secret of SECRETS) expect(bytes.includes(secret), secret).toBe(false);
  }, 90_000);

  /** The server on HTTP exporting OTLP/JSON only when flushed: `run` against its URL, then SIGTERM, exit 0. */
  const exportingRun = async (serverJs: string, extra: Record<string, string>, run: (url: string) => Promise<void>) => {
    const server = await start(serverJs, {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "600000",
      OTEL_METRIC_EXPORT_INTERVAL: "600000",
      ...extra,
    });
    await run(server.url);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  };

  /** The exported client spans under the last span `call {operationId}`, and each one's traceparent as sent. */
  const requestsOf = (operationId: string) => {
    const spans = spansOf(received);
    const call = spans
      .filter((s) => s.name === `call ${operationId}`)
      .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1))
      .at(-1);
    expect(call, spans.map((s) => s.name).join(", ")).toBeDefined();
    return childrenOf(spans, call).map((s) => ({
      name: s.name,
      kind: s.kind,
      attributes: attributesOf(s.attributes),
      traceparent: `00-${s.traceId.toLowerCase()}-${s.spanId.toLowerCase()}-01`,
    }));
  };

  it("a 429 and then a 200: two client spans, the second with resend_count 1, each upstream request with its own span's traceparent", async () => {
    received.length = 0;
    upstreamSeen.length = 0;
    detours.push(429);
    await exportingRun(join(PKG, "dist/server.js"), {}, async (url) => {
      expect((await callApplyCoupon(url)).isError).toBeFalsy();
    });
    const requests = requestsOf("findPetsByTags");
    expect(requests.map((r) => [r.name, r.kind, r.attributes["http.response.status_code"]])).toEqual([
      ["GET /v2/pet/findByTags", 3, 429],
      ["GET /v2/pet/findByTags", 3, 200],
    ]);
    expect(requests.map((r) => r.attributes["http.request.resend_count"])).toEqual([undefined, 1]);
    expect(requests[0]?.attributes["error.type"]).toBe("429");
    expect(requests[1]?.attributes["url.full"]).toBe(`${env.PET_COUPONS_BASE_URL}/pet/findByTags?tags=REDACTED`);
    expect(upstreamSeen.slice(0, 2)).toEqual(requests.map((r) => `GET /pet/findByTags ${r.traceparent}`));
    const bytes = Buffer.concat(received.map((e) => e.body)).toString("utf8");
    for (const secret of SECRETS) expect(bytes).not.toContain(secret);
  }, 90_000);

  it("a 401, a token refresh and the repeat: two client spans, the second with resend_count 1, each upstream request with its own traceparent", async () => {
    received.length = 0;
    const demoEnv = {
      DEMO_BASE_URL: demoOrigin,
      DEMO_MACHINE_CLIENT_ID: "demo-app",
      DEMO_MACHINE_CLIENT_SECRET: DEMO_SECRET,
      DEMO_SERVER_TOKEN: SERVER_TOKEN,
    };
    await exportingRun(join(DEMO_PKG, "dist/server.js"), demoEnv, async (url) => {
      expect((await callApplyCoupon(url, "get_thing", { id: "T-1" })).isError).toBeFalsy();
      demo.seen.length = 0;
      demo.revoke();
      expect((await callApplyCoupon(url, "get_thing", { id: "T-1" })).isError).toBeFalsy();
    });
    const requests = requestsOf("getThing");
    expect(requests.map((r) => [r.name, r.kind, r.attributes["http.response.status_code"]])).toEqual([
      ["GET /things/{id}", 3, 401],
      ["POST /oauth/token", 3, 200],
      ["GET /things/{id}", 3, 200],
    ]);
    expect(requests.map((r) => r.attributes["http.request.resend_count"])).toEqual([undefined, undefined, 1]);
    expect(requests[1]?.attributes["url.full"]).toBe(`${demoOrigin}/oauth/token`);
    expect(requests[2]?.attributes["url.full"]).toBe(`${demoOrigin}/things/REDACTED`);
    const api = requests.filter((r) => r.name.startsWith("GET "));
    expect(demo.seen).toEqual(api.map((r) => `${r.attributes["http.response.status_code"]} ${r.traceparent}`));
    expect(demo.tokenTraceparents.at(-1)).toBe(requests[1]?.traceparent);
    const bytes = Buffer.concat(received.map((e) => e.body)).toString("utf8");
    for (const secret of [DEMO_SECRET, "at-otlp-", "T-1"]) expect(bytes).not.toContain(secret);
  }, 90_000);

  it("approvals.js approve exports the executed call linked to the execute_tool span that queued it, and the decision metric", async () => {
    received.length = 0;
    let requestId = "";
    await exportingRun(
      join(PKG, "dist/server.js"),
      { PET_COUPONS_APPROVAL: "queue", OTEL_SERVICE_NAME: "pet-coupons-server" },
      async (url) => {
        const pending = await callApplyCoupon(url);
        requestId = JSON.parse((pending.content[0] as { text: string }).text).request_id;
      },
    );
    const queued = spansOf(received).find((s) => s.name === "execute_tool apply_coupon") as ExportedSpan;
    expect(attributesOf(queued.attributes)).toMatchObject({
      "aci.tool.outcome": "pending_approval",
      "aci.approval.request_id": requestId,
    });
    expect(queued.traceId.toLowerCase()).toBe(TRACE_ID);
    received.length = 0;
    const approved = await runNode(
      [join(PKG, "dist/approvals.js"), "approve", requestId],
      {
        ...env,
        PET_COUPONS_APPROVAL: "queue",
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_SERVICE_NAME: "pet-coupons-approvals",
      },
      60_000,
    );
    expect(approved.stderr).toBe("");
    expect(approved.stdout).toMatch(new RegExp(`^approved ${requestId} \\(apply_coupon\\): done\n`));
    expect(approved.code).toBe(0);
    const spans = spansOf(received);
    const executed = spans.find((s) => s.name === "execute_tool apply_coupon") as ExportedSpan;
    expect(executed, spans.map((s) => s.name).join(", ")).toBeDefined();
    expect(executed.resource["service.name"]).toBe("pet-coupons-approvals");
    expect(executed.links?.map((l) => `${l.traceId}-${l.spanId}`.toLowerCase())).toEqual([
      `${TRACE_ID}-${queued.spanId.toLowerCase()}`,
    ]);
    expect(attributesOf(executed.attributes)).toMatchObject({
      "aci.approval.request_id": requestId,
      "aci.approval.decided_by": "operator",
      "aci.tool.outcome": "ok",
    });
    expect(tree(spans, executed).map((line) => line.trim())).toEqual([
      "execute_tool apply_coupon",
      "step find-pet",
      "call findPetsByTags",
      "GET /v2/pet/findByTags",
      "step find-coupons",
      "call getPetCoupons",
      "GET /v2/pet/{petId}/coupons",
      "step place-order__place-order",
      "call placeOrder",
      "POST /v2/store/order",
    ]);
    expect(sumPoints(received, "aci.approvals.decided")).toEqual([
      expect.objectContaining({
        "service.name": "pet-coupons-approvals",
        "gen_ai.tool.name": "apply_coupon",
        "aci.approval.decision": "approved",
        "aci.approval.decided_by": "operator",
        value: 1,
      }),
    ]);
    const bytes = Buffer.concat(received.map((e) => e.body)).toString("utf8");
    for (const secret of SECRETS) expect(bytes).not.toContain(secret);
  }, 120_000);

  it("over stdio with the console exporter: stdout holds only JSON-RPC, the span dumps go to stderr", async () => {
    const child = spawn(process.execPath, [join(PKG, "dist/server.js")], {
      env: { ...env, OTEL_TRACES_EXPORTER: "console", OTEL_METRICS_EXPORTER: "console", OTEL_LOGS_EXPORTER: "none" },
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const answered = new Promise<void>((done) =>
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes(`"id":2`)) done();
      }),
    );
    const exited = new Promise<number | null>((done) => child.once("close", (code) => done(code)));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    const clientInfo = { name: "raw", version: "1.0.0" };
    send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo },
    });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/call", params: { name: "apply_coupon", arguments: { my_pet_tags: [TAG] } } });
    await answered;
    child.stdin.end();
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    expect(await exited).toBe(0);
    clearTimeout(timer);
    const lines = stdout.split("\n").filter((line) => line !== "");
    expect(lines.map((line) => JSON.parse(line)).map((m) => [m.jsonrpc, m.id])).toEqual([
      ["2.0", 1],
      ["2.0", 2],
    ]);
    expect(stderr).toContain("name: 'execute_tool apply_coupon'");
    expect(stderr).toContain("aci.approvals.decided");
  }, 90_000);

  /** The stdio server under the MCP SDK's client, exporting OTLP/JSON only when flushed; protocol errors collected. */
  const stdioSession = async (extra: Record<string, string>) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(PKG, "dist/server.js")],
      env: {
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_BSP_SCHEDULE_DELAY: "600000",
        ...extra,
      },
      cwd: ROOT,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const protocolErrors: Error[] = [];
    const client = new Client({ name: "otlp-stdio", version: "1.0.0" });
    client.onerror = (error) => protocolErrors.push(error);
    await client.connect(transport, { timeout: 20_000 });
    const result = (await client.callTool({ name: "apply_coupon", arguments: { my_pet_tags: [TAG] } }, undefined, {
      timeout: 30_000,
    })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return { client, pid: transport.pid, protocolErrors, stderr: () => stderr };
  };
  const exportedToolSpans = () => spansOf(received).filter((span) => span.name === "execute_tool apply_coupon");

  it("over stdio: the SDK's debug diagnostics go to stderr, never into the protocol, and ending stdin flushes the spans", async () => {
    received.length = 0;
    const session = await stdioSession({ OTEL_LOG_LEVEL: "debug" });
    await session.client.close();
    expect(session.protocolErrors).toEqual([]);
    expect(session.stderr()).toMatch(/^otel debug: /m);
    expect(exportedToolSpans()).toHaveLength(1);
    for (const secret of SECRETS) expect(Buffer.concat(received.map((e) => e.body)).includes(secret)).toBe(false);
  }, 90_000);

  it("over stdio: SIGTERM flushes the spans, then the server exits", async () => {
    received.length = 0;
    const session = await stdioSession({});
    expect(received).toHaveLength(0);
    const closed = new Promise<void>((done) => {
      session.client.onclose = () => done();
    });
    process.kill(session.pid as number, "SIGTERM");
    await closed;
    expect(exportedToolSpans()).toHaveLength(1);
    await session.client.close();
  }, 90_000);

  it("without the SDK installed, serves as usual: one notice when OTEL_* asks for export, none otherwise", async () => {
    received.length = 0;
    const serverJs = packageWithoutSdk(noSdkDir);
    const asked = await start(serverJs, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    expect((await callApplyCoupon(asked.url)).isError).toBeFalsy();
    asked.child.kill("SIGTERM");
    expect(await asked.exited).toBe(0);
    const lines = withoutSchemeNotice(asked.log()).trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^warning: OTEL_EXPORTER_OTLP_ENDPOINT is set, but @opentelemetry\/sdk-node is not installed, so nothing is exported: /,
    );
    expect(lines[0]).toContain(`npm install --no-save ${TELEMETRY_SDK.sdk}@${TELEMETRY_SDK.tested}`);
    expect(lines[1]).toMatch(/^pet-coupons MCP server listening on http:\/\/127\.0\.0\.1:\d+\/mcp /);
    const quiet = await start(serverJs, {});
    expect((await callApplyCoupon(quiet.url)).isError).toBeFalsy();
    quiet.child.kill("SIGTERM");
    expect(await quiet.exited).toBe(0);
    expect(withoutSchemeNotice(quiet.log()).trimEnd().split("\n")).toEqual([
      expect.stringMatching(/ MCP server listening on /),
    ]);
    expect(received).toHaveLength(0);
  }, 90_000);
});

/** A server log without the start-up line that says which of the two configured schemes each tool uses. */
function withoutSchemeNotice(log: string): string {
  return log
    .split("\n")
    .filter((line) => !line.includes("are all set; each call uses the first scheme"))
    .join("\n");
}
