// The generated server under fire, as real processes: an oversized tools/call is refused and the stdio session goes on,
// an empty path parameter never reaches the API, and every bad setting is one line on stderr with exit code 2.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, ROOT, runNode, type McpSession } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const FIXTURES = join(ROOT, "test/fixtures/e2e");
const WORK = join(ROOT, ".tmp/e2e", `users-${process.pid}`);
const USERS = { spec: join(FIXTURES, "users.oas31.yaml"), goals: join(FIXTURES, "users.goals.yaml") };
const PKG = packageDir(USERS);
const SERVER = join(PKG, "dist/server.js");
const APPROVALS = join(PKG, "dist/approvals.js");
const MIB = 1024 * 1024;

/** What the API received: method and URL of every request. */
const received: string[] = [];
let api: Server | undefined;
let origin = "";
let session: McpSession | undefined;

const baseEnv = (): Record<string, string> => ({
  PATH: process.env.PATH ?? "",
  USERS_STATE_DIR: join(WORK, "state"),
  USERS_BASE_URL: origin,
});

beforeAll(async () => {
  api = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    const user = /^\/api\/users\/([^/?]+)$/.exec(req.url ?? "");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        user ? { id: decodeURIComponent(user[1]!), name: "Ada" } : { items: [{ id: "u-1", name: "Ada" }] },
      ),
    );
  });
  await new Promise<void>((done) => api!.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  await builtPackage(USERS);
  session = await connectMcp(SERVER, baseEnv());
}, 240_000);

afterAll(async () => {
  await session?.close();
  await new Promise((done) => (api === undefined ? done(undefined) : api.close(done)));
  rmSync(WORK, { recursive: true, force: true });
});

const live = (): McpSession => {
  if (session === undefined) throw new Error("MCP session not started");
  return session;
};

describe("argument limits over stdio", () => {
  it("a tools/call just over 10 MiB gets a structured INVALID_ARGUMENT, and ping and the next call are still answered", async () => {
    const before = received.length;
    const big = await callTool(live(), "search_users", { q: "x".repeat(10 * MIB + 1024) });
    expect(big.isError).toBe(true);
    expect(big.json).toMatchObject({ error: { code: "INVALID_ARGUMENT", retryable: false } });
    expect((big.json.error as { message: string }).message).toContain("USERS_MAX_CALL_BYTES");
    await expect(live().client.ping({ timeout: 10_000 })).resolves.toBeDefined();
    const normal = await callTool(live(), "search_users", { q: "ada" });
    expect(normal.isError).toBe(false);
    expect(received.slice(before)).toEqual(["GET /api/users?q=ada"]);
  }, 60_000);

  it("a string over the per-string limit (but a message the server reads) names the field and the variable; nothing is sent", async () => {
    const before = received.length;
    const long = await callTool(live(), "search_users", { q: "é".repeat(MIB) });
    expect(long.json).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "q" } });
    expect((long.json.error as { message: string }).message).toContain("USERS_MAX_STRING_BYTES");
    expect(received.length).toBe(before);
  }, 60_000);

  it("the limits are configurable: with USERS_MAX_CALL_BYTES=1000, a 2 KB call is refused and a small one runs", async () => {
    const small = await connectMcp(SERVER, { ...baseEnv(), USERS_MAX_CALL_BYTES: "1000" });
    try {
      expect((await callTool(small, "search_users", { q: "y".repeat(2000) })).json).toMatchObject({
        error: { code: "INVALID_ARGUMENT" },
      });
      expect((await callTool(small, "search_users", { q: "ada" })).isError).toBe(false);
    } finally {
      await small.close();
    }
  }, 60_000);
});

/** Starts the server with raw pipes, answers initialize, then closes the pipe it writes to and sends a ping. */
function breakStdout(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], { env: baseEnv(), cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const timer = setTimeout(
      () => (child.kill("SIGKILL"), reject(new Error(`the server kept running after its stdout closed\n${stderr}`))),
      15_000,
    );
    child.on("exit", (code) => (clearTimeout(timer), resolve({ code, stderr })));
    child.stdout.once("data", () => {
      child.stdout.destroy();
      setTimeout(() => {
        for (const id of [2, 3, 4]) send({ jsonrpc: "2.0", id, method: "ping" });
      }, 100);
    });
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
  });
}

