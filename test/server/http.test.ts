// MCP over Streamable HTTP: tools/list and tools/call through the SDK's Client, stateless across requests, Origin and
// Host checks (403), the bearer token (401/200), loopback by default, settings from the command line and environment.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { resolveHttpSettings, serveHttp, type HttpHandle, type HttpSettings } from "../../src/runtime/adapters/http.js";
import { CALL_TOOL, createMcpServer, SEARCH_TOOLS } from "../../src/runtime/adapters/mcp.js";
import { fakeTools, getPet } from "../support/fake-tools.js";

const TOKEN = "test-server-token-0123456789";
const quiet = { info: () => undefined, warn: () => undefined };
const factory = () => createMcpServer(fakeTools, { name: "pets", version: "1.0.0" });

async function start(settings: Partial<HttpSettings> = {}): Promise<HttpHandle> {
  return serveHttp(factory, { port: 0, host: "127.0.0.1", allowedOrigins: [], ...settings }, quiet);
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const listTools = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** A raw request through node:http, so Host can be set (fetch forbids it). */
function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((done, fail) => {
    const req = request(url, { method: init.method ?? "POST", headers: init.headers ?? {}, timeout: 10_000 }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", fail);
    req.end(init.body);
  });
}

describe("Streamable HTTP server", () => {
  let open: HttpHandle;
  let locked: HttpHandle;
  const clients: Client[] = [];

  beforeAll(async () => {
    open = await start({ allowedOrigins: ["https://app.example.com"] });
    locked = await start({ token: TOKEN });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([open.close(500), locked.close(500)]);
  });

  it("binds loopback and serves tools/list and tools/call through the SDK client", async () => {
    expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect((open.server.address() as { address: string }).address).toBe("127.0.0.1");
    const client = await connect(open.url);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["delete_pet", "get_pet"]);
    expect(tools.find((t) => t.name === "delete_pet")?.annotations).toMatchObject({ destructiveHint: true });
    const result = (await client.callTool({ name: "get_pet", arguments: { pet_id: "7" } })) as CallToolResult;
    expect(result.structuredContent).toEqual({ id: "7", name: "Rex" });
    const invalid = (await client.callTool({ name: "get_pet", arguments: { pet_id: 7 } })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    expect(JSON.parse((invalid.content[0] as { text: string }).text)).toMatchObject({
      error: { code: "INVALID_ARGUMENT", field: "pet_id" },
    });
    const pending = (await client.callTool({ name: "delete_pet", arguments: { pet_id: "7" } })) as CallToolResult;
    expect(pending.structuredContent).toMatchObject({ status: "pending_approval" });
  });

  it("is stateless: no session id, and a tools/list without initialize is answered", async () => {
    const init = await raw(open.url, { headers: mcpHeaders, body: initialize });
    expect(init.status).toBe(200);
    expect(init.headers["mcp-session-id"]).toBeUndefined();
    const list = await raw(open.url, {
      headers: { ...mcpHeaders, "mcp-protocol-version": "2025-06-18" },
      body: listTools,
    });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).result.tools).toHaveLength(2);
  });

  it("refuses a disallowed Origin (403) and a non-loopback Host (DNS rebinding, 403); loopback and listed origins pass", async () => {
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1.evil.example"]) {
      const refused = await raw(open.url, { headers: { ...mcpHeaders, origin }, body: listTools });
      expect(refused.status, origin).toBe(403);
    }
    const rebound = await raw(open.url, { headers: { ...mcpHeaders, host: "attacker.example:80" }, body: listTools });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.message).toContain("Host");
    for (const origin of ["http://localhost:5173", "http://127.0.0.1:8080", "https://app.example.com"]) {
      const allowed = await raw(open.url, { headers: { ...mcpHeaders, origin }, body: listTools });
      expect(allowed.status, origin).toBe(200);
    }
    const client = await connect(open.url, { origin: "https://evil.example" }).then(
      () => "connected",
      (e: Error) => e.message,
    );
    expect(client).toMatch(/Forbidden: Origin https:\/\/evil.example is not allowed/);
  });

  it("with a token: 401 without or with a wrong one (constant-time compare), 200 with it", async () => {
    const none = await raw(locked.url, { headers: mcpHeaders, body: listTools });
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      "Bearer ",
    ]) {
      expect(
        (await raw(locked.url, { headers: { ...mcpHeaders, authorization }, body: listTools })).status,
        authorization,
      ).toBe(401);
    }
    expect(
      (await raw(locked.url, { headers: { ...mcpHeaders, authorization: `Bearer ${TOKEN}` }, body: listTools })).status,
    ).toBe(200);
    const denied = await connect(locked.url).then(
      () => "connected",
      (e: Error) => e.message,
    );
    expect(denied).not.toBe("connected");
    const client = await connect(locked.url, { authorization: `Bearer ${TOKEN}` });
    clients.push(client);
    expect((await client.listTools()).tools).toHaveLength(2);
    const health = await raw(locked.url.replace("/mcp", "/healthz"), { method: "GET" });
    expect(health.status).toBe(200);
  });

  it("answers GET/DELETE with 405, other paths with 404, bad JSON with 400", async () => {
    expect((await raw(open.url, { method: "GET", headers: { accept: "text/event-stream" } })).status).toBe(405);
    expect((await raw(open.url, { method: "DELETE" })).status).toBe(405);
    expect((await raw(open.url.replace("/mcp", "/other"), { headers: mcpHeaders, body: listTools })).status).toBe(404);
    expect((await raw(open.url, { headers: mcpHeaders, body: "{not json" })).status).toBe(400);
  });
});

