// The Kubernetes example end to end on Kubernetes 1.13's own spec (kubernetes-client@9.0.0, gzip, no host, `consumes: */*`
// on every write): each tool called through the MCP SDK's Client over stdio, actions approved by the operator command,
// against `prism mock` of the spec, which rejects any request that breaks it; a recording proxy in front of Prism shows
// what the runtime really sent (the PUT's media type and JSON body).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPackage,
  callTool,
  connectMcp,
  ROOT,
  runNode,
  startPrismMock,
  startRecordingProxy,
  type McpSession,
  type Prism,
  type RecordingProxy,
  type ToolCall,
} from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { parse, stringify } from "yaml";
import { init } from "../../src/api/init.js";

const SPEC_GZ = join(ROOT, "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz");
const WORK = join(ROOT, ".tmp/e2e-kubernetes");
const PKG = join(WORK, "kubernetes");
const STATE = join(WORK, "state");
const TOKEN = "Bearer k8s_e2e_secret_token_0123456789";
const CAP = 4096;
const PLACE = { namespace: "default" };

let prism: Prism | undefined;
let proxy: RecordingProxy | undefined;
let session: McpSession | undefined;
let env: Record<string, string> = {};
const seen: string[] = [];

async function call(name: string, args: Record<string, unknown>): Promise<ToolCall> {
  const result = await callTool(session!, name, args);
  seen.push(result.text);
  return result;
}

async function approve(id: string): Promise<void> {
  const result = await runNode([join(PKG, "dist/approvals.js"), "approve", id], env, 30_000);
  seen.push(result.stdout, result.stderr);
  expect(result.code, result.stderr).toBe(0);
}

