// The generated server with OAuth2, under a real MCP client over stdio: client credentials fetched from the spec's
// token URL on loopback (scopes, cache, one refresh and repeat on a 401), no secret in results or stderr; a credential
// that does not fit the declared flow stops the server before anything is sent, naming the variables, not the value.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, ROOT, runNode, type McpSession } from "../support/e2e-harness.js";
import { builtPackage, packageDir } from "../support/package-cache.js";

const FIXTURES = join(ROOT, "test/fixtures/oauth2");
const DEMO = { spec: join(FIXTURES, "demo.openapi.yaml"), goals: join(FIXTURES, "demo.goals.yaml") };
const PKG = packageDir(DEMO);
const SECRET = "cs-e2e-client-secret-31337";

/** The API and its token endpoint on one loopback origin; the API accepts only tokens the endpoint issued and not yet revoked. */
class Api {
  readonly grants: Record<string, string>[] = [];
  readonly calls: string[] = [];
  private readonly valid = new Set<string>();
  private issued = 0;
  private server: Server | undefined;
  origin = "";

  revokeAll(): void {
    this.valid.clear();
  }

  async start(): Promise<void> {
    const reply = (res: ServerResponse, status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.url === "/oauth/token") {
          const ok = req.headers.authorization === `Basic ${Buffer.from(`demo-app:${SECRET}`).toString("base64")}`;
          this.grants.push(Object.fromEntries(new URLSearchParams(body)));
          if (!ok) return reply(res, 401, { error: "invalid_client" });
          const token = `at-e2e-${++this.issued}-token`;
          this.valid.add(token);
          return reply(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600 });
        }
        const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
        this.calls.push(`${req.method} ${req.url} ${token}`);
        if (!this.valid.has(token)) return reply(res, 401, { message: "invalid token" });
        reply(res, 200, { id: "T-1", name: "Widget" });
      });
    });
    await new Promise<void>((done) => this.server?.listen(0, "127.0.0.1", done));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server === undefined ? done() : this.server.close(() => done())));
  }
}

describe("generated server: OAuth2 client credentials over stdio", () => {
  const api = new Api();
  let session: McpSession | undefined;

  beforeAll(async () => {
    await Promise.all([api.start(), builtPackage(DEMO)]);
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    await api.stop();
  });

  it("fetches a token with the operation's scopes, caches it, and on a 401 refreshes once and repeats the call", async () => {
    session = await connectMcp(join(PKG, "dist/server.js"), {
      PATH: process.env.PATH ?? "",
      DEMO_BASE_URL: api.origin,
      DEMO_MACHINE_CLIENT_ID: "demo-app",
      DEMO_MACHINE_CLIENT_SECRET: SECRET,
    });
    const first = await callTool(session, "get_thing", { id: "T-1" });
    const second = await callTool(session, "get_thing", { id: "T-1" });
    expect([first.isError, second.isError]).toEqual([false, false]);
    expect(first.json).toMatchObject({ id: "T-1", name: "Widget" });
    expect(api.grants).toEqual([{ grant_type: "client_credentials", scope: "things:read" }]);
    expect(api.calls).toEqual(["GET /things/T-1 at-e2e-1-token", "GET /things/T-1 at-e2e-1-token"]);

    api.revokeAll();
    const third = await callTool(session, "get_thing", { id: "T-1" });
    expect(third.isError).toBe(false);
    expect(api.grants).toHaveLength(2);
    expect(api.calls.slice(2)).toEqual(["GET /things/T-1 at-e2e-1-token", "GET /things/T-1 at-e2e-2-token"]);

    const unconfigured = await callTool(session, "get_me", {});
    expect(unconfigured).toMatchObject({
      isError: true,
      json: { error: { code: "UNAUTHORIZED", suggestion: expect.stringContaining("DEMO_USER") } },
    });
    const everything = [first.text, second.text, third.text, unconfigured.text, session.stderr()].join("\n");
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain("at-e2e-");
  }, 60_000);

  it("a client_id:client_secret for the authorization-code scheme stops the server before anything is sent, without showing the secret", async () => {
    const before = api.grants.length + api.calls.length;
    const result = await runNode(
      [join(PKG, "dist/server.js")],
      { PATH: process.env.PATH ?? "", DEMO_BASE_URL: api.origin, DEMO_USER: `demo-app:${SECRET}` },
      30_000,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("DEMO_USER contains a colon");
    expect(result.stderr).toContain("DEMO_USER_ACCESS_TOKEN");
    expect(result.stderr + result.stdout).not.toContain(SECRET);
    expect(api.grants.length + api.calls.length).toBe(before);
  }, 60_000);
});