describe("Streamable HTTP server with tool search", () => {
  // get_pet deferred: listed over stdio once a search finds it; over stateless HTTP every request is a fresh server.
  const searchFactory = () =>
    createMcpServer(
      { ...fakeTools, get_pet: { ...getPet, deferLoading: true } },
      { name: "pets", version: "1.0.0" },
      { listChanges: false },
    );
  let handle: HttpHandle;
  let client: Client | undefined;

  beforeAll(async () => {
    handle = await serveHttp(searchFactory, { port: 0, host: "127.0.0.1", allowedOrigins: [] }, quiet);
  });
  afterAll(async () => {
    await client?.close();
    await handle.close(500);
  });

  it("sends no list_changed and lists the core again after a search; the found tool is called by name or call_tool", async () => {
    client = await connect(handle.url);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    expect(client.getServerCapabilities()?.tools).toEqual({});
    const core = ["delete_pet", SEARCH_TOOLS, CALL_TOOL];
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(core);
    const found = (await client.callTool({ name: SEARCH_TOOLS, arguments: { query: "get a pet" } })) as CallToolResult;
    const answer = JSON.parse((found.content[0] as { text: string }).text);
    expect(answer.tools[0]).toMatchObject({ name: "get_pet", required: ["pet_id"] });
    expect(answer.hint).toBe(`Call one directly by its name, or through ${CALL_TOOL}.`);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(core);
    expect(changed).toBe(0);
    const direct = (await client.callTool({ name: "get_pet", arguments: { pet_id: "7" } })) as CallToolResult;
    expect(direct.structuredContent).toEqual({ id: "7", name: "Rex" });
    const viaCallTool = (await client.callTool({
      name: CALL_TOOL,
      arguments: { name: "get_pet", arguments: { pet_id: "8" } },
    })) as CallToolResult;
    expect(viaCallTool.structuredContent).toEqual({ id: "8", name: "Rex" });
  });
});

describe("HTTP settings", () => {
  it("--http PORT or PREFIX_HTTP_PORT selects HTTP on loopback; nothing selects stdio", () => {
    expect(resolveHttpSettings("PETS", [], {})).toBeUndefined();
    expect(resolveHttpSettings("PETS", ["--http", "3000"], {})).toEqual({
      port: 3000,
      host: "127.0.0.1",
      allowedOrigins: [],
    });
    expect(
      resolveHttpSettings("PETS", [], {
        PETS_HTTP_PORT: "8080",
        PETS_SERVER_TOKEN: "t0k",
        PETS_HTTP_HOST: "0.0.0.0",
        PETS_HTTP_ALLOWED_ORIGINS: "https://a.example, https://b.example:8443/",
      }),
    ).toEqual({
      port: 8080,
      host: "0.0.0.0",
      token: "t0k",
      allowedOrigins: ["https://a.example", "https://b.example:8443"],
    });
    expect(resolveHttpSettings("PETS", ["--http", "3001"], { PETS_HTTP_PORT: "8080" })?.port).toBe(3001);
  });

  it("malformed settings fail at start", () => {
    expect(() => resolveHttpSettings("PETS", ["--http"], {})).toThrow(/needs a port/);
    expect(() => resolveHttpSettings("PETS", ["--http", "http"], {})).toThrow(/port number/);
    expect(() => resolveHttpSettings("PETS", [], { PETS_HTTP_PORT: "70000" })).toThrow(/PETS_HTTP_PORT/);
    expect(() =>
      resolveHttpSettings("PETS", [], { PETS_HTTP_PORT: "1", PETS_HTTP_ALLOWED_ORIGINS: "not an origin" }),
    ).toThrow(/ALLOWED_ORIGINS/);
  });

  it("warns when told to bind a non-loopback interface, louder without a token", async () => {
    const warnings: string[] = [];
    // Port -1 makes listen fail after the warning, so nothing is ever bound off loopback in tests.
    await expect(
      serveHttp(
        factory,
        { port: -1, host: "0.0.0.0", allowedOrigins: [] },
        { info: () => undefined, warn: (l) => warnings.push(l) },
      ),
    ).rejects.toThrow();
    expect(warnings.join("\n")).toMatch(/not loopback.*set a server token/);
  });
});