/** Calls an action, checks nothing is sent before approval, approves it, and returns the stored outcome. */
async function approved(name: string, args: Record<string, unknown>): Promise<ToolCall> {
  const before = proxy!.requests.length;
  const pending = await call(name, args);
  expect(pending.json, pending.text).toMatchObject({
    status: "pending_approval",
    request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  expect(proxy!.requests.length).toBe(before);
  const id = String(pending.json["request_id"]);
  await approve(id);
  return call(name, { request_id: id });
}

/** The drafted replaces `aci-gen init` proposes for a deployment and its scale, as written. */
const DRAFTED = ["replaceAppsV1NamespacedDeployment", "replaceAppsV1NamespacedDeploymentScale"];

/** The example's goals plus the replace goals `init` drafts from the same spec, built into one package. */
async function withDraftedReplaces(): Promise<string> {
  const example = parse(readFileSync(join(ROOT, "examples/goals/kubernetes.goals.yaml"), "utf8")) as {
    goals: unknown[];
  };
  const drafted = parse((await init({ spec: SPEC_GZ })).text ?? "") as {
    goals: { steps: { operation: string }[] }[];
  };
  const replaces = drafted.goals.filter((g) => DRAFTED.includes(g.steps.map((s) => s.operation).join()));
  expect(replaces).toHaveLength(2);
  const file = join(WORK, "kubernetes.goals.yaml");
  writeFileSync(file, stringify({ ...example, goals: [...example.goals, ...replaces] }));
  return file;
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  // Prism reads plain JSON only; aci-gen itself reads the .gz as shipped.
  const plain = join(WORK, "kubernetes-1.13.json");
  writeFileSync(plain, gunzipSync(readFileSync(SPEC_GZ)));
  [prism] = await Promise.all([
    startPrismMock(plain, 240_000),
    buildPackage({ spec: SPEC_GZ, goals: await withDraftedReplaces(), outDir: PKG }),
  ]);
  proxy = await startRecordingProxy(prism.port);
  env = {
    PATH: process.env.PATH ?? "",
    KUBERNETES_BASE_URL: `http://127.0.0.1:${proxy.port}`,
    KUBERNETES_BEARER_TOKEN: TOKEN,
    KUBERNETES_STATE_DIR: STATE,
  };
  session = await connectMcp(join(PKG, "dist/server.js"), env);
}, 300_000);

afterAll(async () => {
  await session?.close();
  await proxy?.stop();
  await prism?.stop();
});

describe.skipIf(REPEAT_RUN)("the Kubernetes example against prism mock of Kubernetes 1.13", () => {
  it("lists the six example tools, each input typed and described, no placeholder text", async () => {
    const { tools } = await session!.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_pod_logs",
      "list_deployment_pods",
      "list_deployments",
      "replace_apps_namespaced_deployment",
      "replace_apps_namespaced_deployment_scale",
      "restart_deployment",
      "restart_pod",
      "scale_deployment",
    ]);
    for (const tool of tools.filter((t) => !t.name.startsWith("replace_"))) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<
        string,
        { type?: unknown; description?: unknown }
      >;
      for (const [name, schema] of Object.entries(properties)) {
        expect(schema.type, `${tool.name}.${name}`).toEqual(expect.stringMatching(/^(string|integer|number|boolean)$/));
        expect(schema.description, `${tool.name}.${name}`).toEqual(expect.any(String));
      }
      expect(JSON.stringify(tool), tool.name).not.toMatch(/TODO|items unique/);
    }
    const scale = tools.find((t) => t.name === "scale_deployment")!;
    expect(scale.inputSchema.required).toEqual(["namespace", "name", "replicas"]);
    expect(scale.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(tools.find((t) => t.name === "restart_pod")!.annotations).toMatchObject({ destructiveHint: true });
  });

  const reads: [string, Record<string, unknown>, Record<string, unknown>][] = [
    [
      "list_deployments",
      { ...PLACE, limit: 5 },
      {
        deployments: [
          {
            name: "string",
            desired: expect.any(Number),
            ready: expect.any(Number),
            available: expect.any(Number),
            updated: expect.any(Number),
          },
        ],
      },
    ],
    [
      "list_deployment_pods",
      { ...PLACE, name: "web", limit: 5 },
      {
        selector: "string",
        pods: [
          {
            name: "string",
            phase: "string",
            node: "string",
            started_at: expect.any(String),
            restarts: expect.any(Number),
          },
        ],
      },
    ],
    ["get_pod_logs", { ...PLACE, pod: "web-1", tail_lines: 50 }, { log: "string" }],
  ];
  it.each(reads)(
    "%s: a result within the cap, without the token",
    async (name, args, expected) => {
      const result = await call(name, args);
      expect(result.isError, result.text).toBe(false);
      expect(result.json).toMatchObject(expected);
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(CAP);
      expect(result.text).not.toContain("k8s_e2e_secret");
    },
    60_000,
  );

  it("list_deployment_pods lists pods with the selector the deployment's scale gave", () => {
    const list = proxy!.requests.find(
      (r) => r.method === "GET" && r.url.startsWith("/api/v1/namespaces/default/pods?"),
    );
    expect(new URL(list!.url, "http://x").searchParams.get("labelSelector")).toBe("string");
  });

  it("scale_deployment, once approved, sends a JSON PUT of the Scale with the version it read", async () => {
    const outcome = await approved("scale_deployment", { ...PLACE, name: "web", replicas: 3 });
    expect(outcome.isError, outcome.text).toBe(false);
    expect(outcome.json).toEqual({ previous_replicas: expect.any(Number), replicas: expect.any(Number) });
    const puts = proxy!.requests.filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.url)).toEqual(["/apis/apps/v1/namespaces/default/deployments/web/scale"]);
    expect(puts[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(puts[0]!.body)).toEqual({
      apiVersion: "autoscaling/v1",
      kind: "Scale",
      metadata: { name: "web", namespace: "default", resourceVersion: "string" },
      spec: { replicas: 3 },
    });
    expect(puts[0]!.headers["authorization"]).toBe(TOKEN);
  }, 90_000);

  it("init's drafted replaces ask for the spec they send whole, never for apiVersion or kind", async () => {
    const { tools } = await session!.client.listTools();
    const inputs = (name: string) => tools.find((t) => t.name === name)!.inputSchema;
    expect(inputs("replace_apps_namespaced_deployment_scale").required).toEqual(["name", "namespace", "replicas"]);
    const deployment = inputs("replace_apps_namespaced_deployment");
    expect(deployment.required).toEqual(["name", "namespace", "selector", "template"]);
    expect(Object.keys(deployment.properties ?? {})).toEqual(
      expect.arrayContaining(["replicas", "paused", "min_ready_seconds"]),
    );
    for (const name of ["replace_apps_namespaced_deployment", "replace_apps_namespaced_deployment_scale"])
      expect(Object.keys(inputs(name).properties ?? {}), name).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(api_version|kind|metadata|status)$/)]),
      );
  });

  it("the drafted scale replace, once approved, PUTs the Scale it read with the replicas given", async () => {
    const url = "/apis/apps/v1/namespaces/default/deployments/api/scale";
    const outcome = await approved("replace_apps_namespaced_deployment_scale", { ...PLACE, name: "api", replicas: 2 });
    expect(outcome.isError, outcome.text).toBe(false);
    const sent = proxy!.requests.filter((r) => r.url === url);
    expect(sent.map((r) => r.method)).toEqual(["GET", "PUT"]);
    const body = JSON.parse(sent[1]!.body) as Record<string, unknown>;
    // The current object's apiVersion, kind and metadata (resourceVersion included), the model's spec.
    expect(body).toMatchObject({
      apiVersion: "string",
      kind: "string",
      metadata: { name: "string", resourceVersion: "string" },
      spec: { replicas: 2 },
    });
  }, 90_000);

  it("the drafted deployment replace, once approved, PUTs the whole spec given over the deployment it read", async () => {
    const url = "/apis/apps/v1/namespaces/default/deployments/api";
    const selector = { matchLabels: { app: "api" } };
    const template = {
      metadata: { labels: { app: "api" } },
      spec: { containers: [{ name: "api", image: "registry.example.com/api:1.4.2" }] },
    };
    const outcome = await approved("replace_apps_namespaced_deployment", {
      ...PLACE,
      name: "api",
      selector,
      template,
      replicas: 3,
    });
    expect(outcome.isError, outcome.text).toBe(false);
    const sent = proxy!.requests.filter((r) => r.url === url);
    expect(sent.map((r) => r.method)).toEqual(["GET", "PUT"]);
    const body = JSON.parse(sent[1]!.body) as Record<string, unknown>;
    expect(body["spec"]).toEqual({ selector, template, replicas: 3 });
    expect(body).toMatchObject({ apiVersion: "string", kind: "string", metadata: { name: "string" } });
  }, 90_000);

  it("restart_pod, once approved, deletes the pod", async () => {
    const outcome = await approved("restart_pod", { ...PLACE, pod: "web-1", grace_period_seconds: 10 });
    expect(outcome.isError, outcome.text).toBe(false);
    expect(outcome.json).toMatchObject({ pod: "web-1" });
    expect(proxy!.requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual([
      "/api/v1/namespaces/default/pods/web-1?gracePeriodSeconds=10",
    ]);
  }, 90_000);

  it("restart_deployment, once approved, sends a JSON merge patch stamping the pod template", async () => {
    const at = "2026-12-04T17:30:00Z";
    const outcome = await approved("restart_deployment", { ...PLACE, name: "web", restarted_at: at });
    expect(outcome.isError, outcome.text).toBe(false);
    expect(outcome.json).toMatchObject({ deployment: "web", generation: expect.any(Number) });
    const patches = proxy!.requests.filter((r) => r.method === "PATCH");
    expect(patches.map((r) => r.url)).toEqual(["/apis/apps/v1/namespaces/default/deployments/web"]);
    // Of the three patch types the operation accepts, the merge patch: an object of the fields to change.
    expect(patches[0]!.headers["content-type"]).toBe("application/merge-patch+json");
    expect(JSON.parse(patches[0]!.body)).toEqual({
      spec: { template: { metadata: { annotations: { "kubectl.kubernetes.io/restartedAt": at } } } },
    });
  }, 90_000);

  it("every request the tools sent passed Prism's validation against the Kubernetes spec", () => {
    const log = prism!.log();
    const received = log.match(/Request received/g) ?? [];
    expect(received.length).toBe(proxy!.requests.length);
    expect(received.length).toBeGreaterThanOrEqual(8);
    expect(log.match(/The request passed the validation rules/g) ?? []).toHaveLength(received.length);
    expect(log).not.toMatch(/did not pass the validation rules|UNPROCESSABLE_ENTITY|NO_PATH_MATCHED|Response \(422\)/);
  });

  it("no credential in any result, operator output, queue record or audit line", () => {
    const queue = join(STATE, "approvals");
    const records = existsSync(queue) ? readdirSync(queue).map((n) => readFileSync(join(queue, n), "utf8")) : [];
    const audit = readFileSync(join(STATE, "audit.jsonl"), "utf8");
    expect(records.length).toBeGreaterThanOrEqual(2);
    for (const text of [...seen, ...records, audit, session!.stderr()]) expect(text).not.toContain("k8s_e2e_secret");
  });
});
