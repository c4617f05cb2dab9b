// GitHub all-operations served with tool search: a small upfront listing, no definition over the cap, and "merge a pull
// request" found by search_tools and then called — through an MCP SDK Client and through the Anthropic SDK's tool runner
// against a local fake Messages API — against a local fake GitHub.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Anthropic from "@anthropic-ai/sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_DEFINITION_BUDGET } from "../../src/lint/budget.js";
import { DEFAULT_TOOL_TOKEN_CAP } from "../../src/emit/definitions.js";
import { ANTHROPIC_TOOL_SEARCH, toAnthropicTools } from "../../src/runtime/adapters/anthropic.js";
import { CALL_TOOL, createMcpServer, SEARCH_TOOLS } from "../../src/runtime/adapters/mcp.js";
import { createToolSearch } from "../../src/runtime/adapters/search.js";
import type { Tool } from "../../src/runtime/types.js";
import { servedToolset, type ServedToolset } from "../support/served-toolset.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const SPEC = join(import.meta.dirname, "../../node_modules/@octokit/openapi/generated/api.github.com.json");
const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

interface Listening {
  readonly url: string;
  readonly requests: { method: string; url: string; body: string }[];
  close(): Promise<void>;
}

async function listen(answer: (request: IncomingMessage, body: string) => unknown): Promise<Listening> {
  const requests: Listening["requests"] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      requests.push({ method: request.method ?? "", url: request.url ?? "", body });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer(request, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let served: ServedToolset;
let github: Listening;
let tools: Record<string, Tool>;

beforeAll(async () => {
  [served, github] = await Promise.all([
    servedToolset({ spec: SPEC, allOperations: true }),
    listen(() => ({ sha: SHA, merged: true, message: "Pull Request successfully merged" })),
  ]);
  tools = served.bind({
    baseUrl: github.url,
    approval: "auto",
    credentials: {},
    env: {},
    stateDir: join(import.meta.dirname, "../../.tmp/tool-search-github"),
  });
}, 120_000);

afterAll(async () => {
  await github?.close();
});

function text(result: unknown): Record<string, unknown> {
  const content = (result as CallToolResult).content[0];
  if (content?.type !== "text") throw new Error("expected text content");
  return JSON.parse(content.text) as Record<string, unknown>;
}

describe.skipIf(REPEAT_RUN)("GitHub all-operations served with tool search", () => {
  it("shows at most the budget upfront, defers every other tool, and keeps every definition within the cap", () => {
    const { sized } = served;
    expect(sized.search).toBeDefined();
    expect(sized.search!.upfrontTokens).toBeLessThanOrEqual(DEFAULT_DEFINITION_BUDGET);
    expect(sized.definitions.length).toBeGreaterThan(1000);
    expect(Math.max(...sized.definitions.map((d) => d.tokens))).toBeLessThanOrEqual(DEFAULT_TOOL_TOKEN_CAP);
    const deferred = sized.plan.tools.filter((t) => t.deferLoading === true).length;
    expect(deferred + sized.search!.core.length).toBe(sized.plan.tools.length);
    expect(sized.plan.tools.find((t) => t.name === "pulls_merge")).toMatchObject({
      deferLoading: true,
      steps: [{ operationId: "pulls/merge" }],
    });
  });

  it("gives every tool an input example, none of them dropped for a made-up sample", () => {
    const without = served.sized.plan.tools.filter((t) => (t.examples ?? []).length === 0).map((t) => t.name);
    expect(without).toEqual([]);
    // checks_update's body is an object whose `oneOf` branches require properties only the parent defines: sampled
    // with its parent, the first branch gives a valid body (before, the branch alone was sampled and the tool had none).
    const dropped = served.sized.diagnostics.filter((d) => d.code === "PLAN_SPEC_INPUT_EXAMPLE_DROPPED");
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.filter((d) => d.message.includes("a sample made up"))).toEqual([]);
    const checksUpdate = served.sized.plan.tools.find((t) => t.name === "checks_update");
    expect(checksUpdate?.examples?.[0]).toMatchObject({ body: { conclusion: "action_required" } });
  });

  it('finds pulls/merge among the top 3 for "merge a pull request"', () => {
    const names = createToolSearch(Object.values(tools))("merge a pull request", 3).map((m) => m.name);
    expect(names).toContain("pulls_merge");
  });

  it.each([
    ["how do I fork a repository", "repos_create_fork"],
    ["where are my gists", "gists_list"],
    ["how many stars does a repository have", "activity_list_stargazers_for_repo"],
    ["turn off a workflow", "actions_disable_workflow"],
    ["get rid of a label", "issues_delete_label"],
    ["set up a webhook", "repos_create_webhook"],
    ["take the label off an issue", "issues_remove_label"],
    ["who are the stargazers of a repository", "activity_list_stargazers_for_repo"],
    ["create a hook for a repository", "repos_create_webhook"],
    ["list the commits of a branch", "repos_list_commits"],
    ["open an issue about a bug", "issues_create"],
  ])("reads the task as a user asks it: %s finds %s first", (query, expected) => {
    expect(createToolSearch(Object.values(tools))(query, 1)[0]?.name).toBe(expected);
  });

  it("reaches every operation in one search: each tool is among the top 20 for its own title", () => {
    const search = createToolSearch(Object.values(tools));
    const missed = Object.values(tools).filter(
      (tool) => !search(`${tool.title} ${tool.name.replaceAll("_", " ")}`, 20).some((m) => m.name === tool.name),
    );
    expect(missed.map((t) => t.name)).toEqual([]);
  });

  it("MCP: search_tools lists pulls_merge, announces tools/list_changed, and the tool is then listed and callable", async () => {
    const server = createMcpServer(tools, { name: "github", version: "1.0.0" });
    const client = new Client({ name: "test", version: "0.0.0" });
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const before = (await client.listTools()).tools.map((t) => t.name);
    expect(before).toContain(SEARCH_TOOLS);
    expect(before).toContain(CALL_TOOL);
    expect(before).not.toContain("pulls_merge");

    const found = text(
      await client.callTool({ name: SEARCH_TOOLS, arguments: { query: "merge a pull request", limit: 3 } }),
    );
    expect((found["tools"] as { name: string; description: string }[]).map((t) => t.name)).toContain("pulls_merge");
    await expect.poll(() => changed).toBe(1);
    const after = (await client.listTools()).tools;
    const merge = after.find((t) => t.name === "pulls_merge");
    expect(merge?.inputSchema.required).toEqual(expect.arrayContaining(["owner", "repo", "pull_number"]));

    const merged = await client.callTool({
      name: "pulls_merge",
      arguments: { owner: "octocat", repo: "hello-world", pull_number: 1347 },
    });
    expect(merged.isError, JSON.stringify(merged)).toBeFalsy();
    expect(text(merged)).toMatchObject({ merged: true, sha: SHA });
    const viaCallTool = await client.callTool({
      name: CALL_TOOL,
      arguments: { name: "pulls_merge", arguments: { owner: "octocat", repo: "hello-world", pull_number: 1348 } },
    });
    expect(text(viaCallTool)).toMatchObject({ merged: true });
    expect(github.requests.filter((r) => r.method === "PUT").map((r) => r.url)).toEqual(
      expect.arrayContaining([
        "/repos/octocat/hello-world/pulls/1347/merge",
        "/repos/octocat/hello-world/pulls/1348/merge",
      ]),
    );
    const unknown = await client.callTool({ name: CALL_TOOL, arguments: { name: "no_such_tool", arguments: {} } });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    await client.close();
  });

  it("Anthropic: deferred tools and the BM25 tool search go to the Messages API, and the tool runner calls pulls_merge", async () => {
    const bodies: {
      tools: { name: string; type?: string; defer_loading?: boolean }[];
      messages: { role: string; content: unknown }[];
    }[] = [];
    const reply = (content: unknown[], stop_reason: string) => ({
      id: `msg_${bodies.length}`,
      type: "message",
      role: "assistant",
      model: "claude-test",
      content,
      stop_reason,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const messagesApi = await listen((_request, body) => {
      bodies.push(JSON.parse(body));
      if (bodies.length > 1) return reply([{ type: "text", text: "Merged." }], "end_turn");
      return reply(
        [
          {
            type: "server_tool_use",
            id: "srvtoolu_1",
            name: "tool_search_tool_bm25",
            input: { query: "merge a pull request" },
          },
          {
            type: "tool_search_tool_result",
            tool_use_id: "srvtoolu_1",
            content: {
              type: "tool_search_tool_search_result",
              tool_references: [{ type: "tool_reference", tool_name: "pulls_merge" }],
            },
          },
          {
            type: "tool_use",
            id: "toolu_1",
            name: "pulls_merge",
            input: { owner: "octocat", repo: "hello-world", pull_number: 7 },
          },
        ],
        "tool_use",
      );
    });
    try {
      const client = new Anthropic({ apiKey: "test", baseURL: messagesApi.url, maxRetries: 0 });
      const final = await client.beta.messages.toolRunner({
        model: "claude-test",
        max_tokens: 100,
        messages: [{ role: "user", content: "Merge PR 7 of octocat/hello-world" }],
        tools: toAnthropicTools(tools),
      });
      expect(final.content).toEqual([{ type: "text", text: "Merged." }]);
      const sent = bodies[0]!.tools;
      expect(sent).toContainEqual(expect.objectContaining(ANTHROPIC_TOOL_SEARCH));
      expect(sent.find((t) => t.name === "pulls_merge")).toMatchObject({ defer_loading: true });
      expect(sent.filter((t) => t.defer_loading !== true).length).toBe(served.sized.search!.core.length + 1);
      const result = (
        bodies[1]!.messages.at(-1)!.content as {
          type: string;
          tool_use_id: string;
          content: unknown;
          is_error?: boolean;
        }[]
      )[0]!;
      expect(result).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1" });
      expect(result.is_error).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain(SHA);
      expect(github.requests.some((r) => r.url === "/repos/octocat/hello-world/pulls/7/merge")).toBe(true);
    } finally {
      await messagesApi.close();
    }
  });
});