describe("a broken transport", () => {
  it("when stdout fails the server exits 1 with one line saying so, so the client can restart it", async () => {
    const { code, stderr } = await breakStdout();
    expect(code).toBe(1);
    expect(stderr).toContain("the stdio transport failed");
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});

describe("path parameters", () => {
  it('get_user with id "" is refused before sending, and the advertised schema says minLength 1', async () => {
    const before = received.length;
    const empty = await callTool(live(), "get_user", { id: "" });
    expect(empty.isError).toBe(true);
    expect(empty.json).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "id" } });
    expect(received.length).toBe(before);
    const { tools } = await live().client.listTools();
    const schema = tools.find((t) => t.name === "get_user")?.inputSchema as {
      properties: Record<string, { minLength?: number }>;
    };
    expect(schema.properties["id"]?.minLength).toBe(1);
    expect((await callTool(live(), "get_user", { id: "u-1" })).json).toMatchObject({ id: "u-1" });
  }, 30_000);
});

describe("configuration errors", () => {
  const SECRET = "hunter2-not-for-stderr";
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    ["an unknown approval mode", { USERS_APPROVAL: "bogus" }, /USERS_APPROVAL must be one of queue, elicit, auto/],
    [
      "a state URL that is not PostgreSQL",
      { USERS_STATE_URL: `mysql://root:${SECRET}@db.internal/users` },
      /USERS_STATE_URL must be a PostgreSQL URL, postgres:\/\//,
    ],
    [
      "a PostgreSQL URL that does not parse",
      { USERS_STATE_URL: `postgresql://u:${SECRET}@db:port/users` },
      /USERS_STATE_URL must be a PostgreSQL URL.*got a value that is not a URL/,
    ],
    [
      "no base URL (the spec names no absolute server)",
      { USERS_BASE_URL: undefined },
      /set USERS_BASE_URL to the API.s absolute http\(s\) URL/,
    ],
    ["a base URL with a secret that is not absolute", { USERS_BASE_URL: `user:${SECRET}` }, /USERS_BASE_URL/],
    [
      "a limit that is not a number",
      { USERS_MAX_CALL_BYTES: "lots" },
      /USERS_MAX_CALL_BYTES must be a positive whole number/,
    ],
    [
      "a timeout that is not a number",
      { USERS_TIMEOUT_MS: "soon" },
      /USERS_TIMEOUT_MS must be a positive whole number/,
    ],
  ];
  const binaries: [string, string[]][] = [
    ["server.js", [SERVER]],
    ["approvals.js list", [APPROVALS, "list"]],
  ];

  for (const [binary, args] of binaries) {
    it.each(cases)(
      `${binary}: %s → exit 2, one line naming the variable, no stack trace, no secret`,
      async (_, change, message) => {
        const env = Object.fromEntries(
          Object.entries({ ...baseEnv(), ...change }).filter((e): e is [string, string] => e[1] !== undefined),
        );
        const result = await runNode(args, env, 30_000);
        expect(result.code).toBe(2);
        expect(result.stdout).toBe("");
        const lines = result.stderr.trimEnd().split("\n");
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(message);
        expect(result.stderr).not.toMatch(/\n\s+at |Error:/);
        expect(result.stderr).not.toContain(SECRET);
      },
      40_000,
    );
  }

  it("server.js: a bad HTTP port → exit 2, one line naming the variable", async () => {
    const result = await runNode([SERVER], { ...baseEnv(), USERS_HTTP_PORT: "eighty" }, 30_000);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      expect.stringMatching(/USERS_HTTP_PORT must be a port number \(0–65535\)/),
    ]);
  }, 40_000);

  it("importing the package with a bad setting has no effect; the first call returns the error, createToolset throws ConfigError", async () => {
    const script = [
      `const m = await import(${JSON.stringify(join(PKG, "dist/index.js"))});`,
      "const result = await m.get_user.run({ id: 'u-1' });",
      "let thrown; try { m.createToolset(); } catch (e) { thrown = e.name; }",
      "console.log(JSON.stringify({ keys: Object.keys(m.tools), same: m.tools.get_user === m.get_user, result, thrown }));",
    ].join("\n");
    const result = await runNode(
      ["--input-type=module", "-e", script],
      { ...baseEnv(), USERS_APPROVAL: "bogus" },
      30_000,
    );
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const out = JSON.parse(result.stdout) as {
      keys: string[];
      same: boolean;
      result: { error: { message: string } };
      thrown: string;
    };
    expect(out).toMatchObject({
      keys: ["get_user", "search_users"],
      same: true,
      thrown: "ConfigError",
      result: { error: { code: "UPSTREAM_ERROR", retryable: false } },
    });
    expect(out.result.error.message).toContain("USERS_APPROVAL must be one of queue, elicit, auto");
  }, 40_000);

  it("a good configuration still works for approvals.js (exit 0)", async () => {
    const result = await runNode([APPROVALS, "list"], baseEnv(), 30_000);
    expect(result).toMatchObject({ code: 0 });
  }, 40_000);
});
